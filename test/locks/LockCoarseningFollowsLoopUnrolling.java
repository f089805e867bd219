/*
 * @test
 * @summary C2 coarsens the locks that loop unrolling puts side by side, so one lock covers several iterations (Quark #1)
 * @key headline locks
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver LockCoarseningFollowsLoopUnrolling
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.COARSENED_LOCK;
import static anatomy.Op.MARK_WORD_CAS;
import static anatomy.Scope.LOOP_BODY;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Op;
import anatomy.Operation;
import anatomy.Run;

/*
 * C2 does not hoist a lock out of a loop. It unrolls the loop, which places N unlock/lock pairs on
 * the same object next to each other, and ordinary lock coarsening then merges them: one lock per
 * unrolled body. The proof is in the arithmetic: the increments of several iterations fold into one
 * add under one lock, which no code may do across a lock boundary. Coarsening merges locks, it does not remove
 * them: the loop body still enters the monitor, a mark-word CAS in each unrolled body (a C2 that dropped the
 * coarsened lock would leave the merged adds and the event, and no CAS in the loop). Last, the CAS is tied to the
 * loop of the merged add: the post-loop C2 splits off keeps a lock per iteration, and a CAS, of its own.
 *
 *   x86_64, JDK 17:   lock cmpxchgq ... ; addl $0x108, 0xc(%r10) ; ... ; addl $4, %r11d ; cmpl $0x3e5, %r11d ; jl
 *   x86_64, JDK 25:   addl $0x108, 0xc(%r10)      (0x108 = 4 x 0x42, under one lock)
 *   aarch64, JDK 17:  casal x11, x12, [x19] ; ... ; add w11, w10, #0x108
 *   log, JDK 25:      <eliminate_lock lock_id='307' class='lock' kind='Coarsened' .../>
 *
 * The CAS in the loop is asserted first and has a control of its own: -Dlocks.unshared=true locks a new object
 * in each iteration, one no other thread can reach, so escape analysis removes every lock (kind='NonEscObj')
 * and no CAS is left in the loop. (Taking the monitor once more around the loop does not do it: measured on 17,
 * C2 coarsens the inner locks and keeps their CASes, it does not remove them as nested.)
 */
@NegativeControl(flags = "-XX:-EliminateLocks", killsEvent = COARSENED_LOCK, in = "lockedIncrementLoop", why = "no lock is merged or removed")
@NegativeControl(flags = "-XX:LoopUnrollLimit=1", killsEvent = COARSENED_LOCK, in = "lockedIncrementLoop", why = "without unrolling no two locks are adjacent")
@NegativeControl(flags = "-Dlocks.unshared=true", kills = MARK_WORD_CAS, in = "lockedIncrementLoop",
        why = "the loop then locks a new object in each iteration, which escape analysis unlocks")
public class LockCoarseningFollowsLoopUnrolling {
    static final boolean UNSHARED = Boolean.getBoolean("locks.unshared");   // the control (C2 folds it)
    int x;

    void lockedIncrementLoop() {
        for (int c = 0; c < 1000; c++) {
            synchronized (UNSHARED ? new Object() : this) {
                x += 0x42;
            }
        }
    }

    /* The increments of k >= 2 iterations folded into one add: they ran under one lock. */
    static final Operation MERGED_INCREMENTS = Op.addImmediate("k x 0x42, k >= 2", v -> v > 0x42 && v % 0x42 == 0);

    public static class Workload {
        public static void main(String[] args) {
            LockCoarseningFollowsLoopUnrolling o = new LockCoarseningFollowsLoopUnrolling();
            o.lockedIncrementLoop();
            Jit.compileAtC2(LockCoarseningFollowsLoopUnrolling.class, "lockedIncrementLoop");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        isCoarsened(run.c2("lockedIncrementLoop"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void isCoarsened(Compiled lockedIncrementLoop) {
        assertThat(lockedIncrementLoop).has(MARK_WORD_CAS.inside(LOOP_BODY)).has(COARSENED_LOCK).has(MERGED_INCREMENTS)
                .has(MARK_WORD_CAS.inLoopWith(MERGED_INCREMENTS));    // the lock of the merged add's loop, not the post-loop's
    }
}
