/*
 * @test
 * @summary C2 folds a static final field of an initialised class: a division by it has no divide and a check it switches off vanishes, unlike on a plain static (Quark #15)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver StaticFinalFieldIsFolded
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.INTEGER_DIVISION;
import static anatomy.Op.INTEGER_MULTIPLICATION;
import static anatomy.Op.STATIC_CALL;
import static anatomy.Op.UNCOMMON_TRAP;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * DIVISOR and CHECKS are read from system properties, so javac cannot fold them: they are no constant
 * variables (Quark #14). But once the class is initialised a static final cannot change, and C2 takes
 * its current value as a constant. A division by it becomes a multiply by a magic number and shifts
 * (no divide instruction), and a check it switches off disappears with its branch. The same code on a
 * plain static loads the field on every call, divides, and keeps the branch (its untaken side is an
 * uncommon trap).
 *
 *   x86_64, JDK 25:   divideByFinal:  movabsq $0x20c49ba5e353f7cf, %rax ; imulq %rsi ; sarq $7, %rdx ...
 *                     divideByPlain:  movabsq $<the class mirror>, %r10 ; movq 0x80(%r10), %r10 ; ... idivq %r10
 *                     checkedByFinal: imull $0x5bd1e995, %esi, %eax ; ... retq   (x86_64, JDK 17)
 *                     checkedByPlain: movzbl 0x89(%r10), %r10d ; testl ; jne -> {runtime_call UncommonTrapBlob}
 *   x86_64, JDK 17:   the same shapes, the statics at 0x78 and 0x81 in the mirror
 *   aarch64, JDK 17:  divideByFinal: smulh x10, x1, x10 ; asr x10, x10, #7    divideByPlain: ldr x10, [x10, #0x78] ; sdiv x0, x1, x10
 *                     checkedByFinal: movk w10, #0x5bd1, lsl #16 ; mul w0, w1, w10 ; ... ret               checkedByPlain: ldrb w10, [x10, #0x81] ; cbnz w10, TRAP
 *   aarch64, JDK 25:  the same shapes, the statics at #0x80 and #0x89
 *
 * No VM flag stops C2 trusting static finals, so the control changes the value instead: with
 * -Dcodegen.checks=true the folded flag is on, and checkedByFinal calls its check. The compiled code follows
 * the value the field held when C2 compiled it, which is what folding means.
 */
@NegativeControl(flags = "-Dcodegen.checks=true", kills = STATIC_CALL, in = "checkedByFinal",
        why = "the static final flag is then true, so C2 compiles the check in: a call to it")
public class StaticFinalFieldIsFolded {
    static final long DIVISOR = Long.getLong("codegen.divisor", 1000);
    static long plainDivisor = Long.getLong("codegen.divisor", 1000);
    static final boolean CHECKS = Boolean.getBoolean("codegen.checks");
    static final int MIX = 0x5bd1e995;   // a multiplier C2 keeps as a multiply: the method's own work, its code's anchor
    static boolean plainChecks = Boolean.getBoolean("codegen.checks");

    static long divideByFinal(long x) {
        return x / DIVISOR;
    }

    static long divideByPlain(long x) {
        return x / plainDivisor;
    }

    static int checkedByFinal(int x) {
        if (CHECKS) {
            check(x);
        }
        return x * MIX;
    }

    static int checkedByPlain(int x) {
        if (plainChecks) {
            check(x);
        }
        return x * MIX;
    }

    static void check(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative: " + x);
        }
    }

    public static class Workload {
        public static void main(String[] args) {
            long sink = 0;
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                sink += divideByFinal(i) + divideByPlain(i) + checkedByFinal(i) + checkedByPlain(i);
            }
            for (String shape : new String[] {"divideByFinal", "divideByPlain", "checkedByFinal", "checkedByPlain"}) {
                Jit.compileAtC2(StaticFinalFieldIsFolded.class, shape);
            }
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-XX:CompileCommand=dontinline,StaticFinalFieldIsFolded::check");
        assertThat(run.c2("checkedByFinal")).given(INTEGER_MULTIPLICATION).hasNo(STATIC_CALL).hasNo(UNCOMMON_TRAP);
        assertThat(run.c2("checkedByPlain")).has(UNCOMMON_TRAP);
        assertThat(run.c2("divideByFinal")).given(INTEGER_MULTIPLICATION).hasNo(INTEGER_DIVISION);
        assertThat(run.c2("divideByPlain")).has(INTEGER_DIVISION);
    }
}
