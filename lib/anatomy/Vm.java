package anatomy;

import anatomy.capture.Facts;
import anatomy.model.StringTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.management.JMException;
import javax.management.ObjectName;
import jdk.test.whitebox.WhiteBox;

/**
 * What a workload (in the child VM) asks the VM itself, for runtime claims: collections on demand, an
 * object's address and size, the heap's oop size and flags through WhiteBox; and the VM's own reports
 * recorded under a label for the driver, which reads them with {@link Run#classHistogram}, {@link Run#stringTable}
 * and {@link Run#smaps}.
 */
public final class Vm {
    private Vm() {
    }

    private static WhiteBox whiteBox() {
        return WhiteBox.getWhiteBox();
    }

    /** The GC MXBeans, looked up at the first {@link #collections()} only: other users of Vm never load them. */
    private static final class Collectors {
        static final List<GarbageCollectorMXBean> ALL = ManagementFactory.getGarbageCollectorMXBeans();
    }

    /** Collections so far, summed over the GC MXBeans. Once they are loaded it allocates nothing, so it can run while a collection waits. */
    public static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean c : Collectors.ALL) {
            n += c.getCollectionCount();
        }
        return n;
    }

    /** A young collection now (WhiteBox); see {@link #fullGC} for a collector that ignores the request. */
    public static void youngGC() {
        collect("young", whiteBox()::youngGC);
    }

    /**
     * Asks for a young collection (WhiteBox) and returns, whether the collector ran it, deferred it or ignored it:
     * while a JNI critical region is held a GC-locker collector (JDK 17's) returns at once and collects at the
     * release, so nothing can be judged at the return; the caller counts with {@link #collectionsSince} later.
     */
    public static void requestYoungGC() {
        whiteBox().youngGC();
    }

    /**
     * The collections since {@code before} (a {@link #collections()} reading) after a {@link #requestYoungGC}: none
     * at all under {@code -XX:+DisableExplicitGC} means the collector ignored the request, and the workload is
     * skipped naming the flag.
     */
    public static long collectionsSince(long before) {
        long n = collections() - before;
        if (n == 0 && ExplicitGc.DISABLED) {
            throw ignored("young");
        }
        return n;
    }

    /**
     * A full collection now (WhiteBox). A collector may count WhiteBox requests as explicit ones, which
     * {@code -XX:+DisableExplicitGC} ignores (Shenandoah does on JDK 25, not on 17): then nothing is collected,
     * and the workload is skipped naming the flag, from whichever thread asked (the skip is recorded for the
     * driver), rather than asserting on a collection that never ran. Outside a JNI critical region only (there
     * a request may be deferred: {@link #requestYoungGC}).
     */
    public static void fullGC() {
        collect("full", whiteBox()::fullGC);
    }

    /** Whether -XX:+DisableExplicitGC is on, read at the first check. */
    private static final class ExplicitGc {
        static final boolean DISABLED = Boolean.TRUE.equals(flag("DisableExplicitGC"));
    }

    private static void collect(String kind, Runnable request) {
        if (!ExplicitGc.DISABLED) {
            request.run();   // nothing to check: no GC MXBean is loaded, no allocation before the collection
            return;
        }
        long before = collections();
        request.run();
        if (collections() == before) {
            throw ignored(kind);
        }
    }

    private static RuntimeException ignored(String kind) {
        String why = "the collector ignored a WhiteBox " + kind + " collection under -XX:+DisableExplicitGC (it counts"
                + " WhiteBox requests as explicit ones): the test needs a collection on request";
        Facts.record("skipped", why);
        return new jtreg.SkippedException(why);
    }

    /** The object's address now (it may move at the next collection). */
    public static long addressOf(Object o) {
        return whiteBox().getObjectAddress(o);
    }

    /** The object's size in bytes, header and padding included. */
    public static long sizeOf(Object o) {
        return whiteBox().getObjectSize(o);
    }

    /** Whether the object's lock is an inflated monitor now (WhiteBox), not its header or a fast lock. */
    public static boolean isMonitorInflated(Object o) {
        return whiteBox().isMonitorInflated(o);
    }

    /** 4 with compressed oops, 8 without. */
    public static int heapOopSize() {
        return whiteBox().getHeapOopSize();
    }

    /** A VM flag's value (Boolean, Long, Double or String), or null where this VM has no such flag. */
    public static Object flag(String name) {
        return whiteBox().getVMFlag(name);
    }

    /**
     * Where a byte array's elements start by the object layout, not by asking the VM where they do: after the mark word
     * (8 bytes), the class pointer (4 bytes compressed, 8 not, none of its own with compact headers: JEP 450, JEP 519)
     * and the 4-byte length; before JDK 22 elements started at an 8-byte boundary (JDK-8139457 relaxed it, so 20 and
     * not 24 without compressed class pointers). Without a UseCompressedClassPointers flag (JDK 27, JDK-8363996) class
     * pointers are always compressed.
     */
    public static long byteArrayBaseByLayout() {
        if (Boolean.TRUE.equals(flag("UseCompactObjectHeaders"))) {
            return 8 + 4;
        }
        Object ccp = flag("UseCompressedClassPointers");
        if (ccp == null || Boolean.TRUE.equals(ccp)) {
            return 8 + 4 + 4;
        }
        return Runtime.version().feature() >= 22 ? 8 + 8 + 4 : 24;
    }

    /**
     * How many FP/SIMD registers C2 allocates values to: on x86_64 the 16 of SSE, AVX and AVX2 (xmm0-15), 32 where the
     * VM uses AVX-512's EVEX encoding (UseAVX 3: xmm16-31 join the float classes, x86.ad's float_reg_evex); 32 on the
     * other C2 ports (AArch64 v0-31, riscv64 f0-31; ppc64le and s390x do not spill to them). Read from this VM's flags, so
     * a CPU without AVX-512, or -XX:UseAVX=2 on one with it, gives 16.
     */
    public static int fpRegisters() {
        Object avx = flag("UseAVX");   // x86_64 only
        return avx == null ? 32 : ((Number) avx).longValue() > 2 ? 32 : 16;
    }

    /** Records the class histogram now (a full GC first, as {@code jcmd GC.class_histogram} does). */
    public static void recordClassHistogram(String label) {
        recordReport("histogram", label, diagnosticCommand("gcClassHistogram"));
    }

    /**
     * Records the class histogram of every object in the heap now, dead ones and the fillers of retired TLABs
     * included: no collection first ({@code jcmd GC.class_histogram -all}).
     */
    public static void recordClassHistogramOfAllObjects(String label) {
        recordReport("histogram", label, diagnosticCommand("gcClassHistogram", "-all"));
    }

    /** The string table's statistics now, or empty while the VM is resizing or cleaning it. */
    public static Optional<StringTable> stringTable() {
        return StringTable.parse(diagnosticCommand("vmStringtable"));
    }

    /**
     * Polls the string table (every 10 ms) until it satisfies the condition, then records its statistics under the
     * label. The VM's service thread decides when the table grows and drops dead entries, and on a loaded machine
     * it may take long: the wait ends {@code limitSeconds} after the VM last showed it was at work (the table
     * changed, or the VM printed no statistics because it is resizing or cleaning), and at ten times that in all.
     */
    public static void awaitStringTable(String label, Predicate<StringTable> condition, int limitSeconds) {
        Patience patience = new Patience(System.nanoTime(), limitSeconds * 1_000_000_000L);
        Optional<StringTable> seen = stringTable();
        while (!seen.map(condition::test).orElse(false) && patience.keepWaiting(System.nanoTime(), seen.orElse(null))) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            seen = stringTable();
        }
        recordStringTable(label);
    }

    /**
     * How long to poll state that the runtime changes when it decides: {@code idle} nanoseconds after the last sign of
     * work (an observation unlike the one before it, or none: the runtime is busy), never past ten times
     * {@code idle} from the start. A stalled runtime is given up on after {@code idle}; a slow one that keeps going
     * is waited for.
     */
    public static final class Patience {
        private final long idle;
        private final long cap;
        private long lastWork;
        private Object last;

        public Patience(long start, long idle) {
            this.idle = idle;
            this.cap = start + 10 * idle;
            this.lastWork = start;
        }

        /** Whether to poll again at time {@code now}, having observed {@code observed} (null: nothing to read). */
        public boolean keepWaiting(long now, Object observed) {
            if (observed == null || !observed.equals(last)) {
                lastWork = now;
            }
            last = observed;
            return now - lastWork < idle && now - cap < 0;
        }
    }

    /** Records the string table's statistics now (jcmd VM.stringtable). */
    public static void recordStringTable(String label) {
        String text = diagnosticCommand("vmStringtable");
        for (int i = 0; i < 1000 && StringTable.parse(text).isEmpty(); i++) {
            Thread.onSpinWait();
            text = diagnosticCommand("vmStringtable");
        }
        recordReport("stringtable", label, text);
    }

    /** Records this process's memory mappings now, from /proc/self/smaps. */
    public static void recordSmaps(String label) {
        try {
            recordReport("smaps", label, Files.readString(Path.of("/proc/self/smaps")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/smaps (Linux only)", e);
        }
    }

    /** The fact naming the file that holds the report of that kind and label. */
    static String reportKey(String kind, String label) {
        return "report:" + kind + ":" + label;
    }

    private static void recordReport(String kind, String label, String text) {
        Path file = Path.of(System.getProperty(Facts.PROPERTY) + "." + kind + "." + label);
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Facts.record(reportKey(kind, label), file);
    }

    private static String diagnosticCommand(String operation, String... arguments) {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), operation,
                    new Object[] {arguments}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException("the VM refused diagnostic command " + operation + ": " + e.getMessage(), e);
        }
    }
}
