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
import java.util.ArrayList;
import java.util.List;

/*
 * One workload, six collectors: twice the heap in short-lived 64 KB arrays, so every collector that reclaims
 * anything must collect. The gc and gc+phases logs (info) show how, never a duration:
 *   Serial, Parallel (17, 25): GC(0) Pause Young (Allocation Failure) 34M->0M(123M) ; G1 (25): Pause Young (Normal)
 *   Shenandoah (17): Pause Init Mark ; Concurrent marking ; ...    ZGC (17): Pause Mark Start ; Concurrent Mark ; ...
 *   Epsilon (17): Heap: 128M reserved, 128M (100.00%) committed, 13171K (10.05%) used ... ; OutOfMemoryError
 * Serial, Parallel and G1 pause for young collections and run nothing concurrently (G1 marks only past its
 * occupancy threshold); Shenandoah and ZGC work in concurrent phases between short pauses; Epsilon never collects:
 * no GC(n), and it runs out of memory within the first heap, which a collector that reclaimed could not (G1: 2.0).
 * A variant skips, naming the option, where the user chose another collector or sized the heap, or the build lacks
 * it. Controls: Serial pretenuring (to 25), G1 marking after each pause, passive Shenandoah; none else (gc.md).
 * Shenandoah runs without its pacer up to JDK 25: pacing stalls the allocating thread for up to 10 ms at a time
 * while a cycle runs, which this allocation rate meets in every cycle (0.35 to 0.55 s of waiting in a 0.6 s child
 * on 17); the phases and pauses are the same without it, and JDK 26 removed the pacer (JDK-8350050).
 */
@NegativeControl(flags = "-XX:+UseSerialGC -XX:PretenureSizeThreshold=1k", killsFact = YOUNG_PAUSES, requires = "pack.jdk <= 25",
        why = "Serial then allocates the arrays in the old generation and collects in full pauses only (obsolete from 26)")
@NegativeControl(flags = "-XX:+UseG1GC -XX:InitiatingHeapOccupancyPercent=0", killsFact = CONCURRENT_PHASES,
        why = "G1 then marks concurrently after each young pause")
@NegativeControl(flags = "-XX:+UseShenandoahGC -XX:+UnlockDiagnosticVMOptions -XX:ShenandoahGCMode=passive",
        killsFact = CONCURRENT_PHASES, requires = "pack.gcs ~= \".*,shenandoah,.*\"", why = "passive Shenandoah collects in stop-the-world pauses only")
public class CollectorDesignShowsInItsLog {
    public static class Workload {
        static Object sink;    // each array dropped at once; how far the two heaps got is recorded every eighth
        public static void main(String[] args) {
            long heap = Runtime.getRuntime().maxMemory();
            try {
                for (long done = 64 * 1024; done <= 2 * heap; done += 64 * 1024) {
                    sink = new byte[64 * 1024 - 16];
                    if (done % (heap / 8) < 64 * 1024) Jit.measure("heaps allocated", (double) done / heap);
                }
            } catch (OutOfMemoryError e) {    // nothing reclaimed: even ChildMain's last fact would not fit; ours are on disk
                Runtime.getRuntime().halt(0);
            }
        }
    }

    public static void main(String[] args) {
        List<String> flags = new ArrayList<>(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+" + args[0], "-Xmx128m",
                "-XX:-ExitOnOutOfMemoryError", "-Xlog:gc,gc+phases"));    // Epsilon's default is on: it would exit 3
        if (args[0].equals("UseShenandoahGC") && Runtime.version().feature() <= 25) {
            flags.add("-XX:-ShenandoahPacing");    // its pacer is gone since 26 (JDK-8350050)
        }
        Run run = Jit.run(Workload.class, flags);
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
