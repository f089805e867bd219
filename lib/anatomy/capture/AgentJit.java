package anatomy.capture;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.ObjectName;

/**
 * The JIT of the jtreg agent that runs the tests' drivers, kept to C1: the pack's verdicts come from child VMs, and
 * the agent only starts them and reads what they printed. At full strength an agent's C2 spends seconds of a run
 * on the parsers it warms up (the JDK's regular expressions and XML parser, ASM for lambdas, the assembly parser),
 * once per agent, competing with the children for the cores. jtreg has no option for the agents alone (its
 * {@code -vmoptions} reach the probe and every child). Two ways, measured in docs/running.md:
 * <ul>
 * <li>From the agent's start: the pack's launcher hands the agents {@link #OPTIONS} in {@code JAVA_TOOL_OPTIONS}
 * (jtreg's {@code -e}, which reaches the agents but not the probe's VM, which inherits jtreg's own environment), and
 * the same text in {@link #MARK}; every VM a test starts gets the environment without them ({@link #leaveToAgents}).
 * The user's options come after on the agent's command line and win.
 * <li>Otherwise (jtreg run by hand, or the user's options give the agent C2 again), the agent asks its own VM, once,
 * through the DiagnosticCommand MBean as {@code jcmd Compiler.directives_add} would: C2 excluded for every method,
 * which the tiered policy answers with C1 code (level 1, after level 3). It does nothing outside an agent (a VM of its
 * own per test, the probe's), where tiered compilation is off or C2 is not used (the user's configuration, kept), or
 * where the VM refuses (the agent then keeps its C2: slower, never wrong).
 * </ul>
 */
public final class AgentJit {
    /** The directive: no C2 compile of any method in this VM. */
    static final String DIRECTIVE = "[{ match: \"*.*\", c2: { Exclude: true } }]";
    /** The main class of a jtreg agent, as {@code sun.java.command} names it. */
    public static final String AGENT_MAIN = "com.sun.javatest.regtest.agent.AgentServer";

    /**
     * The system property that marks the VM as asked: a VM-wide mark, since where the library is loaded with each test
     * (a jtreg that gives every test a class loader of its own over it) a static field would be one per test.
     */
    public static final String ASKED = "anatomy.agent.jit";

    /** The agents' options from their start: C1 alone (no profiling, no second compile, no C2 before the directive). */
    public static final String OPTIONS = "-XX:TieredStopAtLevel=1";
    /** The variable that names {@link #OPTIONS} as the pack's own where {@code JAVA_TOOL_OPTIONS} holds them. */
    public static final String MARK = "PACK_AGENT_JIT";

    /** jtreg's option that starts its agents with {@link #OPTIONS} (make/tools/run/PackRun.java). */
    public static String jtregEnvironment() {
        return "-e:JAVA_TOOL_OPTIONS=" + OPTIONS + "," + MARK + "=" + OPTIONS;
    }

    /**
     * The environment of a VM a test starts, without the agents' own options: {@code JAVA_TOOL_OPTIONS} goes when
     * {@link #MARK} names it as the pack's (a user's own value is never the mark's: jtreg hands the tests only what
     * {@code -e} names), and the mark with it.
     */
    public static void leaveToAgents(java.util.Map<String, String> environment) {
        String mark = environment.remove(MARK);
        if (mark != null && mark.equals(environment.get("JAVA_TOOL_OPTIONS"))) {
            environment.remove("JAVA_TOOL_OPTIONS");
        }
    }

    private AgentJit() {
    }

    /**
     * Keeps this VM's JIT to C1 if it is a jtreg agent whose policy would use C2, once per VM, in the caller's thread
     * (some 0.1 s, before the agent's first child). Not on a thread of its own: under qemu-user a fork while another
     * thread of the guest is busy in the emulator can leave the forked child hung before its exec (a drill's
     * aarch64-28ea cell hung so, the child's two threads waiting on a futex, the agent on the spawn pipe).
     */
    public static void keepToC1() {
        synchronized (System.class) {
            if (System.getProperty(ASKED) != null) {
                return;
            }
            System.setProperty(ASKED, "asked");
        }
        if (!String.valueOf(System.getProperty("sun.java.command")).startsWith(AGENT_MAIN)) {
            return;
        }
        addDirective();   // with OPTIONS from its start the flags say C1 alone, and nothing is asked
    }

    /** Adds the directive, and leaves in {@link #ASKED} what came of it: {@code c1}, or {@code kept: <why>}. */
    private static void addDirective() {
        try {
            var flags = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            String tiered = flags.getVMOption("TieredCompilation").getValue();
            String stop = flags.getVMOption("TieredStopAtLevel").getValue();
            String mode = option(flags, "CompilationMode");
            if (!usesC1AndC2(tiered, stop, mode)) {
                System.setProperty(ASKED, "kept: TieredCompilation=" + tiered + " TieredStopAtLevel=" + stop + " CompilationMode=" + mode);
                return;
            }
            Path file = Files.createTempFile("pack-agent-jit", ".json");
            try {
                Files.writeString(file, DIRECTIVE);
                ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "compilerDirectivesAdd", new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
                System.setProperty(ASKED, "c1");
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (Exception | LinkageError e) {   // no management module, no such command, a directive refused
            System.setProperty(ASKED, "kept: " + e);
        }
    }

    /**
     * True when a VM with these flags compiles with C1 and then C2, so that excluding C2 leaves it C1 code: tiered
     * compilation on, stopping at level 4, and {@code CompilationMode} the default one ({@code default}, 17 to 28-ea;
     * null where the flag does not exist). {@code quick-only} has no C2 to exclude, {@code high-only} no C1 to fall
     * back on; a mode this does not know is left alone (the agent keeps its C2: slower, never wrong).
     */
    public static boolean usesC1AndC2(String tieredCompilation, String tieredStopAtLevel, String compilationMode) {
        return "true".equals(tieredCompilation) && "4".equals(tieredStopAtLevel)
                && (compilationMode == null || compilationMode.equals("default"));
    }

    private static String option(com.sun.management.HotSpotDiagnosticMXBean flags, String name) {
        try {
            return flags.getVMOption(name).getValue();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
