/*
 * @test
 * @summary Each test's own assertion chain rejects recorded code edited into what a regression would emit: the operation gone, moved after the return or out of its loop, replaced by a call or a jump, made plain, at another offset, another fence
 * @modules java.base/jdk.internal.misc
 * @library /lib /test/concurrency /test/codegen /test/branches /test/memory /test/nullchecks
 * @build Fixtures NearMiss
 * @run testng NearMissTest
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
            Function<Isa, List<NearMiss.Edit>> edits) {
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
            /* ColdBranchIsLaidOutAfterReturn on Shapes::divide: a frequent division inline, not after the return. */
            new Claim("ColdBranchIsLaidOutAfterReturn", "divide", f -> true, ColdBranchIsLaidOutAfterReturn::divisionIsInline, isa -> List.of(
                    NearMiss.movedAfterReturn("the division moved after the return", INTEGER_DIVISION, 0),
                    NearMiss.calledInstead("the division a runtime call", INTEGER_DIVISION, 0, call(isa), "{runtime_call SharedRuntime::ldiv}"))));

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

    static final List<Fixtures.Fixture> RECORDINGS = java.util.stream.Stream.concat(Fixtures.ALL.stream(), java.util.stream.Stream.of(ZGC)).toList();

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
                    for (NearMiss.Edit e : c.edits().apply(f.isa())) {
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
