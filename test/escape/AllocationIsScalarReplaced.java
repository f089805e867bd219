/*
 * @test
 * @summary C2 replaces a non-escaping allocation by its fields: the compiled code allocates nothing (Quark #18)
 * @key headline escape
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver AllocationIsScalarReplaced
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
 * HotSpot never allocates on the stack. What it does is better: escape analysis proves the object
 * never leaves the method, and scalar replacement turns its fields into locals, so the allocation,
 * its header and its zeroing are gone. The compiled code of a "new Point(x).x" is just the argument.
 *
 *   x86_64, JDK 17 and 25:  movl %esi, %eax   (no TLAB bump, no allocation call)
 *   aarch64, JDK 17:        mov w0, w1
 *   log:              <eliminate_allocation type='...'> for Point
 *
 * On JDK 17, -XX:-EliminateAllocations alone still leaves this allocation out (dead once its load
 * folds), so the control is -XX:-DoEscapeAnalysis.
 */
@NegativeControl(flags = "-XX:-DoEscapeAnalysis", killsEvent = ELIMINATED_ALLOCATION, in = "single", why = "without escape analysis the Point is allocated")
public class AllocationIsScalarReplaced {
    static class Point {
        final int x;

        Point(int x) {
            this.x = x;
        }
    }

    static int sink;

    static int single(int x) {
        return new Point(x).x;
    }

    /*
     * Call single first, often (Point loaded: C2 traps on an unloaded class; the constructor's call site frequent:
     * only escape analysis inlines a rarely called constructor, and the control turns it off), compile, then
     * count the bytes per call. A Point is
     * 16 bytes; the bound of half a byte per call leaves room for the one-off allocations of the measuring
     * loop itself (about 2 KB over 100,000 calls on JDK 25), not for one object in any call.
     */
    public static class Workload {
        public static void main(String[] args) {
            for (int i = 0, end = Jit.rounds(2_000); i < end; i++) {
                sink += single(i);    // a frequent call site: C2 inlines the constructor without escape analysis too
            }
            Jit.compileAtC2(AllocationIsScalarReplaced.class, "single");
            Jit.measure("bytesPerCall", Jit.allocatedBytesPerCall(100_000, () -> sink += single(42)));
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        isScalarReplaced(run.c2("single"));
        assertThat(run.measure("bytesPerCall")).isAtMost(0.5);
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void isScalarReplaced(Compiled single) {
        assertThat(single).assuming(INLINE_SUCCESS.callee(Point.class, "<init>"))    // else the Point escapes into it
                .has(ELIMINATED_ALLOCATION).hasNo(ALLOCATION_SLOW_CALL).hasNo(TLAB_ALLOCATION);
    }
}
