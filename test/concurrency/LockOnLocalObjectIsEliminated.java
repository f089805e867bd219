/*
 * @test
 * @summary C2 removes a lock on an object that does not escape, and a lock nested inside another on the same object (Quark #19)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver LockOnLocalObjectIsEliminated
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.ELIMINATED_LOCK;
import static anatomy.Count.exactly;
import static anatomy.Op.ANY_CAS;
import static anatomy.Op.MONITOR_ENTER_SLOW_CALL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * A monitor only matters to threads that can reach its object. Escape analysis proves that the object
 * locked in lockedOnLocal never leaves the method, so C2 deletes the lock and the unlock: no CAS on the
 * mark word, no monitor slow path, only the increment (the object itself is scalar replaced).
 *
 * The object locked in nestedOnThis does escape, it is `this`. After inlining, the lock of the
 * synchronized lockedIncrement sits inside a region already holding the same monitor; re-entering it
 * cannot block and changes nothing visible, so C2 deletes the inner pair and keeps the outer one. The code shows
 * it as well as the log: one monitor-enter slow-path call, the outer lock's (a kept inner lock has its own;
 * a count of mark-word CASes would not do, x86_64 17's exit CAS reads the mark at offset 0 too).
 *
 *   log, JDK 17:       <eliminate_lock ... class='lock' kind='NonEscObj' .../>   (lockedOnLocal)
 *                      <eliminate_lock ... class='lock' kind='Nested' .../>      (nestedOnThis)
 *   x86_64, JDK 17:    lockedOnLocal: no lock cmpxchg;   nestedOnThis: lock cmpxchgq %rbx, (%rsi) ...
 *   x86_64, JDK 25:    the same events; lockedOnLocal has no lock cmpxchg
 *   aarch64, JDK 17:   lockedOnLocal has no casal/ldaxr;  nestedOnThis keeps the outer casal
 *
 * Switching off lock elimination, the nested-lock half of it, or escape analysis (which the non-escaping
 * half needs) takes the events away. -Dconcurrency.sharedLock=true makes nestedOnThis also lock a shared object
 * after the nested pair, a lock C2 must keep: the Nested event stays, and the count sees the kept lock's slow call.
 */
@NegativeControl(flags = "-XX:-EliminateLocks", killsEvent = ELIMINATED_LOCK, in = "lockedOnLocal", why = "no lock is removed")
@NegativeControl(flags = "-XX:-EliminateNestedLocks", killsEvent = ELIMINATED_LOCK, in = "nestedOnThis",
        why = "a lock nested in one on the same object is then kept")
@NegativeControl(flags = "-XX:-DoEscapeAnalysis", killsEvent = ELIMINATED_LOCK, in = "lockedOnLocal",
        why = "without escape analysis the local object may be shared, so its lock stays")
@NegativeControl(flags = "-Dconcurrency.sharedLock=true", kills = MONITOR_ENTER_SLOW_CALL, in = "nestedOnThis",
        why = "nestedOnThis then also locks a shared object, which keeps its lock and its slow-path call")
public class LockOnLocalObjectIsEliminated {
    static final boolean SHARED_LOCK = Boolean.getBoolean("concurrency.sharedLock");   // the control
    static final Object SHARED = new Object();
    int x;

    void lockedOnLocal() {
        synchronized (new Object()) {
            x++;
        }
    }

    void nestedOnThis() {
        synchronized (this) {
            lockedIncrement();
        }
        if (SHARED_LOCK) {
            synchronized (SHARED) {
                x++;
            }
        }
    }

    synchronized void lockedIncrement() {
        x++;
    }

    /* Warmed until the call in nestedOnThis is hot: C2 does not inline a cold one ("low call site frequency"). */
    public static class Workload {
        public static void main(String[] args) {
            LockOnLocalObjectIsEliminated o = new LockOnLocalObjectIsEliminated();
            for (int i = 0, end = Jit.rounds(20_000); i < end; i++) {
                o.lockedOnLocal();
                o.nestedOnThis();
            }
            Jit.compileAtC2(LockOnLocalObjectIsEliminated.class, "lockedOnLocal");
            Jit.compileAtC2(LockOnLocalObjectIsEliminated.class, "nestedOnThis");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        localLockIsGone(run.c2("lockedOnLocal"));
        assertThat(run.c2("nestedOnThis")).has(ELIMINATED_LOCK.where("kind", "Nested"))
                .has(exactly(1), MONITOR_ENTER_SLOW_CALL);
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void localLockIsGone(Compiled lockedOnLocal) {
        assertThat(lockedOnLocal).has(ELIMINATED_LOCK.where("kind", "NonEscObj")).hasNo(ANY_CAS);
    }
}
