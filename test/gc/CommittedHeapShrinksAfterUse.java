/*
 * @test id=g1-full-gc
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "g1" | !pack.gcChosen) & pack.jdk <= 26
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse full
 */
/*
 * @test id=g1-periodic
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "g1" | !pack.gcChosen) & pack.jdk <= 26
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse periodic
 */
/*
 * @test id=g1-since-27
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "g1" | !pack.gcChosen) & pack.jdk >= 27
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse since-27
 */
/*
 * @test id=shenandoah
 * @summary After a transient allocation the collector gives committed heap back: at a full GC, or by itself when idle (Quark #21)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "shenandoah" | !pack.gcChosen)
 * @library /lib
 * @run driver CommittedHeapShrinksAfterUse shenandoah
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HEAP_KEPT_AT_FULL_GC;
import static anatomy.Fact.HEAP_UNCOMMITTED_MB;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.List;

/*
 * A heap that grew for a burst of allocation need not stay that large. We fill half the maximum heap with
 * live 64 KB arrays, drop them, and watch the committed size (MemoryMXBean) while the application idles:
 *
 *   G1, full GC (JDK 17 and 25):  committed 87-105 MB at the peak, 10-14 MB right after System.gc()
 *   G1, -XX:G1PeriodicGCInterval=20, idle:  GC(22) Pause Remark 4M->3M(20M): 20 MB within 0.2 s
 *   G1, JDK 27 and 28-ea:  96 MB at the peak and after System.gc() (no "Attempt heap shrinking" in
 *                          gc+ergo+heap); MaxHeapFreeRatio set to 70: the next remark leaves 14 MB
 *   Shenandoah, -XX:ShenandoahUncommitDelay=20, idle:  65-67 MB at the peak, 8-11 MB once empty regions are uncommitted
 *   (JDK 17, 25 and 28-ea, 128 MB heap; with 512 MB and intervals of 100 ms each child took 0.2 to 0.4 s longer)
 *
 * G1 shrinks the heap at a full GC or at the remark of a concurrent cycle to keep at most MaxHeapFreeRatio of
 * it free; since JDK 12 a periodic collection runs such a cycle when the application idles (JEP 346). Since
 * JDK 27 G1 defaults MinHeapFreeRatio and MaxHeapFreeRatio to 0 and 100, as Parallel does, so they size its
 * heap only when set (JDK-8375300): by default a full GC and a remark keep what is committed (asserted by
 * g1-since-27), and the heap follows the GC CPU usage target young collections resize by since JDK 26
 * (JDK-8238687), which is timing and not asserted. The ratio is manageable: set at run time, as jcmd
 * VM.set_flag would, the next periodic cycle gives the heap back. Shenandoah uncommits regions empty for
 * ShenandoahUncommitDelay ms. The runtime decides when, so the child polls until committed memory has stood
 * still for 20 s (at most 200 s). The heap is ours (8 MB initial, 128 MB at most): a user's heap size skips
 * (pack.heapSizeUnset), -Xms because it leaves no room to shrink, -Xmx40g because the workload fills half the heap.
 */
@NegativeControl(flags = "-XX:+UseG1GC -XX:MaxHeapFreeRatio=100 -XX:G1PeriodicGCInterval=0", killsFact = HEAP_UNCOMMITTED_MB,
        why = "G1 then never finds too much of the heap free, and collects nothing while idle")
@NegativeControl(flags = "-XX:+UseG1GC -XX:MaxHeapFreeRatio=70", killsFact = HEAP_KEPT_AT_FULL_GC, requires = "pack.jdk >= 27",
        why = "the ratio of JDK 26 and before: the full GC then shrinks the heap again")
@NegativeControl(flags = "-XX:+UseShenandoahGC -XX:+UnlockExperimentalVMOptions -XX:-ShenandoahUncommit",
        killsFact = HEAP_UNCOMMITTED_MB, requires = "pack.gcs ~= \".*,shenandoah,.*\"", why = "Shenandoah then keeps every region committed")
public class CommittedHeapShrinksAfterUse {
    public static class Workload {
        static byte[][] kept;

        static long committedMB() { return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted() >> 20; }

        public static void main(String[] args) throws InterruptedException {
            long max = Runtime.getRuntime().maxMemory();
            kept = new byte[(int) (max / 2 / (64 << 10))][];
            for (int i = 0; i < kept.length; i++) {
                kept[i] = new byte[(64 << 10) - 16];
            }
            long peak = committedMB();
            Jit.measure("peak", peak);
            kept = null;
            if (!args[0].equals("periodic") && !args[0].equals("shenandoah")) {
                Vm.fullGC();
                Jit.measure("after the full gc", committedMB());
            }
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (args[0].equals("since-27") && hotspot.getVMOption("MaxHeapFreeRatio").getOrigin() == VMOption.Origin.DEFAULT) {
                hotspot.setVMOption("MaxHeapFreeRatio", "70");
            }
            Vm.Patience patience = new Vm.Patience(System.nanoTime(), 20_000_000_000L);   // idle 20 s, at most 200 s
            for (long c = committedMB(); c > peak / 4 && patience.keepWaiting(System.nanoTime(), c); c = committedMB()) {
                Thread.sleep(10);
            }
            Jit.measure("after", committedMB());
        }
    }

    public static void main(String[] args) {
        List<String> flags = switch (args[0]) {
            case "full" -> List.of("-XX:+UseG1GC");
            case "periodic", "since-27" -> List.of("-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=20");
            default -> List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseShenandoahGC", "-XX:ShenandoahUncommitDelay=20",
                    "-XX:ShenandoahGuaranteedGCInterval=20");
        };
        Run run = Jit.run(Workload.class, java.util.stream.Stream.concat(flags.stream(), List.of("-Xms8m", "-Xmx128m", "-Xlog:gc").stream()).toList(), args[0]);
        double peak = run.measure("peak").value();
        if (args[0].equals("since-27")) {   // the default ratio (100) first: the full GC keeps the heap
            assertThat(HEAP_KEPT_AT_FULL_GC, run.measured("heap uncommitted by a full gc mb", peak - run.measure("after the full gc").value())).isAtMost(peak / 4);
        }
        assertThat(HEAP_UNCOMMITTED_MB, run.measured("heap uncommitted mb", peak - run.measure("after").value())).isAtLeast(peak / 2);
    }
}
