/*
 * @test id=default
 * @summary AtomicLong.getAndAdd and AtomicInteger.incrementAndGet compile to an inline atomic add (x86_64: lock xadd; AArch64: ldaddal, or an ldaxr/add/stlxr loop without LSE), not a CAS loop (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver AtomicGetAndAddIsInlineAtomicAdd
 */

/*
 * @test id=no-lse
 * @summary AtomicLong.getAndAdd and AtomicInteger.incrementAndGet compile to an inline atomic add (x86_64: lock xadd; AArch64: ldaddal, or an ldaxr/add/stlxr loop without LSE), not a CAS loop (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.isa == "aarch64"
 * @library /lib
 * @run driver AtomicGetAndAddIsInlineAtomicAdd -XX:-UseLSE
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.ANY_CAS;
import static anatomy.Op.ATOMIC_ADD;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/*
 * A counter shared by threads needs an atomic read-modify-write. Written in Java, Unsafe.getAndAddLong is a
 * loop: read the value, try to CAS in the sum, retry when another thread got there first. C2 does not compile
 * that loop: it replaces the whole method by an intrinsic, one atomic add that cannot fail. x86_64 has
 * lock xadd (it returns the old value); AArch64 has ldaddal with the LSE atomics (ARMv8.1), and without
 * them an exclusive-pair loop that retries only when the reservation is lost, never on a changed value.
 * The variant no-lse runs AArch64 with -XX:-UseLSE, so the vocabulary is checked against both forms.
 *
 *   x86_64, JDK 17 and 25:    lock xaddq %rax, 0x10(%r12, %r11, 8)      (getAndAdd)
 *                             lock xaddl %eax, 0xc(%r12, %r10, 8)       (incrementAndGet, then incl %eax)
 *   aarch64, JDK 17 and 25:   ldaddal x2, x0, [x10]                     (getAndAdd)
 *                             ldaddal w9, w10, [x10]                    (incrementAndGet)
 *   aarch64, no LSE:          ldaxr x0, [x10] ; add x8, x0, x2 ; stlxr w9, x8, [x10] ; cbnz w9, <ldaxr>
 *
 * With the intrinsic disabled C2 compiles the Java loop: a CAS (lock cmpxchg, casal) and no atomic add.
 * "Not a CAS loop" is asserted too: no CAS of any ordering beside the atomic add (ANY_CAS; the no-LSE loop has
 * no compare between its ldaxr and stlxr, so it is no CAS).
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_getAndAddLong", kills = ATOMIC_ADD, in = "getAndAdd",
        why = "AtomicLong.getAndAdd is then Unsafe's Java loop of a volatile read and a CAS")
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_getAndAddInt", kills = ATOMIC_ADD, in = "incrementAndGet",
        why = "AtomicInteger.incrementAndGet is then Unsafe's Java loop of a volatile read and a CAS")
public class AtomicGetAndAddIsInlineAtomicAdd {
    final AtomicLong total = new AtomicLong();
    final AtomicInteger count = new AtomicInteger();

    long getAndAdd(long delta) {
        return total.getAndAdd(delta);
    }

    int incrementAndGet() {
        return count.incrementAndGet();
    }

    public static class Workload {
        public static void main(String[] args) {
            AtomicGetAndAddIsInlineAtomicAdd o = new AtomicGetAndAddIsInlineAtomicAdd();
            long sink = 0;
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                sink += o.getAndAdd(i) + o.incrementAndGet();
            }
            Jit.compileAtC2(AtomicGetAndAddIsInlineAtomicAdd.class, "getAndAdd", long.class);
            Jit.compileAtC2(AtomicGetAndAddIsInlineAtomicAdd.class, "incrementAndGet");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, args);
        addIsAtomic(run.c2("getAndAdd"));
        addIsAtomic(run.c2("incrementAndGet"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void addIsAtomic(Compiled code) {
        assertThat(code).has(ATOMIC_ADD).hasNo(ANY_CAS);
    }
}
