/*
 * @test
 * @summary A value passed to a compiler blackhole (-XX:CompileCommand=blackhole) is computed, yet no call is emitted; passed to an empty method it is dropped (Quark #27)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver BlackholeKeepsComputationWithoutCall
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.INLINE_SUCCESS;
import static anatomy.Logged.INTRINSIC;
import static anatomy.Op.INTEGER_MULTIPLICATION;
import static anatomy.Op.RETURN_POLL;
import static anatomy.Op.STATIC_CALL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * A benchmark must consume its results, or the JIT deletes the work: passed to an empty method that C2
 * inlines, x * y + 7 is dead and the multiply disappears. A real call would keep it, at the price of the
 * call. The command blackhole,Class::method (experimental on JDK 17 and 25: it needs
 * -XX:+UnlockExperimentalVMOptions, or the VM warns and ignores it) marks a static void method with an
 * empty body; C2 then replaces calls to it by an intrinsic that uses its arguments and emits nothing.
 * JMH uses it for its Blackhole when the JVM offers it.
 *
 *   log, JDK 17 and 25:  <intrinsic id='_blackhole' nodes='2'/>            (consumed)
 *   x86_64, JDK 17:      imull %edx, %esi ; ... retq, no call               (consumed)
 *   x86_64, JDK 25:      imull %edx, %esi ; ... retq, no call
 *   aarch64, JDK 17:     madd w10, w1, w2, w11 ; ... ret
 *   aarch64, JDK 25:     madd w10, w1, w2, w11 ; ldr x8, [x28, #0x28] {poll_return} ; ... ret
 *   any:                 dropped has no multiply
 *
 * With the intrinsic disabled the blackhole is an ordinary empty method again, inlined, and the multiply dies.
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_blackhole", kills = INTEGER_MULTIPLICATION, in = "consumed",
        why = "the blackhole is then an empty method, inlined, and its argument dead")
public class BlackholeKeepsComputationWithoutCall {
    static void blackhole(int value) {
    }

    static void ignore(int value) {
    }

    static void consumed(int x, int y) {
        blackhole(x * y + 7);
    }

    static void dropped(int x, int y) {
        ignore(x * y + 7);
    }

    public static class Workload {
        public static void main(String[] args) {
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                consumed(i, i + 1);
                dropped(i, i + 1);
            }
            Jit.compileAtC2(BlackholeKeepsComputationWithoutCall.class, "consumed");
            Jit.compileAtC2(BlackholeKeepsComputationWithoutCall.class, "dropped");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-XX:+UnlockExperimentalVMOptions",
                "-XX:CompileCommand=blackhole,BlackholeKeepsComputationWithoutCall::blackhole");
        isComputedWithoutCall(run.c2("consumed"));
        isDropped(run.c2("dropped"));
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void isComputedWithoutCall(Compiled consumed) {
        // computed on the way to the return, not in code after it that only a branch reaches
        assertThat(consumed).has(INTEGER_MULTIPLICATION.before(RETURN_POLL)).has(INTRINSIC.where("id", "_blackhole")).hasNo(STATIC_CALL);
    }

    static void isDropped(Compiled dropped) {
        assertThat(dropped).given(INLINE_SUCCESS.callee(BlackholeKeepsComputationWithoutCall.class, "ignore")).hasNo(INTEGER_MULTIPLICATION);
    }
}
