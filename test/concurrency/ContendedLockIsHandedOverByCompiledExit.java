/*
 * @test
 * @summary A lock another thread blocks on while C2's code holds it becomes an inflated monitor, and C2's inline exit hands it over: the blocked thread gets it (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver/timeout=300 ContendedLockIsHandedOverByCompiledExit
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.COMPILED_EXIT_WAKES_WAITER;
import static anatomy.Fact.CONTENDED_LOCK_INFLATES;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;

/*
 * Seed 004 measures synchronized under two to four contending threads. Uncontended, C2's lock is one CAS on the mark
 * word (SynchronizedFastPathIsInlineMarkWordCas). A thread that finds the lock held spins a little, then inflates it
 * into a monitor (an ObjectMonitor: owner, a list of blocked threads, a successor) and parks. C2 inlines the exit of
 * such a monitor too, not only the mark word's: it clears the owner, orders that store before the next loads, and
 * returns at once when no thread is queued or one is already woken (the successor); only otherwise does it call the
 * runtime to wake one. A wrong test there leaves the lock free and its waiter parked for ever: a lost wake-up.
 *
 *   x86_64, 28-ea:  movq $0, <owner>(%r10) ; lock addl $0, -0x40(%rsp) ; cmpq $0, <entry list>(%r10) ; je DONE ;
 *                   cmpq $0, <successor>(%r10) ; jne DONE ; ... (the slow path: the runtime wakes a waiter)
 *
 * Each round has two halves, both through the C2 code of lockedWhile. Contention: it holds a new object's lock,
 * starts a thread that takes the same lock and waits until that thread is BLOCKED on it (the runtime decides when;
 * no sleep): the monitor is then inflated (WhiteBox). The hand-over: a thread waits on another object's monitor
 * (wait() inflates it and parks the thread); lockedWhile takes that lock (C2's entry of an inflated monitor),
 * notifies the waiter, which only moves it to the monitor's queue, still parked, and leaves: C2's exit then finds a
 * queued thread and no successor, and must wake it. The round waits for that thread to finish. A lost wake-up hangs
 * there, and the child VM's time limit (shorter than the test's) fails the test; its stderr names the round. The
 * state after the rounds shows the C2 code still the method's. The control is a program change,
 * -Dconcurrency.late=true: the contending thread starts after the lock is left, so no monitor is inflated.
 */
@NegativeControl(flags = "-Dconcurrency.late=true", killsFact = CONTENDED_LOCK_INFLATES,
        why = "program change: the other thread then takes the lock only after the C2 code left it, uncontended")
public class ContendedLockIsHandedOverByCompiledExit {
    int x;
    static final int ROUNDS = 5;
    static final boolean LATE = Boolean.getBoolean("concurrency.late");   // the control

    /* C2's code under test: takes the lock, runs what happens while it is held, leaves. */
    void lockedWhile(Runnable held) {
        synchronized (this) {
            x++;
            held.run();
        }
    }

    /*
     * What happens while C2's code holds the lock: one class, never inlined (so no profile of it shapes lockedWhile)
     * and never compiled, as waitingOn: their spin loops' compiles follow how long each spin took, so their code would
     * differ from run to run beside the code the claim is about (make mutants compares a run's code with another's).
     */
    static final class Held implements Runnable {
        final ContendedLockIsHandedOverByCompiledExit lock;
        final Thread blocker;     // started, then awaited until BLOCKED on the lock
        final boolean notify;     // notifies the lock's waiter, which then queues to take the lock again
        boolean inflated;

        Held(ContendedLockIsHandedOverByCompiledExit lock, Thread blocker, boolean notify) {
            this.lock = lock;
            this.blocker = blocker;
            this.notify = notify;
        }

        @Override
        public void run() {
            if (blocker != null) {
                blocker.start();
                while (blocker.getState() != Thread.State.BLOCKED) {
                    Thread.onSpinWait();
                }
            }
            if (notify) {
                lock.notified = true;
                lock.notify();
            }
            inflated = lock != null && Vm.isMonitorInflated(lock);
        }
    }

    boolean notified;

    /* A thread that waits on o's monitor until notified: parked, then queued to take the lock again. */
    static Thread waitingOn(ContendedLockIsHandedOverByCompiledExit o) {
        Thread t = new Thread(() -> {
            synchronized (o) {
                while (!o.notified) {
                    try {
                        o.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        });
        t.start();
        while (t.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        return t;
    }

    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
            ContendedLockIsHandedOverByCompiledExit warm = new ContendedLockIsHandedOverByCompiledExit();
            Held nothing = new Held(null, null, false);
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                warm.lockedWhile(nothing);
            }
            Jit.compileAtC2(ContendedLockIsHandedOverByCompiledExit.class, "lockedWhile", Runnable.class);
            int inflated = 0, handedOver = 0;
            for (int round = 0; round < ROUNDS; round++) {
                // Contention: another thread blocks on the lock C2's code holds.
                ContendedLockIsHandedOverByCompiledExit o = new ContendedLockIsHandedOverByCompiledExit();
                Thread blocker = new Thread(() -> o.lockedWhile(nothing));
                Held held = new Held(o, LATE ? null : blocker, false);
                o.lockedWhile(held);
                if (LATE) {
                    blocker.start();
                }
                blocker.join();
                inflated += held.inflated ? 1 : 0;
                // The hand-over: a parked thread queued on the monitor when C2's code leaves it.
                ContendedLockIsHandedOverByCompiledExit p = new ContendedLockIsHandedOverByCompiledExit();
                Thread waiter = waitingOn(p);
                p.lockedWhile(new Held(p, null, true));
                // On stderr, whose tail a child VM's time-out shows: a lost wake-up hangs in the join below.
                System.err.println("round " + round + ": waiting for the notified thread to take the lock C2's exit left");
                waiter.join();
                handedOver++;
            }
            Jit.snapshot("after the rounds", ContendedLockIsHandedOverByCompiledExit.class, "lockedWhile", Runnable.class);
            Jit.measure("rounds whose lock was inflated while C2's code held it", inflated);
            Jit.measure("rounds whose notified thread got the lock after C2's exit", handedOver);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-XX:CompileCommand=dontinline," + Held.class.getName() + "::run",
                "-XX:CompileCommand=exclude," + Held.class.getName() + "::run",
                "-XX:CompileCommand=exclude," + ContendedLockIsHandedOverByCompiledExit.class.getName() + "::waitingOn");
        assertThat(run.state("after the rounds")).isRunningCompileAt(Jit.C2);
        assertThat(CONTENDED_LOCK_INFLATES, run.measure("rounds whose lock was inflated while C2's code held it")).isEqualTo(ROUNDS);
        assertThat(COMPILED_EXIT_WAKES_WAITER, run.measure("rounds whose notified thread got the lock after C2's exit")).isEqualTo(ROUNDS);
    }
}
