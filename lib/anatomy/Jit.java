package anatomy;

import anatomy.capture.ChildMain;
import anatomy.capture.ChildVm;
import anatomy.capture.ChildVmException;
import anatomy.capture.Emulator;
import anatomy.capture.CodeBytes;
import anatomy.capture.Facts;
import anatomy.capture.Disassembly;
import anatomy.capture.Hsdis;
import anatomy.isa.Isa;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.test.whitebox.WhiteBox;

/**
 * The one entry point of a test.
 *
 * <p>In the test (the jtreg driver), {@link #run} starts the child VM that runs the test's workload: a
 * nested class with a {@code main}, started with WhiteBox, background compilation off, the code of the
 * test class's methods printed, and the compilation logged; the user's VM options come last.
 *
 * <p>In the workload (the child VM), {@link #compileAtC2} and friends compile through WhiteBox and record
 * what happened for the driver; {@link #snapshot} and {@link #measure} record states and numbers; {@link Vm}
 * asks the VM for runtime facts (GCs, object addresses and sizes, histograms, native memory).
 */
public final class Jit {
    /** WhiteBox compilation levels. */
    public static final int C1 = 1;
    public static final int C1_FULL_PROFILE = 3;
    public static final int C2 = 4;

    private static final long COMPILE_WAIT_NANOS = 30_000_000_000L;

    /**
     * The driver's patterns, compiled at its first use: this class runs in the child VMs too, whose own code spins no
     * method handles (a character class of java.util.regex is a lambda: lib/test/ChildStartTest.java).
     */
    private static final class Patterns {
        static final Pattern SELECTED_GC = Pattern.compile("-XX:\\+Use(\\w+)GC");
        static final Pattern MISSING_GC = Pattern.compile("Option -XX:\\+Use(\\w+)GC not supported|Unrecognized VM option 'Use(\\w+)GC'");
    }

    private Jit() {
    }

    // ---------------------------------------------------------------- driver side

    /**
     * Runs {@code workload.main} in a child VM of the JDK under test and returns what it printed, logged and
     * recorded. {@code flags} are the test's own VM options; they come before jtreg's, which win. A flag
     * {@code -Xlog:<selection>} without an output of its own goes to the run's unified log ({@link Run#vmLog}).
     */
    public static Run run(Class<?> workload, String... flags) {
        return run(workload, List.of(flags));
    }

    /** {@link #run(Class, String...)} with arguments for the workload's {@code main} after the flags. */
    public static Run run(Class<?> workload, List<String> flags, String... args) {
        Class<?> testClass = workload.getEnclosingClass() != null ? workload.getEnclosingClass() : workload;
        checkControls(testClass);
        Path log = ChildVm.workFile(testClass.getSimpleName(), ".compilation.xml");
        Path facts = ChildVm.workFile(testClass.getSimpleName(), ".facts");
        Path vmLog = ChildVm.workFile(testClass.getSimpleName(), ".vm.log");
        Path initLog = ChildVm.workFile(testClass.getSimpleName(), ".init.log");
        List<String> options = new ArrayList<>(List.of(
                "-Xbatch",
                "-XX:CompileCommand=quiet",
                "-XX:CompileCommand=print," + testClass.getName() + "::*",
                "-XX:CompileCommand=print," + testClass.getName() + "$*::*",
                "-XX:CompileCommand=log," + testClass.getName() + "::*",
                "-XX:CompileCommand=log," + testClass.getName() + "$*::*",
                // the pack's plugin signs what it prints; a user's PrintAssemblyOptions replace this (the code is
                // then decoded from its bytes, the stubs' read from the code blob: anatomy.capture.CodeBytes)
                "-XX:PrintAssemblyOptions=" + Disassembly.SIGN_OPTION,
                "-D" + Facts.PROPERTY + "=" + facts,
                "-D" + ChildMain.INIT_LOG + "=" + initLog));
        List<String> observing = observingOptions(flags, log, vmLog, initLog);
        for (String f : flags) {
            if (!f.startsWith("-Xlog:")) {
                options.add(f);
            }
        }
        ChildVm.Output out;
        try {
            out = new ChildVm().named(testClass.getSimpleName()).withWhiteBox()
                    .environment("LD_LIBRARY_PATH", Hsdis.childLibraryPath())
                    .options(options)
                    .observing(observing)
                    .main(ChildMain.class.getName(), Stream.concat(Stream.of(workload.getName()), Arrays.stream(args)).toArray(String[]::new))
                    .run()
                    .shouldHaveExitCodeZero();
        } catch (ChildVmException e) {
            judgeRefusedCollectorOption(e.outputText(), options, builtCollectors());
            if (e.fatalError() != null) {
                System.out.println(e.getMessage());
                throw crashed(e.fatalError(), e.hsErrFirstFrame(), Emulator.current(), e);
            }
            throw e;
        }
        Facts recorded = Facts.read(facts);
        if (!recorded.all("skipped").isEmpty()) {
            throw new jtreg.SkippedException(recorded.last("skipped"));
        }
        if (!recorded.all("inconclusive").isEmpty()) {
            throw new Inconclusive(recorded.last("inconclusive"));
        }
        Isa isa = Isa.ofOsArch(recorded.last("os.arch"));
        String stale = Disassembly.signatureMismatch(out.stdoutText(), isa);
        if (stale != null) {
            throw new Inconclusive(stale);
        }
        return new Run(testClass, out, log, vmLog, recorded, isa, Disassembly.of(out.stdoutText(), isa, CodeBytes.read(recorded)));
    }

