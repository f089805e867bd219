/*
 * @test
 * @summary Each operation of the vocabulary finds what the JIT emitted, with counts, scopes and order, on every recorded JDK and ISA
 * @library /lib
 * @build Fixtures
 * @run testng VocabularyTest
 */

import static anatomy.Count.atLeast;
import static anatomy.Count.exactly;
import static anatomy.Op.*;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.S390X;
import static anatomy.isa.Isa.PPC64LE;
import static anatomy.isa.Isa.RISCV64;
import static anatomy.isa.Isa.X86_64;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertTrue;

import anatomy.Count;
import anatomy.Op;
import anatomy.Operation;
import anatomy.Scope;
import anatomy.isa.Isa;
import anatomy.isa.Role;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.ArrayList;
import java.util.List;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class VocabularyTest {
    /**
     * A Shapes method (its nth C2 compile, -1 the last), an operation, and how many it has; isa null: every ISA but
     * {@code except} (null: none), whose recordings show something else for a reason the case names.
     */
    record Case(String method, int nth, Operation op, Count count, Isa isa, Isa except) {
        Case(String method, int nth, Operation op, Count count, Isa isa) {
            this(method, nth, op, count, isa, null);
        }

        Case except(Isa other) {
            return new Case(method, nth, op, count, isa, other);
        }

        @Override
        public String toString() {
            return method + (nth >= 0 ? "#" + nth : "") + " " + op.name() + " " + count;
        }
    }

    static Case c(String method, Operation op, Count count) {
        return new Case(method, -1, op, count, null);
    }

    static final List<Case> CASES = List.of(
            // riscv64's recordings run the default, -XX:-UseZicond: C2's CMove is then a branch over one mv
            c("select", CMOV, atLeast(1)).except(RISCV64), c("oneSided", CMOV, exactly(0)),
            new Case("select", -1, CMOV, exactly(0), RISCV64), new Case("select", -1, CONDITIONAL_BRANCH, exactly(1), RISCV64),
            // a lock's CAS: casal with stack locking (AArch64 17), casa with lightweight locking (28): ANY_CAS
            c("locked", ANY_CAS, atLeast(1)), c("publish", ANY_CAS, exactly(0)), c("publish", CAS, exactly(0)),
            c("locked", ANY_ATOMIC, atLeast(1)), c("select", ANY_ATOMIC, exactly(0)), c("divide", ANY_ATOMIC, exactly(0)),
            c("divide", INTEGER_DIVISION, atLeast(1)), c("select", INTEGER_DIVISION, exactly(0)),
            c("allocate", TLAB_ALLOCATION, exactly(1)), c("allocate", ALLOCATION_SLOW_CALL, exactly(1)),
            c("select", TLAB_ALLOCATION, exactly(0)), c("storeRef", TLAB_ALLOCATION, exactly(0)),
            c("select", ALLOCATION_SLOW_CALL, exactly(0)),
            c("allocate", TLAB_ALLOCATION.before(ALLOCATION_SLOW_CALL), exactly(1)),
            c("allocate", TLAB_ALLOCATION.after(ALLOCATION_SLOW_CALL), exactly(0)),
            // C2 lays the allocation call out after the return: off the fast path.
            c("allocate", ALLOCATION_SLOW_CALL.after(RETURN_POLL), exactly(1)),
            c("oneSided", UNCOMMON_TRAP, atLeast(1)), c("select", UNCOMMON_TRAP, exactly(0)),
            c("select", RETURN_POLL, exactly(1)),
            // a cmov is no branch, and neither are the return poll's and the entry barrier's checks of a thread
            // field; the divisor's test against -1 is one (x86_64: cmpl $-1 ; je; AArch64: cmp w, #-1 ... b.ne)
            // s390x's CMove of an immediate is a branch over one lghi (s390.ad z_enc_cmov_imm): a CMOV, its branch none;
            // riscv64 without Zicond (its recordings) keeps a branch over one mv (riscv.ad enc_cmove), no row for it
            new Case("select", -1, CONDITIONAL_BRANCH, exactly(0), X86_64), new Case("select", -1, CONDITIONAL_BRANCH, exactly(0), AARCH64),
            new Case("select", -1, CONDITIONAL_BRANCH, exactly(0), PPC64LE), new Case("select", -1, CONDITIONAL_BRANCH, exactly(0), S390X),
            new Case("select", -1, CMOV, exactly(1), S390X),
            c("oneSided", CONDITIONAL_BRANCH, atLeast(1)),
            c("load", FIELD_LOAD, atLeast(1)), c("select", FIELD_LOAD, exactly(0)),
            c("divide", IMPLICIT_NULL_CHECK, exactly(0)),
            new Case("field", 0, IMPLICIT_NULL_CHECK, atLeast(1), null),
            new Case("field", 0, EXPLICIT_NULL_CHECK, exactly(0), null),
            new Case("field", 1, EXPLICIT_NULL_CHECK, exactly(1), null),
            // A divisor tested against zero is no null check; neither is G1's test of the stored value.
            c("divide", EXPLICIT_NULL_CHECK, exactly(0)), c("storeRef", EXPLICIT_NULL_CHECK, exactly(0)),
            c("locked", Op.addImmediate("0x42", v -> v == 0x42), atLeast(1)),
            c("zeroed", ZEROING, atLeast(1)), c("select", ZEROING, exactly(0)),
            c("storeRef", CARD_MARK, exactly(1)), c("publish", CARD_MARK, exactly(0)),
            c("publish", VOLATILE_STORE, exactly(1)), c("select", VOLATILE_STORE, exactly(0)),
            // x86_64 orders a volatile store with a fence after it; AArch64 with a store-release and no fence.
            new Case("publish", -1, FULL_FENCE, atLeast(1), X86_64), new Case("publish", -1, RELEASE_STORE, exactly(0), X86_64),
            new Case("publish", -1, FULL_FENCE, exactly(0), AARCH64), new Case("publish", -1, RELEASE_STORE, exactly(1), AARCH64),
            // s390x orders a volatile store like x86_64: st, then the serialising bcr 14,0
            new Case("publish", -1, FULL_FENCE, atLeast(1), S390X), new Case("publish", -1, RELEASE_STORE, exactly(0), S390X),
            // POWER: lwsync, then the store, and no sync after it (the sync comes before volatile loads instead)
            new Case("publish", -1, FULL_FENCE, exactly(0), PPC64LE), new Case("publish", -1, RELEASE_STORE, exactly(0), PPC64LE),
            // riscv64 (RVWMO): fence rw, w; the store; fence w, r (the StoreLoad fence after it, as on x86_64)
            new Case("publish", -1, FULL_FENCE, exactly(1), RISCV64),
            c("sum", SAFEPOINT_POLL.inside(Scope.LOOP_BODY), atLeast(1)),
            c("sum", RETURN_POLL.inside(Scope.LOOP_BODY), exactly(0)),
            c("select", SAFEPOINT_POLL.inside(Scope.LOOP_BODY), exactly(0)),
            c("Shapes$Twice::apply", RETURN_POLL, exactly(1)),
            // the poll reads the thread's own page (JEP 312); the return poll compares sp with the watermark (JEP 376)
            c("sum", THREAD_LOCAL_POLL.inside(Scope.LOOP_BODY), atLeast(1)),
            c("select", STACK_WATERMARK_POLL, exactly(1)),
            new Case("select", -1, THREAD_LOCAL_POLL, exactly(0), X86_64), new Case("select", -1, THREAD_LOCAL_POLL, exactly(0), AARCH64),
            // s390x's return poll reads the page too (s390.ad MachEpilogNode::emit)
            new Case("select", -1, THREAD_LOCAL_POLL, exactly(1), S390X),
            // concurrency: the mark word's CAS comes before the monitor's slow call, which is laid out after the
            // return; the fence's locked add is no atomic add. Shapes has no volatile load and no atomic add
            // (LOAD_ACQUIRE and ATOMIC_ADD are proven on texts below, taken from the tests' runs).
            c("locked", MARK_WORD_CAS.before(MONITOR_ENTER_SLOW_CALL), atLeast(1)),
            // the entry's CAS only, not the exit's (x86_64 and s390x have one CAS instruction for both)
            c("locked", MARK_WORD_CAS, exactly(1)), c("twiceLocked", MARK_WORD_CAS, exactly(1)),
            c("locked", MONITOR_ENTER_SLOW_CALL.after(RETURN_POLL), exactly(1)),
            c("localLock", MARK_WORD_CAS, exactly(0)), c("localLock", ANY_CAS, exactly(0)),
            c("select", MONITOR_ENTER_SLOW_CALL, exactly(0)),
            c("locked", ATOMIC_ADD, exactly(0)), c("publish", ATOMIC_ADD, exactly(0)),
            c("publish", LOAD_ACQUIRE, exactly(0)),
            // G1 (the recordings' collector): one filter and one conditional mark per store, whether the card is
            // compared with dirty (17 to 25) or with clean (26+, JEP 522); the young-card compare is not counted
            c("storeRef", CONDITIONAL_CARD_MARK, exactly(1)), c("storeRef", CROSS_REGION_FILTER, exactly(1)),
            c("select", CONDITIONAL_CARD_MARK, exactly(0)), c("select", SPILL_TO_STACK, exactly(0)));

    @DataProvider
    public static Object[][] cases() {
        List<Object[]> rows = new ArrayList<>();
        for (Fixtures.Fixture f : Fixtures.ALL) {
            for (Case c : CASES) {
                boolean hexHidesNotes = f.hex() && f.isa() == X86_64 && c.op() == IMPLICIT_NULL_CHECK;
                boolean notOn = c.op().absentOn(f.isa()) != null;   // notOn or absent there, narrowed or not
                if ((c.isa() == null || c.isa() == f.isa()) && c.except() != f.isa() && f.hasC2(c.method()) && !hexHidesNotes && !notOn) {
                    rows.add(new Object[] {f, c});
                }
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "cases")
    public void findsWhatTheJitEmitted(Fixtures.Fixture f, Case c) {
        NMethod code = f.c2(c.method(), c.nth());
        List<Instruction> found;
        try {
            found = c.op().find(code.instructions(), f.isa());
        } catch (jtreg.SkippedException notOn) {
            throw new org.testng.SkipException(notOn.getMessage());     // Op's notOn: not asserted on this ISA
        }
        String hidden = found.isEmpty() ? c.op().hiddenIn(code) : null;
        if (!c.count().test(found.size()) && hidden != null) {
            throw new org.testng.SkipException(c + " in " + code.describe() + " on " + f + ": " + hidden);
        }
        List<Instruction> undecoded = code.instructions().stream().filter(i -> i.mnemonic().matches("\\.(inst|byte)")).toList();
        if (!c.count().test(found.size()) && f.hex() && !undecoded.isEmpty()) {
            throw new org.testng.SkipException("the offline decoder could not decode " + undecoded.size() + " instructions of "
                    + code.describe() + " (an older capstone?), first " + undecoded.get(0));
        }
        assertTrue(c.count().test(found.size()), c + " in " + code.describe() + " on " + f + ": found " + found.size()
                + " " + found + "\n" + String.join("\n", code.instructions().stream().map(Object::toString).toList()));
    }

    @DataProvider
    public static Object[][] everyOperationOnEveryIsa() {
        List<Object[]> rows = new ArrayList<>();
        for (Op op : Op.values()) {
            for (Isa isa : Isa.values()) {
                rows.add(new Object[] {op, isa});
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "everyOperationOnEveryIsa")
    public void everyOperationHasAFormOnEveryIsa(Op op, Isa isa) {
        assertNotNull(op.patterns(isa));
    }

    /** Instruction texts (from the fixtures and the headline tests) and whether the operation is among them. */
    @DataProvider
    public static Object[][] texts() {
        return new Object[][] {
                // ANY_ATOMIC: every atomic read-modify-write, any ordering; the x86_64 fence's locked add on the stack too
                {X86_64, ANY_ATOMIC, List.of("lock cmpxchgq %rbx, (%rsi)"), 1}, {X86_64, ANY_ATOMIC, List.of("lock xaddq %rax, 0x10(%rsi)"), 1},
                {X86_64, ANY_ATOMIC, List.of("lock orl $0, (%rsp)"), 1}, {X86_64, ANY_ATOMIC, List.of("lock addl $0, -0x40(%rsp)"), 1},
                {X86_64, ANY_ATOMIC, List.of("xchgq %r10, 0x10(%rsi)"), 1}, {X86_64, ANY_ATOMIC, List.of("xchgl 0xc(%rsi), %eax"), 1},
                {X86_64, ANY_ATOMIC, List.of("xchgq %rax, %rbx"), 0}, {X86_64, ANY_ATOMIC, List.of("cmpxchgq %rbx, (%rsi)"), 0},
                {X86_64, ANY_ATOMIC, List.of("movq 0x10(%rsi), %rax", "addq $0, %rax", "mfence"), 0},
                {AARCH64, ANY_ATOMIC, List.of("ldaddal x1, x2, [x3]"), 1}, {AARCH64, ANY_ATOMIC, List.of("ldadd w1, w2, [x3]"), 1},
                {AARCH64, ANY_ATOMIC, List.of("swpal x1, x2, [x3]"), 1}, {AARCH64, ANY_ATOMIC, List.of("casa x8, x10, [x1]"), 1},
                {AARCH64, ANY_ATOMIC, List.of("caspal x0, x1, x2, x3, [x4]"), 1}, {AARCH64, ANY_ATOMIC, List.of("stadd w1, [x2]"), 1},
                {AARCH64, ANY_ATOMIC, List.of("ldxr x8, [x1]", "add x8, x8, #1", "stxr w9, x8, [x1]"), 1},
                {AARCH64, ANY_ATOMIC, List.of("ldaxr x8, [x1]", "stlxr w9, x10, [x1]"), 1},
                {AARCH64, ANY_ATOMIC, List.of("ldar x12, [x10]", "dmb ishld", "ldr x10, [x10]", "stlr x1, [x2]", "str x1, [x2]"), 0},
                {RISCV64, ANY_ATOMIC, List.of("amoadd.w.aqrl a0, a1, (a2)"), 1}, {RISCV64, ANY_ATOMIC, List.of("amoswap.d a0, a1, (a2)"), 1},
                {RISCV64, ANY_ATOMIC, List.of("amocas.d.aq a0, a1, (a2)"), 1},
                {RISCV64, ANY_ATOMIC, List.of("lr.d.aq a0, (a1)", "bne a0, a2, 0x1010", "sc.d.rl a3, a4, (a1)"), 1},
                {RISCV64, ANY_ATOMIC, List.of("ld a0, 8(a1)", "fence r, rw", "sd a0, 16(a1)"), 0},
                {PPC64LE, ANY_ATOMIC, List.of("ldarx r19, 0, r14", "cmpd r19, r20", "bne- 0x1100", "stdcx. r21, 0, r14"), 1},
                {PPC64LE, ANY_ATOMIC, List.of("lwarx r19, 0, r14", "add r19, r19, r5", "stwcx. r19, 0, r14"), 1},
                {PPC64LE, ANY_ATOMIC, List.of("ld r19, 0(r14)", "lwsync", "std r19, 8(r14)"), 0},
                {S390X, ANY_ATOMIC, List.of("laag %r0, %r1, 16(%r2)"), 1}, {S390X, ANY_ATOMIC, List.of("csg %r12, %r13, 0(%r11)"), 1},
                {S390X, ANY_ATOMIC, List.of("cs %r0, %r1, 8(%r2)"), 1}, {S390X, ANY_ATOMIC, List.of("lax %r0, %r1, 8(%r2)"), 1},
                {S390X, ANY_ATOMIC, List.of("lg %r12, 0(%r11)", "stg %r13, 8(%r11)", "bnor %r0"), 0},
                // s390x (LLVM's text), from the s390x-jdk25-hex and -jdk28-hex recordings and the tests' runs
                {S390X, CAS, List.of("csg %r12, %r13, 0(%r11)"), 1}, {S390X, ANY_CAS, List.of("cs %r0, %r1, 8(%r2)"), 1},
                {S390X, CAS, List.of("lg %r12, 0(%r11)", "stg %r13, 0(%r11)"), 0},
                {S390X, ATOMIC_ADD, List.of("laag %r0, %r1, 16(%r2)"), 1}, {S390X, ATOMIC_ADD, List.of("agsi 518(%r12), 1"), 0},
                {S390X, FULL_FENCE, List.of("bnor %r0"), 1}, {S390X, FULL_FENCE, List.of("bcr 0, %r0"), 0},
                // s390x 25.0.5, the coarsened increments: the sum loaded as an immediate, then added from memory
                {S390X, Op.addImmediate("k x 0x42", v -> v > 0x42 && v % 0x42 == 0), List.of("lghi %r13, 264", "a %r13, 12(%r11)",
                        "st %r13, 12(%r11)"), 1},
                {S390X, Op.addImmediate("k x 0x42", v -> v > 0x42 && v % 0x42 == 0), List.of("lghi %r13, 264", "st %r13, 12(%r11)"), 0},
                {S390X, VOLATILE_STORE, List.of("st %r2, 132(%r13)", "bnor %r0"), 1},
                {S390X, VOLATILE_STORE, List.of("st %r2, 132(%r13)", "lg %r14, 32(%r15)"), 0},
                {S390X, RELEASE_STORE, List.of("st %r2, 132(%r13)"), 0}, {S390X, LOAD_ACQUIRE, List.of("l %r2, 132(%r13)"), 0},
                // the entry's csg expects the mark with its unlocked bit set (25.0.5, 28-ea+18); the exit's expects the
                // mark as loaded, locked, and sets the bit in the new value; the inflated path's is on the monitor
                {S390X, MARK_WORD_CAS, List.of("lg %r12, 0(%r11)", "tmll %r12, 2", "jne 0x1040", "oill %r12, 1", "lgr %r13, %r12",
                        "xilf %r13, 1", "csg %r12, %r13, 0(%r11)"), 1},
                {S390X, MARK_WORD_CAS, List.of("lg %r13, 0(%r11)", "tmll %r13, 2", "jne 0x1040", "lgr %r12, %r13", "oill %r12, 1",
                        "csg %r13, %r12, 0(%r11)"), 0},
                {S390X, MARK_WORD_CAS, List.of("lg %r12, 0(%r11)", "tmll %r12, 2", "csg %r12, %r13, 0(%r11)"), 0},
                {S390X, MARK_WORD_CAS, List.of("lg %r12, 0(%r11)", "oill %r12, 1", "lgr %r12, %r13", "csg %r12, %r13, 0(%r11)"), 0},
                {S390X, MARK_WORD_CAS, List.of("lg %r12, 0(%r11)", "oill %r12, 1", "csg %r13, %r0, 254(%r11)"), 0},
                {S390X, EXPLICIT_NULL_CHECK, List.of("lgr %r13, %r2", "ltgr %r2, %r2", "je 0x7f00", "lghi %r2, 1", "a %r2, 12(%r13)"), 1},
                {S390X, EXPLICIT_NULL_CHECK, List.of("ltr %r3, %r3", "je 0x7f00", "chi %r3, -1", "dsgfr %r4, %r3"), 0},
                {S390X, TLAB_ALLOCATION, List.of("lg %r2, 456(%r8)", "alghsik %r13, %r2, 16", "clg %r13, 472(%r8)",
                        "jhe 0x7f00", "stg %r13, 456(%r8)"), 1},
                {S390X, TLAB_ALLOCATION, List.of("lg %r2, 456(%r8)", "clg %r13, 472(%r8)", "stg %r13, 464(%r8)"), 0},
                {S390X, ZEROING, List.of("mvcle %r0, %r8, 0"), 1}, {S390X, ZEROING, List.of("xc 0(1,%r11), 0(%r11)"), 1},
                {S390X, ZEROING, List.of("xc 0(1,%r11), 8(%r11)"), 0},
                {S390X, CARD_MARK, List.of("srag %r11, %r13, 9", "alg %r11, 80(%r8)", "cli 0(%r11), 255", "jglh 0x7f00",
                        "mvi 0(%r11), 0"), 1},
                {S390X, CARD_MARK, List.of("srlg %r11, %r13, 3", "algr %r11, %r12", "mvi 0(%r11), 0"), 0},
                {S390X, CONDITIONAL_CARD_MARK, List.of("cli 0(%r11), 0", "je 0x7f00", "mvi 0(%r11), 0"), 1},
                {S390X, CONDITIONAL_CARD_MARK, List.of("cli 0(%r11), 2", "jglh 0x7f00", "bnor %r0"), 0},
                {S390X, CROSS_REGION_FILTER, List.of("xgrk %r11, %r13, %r4", "srag %r11, %r11, 22", "jge 0x7f00"), 1},
                {S390X, CROSS_REGION_FILTER, List.of("xgrk %r11, %r13, %r4", "srag %r11, %r11, 9", "jge 0x7f00"), 0},
                {S390X, NARROW_OOP_DECODE, List.of("llgf %r11, 0(%r13)", "sllg %r11, %r11, 3"), 1},
                // s390x 25.0.5: a byte[16] cleared by xc of itself; Serial's card mark, an indexed stc of a zeroed register;
                // -XX:+UseCondCardMark under Serial: the card loaded and tested
                {S390X, ZERO_STORE.at(31), List.of("alghsik %r12, %r2, 16", "pfd 2, 512(%r13)", "st %r13, 8(%r2)", "xc 0(16,%r12), 0(%r12)"), 1},
                {S390X, ZERO_STORE.at(32), List.of("alghsik %r12, %r2, 16", "xc 0(16,%r12), 0(%r12)"), 0},
                {S390X, ZERO_STORE, List.of("xc 0(16,%r12), 0(%r13)"), 0},
                {S390X, CARD_MARK, List.of("srlg %r13, %r2, 9", "xgr %r11, %r11", "lgrl %r12, 0x1000", "stc %r11, 0(%r13,%r12)"), 1},
                {S390X, CARD_MARK, List.of("srlg %r13, %r2, 9", "lgrl %r12, 0x1000", "stc %r11, 0(%r13,%r12)"), 0},
                {S390X, CONDITIONAL_CARD_MARK, List.of("srlg %r13, %r2, 9", "lgrl %r12, 0x1000", "algrk %r13, %r12, %r13",
                        "lb %r12, 0(%r13)", "ltr %r12, %r12", "je 0x1020", "mvi 0(%r13), 0"), 1},
                {S390X, CARD_MARK, List.of("srlg %r13, %r2, 9", "lgrl %r12, 0x1000", "algrk %r13, %r12, %r13",
                        "lb %r12, 0(%r13)", "ltr %r12, %r12", "je 0x1020", "mvi 0(%r13), 0"), 1},
                // ppc64le 28-ea+18, the AQS state's CAS: the sync 11 instructions before the pair; a store between breaks it
                {PPC64LE, CAS, List.of("sync", "addi r14, r14, 16", "addis r15, r2, 1", "addi r15, r15, 8", "addis r16, r2, 1",
                        "ld r17, 0(r15)", "add r14, r14, r17", "li r18, 1", "ld r19, 0(r14)", "cmpd r19, r20", "bne 0x1100",
                        "ldarx r19, 0, r14", "cmpd r19, r20", "bne- 0x1100", "stdcx. r21, 0, r14", "bne- 0x102c", "li r3, 1", "isync"), 1},
                {PPC64LE, CAS, List.of("sync", "std r5, 16(r3)", "ldarx r19, 0, r14", "cmpd r19, r20", "bne- 0x1100",
                        "stdcx. r21, 0, r14", "bne- 0x102c", "isync"), 0},
                {S390X, ZERO_STORE, List.of("mvhi 12(%r2), 0"), 1}, {S390X, ZERO_STORE, List.of("mvhi 12(%r2), 42"), 0},
                {S390X, ZERO_STORE, List.of("mvghi 16(%r15), 0"), 0}, {S390X, FIELD_STORE, List.of("st %r12, 8(%r2)"), 1},
                {S390X, FIELD_STORE, List.of("stg %r2, 16(%r15)"), 0},
                {S390X, INTEGER_MULTIPLICATION, List.of("msr %r2, %r3"), 1},
                {S390X, INTEGER_MULTIPLICATION, List.of("mvhi 12(%r2), 42"), 0},
                {S390X, SPILL_TO_STACK, List.of("stg %r4, 168(%r15)", "basr %r14, %r1", "lg %r4, 168(%r15)"), 1},
                {S390X, SPILL_TO_STACK, List.of("stg %r14, 8(%r15)", "lg %r14, 8(%r15)"), 0},
                // a 4-byte slot reloads zero-extended (s390.ad MachSpillCopyNode: llgf), 25.0.5
                {S390X, SPILL_TO_STACK, List.of("st %r12, 16(%r15)", "l %r13, 300(%r2)", "llgf %r13, 16(%r15)"), 1},
                {S390X, SPILL_TO_FP_REGISTER, List.of("ldgr %f1, %r2"), 1},
                // load-on-condition: b ? x : y, Math.min (25.0.5, 28-ea+18); not the VM's flag from its scratch r0, nor mask 15
                {S390X, CMOV, List.of("ltr %r2, %r2", "lgr %r2, %r4", "locgrne %r2, %r3"), 1},
                {S390X, CMOV, List.of("cr %r2, %r3", "locrhe %r2, %r3"), 1}, {S390X, CMOV, List.of("locghine %r2, 1"), 1},
                {S390X, CMOV, List.of("lghi %r0, 0", "lghi %r2, 1", "locgrne %r2, %r0"), 0},
                {S390X, CMOV, List.of("locgr %r2, %r3, 15"), 0},
                {S390X, CMOV, List.of("ltr %r2, %r2", "je 0x1018", "lghi %r2, 1", "lg %r14, 32(%r15)"), 0},
                {S390X, CONDITIONAL_BRANCH, List.of("lgr %r12, %r2", "ltr %r2, %r2", "je 0x1040"), 1},
                {S390X, CONDITIONAL_BRANCH, List.of("blhr %r1", "chi %r3, -1", "jlh 0x1040"), 1},
                {S390X, CONDITIONAL_BRANCH, List.of("cijlh %r3, -1, 0x1040"), 1},
                {S390X, CONDITIONAL_BRANCH, List.of("lg %r0, 32(%r8)", "cfi %r0, -1", "larl %r14, 0x1010", "blhr %r1"), 0},
                {S390X, CONDITIONAL_BRANCH, List.of("lg %r1, 48(%r8)", "tm 0(%r1), 111", "br %r14"), 0},
                {S390X, CONDITIONAL_BRANCH, List.of("lgr %r12, %r2", "csg %r12, %r13, 0(%r11)", "jne 0x1000"), 0},
                {S390X, CONDITIONAL_BRANCH, List.of("lgr %r12, %r2", "ltr %r2, %r2", "j 0x1040"), 0},
                {S390X, FIELD_LOAD, List.of("l %r10, 12(%r2)"), 1}, {S390X, FIELD_LOAD, List.of("llgf %r1, 12(%r2)"), 1},
                {S390X, FIELD_LOAD, List.of("lg %r14, 32(%r15)"), 0}, {S390X, FIELD_LOAD, List.of("lg %r1, 48(%r8)"), 0},
                {S390X, FIELD_LOAD, List.of("lgrl %r13, 0x1000"), 0},
                {S390X, THREAD_LOCAL_POLL, List.of("lg %r12, 48(%r8)", "tm 0(%r12), 111"), 1},
                {S390X, THREAD_LOCAL_POLL, List.of("lg %r12, 48(%r2)", "tm 0(%r12), 111"), 0},
                {S390X, THREAD_LOCAL_POLL, List.of("lg %r0, 32(%r8)", "cfi %r0, -1"), 0},
                {S390X, Op.LOAD_FENCE, List.of("bnor %r0"), 0},
                {S390X, Op.addImmediate("0x42", v -> v == 0x42), List.of("asi 128(%r13), 66"), 1},
                {X86_64, CMOV, List.of("cmovnel %r11d, %eax"), 1},
                {AARCH64, CMOV, List.of("cset w0, ne"), 0},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testq %rsi, %rsi", "je 0x7f00", "movl 0xc(%rsi), %eax"), 1},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testl %edx, %edx", "je 0x7f00", "cltd", "idivl %edx"), 0},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testq %rsi, %rsi", "je 0x7f00", "movl 0xc(%rdx), %eax"), 0},
                {AARCH64, EXPLICIT_NULL_CHECK, List.of("cbz x1, 0x5500", "ldr w0, [x1, #0xc]"), 1},
                {AARCH64, EXPLICIT_NULL_CHECK, List.of("cbz w2, 0x5500", "sdiv w0, w1, w2"), 0},
                {X86_64, FULL_FENCE, List.of("lock addl $0, -0x40(%rsp)"), 1},
                {AARCH64, FULL_FENCE, List.of("dmb ishst"), 0},
                {AARCH64, FULL_FENCE, List.of("dmb ishld"), 0},
                {AARCH64, Op.LOAD_FENCE, List.of("dmb ishld"), 1},
                {AARCH64, Op.LOAD_FENCE, List.of("dmb ish"), 0},
                {X86_64, Op.LOAD_FENCE, List.of("lfence", "lock addl $0, -0x40(%rsp)"), 0},
                {X86_64, RELEASE_STORE, List.of("xchgl %esi, 0x70(%r10)"), 1},
                {X86_64, VOLATILE_STORE, List.of("movl %esi, 0x70(%r10)", "lock addl $0, -0x40(%rsp)"), 1},
                {X86_64, VOLATILE_STORE, List.of("movl %esi, 0x70(%r10)", "addq $0x10, %rsp"), 0},
                {X86_64, CARD_MARK, List.of("shrq $9, %r10", "movabsq $0x7f00, %rdi", "addq %r10, %rdi", "movb $0, (%rdi)"), 1},
                {X86_64, CARD_MARK, List.of("shrq $9, %r10", "movabsq $0x7f00, %rdi", "addq %r10, %rdi", "movb $0, (%rsi)"), 0},
                {X86_64, Op.addImmediate("0x108", v -> v == 0x108), List.of("addl $0x108, 0xc(%rbx)"), 1},
                // memory (#12): Serial's indexed card mark, the conditional mark, G1's filter; a shift by 22 is no card
                {X86_64, CARD_MARK, List.of("shrq $9, %r10", "movabsq $0x7f00, %r11", "movb %r12b, (%r11, %r10)"), 1},
                {X86_64, CARD_MARK, List.of("shrq $0x16, %r10", "movabsq $0x7f00, %r11", "movb %r12b, (%r11, %r10)"), 0},
                {AARCH64, CARD_MARK, List.of("lsr x10, x1, #9", "adrp x12, #0x5500", "add x12, x12, #0", "strb wzr, [x12, x10, lsl #0]"), 1},
                {X86_64, Op.CONDITIONAL_CARD_MARK, List.of("cmpb $0, (%r11)", "je 0x7f00", "movb %r12b, (%r11)"), 1},
                // JDK 17 under -XX:+StressLCM -XX:StressSeed=2018; the store behind another branch is not the mark's
                {X86_64, Op.CONDITIONAL_CARD_MARK, List.of("cmpb $0, (%r9)", "je 0x7f00", "movq %r10, %r8", "addq $-8, %r8", "movb %r12b, (%r9)"), 1},
                {X86_64, Op.CONDITIONAL_CARD_MARK, List.of("cmpb $0, (%r9)", "je 0x7f00", "jmp 0x7f10", "movb %r12b, (%r9)"), 0},
                {AARCH64, Op.CONDITIONAL_CARD_MARK, List.of("ldrsb w13, [x10]", "lsr x12, x2, #3", "cbz w13, 0x5500", "strb wzr, [x10]"), 1},
                {X86_64, Op.CROSS_REGION_FILTER, List.of("xorq %rdx, %r10", "shrq $0x16, %r10", "je 0x7f00"), 1},
                // JDK 17 under -XX:+StressLCM -XX:StressSeed=2008: the filter's steps spread by the scheduler
                {X86_64, Op.CROSS_REGION_FILTER, List.of("xorq %r10, %r11", "movl %r8d, 0xc(%rbp)", "shrq $9, %r10", "shrq $0x16, %r11",
                        "movabsq $0x7fc3c1862000, %r9", "addq %r10, %r9", "testq %r11, %r11", "je 0x7f00"), 1},
                {AARCH64, Op.CROSS_REGION_FILTER, List.of("eor x13, x10, x2", "lsr x13, x13, #0x16", "cbz x13, 0x5500"), 1},
                {X86_64, ZEROING, List.of("xorq %rax, %rax", "cmpq $8, %rcx", "jg 0x7f00", "decq %rcx", "js 0x7f00", "movq %rax, (%rdi, %rcx, 8)"), 1},
                {X86_64, ZEROING, List.of("pxor %xmm0, %xmm0", "movdqu %xmm0, (%rdi)"), 1},
                {X86_64, ZEROING, List.of("vpxor %ymm0, %ymm0, %ymm0", "vmovdqu64 %zmm0, (%rdi) {%k2}"), 1},
                {X86_64, ZEROING, List.of("rep stosb %al, (%rdi)"), 1},
                {X86_64, Op.ZERO_STORE.at(12), List.of("movl %r12d, 0xc(%rax)", "movl $0, 0xc(%rsp)", "movl %ebp, 0xc(%rax)"), 1},
                {X86_64, Op.FIELD_STORE.at(12), List.of("movl %r12d, 0xc(%rax)", "movl %ebp, 0xc(%rax)", "movl %ebp, 8(%rax)"), 1},
                {AARCH64, Op.ZERO_STORE.at(12), List.of("str wzr, [x0, #0xc]", "str w29, [x0, #0xc]", "str xzr, [x9]"), 1},
                {AARCH64, Op.addImmediate("0x108", v -> v == 0x108), List.of("add w11, w10, #0x108"), 1},
                {X86_64, SAFEPOINT_POLL.inside(Scope.LOOP_BODY), List.of("movl (%r10), %r11", "testl %eax, (%r11)", "jl 0x1000"), 0},
                // a page not read through the thread (a global page, JDK 9 and older) is no thread-local poll; a
                // page poll at the return (JDK 10 to 15) is no watermark check
                // JDK 28-ea+18 zeroes a constant-length array through a broadcast zeroed register; on 27 the header's
                // stores come between the offset's add and the zeroed vector, but not the TLAB end check's compare
                {X86_64, Op.ZEROING, List.of("xorq %rax, %rax", "vpbroadcastq %rax, %zmm0", "jmp 0x1000", "vmovdqu64 %zmm0, (%rdi)"), 1},
                // 28-ea+18 with 32-byte vectors (an AVX2 CPU; AVX-512 on an AMD Zen 4): the zeroed register moved into the
                // vector register and widened in place; a vector register loaded from anything else is no zeroing
                {X86_64, Op.ZEROING, List.of("xorq %rax, %rax", "vmovq %rax, %xmm0", "vpunpcklqdq %xmm0, %xmm0, %xmm0",
                        "vinserti128 $1, %xmm0, %ymm0, %ymm0", "jmp 0x1000", "vmovdqu %ymm0, (%rdi)"), 1},
                {X86_64, Op.ZEROING, List.of("xorq %rax, %rax", "vmovq %rbx, %xmm0", "vpunpcklqdq %xmm0, %xmm0, %xmm0",
                        "vinserti128 $1, %xmm0, %ymm0, %ymm0", "vmovdqu %ymm0, (%rdi)"), 0},
                {X86_64, Op.ZEROING, List.of("xorq %rax, %rax", "vmovq %rax, %xmm1", "vmovdqu %ymm0, (%rdi)"), 0},
                {X86_64, Op.ZERO_STORE.at(27), List.of("movq %rax, %r10", "addq $0x10, %r10", "prefetchnta 0x120(%rax)",
                        "prefetchnta 0x160(%rax)", "prefetchnta 0x1a0(%rax)", "movabsq $0x17980000000001, %r11", "movq %r11, (%rax)",
                        "movq $0x10, 8(%rax)", "vpxord %zmm0, %zmm0, %zmm0", "vmovdqu64 %xmm0, (%r10)"), 1},
                {X86_64, Op.ZERO_STORE.at(0x20), List.of("movq %rax, %r10", "addq $0x20, %r10", "cmpq 0x1c0(%r15), %r10", "jae 0x1000",
                        "vpxord %zmm0, %zmm0, %zmm0", "vmovdqu64 %xmm0, (%r10)"), 0},
                // StressLCM, seed 3005 on 28-ea+18: twelve instructions between the add and the zeroed register
                {X86_64, Op.ZERO_STORE.at(27), List.of("movq %rax, %r10", "addq $0x10, %r10", "movq %rax, %r11", "addq $0x20, %r11",
                        "cmpq 0x1b8(%r15), %r11", "jae 0x1000", "movabsq $0x18840000000001, %r8", "prefetchw 0xe0(%rax)",
                        "movq %r11, 0x1a8(%r15)", "movq %r8, (%rax)", "prefetchw 0x120(%rax)", "prefetchw 0x160(%rax)",
                        "movq $0x10, 8(%rax)", "prefetchw 0x1a0(%rax)", "vpxord %zmm0, %zmm0, %zmm0", "vmovdqu64 %xmm0, (%r10)"), 1},
                // StressLCM (seed 3001, 17.0.15) moves the end check of another register between the add and the zeroing
                {X86_64, Op.ZERO_STORE.at(31), List.of("movq %rax, %r10", "addq $0x20, %r10", "movq %rax, %r11", "addq $0x10, %r11",
                        "cmpq 0x118(%r15), %r10", "jae 0x1000", "movq %r10, 0x108(%r15)", "movq $1, (%rax)", "prefetchw 0x100(%r10)",
                        "movl $0x6848, 8(%rax)", "movl $0x10, 0xc(%rax)", "vpxor %ymm0, %ymm0, %ymm0", "vmovdqu64 %xmm0, (%r11)"), 1},
                {X86_64, THREAD_LOCAL_POLL, List.of("movq 0x348(%r15), %r8", "addl $1, %eax", "testl %eax, (%r8)"), 1},
                {X86_64, THREAD_LOCAL_POLL, List.of("movabsq $0x7f0000, %r8", "testl %eax, (%r8)"), 0},
                {AARCH64, THREAD_LOCAL_POLL, List.of("ldr x10, [x28, #0x30]", "ldr wzr, [x10]"), 1},
                {AARCH64, THREAD_LOCAL_POLL, List.of("ldr x10, [x28, #0x30]", "ldr wzr, [x11]"), 0},
                {X86_64, STACK_WATERMARK_POLL, List.of("cmpq 0x28(%r15), %rsp", "ja 0x1000"), 1},
                {X86_64, STACK_WATERMARK_POLL, List.of("movq 0x108(%r15), %r10", "testl %eax, (%r10)"), 0},
                {AARCH64, STACK_WATERMARK_POLL, List.of("ldr x8, [x28, #0x28]", "cmp sp, x8", "b.hi 0x1000"), 1},
                {AARCH64, STACK_WATERMARK_POLL, List.of("ldr x8, [x28, #0x28]", "ldr wzr, [x8]"), 0},
                {X86_64, RELOAD_FROM_FP_REGISTER, List.of("vmovd %xmm2, %r10d"), 1},
                {X86_64, RELOAD_FROM_FP_REGISTER, List.of("vmovd %r10d, %xmm2"), 0},
                {AARCH64, RELOAD_FROM_FP_REGISTER, List.of("fmov w11, s25"), 1},
                {AARCH64, RELOAD_FROM_FP_REGISTER, List.of("fmov s16, w11"), 0},
                {AARCH64, LOAD_ACQUIRE, List.of("ldar w0, [x10]"), 1},
                {AARCH64, LOAD_ACQUIRE, List.of("ldr w0, [x1, #0x10]"), 0},
                {X86_64, LOAD_ACQUIRE, List.of("movl 0xc(%rsi), %eax"), 0},
                {X86_64, ATOMIC_ADD, List.of("lock xaddq %rax, 0x10(%r12, %r11, 8)"), 1},
                {X86_64, ATOMIC_ADD, List.of("lock addl $0, -0x40(%rsp)"), 0},
                {X86_64, ATOMIC_ADD, List.of("lock cmpxchgq %r11, 0x10(%r12, %r10, 8)"), 0},
                // the atomic add with acquire and release: ldaddal, or ldaxr ... stlxr; relaxed or half-ordered
                // forms are none (a C2 that dropped the ordering would emit them)
                {AARCH64, ATOMIC_ADD, List.of("ldaddal w9, w10, [x10]"), 1},
                {AARCH64, ATOMIC_ADD, List.of("ldaxr x0, [x10]", "add x8, x0, x2", "stlxr w9, x8, [x10]", "cbnz w9, 0x1000"), 1},
                {AARCH64, ATOMIC_ADD, List.of("ldaxr w9, [x10]", "add w8, w9, #1", "stlxr w9, w8, [x10]", "cbnz w9, 0x1000"), 1},
                {AARCH64, ATOMIC_ADD, List.of("ldaxr x8, [x10]", "cmp x8, x2", "b.ne 0x1010", "stlxr w8, x3, [x10]"), 0},
                {AARCH64, ATOMIC_ADD, List.of("casal x8, x12, [x11]"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldadd w9, w10, [x10]"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldadda x2, x0, [x10]", "ldaddl x2, x0, [x10]", "stadd w9, [x10]"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldxr x0, [x10]", "add x8, x0, x2", "stxr w9, x8, [x10]", "cbnz w9, 0x1000"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldaxr x0, [x10]", "add x8, x0, x2", "stxr w9, x8, [x10]", "cbnz w9, 0x1000"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldxr x0, [x10]", "add x8, x0, x2", "stlxr w9, x8, [x10]", "cbnz w9, 0x1000"), 0},
                {AARCH64, ATOMIC_ADD, List.of("ldaxr x0, [x10]", "add x8, x0, x2", "str x8, [x11]", "stlxr w9, x8, [x10]"), 0},
                // the CAS with acquire and release: casal, or ldaxr, a compare, stlxr to the same address with no
                // memory access between; ANY_CAS is every CAS, relaxed included
                {AARCH64, CAS, List.of("casal x8, x3, [x10]"), 1},
                {AARCH64, CAS, List.of("casal w8, w12, [x10]"), 1},
                {AARCH64, CAS, List.of("cas x1, x2, [x0]"), 0},
                {AARCH64, CAS, List.of("casa x8, x10, [x1]", "casl x8, x12, [x1]", "casb w1, w2, [x0]"), 0},
                {AARCH64, CAS, List.of("ldaxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stlxr w8, x3, [x10]", "cbnz w8, 0x1000"), 1},
                {AARCH64, CAS, List.of("ldaxrb w8, [x10]", "eor w9, w8, w2", "tst w9, #0xff", "b.ne 0x1018",
                        "stlxrb w9, w3, [x10]", "cbnz w9, 0x1000"), 1},
                {AARCH64, CAS, List.of("ldxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stxr w8, x3, [x10]", "cbnz w8, 0x1000"), 0},
                {AARCH64, CAS, List.of("ldaxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stxr w8, x3, [x10]", "cbnz w8, 0x1000"), 0},
                {AARCH64, CAS, List.of("ldxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stlxr w8, x3, [x10]", "cbnz w8, 0x1000"), 0},
                {AARCH64, CAS, List.of("ldaxr x8, [x10]"), 0},
                {AARCH64, CAS, List.of("ldxr x8, [x10]", "cmp x8, x2"), 0},
                {AARCH64, CAS, List.of("ldaxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stlxr w8, x3, [x11]"), 0},
                {AARCH64, CAS, List.of("ldaxr x8, [x10]", "cmp x8, x2", "ldr x9, [x12]", "stlxr w8, x3, [x10]"), 0},
                {AARCH64, CAS, List.of("ldaxr x0, [x10]", "add x8, x0, x2", "stlxr w9, x8, [x10]", "cbnz w9, 0x1000"), 0},
                {X86_64, CAS, List.of("lock cmpxchgq %rcx, 0x10(%rsi)"), 1},
                {AARCH64, ANY_CAS, List.of("cas x1, x2, [x0]"), 1},
                {AARCH64, ANY_CAS, List.of("casa x8, x10, [x1]", "casl x8, x12, [x1]", "casalh w1, w2, [x0]"), 3},
                {AARCH64, ANY_CAS, List.of("ldxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stxr w8, x3, [x10]", "cbnz w8, 0x1000"), 1},
                {AARCH64, ANY_CAS, List.of("ldaxr x8, [x10]", "cmp x8, x2", "b.ne 0x1014", "stlxr w8, x3, [x10]", "cbnz w8, 0x1000"), 1},
                {AARCH64, ANY_CAS, List.of("ldar x8, [x10]", "stlr x8, [x10]"), 0},
                {X86_64, ANY_CAS, List.of("lock cmpxchgl %r10d, 0x10(%r12, %r13, 8)"), 1},
                // the mark word's CAS with acquire, wherever after the mark's load it comes; the exit's
                // release-only CAS and a relaxed one are none
                {X86_64, MARK_WORD_CAS, List.of("movq (%rsi), %rax", "orq $1, %rax", "lock cmpxchgq %rbx, (%rsi)"), 1},
                {X86_64, MARK_WORD_CAS, List.of("movq (%rsi), %rax", "lock cmpxchgq %rbx, 0x3e(%r10)"), 0},
                // x86_64's entry expects the mark unlocked in rax (17: loaded there; 25 to 28-ea: copied there); the
                // exit expects the box (stack locking) or the mark with its lock bits clear (lightweight), and a CAS
                // whose rax was written after the or, or reached by a jump, is not the entry's
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "testb $2, %r10b", "jne 0x1040", "movq %r10, %rax",
                        "orq $1, %rax", "andq $0xfffffffffffffffe, %r10", "lock cmpxchgq %r10, (%r11)"), 1},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "movq %r10, %rax", "andq $0xfffffffffffffffc, %rax",
                        "orq $1, %r10", "lock cmpxchgq %r10, (%r11)"), 0},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "testq $2, %r10", "je 0x1010", "leaq (%rsp), %rax",
                        "movq (%rax), %r10", "lock cmpxchgq %r10, (%r11)"), 0},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "movq %r10, %rax", "orq $1, %rax", "movl 0x7d0(%r15), %eax",
                        "lock cmpxchgq %r10, (%r11)"), 0},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "movq %r10, %rax", "orq $1, %rax", "jmp 0x1040",
                        "lock cmpxchgq %r10, (%r11)"), 0},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "jmp 0x1040", "movq %r10, %rax", "orq $1, %rax",
                        "lock cmpxchgq %r10, (%r11)"), 0},
                {X86_64, MARK_WORD_CAS, List.of("movq (%r11), %r10", "movq %r10, %rax", "orq $1, %rax", "cmpxchgq %r10, (%r11)"), 0},
                // JDK 21's lightweight locking: the lock bits cleared in rax before the or (MacroAssembler::lightweight_lock)
                {X86_64, MARK_WORD_CAS, List.of("movq (%rdi), %rax", "testq $2, %rax", "jne 0x1040", "movl 0x6c8(%r15), %ebx",
                        "cmpl $0x6c0, %ebx", "jge 0x1040", "andq $0xfffffffffffffffc, %rax", "movq %rax, %rbx", "orq $1, %rax",
                        "lock cmpxchgq %rbx, (%rdi)"), 1},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x11, [x1]", "orr x11, x11, #1", "casa x8, x10, [x1]"), 1},
                {AARCH64, MARK_WORD_CAS, List.of("mov x12, sp", "ldr x11, [x1]", "orr x10, x11, #1", "str x10, [x12]",
                        "mov x11, x10", "casal x11, x12, [x1]"), 1},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x11, [x1]", "add x12, x11, #0x3e", "casal x10, x9, [x12]"), 0},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x11, [x1]", "ldaxr x11, [x1]"), 0},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x10, [x1]", "orr x12, x10, #1", "casl x8, x12, [x1]"), 0},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x10, [x1]", "orr x12, x10, #1", "cas x8, x12, [x1]"), 0},
                // without LSE: lightweight locking's acquire-only pair, and stack locking's; the exit's ldxr/stlxr is none
                {AARCH64, MARK_WORD_CAS, List.of("ldr x11, [x1]", "orr x11, x11, #1", "eor x10, x11, #1", "ldaxr x8, [x1]",
                        "cmp x8, x11", "b.ne 0x1020", "stxr w8, x10, [x1]", "cbnz w8, 0x100c"), 1},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x11, [x12]", "orr x10, x11, #1", "str x10, [x13]", "ldaxr x11, [x12]",
                        "cmp x11, x10", "b.ne 0x1020", "stlxr w8, x13, [x12]", "cbnz w8, 0x100c"), 1},
                {AARCH64, MARK_WORD_CAS, List.of("ldr x10, [x1]", "orr x12, x10, #1", "ldxr x8, [x1]", "cmp x8, x10",
                        "b.ne 0x1020", "stlxr w8, x12, [x1]", "cbnz w8, 0x1008"), 0},
                // no window between the mark's load and the CAS: a register allocation that puts 20 instructions
                // between them (the old 16-instruction window missed it) is the same claim; data flow bounds it
                {X86_64, MARK_WORD_CAS, markLoadThenCas("movq (%rsi), %rax", "orq $1, %rax\nlock cmpxchgq %rbx, (%rsi)", "movq %rax, %r10"), 1},
                {AARCH64, MARK_WORD_CAS, markLoadThenCas("ldr x11, [x1]", "casa x8, x10, [x1]", "mov x10, x11"), 1},
                // compressed references decoded into the address through any register, not only r8 to r15
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "movl 0xc(%r12, %r11, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rax, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0x10(%rdx), %esi", "movq 0x10(%r12, %rsi, 8), %rax"), 1},
                // decoded apart from the access, into a register (decode_heap_oop_not_null(dst, src)): not in its address
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "leaq (%r12, %r11, 8), %r10", "movl 0xc(%r10), %eax"), 0},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %ebx", "movl 0xc(, %rbx, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rbx, 8), %eax"), 0},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "movl 0xc(%r11), %eax"), 0},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rax, 4), %eax"), 0},
                // 32-bit mode: the reference itself the next load's address; a copy, lea or null check between is a decode apart
                {X86_64, NARROW_OOP_AS_ADDRESS, List.of("movl 8(%rsi), %r11d", "movl 8(%r11), %eax"), 1},
                {X86_64, NARROW_OOP_AS_ADDRESS, List.of("movl 0xc(%rsi), %esi", "movl 0xc(%rsi), %eax"), 1},
                {X86_64, NARROW_OOP_AS_ADDRESS, List.of("movl 8(%rsi), %r11d", "movq %r11, %r10", "movl 8(%r10), %eax"), 0},
                {X86_64, NARROW_OOP_AS_ADDRESS, List.of("movl 8(%rsi), %r11d", "leaq (%r11), %r10", "movl 8(%r10), %eax"), 0},
                {X86_64, NARROW_OOP_AS_ADDRESS, List.of("movl 8(%rsi), %r11d", "movl 8(%r12, %r11, 8), %eax"), 0},
                {AARCH64, NARROW_OOP_AS_ADDRESS, List.of("ldr w11, [x1, #8]", "ldr w0, [x11, #8]"), 1},
                {AARCH64, NARROW_OOP_AS_ADDRESS, List.of("ldr w11, [x1, #8]", "cbz w11, 0x2000", "mov x10, x11", "ldr w0, [x10, #8]"), 0},
                {AARCH64, NARROW_OOP_AS_ADDRESS, List.of("ldr w11, [x1, #8]", "lsl x10, x11, #3", "ldr w0, [x10, #8]"), 0},
                {RISCV64, NARROW_OOP_AS_ADDRESS, List.of("lwu t3, 12(a1)", "lw a0, 12(t3)"), 1},
                {RISCV64, NARROW_OOP_AS_ADDRESS, List.of("lwu t3, 12(a1)", "mv t2, t3", "lw a0, 12(t2)"), 0},
                {PPC64LE, NARROW_OOP_AS_ADDRESS, List.of("lwz r15, 12(r3)", "mr r14, r15", "lwz r3, 12(r14)"), 1},
                {PPC64LE, NARROW_OOP_AS_ADDRESS, List.of("lwz r15, 12(r3)", "sldi r14, r15, 3", "lwz r3, 12(r14)"), 0},
                {S390X, NARROW_OOP_AS_ADDRESS, List.of("llgf %r12, 12(%r2)", "l %r2, 12(%r12)"), 1},
                {S390X, NARROW_OOP_AS_ADDRESS, List.of("llgf %r12, 12(%r2)", "lgr %r11, %r12", "l %r2, 12(%r11)"), 0},
                // G1 since JDK 26 (JEP 522), x86_64 28-ea+18 and AArch64 28-ea+18: the table's base from the thread,
                // the card compared with clean; the JDK 25 young-card compare branches away from the store
                {X86_64, CARD_MARK, List.of("shrq $9, %r10", "addq 0x50(%r15), %r10", "cmpb $0xff, (%r10)", "jne 0x7f00",
                        "movb $0, (%r10)"), 1},
                {X86_64, CONDITIONAL_CARD_MARK, List.of("shrq $9, %r10", "addq 0x50(%r15), %r10", "cmpb $0xff, (%r10)",
                        "jne 0x7f00", "movb $0, (%r10)"), 1},
                {X86_64, CONDITIONAL_CARD_MARK, List.of("cmpb $2, (%r10)", "jne 0x7f00", "lock addl $0, -0x40(%rsp)"), 0},
                {X86_64, CONDITIONAL_CARD_MARK, List.of("cmpb $0xff, (%r10)", "jne 0x7f00", "movb $0, (%r11)"), 0},
                {AARCH64, CARD_MARK, List.of("lsr x13, x10, #9", "ldr x11, [x28, #0x50]", "ldrb w8, [x13, x11]",
                        "tbz w8, #0, 0x5500", "strb wzr, [x13, x11]"), 1},
                {AARCH64, CONDITIONAL_CARD_MARK, List.of("lsr x13, x10, #9", "ldr x11, [x28, #0x50]", "ldrb w8, [x13, x11]",
                        "tbz w8, #0, 0x5500", "strb wzr, [x13, x11]"), 1},
                {AARCH64, CONDITIONAL_CARD_MARK, List.of("ldrb w8, [x13]", "cmp w8, #0xff", "b.ne 0x5500", "strb wzr, [x13]"), 1},
                {AARCH64, CONDITIONAL_CARD_MARK, List.of("ldrb w8, [x13, x11]", "tbz w8, #0, 0x5500", "strb wzr, [x12, x11]"), 0},
                // compact headers (JDK 27+, JEP 534) on AVX-512: the body from offset 8 cleared through obj + 8, eight
                // bytes, so it covers a field at 8 or 12 and not one at 16 (x86_64 28-ea+18, `called`)
                {X86_64, ZERO_STORE.at(8), List.of("movq %rax, %r10", "addq $8, %r10", "prefetchnta 0x110(%rax)",
                        "movabsq $0x1044c0000000001, %r11", "movq %r11, (%rax)", "vpxord %zmm0, %zmm0, %zmm0", "vmovq %xmm0, (%r10)"), 1},
                {X86_64, ZERO_STORE.at(12), List.of("movq %rax, %r10", "addq $8, %r10", "vpxord %zmm0, %zmm0, %zmm0",
                        "vmovq %xmm0, (%r10)"), 1},
                {X86_64, ZERO_STORE.at(16), List.of("movq %rax, %r10", "addq $8, %r10", "vpxord %zmm0, %zmm0, %zmm0",
                        "vmovq %xmm0, (%r10)"), 0},
                // the field zeroed twice is two zero stores, not one (a near miss of NearMissTest the form once counted as one)
                {X86_64, ZERO_STORE.at(12), List.of("movq %rax, %r10", "addq $8, %r10", "vpxord %zmm0, %zmm0, %zmm0",
                        "vmovq %xmm0, (%r10)", "vmovq %xmm0, (%r10)"), 2},
                {X86_64, ZERO_STORE.at(8), List.of("movq %rax, %r10", "addq $0x10, %r10", "vpxor %ymm0, %ymm0, %ymm0",
                        "vmovq %xmm0, (%r10)"), 0},
                {X86_64, ZERO_STORE.at(12), List.of("movq %r12, 8(%rax)"), 1},
                {X86_64, ZERO_STORE.at(8), List.of("movl %r12d, 0xc(%rax)", "movl %ebp, 8(%rax)"), 0},
                {X86_64, FIELD_STORE.at(8), List.of("movq %r10, (%rax)", "movl %r12d, 0xc(%rax)", "movl %ebp, 8(%rax)"), 1},
                {AARCH64, ZERO_STORE.at(12), List.of("stp xzr, xzr, [x0, #8]"), 1},
                {AARCH64, ZERO_STORE.at(8), List.of("str wzr, [x0, #0xc]"), 0},
                // AArch64 28-ea+18: a small array's payload zeroed through its address plus 16 (stp covers 16 to 31)
                {AARCH64, ZERO_STORE.at(27), List.of("add x10, x0, #0x10", "stp xzr, xzr, [x10]"), 1},
                {AARCH64, ZERO_STORE.at(8), List.of("add x10, x0, #0x10", "stp xzr, xzr, [x10]"), 0},
                {AARCH64, ZERO_STORE, List.of("add x10, x28, #0x10", "stp xzr, xzr, [x10]"), 0},
                // spills to the stack (x86_64 28-ea+18's default here): a slot stored then reloaded; the frame
                // pointer's save and restore are none
                {X86_64, SPILL_TO_STACK, List.of("movq %rbp, 0x80(%rsp)", "movl %r11d, (%rsp)", "movl 0x60(%rsp), %r10d",
                        "movl (%rsp), %r11d", "movq 0x80(%rsp), %rbp"), 1},
                {X86_64, SPILL_TO_STACK, List.of("movl %r10d, 4(%rsp)", "movl 4(%rsp), %r10d", "movl %r11d, 8(%rsp)",
                        "movl 8(%rsp), %r11d"), 2},
                {AARCH64, SPILL_TO_STACK, List.of("str w11, [sp, #0x10]", "ldr w10, [sp, #0x10]"), 1},
                {AARCH64, SPILL_TO_STACK, List.of("stp x29, x30, [sp, #0x10]", "ldp x29, x30, [sp, #0x10]"), 0},
                // ppc64le (LLVM's text; Debian's 25.0.5 and 28-ea+18 under qemu, -cpu power9): CAS and atomic add are a
                // reservation pair between a release (sync, or lwsync) and an acquire (isync); the pair alone is ANY_CAS
                {PPC64LE, CAS, List.of("sync", "addi r14, r3, 16", "li r3, 0", "ld r0, 0(r14)", "cmpd r0, r4", "bne 0x1020",
                        "ldarx r0, 0, r14", "cmpd r0, r4", "bne- 0x1020", "stdcx. r5, 0, r14", "bne- 0x1018", "li r3, 1", "isync"), 1},
                {PPC64LE, CAS, List.of("lwsync", "ldarx r0, 0, r14", "cmpdi r0, 0", "bne- 0x1014", "stdcx. r15, 0, r14",
                        "bne- 0x1004", "isync"), 1},
                {PPC64LE, CAS, List.of("ldarx r0, 0, r14", "cmpd r0, r4", "bne- 0x1010", "stdcx. r5, 0, r14", "bne- 0x1000"), 0},
                {PPC64LE, CAS, List.of("sync", "ldarx r0, 0, r14", "cmpd r0, r4", "bne- 0x1014", "stdcx. r5, 0, r14"), 0},
                {PPC64LE, CAS, List.of("sync", "lwarx r0, 0, r14", "cmpw r0, r4", "bne- 0x1018", "stwcx. r5, 0, r15", "isync"), 0},
                {PPC64LE, CAS, List.of("sync", "ldarx r0, 0, r14", "cmpd r0, r4", "ld r9, 8(r3)", "stdcx. r5, 0, r14", "isync"), 0},
                {PPC64LE, ANY_CAS, List.of("ldarx r0, 0, r14", "cmpd r0, r4", "bne- 0x1010", "stdcx. r5, 0, r14"), 1},
                {PPC64LE, ANY_CAS, List.of("sync", "ldarx r3, 0, r14", "add r0, r3, r4", "stdcx. r0, 0, r14", "isync"), 0},
                {PPC64LE, ATOMIC_ADD, List.of("sync", "addi r14, r14, 16", "ldarx r3, 0, r14", "add r0, r3, r4", "stdcx. r0, 0, r14",
                        "bne- 0x1008", "isync"), 1},
                {PPC64LE, ATOMIC_ADD, List.of("sync", "lwarx r17, 0, r14", "add r0, r17, r15", "stwcx. r0, 0, r14", "bne- 0x1004",
                        "isync"), 1},
                {PPC64LE, ATOMIC_ADD, List.of("ldarx r3, 0, r14", "add r0, r3, r4", "stdcx. r0, 0, r14", "bne- 0x1000"), 0},
                {PPC64LE, ATOMIC_ADD, List.of("sync", "ldarx r3, 0, r14", "add r0, r3, r4", "stdcx. r3, 0, r14", "isync"), 0},
                // the mark word's CAS with acquire: the mark loaded and its lock bits tested, then the pair on the
                // object itself and isync; the exit's (lwsync, no isync) and cmpxchgd's own plain load are none
                {PPC64LE, MARK_WORD_CAS, List.of("ld r15, 0(r3)", "andi. r0, r15, 3", "cmpldi r0, 1", "bgt 0x1040", "bne 0x1040",
                        "ldarx r15, 0, r3", "xori r15, r15, 1", "andi. r0, r15, 3", "bne 0x1040", "stdcx. r15, 0, r3", "bne 0x1014",
                        "isync"), 1},
                {PPC64LE, MARK_WORD_CAS, List.of("ld r14, 0(r3)", "andi. r17, r14, 2", "bne 0x1040", "lwsync", "ldarx r14, 0, r3",
                        "andi. r0, r14, 3", "bne 0x1030", "ori r14, r14, 1", "stdcx. r14, 0, r3", "bne 0x1010", "b 0x1040"), 0},
                {PPC64LE, MARK_WORD_CAS, List.of("sync", "addi r14, r3, 16", "ld r0, 0(r14)", "cmpd r0, r4", "bne 0x1020",
                        "ldarx r0, 0, r14", "cmpd r0, r4", "bne- 0x1020", "stdcx. r5, 0, r14", "isync"), 0},
                {PPC64LE, FULL_FENCE, List.of("sync"), 1},
                {PPC64LE, FULL_FENCE, List.of("lwsync", "isync"), 0},
                {PPC64LE, LOAD_ACQUIRE, List.of("ld r14, 16(r14)", "twi 0, r14, 0", "isync"), 1},
                {PPC64LE, LOAD_ACQUIRE, List.of("ld r14, 16(r14)", "twi 0, r15, 0", "isync"), 0},
                {PPC64LE, CMOV, List.of("isel r3, r3, r14, 4*cr6+eq"), 1},
                {PPC64LE, INTEGER_MULTIPLICATION, List.of("mullw r3, r4, r4"), 1},
                {PPC64LE, INTEGER_MULTIPLICATION, List.of("mulhwu r3, r4, r4", "mulld r3, r4, r5"), 2},
                {PPC64LE, EXPLICIT_NULL_CHECK, List.of("cmpldi cr6, r3, 0", "beq cr6, 0x1040", "lwz r14, 12(r3)"), 1},
                {PPC64LE, EXPLICIT_NULL_CHECK, List.of("cmpwi cr5, r4, 0", "beq cr5, 0x1040", "divw r3, r3, r4"), 0},
                {PPC64LE, EXPLICIT_NULL_CHECK, List.of("cmpdi r5, 0", "beq 0x1040", "lis r17, -25788", "li r15, 32543"), 0},
                {PPC64LE, TLAB_ALLOCATION, List.of("ld r3, 456(r16)", "ld r14, 472(r16)", "addi r15, r3, 16", "cmpld cr6, r15, r14",
                        "bge cr6, 0x1040", "std r15, 456(r16)"), 1},
                {PPC64LE, TLAB_ALLOCATION, List.of("ld r15, 56(r16)", "cmpdi r15, 0", "beq 0x1040", "ld r0, 64(r16)",
                        "addi r15, r15, -8", "std r15, 56(r16)"), 0},
                {PPC64LE, ZEROING, List.of("dcbz 0, r4"), 1},
                {PPC64LE, ZEROING, List.of("li r0, 0", "mtctr r3", "std r0, 0(r4)", "addi r4, r4, 8", "bdnz 0x1008"), 1},
                {PPC64LE, ZEROING, List.of("li r15, 0", "stw r15, 12(r3)"), 0},
                // G1's barrier on 25.0.5 (young card compared, sync, card compared with dirty, out of line) and on
                // 28-ea+18 (JEP 522: the table's base from the thread, the card compared with clean, inline)
                {PPC64LE, CARD_MARK, List.of("rldicl r15, r14, 55, 9", "lbzx r0, r17, r15", "cmpwi r0, 2", "bne 0x1040", "sync",
                        "lbzx r0, r17, r15", "cmpwi r0, 0", "beq 0x1020", "li r0, 0", "stbx r0, r17, r15"), 1},
                {PPC64LE, CARD_MARK, List.of("ld r17, 80(r16)", "rldicl r15, r14, 55, 9", "lbzx r0, r17, r15", "cmpwi r0, 255",
                        "bne 0x1040", "li r0, 0", "stbx r0, r17, r15"), 1},
                {PPC64LE, CARD_MARK, List.of("rldicl r15, r14, 42, 22", "li r0, 0", "stbx r0, r17, r15"), 0},
                {PPC64LE, CARD_MARK, List.of("rldicl r15, r14, 55, 9", "li r0, 0", "stbx r0, r17, r14"), 0},
                {PPC64LE, CONDITIONAL_CARD_MARK, List.of("lbzx r0, r17, r15", "cmpwi r0, 255", "bne 0x1040", "li r0, 0",
                        "stbx r0, r17, r15"), 1},
                {PPC64LE, CONDITIONAL_CARD_MARK, List.of("lbzx r0, r17, r15", "cmpwi r0, 2", "bne 0x1040", "sync"), 0},
                {PPC64LE, CROSS_REGION_FILTER, List.of("xor r0, r14, r5", "rldicl. r0, r0, 42, 22", "beq 0x1040"), 1},
                // POWER has no zero register: a zero store is a register set to zero and stored with no write to it and
                // no branch target between (25.0.5 `called`: li r15, 0 ... stw r15, 12(r3) ; the field's store after
                // the call is lwz r15, 32(r1) ; stw r15, 12(r3)); a small array's payload: lis r14, 0 ; std r14, 16(r3)
                // ; std r14, 24(r3)
                {PPC64LE, ZERO_STORE.at(12), List.of("li r15, 0", "li r14, 1", "std r14, 0(r3)", "stw r14, 8(r3)",
                        "stw r15, 12(r3)", "lwsync", "bl 0x2000", "ld r3, 40(r1)", "lwz r15, 32(r1)", "stw r15, 12(r3)"), 1},
                {PPC64LE, FIELD_STORE.at(12), List.of("li r15, 0", "li r14, 1", "std r14, 0(r3)", "stw r14, 8(r3)",
                        "stw r15, 12(r3)", "lwsync", "bl 0x2000", "ld r3, 40(r1)", "lwz r15, 32(r1)", "stw r15, 12(r3)"), 1},
                {PPC64LE, ZERO_STORE.at(31), List.of("lis r14, 0", "std r14, 16(r3)", "std r14, 24(r3)"), 1},
                {PPC64LE, ZERO_STORE, List.of("lis r14, 0", "std r14, 16(r3)", "std r14, 24(r3)", "xor r5, r9, r9", "stb r5, 7(r4)"), 3},
                // not zero: the register written between (li, ori, a load, a call), a join between, a store to the stack
                // or the thread, a nonzero li
                {PPC64LE, ZERO_STORE, List.of("li r15, 0", "ori r15, r15, 7", "stw r15, 12(r3)"), 0},
                {PPC64LE, ZERO_STORE, List.of("lis r15, 0", "bl 0x2000", "stw r15, 12(r3)"), 0},
                {PPC64LE, ZERO_STORE, List.of("li r15, 0", "stw r15, 12(r3)", "b 0x1004"), 0},
                {PPC64LE, ZERO_STORE, List.of("li r15, 0", "std r15, 16(r1)", "std r15, 64(r16)", "li r14, 1", "stw r14, 12(r3)"), 0},
                {PPC64LE, FIELD_STORE, List.of("li r15, 0", "ori r15, r15, 7", "stw r15, 12(r3)", "std r15, 16(r1)"), 1},
                // polls, 25.0.5 and 28-ea+18 (UseSIGTRAP): the loop's, the polling word loaded from the thread and trapped
                // on; the return's, the stack pointer trapped against the watermark loaded from the thread
                {PPC64LE, THREAD_LOCAL_POLL, List.of("ld r15, 48(r16)", "tdi 5, r15, 1"), 1},
                {PPC64LE, THREAD_LOCAL_POLL, List.of("ld r17, 48(r16)", "rldic r19, r15, 2, 30", "add r19, r26, r19", "lwz r20, 16(r19)",
                        "lwz r22, 44(r19)", "tdi 5, r17, 1"), 1},
                {PPC64LE, THREAD_LOCAL_POLL, List.of("ld r17, 48(r16)", "lwz r17, 16(r19)", "tdi 5, r17, 1"), 0},
                {PPC64LE, THREAD_LOCAL_POLL, List.of("ld r12, 40(r16)", "tdlgt r1, r12", "ld r15, 48(r3)", "tdi 5, r15, 1"), 0},
                {PPC64LE, STACK_WATERMARK_POLL, List.of("ld r12, 40(r16)", "tdlgt r1, r12"), 1},
                {PPC64LE, STACK_WATERMARK_POLL, List.of("ld r12, 40(r16)", "cmpld cr7, r1, r12", "bgt cr7, 0x1040"), 1},
                {PPC64LE, STACK_WATERMARK_POLL, List.of("ld r15, 48(r16)", "tdi 5, r15, 1", "ld r12, 40(r16)", "tdlgt r1, r14"), 0},
                // a compare into a field and a branch on it; the entry barrier (a conditional call), a trap, an isel are none
                {PPC64LE, CONDITIONAL_BRANCH, List.of("addi r27, r27, 8", "cmpw cr6, r27, r14", "blt cr6, 0x1000"), 1},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("mr r28, r3", "cmplwi cr5, r22, 0", "li r25, 0", "ble cr5, 0x1040"), 1},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("xor r0, r14, r5", "rldicl. r0, r0, 42, 22", "beq 0x1040"), 1},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("ori r22, r22, 0", "ld r0, 32(r16)", "cmpw r0, r22", "bnectrl"), 0},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("mr r17, r15", "cmpw r17, r21", "isellt r15, r17, r21", "ld r12, 40(r16)",
                        "tdlgt r1, r12", "blr"), 0},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("mr r3, r4", "cmpw cr5, r3, r4", "cmpw cr6, r3, r5", "beq cr6, 0x1040"), 1},
                {PPC64LE, CONDITIONAL_BRANCH, List.of("ld r12, 40(r16)", "cmpld cr7, r1, r12", "bgt cr7, 0x1040"), 0},
                {PPC64LE, FIELD_LOAD.at(12), List.of("lwz r22, 12(r3)", "lwz r14, 12(r1)", "ld r15, 12(r16)", "lwzx r3, r4, r5"), 1},
                {PPC64LE, FIELD_LOAD, List.of("lwa r3, 16(r4)", "lhz r3, 2(r4)", "lbz r3, 0(r4)", "ld r3, 8(r4)", "pld r3, 24(r4), 0"), 5},
                {PPC64LE, LOAD_FENCE, List.of("lwsync"), 1},
                {PPC64LE, LOAD_FENCE, List.of("sync", "isync"), 0},
                {PPC64LE, RELOAD_FROM_FP_REGISTER, List.of("mffprd r3, f0", "mfvsrwz r4, vs34"), 2},
                {PPC64LE, RELOAD_FROM_FP_REGISTER, List.of("mtfprd f0, r3", "fmr f1, f0"), 0},
                // the prologue's stores through copies of the stack pointer are no field store
                {PPC64LE, FIELD_STORE, List.of("mflr r20", "addis r11, r1, -1", "std r0, -16384(r11)", "mr r21, r1",
                        "stdu r1, -64(r1)", "std r20, 16(r21)", "li r14, 1", "std r14, 0(r3)"), 1},
                {PPC64LE, CROSS_REGION_FILTER, List.of("xor r0, r14, r5", "rldicl. r0, r0, 55, 9", "beq 0x1040"), 0},
                // riscv64, 25.0.5 and 28-ea+18 under qemu (rva23u64): AtomicLong.compareAndSet is lr.d.aq, bne, sc.d.rl;
                // a lock's entry lr.d.aq ... sc.d (acquire only), its exit lr.d ... sc.d.rl (release only)
                {RISCV64, CAS, List.of("lr.d.aq t0, (t2)", "bne t0, a1, 0x1010", "sc.d.rl t0, a2, (t2)", "bnez t0, 0x1000"), 1},
                {RISCV64, CAS, List.of("lr.w.aq t0, (t2)", "bne t0, a1, 0x1010", "sc.w.rl t0, a2, (t2)", "bnez t0, 0x1000"), 1},
                {RISCV64, CAS, List.of("lr.d.aqrl t0, (t2)", "bne t0, a1, 0x1010", "sc.d.aqrl t0, a2, (t2)"), 1},
                {RISCV64, CAS, List.of("amocas.d.aqrl a1, a2, (t2)", "amocas.w.aqrl a1, a2, (t2)"), 2},
                {RISCV64, CAS, List.of("lr.d.aq t0, (t6)", "bne t0, t3, 0x1010", "sc.d t0, t5, (t6)"), 0},
                {RISCV64, CAS, List.of("lr.d t0, (t5)", "bne t0, t2, 0x1010", "sc.d.rl t0, t4, (t5)"), 0},
                {RISCV64, CAS, List.of("lr.d.aq t0, (t2)", "bne t0, a1, 0x1010", "sc.d.rl t0, a2, (t3)"), 0},
                {RISCV64, CAS, List.of("lr.d.aq t0, (t2)", "bne t0, a1, 0x1010", "sc.w.rl t0, a2, (t2)"), 0},
                {RISCV64, CAS, List.of("lr.d.aq t0, (t2)", "ld t1, 8(a0)", "bne t0, a1, 0x1010", "sc.d.rl t0, a2, (t2)"), 0},
                {RISCV64, CAS, List.of("amocas.d a1, a2, (t2)", "amocas.d.aq a1, a2, (t2)", "amoadd.d.aqrl a0, a1, (t2)"), 0},
                {RISCV64, ANY_CAS, List.of("lr.d t0, (t5)", "bne t0, t2, 0x1010", "sc.d.rl t0, t4, (t5)"), 1},
                {RISCV64, ANY_CAS, List.of("amocas.d a1, a2, (t2)", "amocas.w.aq a1, a2, (t2)"), 2},
                {RISCV64, ANY_CAS, List.of("amoadd.w.aqrl t3, t0, (t2)", "amoswap.d.aqrl a0, a1, (t2)"), 0},
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(t6)", "bexti t5, t3, 1", "bnez t5, 0x1040", "ori t3, t3, 1",
                        "xori t5, t3, 1", "lr.d.aq t0, (t6)", "bne t0, t3, 0x1030", "sc.d t0, t5, (t6)"), 1},
                {RISCV64, MARK_WORD_CAS, List.of("ld t2, 0(t5)", "ori t4, t2, 1", "lr.d t0, (t5)", "bne t0, t2, 0x1020",
                        "sc.d.rl t0, t4, (t5)"), 0},
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(t6)", "addi t4, t3, 62", "lr.d.aq t0, (t4)", "bnez t0, 0x1020",
                        "sc.d t0, t2, (t4)"), 0},
                // with -XX:+UseZacas (25.0.5, 28-ea+18): the expected value moved into amocas's register
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(a1)", "bexti t5, t3, 1", "bnez t5, 0x1040", "ori t3, t3, 1",
                        "xori t5, t3, 1", "mv t0, t3", "amocas.d.aq t0, t5, (a1)"), 1},
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(a1)", "ori t3, t3, 1", "amocas.d.aq t3, t5, (a1)"), 1},
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(t6)", "amocas.d.aq t3, t5, (t6)"), 0},
                // 21.0.13's lightweight exit: its pair is .aqrl too, and it expects the mark as loaded
                {RISCV64, MARK_WORD_CAS, List.of("ld t3, 0(a1)", "bexti t0, t3, 1", "bnez t0, 0x1060", "ori t4, t3, 1",
                        "lr.d.aqrl t2, (a1)", "bne t2, t3, 0x1030", "sc.d.rl t2, t4, (a1)"), 0},
                {RISCV64, ATOMIC_ADD, List.of("amoadd.d.aqrl a0, a1, (t2)", "amoadd.w.aqrl t3, t0, (t2)"), 2},
                {RISCV64, ATOMIC_ADD, List.of("amoadd.d a0, a1, (t2)", "amoadd.w.aq t3, t0, (t2)", "amoor.w.aqrl a0, a1, (a2)"), 0},
                {RISCV64, FULL_FENCE, List.of("fence w, r", "fence rw, rw", "fence iorw, iorw"), 3},
                {RISCV64, FULL_FENCE, List.of("fence rw, w", "fence r, rw", "fence w, w", "fence.i"), 0},
                {RISCV64, VOLATILE_STORE, List.of("fence rw, w", "lui t2, 53", "addi t2, t2, -160", "slli t2, t2, 11",
                        "addi t2, t2, 1540", "slli t2, t2, 6", "addi t2, t2, 48", "sw a1, 132(t2)", "fence w, r"), 1},
                {RISCV64, VOLATILE_STORE, List.of("fence rw, w", "sw a1, 132(t2)"), 0},
                {RISCV64, VOLATILE_STORE, List.of("sw a1, 132(t2)", "fence w, r"), 0},
                {RISCV64, LOAD_ACQUIRE, List.of("lw a0, 144(t2)", "fence r, rw"), 0},
                {RISCV64, RELEASE_STORE, List.of("fence rw, w", "sw a1, 144(t2)"), 0},
                {RISCV64, EXPLICIT_NULL_CHECK, List.of("beqz a1, 0x1010", "lw a0, 12(a1)"), 1},
                {RISCV64, EXPLICIT_NULL_CHECK, List.of("beqz a2, 0x1010", "divw a0, a1, a2"), 0},
                // the inline TLAB bump: top and end from the thread (s7), the new top compared unsigned, stored back;
                // G1's SATB queue index (ld, beqz, addi, sd of one thread field) is none
                {RISCV64, TLAB_ALLOCATION, List.of("ld a0, 456(s7)", "ld t2, 472(s7)", "addi t3, a0, 16",
                        "bgeu t3, t2, 0x1040", "sd t3, 456(s7)"), 1},
                {RISCV64, TLAB_ALLOCATION, List.of("ld t5, 56(s7)", "beqz t5, 0x1040", "addi t5, t5, -8", "sd t5, 56(s7)"), 0},
                // C2's clear_mem with RVV: a vector zeroed (vxor.vv in 25, vmv.v.i in 28-ea) and stored
                {RISCV64, ZEROING, List.of("vsetvli t0, t4, e64, m4, tu, mu", "vxor.vv v4, v4, v4",
                        "vsetvli t0, t4, e64, m4, tu, mu", "vse64.v v4, (t3)"), 1},
                {RISCV64, ZEROING, List.of("vmv.v.i v4, 0", "vsetvli t0, t4, e64, m4, tu, mu", "vse64.v v4, (t3)"), 1},
                {RISCV64, ZEROING, List.of("vxor.vv v4, v4, v5", "vse64.v v4, (t3)"), 0},
                // G1, 25.0.5: the card's address by shift and add, the card read, a branch to the dirty store;
                // since JDK 26 (JEP 522) the table's base from the thread and the clean value's bit tested
                {RISCV64, CARD_MARK, List.of("srli t5, t2, 9", "lui t3, 1021", "addiw t3, t3, -1589", "slli t3, t3, 13",
                        "addi t3, t3, -1735", "slli t3, t3, 12", "add t5, t5, t3", "lbu t3, 0(t5)", "bnez t3, 0x1040",
                        "j 0x1020", "sb zero, 0(t5)"), 1},
                {RISCV64, CARD_MARK, List.of("srli t5, t2, 9", "ld t3, 80(s7)", "add t5, t5, t3", "lbu t3, 0(t5)",
                        "bexti t3, t3, 0", "beqz t3, 0x1040", "sb zero, 0(t5)"), 1},
                {RISCV64, CARD_MARK, List.of("srli t5, t5, 22", "add t5, t5, t3", "sb zero, 0(t5)"), 0},
                {RISCV64, CONDITIONAL_CARD_MARK, List.of("lbu t3, 0(t5)", "bexti t3, t3, 0", "beqz t3, 0x1040", "sb zero, 0(t5)"), 1},
                {RISCV64, CONDITIONAL_CARD_MARK, List.of("lbu t3, 0(t5)", "li t0, 2", "beq t3, t0, 0x1040", "j 0x1020"), 0},
                // -XX:+UseCondCardMark with Serial, 25.0.5: the card read signed
                {RISCV64, CONDITIONAL_CARD_MARK, List.of("lb t3, 0(t2)", "srli t4, a2, 3", "beqz t3, 0x1010", "sb zero, 0(t2)"), 1},
                {RISCV64, CROSS_REGION_FILTER, List.of("xor t5, t2, a3", "srli t5, t5, 22", "beqz t5, 0x1040"), 1},
                {RISCV64, CROSS_REGION_FILTER, List.of("xor t5, t2, a3", "srli t5, t5, 9", "beqz t5, 0x1040"), 0},
                {RISCV64, NARROW_OOP_DECODE, List.of("lwu t3, 24(a1)", "slli t2, t3, 3"), 1},
                {RISCV64, NARROW_OOP_DECODE, List.of("lwu t3, 24(a1)", "sh3add t2, t3, s9"), 1},
                {RISCV64, NARROW_OOP_DECODE, List.of("lwu t3, 24(a1)", "slli t2, t4, 3"), 0},
                {RISCV64, ZERO_STORE.at(12), List.of("sw zero, 12(a0)", "sd zero, 8(a0)"), 2},
                {RISCV64, ZERO_STORE.at(16), List.of("sd zero, 8(a0)", "sd zero, 16(sp)", "sd zero, 16(s7)"), 0},
                {RISCV64, FIELD_STORE.at(12), List.of("sw t2, 12(a0)", "sw zero, 12(a0)", "sd s0, 12(sp)"), 1},
                {RISCV64, INTEGER_MULTIPLICATION, List.of("mulw a0, a1, a2", "mul a0, a1, a2"), 2},
                {RISCV64, SPILL_TO_FP_REGISTER, List.of("fmv.w.x ft0, a1", "fmv.d.x fa5, t3"), 2},
                {RISCV64, SPILL_TO_FP_REGISTER, List.of("fmv.x.w a1, ft0", "fcvt.s.w ft0, a1"), 0},
                // 25.0.5 and 28-ea+18, measured in the tests' runs: the reload (fmv.x.w t3, fa1), the loop's poll
                // through the page the thread (s7) points to, the return poll's watermark compared with sp, a field
                // load, StampedLock.validate's load fence, and C2's conditional branches without the VM's own
                {RISCV64, CMOV, List.of("li t3, 1", "li a0, 2", "li t2, 0", "xor t0, a1, t2", "czero.nez a0, a0, t0",
                        "czero.eqz t0, t3, t0", "or a0, a0, t0"), 1},
                {RISCV64, CMOV, List.of("czero.eqz t0, t3, t0", "czero.nez a0, a0, t0", "or a0, t0, a0"), 1},
                {RISCV64, CMOV, List.of("xor t0, a1, t2", "czero.nez a0, a0, t0", "czero.eqz t0, t3, t0", "add a0, a0, t0"), 1},
                // without Zicond: a branch over one mv; one czero alone, two on different conditions, or-ed elsewhere
                {RISCV64, CMOV, List.of("li t2, 0", "beq a1, t2, 0x1008", "mv a0, t3"), 0},
                {RISCV64, CMOV, List.of("czero.eqz a0, a0, t0", "or a0, a0, t1"), 0},
                {RISCV64, CMOV, List.of("czero.nez a0, a0, t0", "czero.eqz t1, t3, t2", "or a0, a0, t1"), 0},
                {RISCV64, CMOV, List.of("czero.nez a0, a0, t0", "czero.eqz t1, t3, t0", "or a2, a3, t1"), 0},
                {RISCV64, CMOV, List.of("czero.nez a0, a0, t0", "czero.eqz t1, t3, t0", "sub a0, a0, t1"), 0},
                {RISCV64, RELOAD_FROM_FP_REGISTER, List.of("fmv.x.w t3, fa1", "fmv.x.d a0, ft0"), 2},
                {RISCV64, RELOAD_FROM_FP_REGISTER, List.of("fmv.w.x ft0, t2", "fcvt.w.s a0, ft0"), 0},
                {RISCV64, THREAD_LOCAL_POLL, List.of("ld t4, 48(s7)", "vsetivli t0, 2, e64, m1, tu, mu", "vmv.s.x v2, s4",
                        "vredsum.vs v2, v1, v2", "lwu zero, 0(t4)"), 1},
                {RISCV64, THREAD_LOCAL_POLL, List.of("ld t4, 48(s7)", "lwu zero, 0(t5)"), 0},
                {RISCV64, THREAD_LOCAL_POLL, List.of("ld t4, 48(a1)", "lwu zero, 0(t4)"), 0},
                {RISCV64, STACK_WATERMARK_POLL, List.of("ld t0, 40(s7)", "bgeu t0, sp, 0x1010", "j 0x1040"), 1},
                {RISCV64, STACK_WATERMARK_POLL, List.of("ld t0, 40(s7)", "lwu zero, 0(t0)"), 0},
                {RISCV64, STACK_WATERMARK_POLL, List.of("ld t0, 40(a1)", "bgeu t0, sp, 0x1010"), 0},
                {RISCV64, FIELD_LOAD.at(12), List.of("lw a0, 12(a1)", "lwu t2, 12(s3)"), 2},
                // the entry barrier's guard (auipc-relative, through t0), the thread's field, the inline-cache check's
                // klass load into t1, a stack slot, the poll's read of its page
                {RISCV64, FIELD_LOAD, List.of("lwu t0, 86(t0)", "lwu t1, 32(s7)", "lwu t1, 8(a1)", "ld s0, 16(sp)",
                        "lwu zero, 0(t2)"), 0},
                {RISCV64, Op.LOAD_FENCE, List.of("fence r, rw"), 1},
                {RISCV64, Op.LOAD_FENCE, List.of("fence rw, rw", "fence w, r", "fence rw, w", "fence w, w"), 0},
                {RISCV64, CONDITIONAL_BRANCH, List.of("mv a0, a1", "beqz a1, 0x1010", "blt s2, t3, 0x1000", "bgeu s2, t6, 0x1040"), 3},
                {RISCV64, CONDITIONAL_BRANCH, List.of("auipc t0, 0", "lwu t0, 86(t0)", "lwu t1, 32(s7)", "beq t0, t1, 0x1010",
                        "j 0x1040", "ld t0, 40(s7)", "bgeu t0, sp, 0x1020", "j 0x1050"), 0},
                // the frame's ra and s0 saved in the prologue and restored before the return are no spill
                {RISCV64, SPILL_TO_STACK, List.of("sd s0, 16(sp)", "sd ra, 24(sp)", "ld s0, 16(sp)", "ld ra, 24(sp)"), 0},
                {RISCV64, SPILL_TO_STACK, List.of("sw a2, 0(sp)", "mv a1, a0", "lw a2, 0(sp)"), 1},
        };
    }

    /** A mark word's load, 20 register moves, then the CAS (lines at its newlines): further apart than any fixed window should care about. */
    static List<String> markLoadThenCas(String load, String cas, String filler) {
        List<String> code = new ArrayList<>(List.of(load));
        code.addAll(java.util.Collections.nCopies(20, filler));
        code.addAll(List.of(cas.split("\n")));
        return code;
    }

    /** Every name a role declares, on a call, is that role; a name no release printed is not (anatomy.isa.Role). */
    @DataProvider
    public static Object[][] roleNames() {
        List<Object[]> rows = new ArrayList<>();
        for (Role role : Role.values()) {
            for (String name : role.names()) {
                rows.add(new Object[] {role, name});
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "roleNames")
    public void aRoleIsFoundUnderEachOfItsNames(Role role, String name) {
        for (Isa isa : Isa.values()) {
            List<Instruction> code = List.of(new Instruction(0x1000, "call", "0x2000", List.of("{runtime_call " + name + "}")));
            assertEquals(role.form().find(code, isa).size(), 1, role + " under " + name + " on " + isa);
        }
    }

    /** The names measured: x86_64 17.0.15, 21.0.2, 25.0.3, 26.0.2, 27.0.1, 28-ea+18 (and AArch64 28-ea+18). */
    @DataProvider
    public static Object[][] notes() {
        return new Object[][] {
                {ALLOCATION_SLOW_CALL, "{runtime_call _new_instance_Java}", 1},
                {ALLOCATION_SLOW_CALL, "{runtime_call C2 Runtime new_instance}", 1},
                {ALLOCATION_SLOW_CALL, "{runtime_call C2 Runtime new_array_nozero_blob}", 1},
                {ALLOCATION_SLOW_CALL, "{runtime_call new_instance_blob (C2 runtime)}", 1},
                {ALLOCATION_SLOW_CALL, "{runtime_call new_instance_blob (C1 runtime)}", 0},
                {ALLOCATION_SLOW_CALL, "{runtime_call fast_new_instance_blob (C1 runtime)}", 0},
                {MONITOR_ENTER_SLOW_CALL, "{runtime_call complete_monitor_locking_blob (C2 runtime)}", 1},
                {MONITOR_ENTER_SLOW_CALL, "{runtime_call C2 Runtime complete_monitor_locking_blob}", 1},
                {MONITOR_ENTER_SLOW_CALL, "{runtime_call SharedRuntime::complete_monitor_unlocking_C(oopDesc*, BasicLock*, JavaThread*)}", 0},
                {MONITOR_ENTER_SLOW_CALL, "{runtime_call monitorenter_nofpu_blob (C1 runtime)}", 0},
                {UNCOMMON_TRAP, "{runtime_call UncommonTrapBlob}", 1},
                {RETURN_POLL, "{poll_return}", 1}, {RETURN_POLL, "{poll}", 0},
                {SAFEPOINT_POLL, "{poll}", 1}, {SAFEPOINT_POLL, "{poll_return}", 0},
                {INLINE_CACHE_CALL, "{virtual_call}", 1}, {STATIC_CALL, "{static_call}", 1},
                {STATIC_CALL, "{runtime_call nmethod}", 0},
        };
    }

    @Test(dataProvider = "notes")
    public void roleNotesMatch(Op op, String note, int expected) {
        List<Instruction> code = List.of(new Instruction(0x1000, "call", "0x2000", List.of(note)));
        assertEquals(op.find(code, X86_64).size(), expected, op + " on " + note);
    }

    /** A role missed lists the notes of its kind the code carried: a renamed stub shows in the failure. */
    @Test
    public void aMissedRoleShowsTheNotesOfItsKind() {
        List<Instruction> code = List.of(new Instruction(0x1000, "call", "0x2000", List.of("{runtime_call new_instance_stub (C2 runtime, 29)}")),
                new Instruction(0x1008, "cmpq", "0x28(%r15), %rsp", List.of("{poll_return}")));
        assertEquals(ALLOCATION_SLOW_CALL.find(code, X86_64).size(), 0);
        assertEquals(ALLOCATION_SLOW_CALL.after(RETURN_POLL).related(code, X86_64), List.of("{runtime_call new_instance_stub (C2 runtime, 29)}"));
        assertEquals(SAFEPOINT_POLL.related(code, X86_64), List.of("{poll_return}"));
        assertTrue(CMOV.related(code, X86_64).isEmpty());
    }

    /**
     * s390x: C2's CMove of an immediate (a branch over one lghi, z_enc_cmov_imm) is a CMOV, counted at its branch, and
     * that branch is no CONDITIONAL_BRANCH; a branch that goes further is a branch, not a CMOV. Before, code holding
     * the shape made every CMOV assertion a skip.
     */
    @Test
    public void s390xImmediateCMoveIsACmov() {
        List<Instruction> code = Fixtures.code("lgr %r12, %r2", "lghi %r2, 2", "ltr %r12, %r12", "je 0x1014", "lghi %r2, 1", "br %r14");
        assertEquals(CMOV.find(code, S390X), List.of(code.get(3)));
        assertTrue(CMOV.patterns(S390X).contains("z_enc_cmov_imm"), CMOV.patterns(S390X));
        assertEquals(CONDITIONAL_BRANCH.find(code, S390X).size(), 0);
        assertEquals(CONDITIONAL_BRANCH.comparing(1234).find(Fixtures.code("lghi %r2, 2", "chi %r12, 1234", "jne 0x1010",
                "lghi %r2, 1", "br %r14"), S390X).size(), 0);
        List<Instruction> branch = Fixtures.code("lghi %r2, 2", "chi %r12, 1234", "jne 0x1020", "lghi %r2, 1", "br %r14");
        assertEquals(CMOV.find(branch, S390X).size(), 0);
        assertEquals(CONDITIONAL_BRANCH.comparing(1234).find(branch, S390X), List.of(branch.get(2)));
    }

    /**
     * riscv64's vector clear (RVV, 25.0.5 byte[16]) is a ZERO_STORE, counted at its store, covering the bytes its
     * address register's offset and its vsetvli's length say; where the code does not say them, at(offset) is
     * inconclusive. Before, code holding a vector clear made every ZERO_STORE assertion a skip.
     */
    @Test
    public void riscvVectorClearIsAZeroStoreOfItsExtent() {
        List<Instruction> code = Fixtures.code("addi t3, a0, 16", "li t4, 2", "vsetvli t0, t4, e64, m4, tu, mu",
                "vxor.vv v4, v4, v4", "vsetvli t0, t4, e64, m4, tu, mu", "vse64.v v4, (t3)", "sub t4, t4, t0", "bnez t4, 0x1014");
        assertEquals(ZERO_STORE.find(code, RISCV64), List.of(code.get(5)));
        assertEquals(ZERO_STORE.at(16).find(code, RISCV64).size(), 1);
        assertEquals(ZERO_STORE.at(31).find(code, RISCV64).size(), 1);
        assertEquals(ZERO_STORE.at(32).find(code, RISCV64).size(), 0);
        assertEquals(ZERO_STORE.at(12).find(code, RISCV64).size(), 0);
        List<Instruction> unknownLength = Fixtures.code("addi t3, a0, 16", "vsetvli t0, a2, e64, m4, tu, mu",
                "vxor.vv v4, v4, v4", "vse64.v v4, (t3)");
        assertEquals(ZERO_STORE.at(16).find(unknownLength, RISCV64).size(), 1);
        assertEquals(ZERO_STORE.at(12).find(unknownLength, RISCV64).size(), 0);
        var inconclusive = org.testng.Assert.expectThrows(anatomy.Inconclusive.class, () -> ZERO_STORE.at(24).find(unknownLength, RISCV64));
        assertTrue(inconclusive.getMessage().contains("vse64.v v4, (t3)") && inconclusive.getMessage().contains("how far"),
                inconclusive.getMessage());
        List<Instruction> unknownStart = Fixtures.code("mv t3, a1", "li t4, 2", "vsetvli t0, t4, e64, m4, tu, mu",
                "vxor.vv v4, v4, v4", "vse64.v v4, (t3)");
        org.testng.Assert.expectThrows(anatomy.Inconclusive.class, () -> ZERO_STORE.at(16).find(unknownStart, RISCV64));
        List<Instruction> scalar = List.of(new Instruction(0x1000, "sd", "zero, 16(a0)", List.of()));
        assertEquals(ZERO_STORE.find(scalar, RISCV64).size(), 1);
    }

    @Test(dataProvider = "texts")
    public void formsMatchInstructionTexts(Isa isa, Operation op, List<String> texts, int expected) {
        assertEquals(op.find(Fixtures.code(texts.toArray(String[]::new)), isa).size(), expected, op + " in " + texts);
    }
}
