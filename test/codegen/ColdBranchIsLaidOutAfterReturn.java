/*
 * @test
 * @summary C2 lays out the successor the profile says is frequent as the fall-through and moves the rare one after the return; C1 keeps bytecode order (Quark #28)
 * @key codegen
 * @requires pack.c2 & pack.c1 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver ColdBranchIsLaidOutAfterReturn
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.INTEGER_DIVISION;
import static anatomy.Op.RETURN_POLL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * A taken branch costs more than a fall-through, and code that runs together should sit together. C2
 * orders its blocks by the frequencies the profile gives them: the common path runs straight down to the
 * return, and a rare block (here the one dividing) is placed after the return, reached by a jump and
 * jumping back. rareDivision and frequentDivision are the same code with opposite profiles: only the
 * layout differs. C1 does not use the profile for layout, and emits the blocks in bytecode order.
 *
 *   x86_64, JDK 25, C2:   rareDivision:     testl %esi, %esi ; jl RARE ; leal 1(%rsi), %eax ; ...
 *                                           cmpq 0x28(%r15), %rsp {poll_return} ; ... retq ; RARE: ... idivl %esi ; jmp
 *                         frequentDivision: testl %esi, %esi ; jge ... ; ... idivl %esi ; ... {poll_return}
 *   x86_64, JDK 17, C2:   the same, with cmpq 0x340(%r15), %rsp {poll_return}
 *   x86_64, C1:           rareDivision: jge ... ; idivl %esi ; ... {poll_return} ; retq ; ... {poll_return} ; retq
 *   aarch64, JDK 17, C2:  rareDivision: tbnz w1, #0x1f, RARE ; add w0, w1, #1 ; ... {poll_return} ; ret ; RARE: sdiv w0, w2, w1
 *                         frequentDivision: tbz w1, #0x1f, ... ; sdiv w0, w2, w1 ; ... {poll_return} ; ret
 *   aarch64, JDK 17, C1:  rareDivision: cmp w1, #0 ; b.ge ... ; sdiv w0, w2, w1 ; ... {poll_return} ; ret ; add w0, w1, #1
 *   aarch64, JDK 25, C2:  the same, with ldr x8, [x28, #0x28] {poll_return}
 *
 * Every compiled method has a return poll, so "no division after it" is anchored by the division itself,
 * asserted first: code that lost its division is a failure, never a pass.
 *
 * With -XX:-BlockLayoutByFrequency C2 orders blocks without the frequencies and the division comes back
 * before the return: the control.
 */
@NegativeControl(flags = "-XX:-BlockLayoutByFrequency", kills = INTEGER_DIVISION, in = "rareDivision",
        why = "C2 then lays blocks out without their frequencies: the rare division stays before the return")
public class ColdBranchIsLaidOutAfterReturn {
    static int rareDivision(int x, int y) {
        if (x < 0) {
            return y / x;
        }
        return x + 1;
    }

    static int frequentDivision(int x, int y) {
        if (x < 0) {
            return y / x;
        }
        return x + 1;
    }

    /* One call in ten divides in rareDivision, nine in ten in frequentDivision: both sides run, so neither is a trap.
     * 3000 calls stay under C2's thresholds, so the C1 compile comes first, then C2 from the same profile. */
    public static class Workload {
        public static void main(String[] args) {
            int sink = 0;
            for (int i = 0, end = Jit.rounds(3_000); i < end; i++) {
                boolean rare = i % 10 == 0;
                sink += rareDivision(rare ? -i - 1 : i, i) + frequentDivision(rare ? i : -i - 1, i);
            }
            Jit.compileAtC1(ColdBranchIsLaidOutAfterReturn.class, "rareDivision");
            Jit.compileAtC2(ColdBranchIsLaidOutAfterReturn.class, "rareDivision");
            Jit.compileAtC2(ColdBranchIsLaidOutAfterReturn.class, "frequentDivision");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.c2("rareDivision")).has(INTEGER_DIVISION.after(RETURN_POLL));
        divisionIsInline(run.c2("frequentDivision"));
        assertThat(run.c1(Jit.method(ColdBranchIsLaidOutAfterReturn.class, "rareDivision")))
                .has(INTEGER_DIVISION).hasNo(INTEGER_DIVISION.after(RETURN_POLL));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void divisionIsInline(Compiled frequentDivision) {
        assertThat(frequentDivision).has(INTEGER_DIVISION).hasNo(INTEGER_DIVISION.after(RETURN_POLL));
    }
}