    /**
     * The pack's options that only observe, which the child VM places after the user's so that they hold whatever
     * the user adds: the compilation log in the pack's own file ({@code -XX:+LogCompilation -XX:LogFile=log}, over
     * a user's {@code -XX:LogFile} or {@code -XX:-LogCompilation}), the VM's output on stdout where the disassembly
     * is read ({@code -XX:+DisplayVMOutput -XX:-DisplayVMOutputToStderr}), and each of the test's {@code -Xlog}
     * flags (over a user's {@code -Xlog:disable}), one without an output of its own sent to {@code vmLog}; and gc+init
     * to {@code initLog}, where the child reads how the VM set up compressed references (anatomy.isa.Registers).
     */
    public static List<String> observingOptions(List<String> flags, Path log, Path vmLog, Path initLog) {
        List<String> observing = new ArrayList<>(List.of("-XX:+LogCompilation", "-XX:LogFile=" + log,
                "-XX:+DisplayVMOutput", "-XX:-DisplayVMOutputToStderr", "-Xlog:gc+init=info:file=" + initLog + ":uptime,level,tags"));
        for (String f : flags) {
            if (f.startsWith("-Xlog:")) {
                observing.add(f.substring(6).contains(":") ? f : f + ":file=" + vmLog + ":uptime,level,tags");
            }
        }
        return observing;
    }

