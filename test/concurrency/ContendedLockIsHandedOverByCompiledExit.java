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
 * Seed 004 measures synchronized under contention: a thread that finds a lock held inflates it into a monitor and
 * parks. C2 inlines the monitor's exit: it clears the owner, fences, and leaves at once when nobody is queued or a
 * successor is awake; otherwise the runtime wakes one. A wrong test there is a lost wake-up.
 *
 *   x86_64, 28-ea:  movq $0, <owner>(%r10) ; lock addl $0, -0x40(%rsp) ; cmpq $0, <queue>(%r10) ; je DONE ;
 *                   cmpq $0, <successor>(%r10) ; jne DONE ; ... (the slow path: the runtime wakes a waiter)
 *
 * Each round, in lockedWhile's C2 code: (1) hold a new lock until another thread is BLOCKED on it (no sleep): it is
 * inflated (WhiteBox); (2) take a monitor a thread waits on, notify it (queued, still parked) and leave: the exit must
 * wake it, or the join hangs until the child VM's limit (below the test's) fails the test, its stderr naming the round.
 */
@NegativeControl(flags = "-Dconcurrency.late=true", killsFact = CONTENDED_LOCK_INFLATES,
        why = "program change: the other thread then takes the lock only after the C2 code left it, uncontended")
public class ContendedLockIsHandedOverByCompiledExit {
    static final int ROUNDS = 5;
    static final boolean LATE = Boolean.getBoolean("concurrency.late");   // the control

    /* C2's code under test: takes the lock, runs what happens while it is held, leaves. */
    void lockedWhile(Runnable held) {
        synchronized (this) {
            held.run();
        }
    }

    /* While C2's code holds the lock; never inlined nor compiled, as waitingOn (spin loops: timing-shaped code). */
    record Held(ContendedLockIsHandedOverByCompiledExit lock, Thread blocker, boolean notifying) implements Runnable {
        public void run() {
            if (blocker != null) {
                blocker.start();
                while (blocker.getState() != Thread.State.BLOCKED) {
                    Thread.onSpinWait();
                }
            }
            if (notifying) {
                lock.notified = true;
                lock.notify();
            }
            lock.inflated = Vm.isMonitorInflated(lock);
        }
    }
    boolean notified, inflated;

    /* A thread that waits on o's monitor until notified: parked, then queued to take the lock again. */
    static Thread waitingOn(ContendedLockIsHandedOverByCompiledExit o) {
        Thread t = new Thread(() -> {
            synchronized (o) {
                try {
                    while (!o.notified) {
                        o.wait();
                    }
                } catch (InterruptedException e) {
                    return;
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
            Held nothing = new Held(warm, null, false);
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                warm.lockedWhile(nothing);
            }
            Jit.compileAtC2(ContendedLockIsHandedOverByCompiledExit.class, "lockedWhile", Runnable.class);
            int inflated = 0, handedOver = 0;
            for (int round = 0; round < ROUNDS; round++) {
                ContendedLockIsHandedOverByCompiledExit o = new ContendedLockIsHandedOverByCompiledExit();
                Thread blocker = new Thread(() -> o.lockedWhile(nothing));
                o.lockedWhile(new Held(o, LATE ? null : blocker, false));
                if (LATE) {
                    blocker.start();
                }
                blocker.join();
                inflated += o.inflated ? 1 : 0;
                ContendedLockIsHandedOverByCompiledExit p = new ContendedLockIsHandedOverByCompiledExit();
                Thread waiter = waitingOn(p);
                p.lockedWhile(new Held(p, null, true));
                System.err.println("round " + round + ": waiting for the notified thread to take the lock C2's exit left");   // a hang's tail
                waiter.join();
                handedOver++;
            }
            Jit.snapshot("after the rounds", ContendedLockIsHandedOverByCompiledExit.class, "lockedWhile", Runnable.class);
            Jit.measure("rounds whose lock was inflated while C2's code held it", inflated);
            Jit.measure("rounds whose notified thread got the lock after C2's exit", handedOver);
        }
    }

    public static void main(String[] args) {
        String held = Held.class.getName() + "::run", waiting = ContendedLockIsHandedOverByCompiledExit.class.getName() + "::waitingOn";
        Run run = Jit.run(Workload.class, "-XX:CompileCommand=dontinline," + held, "-XX:CompileCommand=exclude," + held, "-XX:CompileCommand=exclude," + waiting);
        assertThat(run.state("after the rounds")).isRunningCompileAt(Jit.C2);
        assertThat(CONTENDED_LOCK_INFLATES, run.measure("rounds whose lock was inflated while C2's code held it")).isEqualTo(ROUNDS);
        assertThat(COMPILED_EXIT_WAKES_WAITER, run.measure("rounds whose notified thread got the lock after C2's exit")).isEqualTo(ROUNDS);
    }
}
