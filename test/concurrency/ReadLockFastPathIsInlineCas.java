/*
 * @test
 * @summary An uncontended ReentrantReadWriteLock read lock compiles to an inline CAS on the AQS state, a write to shared state for every reader (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.freqInlineSize >= 325
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver ReadLockFastPathIsInlineCas
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.CAS;
import static anatomy.Op.FIELD_LOAD;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import jdk.internal.misc.Unsafe;

/*
 * The seed found ReentrantReadWriteLock the slowest of its readers, and this is why: its read lock counts
 * the readers in the high half of the AQS state, so taking it moves the state by one reader with
 * compareAndSetState (tryAcquireShared) and releasing it moves it back (tryReleaseShared, a CAS retried
 * in a loop). Uncontended, each is one compare-and-swap inline in the caller, Unsafe.compareAndSetInt's
 * intrinsic: every reader writes the lock's cache line, twice, where StampedLock's optimistic read writes
 * nothing (OptimisticReadHasNoAtomicOrFence). The first reader's hold count lives in the lock itself
 * (firstReader), so one thread reading takes no ThreadLocal.
 *
 *   x86_64, JDK 17:   lock cmpxchgl %r9d, 0x10(%r12, %r13, 8)  (tryAcquireShared, inlined: the log shows
 *                     compareAndSetInt as intrinsic _compareAndSetInt) ... lock cmpxchgl %r10d, 0x10(%r12, %rbx, 8)
 *                     (tryReleaseShared)
 *   x86_64, JDK 25:   lock cmpxchgq %rbx, 0x18(%r12, %r9, 8) ... lock cmpxchgq %r9, 0x18(%r12, %r11, 8)
 *
 * Since JDK 25 (JDK-8352971, more than 65535 holds) the lock's Sync is an AbstractQueuedLongSynchronizer:
 * a long state, compareAndSetLong, cmpxchgq. The claim is the same CAS; the control disables both
 * intrinsics, so C2 must call the native method, and no CAS is left inline, on every release.
 *
 * Each CAS is tied to its role by its place around the body, the load of x (its offset read from the VM, as a
 * field's load is tied to its field): the acquire's CAS comes before it, the release's after it. A count of two
 * CASes anywhere would not tell them apart: a C2 that left the acquire to a call and peeled the release's retry loop
 * would emit two CASes, both after the body (lib/test/LockRoleTest.java). The fields are longs after six of padding,
 * so x sits at an offset no load of the lock's own objects uses (the AQS state is at 0x10 in 17, 0x18 from 25; the
 * lock's readerLock at 0xc), and it is read once: a second load at that offset would be counted, and fail.
 *
 * Both CASes are inline only when C2 inlines tryAcquireShared (188 bytes of bytecode in 25) and tryReleaseShared
 * (158), hot callees within FreqInlineSize: 325 on x86_64, AArch64 and riscv64, but 175 on ppc64le and s390x in 25
 * (the log: tryAcquireShared "hot method too big"; 28-ea gives them 325 too). The claim needs that budget, so it
 * requires pack.freqInlineSize >= 325: a port's 25 is a finding of its default, a smaller user's value a skip.
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_compareAndSetInt,_compareAndSetLong",
        kills = CAS, in = "readLocked", why = "the state's compareAndSetInt (up to 24) or compareAndSetLong (25 on) is then a native call, no inline CAS")
public class ReadLockFastPathIsInlineCas {
    final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    long p1, p2, p3, p4, p5, p6;    // padding: x's offset is then none of the lock's
    long x;

    /* The body is one load of x, so that no instruction but a load reads it (an add would fold it: addq 0x40(%rbx)). */
    long readLocked() {
        lock.readLock().lock();
        try {
            return x;
        } finally {
            lock.readLock().unlock();
        }
    }

    public static class Workload {
        public static void main(String[] args) {
            ReadLockFastPathIsInlineCas o = new ReadLockFastPathIsInlineCas();
            Jit.measure("x", Unsafe.getUnsafe().objectFieldOffset(ReadLockFastPathIsInlineCas.class, "x"));
            long sink = 0;
            for (int i = 0, n = Jit.rounds(10_000); i < n; i++) {
                sink += o.readLocked();
            }
            Jit.compileAtC2(ReadLockFastPathIsInlineCas.class, "readLocked");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
        readIsBetweenCases(run.c2("readLocked"), (long) run.measure("x").value());
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void readIsBetweenCases(Compiled readLocked, long x) {
        assertThat(readLocked).has(exactly(1), FIELD_LOAD.at(x))
                .has(CAS.before(FIELD_LOAD.at(x)))     // the acquire's, tryAcquireShared
                .has(CAS.after(FIELD_LOAD.at(x)));     // the release's, tryReleaseShared
    }
}