    /**
     * What a child VM that would not start with these options means about a collector, thrown: a skip ("this JDK build has
     * no such collector") when the VM refuses the collector itself ({@code Option -XX:+UseZGC not supported},
     * s390x 25.0.5) and the probe does not list it (a refusal of a collector the probe lists is a failure) or refuses an option of a collector the options select that the build does not have (s390x
     * 28-ea+18 names {@code ShenandoahUncommitDelay=100} before it would refuse {@code -XX:+UseShenandoahGC});
     * a failure naming the option when the build has that collector (the JDK removed or renamed a flag the test
     * relies on); nothing when the output is no such refusal. {@code builtGcs} is the probe's {@code pack.gcs}
     * ({@code ,serial,parallel,g1,...,}), or null when not known.
     */
    public static void judgeRefusedCollectorOption(String output, List<String> options, String builtGcs) {
        Matcher lacks = Patterns.MISSING_GC.matcher(output);
        if (lacks.find()) {
            // the probe's list, which it read from the collectors' own flags, is the build's word: a collector it lists
            // and the VM refuses is a broken build, not a platform without it
            String name = lacks.group(1) != null ? lacks.group(1) : lacks.group(2);
            if (builtGcs != null && builtGcs.contains("," + name.toLowerCase(java.util.Locale.ROOT) + ",")) {
                throw new Failure()
                        .fact("expected the JDK to accept", "-XX:+Use" + name + "GC, a collector this build has (pack.gcs=" + builtGcs + ")")
                        .fact("but was", lacks.group())
                        .fact("why it matters", "the build has the collector's flags but will not run it")
                        .fact("vm options", String.join(" ", options)).error();
            }
            throw new jtreg.SkippedException("this JDK build has no such collector: " + lacks.group()
                    + (builtGcs == null ? "" : " (pack.gcs=" + builtGcs + ")"));
        }
        for (String o : options) {
            Matcher gc = Patterns.SELECTED_GC.matcher(o);
            if (!gc.matches() || !output.contains("Unrecognized VM option '" + gc.group(1))) {
                continue;
            }
            String line = output.lines().filter(l -> l.contains("Unrecognized VM option '" + gc.group(1))).findFirst().orElse("").strip();
            String name = gc.group(1).toLowerCase(java.util.Locale.ROOT);
            if (builtGcs != null && builtGcs.contains("," + name + ",")) {
                throw new Failure()
                        .fact("expected the JDK to accept", "the options of " + gc.group(1) + "GC, a collector this build has (pack.gcs="
                                + builtGcs + ")")
                        .fact("but was", line)
                        .fact("why it matters", "the JDK removed or renamed a flag the test relies on")
                        .fact("vm options", String.join(" ", options)).error();
            }
            throw new jtreg.SkippedException("this JDK build has no such collector: " + o + " (its options are unrecognized: "
                    + line + (builtGcs == null ? "" : "; pack.gcs=" + builtGcs) + ")");
        }
    }

    /**
     * A child VM's crash: under an emulator it is inconclusive, naming the emulator, the VM's error and the first
     * frame of its hs_err report (a crash under emulation cannot be told from an emulator's fault); on the hardware
     * it is the failure itself.
     */
    public static RuntimeException crashed(String fatalError, String firstFrame, String emulator, RuntimeException failure) {
        if (emulator == null) {
            return failure;
        }
        RuntimeException inconclusive = new Inconclusive("the child VM crashed under " + emulator + " (" + fatalError
                + (firstFrame == null ? "" : "; first frame of its hs_err: " + firstFrame) + "): a crash under emulation is"
                + " not evidence about the JDK either way (run it on the hardware, or problem-list it: make/problems; the"
                + " command and output are in the test's log)");
        inconclusive.initCause(failure);
        return inconclusive;
    }

    /** The probe's pack.gcs (its report, PACK_PROBE_REPORT), or null when this run has none. */
    private static String builtCollectors() {
        return probeProperty("pack.gcs");
    }

    /** A property of the probe's report (PACK_PROBE_REPORT), or null when this run has none or it lacks the key. */
    static String probeProperty(String key) {
        String file = System.getenv("PACK_PROBE_REPORT");
        if (file == null || file.isBlank()) {
            return null;
        }
        java.util.Properties p = new java.util.Properties();
        try (var in = java.nio.file.Files.newBufferedReader(Path.of(file))) {
            p.load(in);
        } catch (java.io.IOException e) {
            return null;
        }
        return p.getProperty(key);
    }

    /** A control must name exactly one thing it kills; a test that breaks this fails before running anything. */
    private static void checkControls(Class<?> testClass) {
        for (NegativeControl c : testClass.getAnnotationsByType(NegativeControl.class)) {
            if (c.kills().length + c.killsEvent().length + c.killsFact().length != 1) {
                throw new IllegalArgumentException(testClass.getName() + ": @NegativeControl(flags = \"" + c.flags()
                        + "\") must name exactly one operation (kills = ...) event (killsEvent = ...) or fact (killsFact = ...) it kills");
            }
            if (c.killsFact().length == 0 == c.in().isEmpty() || !c.in().isEmpty() && !declares(testClass, c.in())) {
                throw new IllegalArgumentException(testClass.getName() + ": @NegativeControl(flags = \"" + c.flags() + "\") must name"
                        + " the method whose assertion of " + killed(c) + " it fails (in = \"...\", a method of the test as run.c2 names"
                        + " it), and a fact's control none");
            }
        }
    }

