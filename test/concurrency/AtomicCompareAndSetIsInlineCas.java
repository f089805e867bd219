/*
 * @test id=default
 * @summary AtomicLong.compareAndSet and VarHandle.compareAndSet compile to an inline compare-and-swap, not a call (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver AtomicCompareAndSetIsInlineCas
 */

/*
 * @test id=no-lse
 * @summary AtomicLong.compareAndSet and VarHandle.compareAndSet compile to an inline compare-and-swap, not a call (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.isa == "aarch64"
 * @library /lib
 * @run driver AtomicCompareAndSetIsInlineCas -XX:-UseLSE
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.CAS;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/*
 * A lock-free algorithm stands on compare-and-swap. Both public doors to it, AtomicLong and a VarHandle on
 * a field, end in Unsafe.compareAndSetLong, a native method C2 replaces by an intrinsic: the CAS becomes one
 * instruction inline in the caller. x86_64 has lock cmpxchg; AArch64 has casal with the LSE atomics
 * (ARMv8.1), and without them an exclusive-pair loop, ldaxr ... stlxr, retried until the store succeeds.
 * The variant no-lse runs AArch64 with -XX:-UseLSE, so the vocabulary is checked against both forms.
 *
 *   x86_64, JDK 17:          lock cmpxchgq %rcx, 0x10(%rsi) ; sete %r11b        (varHandleCas)
 *   x86_64, JDK 25:          lock cmpxchgq %rcx, 0x10(%r12, %r11, 8)           (atomicCas: the AtomicLong's field)
 *   aarch64, JDK 17:         casal x8, x3, [x10]
 *   aarch64, JDK 17, no LSE: ldaxr x8, [x10] ; cmp x8, x2 ; b.ne ... ; stlxr w8, x3, [x10] ; cbnz w8, <ldaxr>
 *
 * With the intrinsic disabled C2 must call the native method instead, and the CAS leaves the method.
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_compareAndSetLong", kills = CAS, in = "atomicCas",
        why = "Unsafe.compareAndSetLong is then a call to the native method, no inline instruction")
public class AtomicCompareAndSetIsInlineCas {
    static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(AtomicCompareAndSetIsInlineCas.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final AtomicLong atomic = new AtomicLong();
    volatile long value;

    boolean atomicCas(long expected, long next) {
        return atomic.compareAndSet(expected, next);
    }

    boolean varHandleCas(long expected, long next) {
        return VALUE.compareAndSet(this, expected, next);
    }

    public static class Workload {
        public static void main(String[] args) {
            AtomicCompareAndSetIsInlineCas o = new AtomicCompareAndSetIsInlineCas();
            for (long i = 0, end = Jit.rounds(10_000); i < end; i++) {
                o.atomicCas(i, i + 1);
                o.varHandleCas(i, i + 1);
            }
            Jit.compileAtC2(AtomicCompareAndSetIsInlineCas.class, "atomicCas", long.class, long.class);
            Jit.compileAtC2(AtomicCompareAndSetIsInlineCas.class, "varHandleCas", long.class, long.class);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, args);
        casIsInline(run.c2("atomicCas"));
        casIsInline(run.c2("varHandleCas"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void casIsInline(Compiled code) {
        assertThat(code).has(CAS);
    }
}
