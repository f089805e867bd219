/*
 * @test
 * @summary Each test's own assertion chain rejects recorded code edited into what a regression would emit: the operation gone, moved after the return or out of its loop, replaced by a call or a jump, made plain, at another offset, another fence
 * @modules java.base/jdk.internal.misc
 * @library /lib /test/concurrency /test/codegen /test/branches /test/memory /test/nullchecks /test/escape /test/locks /test/objects /test/traps
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
                            // the chosen mutant synchronized-cas-jcc-equal: fast_lock's jcc after the CAS on the other condition
                            e.add(NearMiss.retextAfter("the branch after the entry's CAS on the opposite condition (success to the slow path)",
                                    MARK_WORD_CAS, 0, "^j(e|ne) ", t -> t.startsWith("je ") ? "jne " + t.substring(3) : "je " + t.substring(4)));
                            e.add(NearMiss.retext("the entry's CAS made plain (lock prefix dropped)", MARK_WORD_CAS, 0, t -> t.replace("lock ", "")));
                            e.add(NearMiss.retext("the entry's CAS at another offset", MARK_WORD_CAS, 0, t -> t.replaceFirst("\\((%r\\w+)\\)$", "8($1)")));
                            e.add(NearMiss.replacedBefore("the entry expects the mark as loaded (no unlocked bit: the exit's shape)", MARK_WORD_CAS, 0,
                                    "^orq \\$1, %rax$", "nop"));
                            e.add(NearMiss.replacedBefore("rax rewritten between the or and the CAS", MARK_WORD_CAS, 0,
                                    "^orq \\$1, %rax$", "orq $1, %rax", "movl 0x7d0(%r15), %eax"));
                        }
                        if (isa == AARCH64) {
                            e.add(NearMiss.retextAfter("the branch after the entry's CAS on the opposite condition (success to the slow path)",
                                    MARK_WORD_CAS, 0, "^b\\.(eq|ne) ", t -> t.startsWith("b.eq ") ? "b.ne " + t.substring(5) : "b.eq " + t.substring(5)));
                            e.add(NearMiss.retext("the entry's CAS made relaxed (cas)", MARK_WORD_CAS, 0, t -> t.replaceFirst("^casal? ", "cas ")));
                            e.add(NearMiss.retext("the entry's CAS with release only (casl, the exit's ordering)", MARK_WORD_CAS, 0,
                                    t -> t.replaceFirst("^casal? ", "casl ")));
                            e.add(NearMiss.retext("the entry's CAS at another offset", MARK_WORD_CAS, 0, t -> t.replaceFirst("\\[(x\\d+)\\]$", "[$1, #8]")));
                        }
                        if (isa == RISCV64) {
                            e.add(NearMiss.retextAfter("the branch after the entry's CAS on the opposite condition (success to the slow path)",
                                    MARK_WORD_CAS, 0, "^b(eq|ne) ", t -> t.startsWith("beq ") ? "bne " + t.substring(4) : "beq " + t.substring(4)));
                            e.add(NearMiss.replacedBefore("the entry expects the mark as loaded (no unlocked bit: the exit's shape)", MARK_WORD_CAS, 0,
                                    "^ori [a-z][a-z0-9]*, [a-z][a-z0-9]*, 1$", "nop"));
                            e.add(NearMiss.retextBefore("the entry's load-reserved without acquire (lr.d)", MARK_WORD_CAS, 0, "^lr\\.d\\.aq",
                                    t -> t.replaceFirst("^lr\\.d\\.aq(rl)?", "lr.d")));
                            e.add(NearMiss.retextBefore("the mark loaded from another offset", MARK_WORD_CAS, 0, "^ld [a-z0-9]+, 0\\(",
                                    t -> t.replaceFirst(", 0\\(", ", 8(")));
                        }
                        if (isa == PPC64LE) {
                            e.add(NearMiss.retextBefore("the branch in the entry's pair on the opposite condition (success to the slow path)",
                                    MARK_WORD_CAS, 0, "^b(eq|ne)[-+]? ", t -> t.startsWith("beq") ? "bne" + t.substring(3) : "beq" + t.substring(3)));
                            e.add(NearMiss.replacedAfter("the acquire after the entry's pair gone", MARK_WORD_CAS, 0, "^i?sync$", "nop"));
                            e.add(NearMiss.retextBefore("the mark loaded from another offset", MARK_WORD_CAS, 0, "^ld r\\d+, 0\\(",
                                    t -> t.replaceFirst(", 0\\(", ", 8(")));
                        }
                        if (isa == S390X) {
                            e.add(NearMiss.retextAfter("the branch after the entry's CAS on the opposite condition (success to the slow path)",
                                    MARK_WORD_CAS, 0, "^j(lh|ne|e) ", t -> t.startsWith("je ") ? "jlh " + t.substring(3) : "je " + t.substring(t.indexOf(' ') + 1)));
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
            /*
             * UntakenBranchIsUncommonTrap on its child's multiply: the first compile (one side warmed) traps the other
             * side (unstable_if), the trap is hit when that side runs and the nmethod is made not entrant; the second
             * compile (both sides warmed) has no such trap. The edits rewrite the log, at compile time (the task) and
             * at run time (record-child.sh keeps the recorded compiles' traps hit and nmethods made not entrant).
             */
            new Claim("UntakenBranchIsUncommonTrap (one side)", "UntakenBranchIsUncommonTrap::multiply#0", f -> true,
                    UntakenBranchIsUncommonTrap::untakenSideIsATrap, isa -> List.of(
                            NearMiss.logged("the trap compiled for another reason (a null check)",
                                    t -> t.replace("reason='unstable_if'", "reason='null_check'")),
                            NearMiss.replaced("the trap's call gone", UNCOMMON_TRAP, 0, nop(isa)),
                            NearMiss.relogged("the trap never hit when the other side ran",
                                    log -> log.replaceAll("(?s)<uncommon_trap thread=[^>]*>.*?</uncommon_trap>\n?", "")),
                            NearMiss.relogged("the trap hit for another reason (a class check)",
                                    log -> log.replaceAll("(<uncommon_trap thread=[^>]*reason=')unstable_if'", "$1class_check'")),
                            NearMiss.relogged("the nmethod never made not entrant",
                                    log -> log.replaceAll("<make_not_entrant thread=[^>]*/>\n?", "")))),
            new Claim("UntakenBranchIsUncommonTrap (both sides)", "UntakenBranchIsUncommonTrap::multiply", f -> true,
                    UntakenBranchIsUncommonTrap::bothSidesAreCompiled, isa -> List.of(
                            NearMiss.logged("the second compile traps the other side again", t -> t.replaceFirst("</task>",
                                    "<uncommon_trap bci='1' reason='unstable_if' action='reinterpret' debug_id='0' comment='taken never'/>\n</task>")))),
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
                    NearMiss.calledInstead("the division a runtime call", INTEGER_DIVISION, 0, call(isa), "{runtime_call SharedRuntime::ldiv}"))),
            /*
             * AllocationIsScalarReplaced: the Point logged eliminated, no TLAB bump, no slow call. The allocation a regression
             * keeps is C2's own: Shapes::allocate's bump and slow call of the same ISA and JDK (shapesOf), put into the code.
             */
            new Claim("AllocationIsScalarReplaced", "AllocationIsScalarReplaced::single", NearMissTest::namesRuntimeCalls,
                    AllocationIsScalarReplaced::isScalarReplaced, isa -> List.of(
                            NearMiss.logged("no allocation logged eliminated", NearMissTest::uneliminated)),
                    f -> allocationKept(f, 1)),
            /* AllocationMergeIsScalarReplaced from JDK 22: both Points replaced (a merge C2 did not reduce keeps both allocations). */
            new Claim("AllocationMergeIsScalarReplaced (replaced)", "AllocationMergeIsScalarReplaced::merge", f -> f.name().endsWith("-fromJdk22")
                    && namesRuntimeCalls(f), AllocationMergeIsScalarReplaced::isScalarReplaced, isa -> List.of(), f -> allocationKept(f, 2)),
            /* Before JDK 22: both allocated, a slow call each. */
            new Claim("AllocationMergeIsScalarReplaced (allocated)", "AllocationMergeIsScalarReplaced::merge", f -> f.name().endsWith("-beforeJdk22"),
                    AllocationMergeIsScalarReplaced::isAllocated, isa -> List.of(
                            NearMiss.replacedEach("no slow call (both Points scalar replaced, or allocated only inline)",
                                    ALLOCATION_SLOW_CALL, nop(isa)))),
            /* BlackholeKeepsComputationWithoutCall: consumed multiplies, intrinsified, calls nothing; dropped multiplies nothing. */
            new Claim("BlackholeKeepsComputationWithoutCall (consumed)", "BlackholeKeepsComputationWithoutCall::consumed", f -> true,
                    BlackholeKeepsComputationWithoutCall::isComputedWithoutCall, isa -> List.of(
                            NearMiss.replaced("the product dropped (the multiply gone)", INTEGER_MULTIPLICATION, 0, nop(isa)),
                            NearMiss.movedAfterReturn("the multiply laid out after the return", INTEGER_MULTIPLICATION, 0),
                            NearMiss.insertedBefore("the blackhole called (the intrinsic's call kept)", RETURN_POLL, 0,
                                    call(isa) + " ;{static_call}"),
                            NearMiss.logged("the blackhole not intrinsified (no <intrinsic id='_blackhole'>)",
                                    task -> task.replaceAll("<intrinsic id='_blackhole'[^>]*/>\n?", "")))),
            new Claim("BlackholeKeepsComputationWithoutCall (dropped)", "BlackholeKeepsComputationWithoutCall::dropped", f -> true,
                    BlackholeKeepsComputationWithoutCall::isDropped, isa -> List.of(), f -> List.of(
                            NearMiss.transplanted("the dead product computed (consumed's multiply)",
                                    () -> NearMiss.c2(f, "BlackholeKeepsComputationWithoutCall::consumed"), INTEGER_MULTIPLICATION, 0, RETURN_POLL))),
            /*
             * CompressedReferenceIsDecodedInTheAddress: zero based, the reference decoded once, in the access's address on
             * x86_64 (a separate lsl #3 on AArch64); in 32-bit mode not decoded: the loaded reference the next load's address.
             */
            new Claim("CompressedReferenceIsDecodedInTheAddress (zero based)", "CompressedReferenceIsDecodedInTheAddress::deref",
                    f -> f.name().endsWith("-zeroBased"), deref -> CompressedReferenceIsDecodedInTheAddress.isDecodedInTheAddress(deref, false),
                    NearMissTest::decodedApart),
            new Claim("CompressedReferenceIsDecodedInTheAddress (32-bit)", "CompressedReferenceIsDecodedInTheAddress::deref",
                    f -> f.name().endsWith("-unscaled"), deref -> CompressedReferenceIsDecodedInTheAddress.isDecodedInTheAddress(deref, true),
                    NearMissTest::decodedThoughUnscaled),
            /* InstanceFinalFieldIsNotTrusted: the box's field divides; the record's and the hidden class's fold into a multiply. */
            new Claim("InstanceFinalFieldIsNotTrusted (box)", "InstanceFinalFieldIsNotTrusted::viaFinalField", f -> true,
                    InstanceFinalFieldIsNotTrusted::dividesByTheField, isa -> List.of(), f -> List.of(
                            NearMiss.replacedByTransplant("the field trusted: the record's multiply instead of the division", INTEGER_DIVISION, 0,
                                    () -> NearMiss.c2(f, "InstanceFinalFieldIsNotTrusted::viaRecord"), INTEGER_MULTIPLICATION))),
            new Claim("InstanceFinalFieldIsNotTrusted (record)", "InstanceFinalFieldIsNotTrusted::viaRecord", f -> true,
                    InstanceFinalFieldIsNotTrusted::foldsTheDivisor, isa -> List.of(), f -> untrusted(f)),
            new Claim("InstanceFinalFieldIsNotTrusted (hidden class)", "InstanceFinalFieldIsNotTrusted::viaHiddenClass", f -> true,
                    InstanceFinalFieldIsNotTrusted::foldsTheDivisor, isa -> List.of(), f -> untrusted(f)),
            /*
             * LockCoarseningFollowsLoopUnrolling: a mark-word CAS in the loop, a lock logged coarsened, the increments of
             * several iterations in one add. The coarsened lock is the last CAS before the merged add.
             */
            new Claim("LockCoarseningFollowsLoopUnrolling", "LockCoarseningFollowsLoopUnrolling::lockedIncrementLoop", f -> true,
                    LockCoarseningFollowsLoopUnrolling::isCoarsened, NearMissTest::uncoarsened));

    /** The Shapes recording of a child's ISA and JDK (the nearest JDK where none): C2's own code to put into a child's. */
    static Fixtures.Fixture shapesOf(Fixtures.Fixture child) {
        return Fixtures.ALL.stream().filter(s -> s.isa() == child.isa())
                .min(java.util.Comparator.comparingInt((Fixtures.Fixture s) -> Math.abs(s.jdk() - child.jdk()))
                        .thenComparingInt(s -> s.name().length()))
                .orElseThrow();
    }

    /** The allocations a regression keeps (n: one per Point), Shapes::allocate's TLAB bump and slow call, and the log's event gone. */
    static List<NearMiss.Edit> allocationKept(Fixtures.Fixture f, int n) {
        java.util.function.Supplier<anatomy.model.NMethod> allocate = () -> shapesOf(f).c2("allocate");
        NearMiss.Edit bump = NearMiss.transplanted("a TLAB bump", allocate, TLAB_ALLOCATION, 0, RETURN_POLL);
        NearMiss.Edit call = NearMiss.transplanted("a slow call", allocate, ALLOCATION_SLOW_CALL, 0, null);
        NearMiss.Edit unlogged = NearMiss.logged("no allocation logged eliminated", NearMissTest::uneliminated);
        List<NearMiss.Edit> all = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            NearMiss.Edit[] bumps = java.util.Collections.nCopies(k, bump).toArray(NearMiss.Edit[]::new);
            NearMiss.Edit[] calls = java.util.Collections.nCopies(k, call).toArray(NearMiss.Edit[]::new);
            all.add(NearMiss.together(k + " allocation(s) kept inline: Shapes::allocate's TLAB bump before the return", bumps));
            all.add(NearMiss.together(k + " allocation slow call(s) kept, after the return", calls));
            List<NearMiss.Edit> both = new ArrayList<>(List.of(bumps));
            both.addAll(List.of(calls));
            NearMiss.Edit code = NearMiss.together("", both.toArray(NearMiss.Edit[]::new));
            all.add(new NearMiss.Edit(k + " allocation(s) kept whole (bump and slow call), none logged eliminated", code.rewrite(), unlogged.task()));
        }
        return all;
    }

    /** The compile's task without its scalar replacements (each {@code <eliminate_allocation>} element gone). */
    static String uneliminated(String task) {
        return task.replaceAll("(?s)<eliminate_allocation .*?</eliminate_allocation>\n?", "");
    }

    /** The viaFinalField's division put into a method whose divisor C2 folded (its field not trusted after all). */
    static List<NearMiss.Edit> untrusted(Fixtures.Fixture f) {
        java.util.function.Supplier<anatomy.model.NMethod> box = () -> NearMiss.c2(f, "InstanceFinalFieldIsNotTrusted::viaFinalField");
        return List.of(
                NearMiss.transplanted("the field not trusted: viaFinalField's division kept beside the multiply", box, INTEGER_DIVISION, 0,
                        RETURN_POLL),
                NearMiss.replacedByTransplant("the field not trusted: viaFinalField's division instead of the multiply", INTEGER_MULTIPLICATION, 0,
                        box, INTEGER_DIVISION));
    }

    /** The decode of a zero-based compressed reference taken out of the access's address, or done twice, per ISA. */
    static List<NearMiss.Edit> decodedApart(Isa isa) {
        List<NearMiss.Edit> e = new ArrayList<>(List.of(NearMiss.duplicatedWhole("the reference loaded and decoded twice", NARROW_OOP_DECODE, 0)));
        if (isa == X86_64) {    // MacroAssembler::decode_heap_oop_not_null: shlq in place, or leaq (%r12, src, 8) into another register
            e.add(NearMiss.retextSpan("decoded by a shift of its register, the access through it", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("\\(%r12, %(r\\w+), 8\\)", "(%$1)").replaceFirst("\n", "\nshlq \\$3, %" + x86Index(t) + "\n")));
            e.add(NearMiss.retextSpan("decoded into another register by lea, the access through that", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("\n(.*?)(-?\\w*)\\(%r12, %(r\\w+), 8\\)", "\nleaq (%r12, %$3, 8), %rdi\n$1$2(%rdi)")));
            e.add(NearMiss.retextSpan("a full pointer, not a compressed reference (movq, no decode)", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("^movl (\\S+), %(e([a-z]{2})|r(\\d+)d)", "movq $1, %r$3$4")
                            .replaceFirst("\\(%r12, %(r\\w+), 8\\)", "(%$1)")));
        }
        if (isa == S390X) {
            e.add(NearMiss.retextSpan("a full pointer, not a compressed reference (lg, no sllg)", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("^llgf ", "lg ").replaceFirst("\nsllg (%r\\d+), (%r\\d+), 3$", "\nlgr $1, $2")));
        }
        if (isa == PPC64LE) {
            e.add(NearMiss.retextSpan("a full pointer, not a compressed reference (ld, no sldi)", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("^lwz ", "ld ").replaceFirst("\nsldi (r\\d+), (r\\d+), 3$", "\nmr $1, $2")));
        }
        if (isa == RISCV64) {    // 25.0.5: lwu t3, 12(a1) ; slli t2, t3, 3 ; lw a0, 12(t2)
            e.add(NearMiss.retextSpan("a full pointer, not a compressed reference (ld, no slli)", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("^lwu ", "ld ").replaceFirst("\nslli ([a-z][a-z0-9]*), ([a-z][a-z0-9]*), 3$", "\nmv $1, $2")));
        }
        if (isa == AARCH64) {
            e.add(NearMiss.retextSpan("a full pointer, not a compressed reference (ldr x, no lsl)", NARROW_OOP_DECODE, 0,
                    t -> t.replaceFirst("^ldr w(\\d+), ", "ldr x$1, ").replaceFirst("\n(lsl|add) (x\\d+), .*", "\nmov $2, x"
                            + t.replaceFirst("(?s)^ldr w(\\d+), .*", "$1"))));
        }
        return e;
    }

    /** The 64-bit name of the index register of the x86_64 decoding access in the span's text. */
    static String x86Index(String span) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(%r12, %(r\\w+), 8\\)").matcher(span);
        return m.find() ? m.group(1) : "rax";
    }

    /** A reference in 32-bit mode decoded anyway (the zero-based code's decode), or decoded apart from the access, per ISA. */
    static List<NearMiss.Edit> decodedThoughUnscaled(Isa isa) {
        return switch (isa) {
            case X86_64 -> List.of(NearMiss.retext("the reference decoded anyway: scaled by 8 in the access", FIELD_LOAD, 1,
                    t -> t.replaceFirst("\\((%r\\w+)\\)", "(%r12, $1, 8)")),
                    throughCopy(isa, "decoded apart: copied (movq), the next load through the copy", "%r10", "movq {r}, {c}"),
                    throughCopy(isa, "decoded apart: leaq of the register alone into another, the next load through that", "%r10", "leaq ({r}), {c}"),
                    throughCopy(isa, "decode-not-folded's shape on x86_64: an explicit null check (testl; je), leaq, the load through it",
                            "%r10", "testl {w}, {w}\nje 0x7f0000001000\nleaq ({r}), {c}"),
                    NearMiss.retext("the next load indexed by the reference, unscaled (a base register added)", FIELD_LOAD, 1,
                            t -> t.replaceFirst("\\((%r\\w+)\\)", "(%r12, $1, 1)")));
            case AARCH64 -> List.of(NearMiss.retext("the reference decoded anyway (lsl #3)", FIELD_LOAD, 0,
                    t -> t + "\nlsl " + t.replaceFirst("^ldr w(\\d+), .*", "x$1, x$1, #3")),
                    throughCopy(isa, "decode-not-folded's shape (AArch64 28-ea+18 under qemu): cbz, mov x10, x11, the load through x10",
                            "x10", "cbz {w}, 0x7f0000001000\nmov {c}, {r}"),
                    throughCopy(isa, "decoded apart: copied (mov), the next load through the copy, its null check implicit", "x10", "mov {c}, {r}"));
            case S390X -> List.of(NearMiss.retext("the reference decoded anyway (sllg by 3)", FIELD_LOAD, 0,
                    t -> t + "\nsllg " + t.replaceFirst("^llgf (%r\\d+), .*", "$1, $1, 3")),
                    throughCopy(isa, "decoded apart: copied (lgr), the next load through the copy", "%r11", "lgr {c}, {r}"));
            case PPC64LE -> List.of(NearMiss.retext("the reference decoded anyway (sldi by 3)", FIELD_LOAD, 0,
                    t -> t + "\nsldi " + t.replaceFirst("^lwz (r\\d+), .*", "$1, $1, 3")),
                    NearMiss.retext("an explicit null check before the copy (cmpdi; beq)", FIELD_LOAD, 0,
                            t -> t + "\ncmpdi " + t.replaceFirst("^lwz (r\\d+), .*", "$1, 0") + "\nbeq 0x7f0000001000"));
            case RISCV64 -> List.of(NearMiss.retext("the reference decoded anyway (slli by 3)", FIELD_LOAD, 0,
                    t -> t + "\nslli " + t.replaceFirst("^lwu ([a-z][a-z0-9]*), .*", "$1, $1, 3")),
                    throughCopy(isa, "decoded apart: copied (mv), the next load through the copy", "t2", "mv {c}, {r}"),
                    throughCopy(isa, "an explicit null check (beqz) and a copy, the load through it", "t2",
                            "beqz {w}, 0x7f0000001000\nmv {c}, {r}"));
            default -> List.of();
        };
    }

    /**
     * A 32-bit reference decoded apart from the access, as the mutant decode-not-folded makes C2 do (a DecodeN of its
     * own, no longer matched into the address): after the reference's load (the method's first field load),
     * {@code between}, where {r} is the reference's 64-bit register, {w} its 32-bit name and {c} the copy; the next
     * load (the second) through {@code copy}.
     */
    static NearMiss.Edit throughCopy(Isa isa, String name, String copy, String between) {
        return NearMiss.together(name, NearMiss.retext(name, FIELD_LOAD, 0, t -> {
            String w = t.replaceFirst("^\\S+ .*, ", "");    // the destination, last operand (first on the others)
            String r = switch (isa) {
                case X86_64 -> w.replaceFirst("^%e(\\w\\w)$", "%r$1").replaceFirst("^(%r\\d+)d$", "$1");
                case AARCH64 -> (w = t.replaceFirst("^ldr (w\\d+), .*", "$1")).replace('w', 'x');
                default -> w = t.replaceFirst("^\\S+ ([^,]+), .*", "$1");
            };
            return t + "\n" + between.replace("{r}", r).replace("{w}", w).replace("{c}", copy);
        }), NearMiss.retext(name, FIELD_LOAD, 1, t -> isa == AARCH64 ? t.replaceFirst("\\[x\\d+", "[" + copy)
                : t.replaceFirst("\\((%?[a-z0-9]+)\\)", "(" + copy + ")")));
    }

    /** The coarsened lock taken away or split, per ISA: the CAS before the merged add, the add, the log's event. */
    static List<NearMiss.Edit> uncoarsened(Isa isa) {
        anatomy.Operation lock = MARK_WORD_CAS.before(LockCoarseningFollowsLoopUnrolling.MERGED_INCREMENTS);
        List<NearMiss.Edit> e = new ArrayList<>(List.of(
                NearMiss.replaced("the coarsened lock's CAS gone (the merged add unlocked)", lock, -1, nop(isa)),
                isa == S390X    // 25.0.5: lghi %r13, 264 ; a %r13, 12(%r11), counted at the add
                        ? NearMiss.retextBefore("the increments not merged (one 0x42 an add)", LockCoarseningFollowsLoopUnrolling.MERGED_INCREMENTS,
                                0, "^lg?hi %r\\d+, \\d+$", t -> t.replaceFirst("\\d+$", "66"))
                        : NearMiss.retextEach("the increments not merged (one 0x42 an add)", LockCoarseningFollowsLoopUnrolling.MERGED_INCREMENTS,
                                t -> t.matches(".*[$#](0x[0-9a-f]+|\\d+).*") ? t.replaceFirst("([$#])(0x[0-9a-f]+|\\d+)", "$10x42")
                                        : t.replaceFirst("-?\\d+$", "66")),    // ppc64le, riscv64: a decimal immediate last
                NearMiss.logged("no lock logged coarsened", task -> task.replaceAll("kind='Coarsened'", "kind='NonEscObj'"))));
        if (isa == X86_64) {
            e.add(NearMiss.retext("the coarsened lock's CAS made plain (lock prefix dropped)", lock, -1, t -> t.replace("lock ", "")));
        }
        if (isa == AARCH64) {
            e.add(NearMiss.retext("the coarsened lock's CAS relaxed (cas)", lock, -1, t -> t.replaceFirst("^casa?l? ", "cas ")));
        }
        if (isa == S390X) {
            e.add(NearMiss.retext("the coarsened lock's CAS made a plain store (stg)", lock, -1, t -> t.replaceFirst("^csg %r\\d+, ", "stg ")));
        }
        if (isa == PPC64LE) {
            e.add(NearMiss.replacedAfter("the acquire after the coarsened lock's pair gone", lock, -1, "^i?sync$", "nop"));
        }
        if (isa == RISCV64) {    // 25.0.5: lr.d.aq ; bne ; sc.d (a reserved pair), counted at the sc
            e.add(NearMiss.retextBefore("the coarsened lock's CAS relaxed (lr.d, no .aq)", lock, -1, "^lr\\.[wd]\\.aq(rl)? ",
                    t -> t.replaceFirst("\\.aq(rl)? ", " ")));
            e.add(NearMiss.retext("the coarsened lock's CAS made a plain store (sd)", lock, -1,
                    t -> t.replaceFirst("^sc\\.d(\\.\\w+)? [a-z][a-z0-9]*, ([a-z][a-z0-9]*), \\(([a-z][a-z0-9]*)\\)$", "sd $2, 0($3)")));
        }
        return e;
    }

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

    /* A claim no recording has the method of would run nowhere and prove nothing, silently. */
    @Test
    public void everyClaimRunsOnSomeRecording() {
        java.util.Set<Claim> run = java.util.Arrays.stream(recorded()).map(r -> (Claim) r[0]).collect(java.util.stream.Collectors.toSet());
        List<String> idle = CLAIMS.stream().filter(c -> !run.contains(c)).map(Claim::name).toList();
        org.testng.Assert.assertEquals(idle, List.of(), "claims with no recording of their method");
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

    /*
     * ReusingHandlerAllocatesNothingPerEvent asserts on numbers its child measured (bytes per event), not on code. A near
     * miss there is a measure just past one of the test's own bounds, put into the recorded facts: half a byte an event
     * more than nothing, or than exactly one Quote, or a hundredth of a byte less than one Quote. Each must fail the
     * test's own assertions; the recorded measures must pass them.
     */
    record MeasuredMiss(String name, String key, java.util.function.DoubleUnaryOperator value) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final List<MeasuredMiss> PAST_BOUNDS = List.of(
            new MeasuredMiss("the reusing handler at 0.51 bytes an event", "reusing handler, bytes per event", v -> 0.51),
            new MeasuredMiss("the temporary handler at 0.51 bytes an event", "temporary handler, bytes per event", v -> 0.51),
            new MeasuredMiss("the retaining handler 0.51 bytes over one Quote", "retaining handler, bytes per event", v -> v + 0.51),
            new MeasuredMiss("the retaining handler 0.01 bytes short of one Quote", "retaining handler, bytes per event", v -> v - 0.01));

    static final List<Fixtures.Fixture> MEASURED = Fixtures.CHILDREN.stream()
            .filter(f -> f.name().contains("/ReusingHandlerAllocatesNothingPerEvent/")).toList();

    @DataProvider
    public static Object[][] measuredRecordings() {
        return MEASURED.stream().map(f -> new Object[] {f}).toArray(Object[][]::new);
    }

    @DataProvider
    public static Object[][] measuredNearMisses() {
        return MEASURED.stream().flatMap(f -> PAST_BOUNDS.stream().map(m -> new Object[] {f, m})).toArray(Object[][]::new);
    }

    @Test(dataProvider = "measuredRecordings")
    public void recordedMeasuresPass(Fixtures.Fixture f) {
        ReusingHandlerAllocatesNothingPerEvent.allocatesPerEvent(NearMiss.measured(f, "as recorded", facts -> facts));
    }

    @Test(dataProvider = "measuredNearMisses")
    public void measureJustPastItsBoundIsRejected(Fixtures.Fixture f, MeasuredMiss miss) {
        double recorded = NearMiss.measured(f, "as recorded", facts -> facts).measure(miss.key()).value();
        String line = "measure:" + miss.key() + "=" + miss.value().applyAsDouble(recorded);
        anatomy.Run run = NearMiss.measured(f, miss.name(), facts -> facts + (facts.endsWith("\n") ? "" : "\n") + line + "\n");
        if (run.measure(miss.key()).value() == recorded) {
            throw new IllegalStateException(miss + ": the facts' measure was not replaced (" + line + ")");
        }
        try {
            ReusingHandlerAllocatesNothingPerEvent.allocatesPerEvent(run);
        } catch (AssertionError expected) {
            return;
        }
        throw new AssertionError("near miss passed the claim: " + miss + " (" + line + ") in " + f);
    }
}
