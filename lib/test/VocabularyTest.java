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
    /** A Shapes method (its nth C2 compile, -1 the last), an operation, and how many it has; isa null: every ISA. */
    record Case(String method, int nth, Operation op, Count count, Isa isa) {
        @Override
        public String toString() {
            return method + (nth >= 0 ? "#" + nth : "") + " " + op.name() + " " + count;
        }
    }

    static Case c(String method, Operation op, Count count) {
        return new Case(method, -1, op, count, null);
    }

    static final List<Case> CASES = List.of(
            c("select", CMOV, atLeast(1)), c("oneSided", CMOV, exactly(0)),
            // a lock's CAS: casal with stack locking (AArch64 17), casa with lightweight locking (28): ANY_CAS
            c("locked", ANY_CAS, atLeast(1)), c("publish", ANY_CAS, exactly(0)), c("publish", CAS, exactly(0)),
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
            c("sum", SAFEPOINT_POLL.inside(Scope.LOOP_BODY), atLeast(1)),
            c("sum", RETURN_POLL.inside(Scope.LOOP_BODY), exactly(0)),
            c("select", SAFEPOINT_POLL.inside(Scope.LOOP_BODY), exactly(0)),
            c("Shapes$Twice::apply", RETURN_POLL, exactly(1)),
            // concurrency: the mark word's CAS comes before the monitor's slow call, which is laid out after the
            // return; the fence's locked add is no atomic add. Shapes has no volatile load and no atomic add
            // (LOAD_ACQUIRE and ATOMIC_ADD are proven on texts below, taken from the tests' runs).
            c("locked", MARK_WORD_CAS.before(MONITOR_ENTER_SLOW_CALL), atLeast(1)),
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
                if ((c.isa() == null || c.isa() == f.isa()) && f.hasC2(c.method()) && !hexHidesNotes) {
                    rows.add(new Object[] {f, c});
                }
            }
        }
        return rows.toArray(Object[][]::new);
    }

    @Test(dataProvider = "cases")
    public void findsWhatTheJitEmitted(Fixtures.Fixture f, Case c) {
        NMethod code = f.c2(c.method(), c.nth());
        List<Instruction> found = c.op().find(code.instructions(), f.isa());
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
                {X86_64, CMOV, List.of("cmovnel %r11d, %eax"), 1},
                {AARCH64, CMOV, List.of("cset w0, ne"), 0},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testq %rsi, %rsi", "je 0x7f00", "movl 0xc(%rsi), %eax"), 1},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testl %edx, %edx", "je 0x7f00", "cltd", "idivl %edx"), 0},
                {X86_64, EXPLICIT_NULL_CHECK, List.of("testq %rsi, %rsi", "je 0x7f00", "movl 0xc(%rdx), %eax"), 0},
                {AARCH64, EXPLICIT_NULL_CHECK, List.of("cbz x1, 0x5500", "ldr w0, [x1, #0xc]"), 1},
                {AARCH64, EXPLICIT_NULL_CHECK, List.of("cbz w2, 0x5500", "sdiv w0, w1, w2"), 0},
                {X86_64, FULL_FENCE, List.of("lock addl $0, -0x40(%rsp)"), 1},
                {AARCH64, FULL_FENCE, List.of("dmb ishst"), 0},
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
                // between them (the old 16-instruction window missed it) is the same claim
                {X86_64, MARK_WORD_CAS, markLoadThenCas("movq (%rsi), %rax", "lock cmpxchgq %rbx, (%rsi)", "movq %rax, %r10"), 1},
                {AARCH64, MARK_WORD_CAS, markLoadThenCas("ldr x11, [x1]", "casa x8, x10, [x1]", "mov x10, x11"), 1},
                // compressed references decoded into the address through any register, not only r8 to r15
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "movl 0xc(%r12, %r11, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rax, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0x10(%rdx), %esi", "movq 0x10(%r12, %rsi, 8), %rax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "leaq (%r12, %r11, 8), %r10"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %ebx", "movl 0xc(, %rbx, 8), %eax"), 1},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rbx, 8), %eax"), 0},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %r11d", "movl 0xc(%r11), %eax"), 0},
                {X86_64, NARROW_OOP_DECODE, List.of("movl 0xc(%rsi), %eax", "movl 0xc(%r12, %rax, 4), %eax"), 0},
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
                {X86_64, ZERO_STORE.at(8), List.of("movq %rax, %r10", "addq $0x10, %r10", "vpxor %ymm0, %ymm0, %ymm0",
                        "vmovq %xmm0, (%r10)"), 0},
                {X86_64, ZERO_STORE.at(12), List.of("movq %r12, 8(%rax)"), 1},
                {X86_64, ZERO_STORE.at(8), List.of("movl %r12d, 0xc(%rax)", "movl %ebp, 8(%rax)"), 0},
                {X86_64, FIELD_STORE.at(8), List.of("movq %r10, (%rax)", "movl %r12d, 0xc(%rax)", "movl %ebp, 8(%rax)"), 1},
                {AARCH64, ZERO_STORE.at(12), List.of("stp xzr, xzr, [x0, #8]"), 1},
                {AARCH64, ZERO_STORE.at(8), List.of("str wzr, [x0, #0xc]"), 0},
                // spills to the stack (x86_64 28-ea+18's default here): a slot stored then reloaded; the frame
                // pointer's save and restore are none
                {X86_64, SPILL_TO_STACK, List.of("movq %rbp, 0x80(%rsp)", "movl %r11d, (%rsp)", "movl 0x60(%rsp), %r10d",
                        "movl (%rsp), %r11d", "movq 0x80(%rsp), %rbp"), 1},
                {X86_64, SPILL_TO_STACK, List.of("movl %r10d, 4(%rsp)", "movl 4(%rsp), %r10d", "movl %r11d, 8(%rsp)",
                        "movl 8(%rsp), %r11d"), 2},
                {AARCH64, SPILL_TO_STACK, List.of("str w11, [sp, #0x10]", "ldr w10, [sp, #0x10]"), 1},
                {AARCH64, SPILL_TO_STACK, List.of("stp x29, x30, [sp, #0x10]", "ldp x29, x30, [sp, #0x10]"), 0},
        };
    }

    /** A mark word's load, 20 register moves, then the CAS: further apart than any fixed window should care about. */
    static List<String> markLoadThenCas(String load, String cas, String filler) {
        List<String> code = new ArrayList<>(List.of(load));
        code.addAll(java.util.Collections.nCopies(20, filler));
        code.add(cas);
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

    @Test(dataProvider = "texts")
    public void formsMatchInstructionTexts(Isa isa, Operation op, List<String> texts, int expected) {
        List<Instruction> code = new ArrayList<>();
        for (String t : texts) {
            String[] parts = t.split(" ", 2);
            code.add(new Instruction(0x1000 + 4L * code.size(), parts[0], parts.length > 1 ? parts[1] : "", List.of()));
        }
        assertEquals(op.find(code, isa).size(), expected, op + " in " + texts);
    }
}
