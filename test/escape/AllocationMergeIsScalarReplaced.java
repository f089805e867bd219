/*
 * @test id=fromJdk22
 * @summary Two allocations merged at a phi are scalar replaced from JDK 22 on, and allocated before (Quark #18)
 * @key headline escape
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.jdk >= 22
 * @library /lib
 * @run driver AllocationMergeIsScalarReplaced replaced
 */

/*
 * @test id=beforeJdk22
 * @summary Two allocations merged at a phi are scalar replaced from JDK 22 on, and allocated before (Quark #18)
 * @key headline escape
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.jdk < 22
 * @library /lib
 * @run driver AllocationMergeIsScalarReplaced allocated
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.ELIMINATED_ALLOCATION;
import static anatomy.Logged.INLINE_SUCCESS;
import static anatomy.Op.ALLOCATION_SLOW_CALL;
import static anatomy.Op.TLAB_ALLOCATION;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * The quark's "split" case: when either of two allocations reaches the use through a phi, escape
 * analysis used to give up and both were allocated. JDK 22 added ReduceAllocationMerges, which splits
 * the phi's users so that both allocations become scalars. So the claim is keyed on the JDK, one variant
 * each (the @requires above):
 *
 *   JDK 17:  16 bytes per call, {runtime_call _new_instance_Java} on the slow path
 *   JDK 25:  0 bytes per call, no allocation in the code
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:-ReduceAllocationMerges", kills = TLAB_ALLOCATION, in = "merge",
        requires = "pack.jdk >= 22", why = "the merge then defeats escape analysis again: both Points are bumped from the TLAB")
public class AllocationMergeIsScalarReplaced {
    static class Point {
        final int x;

        Point(int x) {
            this.x = x;
        }
    }

    static int sink;

    static int merge(boolean flag, int x) {
        Point p;
        if (flag) {
            p = new Point(x);
        } else {
            p = new Point(x + 1);
        }
        return p.x;
    }

    /* Both branches must be in the profile, or C2 would trap on one side and see a single allocation. */
    public static class Workload {
        public static void main(String[] args) {
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                sink += merge((i & 1) == 0, i);
            }
            Jit.compileAtC2(AllocationMergeIsScalarReplaced.class, "merge");
            int[] i = {0};
            Jit.measure("bytesPerCall", Jit.allocatedBytesPerCall(100_000, () -> sink += merge((i[0]++ & 1) == 0, 42)));
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        if (args[0].equals("replaced")) {
            isScalarReplaced(run.c2("merge"));
            assertThat(run.measure("bytesPerCall")).isAtMost(0.5);
        } else {
            isAllocated(run.c2("merge"));
            assertThat(run.measure("bytesPerCall")).isAtLeast(16);
        }
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void isScalarReplaced(Compiled merge) {
        // The inline bump first: it is read on every port, where a port may leave the slow call's name out (riscv64 25)
        assertThat(merge).assuming(INLINE_SUCCESS.callee(Point.class, "<init>"))    // else both Points escape into it
                .given(ELIMINATED_ALLOCATION).hasNo(TLAB_ALLOCATION).hasNo(ALLOCATION_SLOW_CALL);
    }

    static void isAllocated(Compiled merge) {
        assertThat(merge).has(ALLOCATION_SLOW_CALL);
    }
}
