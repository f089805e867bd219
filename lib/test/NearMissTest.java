/*
 * @test
 * @summary Each test's own assertion chain rejects recorded code edited into what a regression would emit: the operation gone, moved after the return or out of its loop, replaced by a call or a jump, made plain, at another offset, another fence
 * @modules java.base/jdk.internal.misc
 * @library /lib /test/concurrency /test/codegen /test/branches /test/memory /test/nullchecks
 * @build Fixtures NearMiss
 * @run testng/timeout=300 NearMissTest
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.*;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.PPC64LE;
import static anatomy.isa.Isa.RISCV64;
import static anatomy.isa.Isa.S390X;
import static anatomy.isa.Isa.X86_64;

import anatomy.Compiled;
import anatomy.Scope;
import anatomy.isa.Isa;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/*
 * A claim proves something only if a regression fails it. For each test whose chain can be run on a Shapes method of
 * the recordings (the same shape: a synchronized method, a volatile store, an allocation), we take that method's
 * recorded C2 code, edit it into what a regressed C2 would emit, and run the test's own chain on it (the test keeps
 * its chain in a static method for this). Every edit must be rejected with a failure: a pass, a skip or an
 * inconclusive verdict is a hole in the operation's form, to be closed by tightening the form (lib/anatomy/Op.java),
 * never by loosening the recorded code's match, which recordedCodePasses keeps honest.
 */
