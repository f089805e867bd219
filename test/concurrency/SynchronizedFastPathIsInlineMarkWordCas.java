/*
 * @test
 * @summary An uncontended synchronized method compiles to an inline CAS on the object's mark word, before the return, with the runtime call only on an out-of-line slow path, and an uncontended lock leaves no monitor (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver SynchronizedFastPathIsInlineMarkWordCas
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.UNCONTENDED_LOCK_LEAVES_NO_MONITOR;
import static anatomy.Op.MARK_WORD_CAS;
import static anatomy.Op.MONITOR_ENTER_SLOW_CALL;
import static anatomy.Op.RETURN_POLL;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;

/*
 * Most locks are never contended, so C2 inlines the cheap case of monitorenter. It loads the object's mark
 * word and swaps in a locked state with one CAS at the same address: stack locking (JDK 17 and 21's default)
 * puts a pointer to a lock record on the stack there, lightweight locking (JDK 25's default, and since JDK 26
 * the only mode: JDK-8359437 took LockingMode away, 26 ignores it, 27 rejects it) flips the low bits and
 * pushes the object on the thread's lock stack. Only a failed CAS, an inflated monitor or recursion goes to
 * the runtime, and C2 lays that call out after the method's return, off the fast path. From JDK 27 the
 * inflated case finds its monitor in a table (UseObjectMonitorTable, on by default; the mark word keeps the
 * class under compact headers, JEP 534), a lookup and a CAS on the monitor's owner; the mark word CAS is the
 * same. The call is found by its role, whatever the release names it (anatomy.isa.Role).
 *
 *   x86_64, JDK 17:   leaq 0x10(%rsp), %rbx ; movq (%rsi), %rax ; ... movq %rax, (%rbx) ;
 *                     lock cmpxchgq %rbx, (%rsi)    (stack locking: the mark saved in a stack slot, whose
 *                     address the CAS installs in the header)
 *   aarch64, JDK 17:  mov x12, sp ; ldr x11, [x1] ; ... str x10, [x12] ; ... casal x11, x12, [x1]
 *   x86_64, JDK 21:   movq (%rsi), %rax ; ... lock cmpxchgq %rbx, (%rsi)      (stack locking)
 *   x86_64, JDK 25:   movq (%rsi), %r10 ; ... lock cmpxchgq %r10, (%rsi)      (lightweight locking)
 *                     ... {poll_return} ... {runtime_call C2 Runtime complete_monitor_locking}
 *   x86_64, JDK 26:   the same; {runtime_call C2 Runtime complete_monitor_locking_blob}
 *   x86_64, JDK 28:   movq (%rsi), %r10 ; testb $2, %r10b ; ... lock cmpxchgq %r10, (%rsi) ; ... (table:)
 *                     lock cmpxchgq %rbx, 8(%r10) ; ... {poll_return} ...
 *                     {runtime_call complete_monitor_locking_blob (C2 runtime)}     (the same on 27)
 *   aarch64, JDK 25:  ldr x11, [x1] ; ... casa x8, x10, [x1]
 *   aarch64, JDK 28:  ldr x11, [x1] ; tbnz w11, #1 ; orr ; eor ; ... casa x8, x10, [x1]
 *
 * With -XX:LockingMode=0 (JDK 21 to 25) every lock is an inflated monitor: the mark word is only read, and
 * the one CAS left is on the monitor's owner field. JDK 17 has no such mode for C2 (-XX:+UseHeavyMonitors
 * leaves its code as it is), but it still has biased locking: then the fast path compares the mark with the
 * thread's bias and returns without any atomic, and the CAS moves out of line, after the return. From JDK 26
 * no flag takes the fast path away (both controls are n/a there; -XX:-BlockLayoutByFrequency leaves the
 * call after the return too, measured on 17 and 28).
 *
 * The other half: an uncontended lock takes that path. 100 fresh objects locked once each by the C2 code (still
 * the level-4 compile asked for) have no monitor (WhiteBox isMonitorInflated; 17, 25, 28-ea). -XX:+UseHeavyMonitors
 * on 17.0.15 changes neither half (measured: nothing inflates, not even while held). The control, on every JDK:
 * -Dconcurrency.contended=true, another thread holds each lock until the C2 code is BLOCKED on it: all 100 inflate.
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:LockingMode=0", kills = MARK_WORD_CAS, in = "lockedIncrement",
        requires = "pack.lockingModeFlag", why = "every lock is then a monitor, no CAS on the mark word")
@NegativeControl(flags = "-XX:+UseBiasedLocking", kills = MARK_WORD_CAS, in = "lockedIncrement", requires = "pack.biasedLockingFlag",
        why = "a lock biased to its thread is then entered without a CAS; the CAS only after the return")
@NegativeControl(flags = "-Dconcurrency.contended=true", killsFact = UNCONTENDED_LOCK_LEAVES_NO_MONITOR,
        why = "program change: another thread holds each fresh object's lock when the C2 code takes it, so the CAS fails and the runtime inflates a monitor")
public class SynchronizedFastPathIsInlineMarkWordCas {
    int x;

    synchronized void lockedIncrement() {
        x++;
    }

    static final int FRESH = 100;

    /* Warm, compile; then lock fresh objects once each with the C2 code and ask WhiteBox whether they have a monitor. */
    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
            SynchronizedFastPathIsInlineMarkWordCas o = new SynchronizedFastPathIsInlineMarkWordCas();
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                o.lockedIncrement();
            }
            Jit.compileAtC2(SynchronizedFastPathIsInlineMarkWordCas.class, "lockedIncrement");
            boolean contended = Boolean.getBoolean("concurrency.contended");
            int inflated = 0;
            for (int i = 0; i < FRESH; i++) {
                SynchronizedFastPathIsInlineMarkWordCas fresh = new SynchronizedFastPathIsInlineMarkWordCas();
                Thread holder = contended ? holdUntilBlocked(fresh, Thread.currentThread()) : null;
                fresh.lockedIncrement();
                inflated += Vm.isMonitorInflated(fresh) ? 1 : 0;
                if (holder != null) {
                    holder.join();
                }
            }
            Jit.snapshot("after locking the fresh objects", SynchronizedFastPathIsInlineMarkWordCas.class, "lockedIncrement");
            Jit.measure("fresh objects with a monitor after one uncontended lock", inflated);
        }
    }

    /* The control's contention: another thread holds o's lock until the locker is blocked on it (no sleeps). */
    static Thread holdUntilBlocked(Object o, Thread locker) throws InterruptedException {
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (o) {
                held.countDown();
                while (locker.getState() != Thread.State.BLOCKED) Thread.onSpinWait();
            }
        });
        holder.start();
        held.await();
        return holder;
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.c2("lockedIncrement")).has(MARK_WORD_CAS.before(RETURN_POLL))
                .has(MONITOR_ENTER_SLOW_CALL.after(RETURN_POLL));
        assertThat(run.state("after locking the fresh objects")).isRunningCompileAt(Jit.C2);
        assertThat(UNCONTENDED_LOCK_LEAVES_NO_MONITOR, run.measure("fresh objects with a monitor after one uncontended lock")).isEqualTo(0);
    }
}
