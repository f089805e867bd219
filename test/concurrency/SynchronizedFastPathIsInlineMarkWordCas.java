/*
 * @test
 * @summary An uncontended lock (synchronized) compiles to an inline CAS on the object's mark word, before the return, with the runtime call only on an out-of-line slow path, and an uncontended lock leaves no monitor (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver SynchronizedFastPathIsInlineMarkWordCas
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.UNCONTENDED_LOCK_LEAVES_NO_MONITOR;
import static anatomy.Op.MARK_WORD_CAS;
import static anatomy.Op.MARK_WORD_CAS_FAILING_OUT_OF_LINE;
import static anatomy.Op.MONITOR_ENTER_SLOW_CALL;
import static anatomy.Op.RETURN_POLL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;

/*
 * Most locks are never contended, so C2 inlines the cheap case of monitorenter: it loads the object's mark word and
 * swaps in a locked state with one CAS at the same address. Stack locking (17 and 21's default) installs a pointer to
 * a lock record on the stack; lightweight locking (25's default, from 26 the only mode: JDK-8359437) clears the
 * unlocked bit and pushes the object on the thread's lock stack; from 27 a monitor is found in a table (a CAS on its
 * owner), the mark word CAS the same. Only a failed CAS, an inflated monitor or recursion calls the runtime, a call
 * laid out after the return (found by its role: anatomy.isa.Role). The exit CASes the mark back, on x86_64 and s390x
 * with the same instruction: MARK_WORD_CAS is the entry's, the CAS that expects the loaded mark with its unlocked bit set.
 *
 *   x86_64, JDK 17:   movq (%rsi), %rax ; testq $2, %rax ; jne ; orq $1, %rax ; movq %rax, (%rbx) ; lock cmpxchgq %rbx,
 *                     (%rsi) ; je T ; subq %rsp, %rax ; andq $0x...f007, %rax ; movq %rax, (%rbx) ; jmp T ; ... T: jne S
 *   aarch64, JDK 17:  mov x12, sp ; ldr x11, [x1] ; ... str x10, [x12] ; ... casal x11, x12, [x1]
 *   x86_64, 25, 28:   movq (%rsi), %r10 ; ... movq %r10, %rax ; orq $1, %rax ; andq $-2, %r10 ; lock cmpxchgq %r10, (%rsi) ;
 *                     jne T ; ... T: jne S ; ... {poll_return} ... S: ... {runtime_call ... complete_monitor_locking...}
 *   aarch64, 25, 28:  ldr x11, [x1] ; ... casa x8, x10, [x1] ; cmp x8, x11 ; b.ne T ; ... T: b.ne S   (the exit: casl)
 * The failure's branch is claimed too (x86_64, AArch64): it reaches C2's jne on the flags (T), whose target S is after
 * the return (MARK_WORD_CAS_FAILING_OUT_OF_LINE). riscv64, ppc64le and s390x keep the CAS alone (their branch unread).
 *
 * With -XX:LockingMode=0 (JDK 21 to 25) every lock is an inflated monitor: the one CAS left is on its owner field.
 * JDK 17 has no such mode for C2 (-XX:+UseHeavyMonitors leaves its code as it is), but biased locking: the fast
 * path compares the mark with the thread's bias without any atomic, the CAS out of line. From JDK 26 no flag takes
 * the fast path away (-XX:-BlockLayoutByFrequency leaves the call after the return too, 17 and 28), so the control
 * there is a program change: -Dconcurrency.freshLock=true makes lockedIncrement lock a new object, which never
 * escapes, and C2 removes the lock (as in LockOnLocalObjectIsEliminated). Hence a block on this: the same FastLock.
 *
 * The other half: an uncontended lock takes that path. 100 fresh objects locked once each by the C2 code (still
 * the level-4 compile asked for) have no monitor (WhiteBox isMonitorInflated; 17, 25, 28-ea). The control, on every
 * JDK: -Dconcurrency.contended=true, another thread holds each lock until the C2 code is BLOCKED on it: all inflate.
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:LockingMode=0", kills = MARK_WORD_CAS, in = "lockedIncrement",
        requires = "pack.lockingModeFlag", why = "every lock is then a monitor, no CAS on the mark word")
@NegativeControl(flags = "-XX:+UseBiasedLocking", kills = MARK_WORD_CAS, in = "lockedIncrement", requires = "pack.biasedLockingFlag",
        why = "a lock biased to its thread is then entered without a CAS; the CAS only after the return")
@NegativeControl(flags = "-Dconcurrency.freshLock=true", kills = MARK_WORD_CAS, in = "lockedIncrement", why = "program change: lockedIncrement then locks a new object")
@NegativeControl(flags = "-Dconcurrency.contended=true", killsFact = UNCONTENDED_LOCK_LEAVES_NO_MONITOR,
        why = "program change: another thread holds each fresh object's lock when the C2 code takes it, so the CAS fails and the runtime inflates a monitor")
public class SynchronizedFastPathIsInlineMarkWordCas {
    int x;
    static final int FRESH = 100;
    static final boolean FRESH_LOCK = Boolean.getBoolean("concurrency.freshLock");   // the control

    void lockedIncrement() {
        synchronized (FRESH_LOCK ? new Object() : this) {
            x++;
        }
    }

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
        fastPathIsInline(run.c2("lockedIncrement"));
        assertThat(run.state("after locking the fresh objects")).isRunningCompileAt(Jit.C2);
        assertThat(UNCONTENDED_LOCK_LEAVES_NO_MONITOR, run.measure("fresh objects with a monitor after one uncontended lock")).isEqualTo(0);
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void fastPathIsInline(Compiled code) {
        assertThat(code).has(MARK_WORD_CAS.before(RETURN_POLL)).has(MARK_WORD_CAS_FAILING_OUT_OF_LINE.before(RETURN_POLL))
                .has(MONITOR_ENTER_SLOW_CALL.after(RETURN_POLL));
    }
}