public class NearMissTest {
    /** A test's chain, the Shapes method of the same shape, and the edits a regression would make there, per ISA. */
    record Claim(String name, String method, Predicate<Fixtures.Fixture> where, Consumer<Compiled> chain,
            Function<Isa, List<NearMiss.Edit>> edits, Function<Fixtures.Fixture, List<NearMiss.Edit>> measuredEdits) {
        Claim(String name, String method, Predicate<Fixtures.Fixture> where, Consumer<Compiled> chain, Function<Isa, List<NearMiss.Edit>> edits) {
            this(name, method, where, chain, edits, f -> List.of());
        }

        /** The edits on this recording: per ISA, and those at an offset the child measured (a field's). */
        List<NearMiss.Edit> editsOn(Fixtures.Fixture f) {
            List<NearMiss.Edit> all = new ArrayList<>(edits.apply(f.isa()));
            all.addAll(measuredEdits.apply(f));
            return all;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A recording kept apart from the rows: OptimisticReadHasNoAtomicOrFence#load-fence under ZGC, AArch64 17.0.21 (Fixtures.decoded). */
    static final Fixtures.Fixture ZGC = new Fixtures.Fixture("aarch64-jdk17-zgc-hex", AARCH64, 17, true, false);

    static final List<Claim> CLAIMS = List.of(
            /*
             * SynchronizedFastPathIsInlineMarkWordCas on Shapes::locked: the entry's mark word CAS before the return,
             * the runtime's locking call after it. x86_64 and s390x have one CAS for entry and exit: with the entry's
             * gone the exit's must not stand in for it.
             */
            new Claim("SynchronizedFastPathIsInlineMarkWordCas", "locked", NearMissTest::namesRuntimeCalls,
                    SynchronizedFastPathIsInlineMarkWordCas::fastPathIsInline,
                    isa -> {
                        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                                NearMiss.replaced("the entry's CAS gone", MARK_WORD_CAS, 0, "nop"),
                                NearMiss.jumpInstead("the entry jumps to the locking call instead of its CAS", MARK_WORD_CAS, 0,
                                        jump(isa), MONITOR_ENTER_SLOW_CALL),
                                NearMiss.movedAfterReturn("the entry's CAS moved after the return", MARK_WORD_CAS, 0),
                                NearMiss.movedBefore("the locking call laid out before the return", MONITOR_ENTER_SLOW_CALL, 0, RETURN_POLL),
                                NearMiss.replaced("the locking call gone", MONITOR_ENTER_SLOW_CALL, 0, "nop"),
                                NearMiss.calledInstead("the unlocking call where the locking call was", MONITOR_ENTER_SLOW_CALL, 0,
                                        call(isa), "{runtime_call SharedRuntime::complete_monitor_unlocking_C(oopDesc*, BasicLock*, JavaThread*)}")));
                        if (isa == X86_64) {
                            e.add(NearMiss.retext("the entry's CAS made plain (lock prefix dropped)", MARK_WORD_CAS, 0, t -> t.replace("lock ", "")));
                            e.add(NearMiss.retext("the entry's CAS at another offset", MARK_WORD_CAS, 0, t -> t.replaceFirst("\\((%r\\w+)\\)$", "8($1)")));
                            e.add(NearMiss.replacedBefore("the entry expects the mark as loaded (no unlocked bit: the exit's shape)", MARK_WORD_CAS, 0,
                                    "^orq \\$1, %rax$", "nop"));
                            e.add(NearMiss.replacedBefore("rax rewritten between the or and the CAS", MARK_WORD_CAS, 0,
                                    "^orq \\$1, %rax$", "orq $1, %rax", "movl 0x7d0(%r15), %eax"));
                        }
                        if (isa == AARCH64) {
                            e.add(NearMiss.retext("the entry's CAS made relaxed (cas)", MARK_WORD_CAS, 0, t -> t.replaceFirst("^casal? ", "cas ")));
                            e.add(NearMiss.retext("the entry's CAS with release only (casl, the exit's ordering)", MARK_WORD_CAS, 0,
                                    t -> t.replaceFirst("^casal? ", "casl ")));
                            e.add(NearMiss.retext("the entry's CAS at another offset", MARK_WORD_CAS, 0, t -> t.replaceFirst("\\[(x\\d+)\\]$", "[$1, #8]")));
                        }
                        if (isa == RISCV64) {
                            e.add(NearMiss.retextBefore("the entry's load-reserved without acquire (lr.d)", MARK_WORD_CAS, 0, "^lr\\.d\\.aq",
                                    t -> t.replaceFirst("^lr\\.d\\.aq(rl)?", "lr.d")));
                            e.add(NearMiss.retextBefore("the mark loaded from another offset", MARK_WORD_CAS, 0, "^ld [a-z0-9]+, 0\\(",
                                    t -> t.replaceFirst(", 0\\(", ", 8(")));
                        }
                        if (isa == PPC64LE) {
                            e.add(NearMiss.replacedAfter("the acquire after the entry's pair gone", MARK_WORD_CAS, 0, "^i?sync$", "nop"));
                            e.add(NearMiss.retextBefore("the mark loaded from another offset", MARK_WORD_CAS, 0, "^ld r\\d+, 0\\(",
                                    t -> t.replaceFirst(", 0\\(", ", 8(")));
                        }
                        if (isa == S390X) {
                            e.add(NearMiss.retext("the entry's CAS made a plain store", MARK_WORD_CAS, 0, t -> t.replaceFirst("^csg %r\\d+, ", "stg ")));
                            e.add(NearMiss.retext("the entry's CAS at another offset", MARK_WORD_CAS, 0, t -> t.replaceFirst(" 0\\(", " 8(")));
                            e.add(NearMiss.replacedBefore("the entry expects the mark as loaded (no unlocked bit: the exit's shape)", MARK_WORD_CAS, 0,
                                    "^oill %r\\d+, 1$", "nopr %r7"));
                        }
                        return e;
                    }),
            /* CountedLoopHasSafepointPoll on Shapes::sum: a poll in the loop, through the thread's page; one return poll. */
            new Claim("CountedLoopHasSafepointPoll (loop)", "sum", f -> true, CountedLoopHasSafepointPoll::loopIsPolled, isa -> List.of(
                    NearMiss.replaced("the loop's poll gone", SAFEPOINT_POLL, 0, "nop"),
                    NearMiss.unnoted("the loop's poll not noted as one (no oop map, no {poll})", SAFEPOINT_POLL, 0),
                    NearMiss.movedAfterReturn("the loop's poll moved out of the loop, after the return", SAFEPOINT_POLL, 0),
                    NearMiss.retextBefore("the poll's page not the thread's (a global page)", THREAD_LOCAL_POLL, 0, threadLoad(isa),
                            t -> globalPage(isa, t)),
                    NearMiss.duplicated("a second return poll", RETURN_POLL, 0))),
            /*
             * StripMinedLoopPollsOncePerStrip on Shapes::sum (recorded under G1: strip-mined): the poll in an outer loop,
             * none in an innermost one. C2 enters the outer loop in the middle of the strip's code on 28-ea (x86_64).
             */
            new Claim("StripMinedLoopPollsOncePerStrip", "sum", f -> true, StripMinedLoopPollsOncePerStrip::pollsOncePerStrip, isa -> List.of(
                    NearMiss.insertedAfter("a poll in an innermost loop (strip mining off: every iteration polls)",
                            Scope.INNERMOST_LOOP.itself(), 0, "nop ;{poll}"),
                    NearMiss.insertedAfter("a poll in the last innermost loop", Scope.INNERMOST_LOOP.itself(), -1, "nop ;{poll}"),
                    NearMiss.replaced("the outer loop's poll gone", SAFEPOINT_POLL, 0, "nop"),
                    NearMiss.movedAfterReturn("the poll moved out of every loop, after the return", SAFEPOINT_POLL, 0))),
            /*
             * LongCountedLoopPollsOutsideIntInnerLoop on its child's sum (a long index): a poll in an outer loop, none in
             * an innermost one. 17 and 25 poll twice (the long outer loop, the strip), 28-ea once: the edits that take
             * the poll out of the loops take every poll.
             */
            new Claim("LongCountedLoopPollsOutsideIntInnerLoop", "LongCountedLoopPollsOutsideIntInnerLoop::sum", f -> true,
                    LongCountedLoopPollsOutsideIntInnerLoop::pollsOutsideIntInnerLoop, isa -> List.of(
                            NearMiss.insertedAfter("a poll in the first innermost loop (a poll per iteration, as up to JDK 15)",
                                    Scope.INNERMOST_LOOP.itself(), 0, "nop ;{poll}"),
                            NearMiss.insertedAfter("a poll in the last innermost loop", Scope.INNERMOST_LOOP.itself(), -1, "nop ;{poll}"),
                            eachPoll(NearMiss.replaced("every poll gone (the long loop never polls)", SAFEPOINT_POLL, 0, nop(isa))),
                            eachPoll(NearMiss.movedAfterReturn("every poll moved out of the loops, after the return", SAFEPOINT_POLL, 0)))),
            /* CountedLoopHasSafepointPoll on Shapes::select: straight-line code has the return poll only. */
            new Claim("CountedLoopHasSafepointPoll (straight line)", "select", f -> true, CountedLoopHasSafepointPoll::straightLineIsNot,
                    isa -> List.of(
                            NearMiss.insertedAfter("a safepoint poll in straight-line code", RETURN_POLL, 0, "nop ;{poll}"),
                            NearMiss.duplicated("a second return poll", RETURN_POLL, 0),
                            NearMiss.unnoted("the return poll not noted", RETURN_POLL, 0))),
            /*
             * UnpredictableBranchBecomesCmov on Shapes::select (b ? 1 : 2): a select and no branch. Not on s390x (a CMove of
             * an immediate is a branch over one lghi there: not judged) nor riscv64 (no select without Zicond).
             */
            new Claim("UnpredictableBranchBecomesCmov", "select", f -> f.isa() != S390X && f.isa() != RISCV64,
                    UnpredictableBranchBecomesCmov::fairSelectIsCmov, isa -> List.of(
                            NearMiss.replaced("the select made a branch over a move", CMOV, 0, branchOverMove(isa)),
                            NearMiss.insertedAfter("a compare and branch beside the select", CMOV, 0, compareAndBranch(isa)),
                            NearMiss.replaced("the condition materialised in a register instead of a select", CMOV, 0, setFlag(isa)))),
            /* VolatileStoreCarriesStoreLoadOrdering on Shapes::publish: the store ordered as a volatile store (not on ppc64le). */
            new Claim("VolatileStoreCarriesStoreLoadOrdering", "publish", f -> f.isa() != PPC64LE,
                    VolatileStoreCarriesStoreLoadOrdering::volatileStoreIsOrdered, NearMissTest::unorderedStores),
            /* CompiledNewIsInlineTlabBump on Shapes::allocate: one inline bump before the slow call, the call after the return. */
            new Claim("CompiledNewIsInlineTlabBump", "allocate", NearMissTest::namesRuntimeCalls, CompiledNewIsInlineTlabBump::allocationIsInline,
                    isa -> List.of(
                            NearMiss.replaced("the TLAB top never stored back", TLAB_ALLOCATION, 0, "nop"),
                            NearMiss.replacedBefore("the bump not checked against the TLAB's end", TLAB_ALLOCATION, 0, tlabEndCheck(isa), "nop"),
                            NearMiss.retext("the TLAB top stored to another thread field", TLAB_ALLOCATION, 0, t -> anotherThreadField(isa, t)),
                            NearMiss.movedAfterReturn("the bump's store moved after the return", TLAB_ALLOCATION, 0),
                            NearMiss.movedBefore("the allocation call laid out before the return", ALLOCATION_SLOW_CALL, 0, RETURN_POLL),
                            NearMiss.replaced("the allocation call gone", ALLOCATION_SLOW_CALL, 0, "nop"),
                            NearMiss.duplicated("two allocation calls", ALLOCATION_SLOW_CALL, 0))),
            /* NewArrayIsZeroedUnlessOverwritten on Shapes::zeroed: the new array's memory zeroed. */
            // the test's own line, assertThat(run.c2("newArray")).has(ZEROING): the test is at its 120 lines, no room for a method
            new Claim("NewArrayIsZeroedUnlessOverwritten", "zeroed", NearMissTest::namesRuntimeCalls, newArray -> assertThat(newArray).has(ZEROING),
                    isa -> List.of(NearMiss.retextEach("no zeroing (each zeroing store gone)", ZEROING, t -> "nop"))),
            /* ImplicitNullCheckTrapsAndBecomesExplicit on Shapes::field: the first compile's access traps, the recompile tests. */
            new Claim("ImplicitNullCheckTrapsAndBecomesExplicit (first)", "field#0", NearMissTest::keepsNotes,
                    ImplicitNullCheckTrapsAndBecomesExplicit::firstChecksByTrap, isa -> List.of(
                            NearMiss.unnoted("the access's implicit exception gone", IMPLICIT_NULL_CHECK, 0))),
            new Claim("ImplicitNullCheckTrapsAndBecomesExplicit (recompiled)", "field#1", NearMissTest::keepsNotes,
                    ImplicitNullCheckTrapsAndBecomesExplicit::recompiledChecksExplicitly, isa -> {
                        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                                NearMiss.replaced("the explicit test gone", EXPLICIT_NULL_CHECK, 0, "nop"),
                                NearMiss.notedAfter("the access still noted as an implicit check", EXPLICIT_NULL_CHECK, 0, memoryAccess(isa),
                                        "implicit exception: dispatches to 0x0000000000001000")));
                        if (isa == X86_64 || isa == AARCH64) {    // their forms test 64-bit registers; s390x's ltr and ppc64le's cmpwi may test a narrow oop
                            e.add(NearMiss.retext("only the pointer's low 32 bits tested", EXPLICIT_NULL_CHECK, 0, t -> narrowTest(isa, t)));
                        }
                        return e;
                    }),
            /* LockOnLocalObjectIsEliminated on Shapes::localLock: the lock on an object that never escapes logged eliminated, no CAS left. */
            new Claim("LockOnLocalObjectIsEliminated", "localLock", f -> f != ZGC, LockOnLocalObjectIsEliminated::localLockIsGone,
                    isa -> List.of(NearMiss.insertedBefore("a CAS left (the lock kept though logged eliminated)", RETURN_POLL, 0, anyCas(isa)))),
            /*
             * OptimisticReadHasNoAtomicOrFence#load-fence on its own recording (AArch64 17, ZGC): validate's load fence, and the
             * read lock's CAS. Their one-operation chains quoted, as the test writes them: assertThat(run.c2("optimisticRead"))
             * .has(LOAD_FENCE) and assertThat(run.c2("lockedRead")).has(CAS) (the test is at 114 of its 120 lines).
             */
            new Claim("OptimisticReadHasNoAtomicOrFence (load fence)", "OptimisticReadHasNoAtomicOrFence::optimisticRead", f -> f == ZGC,
                    optimisticRead -> assertThat(optimisticRead).has(LOAD_FENCE), isa -> List.of(
                            NearMiss.replaced("validate's fence gone (the entry barrier's dmb ishld stays)", LOAD_FENCE, 0, "nop"),
                            NearMiss.replaced("a store-store fence instead (dmb ishst)", LOAD_FENCE, 0, "dmb ishst"))),
            new Claim("OptimisticReadHasNoAtomicOrFence (read lock)", "OptimisticReadHasNoAtomicOrFence::lockedRead", f -> f == ZGC,
                    lockedRead -> assertThat(lockedRead).has(CAS), isa -> List.of(
                            NearMiss.retextEach("each CAS without release (casa)", CAS, t -> t.replaceFirst("^casal", "casa")),
                            NearMiss.retextEach("each CAS with release only (casl)", CAS, t -> t.replaceFirst("^casal", "casl")),
                            NearMiss.retextEach("each CAS relaxed (cas)", CAS, t -> t.replaceFirst("^casal", "cas")))),
            /*
             * ReferenceStoreIsCardMarked#g1 on Shapes::storeRef (the recordings run G1): one cross-region filter, one
             * conditional card mark; and its other collectors' chain, one card mark, which G1's mark meets too. Both quoted
             * as the test writes them (it is at its 120 lines).
             */
            new Claim("ReferenceStoreIsCardMarked (g1)", "storeRef", f -> f != ZGC,
                    storeIntoExisting -> assertThat(storeIntoExisting).has(exactly(1), CROSS_REGION_FILTER).has(exactly(1), CONDITIONAL_CARD_MARK),
                    isa -> cardEdits(isa, CONDITIONAL_CARD_MARK, true)),
            new Claim("ReferenceStoreIsCardMarked (serial, parallel)", "storeRef", f -> f != ZGC,
                    storeIntoExisting -> assertThat(storeIntoExisting).has(exactly(1), CARD_MARK), isa -> cardEdits(isa, CARD_MARK, false)),
            /*
             * CountedLoopHasSafepointPoll's return poll, a stack-watermark check (JEP 376), on Shapes::select (not s390x, whose
             * return poll reads the page); quoted: assertThat(run.c2("straightLine")).has(exactly(1), STACK_WATERMARK_POLL).
             */
            new Claim("CountedLoopHasSafepointPoll (watermark)", "select", f -> f.isa() != S390X,
                    straightLine -> assertThat(straightLine).has(exactly(1), STACK_WATERMARK_POLL), NearMissTest::pageReturnPolls),
            /*
             * StaticFinalFieldIsFolded's checkedByPlain on Shapes::oneSided (an untaken branch): a call into the uncommon-trap
             * blob; quoted: assertThat(run.c2("checkedByPlain")).has(UNCOMMON_TRAP).
             */
            new Claim("StaticFinalFieldIsFolded (trap)", "oneSided", NearMissTest::namesRuntimeCalls,
                    checkedByPlain -> assertThat(checkedByPlain).has(UNCOMMON_TRAP), isa -> List.of(
                            NearMiss.renotedEach("each trap call's note gone", UNCOMMON_TRAP, note -> note.contains("runtime_call") ? null : note),
                            NearMiss.renotedEach("each trap call a call of another stub", UNCOMMON_TRAP,
                                    note -> note.contains("runtime_call") ? "{runtime_call SharedRuntime::dsin}" : note))),
            /*
             * The claims below run on recordings of the tests' own child VMs (Fixtures.CHILDREN, record-child.sh): the
             * test's shapes as its child compiled them, with the child's facts (the offsets it measured) and log.
             * AtomicCompareAndSetIsInlineCas: each compareAndSet an inline CAS with acquire and release.
             */
            new Claim("AtomicCompareAndSetIsInlineCas (AtomicLong)", "AtomicCompareAndSetIsInlineCas::atomicCas", f -> true,
                    AtomicCompareAndSetIsInlineCas::casIsInline, NearMissTest::plainCases, f -> aarch64Atomics(f, CAS)),
            new Claim("AtomicCompareAndSetIsInlineCas (VarHandle)", "AtomicCompareAndSetIsInlineCas::varHandleCas", f -> true,
                    AtomicCompareAndSetIsInlineCas::casIsInline, NearMissTest::plainCases, f -> aarch64Atomics(f, CAS)),
            /* ReentrantLockFastPathIsInlineCas: the AQS state's CAS inline in lock(). */
            new Claim("ReentrantLockFastPathIsInlineCas", "ReentrantLockFastPathIsInlineCas::lockedIncrement", f -> true,
                    ReentrantLockFastPathIsInlineCas::stateCasIsInline, NearMissTest::plainCases, f -> aarch64Atomics(f, CAS)),
            /* ReadLockFastPathIsInlineCas: the read of x between the read lock's CAS and its release's CAS. */
            new Claim("ReadLockFastPathIsInlineCas", "ReadLockFastPathIsInlineCas::readLocked", f -> true,
                    readLocked -> ReadLockFastPathIsInlineCas.readIsBetweenCases(readLocked, measured(readLocked, "x")), isa -> List.of(
                            NearMiss.replaced("the acquire's CAS gone", CAS, 0, nop(isa)),
                            NearMiss.replaced("the release's CAS gone", CAS, -1, nop(isa)),
                            NearMiss.movedAfterReturn("the acquire's CAS moved after the return", CAS, 0),
                            NearMiss.movedBefore("the release's CAS moved above the acquire's (before the read)", CAS, -1, CAS)),
                    f -> List.of(
                            NearMiss.movedBefore("the read moved above the acquire's CAS", FIELD_LOAD.at(measure(f, "x")), 0, CAS),
                            NearMiss.duplicated("x read twice", FIELD_LOAD.at(measure(f, "x")), 0))),
            /* AtomicGetAndAddIsInlineAtomicAdd: one atomic add with acquire and release, no CAS loop. */
            new Claim("AtomicGetAndAddIsInlineAtomicAdd (long)", "AtomicGetAndAddIsInlineAtomicAdd::getAndAdd", f -> true,
                    AtomicGetAndAddIsInlineAtomicAdd::addIsAtomic, NearMissTest::plainAdds, f -> aarch64Atomics(f, ATOMIC_ADD)),
            new Claim("AtomicGetAndAddIsInlineAtomicAdd (int)", "AtomicGetAndAddIsInlineAtomicAdd::incrementAndGet", f -> true,
                    AtomicGetAndAddIsInlineAtomicAdd::addIsAtomic, NearMissTest::plainAdds, f -> aarch64Atomics(f, ATOMIC_ADD)),
            /* VolatileLoadIsLoadAcquire (AArch64): the volatile load an ldar, no fence; the plain load and the local one no ldar. */
            new Claim("VolatileLoadIsLoadAcquire (volatile)", "VolatileLoadIsLoadAcquire::volatileLoad", f -> true,
                    VolatileLoadIsLoadAcquire::volatileLoadAcquires, isa -> List.of(
                            NearMiss.retext("the load-acquire made plain (ldr)", LOAD_ACQUIRE, 0, t -> t.replaceFirst("^ldar", "ldr")),
                            NearMiss.retext("a plain load and a load fence (ldr; dmb ishld)", LOAD_ACQUIRE, 0,
                                    t -> t.replaceFirst("^ldar", "ldr") + "\ndmb ishld"),
                            NearMiss.insertedAfter("a full fence after the load-acquire", LOAD_ACQUIRE, 0, "dmb ish"))),
            new Claim("VolatileLoadIsLoadAcquire (plain)", "VolatileLoadIsLoadAcquire::plainLoad", f -> true,
                    plainLoad -> VolatileLoadIsLoadAcquire.plainLoadDoesNot(plainLoad, measured(plainLoad, "plain offset")), isa -> List.of(),
                    f -> List.of(NearMiss.retext("the plain load made a load-acquire (add; ldar)", FIELD_LOAD.at(measure(f, "plain offset")), 0,
                            t -> t.replaceFirst("^ldr (w\\d+), \\[(x\\d+), #(\\w+)\\]$", "add x9, $2, #$3\nldar $1, [x9]")))),
            new Claim("VolatileLoadIsLoadAcquire (local)", "VolatileLoadIsLoadAcquire::loadFromLocal", f -> true,
                    VolatileLoadIsLoadAcquire::localLoadDoesNot, isa -> List.of(
                            NearMiss.insertedBefore("a load-acquire left (the object eliminated, its ordered load kept)", RETURN_POLL, 0,
                                    "ldar w0, [x10]"))),
            /* NewObjectFieldIsZeroedOnlyWhenObservable: plain's field written once and not zeroed; called's zeroed before the call. */
            new Claim("NewObjectFieldIsZeroedOnlyWhenObservable (plain)", "NewObjectFieldIsZeroedOnlyWhenObservable::plain", f -> true,
                    plain -> NewObjectFieldIsZeroedOnlyWhenObservable.writtenOnce(plain, measured(plain, "Plain.x")), isa -> List.of(), f -> {
                        anatomy.Operation store = FIELD_STORE.at(measure(f, "Plain.x"));
                        return List.of(
                                NearMiss.retext("the field zeroed before its store", store, 0, t -> zeroed(f.isa(), t) + "\n" + t),
                                NearMiss.duplicated("the field stored twice", store, 0),
                                NearMiss.retext("the field's store at another offset", store, 0, t -> otherOffset(f.isa(), t)));
                    }),
            new Claim("NewObjectFieldIsZeroedOnlyWhenObservable (called)", "NewObjectFieldIsZeroedOnlyWhenObservable::called", f -> true,
                    called -> NewObjectFieldIsZeroedOnlyWhenObservable.zeroedBeforeTheCall(called, measured(called, "Called.x")),
                    isa -> List.of(), f -> {
                        anatomy.Operation zero = ZERO_STORE.at(measure(f, "Called.x"));
                        anatomy.Operation store = FIELD_STORE.at(measure(f, "Called.x"));
                        return List.of(
                                NearMiss.replaced("the zero store gone", zero, 0, nop(f.isa())),
                                NearMiss.retext("the zero store at another offset", zero, 0, t -> otherOffset(f.isa(), t)),
                                NearMiss.movedAfterReturn("the zero store moved after the return (after the field's store)", zero, 0),
                                NearMiss.duplicated("the field zeroed twice", zero, 0),
                                NearMiss.retext("the field's store made a zero store (the value lost)", store, 0, t -> zeroed(f.isa(), t)),
                                NearMiss.duplicated("the field stored twice", store, 0));
                    }),
            /* SpillGoesToFpRegisters: FP spills and reloads, the stack only once the FP registers are full; or stack spills only. */
            new Claim("SpillGoesToFpRegisters (FP)", "SpillGoesToFpRegisters::copyAcrossVolatileRead", f -> !f.name().endsWith("-defaultOff"),
                    code -> SpillGoesToFpRegisters.spillsToFp(code, (int) code.run().measure("FP registers").value()), isa -> List.of(
                            NearMiss.retextEach("each FP spill made a stack spill", SPILL_TO_FP_REGISTER, t -> toStack(isa, t, true)),
                            NearMiss.retextEach("each FP reload gone", RELOAD_FROM_FP_REGISTER, t -> nop(isa)),
                            NearMiss.insertedAfter("one more spill, to the stack", SPILL_TO_FP_REGISTER, 0, stackSpill(isa)))),
            new Claim("SpillGoesToFpRegisters (stack)", "SpillGoesToFpRegisters::copyAcrossVolatileRead", f -> f.name().endsWith("-defaultOff"),
                    SpillGoesToFpRegisters::spillsToStack, isa -> List.of(
                            NearMiss.insertedAfter("one spill to an FP register", SPILL_TO_STACK, 0, fpSpill(isa)),
                            NearMiss.retextEach("each stack reload gone", SPILL_TO_STACK, t -> nop(isa)))),
            /* MegamorphicCallStaysVirtual: the monomorphic site inlined behind a class check; the megamorphic ones virtual, by their bytecode. */
            new Claim("MegamorphicCallStaysVirtual (monomorphic)", "MegamorphicCallStaysVirtual::monomorphic", f -> true,
                    MegamorphicCallStaysVirtual::inlinedBehindClassCheck, isa -> List.of(
                            NearMiss.insertedBefore("a virtual call left beside the inlined one", RETURN_POLL, 0, call(isa) + " ;{virtual_call}"),
                            NearMiss.logged("no class check's trap compiled", task -> task.replaceAll("<uncommon_trap ([^>]*)reason='class_check'", "<uncommon_trap $1reason='null_check'")),
                            NearMiss.logged("the call not inlined (inline_fail)", task -> task.replaceFirst("<inline_success ", "<inline_fail ")))),
            new Claim("MegamorphicCallStaysVirtual (vtable)", "MegamorphicCallStaysVirtual::megamorphic", f -> true,
                    megamorphic -> MegamorphicCallStaysVirtual.staysVirtual(megamorphic, "invokevirtual"), NearMissTest::notVirtual),
            new Claim("MegamorphicCallStaysVirtual (itable)", "MegamorphicCallStaysVirtual::megamorphicInterface", f -> true,
                    megamorphic -> MegamorphicCallStaysVirtual.staysVirtual(megamorphic, "invokeinterface"), NearMissTest::notVirtual),
            /* ColdBranchIsLaidOutAfterReturn on Shapes::divide: a frequent division inline, not after the return. */
            new Claim("ColdBranchIsLaidOutAfterReturn", "divide", f -> true, ColdBranchIsLaidOutAfterReturn::divisionIsInline, isa -> List.of(
                    NearMiss.movedAfterReturn("the division moved after the return", INTEGER_DIVISION, 0),
                    NearMiss.calledInstead("the division a runtime call", INTEGER_DIVISION, 0, call(isa), "{runtime_call SharedRuntime::ldiv}"))));

    /** A measure the child recorded (a field's offset), from the recording's facts. */
    static long measured(Compiled code, String key) {
        return (long) code.run().measure(key).value();
    }

    /** The edits that take the ordering or the atomicity off a CAS, per ISA (each a regressed intrinsic). */
    static List<NearMiss.Edit> plainCases(Isa isa) {
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.replaced("the CAS gone", CAS, 0, nop(isa)),
                NearMiss.calledInstead("a call of the native method instead", CAS, 0, call(isa), "{runtime_call Unsafe_CompareAndSetLong}")));
        switch (isa) {
            case X86_64 -> e.add(NearMiss.retextEach("each CAS made plain (lock prefix dropped)", CAS, t -> t.replace("lock ", "")));
            case AARCH64 -> { }    // per recording: aarch64Atomics
            case RISCV64 -> e.add(NearMiss.retextEach("each CAS relaxed (no .aq, .rl)", CAS, t -> t.replaceAll("\\.aq(rl)?|\\.rl", "")));
            case PPC64LE -> e.add(NearMiss.retextEach("each CAS's store-conditional a plain store", CAS, t -> t.replaceFirst("^st([wd])cx\\. ", "st$1x ")));
            case S390X -> e.add(NearMiss.retextEach("each CAS a plain store", CAS, t -> t.replaceFirst("^cs(g|y)? %r\\d+, ", "st$1 ")));
        }
        return e;
    }

    /**
     * AArch64's atomics made relaxed or half-ordered, as the recording has them: the LSE instruction (casal, ldaddal) with
     * another ordering, or the exclusive pair without LSE (ldaxr ... stlxr) with a plain half, a memory access between,
     * and for a CAS its compare gone (then it swaps whatever it found).
     */
    static List<NearMiss.Edit> aarch64Atomics(Fixtures.Fixture f, anatomy.Op op) {
        if (f.isa() != AARCH64) {
            return List.of();
        }
        String lse = op == CAS ? "casal" : "ldaddal";
        if (!f.name().endsWith("-nolse")) {
            return List.of(
                    NearMiss.retextEach("each " + lse + " relaxed", op, t -> t.replaceFirst("^" + lse, lse.substring(0, lse.length() - 2))),
                    NearMiss.retextEach("each " + lse + " acquire only", op, t -> t.replaceFirst("^" + lse, lse.substring(0, lse.length() - 1))),
                    NearMiss.retextEach("each " + lse + " release only", op, t -> t.replaceFirst("^" + lse, lse.substring(0, lse.length() - 2) + "l")));
        }
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.retextBefore("the exclusive load without acquire (ldxr)", op, 0, "^ldaxr", t -> t.replaceFirst("^ldaxr", "ldxr")),
                NearMiss.retext("the exclusive store without release (stxr)", op, 0, t -> t.replaceFirst("^stlxr", "stxr")),
                NearMiss.insertedBefore("a store between the exclusive load and store", op, 0, "str x9, [x11]")));
        if (op == CAS) {
            e.add(NearMiss.replacedBefore("the compare gone (a swap, not a compare-and-swap)", op, 0, "^cmp ", "nop"));
        }
        return e;
    }

    /** The edits that make an atomic add plain, relaxed or a CAS loop, per ISA. */
    static List<NearMiss.Edit> plainAdds(Isa isa) {
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.replaced("the atomic add gone", ATOMIC_ADD, 0, nop(isa)),
                NearMiss.insertedAfter("a CAS beside the atomic add (a CAS loop's)", ATOMIC_ADD, 0, anyCas(isa))));
        switch (isa) {
            case X86_64 -> e.add(NearMiss.retextEach("each atomic add made plain (lock prefix dropped)", ATOMIC_ADD, t -> t.replace("lock ", "")));
            case AARCH64 -> { }    // per recording: aarch64Atomics
            case RISCV64 -> e.add(NearMiss.retextEach("each atomic add relaxed (no .aqrl)", ATOMIC_ADD, t -> t.replaceAll("\\.aq(rl)?|\\.rl", "")));
            case PPC64LE -> e.add(NearMiss.retextEach("each atomic add's store-conditional a plain store", ATOMIC_ADD,
                    t -> t.replaceFirst("^st([wd])cx\\. ", "st$1x ")));
            case S390X -> e.add(NearMiss.retextEach("each atomic add a plain load (laa -> l)", ATOMIC_ADD, t -> t.replaceFirst("^laa(g)? (%r\\d+), %r\\d+, ", "l$1 $2, ")));
        }
        return e;
    }

    /** The edits that take a megamorphic site's virtual call away, or make its log tell another dispatch. */
    static List<NearMiss.Edit> notVirtual(Isa isa) {
        return List.of(
                NearMiss.renotedEach("the inline-cache call made a static call", INLINE_CACHE_CALL,
                        note -> note.contains("virtual_call") ? "{static_call}" : note),
                NearMiss.replaced("the virtual call gone", INLINE_CACHE_CALL, 0, nop(isa)),
                NearMiss.logged("the site logged as the other invoke (vtable <-> itable)",
                        task -> task.replace("<bc code='182'", "<bc code='X'").replace("<bc code='185'", "<bc code='182'").replace("<bc code='X'", "<bc code='185'")),
                NearMiss.logged("the call inlined after all", task -> task.replaceFirst("<virtual_call ", "<inline_success reason='inline (hot)'/><virtual_call ")));
    }

    static String nop(Isa isa) {
        return isa == S390X ? "nopr %r7" : "nop";
    }

    /** A store of a register's value made a store of zero to the same place. */
    static String zeroed(Isa isa, String store) {
        String z = switch (isa) {
            case X86_64 -> store.replaceFirst("^mov([bwlq]) %\\w+, ", "mov$1 \\$0, ");
            case AARCH64 -> store.replaceFirst("^str([bh]?) [wx](\\d+), ", "str$1 wzr, ");
            case RISCV64 -> store.replaceFirst("^s([bhwd]) \\w+, ", "s$1 zero, ");
            case PPC64LE -> store.replaceFirst("^st([bhwd]) r\\d+, ", "li r0, 0\nst$1 r0, ");
            case S390X -> store.replaceFirst("^st[cghy]{0,2} %r\\d+, (.*)$", "mvhi $1, 0");
        };
        if (z.equals(store)) {
            throw new IllegalStateException("no store of a register's value: " + store);
        }
        return z;
    }

    /** A measure the child recorded, from the recording's facts. */
    static long measure(Fixtures.Fixture f, String key) {
        return (long) Double.parseDouble(Fixtures.read(f.name() + ".facts").lines().filter(l -> l.startsWith("measure:" + key + "="))
                .reduce((a, b) -> b).orElseThrow(() -> new IllegalStateException(f + " measured no " + key)).substring(key.length() + 9));
    }

    /** A store's offset made another (0x40, past the object's field). */
    static String otherOffset(Isa isa, String store) {
        return switch (isa) {
            case X86_64 -> store.replaceFirst("(0x[0-9a-f]+|\\d+)?\\((%\\w+)\\)$", "0x40($2)");
            case AARCH64 -> store.replaceFirst("#(0x[0-9a-f]+|\\d+)\\]$", "#0x40]");
            case RISCV64, PPC64LE -> store.replaceFirst("-?\\d+\\((\\w+)\\)$", "64($1)");
            case S390X -> store.replaceFirst("\\d+\\((%r\\d+)\\)", "64($1)");
        };
    }

    /** A spill to an FP register made a store of the same register to a stack slot, and a reload of it from there. */
    static String toStack(Isa isa, String spill, boolean reload) {
        int slot = 0x100 + 8 * SLOTS.incrementAndGet();
        return switch (isa) {
            case X86_64 -> spill.replaceFirst("^v?mov([dq]) (%\\w+), %xmm\\d+$", "mov$1 $2, 0x" + Integer.toHexString(slot) + "(%rsp)")
                    .replace("movd", "movl");
            case AARCH64 -> spill.replaceFirst("^fmov [sd]\\d+, ([wx]\\d+)$", "str $1, [sp, #0x" + Integer.toHexString(slot) + "]");
            default -> nop(isa);
        };
    }

    private static final java.util.concurrent.atomic.AtomicInteger SLOTS = new java.util.concurrent.atomic.AtomicInteger();

    /** A spill to the stack and its reload (a slot of its own). */
    static String[] stackSpill(Isa isa) {
        return switch (isa) {
            case X86_64 -> new String[] {"movl %r11d, 0x1f0(%rsp)", "movl 0x1f0(%rsp), %r11d"};
            case AARCH64 -> new String[] {"str w11, [sp, #0x1f0]", "ldr w11, [sp, #0x1f0]"};
            default -> new String[] {nop(isa)};
        };
    }

    /** A spill to an FP register. */
    static String fpSpill(Isa isa) {
        return switch (isa) {
            case X86_64 -> "vmovd %r11d, %xmm0";
            case AARCH64 -> "fmov s16, w11";
            default -> nop(isa);
        };
    }

    /** Where the VM named its runtime calls (riscv64 25.0.5 noted them {runtime_call nmethod}: a call's role cannot be read). */
    static boolean namesRuntimeCalls(Fixtures.Fixture f) {
        return !f.name().equals("riscv64-jdk25-hex");
    }

    /** Where the notes of an access survive (x86_64's hex dump drops notes off 4-byte steps: VocabularyTest leaves them out too). */
    static boolean keepsNotes(Fixtures.Fixture f) {
        return !(f.hex() && f.isa() == X86_64);
    }

    /** The edits that take the ordering off a volatile store, per ISA. */
    static List<NearMiss.Edit> unorderedStores(Isa isa) {
        return switch (isa) {
            case X86_64 -> List.of(
                    NearMiss.replaced("the fence gone", FULL_FENCE, 0, "nop"),
                    NearMiss.replaced("a store fence instead of the full fence (sfence)", FULL_FENCE, 0, "sfence"),
                    NearMiss.movedAfterReturn("the fence moved after the return", FULL_FENCE, 0),
                    NearMiss.retextBefore("a load between the store and its fence", FULL_FENCE, 0, "^mov[bwlq]? %\\w+, .*\\(",
                            t -> t + "\nmovl 0x80(%r10), %eax"));
            case AARCH64 -> List.of(
                    NearMiss.retext("the release store made plain (str)", VOLATILE_STORE, 0, t -> t.replaceFirst("^stlr", "str")),
                    NearMiss.retext("a plain store with a store-store fence (str; dmb ishst)", VOLATILE_STORE, 0,
                            t -> t.replaceFirst("^stlr", "str") + "\ndmb ishst"),
                    NearMiss.retext("a plain store with a load-load fence (str; dmb ishld)", VOLATILE_STORE, 0,
                            t -> t.replaceFirst("^stlr", "str") + "\ndmb ishld"));
            case S390X -> List.of(
                    NearMiss.replaced("the serialising fence gone", FULL_FENCE, 0, "nopr %r7"),
                    NearMiss.replaced("a branch that does not serialise instead (bcr 0)", FULL_FENCE, 0, "bcr 0, %r0"),
                    NearMiss.movedAfterReturn("the fence moved after the return", FULL_FENCE, 0));
            case RISCV64 -> List.of(
                    NearMiss.replaced("the StoreLoad fence gone", FULL_FENCE, 0, "nop"),
                    NearMiss.replaced("a store-store fence instead (fence w, w)", FULL_FENCE, 0, "fence w, w"),
                    NearMiss.movedAfterReturn("the fence moved after the return", FULL_FENCE, 0));
            case PPC64LE -> List.of();
        };
    }

    /** The load of the thread's polling page address, per ISA. */
    static String threadLoad(Isa isa) {
        return switch (isa) {
            case X86_64 -> "^movq (0x[0-9a-f]+|\\d+)\\(%r15\\), %";
            case AARCH64 -> "^ldr x\\d+, \\[x28, #";
            case RISCV64 -> "^ld [a-z][a-z0-9]*, \\d+\\(s7\\)$";
            case PPC64LE -> "^ld r\\d+, \\d+\\(r16\\)$";
            case S390X -> "^lg %r\\d+, \\d+\\(%r8\\)$";
        };
    }

    /** That load made a load of a constant address (a global polling page, as before JEP 312), into the same register. */
    static String globalPage(Isa isa, String load) {
        return switch (isa) {
            case X86_64 -> load.replaceFirst("^movq \\S+\\(%r15\\), ", "movabsq \\$0x7f0000002000, ");
            case AARCH64 -> load.replaceFirst("^ldr (x\\d+), .*", "mov $1, #0x2000");
            case RISCV64 -> load.replaceFirst("^ld ([a-z][a-z0-9]*), .*", "lui $1, 2");
            case PPC64LE -> load.replaceFirst("^ld (r\\d+), .*", "lis $1, 2");
            case S390X -> load.replaceFirst("^lg (%r\\d+), .*", "llilh $1, 2");
        };
    }

    /** The TLAB top's store to another field of the thread. */
    static String anotherThreadField(Isa isa, String store) {
        return switch (isa) {
            case X86_64 -> store.replaceFirst("\\S+\\(%r15\\)$", "0x999(%r15)");
            case AARCH64 -> store.replaceFirst("#\\S+\\]$", "#0x998]");
            case RISCV64 -> store.replaceFirst("\\d+\\(s7\\)$", "2456(s7)");
            case PPC64LE -> store.replaceFirst("\\d+\\(r16\\)$", "2456(r16)");
            case S390X -> store.replaceFirst("\\d+\\(%r8\\)$", "2456(%r8)");
        };
    }

    static String[] branchOverMove(Isa isa) {
        return switch (isa) {
            case X86_64 -> new String[] {"jne 0x7f0000001000", "movl %r11d, %eax"};
            case AARCH64 -> new String[] {"b.ne 0x7f0000001000", "mov w0, w1"};
            case PPC64LE -> new String[] {"bne 0x7f0000001000", "mr r3, r4"};
            default -> new String[] {"nop"};
        };
    }

    static String[] compareAndBranch(Isa isa) {
        return switch (isa) {
            case X86_64 -> new String[] {"testl %eax, %eax", "je 0x7f0000001000"};
            case AARCH64 -> new String[] {"cmp w0, #0", "b.eq 0x7f0000001000"};
            case PPC64LE -> new String[] {"cmpwi r3, 0", "beq 0x7f0000001000"};
            default -> new String[] {"nop"};
        };
    }

    static String setFlag(Isa isa) {
        return switch (isa) {
            case X86_64 -> "setne %al";
            case AARCH64 -> "cset w0, ne";
            case PPC64LE -> "setbc r3, 2";
            default -> "nop";
        };
    }

    /** A memory access, per ISA (the dereference after a null check). */
    static String memoryAccess(Isa isa) {
        return switch (isa) {
            case X86_64, S390X, RISCV64, PPC64LE -> "\\(";
            case AARCH64 -> "\\[";
        };
    }

    /** The edits that take a card mark away or make it mark something else, per ISA; the filter's too for G1's chain. */
    static List<NearMiss.Edit> cardEdits(Isa isa, anatomy.Op mark, boolean filter) {
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.replaced("the card's dirty store gone", mark, 0, "nop"),
                NearMiss.duplicatedWhole("a second card mark", mark, 0)));
        if (filter) {
            e.add(NearMiss.replaced("the cross-region filter's branch gone", CROSS_REGION_FILTER, 0, "nop"));
            e.add(NearMiss.duplicatedWhole("a second cross-region filter", CROSS_REGION_FILTER, 0));
        }
        if (isa == X86_64) {
            e.add(NearMiss.retext("the card stored clean, not dirty", mark, 0, t -> t.replaceFirst("^movb (\\$0|%r12b), ", "movb \\$1, ")));
            e.add(NearMiss.retext("the dirty byte stored through another register", mark, 0, t -> t.replaceFirst("\\(%\\w+\\)$", "(%r9)")));
        }
        if (isa == AARCH64) {
            e.add(NearMiss.retext("the card stored with a register's value, not zero", mark, 0, t -> t.replaceFirst("^strb wzr, ", "strb w9, ")));
        }
        return e;
    }

    /** The edits that take the watermark compare out of the return poll, per ISA. */
    static List<NearMiss.Edit> pageReturnPolls(Isa isa) {
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.replaced("the return poll's branch gone", STACK_WATERMARK_POLL, 0, "nop"),
                NearMiss.duplicatedWhole("the watermark checked twice", STACK_WATERMARK_POLL, 0)));
        if (isa == X86_64) {
            e.add(NearMiss.replacedBefore("the thread's page read instead of the watermark compared", STACK_WATERMARK_POLL, 0,
                    "^cmpq \\S+\\(%r15\\), %rsp$", "movq 0x30(%r15), %r10", "testl %eax, (%r10)"));
            e.add(NearMiss.retextBefore("the watermark compared with the frame pointer, not the stack pointer", STACK_WATERMARK_POLL, 0,
                    "^cmpq \\S+\\(%r15\\), %rsp$", t -> t.replaceFirst("%rsp$", "%rbp")));
        }
        if (isa == AARCH64) {
            e.add(NearMiss.retextBefore("the watermark compared with the frame pointer, not sp", STACK_WATERMARK_POLL, 0,
                    "^cmp sp, x\\d+$", t -> t.replaceFirst("^cmp sp, ", "cmp x29, ")));
        }
        return e;
    }

    /** The compare of the new top with the TLAB's end, per ISA. */
    static String tlabEndCheck(Isa isa) {
        return switch (isa) {
            case X86_64 -> "^cmp[lq]? (0x[0-9a-f]+|\\d+)\\(%r15\\), %r";
            case AARCH64 -> "^cmp x\\d+, x\\d+$";
            case RISCV64 -> "^bgeu ";
            case PPC64LE -> "^cmpld ";
            case S390X -> "^clg ";
        };
    }

    /** A null check's test of a 64-bit register made a test of its low 32 bits (x86_64 testl, cmpl; AArch64 cbz w). */
    static String narrowTest(Isa isa, String test) {
        return isa == AARCH64 ? test.replaceFirst("^(cbn?z) x(\\d+), ", "$1 w$2, ")
                : test.replaceFirst("^testq %(\\w+), %\\w+$", "testl %$1d, %$1d").replaceFirst("^cmpq \\$0, %(\\w+)$", "cmpl \\$0, %$1d")
                        .replaceAll("%r([abcd])xd", "%e$1x").replaceAll("%r(si|di|bp)d", "%e$1");
    }

    /** The edit (of the first poll) applied once for each safepoint poll of the recorded code: every poll, not only the first. */
    static NearMiss.Edit eachPoll(NearMiss.Edit edit) {
        return new NearMiss.Edit(edit.name(), (all, own, isa) -> {
            List<anatomy.model.Instruction> out = all;
            for (int polls = SAFEPOINT_POLL.find(all, isa).size(); polls > 0; polls--) {
                out = edit.rewrite().apply(out, own, isa);
            }
            return out;
        });
    }

    /** A CAS of any ordering on the ISA (a relaxed one where the ISA has it). */
    static String[] anyCas(Isa isa) {
        return switch (isa) {
            case X86_64 -> new String[] {"lock cmpxchgq %r10, (%rsi)"};
            case AARCH64 -> new String[] {"cas x8, x10, [x1]"};
            case S390X -> new String[] {"csg %r12, %r13, 0(%r11)"};
            case PPC64LE -> new String[] {"ldarx r15, 0, r17", "cmpd r15, r14", "bne 0x7f0000001000", "stdcx. r16, 0, r17"};
            case RISCV64 -> new String[] {"amocas.d t3, t5, (t6)"};
        };
    }

    /** The ISA's unconditional jump. */
    static String jump(Isa isa) {
        return switch (isa) {
            case X86_64 -> "jmp";
            case AARCH64, PPC64LE -> "b";
            case S390X -> "jg";
            case RISCV64 -> "j";
        };
    }

    /** The ISA's call of an address. */
    static String call(Isa isa) {
        return switch (isa) {
            case X86_64 -> "callq 0x7f0000001000";
            case AARCH64, PPC64LE -> "bl 0x7f0000001000";
            case S390X -> "brasl %r14, 0x7f0000001000";
            case RISCV64 -> "jal ra, 0x7f0000001000";
        };
    }

    static final List<Fixtures.Fixture> RECORDINGS = java.util.stream.Stream.of(Fixtures.ALL, List.of(ZGC), Fixtures.CHILDREN)
            .flatMap(List::stream).toList();

    @DataProvider
    public static Object[][] recorded() {
        List<Object[]> rows = new ArrayList<>();
        for (Claim c : CLAIMS) {
            for (Fixtures.Fixture f : RECORDINGS) {
                if (NearMiss.hasC2(f, c.method()) && c.where().test(f)) {
                    rows.add(new Object[] {c, f});
                }
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @DataProvider
    public static Object[][] nearMisses() {
        List<Object[]> rows = new ArrayList<>();
        for (Claim c : CLAIMS) {
            for (Fixtures.Fixture f : RECORDINGS) {
                if (NearMiss.hasC2(f, c.method()) && c.where().test(f)) {
                    for (NearMiss.Edit e : c.editsOn(f)) {
                        rows.add(new Object[] {c, f, e});
                    }
                }
            }
        }
        return rows.toArray(Object[][]::new);
    }

    /* The near misses prove something only if the recorded code passes the same chain. */
    @Test(dataProvider = "recorded")
    public void recordedCodePasses(Claim claim, Fixtures.Fixture f) {
        claim.chain().accept(NearMiss.recorded(f, claim.method()));
    }

    @Test(dataProvider = "nearMisses")
    public void nearMissIsRejected(Claim claim, Fixtures.Fixture f, NearMiss.Edit edit) {
        NearMiss.rejected(NearMiss.edited(f, claim.method(), edit), edit.name(), claim.chain());
    }
}
