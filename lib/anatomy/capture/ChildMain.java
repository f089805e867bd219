package anatomy.capture;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * The entry point of a pack child VM: records what VM this is, then runs the test's workload class. A
 * workload that throws {@code jtreg.SkippedException} has the skip recorded as a fact for the driver, one that
 * throws {@code anatomy.Inconclusive} the verdict it could not reach.
 */
public final class ChildMain {
    /** The fact of how this VM set up compressed references, in its own words ({@link #compressedOops}). */
    public static final String COMPRESSED_OOPS = "compressed.oops";
    /**
     * The fact of the mode's name HotSpot gives Java programs, the system property of the same name, which it sets
     * where it sets up compressed references (CompressedOops::initialize, JDK 17 to 28-ea); {@code not set} without them.
     */
    public static final String COMPRESSED_OOPS_MODE_PROPERTY = "java.vm.compressedOopsMode";
    /** The system property naming the file of the VM's gc+init log, which the driver asks for. */
    public static final String INIT_LOG = "anatomy.init.log";

    private ChildMain() {
    }

    /**
     * How this VM set up compressed references: {@code Disabled} when UseCompressedOops is off (ZGC logs no line), else
     * what gc+init logged after "Compressed Oops: " ({@code Enabled (Zero based)}, {@code Enabled (Non-zero disjoint
     * base)}, ...), or {@code Enabled (mode not logged)}.
     */
    static String compressedOops() throws java.io.IOException {
        // the mode's property is set only with compressed references on; without it, the flag itself is asked
        if (System.getProperty(COMPRESSED_OOPS_MODE_PROPERTY) == null && !"true".equals(
                java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                        .getVMOption("UseCompressedOops").getValue())) {
            return "Disabled";
        }
        String file = System.getProperty(INIT_LOG);
        if (file != null && new java.io.File(file).exists()) {
            String text;
            try (java.io.FileInputStream in = new java.io.FileInputStream(file)) {   // java.io, as Facts.record
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
            for (String line : text.split("\n")) {
                int at = line.indexOf("Compressed Oops: ");
                if (at >= 0) {
                    return line.substring(at + "Compressed Oops: ".length()).trim();
                }
            }
        }
        return "Enabled (mode not logged)";
    }

    /**
     * This VM's options in the order it reports them (JVM_GetVmArguments: JAVA_TOOL_OPTIONS', JDK_JAVA_OPTIONS', then
     * the command line's without its class path), read from /proc/self ({@link ProcSelf}: what an emulator or a JDK's
     * facade put on the command line too), the runtime MXBean's where there is none. The VM's own answer costs a child
     * its start: jdk.internal.misc.VM only where java.base exports it (the export makes the VM build its module graph
     * instead of mapping it, 7 ms on 17, 17 ms on 25), the MXBean the management classes (15 ms).
     * lib/test/ChildStartTest.java compares the two.
     */
    static List<String> vmArguments() {
        List<String> launched = ProcSelf.launcherOptions(ChildMain.class.getName());
        if (launched == null) {
            return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments();
        }
        List<String> options = new java.util.ArrayList<>(ProcSelf.words(ProcSelf.variable("JAVA_TOOL_OPTIONS")));
        options.addAll(ProcSelf.words(ProcSelf.variable("JDK_JAVA_OPTIONS")));
        options.addAll(launched);
        return options;
    }

    public static void main(String[] args) throws Throwable {
        Facts.record("os.arch", System.getProperty("os.arch"));
        Facts.record("java.runtime.version", System.getProperty("java.runtime.version"));
        Facts.record("java.vm.name", System.getProperty("java.vm.name"));
        // What this VM really runs with, as it reports it (failure messages show these, not what was asked).
        for (String option : vmArguments()) {
            Facts.record(Facts.VM_OPTION, option);
        }
        Facts.record(COMPRESSED_OOPS, compressedOops());
        Facts.record(COMPRESSED_OOPS_MODE_PROPERTY, System.getProperty(COMPRESSED_OOPS_MODE_PROPERTY, "not set"));
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause.getClass().getName().equals("jtreg.SkippedException")) {
                Facts.record("skipped", cause.getMessage());
                return;
            }
            if (cause.getClass().getName().equals("anatomy.Inconclusive")) {   // a verdict the workload cannot reach
                Facts.record("inconclusive", cause.getMessage());
                return;
            }
            // A WhiteBox native this JDK's table lacks (another update or vendor): the test cannot be judged here.
            if (cause instanceof UnsupportedOperationException && cause.getMessage() != null
                    && cause.getMessage().startsWith("WhiteBox.")) {
                Facts.record("skipped", cause.getMessage());
                return;
            }
            if (cause instanceof UnsatisfiedLinkError && String.valueOf(cause.getMessage()).contains("jdk.test.whitebox.WhiteBox")) {
                Facts.record("skipped", "this JDK's WhiteBox has no native " + cause.getMessage());
                return;
            }
            throw cause;
        }
        Facts.record("finished", "true");
    }
}