    /** Whether the class or a class nested in it declares a method of that name. */
    private static boolean declares(Class<?> c, String method) {
        return java.util.Arrays.stream(c.getDeclaredMethods()).anyMatch(m -> m.getName().equals(method))
                || java.util.Arrays.stream(c.getDeclaredClasses()).anyMatch(n -> declares(n, method));
    }

    /** What a control kills, by name. */
    /** What the control kills, as the failure's {@code assertion} line names it: {@code CMOV in fairSelect}. */
    static String killed(NegativeControl c) {
        return (c.kills().length > 0 ? c.kills()[0].name()
                : c.killsEvent().length > 0 ? c.killsEvent()[0].name() : c.killsFact()[0].name())
                + (c.in().isEmpty() ? "" : " in " + c.in());
    }

    // ---------------------------------------------------------------- child side

    private static WhiteBox whiteBox() {
        return WhiteBox.getWhiteBox();
    }

    /**
     * The method the class declares under that name and, when given, those parameter types. Without parameter
     * types the name must be unique; an overloaded name fails listing the overloads.
     */
    public static Method method(Class<?> holder, String name, Class<?>... parameterTypes) {
        if (parameterTypes.length > 0) {
            try {
                return holder.getDeclaredMethod(name, parameterTypes);
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(holder.getName() + " declares no " + name + Arrays.toString(parameterTypes));
            }
        }
        List<Method> found = new ArrayList<>();   // a loop, not a stream: the child's code spins no method handles
        for (Method m : holder.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                found.add(m);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(holder.getName() + " declares " + (found.isEmpty() ? "no method named " + name
                    : found.size() + " methods named " + name + ": " + found.stream().map(Jit::id).toList()
                    + "; name the parameter types"));
        }
        return found.get(0);
    }

    /** A method's exact identity: holder, name and descriptor, e.g. {@code Outer$Inner::apply(I)I}. */
    public static String id(Executable m) {
        StringBuilder id = new StringBuilder(m.getDeclaringClass().getName()).append("::").append(m.getName()).append('(');
        for (Class<?> p : m.getParameterTypes()) {
            id.append(p.descriptorString());
        }
        return id.append(')').append((m instanceof Method method ? method.getReturnType() : void.class).descriptorString()).toString();
    }

    /** Compiles the method with C2 now and returns the compile id; see {@link #compile}. */
    public static int compileAtC2(Class<?> holder, String name, Class<?>... parameterTypes) {
        return compile(method(holder, name, parameterTypes), C2);
    }

    /** Compiles the method with C1 (no profiling) now and returns the compile id. */
    public static int compileAtC1(Class<?> holder, String name, Class<?>... parameterTypes) {
        return compile(method(holder, name, parameterTypes), C1);
    }

