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
import static anatomy.Fact.NOTHING_RECLAIMED;
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
 *   Epsilon, JDK 17:   Heap: 256M reserved, 256M (100.00%) committed, 255M (99.99%) used   (no GC(n) at all),
 *                      then OutOfMemoryError: the last eighth recorded is 0.875 of a heap (G1: 2.0)
 *
 * The claim is the structure, never a duration: Serial, Parallel and G1 stop the application for young
 * collections and run nothing concurrently (G1 marks only past its occupancy threshold); Shenandoah and
 * ZGC mark and move in concurrent phases between short pauses; Epsilon never collects: the same workload
 * runs it out of memory once about one heap is allocated, with no GC(n) in its log. A collector that reclaimed
 * the arrays would finish the two heaps (and number its collections), so both halves of Epsilon's claim can
 * fail. A variant skips, naming the option, where the user chose another collector or
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

        /* Twice the heap, in 64 KB arrays each dropped at once; how far it got is recorded every eighth of a heap. */
        public static void main(String[] args) {
            long heap = Runtime.getRuntime().maxMemory();
            Runtime runtime = Runtime.getRuntime();
            try {
                for (long done = 0; done < 2 * heap; ) {
                    sink = new byte[64 * 1024 - 16];
                    done += 64 * 1024;
                    if (done % (heap / 8) < 64 * 1024) {
                        Jit.measure("heaps allocated", (double) done / heap);
                    }
                }
            } catch (OutOfMemoryError e) {
                // Nothing was reclaimed (Epsilon): the heap stays full, so not even ChildMain's last fact could be
                // written. The facts so far are on disk; the workload ends the VM here, allocating nothing more.
                sink = null;
                runtime.halt(0);
            }
        }
    }

    public static void main(String[] args) {
        // Epsilon turns ExitOnOutOfMemoryError on by default (exit 3): off, its OutOfMemoryError reaches the workload
        Run run = Jit.run(Workload.class, List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+" + args[0], "-Xmx256m",
                "-XX:-ExitOnOutOfMemoryError", "-Xlog:gc,gc+phases"));
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
            default -> {
                assertThat(COLLECTIONS, run.measured("collections", log.collections().size())).isAtMost(0);
                assertThat(NOTHING_RECLAIMED, run.measure("heaps allocated")).isAtMost(1);
            }
        }
    }
}
