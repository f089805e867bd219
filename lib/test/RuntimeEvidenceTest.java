/*
 * @test
 * @summary The runtime evidence parsers read recorded unified logs, class histograms, NMT summaries, smaps and string tables
 * @library /lib
 * @build Fixtures
 * @run testng RuntimeEvidenceTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.capture.ChildVmException;
import anatomy.model.ClassHistogram;
import anatomy.model.ConstantPool;
import anatomy.model.NativeMemory;
import anatomy.model.ParseException;
import anatomy.model.Smaps;
import anatomy.model.StringTable;
import anatomy.model.UnifiedLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class RuntimeEvidenceTest {
    @DataProvider
    public static Object[][] runtime() {
        return Fixtures.rows(Fixtures.Fixture::runtime);
    }

    /** A VM crash read from what the child printed (Shenandoah on riscv64 25.0.5 under qemu-user 10, recorded). */
    @Test
    public void readsTheCrashAChildVmReported() throws Exception {
        String out = Files.readString(Path.of(System.getProperty("test.src"), "fixtures", "riscv64-jdk25-shenandoah-crash.out"));
        assertEquals(ChildVmException.fatalErrorIn(out), "SIGSEGV (0xb) at pc=0x00007ffbde9a380c, pid=3456, tid=3458;"
                + " problematic frame: V  [libjvm.so+0x7a380c]  java_lang_Thread::set_thread_status(oopDesc*, JavaThreadStatus)+0x2a");
        assertEquals(ChildVmException.fatalErrorIn("Exception in thread \"main\" java.lang.AssertionError\n"), null);
    }

    @Test(dataProvider = "runtime")
    public void readsCompressedOopsFromTheUnifiedLog(Fixtures.Fixture f) {
        UnifiedLog log = UnifiedLog.parse(f.report("vmlog"));
        UnifiedLog.CompressedOops coops = log.compressedOops().orElseThrow();
        assertTrue(coops.enabled());
        assertEquals(coops.mode(), "Zero based");
        assertEquals(coops.shift(), 3);
        assertFalse(log.lines("gc", "init").isEmpty());
        assertTrue(coops.misnamed(log.compressedOopsNames()).isEmpty() && !log.compressedOopsNames().isEmpty(), log.compressedOopsNames().toString());
    }

    /** A coops line of -Xlog:gc+heap+coops=debug and gc+init's line after it, as the VM writes them. */
    static UnifiedLog coops(String mode, String initName) {
        return UnifiedLog.parse("[0.005s][debug][gc,heap,coops] Heap address: 0x0000000a00200000, size: 1024 MB, Compressed Oops mode: "
                + mode + "\n[0.006s][info ][gc,init      ] Compressed Oops: Enabled (" + initName + ")\n");
    }

    /*
     * The name the VM gives the mode must be the one the coops line's shift and base make (HotSpot's CompressedOops::mode).
     * Recorded on x86_64 28-ea+18 (the same lines on 17.0.15, 21.0.8, 25.0.3 and 26): the rows of
     * CompressedOopsModeFollowsHeapSize and -Xmx1g -XX:HeapBaseMinAddress=64g, each with gc+init's name.
     */
    @Test
    public void aRecordedModeIsNamedByItsShiftAndBase() {
        for (String[] line : new String[][] {
                {"32-bit", "32-bit"},
                {"Zero based, Oop shift amount: 3", "Zero based"},
                {"Non-zero based: 0x0000000a00000000, Oop shift amount: 3", "Non-zero based"},
                {"Non-zero disjoint base: 0x0000001000000000, Oop shift amount: 3", "Non-zero disjoint base"}}) {
            UnifiedLog log = coops(line[0], line[1]);
            UnifiedLog.CompressedOops c = log.compressedOops().orElseThrow();
            assertEquals(c.impliedName(), line[1], line[0]);
            assertEquals(log.compressedOopsNames(), List.of(line[1], line[1]));
            assertEquals(c.misnamed(log.compressedOopsNames()), List.of(), line[0]);
        }
    }

    /* Near misses: a name that is not the one the line's shift and base make is rejected, wherever the VM gave it. */
    @Test
    public void aMisnamedModeIsRejected() {
        // a base whose bits overlap a shifted offset's (40 GB) called disjoint; a 32 GB-aligned base (64 GB) called based
        assertEquals(misnamed("Non-zero disjoint base: 0x0000000a00000000, Oop shift amount: 3", "Non-zero based"), List.of("Non-zero disjoint base"));
        assertEquals(misnamed("Non-zero based: 0x0000001000000000, Oop shift amount: 3", "Non-zero disjoint base"), List.of("Non-zero based"));
        // a shift without a base called 32-bit; no shift called zero based
        assertEquals(misnamed("32-bit, Oop shift amount: 3", "Zero based"), List.of("32-bit"));
        assertEquals(misnamed("Zero based", "32-bit"), List.of("Zero based"));
        // a right coops line, gc+init's name wrong: CompressedOops::mode_to_string's first branch inverted (28-ea+18,
        // mutant f1-compressedoopsmodefollowsheapsize-04 of the claim-scoped sample) names modes 0, 1 and 3 so
        assertEquals(misnamed("32-bit", "Non-zero disjoint base"), List.of("Non-zero disjoint base"));
        // the system property's name wrong (f1-...-03: CompressedOops::initialize's own copy of mode() inverted)
        UnifiedLog.CompressedOops zero = coops("Zero based, Oop shift amount: 3", "Zero based").compressedOops().orElseThrow();
        assertEquals(zero.misnamed(List.of("Zero based", "Zero based", "Non-zero disjoint base")), List.of("Non-zero disjoint base"));
        // a line without a shift (gc+init alone) implies no name, so every name is rejected
        UnifiedLog initOnly = UnifiedLog.parse("[0.006s][info ][gc,init] Compressed Oops: Enabled (Zero based)\n");
        assertEquals(initOnly.compressedOopsNames(), List.of("Zero based"));
        assertEquals(initOnly.compressedOops().orElseThrow().misnamed(List.of("Zero based")), List.of("Zero based"));
    }

    static List<String> misnamed(String mode, String initName) {
        UnifiedLog log = coops(mode, initName);
        return log.compressedOops().orElseThrow().misnamed(log.compressedOopsNames());
    }

    /* The disjoint rule's edges: a base aligned to 2^(32+shift) is disjoint, one aligned to half of it is not. */
    @Test
    public void aBaseIsDisjointWhenAlignedToTheShiftedOffsetsReach() {
        assertEquals(UnifiedLog.CompressedOops.modeNamed(3, 32L << 30), "Non-zero disjoint base");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(3, 16L << 30), "Non-zero based");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(3, (32L << 30) + (2L << 20)), "Non-zero based");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(4, 64L << 30), "Non-zero disjoint base");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(4, 32L << 30), "Non-zero based");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(3, 0), "Zero based");
        assertEquals(UnifiedLog.CompressedOops.modeNamed(0, 0), "32-bit");
    }

    @Test(dataProvider = "runtime")
    public void readsPageSizesPausesAndTlabs(Fixtures.Fixture f) {
        UnifiedLog log = UnifiedLog.parse(f.report("vmlog"));
        assertEquals((long) log.pageSize("Heap").orElseThrow(), 4096L);
        assertEquals((long) log.pageSize("Card Table").orElseThrow(), 4096L);
        UnifiedLog.Pause first = log.pauses().get(0);
        assertEquals(first.kind(), "Full");
        assertEquals(first.cause(), "System.gc()");
        assertTrue(first.afterBytes() < first.beforeBytes() && first.capacityBytes() >= first.beforeBytes(), first.toString());
        assertTrue(log.tlabs().stream().anyMatch(t -> t.refills() > 0 && t.desiredBytes() > 0), log.tlabs().toString());
    }

    @Test(dataProvider = "runtime")
    public void readsTheClassHistogram(Fixtures.Fixture f) {
        ClassHistogram h = ClassHistogram.parse(f.report("histogram.gz"), f.name());
        assertTrue(h.of("java.lang.String").orElseThrow().instances() > 1000);
        assertTrue(h.of("Shapes$Holder").isPresent(), "Shapes kept a Holder");
        assertEquals(h.rows().stream().mapToLong(ClassHistogram.Row::bytes).sum(), h.totalBytes());
        assertEquals(h.of("java.lang.String").orElseThrow().module().startsWith("java.base@"), true);
    }

    @Test(dataProvider = "runtime")
    public void countsTheFillerTypesOfTheClassHistogram(Fixtures.Fixture f) {
        ClassHistogram h = ClassHistogram.parse(f.report("histogram.gz"), f.name());
        long intArrays = h.of("[I").orElseThrow().bytes();
        long fillers = h.fillerBytes(f.jdk());
        long vmFillers = h.rows().stream().filter(r -> r.className().contains(".Filler")).mapToLong(ClassHistogram.Row::bytes).sum();
        assertEquals(fillers, f.jdk() >= 19 ? vmFillers : intArrays, "a live histogram's fillers, by release");
        ClassHistogram dead = ClassHistogram.parse(" num #instances #bytes class name (module)\n"
                + "   1:  3  4096  [Ljdk.internal.vm.FillerElement; (java.base@25.0.3)\n"
                + "   2:  2  32  jdk.internal.vm.FillerObject (java.base@25.0.3)\n"
                + "   3:  1  64  [B (java.base@25.0.3)\nTotal  6  4192\n", "fillers");
        assertEquals(dead.fillerBytes(25), 4128L);
        assertEquals(dead.fillerBytes(18), 0L, "before JDK-8284435 (19) no VM class is a filler");
    }

    /*
     * Temurin 21.0.2 names its filler array Ljdk.internal.vm.FillerArray; (JDK-8294000), not yet
     * [Ljdk.internal.vm.FillerElement; (JDK-8319548, in 21.0.8). Recorded: the "-all" histograms of
     * test/objects/RetiredTlabsAreFilledForHeapWalks before and after sixteen threads each took a TLAB; the
     * filler rows grew by 5.08 of the heap's 5.20 MB.
     */
    @Test
    public void countsTheFillerArrayOfJdk21sEarlyUpdates() {
        ClassHistogram before = ClassHistogram.parse(Fixtures.read("histogram-all-jdk21.0.2.before.gz"), "before");
        ClassHistogram after = ClassHistogram.parse(Fixtures.read("histogram-all-jdk21.0.2.after.gz"), "after");
        long array = after.of("Ljdk.internal.vm.FillerArray;").orElseThrow().bytes();
        assertEquals(after.fillerBytes(21), array);
        double share = (after.fillerBytes(21) - before.fillerBytes(21)) / (double) (after.totalBytes() - before.totalBytes());
        assertTrue(share > 0.9, "share of the growth in fillers: " + share);
        assertTrue(ClassHistogram.isFiller("[Ljdk.internal.vm.FillerElement;", 28) && ClassHistogram.isFiller("jdk.internal.vm.FillerObject", 28));
        assertFalse(ClassHistogram.isFiller("[Ljava.lang.Object;", 28) || ClassHistogram.isFiller("jdk.internal.vm.Continuation", 28));
        assertTrue(ClassHistogram.isFiller("[I", 17) && !ClassHistogram.isFiller("[I", 19), "int[] fills up to JDK 18 only (JDK-8284435)");
    }

    @Test(dataProvider = "runtime")
    public void readsTheNativeMemorySummary(Fixtures.Fixture f) {
        NativeMemory nmt = NativeMemory.parse(f.report("nmt"), f.name());
        NativeMemory.Usage heap = nmt.category("Java Heap").orElseThrow();
        assertTrue(heap.reservedKB() >= heap.committedKB() && heap.committedKB() > 0, heap.toString());
        assertTrue(nmt.total().reservedKB() > heap.reservedKB());
        assertTrue(nmt.category("Code").isPresent() && nmt.category("GC").isPresent(), nmt.categories().keySet().toString());
    }

    /** The summary a VM prints at its exit (-XX:+PrintNMTStatistics) counts bytes, without a unit, after the rest of its output. */
    @Test
    public void readsTheSummaryPrintedAtExit() {
        String stdout = String.join("\n", "[Disassembly]", "  0x00007f09: movl $0x1,%eax   ;   {no_reloc}", "[/Disassembly]", "",
                "Native Memory Tracking:", "", "Total: reserved=1965149735, committed=562363943",
                "       malloc: 19034471 #45362", "", "-                 Java Heap (reserved=536870912, committed=536870912)",
                "                            (mmap: reserved=536870912, committed=536870912)", "",
                "-                        GC (reserved=1759250, committed=1759250)", "");
        NativeMemory nmt = NativeMemory.atExit(stdout, "stdout").orElseThrow();
        assertEquals(nmt.total(), new NativeMemory.Usage(1965149735L / 1024, 562363943L / 1024));
        assertEquals(nmt.category("Java Heap").orElseThrow().committedKB(), 512 * 1024);
        assertEquals(nmt.category("GC").orElseThrow().reservedKB(), 1759250L / 1024);
        assertTrue(NativeMemory.atExit("[Disassembly]\n[/Disassembly]\n", "stdout").isEmpty(), "tracking off: no summary");
    }

    @Test(dataProvider = "runtime")
    public void readsSmaps(Fixtures.Fixture f) {
        Smaps smaps = Smaps.parse(f.report("smaps.gz"), f.name());
        UnifiedLog log = UnifiedLog.parse(f.report("vmlog"));
        long heapBase = Long.parseUnsignedLong(log.lines("pagesize").stream().map(UnifiedLog.Line::message)
                .filter(m -> m.startsWith("Heap:")).findFirst().orElseThrow().replaceAll(".*base=0x([0-9a-f]+).*", "$1"), 16);
        Smaps.Mapping heap = smaps.at(heapBase);
        assertTrue(heap.permissions().startsWith("rw"), heap.toString());
        assertEquals(heap.field("KernelPageSize"), 4L);
        assertTrue(smaps.mappings().stream().anyMatch(m -> m.path().endsWith("libjvm.so")));
    }

    @Test(dataProvider = "runtime")
    public void readsTheHeapReservationAndSumsItsMappings(Fixtures.Fixture f) {
        UnifiedLog log = UnifiedLog.parse(f.report("vmlog"));
        UnifiedLog.Reservation heap = log.reservation("Heap").orElseThrow();
        assertEquals(heap.pageSize(), 4096L);
        assertTrue(heap.size() >= 1 << 20, heap.toString());
        Smaps smaps = Smaps.parse(f.report("smaps.gz"), f.name());
        assertTrue(smaps.at(heap.base()).permissions().startsWith("rw"));
        assertTrue(smaps.sum("Rss", heap.base(), heap.size()) > 0, heap.toString());
        assertEquals(smaps.sum("AnonHugePages", heap.base(), heap.size()), 0L);
        assertTrue(log.phases().stream().anyMatch(p -> p.pause() && p.name().startsWith("Full")), log.phases().toString());
    }

    /** Recorded -Xlog:gc,gc+phases of one collection (G1: the first three) under each kind of collector. */
    @Test
    public void readsPausesAndConcurrentPhasesOfEachCollector() {
        UnifiedLog z = UnifiedLog.parse(Fixtures.read("gc-z-jdk25.vmlog"));
        assertEquals(z.phases().stream().filter(UnifiedLog.Phase::pause).map(UnifiedLog.Phase::name).toList(),
                List.of("Mark Start (Major)", "Mark End", "Relocate Start", "Mark End", "Relocate Start"));
        assertTrue(z.phases().stream().filter(p -> !p.pause()).count() >= 10, z.phases().toString());
        assertEquals(z.collections(), Set.of(0));
        UnifiedLog shenandoah = UnifiedLog.parse(Fixtures.read("gc-shenandoah-jdk17.vmlog"));
        assertEquals(shenandoah.phases().get(1).toString(), "GC(0) Pause Init Mark (unload classes)");
        assertTrue(shenandoah.phases().contains(new UnifiedLog.Phase(0, false, "cleanup")), shenandoah.phases().toString());
        UnifiedLog g1 = UnifiedLog.parse(Fixtures.read("gc-g1-ihop0-jdk25.vmlog"));
        assertEquals(g1.phases().stream().filter(UnifiedLog.Phase::pause).map(UnifiedLog.Phase::name).toList(), List.of(
                "Young (Normal) (G1 Evacuation Pause)", "Young (Concurrent Start) (G1 Evacuation Pause)", "Remark", "Cleanup"));
        assertEquals(g1.phases().stream().filter(p -> !p.pause()).map(UnifiedLog.Phase::name).distinct().toList(), List.of("Mark Cycle"));
        assertEquals(g1.collections(), new java.util.LinkedHashSet<>(List.of(0, 1, 2)));
        UnifiedLog epsilon = UnifiedLog.parse(Fixtures.read("gc-epsilon-jdk17.vmlog"));
        assertTrue(epsilon.phases().isEmpty() && epsilon.collections().isEmpty() && !epsilon.lines("gc").isEmpty());
    }

    @Test
    public void readsTheStringTableAndNotItsSharedTable() {
        StringTable t = StringTable.parse(Fixtures.read("stringtable-jdk25.txt")).orElseThrow();
        assertEquals(t, new StringTable(65536, 879));
        assertTrue(StringTable.parse("StringTable statistics not available").isEmpty());
        // JDK 25 while its service thread works on the table: only the archive's shared table has statistics
        assertTrue(StringTable.parse("statistics unavailable at this moment\nShared String Table statistics:\n"
                + "Number of buckets       :      2109\nNumber of entries       :      8435\n").isEmpty());
    }

    @Test
    public void otherTextIsAClearError() {
        assertTrue(expectThrows(ParseException.class, () -> NativeMemory.parse("Native memory tracking is not enabled", "x"))
                .getMessage().contains("NativeMemoryTracking=summary"));
        expectThrows(ParseException.class, () -> ClassHistogram.parse("hello", "x"));
        expectThrows(ParseException.class, () -> Smaps.parse("", "x"));
        assertTrue(UnifiedLog.parse("no decorations here").lines().isEmpty());
    }

    static final long WIDE = 1L << 40; // a long constant takes two pool entries: the reader must skip both
    static int counter;
    static long wideSink;

    @Test
    public void readsFieldReferencesFromAClassFile() throws Exception {
        counter++;
        wideSink = WIDE ^ System.nanoTime(); // ldc2_w: WIDE's value is in the pool, not a reference to it
        byte[] bytes;
        try (var in = RuntimeEvidenceTest.class.getResourceAsStream("RuntimeEvidenceTest.class")) {
            bytes = in.readAllBytes();
        }
        ConstantPool pool = ConstantPool.of(bytes, "RuntimeEvidenceTest.class");
        assertEquals(pool.countRefs("RuntimeEvidenceTest.counter"), 1);
        assertEquals(pool.countRefs("RuntimeEvidenceTest.WIDE"), 0, "a constant variable is inlined: " + pool.fieldRefs());
        expectThrows(ParseException.class, () -> ConstantPool.of(new byte[] {1, 2, 3, 4}, "junk"));
    }
}
