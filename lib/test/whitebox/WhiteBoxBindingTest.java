/*
 * @test
 * @summary The pack's WhiteBox binding (jdk.test.whitebox.WhiteBox) works on the JDK under test: every method of
 *          its API answers, methods the VM lacks fail with a clear UnsupportedOperationException, and
 *          registration prints no warnings for natives the binding does not use.
 * @library /lib
 * @build jdk.test.whitebox.WhiteBox jdk.test.whitebox.BootClassPathInstaller
 * @run driver jdk.test.whitebox.BootClassPathInstaller
 * @run junit/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Xbatch
 *                    -XX:ErrorFile=whitebox-binding-hs_err.log WhiteBoxBindingTest
 */

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.sun.management.HotSpotDiagnosticMXBean;
import jdk.test.whitebox.WhiteBox;
import jdk.test.whitebox.WhiteBox.NMethodInfo;
import org.junit.jupiter.api.Test;

public class WhiteBoxBindingTest {
    private static final WhiteBox WB = WhiteBox.getWhiteBox();
    private static final int FEATURE = Runtime.version().feature();

    // Targets: each test compiles its own methods, so that no test sees another's compiled code or marks.

    static int sink;

    static int sumTo(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i ^ n;
        }
        return s;
    }

    static int levelTarget(int n) {
        return n * 31 + 7;
    }

    static int c1Target(int n) {
        return n * 17 + 3;
    }

    static int compilabilityTarget(int n) {
        return n - 1;
    }

    static int inlineTarget(int n) {
        return n + 2;
    }

    static int deoptAllTarget(int n) {
        return n * 5;
    }

    static int neverCalled(int n) {
        return n;
    }

    static Object trapTarget(boolean make) {
        if (make) {
            return new WhiteBoxBindingTestNeverLoaded();
        }
        return null;
    }

    private static Method method(String name, Class<?>... params) throws NoSuchMethodException {
        return WhiteBoxBindingTest.class.getDeclaredMethod(name, params);
    }

    /** Whether this VM can compile at {@code level} now: the compiler is built in and not switched off. */
    private static boolean canCompileAt(Method m, int level) {
        if (!Boolean.TRUE.equals(WB.getBooleanVMFlag("UseCompiler"))) {
            return false;
        }
        boolean tiered = Boolean.TRUE.equals(WB.getBooleanVMFlag("TieredCompilation"));
        long stopAt = WB.getIntxVMFlag("TieredStopAtLevel");
        if (level == WhiteBox.COMP_LEVEL_FULL_OPTIMIZATION) {
            return WB.hasC2() && (!tiered || stopAt >= level) && WB.isMethodCompilable(m, level);
        }
        return tiered && stopAt >= level && WB.isMethodCompilable(m, level);
    }

    private static int expectedBlobType(int level) {
        if (!Boolean.TRUE.equals(WB.getBooleanVMFlag("SegmentedCodeCache"))) {
            return 3; // one code heap for everything
        }
        return level == 2 || level == 3 ? 1 : 0; // profiled : non-profiled
    }

    @Test
    void bindsToTheBootLoadedClass() {
        assertNull(WhiteBox.class.getClassLoader(), "WhiteBox must come from the boot class path");
        assertNull(NMethodInfo.class.getClassLoader(), "WhiteBox$NMethodInfo must come from the boot class path");
        assertSame(WB, WhiteBox.getWhiteBox());
    }

    @Test
    void compilesAtLevel4AndDeoptimizes() throws Exception {
        Method m = method("levelTarget", int.class);
        assumeTrue(canCompileAt(m, 4), "C2 is not available in this VM");
        sink += levelTarget(1);
        assertFalse(WB.isMethodCompiled(m));
        assertEquals(0, WB.getMethodCompilationLevel(m));
        assertNull(WB.getNMethod(m, false));

        assertTrue(WB.enqueueMethodForCompilation(m, 4));
        // -Xbatch makes the request blocking: the code is installed when the call returns.
        assertTrue(WB.isMethodCompiled(m), "compiled as soon as enqueueMethodForCompilation returns under -Xbatch");
        assertFalse(WB.isMethodQueuedForCompilation(m));
        assertEquals(4, WB.getMethodCompilationLevel(m));
        assertEquals(4, WB.getMethodCompilationLevel(m, false));

        NMethodInfo nm = WB.getNMethod(m, false);
        assertNotNull(nm);
        System.out.println("levelTarget: " + nm);
        assertEquals(4, nm.compLevel());
        assertTrue(nm.codeSize() > 0);
        assertEquals(nm.codeSize(), nm.code().length);
        assertTrue(nm.compileId() > 0);
        assertNotEquals(0L, nm.entryPoint());
        assertEquals("nmethod", nm.blobName());
        assertTrue(nm.blobSize() > nm.codeSize(), "the blob holds more than the instructions");
        assertEquals(expectedBlobType(4), nm.codeBlobType());
        assertNotEquals(0L, nm.blobAddress());
        assertTrue(nm.entryPoint() > nm.blobAddress() && nm.entryPoint() < nm.blobAddress() + nm.blobSize(),
                "the entry point lies inside the blob");
        assertEquals(nm.compileId(), WB.getNMethod(m).compileId());
        byte[] copy = nm.code();
        copy[0] ^= 1;
        assertNotEquals(copy[0], nm.code()[0], "code() hands out a copy");

        // OSR views of a method with normal-entry code only.
        assertFalse(WB.isMethodCompiled(m, true));
        assertEquals(0, WB.getMethodCompilationLevel(m, true));
        assertNull(WB.getNMethod(m, true));

        assertTrue(WB.deoptimizeMethod(m) >= 1);
        assertFalse(WB.isMethodCompiled(m));
        assertEquals(0, WB.getMethodCompilationLevel(m));
        assertNull(WB.getNMethod(m));
        assertEquals(0, WB.deoptimizeMethod(m, false), "nothing left to deoptimize");
        assertEquals(0, WB.deoptimizeMethod(m, true), "no OSR code to deoptimize");
    }

    @Test
    void compilesOsrAtLevel4() throws Exception {
        Method m = method("sumTo", int.class);
        assumeTrue(canCompileAt(m, 4), "C2 is not available in this VM");
        sink += sumTo(3);
        // The loop header of sumTo: iconst_0, istore_1, iconst_0, istore_2 (bci 0-3), then the condition at 4.
        int loopHeaderBci = 4;
        assertTrue(WB.enqueueMethodForCompilation(m, 4, loopHeaderBci));
        assertTrue(WB.isMethodCompiled(m, true));
        assertFalse(WB.isMethodCompiled(m, false));
        assertEquals(4, WB.getMethodCompilationLevel(m, true));
        NMethodInfo osr = WB.getNMethod(m, true);
        assertNotNull(osr);
        assertEquals(4, osr.compLevel());
        assertNull(WB.getNMethod(m, false));
        assertTrue(WB.deoptimizeMethod(m, true) >= 1);
        assertFalse(WB.isMethodCompiled(m, true));
    }

    @Test
    void compilesWithC1IntoTheRightCodeHeap() throws Exception {
        Method m = method("c1Target", int.class);
        assumeTrue(canCompileAt(m, 1), "C1 is not available in this VM");
        sink += c1Target(1);
        assertTrue(WB.enqueueMethodForCompilation(m, 1));
        assertEquals(1, WB.getMethodCompilationLevel(m));
        assertEquals(expectedBlobType(1), WB.getNMethod(m).codeBlobType());
        WB.deoptimizeMethod(m);
        assertFalse(WB.isMethodCompiled(m));

        assumeTrue(canCompileAt(m, 3), "C1 does not compile at level 3 in this VM");
        assertTrue(WB.enqueueMethodForCompilation(m, 3));
        assertEquals(3, WB.getMethodCompilationLevel(m));
        NMethodInfo nm = WB.getNMethod(m);
        assertEquals(3, nm.compLevel());
        assertEquals(expectedBlobType(3), nm.codeBlobType());
        WB.deoptimizeMethod(m);
        assertFalse(WB.isMethodCompiled(m));
    }

    @Test
    void compilabilityMarks() throws Exception {
        Method m = method("compilabilityTarget", int.class);
        assumeTrue(canCompileAt(m, 4), "C2 is not available in this VM");
        assertTrue(WB.isMethodCompilable(m, 4));
        assertTrue(WB.isMethodCompilable(m, 4, true));
        assertTrue(WB.isMethodCompilable(m, WhiteBox.COMP_LEVEL_ANY));
        assertFalse(WB.isMethodCompilable(m, 5), "no level above 4");

        WB.makeMethodNotCompilable(m, 4, true);
        assertFalse(WB.isMethodCompilable(m, 4, true));
        assertTrue(WB.isMethodCompilable(m, 4, false));

        WB.makeMethodNotCompilable(m, 4);
        assertFalse(WB.isMethodCompilable(m, 4));
        sink += compilabilityTarget(1);
        assertFalse(WB.enqueueMethodForCompilation(m, 4), "a method not compilable at 4 is not compiled at 4");
        assertFalse(WB.isMethodCompiled(m));

        WB.clearMethodState(m);
        assertTrue(WB.isMethodCompilable(m, 4));
        assertTrue(WB.isMethodCompilable(m, 4, true));
    }

    @Test
    void inliningMarks() throws Exception {
        Method m = method("inlineTarget", int.class);
        assertFalse(WB.testSetDontInlineMethod(m, true), "not marked at first");
        assertTrue(WB.testSetDontInlineMethod(m, false), "returns the previous mark");
        assertFalse(WB.testSetDontInlineMethod(m, false));
        assertFalse(WB.testSetForceInlineMethod(m, true));
        assertTrue(WB.testSetForceInlineMethod(m, false));
        assertFalse(WB.testSetForceInlineMethod(m, false));
    }

    @Test
    void deoptimizeAllAndQueues() throws Exception {
        Method m = method("deoptAllTarget", int.class);
        assumeTrue(canCompileAt(m, 4), "C2 is not available in this VM");
        sink += deoptAllTarget(1);
        assertTrue(WB.enqueueMethodForCompilation(m, 4));
        assertTrue(WB.isMethodCompiled(m));
        WB.deoptimizeAll();
        assertFalse(WB.isMethodCompiled(m));

        assertFalse(WB.isMethodQueuedForCompilation(method("neverCalled", int.class)));
        assertTrue(WB.getCompileQueuesSize() >= 0);
        assertTrue(WB.getCompileQueueSize(4) >= 0);
        assertTrue(WB.getCompileQueueSize(1) >= 0);
    }

    @Test
    void c2InclusionIsAnswered() {
        // Product builds of HotSpot for amd64 and aarch64 include C2; others may not.
        boolean c2 = WB.hasC2();
        System.out.println("hasC2 = " + c2);
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("aarch64")) {
            assertTrue(c2);
        }
    }

    @Test
    void flagsOfEveryType() {
        HotSpotDiagnosticMXBean mx = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

        assertEquals(Boolean.valueOf(mx.getVMOption("UseCompressedOops").getValue()), WB.getBooleanVMFlag("UseCompressedOops"));
        assertEquals(Long.valueOf(mx.getVMOption("ActiveProcessorCount").getValue()), WB.getIntVMFlag("ActiveProcessorCount"));
        assertEquals(Long.valueOf(mx.getVMOption("ParallelGCThreads").getValue()), WB.getUintVMFlag("ParallelGCThreads"));
        assertEquals(Long.valueOf(mx.getVMOption("CICompilerCount").getValue()), WB.getIntxVMFlag("CICompilerCount"));
        assertEquals(Long.valueOf(mx.getVMOption("MinHeapFreeRatio").getValue()), WB.getUintxVMFlag("MinHeapFreeRatio"));
        assertEquals(Long.valueOf(mx.getVMOption("MaxDirectMemorySize").getValue()), WB.getUint64VMFlag("MaxDirectMemorySize"));
        assertEquals(Long.valueOf(mx.getVMOption("MaxHeapSize").getValue()), WB.getSizeTVMFlag("MaxHeapSize"));
        assertEquals(Double.valueOf(mx.getVMOption("MinRAMPercentage").getValue()), WB.getDoubleVMFlag("MinRAMPercentage"));
        assertEquals("whitebox-binding-hs_err.log", WB.getStringVMFlag("ErrorFile"));

        // A getter of the wrong type, and an unknown flag, answer null.
        assertNull(WB.getIntxVMFlag("MaxHeapSize"));
        assertNull(WB.getBooleanVMFlag("MaxHeapSize"));
        assertNull(WB.getBooleanVMFlag("NoSuchFlagAnywhere"));
        assertNull(WB.getStringVMFlag("UseCompressedOops"));

        // The convenience getter finds the type.
        assertEquals(WB.getBooleanVMFlag("UseCompressedOops"), WB.getVMFlag("UseCompressedOops"));
        assertEquals(WB.getIntVMFlag("ActiveProcessorCount"), WB.getVMFlag("ActiveProcessorCount"));
        assertEquals(WB.getUintVMFlag("ParallelGCThreads"), WB.getVMFlag("ParallelGCThreads"));
        assertEquals(WB.getIntxVMFlag("CICompilerCount"), WB.getVMFlag("CICompilerCount"));
        assertEquals(WB.getUintxVMFlag("MinHeapFreeRatio"), WB.getVMFlag("MinHeapFreeRatio"));
        assertEquals(WB.getUint64VMFlag("MaxDirectMemorySize"), WB.getVMFlag("MaxDirectMemorySize"));
        assertEquals(WB.getSizeTVMFlag("MaxHeapSize"), WB.getVMFlag("MaxHeapSize"));
        assertEquals(WB.getDoubleVMFlag("MinRAMPercentage"), WB.getVMFlag("MinRAMPercentage"));
        assertEquals("whitebox-binding-hs_err.log", WB.getVMFlag("ErrorFile"));
        assertNull(WB.getVMFlag("NoSuchFlagAnywhere"));

        assertFalse(WB.isConstantVMFlag("UseCompressedOops"));
        assertFalse(WB.isConstantVMFlag("NoSuchFlagAnywhere"));
        if (!System.getProperty("java.vm.version").contains("debug")) {
            assertTrue(WB.isConstantVMFlag("VerifyStack"), "a develop flag is a constant of a product build");
        }
    }

    @Test
    void memory() {
        Object o = new Object();
        long size = WB.getObjectSize(o);
        assertTrue(size > 0 && size % 8 == 0, "size of new Object(): " + size);
        assertEquals(8 * 16, WB.getObjectSize(new long[16]) - WB.getObjectSize(new long[0]));
        assertNotEquals(0L, WB.getObjectAddress(o));

        boolean compressed = Boolean.TRUE.equals(WB.getBooleanVMFlag("UseCompressedOops"));
        assertEquals(compressed ? 4 : 8, WB.getHeapOopSize());

        Object survivor = new int[8];
        boolean generational = Boolean.TRUE.equals(WB.getBooleanVMFlag("UseG1GC"))
                || Boolean.TRUE.equals(WB.getBooleanVMFlag("UseParallelGC"))
                || Boolean.TRUE.equals(WB.getBooleanVMFlag("UseSerialGC"));
        if (generational) {
            assertFalse(WB.isObjectInOldGen(survivor), "a new object is young");
        }
        WB.youngGC();
        WB.fullGC();
        if (generational) {
            assertTrue(WB.isObjectInOldGen(survivor), "a full collection promotes live objects");
        } else {
            WB.isObjectInOldGen(survivor); // answers without failing
        }
        assertEquals(8, ((int[]) survivor).length);
        assertFalse(WB.isMonitorInflated(survivor), "an object never locked has no monitor");
    }

    @Test
    void trapAndDecompileCounts() throws Exception {
        Method m = method("trapTarget", boolean.class);
        if (FEATURE < 18) {
            for (var call : List.<Runnable>of(() -> WB.getMethodTrapCount(m), () -> WB.getMethodTrapCount(m, "unloaded"),
                    () -> WB.getMethodDecompileCount(m), () -> WB.getDeoptCount(), () -> WB.getDeoptCount("unloaded", null))) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, call::run);
                System.out.println("as expected: " + e.getMessage());
                assertTrue(e.getMessage().matches("WhiteBox\\.get\\w+ is not available in JDK " + FEATURE
                        + "[.\\d]* \\(added in JDK 18\\)"), e.getMessage());
                assertTrue(e.getCause() instanceof UnsatisfiedLinkError);
            }
            return;
        }
        assumeTrue(canCompileAt(m, 4), "C2 is not available in this VM");
        for (int i = 0; i < 10; i++) {
            sink += trapTarget(false) == null ? 1 : 0;
        }
        int deopts = WB.getDeoptCount();
        int unloaded = WB.getDeoptCount("unloaded", null);
        int traps = WB.getMethodTrapCount(m);
        int decompiles = WB.getMethodDecompileCount(m);
        assertTrue(WB.enqueueMethodForCompilation(m, 4));
        assertTrue(WB.isMethodCompiled(m));
        // C2 compiles the allocation of a class that was never loaded as an uncommon trap (unloaded, reinterpret).
        assertNotNull(trapTarget(true));
        assertFalse(WB.isMethodCompiled(m), "the trap made the code not entrant");
        assertEquals(deopts + 1, WB.getDeoptCount());
        assertEquals(unloaded + 1, WB.getDeoptCount("unloaded", null));
        assertTrue(WB.getDeoptCount("unloaded", "reinterpret") >= 1);
        assertEquals(traps + 1, WB.getMethodTrapCount(m));
        assertEquals(1, WB.getMethodTrapCount(m, "unloaded"));
        assertEquals(0, WB.getMethodTrapCount(m, "null_check"));
        assertEquals(decompiles + 1, WB.getMethodDecompileCount(m));
    }

    @Test
    void nullArgumentsAreRejectedBeforeReachingTheVm() {
        assertThrows(NullPointerException.class, () -> WB.isMethodCompiled(null));
        assertThrows(NullPointerException.class, () -> WB.getNMethod(null, false));
        assertThrows(NullPointerException.class, () -> WB.getObjectSize(null));
        assertThrows(NullPointerException.class, () -> WB.isObjectInOldGen(null));
        assertThrows(NullPointerException.class, () -> WB.isMonitorInflated(null));
        assertThrows(NullPointerException.class, () -> WB.getVMFlag(null));
    }

    // ---------------------------------------------------------------------------------------------------
    // Child VMs: what getWhiteBox says when the VM is not set up, and what registration prints when it is.

    /** Main class of the child VMs: calls getWhiteBox and reports the outcome on one line. */
    public static final class Child {
        public static void main(String[] args) {
            try {
                WhiteBox wb = WhiteBox.getWhiteBox();
                System.out.println("CHILD OK oop size " + wb.getHeapOopSize());
            } catch (IllegalStateException e) {
                System.out.println("CHILD ISE " + e.getMessage());
            }
        }
    }

    private static List<String> runChild(String... vmOptions) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("test.jdk", System.getProperty("java.home")), "bin", "java").toString());
        for (String key : List.of("test.vm.opts", "test.java.opts")) {
            String v = System.getProperty(key, "").trim();
            if (!v.isEmpty()) {
                cmd.addAll(Arrays.asList(v.split("\\s+")));
            }
        }
        cmd.addAll(Arrays.asList(vmOptions));
        cmd.add("-cp");
        cmd.add(System.getProperty("test.class.path", System.getProperty("java.class.path")));
        cmd.add(Child.class.getName());
        System.out.println("Command line: " + cmd);
        Path out = Files.createTempFile(Path.of("."), "child", ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child VM finished");
        List<String> lines = Files.readAllLines(out);
        lines.forEach(l -> System.out.println("  child: " + l));
        assertEquals(0, p.exitValue());
        return lines;
    }

    private static String childResult(List<String> lines) {
        return lines.stream().filter(l -> l.startsWith("CHILD ")).findFirst().orElseThrow();
    }

    @Test
    void explainsAMissingBootClassPath() throws Exception {
        String r = childResult(runChild("-XX:+UnlockDiagnosticVMOptions", "-XX:+WhiteBoxAPI"));
        assertTrue(r.startsWith("CHILD ISE "), r);
        assertTrue(r.contains("boot loader") && r.contains("-Xbootclasspath/a:") && r.contains("-XX:+WhiteBoxAPI"), r);
    }

    @Test
    void explainsAMissingWhiteBoxApiFlag() throws Exception {
        String boot = Path.of(".").toAbsolutePath().normalize().toString();
        String r = childResult(runChild("-Xbootclasspath/a:" + boot));
        assertTrue(r.startsWith("CHILD ISE "), r);
        assertTrue(r.contains("-XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI"), r);
    }

    /**
     * Each update release and vendor has its own native table. The binding asks for no particular one: every
     * native the VM has and the binding does not declare costs one warning line and nothing else, and the
     * natives the binding does declare are bound (the tests above call each of them).
     */
    @Test
    void nativesTheBindingDoesNotDeclareAreIgnored() throws Exception {
        String boot = Path.of(".").toAbsolutePath().normalize().toString();
        List<String> lines = runChild("-Xbootclasspath/a:" + boot, "-XX:+UnlockDiagnosticVMOptions", "-XX:+WhiteBoxAPI");
        assertTrue(childResult(lines).startsWith("CHILD OK"), childResult(lines));
        List<String> declared = Arrays.stream(WhiteBox.class.getDeclaredMethods())
                .filter(m -> java.lang.reflect.Modifier.isNative(m.getModifiers()))
                .map(Method::getName).collect(Collectors.toList());
        List<String> ignored = lines.stream()
                .filter(l -> l.contains("on register of"))
                .map(l -> l.substring(l.indexOf("WhiteBox::") + "WhiteBox::".length()))
                .collect(Collectors.toList());
        // A warning for a name the binding declares means this VM gives that native another descriptor: the
        // binding's method stays unbound and fails naming itself when called, which is this JDK's honest answer.
        ignored.stream().filter(n -> declared.contains(n.substring(0, n.indexOf('('))))
                .forEach(n -> System.out.println("note: this VM's " + n + " differs from the binding's declaration"));
        System.out.println("JDK " + Runtime.version() + ": " + ignored.size() + " natives of the VM's table are not"
                + " declared by the binding (ignored)");
    }

    @Test
    void cpuFeaturesAreNamed() {
        String features = WB.getCPUFeatures();
        assertNotNull(features);
        assertFalse(features.isBlank(), "the VM names the CPU features it uses");
    }
}

/**
 * Allocated only by {@code trapTarget(true)}, after its C2 compilation: a top-level class, so that JUnit's
 * scan of the test class's nested classes does not load it early.
 */
final class WhiteBoxBindingTestNeverLoaded {
    final int value = 42;
}
