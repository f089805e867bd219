package anatomy.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts a child VM of the JDK under test, the way every JVM that runs test code is started.
 *
 * <p>Its command line is, in order: the pack's capture options, the caller's own options, then jtreg's
 * {@code -vmoptions} and {@code -javaoptions} (system properties {@code test.vm.opts} and
 * {@code test.java.opts}), then the caller's observing options. The user's options come after everything that
 * changes behaviour, so that they win: under {@code make test VM_OPTIONS=-XX:-EliminateLocks} the child really
 * runs without lock elimination. What only observes (the compilation log and its file, the unified-log outputs
 * the pack reads) comes after the user's, so that it holds whatever the user adds ({@code -Xlog:disable}, a
 * {@code -XX:LogFile} of their own); the user's options it overrides are named in the output ({@link #overriddenBy}).
 *
 * <p>It echoes {@code Command line: [...]}, sends the child's stdout and stderr to files in the working
 * directory and prints their paths, and waits for a bounded time.
 */
public final class ChildVm {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final long TIMEOUT_SECONDS = 120;

    private final List<String> options = new ArrayList<>();
    private final Map<String, String> environment = new java.util.LinkedHashMap<>();
    private String mainClass;
    private final List<String> arguments = new ArrayList<>();
    private final List<String> observing = new ArrayList<>();
    private String name = "child";
    private boolean withWhiteBox;

    public ChildVm named(String name) {
        this.name = name;
        return this;
    }

    public ChildVm option(String... opts) {
        options.addAll(Arrays.asList(opts));
        return this;
    }

    public ChildVm options(List<String> opts) {
        options.addAll(opts);
        return this;
    }

    /**
     * Options that only observe the child (its logs and their files), placed after the user's so that they hold:
     * never an option that changes what the VM does.
     */
    public ChildVm observing(List<String> opts) {
        observing.addAll(opts);
        return this;
    }

    /**
     * The user's options that the observing options, placed after them, override: a {@code -XX} flag the observing
     * options set to another value ({@code -XX:LogFile=/tmp/x.log}, {@code -XX:-LogCompilation}), and
     * {@code -Xlog:disable} (which switches off every log output named before it) when they add a log output.
     */
    public static List<String> overriddenBy(List<String> user, List<String> observing) {
        List<String> overridden = new ArrayList<>();
        boolean logs = observing.stream().anyMatch(o -> o.startsWith("-Xlog"));
        for (String u : user) {
            if (u.equals("-Xlog:disable") && logs) {
                overridden.add(u);
                continue;
            }
            String flag = xxFlagName(u);
            if (flag != null && observing.stream().anyMatch(o -> flag.equals(xxFlagName(o)) && !o.equals(u))) {
                overridden.add(u);
            }
        }
        return overridden;
    }

    /** The name of a {@code -XX:+Name}, {@code -XX:-Name} or {@code -XX:Name=value} option, or null. */
    private static String xxFlagName(String option) {
        if (!option.startsWith("-XX:")) {
            return null;
        }
        String rest = option.substring(4);
        if (rest.startsWith("+") || rest.startsWith("-")) {
            return rest.substring(1);
        }
        int eq = rest.indexOf('=');
        return eq < 0 ? null : rest.substring(0, eq);
    }

    public ChildVm environment(String key, String value) {
        environment.put(key, value);
        return this;
    }

    /** Puts the WhiteBox class on the child's boot class path and unlocks the API. */
    public ChildVm withWhiteBox() {
        withWhiteBox = true;
        return this;
    }

    public ChildVm main(String className, String... args) {
        this.mainClass = className;
        arguments.addAll(Arrays.asList(args));
        return this;
    }

    /** The java launcher of the JDK under test: jtreg's {@code test.jdk}, else this VM's own. */
    public static Path javaLauncher() {
        String jdk = System.getProperty("test.jdk", System.getProperty("java.home"));
        return Path.of(jdk, "bin", "java");
    }

