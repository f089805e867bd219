/*
 * @test id=default
 * @summary A StampedLock optimistic read compiles to loads with no atomic instruction and no full fence, unlike a read lock, which takes a CAS (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled & !pack.syncBeforeVolatileLoad & pack.isa != "aarch64"
 * @library /lib
 * @run driver OptimisticReadHasNoAtomicOrFence
 */

/*
 * @test id=load-fence
 * @summary A StampedLock optimistic read compiles to loads with no atomic instruction and no full fence, unlike a read lock, which takes a CAS (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.isa == "aarch64"
 * @library /lib
 * @run driver OptimisticReadHasNoAtomicOrFence load-fence
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.INLINE_SUCCESS;
import static anatomy.Op.ANY_ATOMIC;
import static anatomy.Op.CAS;
import static anatomy.Op.FULL_FENCE;
import static anatomy.Op.LOAD_FENCE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.StampedLock;

/*
 * A read lock is a write to shared state: readLock and unlockRead each CAS the lock's state word, so every
 * reader takes the cache line exclusively, and on x86_64 the locked instruction is also a full fence. An
 * optimistic read writes nothing. tryOptimisticRead loads the state (a volatile load: a plain mov on
 * x86_64, ldar on AArch64); validate issues a load fence and loads it again. On x86_64 the load fence
 * orders nothing the hardware would reorder, so it emits no instruction; AArch64 emits dmb ishld, a
 * load-load barrier, which is no full fence. Readers then scale, the point of the seed's benchmark.
 *
 *   x86_64, JDK 17:   movq 0x10(%r12, %r11, 8), %r10 ; andq $0x80, %r11 ... movl 0x10(%rsi), %eax ;
 *                     addl 0xc(%rsi), %eax ; ... andq 0x10(%r12, %r8, 8), %r11 ; cmpq %r11, %r10   (optimisticRead)
 *                     lock cmpxchgq %r11, 0x10(%r12, %r10, 8) ... lock cmpxchgq %r10, ...         (lockedRead)
 *   x86_64, JDK 25:   the same: no locked instruction in optimisticRead, two lock cmpxchgq in lockedRead
 *   aarch64, JDK 17 and 25:  ldar x12, [x10] ... dmb ishld ... ldar x10, [x10]                (optimisticRead)
 *                            casal x8, x13, [x12] ... casal x8, x11, [x10]                     (lockedRead)
 *
 * LOAD_FENCE is dmb ishld on AArch64, where the variant load-fence asserts it; on x86_64 it has no form (x86-TSO
 * orders loads), so there the claim is the absence of any fence alone. "No atomic" is ANY_ATOMIC: any atomic
 * read-modify-write, not only a CAS. The absences are anchored by the log: tryOptimisticRead and validate inlined.
 *
 * No product flag adds an atomic or a fence to the optimistic read, nor takes validate's fence out: the controls are
 * program changes (static finals C2 folds): an AtomicLong.getAndAdd(0) (lock xaddq, ldaddal), a VarHandle.fullFence()
 * (x86_64 lock addl $0, -0x40(%rsp), also a locked instruction: the fence is asserted before the atomic, so each
 * control fails its own assertion), and on AArch64 no validate (no dmb ishld; the variant asserts the fence first,
 * as without validate the absences' premise is gone). The last takes the read lock's CAS, the contrast, away.
 */
@NegativeControl(flags = "-Dconcurrency.atomicValidate=true", kills = ANY_ATOMIC, in = "optimisticRead",
        why = "program change: the optimistic read also does an AtomicLong.getAndAdd(0), an atomic add")
@NegativeControl(flags = "-Dconcurrency.fullFence=true", kills = FULL_FENCE, in = "optimisticRead",
        why = "program change: the optimistic read also issues VarHandle.fullFence(), a full fence")
@NegativeControl(flags = "-Dconcurrency.unvalidated=true", kills = LOAD_FENCE, in = "optimisticRead", requires = "pack.isa == \"aarch64\"",
        why = "program change: the optimistic read returns without validate, whose acquire fence is the dmb ishld")
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_compareAndSetLong", kills = CAS, in = "lockedRead",
        why = "the read lock's compareAndSetLong is then a call to the native method, no inline CAS")
public class OptimisticReadHasNoAtomicOrFence {
    final StampedLock lock = new StampedLock();
    int x;
    int y;

    static final boolean ATOMIC_VALIDATE = Boolean.getBoolean("concurrency.atomicValidate");   // the controls
    static final boolean FULL_FENCE_TOO = Boolean.getBoolean("concurrency.fullFence");
    static final boolean UNVALIDATED = Boolean.getBoolean("concurrency.unvalidated");
    final AtomicLong validations = new AtomicLong();

    int optimisticRead() {
        long stamp = lock.tryOptimisticRead();
        int sum = x + y;
        if (ATOMIC_VALIDATE) {
            validations.getAndAdd(0);
        }
        if (FULL_FENCE_TOO) {
            VarHandle.fullFence();
        }
        return (UNVALIDATED ? stamp != 0 : lock.validate(stamp)) ? sum : -1;
    }

    int lockedRead() {
        long stamp = lock.readLock();
        try {
            return x + y;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    public static class Workload {
        public static void main(String[] args) {
            OptimisticReadHasNoAtomicOrFence o = new OptimisticReadHasNoAtomicOrFence();
            int sink = 0;
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                sink += o.optimisticRead() + o.lockedRead();
            }
            Jit.compileAtC2(OptimisticReadHasNoAtomicOrFence.class, "optimisticRead");
            Jit.compileAtC2(OptimisticReadHasNoAtomicOrFence.class, "lockedRead");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        if (args.length > 0 && args[0].equals("load-fence")) {
            assertThat(run.c2("optimisticRead")).has(LOAD_FENCE);
        }
        assertThat(run.c2("optimisticRead")).given(INLINE_SUCCESS.callee(StampedLock.class, "tryOptimisticRead"))
                .given(INLINE_SUCCESS.callee(StampedLock.class, "validate")).hasNo(FULL_FENCE).hasNo(ANY_ATOMIC);
        assertThat(run.c2("lockedRead")).has(CAS);
    }
}
