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
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "shenandoah" | !pack.gcChosen) & pack.jdk <= 25
 * @library /lib
 * @run driver CollectorDesignShowsInItsLog UseShenandoahGC -XX:-ShenandoahPacing
 */
/*
 * @test id=shenandoah-since-26
 * @summary Each collector's log shows its design: stop-the-world young pauses, concurrent phases, or no collection (Quark #3)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & (pack.gc == "shenandoah" | !pack.gcChosen) & pack.jdk >= 26
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
import java.util.stream.Stream;

/*
 * One workload, six collectors: twice the heap in short-lived 64 KB arrays, so every collector that reclaims must
 * collect, as its gc and gc+phases logs show: Serial, Parallel and G1 in young pauses, nothing concurrent (G1 marks only
 * past its occupancy threshold); Shenandoah and ZGC in concurrent phases between short pauses; Epsilon never: no GC(n),
 * out of memory within the first heap (G1: 2.0). Controls, and Shenandoah without its pacer up to 25 (JDK-8350050
 * removed it in 26; it stalled this workload 0.4 s): docs/gc.md.
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
            try {    // nothing reclaimed: even ChildMain's last fact would not fit in the heap (ours are on disk)
                for (long done = 64 * 1024; done <= 2 * heap; done += 64 * 1024) {
                    sink = new byte[64 * 1024 - 16];
                    if (done % (heap / 8) < 64 * 1024) Jit.measure("heaps allocated", (double) done / heap);
                }
            } catch (OutOfMemoryError e) { Runtime.getRuntime().halt(0); }
        }
    }
    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, Stream.concat(Stream.of("-XX:+UnlockExperimentalVMOptions", "-XX:+" + args[0], "-Xmx128m",
                "-XX:-ExitOnOutOfMemoryError", "-Xlog:gc,gc+phases"), Stream.of(args).skip(1)).toList());    // Epsilon's default is on: it would exit 3
        List<UnifiedLog.Phase> phases = run.vmLog().phases();
        long young = phases.stream().filter(p -> p.pause() && p.name().startsWith("Young")).count();
        long concurrent = phases.stream().filter(p -> !p.pause()).count();
        switch (args[0]) {
            case "UseSerialGC", "UseParallelGC", "UseG1GC" -> {
                assertThat(YOUNG_PAUSES, run.measured("young pauses", young)).isAtLeast(1);
                assertThat(CONCURRENT_PHASES, run.measured("concurrent phases", concurrent)).isAtMost(0);
            }
            case "UseShenandoahGC", "UseZGC" -> {
                assertThat(CONCURRENT_PHASES, run.measured("concurrent phases", concurrent)).isAtLeast(1);
                assertThat(PAUSES, run.measured("pauses", phases.size() - concurrent)).isAtLeast(1);
                assertThat(YOUNG_PAUSES, run.measured("young pauses", young)).isAtMost(0);
            }
            default -> {
                assertThat(COLLECTIONS, run.measured("collections", run.vmLog().collections().size())).isAtMost(0);
                assertThat(NOTHING_RECLAIMED, run.measure("heaps allocated")).isAtMost(1);
            }
        }
    }
}