    /**
     * Compiles the method at the level, unless this workload's own request already did and that code is still
     * installed, and returns the compile id of the installed code. With background compilation off the request
     * completes before it returns; a queued request is awaited for at most 30 s. A compile that does not happen
     * fails with the reason the VM gives (C2 absent or switched off, method not compilable at that level).
     *
     * <p>The code returned is always the compile asked for, made now, after the profile the workload built: where
     * the VM's own policy already compiled the method at that level (during a warm-up past its thresholds, at
     * once with eager ones such as {@code -XX:CompileThresholdScaling=0.05}), that code is deoptimized first, so
     * that a test never asserts on a compile made before its warm-up ended (docs/running.md).
     */
    public static int compile(Executable m, int level) {
        WhiteBox wb = whiteBox();
        if (installedAt(wb, m, level) && !REQUESTED.contains(compileIdOf(wb, m))) {
            wb.deoptimizeMethod(m, false);
        }
        if (!installedAt(wb, m, level)) {
            wb.enqueueMethodForCompilation(m, level);
            long deadline = System.nanoTime() + COMPILE_WAIT_NANOS;
            while (wb.isMethodQueuedForCompilation(m) && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
        }
        int actual = wb.isMethodCompiled(m) ? wb.getMethodCompilationLevel(m) : 0;
        if (actual != level) {
            throw new IllegalStateException("could not compile " + name(m) + " at level " + level + ": it is "
                    + (actual == 0 ? "not compiled" : "at level " + actual) + "; " + whyNotCompiled(wb, m, level));
        }
        WhiteBox.NMethodInfo code = wb.getNMethod(m, false);
        int id = code.compileId();
        REQUESTED.add(id);
        Facts.record(compileKey(m, level), id);
        // the code's bytes, for when the VM's disassembler is not the pack's (anatomy.capture.Disassembly)
        CodeBytes.record(id, code.entryPoint(), code.code(), code.blobAddress(), code.blobSize());
        return id;
    }

    /** The compile ids this VM's workload requested (not the VM's own policy's). */
    private static final java.util.Set<Integer> REQUESTED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static boolean installedAt(WhiteBox wb, Executable m, int level) {
        return wb.isMethodCompiled(m) && wb.getMethodCompilationLevel(m) == level;
    }

    private static int compileIdOf(WhiteBox wb, Executable m) {
        WhiteBox.NMethodInfo code = wb.getNMethod(m, false);
        return code == null ? -1 : code.compileId();
    }

    /**
     * A warm-up's number of rounds: {@code n} (sized for the VM's default tiered thresholds) times
     * {@code CompileThresholdScaling} when that is above 1, plus the calls this VM's policy makes before a method's
     * profile is mature ({@link #callsToMatureProfile}), read from its flags. The policy decides when a method starts
     * to be profiled (tiered: its C1 code at level 3, after Tier3InvocationThreshold calls; without tiered
     * compilation, or with C2 alone, the interpreter, after Tier0ProfilingStartPercentage of the Tier3 thresholds:
     * about 3300 calls at the defaults of 17..28) and when C2 trusts that profile (ProfileMaturityPercentage of
     * Tier4InvocationThreshold calls since then); a warm-up shorter than both leaves C2 an immature profile or none:
     * branches it treats as unknown, call sites too cold to inline. Eager thresholds add little: {@link #compile}
     * replaces what the policy compiled early. Call it once per warm-up: {@code for (int i = 0, n =
     * Jit.rounds(10_000); i < n; i++)}.
     */
    public static int rounds(int n) {
        WhiteBox wb = whiteBox();
        Object scaling = wb.getVMFlag("CompileThresholdScaling");
        double k = scaling instanceof Double d && d > 1 ? d : 1;
        return (int) Math.min(Integer.MAX_VALUE, Math.ceil(n * k) + callsToMatureProfile(new java.util.function.Function<String, Object>() {
            @Override
            public Object apply(String flag) {   // a class, not wb::getVMFlag: the child's code spins no method handles
                return wb.getVMFlag(flag);
            }
        }));
    }

    /**
     * The calls of a method without loops after which this VM's compilation policy holds a mature profile of it, from
     * its flags as ergonomics left them (their values are already scaled by CompileThresholdScaling, and without
     * tiered compilation they are the tiered ones the VM derived from CompileThreshold and InterpreterProfilePercentage):
     * the calls before profiling starts, then ProfileMaturityPercentage of Tier4InvocationThreshold. Profiling starts
     * in C1's level-3 code after Tier3InvocationThreshold calls when C1 profiles (TieredCompilation on and the
     * CompilationMode not {@code high-only*}), else in the interpreter, after Tier0ProfilingStartPercentage of the
     * Tier3 thresholds (the larger, so that the bound holds for any mix of calls and back-edges). A flag the VM lacks
     * counts as 0; {@code flag} is WhiteBox's {@code getVMFlag}.
     */
    public static long callsToMatureProfile(java.util.function.Function<String, Object> flag) {
        boolean tiered = Boolean.TRUE.equals(flag.apply("TieredCompilation"));
        Object mode = flag.apply("CompilationMode");
        boolean c1Profiles = tiered && !(mode instanceof String m && m.startsWith("high-only"));
        long tier3 = number(flag, "Tier3InvocationThreshold");
        long start = c1Profiles ? tier3
                : (long) Math.ceil(Math.max(tier3, number(flag, "Tier3CompileThreshold"))
                        * number(flag, "Tier0ProfilingStartPercentage") / 100.0);
        long mature = (long) Math.ceil(number(flag, "Tier4InvocationThreshold") * number(flag, "ProfileMaturityPercentage") / 100.0);
        return start + mature;
    }

    private static long number(java.util.function.Function<String, Object> flag, String name) {
        return flag.apply(name) instanceof Number v ? v.longValue() : 0;
    }

    private static String whyNotCompiled(WhiteBox wb, Executable m, int level) {
        if (!Boolean.TRUE.equals(wb.getBooleanVMFlag("UseCompiler"))) {
            return "the JIT is off (-Xint or -XX:-UseCompiler)";
        }
        if (level == C2 && Boolean.TRUE.equals(wb.getBooleanVMFlag("TieredCompilation"))) {
            Long stop = wb.getIntxVMFlag("TieredStopAtLevel");
            if (stop != null && stop < C2) {
                return "C2 is switched off by -XX:TieredStopAtLevel=" + stop;
            }
        }
        if (!wb.isMethodCompilable(m, level)) {
            return "the VM marked it not compilable at level " + level
                    + " (a bailout, or excluded by a CompileCommand: see the compilation log)";
        }
        if (wb.isMethodQueuedForCompilation(m)) {
            return "the request is still queued after 30 s";
        }
        return "the compile did not install code (see the compilation log for a failure)";
    }

    private static String name(Executable m) {
        return id(m);
    }

    /** The fact under which the compile ids of a method's requested compiles at a level are recorded. */
    static String compileKey(Executable m, int level) {
        return "compile:" + level + ":" + id(m);
    }

    /** Records, under the label, whether the method is compiled now, at which level and compile id. */
    public static void snapshot(String label, Class<?> holder, String name, Class<?>... parameterTypes) {
        WhiteBox wb = whiteBox();
        Method m = method(holder, name, parameterTypes);
        boolean compiled = wb.isMethodCompiled(m);
        int level = compiled ? wb.getMethodCompilationLevel(m) : 0;
        WhiteBox.NMethodInfo code = compiled ? wb.getNMethod(m, false) : null;
        int id = code != null ? code.compileId() : -1;
        Facts.record("state:" + label, id(m) + "," + compiled + "," + level + "," + id);
    }

    /**
     * The compile level of the method's OSR code (the code a running loop's frame moves into), 0 if it has none.
     */
    public static int osrLevel(Class<?> holder, String name, Class<?>... parameterTypes) {
        Method m = method(holder, name, parameterTypes);
        return whiteBox().isMethodCompiled(m, true) ? whiteBox().getMethodCompilationLevel(m, true) : 0;
    }

    /** Throws away the method's normal-entry compiled code (not its OSR code): its next call starts in the interpreter. */
    public static void deoptimize(Class<?> holder, String name, Class<?>... parameterTypes) {
        whiteBox().deoptimizeMethod(method(holder, name, parameterTypes), false);
    }

    /** Records a measured number for the driver. */
    public static void measure(String key, double value) {
        Facts.record("measure:" + key, value);
    }

    /**
     * The bytes this thread allocates per call of {@code call}, over {@code calls} calls, after {@link #rounds}
     * of {@code calls} that settle the measuring loop itself (its compiles and first resolutions allocate once;
     * until C2 compiles the loop's lambda, C1's copy of it may inline and allocate what C2's code does not).
     * Nothing else may run on this thread meanwhile.
     */
    public static double allocatedBytesPerCall(int calls, Runnable call) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.getCurrentThreadAllocatedBytes();
        for (int i = 0, settle = rounds(calls); i < settle; i++) {
            call.run();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        long after = threads.getCurrentThreadAllocatedBytes();
        return (after - before) / (double) calls;
    }
}
