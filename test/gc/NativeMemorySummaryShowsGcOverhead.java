/*
 * @test
 * @summary Native memory tracking attributes the VM's memory to categories, and G1's GC structures cost far more than Serial's (Quark #12)
 * @key gc
 * @requires pack.whitebox & !pack.gcChosen & pack.heapSizeUnset
 * @library /lib
 * @run driver NativeMemorySummaryShowsGcOverhead
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.GC_COMMITTED_KB;
import static anatomy.Fact.HEAP_COMMITTED_KB;
import static anatomy.Fact.NMT_CATEGORIES;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.model.NativeMemory;
import java.util.List;

/*
 * With -XX:NativeMemoryTracking=summary the VM accounts every native allocation and mapping to a category;
 * the summary (jcmd VM.native_memory summary; here the VM's own at its exit, -XX:+PrintNMTStatistics) lists them:
 *
 *   x86_64, JDK 17, -Xms512m:  - Java Heap (reserved=524288KB, committed=524288KB)
 *                              - Class ... - Thread ... - Code ... - GC ... - Compiler ... - Internal ...
 *   GC, the same heap:   Serial 1.8 MB committed, G1 41 MB (17) / 31 MB (25): card table only, against
 *                        G1's mark bitmap(s), mark stack, block offset table, remembered sets and card set
 *
 * So "the heap is 512 MB" is never the whole footprint: the collector's own structures are native memory
 * too, and G1 pays an order of magnitude more than Serial for the same heap. The test compares the two
 * (so it runs only where the user did not choose a collector, nor the heap's size) and asserts at least four times.
 *
 * The control turns tracking off (jtreg's options come last): the summary is then gone, and with it every
 * category. No flag that keeps both collectors narrows the gap between their structures.
 */
@NegativeControl(flags = "-XX:NativeMemoryTracking=off", killsFact = NMT_CATEGORIES, why = "without tracking the VM attributes nothing")
public class NativeMemorySummaryShowsGcOverhead {
    public static class Workload {
        public static void main(String[] args) {   // nothing: the VM prints its summary as it exits
        }
    }

    static Run withCollector(String gc) {
        return Jit.run(Workload.class, List.of("-XX:+" + gc, "-Xms512m", "-Xmx512m", "-XX:NativeMemoryTracking=summary",
                "-XX:+PrintNMTStatistics"));
    }

    public static void main(String[] args) {
        Run g1 = withCollector("UseG1GC");
        Run serial = withCollector("UseSerialGC");
        NativeMemory nmt = g1.nativeMemoryAtExit().orElse(new NativeMemory(null, java.util.Map.of()));
        long named = List.of("Java Heap", "Class", "Thread", "Code", "GC", "Compiler").stream()
                .filter(c -> nmt.category(c).isPresent()).count();
        assertThat(NMT_CATEGORIES, g1.measured("nmt categories", named)).isAtLeast(6);
        assertThat(HEAP_COMMITTED_KB, g1.measured("heap committed kb", nmt.category("Java Heap").orElseThrow().committedKB())).isAtLeast(512 * 1024);
        long serialGc = serial.nativeMemoryAtExit().orElseThrow().category("GC").orElseThrow().committedKB();
        assertThat(GC_COMMITTED_KB, g1.measured("gc committed kb", nmt.category("GC").orElseThrow().committedKB())).isAtLeast(4 * serialGc);
    }
}
