/*
 * @test id=serial
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "serial" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseSerialGC
 */
/*
 * @test id=parallel
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "parallel" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseParallelGC
 */
/*
 * @test id=g1
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "g1" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseG1GC
 */
/*
 * @test id=shenandoah
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "shenandoah" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseShenandoahGC
 */
/*
 * @test id=z
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "z" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseZGC
 */
/*
 * @test id=epsilon
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "epsilon" | !pack.gcChosen)
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseEpsilonGC
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.COLLECTIONS;
import static anatomy.Fact.CONCURRENT_PHASES;
import static anatomy.Fact.PAUSES;
import static anatomy.Fact.YOUNG_PAUSES;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.model.UnifiedLog;
import java.util.List;

/*
 * One workload, six collectors: it allocates twice the heap in short-lived 64 KB arrays, so every
 * collector that reclaims anything must collect. The gc and gc+phases logs (info) show how:
 *
 *   Serial, Parallel, JDK 17 and 25:  GC(0) Pause Young (Allocation Failure) 68M->2M(247M) 6.797ms
 *   G1, JDK 25:        GC(0) Pause Young (Normal) (G1 Evacuation Pause) 15M->4M(256M) 5.547ms
 *   Shenandoah, 17:    GC(0) Pause Init Mark (unload classes) ; Concurrent marking ... ; Concurrent cleanup
 *   ZGC, JDK 17:       GC(0) Pause Mark Start ; Concurrent Mark ; Pause Mark End ; ... ; Concurrent Relocate
 *                      (JDK 25, generational: the same steps prefixed "Y: " / "O: ")
 *   Epsilon:           Heap: 256M reserved, 256M (100.00%) committed, 91818K (35.03%) used   (no GC(n) at all)
 *
 * The claim is the structure, never a duration: Serial, Parallel and G1 stop the application for young
 * collections and run nothing concurrently (G1 marks only past its occupancy threshold); Shenandoah and
 * ZGC mark and move in concurrent phases between short pauses; Epsilon never collects (its workload
 * takes a quarter of the heap). A variant skips, naming the option, where the user chose another collector or
 * sized the heap (it fills twice the heap, no test past 32 GB), or the build lacks the collector.
 *
 * Controls (below): Serial pretenuring every array (full pauses only; up to 25, JDK-8366155), G1 marking after
 * every young pause, passive Shenandoah. Parallel, ZGC, Epsilon, Serial from 26 have none: see docs/gc.md.
 */
@NegativeControl(flags = "-XX:+UseSerialGC -XX:PretenureSizeThreshold=1k", killsFact = YOUNG_PAUSES, requires = "pack.jdk <= 25",
        why = "Serial then allocates the arrays in the old generation and collects in full pauses only (obsolete from 26)")
@NegativeControl(flags = "-XX:+UseG1GC -XX:InitiatingHeapOccupancyPercent=0", killsFact = CONCURRENT_PHASES,
        why = "G1 then marks concurrently after each young pause")
@NegativeControl(flags = "-XX:+UseShenandoahGC -XX:+UnlockDiagnosticVMOptions -XX:ShenandoahGCMode=passive",
        killsFact = CONCURRENT_PHASES, requires = "pack.gcs ~= \".*,shenandoah,.*\"", why = "passive Shenandoah collects in stop-the-world pauses only")
public class CollectorDesignShowsInItsLog {
    public static class Workload {
        static Object sink;

        public static void main(String[] args) {
            long bytes = (long) (Double.parseDouble(args[0]) * Runtime.getRuntime().maxMemory());
            for (long done = 0; done < bytes; done += 64 * 1024) {
                sink = new byte[64 * 1024 - 16];
            }
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+" + args[0], "-Xmx256m", "-Xlog:gc,gc+phases"),
                args[0].equals("UseEpsilonGC") ? "0.25" : "2");
        UnifiedLog log = run.vmLog();
        long pauses = log.phases().stream().filter(UnifiedLog.Phase::pause).count();
        long young = log.phases().stream().filter(p -> p.pause() && p.name().startsWith("Young")).count();
        long concurrent = log.phases().stream().filter(p -> !p.pause()).count();
        switch (args[0]) {
            case "UseSerialGC", "UseParallelGC", "UseG1GC" -> {
                assertThat(YOUNG_PAUSES, run.measured("young pauses", young)).isAtLeast(1);
                assertThat(CONCURRENT_PHASES, run.measured("concurrent phases", concurrent)).isAtMost(0);
            }
            case "UseShenandoahGC", "UseZGC" -> {
                assertThat(CONCURRENT_PHASES, run.measured("concurrent phases", concurrent)).isAtLeast(1);
                assertThat(PAUSES, run.measured("pauses", pauses)).isAtLeast(1);
                assertThat(YOUNG_PAUSES, run.measured("young pauses", young)).isAtMost(0);
            }
            default -> assertThat(COLLECTIONS, run.measured("collections", log.collections().size())).isAtMost(0);
        }
    }
}