    /**
     * jtreg's -vmoptions followed by its -javaoptions, split on white space as jtreg joins them, then this test's
     * negative control when make sensitivity runs several tests each under its own in one jtreg run ({@link #control}).
     */
    public static List<String> jtregOptions() {
        List<String> all = new ArrayList<>();
        for (String key : List.of("test.vm.opts", "test.java.opts")) {
            String value = System.getProperty(key, "").trim();
            if (!value.isEmpty()) {
                all.addAll(Arrays.asList(value.split("\\s+")));
            }
        }
        all.addAll(control(System.getenv("PACK_CONTROLS"), System.getProperty("test.file")));
        return all;
    }

    /**
     * The VM options make sensitivity gives the test file TEST in a run of several controls: the line of the file
     * CONTROLS (the environment's PACK_CONTROLS, jtreg's -e) that names TEST's path, a tab, then the options. A run
     * of one control has none (its options are jtreg's -vmoptions); make/tools/sensitivity/Sensitivity.java writes the
     * file only for controls that reach no VM but the test's children and change no probe property, so that the test
     * runs as it would under -vmoptions. Public for its unit test.
     */
    public static List<String> control(String controls, String test) {
        if (controls == null || controls.isBlank() || test == null) {
            return List.of();
        }
        Path self = Path.of(test).toAbsolutePath().normalize();
        try {
            for (String line : Files.readAllLines(Path.of(controls))) {
                int tab = line.indexOf('\t');
                if (tab > 0 && Path.of(line.substring(0, tab)).toAbsolutePath().normalize().equals(self)) {
                    String flags = line.substring(tab + 1).trim();
                    return flags.isEmpty() ? List.of() : Arrays.asList(flags.split("\\s+"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the negative controls of this run, PACK_CONTROLS=" + controls, e);
        }
        return List.of();
    }

    /** A fresh file name in the working directory, unique within this VM. */
    public static Path workFile(String stem, String suffix) {
        return Path.of(System.getProperty("user.dir")).toAbsolutePath()
                .resolve(stem + "-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet() + suffix);
    }

    public Output run() {
        AgentJit.keepToC1();
        List<String> command = new ArrayList<>();
        command.add(javaLauncher().toString());
        if (withWhiteBox) {
            command.add("-Xbootclasspath/a:" + whiteBoxBootDir());
            command.add("-XX:+UnlockDiagnosticVMOptions");
            command.add("-XX:+WhiteBoxAPI");
        }
        command.addAll(options);
        command.addAll(jtregOptions());
        command.addAll(observing);
        List<String> overridden = overriddenBy(jtregOptions(), observing);
        if (!overridden.isEmpty()) {
            System.out.println("The pack's observing options come after yours and hold in this child VM: " + overridden
                    + " do not apply to it (its compilation log and unified logs are the pack's files named below; what"
                    + " changes behaviour stays yours)");
        }
        command.add("-cp");
        command.add(testClassPath());
        command.add(mainClass);
        command.addAll(arguments);

        Path stdout = workFile(name, ".stdout");
        Path stderr = workFile(name, ".stderr");
        System.out.println("Command line: " + command);
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        AgentJit.leaveToAgents(pb.environment());
        pb.environment().putAll(environment);
        long start = System.nanoTime();
        try {
            Process p = pb.start();
            double factor = Double.parseDouble(System.getProperty("test.timeout.factor", "1"));
            long limit = (long) (TIMEOUT_SECONDS * Math.max(1, factor));
            if (!p.waitFor(limit, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor();
                throw new ChildVmException("child VM did not finish within " + limit + " s", command, stdout, stderr, -1);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.println("Child VM exited with " + p.exitValue() + " after " + millis + " ms; output in "
                    + stdout + " and " + stderr);
            return new Output(command, p.exitValue(), stdout, stderr);
        } catch (IOException e) {
            throw new ChildVmException("cannot start " + command.get(0) + ": " + e.getMessage(), command, stdout, stderr, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChildVmException("interrupted while waiting for the child VM", command, stdout, stderr, -1);
        }
    }

    /**
     * The class path of a VM a test starts (the pack's child VMs, a tool a unit test runs): jtreg's {@code test.class.path} (the test's classes, and the library's where jtreg
     * compiled it with the test), then the directories this library was loaded from when that path lacks them: this
     * class's, and the one that holds {@link ChildMain} for this class's loader. make/jtreg.sh compiles the library once
     * per run into a directory of its own and hands it to jtreg with {@code -cpa}, which jtreg puts on the test's class
     * path but not into {@code test.class.path}. When javac compiled some of the library's sources again with a test
     * (a source newer than its class: a checkout touched it), this class comes from that partial copy, and the whole
     * library must still reach the child (a fresh-machine drill and a merged checkout both failed every child so).
     */
    public static String testClassPath() {
        String path = System.getProperty("test.class.path", System.getProperty("java.class.path"));
        List<Path> roots = new ArrayList<>();
        java.security.CodeSource source = ChildVm.class.getProtectionDomain().getCodeSource();
        if (source != null && "file".equals(source.getLocation().getProtocol())) {
            try {
                roots.add(Path.of(source.getLocation().toURI()));
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                // not a directory or jar of this file system: jtreg's path alone
            }
        }
        String resource = "anatomy/capture/ChildMain.class";
        java.net.URL main = ChildVm.class.getClassLoader() == null ? null : ChildVm.class.getClassLoader().getResource(resource);
        if (main != null && "file".equals(main.getProtocol())) {
            try {
                Path file = Path.of(main.toURI());
                roots.add(file.getRoot().resolve(file.subpath(0, file.getNameCount() - 3)));
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                // as above
            }
        }
        StringBuilder out = new StringBuilder(path);
        for (Path root : roots) {
            boolean there = false;
            for (String entry : out.toString().split(java.io.File.pathSeparator)) {
                there |= !entry.isEmpty() && Path.of(entry).toAbsolutePath().equals(root.toAbsolutePath());
            }
            if (!there) {
                out.append(out.length() == 0 ? "" : java.io.File.pathSeparator).append(root);
            }
        }
        return out.toString();
    }

    /**
     * A directory holding only the WhiteBox classes, for -Xbootclasspath/a: the VM binds WhiteBox's natives
     * only for a class of the boot loader, and nothing else of the library should move there.
     */
    private static Path whiteBoxBootDir() {
        String resource = "jdk/test/whitebox/WhiteBox.class";
        for (String entry : testClassPath().split(java.io.File.pathSeparator)) {
            Path dir = Path.of(entry);
            Path wb = dir.resolve(resource);
            if (Files.isRegularFile(wb)) {
                Path boot = Path.of(System.getProperty("user.dir")).toAbsolutePath().resolve("whitebox-boot");
                Path target = boot.resolve("jdk/test/whitebox");
                try {
                    Files.createDirectories(target);
                    try (var files = Files.list(wb.getParent())) {
                        for (Path f : (Iterable<Path>) files::iterator) {
                            String n = f.getFileName().toString();
                            if (n.startsWith("WhiteBox") && n.endsWith(".class")) {
                                Files.copy(f, target.resolve(n), StandardCopyOption.REPLACE_EXISTING);
                            }
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot lay out the WhiteBox boot class path in " + boot, e);
                }
                return boot;
            }
        }
        throw new IllegalStateException("jdk.test.whitebox.WhiteBox is not compiled on the class path "
                + testClassPath() + " (does the test reference the library with @library /lib?)");
    }

    /** What a finished child VM left behind. */
    public record Output(List<String> command, int exitCode, Path stdout, Path stderr) {
        public String stdoutText() {
            return read(stdout);
        }

        public String stderrText() {
            return read(stderr);
        }

        private static String read(Path p) {
            try {
                return Files.readString(p);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Fails with the command, exit code and the tail of both streams unless the exit code is 0. */
        public Output shouldHaveExitCodeZero() {
            if (exitCode != 0) {
                throw new ChildVmException("child VM exited with " + exitCode, command, stdout, stderr, exitCode);
            }
            return this;
        }
    }
}
