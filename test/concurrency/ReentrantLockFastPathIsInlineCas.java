/*
 * @test
 * @summary An uncontended ReentrantLock.lock compiles to an inline CAS on the AQS state, the JDK code's own fast path (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver ReentrantLockFastPathIsInlineCas
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.CAS;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.concurrent.locks.ReentrantLock;

/*
 * ReentrantLock is Java code over AbstractQueuedSynchronizer: lock() first tries to move the AQS state from
 * 0 to 1 with compareAndSetState, which is Unsafe.compareAndSetInt, an intrinsic. Uncontended, that CAS
 * is the whole acquisition, inline in the caller; the queueing slow path (acquire) stays out of line.
 * unlock() is a volatile store of 0 to the state: on x86_64 a store then a full fence, on AArch64 stlr.
 *
 *   x86_64, JDK 17:   lock cmpxchgl %r10d, 0x10(%r12, %r13, 8) ; ... incl 0xc(%rbx) ; ... lock addl $0, -0x40(%rsp)
 *   x86_64, JDK 25:   lock cmpxchgl %r8d, 0x18(%r12, %r10, 8) ; incl 0xc(%rsi) ; ... lock addl $0, -0x40(%rsp)
 *   aarch64, JDK 17:  casal w8, w12, [x10] ; ... stlr w29, [x10]
 *   aarch64, JDK 25:  casal w8, w13, [x10] ; ... stlr w29, [x10]
 *
 * With the intrinsic disabled C2 must call the native compareAndSetInt, and no CAS is left inline.
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_compareAndSetInt", kills = CAS, in = "lockedIncrement",
        why = "the AQS state's compareAndSetInt is then a call to the native method, no inline CAS")
public class ReentrantLockFastPathIsInlineCas {
    final ReentrantLock lock = new ReentrantLock();
    int x;

    void lockedIncrement() {
        lock.lock();
        try {
            x++;
        } finally {
            lock.unlock();
        }
    }

    public static class Workload {
        public static void main(String[] args) {
            ReentrantLockFastPathIsInlineCas o = new ReentrantLockFastPathIsInlineCas();
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                o.lockedIncrement();
            }
            Jit.compileAtC2(ReentrantLockFastPathIsInlineCas.class, "lockedIncrement");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        stateCasIsInline(run.c2("lockedIncrement"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void stateCasIsInline(Compiled code) {
        assertThat(code).has(CAS);
    }
}
