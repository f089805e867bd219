/*
 * @test id=g1-full-gc
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "g1" | !pack.gcChosen)
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse full
 */
/*
 * @test id=g1-periodic
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "g1" | !pack.gcChosen)
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse periodic
 */
/*
 * @test id=shenandoah
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "shenandoah" | !pack.gcChosen)
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse shenandoah
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HEAP_UNCOMMITTED_MB;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.lang.management.ManagementFactory;
import java.util.List;

/*
 * A heap that grew for a burst of allocation need not stay that large. We fill half the maximum heap with
 * live 64 KB arrays (the heap commits memory to hold them), drop them, and watch the committed size
 * (MemoryMXBean) while the application does nothing:
 *
 *   G1, full GC (JDK 17 and 25):  committed 379 MB at the peak, 20 MB right after System.gc()
 *   G1, -XX:G1PeriodicGCInterval=100, idle:  GC(46) Pause Remark 23M->8M(37M) ; Concurrent Mark Cycle
 *                                 (the periodic concurrent cycle shrinks the heap at remark): 37 MB in 0.3-0.5 s
 *   Shenandoah, -XX:ShenandoahUncommitDelay=100, idle:  empty regions uncommitted: 48 MB (17), 6 MB (25)
 *
 * G1 shrinks the heap after a full collection or a concurrent cycle to keep at most MaxHeapFreeRatio
 * (70%) of it free; since JDK 12 a periodic collection runs one when the application is idle. Shenandoah
 * uncommits regions that stayed empty for ShenandoahUncommitDelay ms. The runtime decides when, so the
 * child polls for at most 20 s. The heap cannot shrink below -Xms: a user's -Xms of half the heap skips.
 *
 * Controls: -XX:MaxHeapFreeRatio=100 lets G1 keep any amount of free heap committed; -ShenandoahUncommit
 * turns Shenandoah's uncommit off.
 */
@NegativeControl(flags = "-XX:+UseG1GC -XX:MaxHeapFreeRatio=100", killsFact = HEAP_UNCOMMITTED_MB,
        why = "G1 then never finds too much of the heap free")
@NegativeControl(flags = "-XX:+UseShenandoahGC -XX:+UnlockExperimentalVMOptions -XX:-ShenandoahUncommit",
        killsFact = HEAP_UNCOMMITTED_MB, why = "Shenandoah then keeps every region committed")
public class CommittedHeapShrinksAfterUse {
    public static class Workload {
        static byte[][] kept;

        static long committedMB() {
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted() >> 20;
        }

        public static void main(String[] args) throws InterruptedException {
            long max = Runtime.getRuntime().maxMemory();
            if ((Long) Vm.flag("InitialHeapSize") > max / 4) {
                throw new jtreg.SkippedException("-Xms" + (((Long) Vm.flag("InitialHeapSize")) >> 20) + "m leaves the heap no room to shrink");
            }
            kept = new byte[(int) (max / 2 / (64 << 10))][];
            for (int i = 0; i < kept.length; i++) {
                kept[i] = new byte[(64 << 10) - 16];
            }
            long peak = committedMB();
            Jit.measure("peak", peak);
            kept = null;
            if (args[0].equals("full")) {
                Vm.fullGC();
            }
            for (long end = System.nanoTime() + 20_000_000_000L; committedMB() > peak / 4 && System.nanoTime() < end; ) {
                Thread.sleep(10);
            }
            Jit.measure("after", committedMB());
        }
    }

    public static void main(String[] args) {
        List<String> flags = switch (args[0]) {
            case "full" -> List.of("-XX:+UseG1GC");
            case "periodic" -> List.of("-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=100");
            default -> List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseShenandoahGC", "-XX:ShenandoahUncommitDelay=100",
                    "-XX:ShenandoahGuaranteedGCInterval=100");
        };
        Run run = Jit.run(Workload.class, java.util.stream.Stream.concat(flags.stream(), List.of("-Xms8m", "-Xmx512m", "-Xlog:gc").stream()).toList(), args[0]);
        double peak = run.measure("peak").value();
        assertThat(HEAP_UNCOMMITTED_MB, run.measured("heap uncommitted mb", peak - run.measure("after").value())).isAtLeast(peak / 2);
    }
}
