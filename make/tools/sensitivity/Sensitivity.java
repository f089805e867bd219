package sensitivity;

import anatomy.probe.Outcome;
import anatomy.probe.Requires;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import results.PackIdentity;
import results.RunResults;
import results.Selection;

/**
 * Sensitivity proofs: reruns every selected test under each of its declared negative controls (through
 * jtreg's -vmoptions, by make/jtreg.sh; a control of -XX: options that changes no probe property shares a run with
 * others, each test under its own, and controls of the pack's own system properties share a run under all of them
 * when no test there reads another's: Together.java) and requires a failure of the assertion the control names (its
 * message's assertion line, "CMOV in fairSelect", word for word). The controls are read from the compiled tests (@NegativeControl on the class), so they are
 * exactly what javac saw, whatever the source's layout. First a baseline run without any control: each test
 * must pass on its own (else a failure under a control proves nothing), and the probe's properties decide
 * where a control applies (its requires=). Prints a table test x control -> killed / survived / skipped /
 * inconclusive / n/a / unrelated failure, and exits non-zero when any control survives, makes a test that ran
 * without it skip or turn into a finding (make/tools/run/Summary.java), leaves it inconclusive (the pack could not
 * reach a verdict under the control: not a kill, its own verdict, shown with its reason), fails for an unrelated
 * reason, the baseline fails or is inconclusive, or a test declares no control. The runs under a control are not
 * rerun without it (PACK_RERUN=no for make/jtreg.sh): the control is the option under test.
 *
 * Usage: Sensitivity BUILD_DIR JDK_FEATURE SELECTION...   (environment: JDK, VM_OPTIONS, ... for jtreg.sh)
 */
public class Sensitivity {
    /**
     * A negative control as declared: {@code kills} is the vocabulary's name of what it kills, {@code in} the method whose
     * assertion it fails (empty for a fact, whose name is its assertion's).
     */
    public record Control(String flags, String kills, String in, String why, String requires) {
        /** The failure's {@code assertion} line that credits the kill, word for word. */
        public String assertion() {
            return kills + (in.isEmpty() ? "" : " in " + in);
        }
    }

    public record Verdict(String test, String flags, String outcome, String detail) {
    }

    public static void main(String[] args) throws Exception {
        Path build = Path.of(args[0]).toAbsolutePath();
        List<String> selection = List.of(args).subList(2, args.length);
        List<Path> files = new ArrayList<>(Selection.tests(selection));
        Map<String, List<Control>> controls = Controls.read(files, build.resolve("classes"));
        List<Verdict> verdicts = new ArrayList<>();

        // The baseline: the run of make test just before (SENSITIVITY_BASELINE=its BUILD: make check's pack step) when it
        // is this one's (Reused), else a run of its own.
        Map<String, RunResults.Result> baseline;
        Properties probe = new Properties();
        Path baselineArea;
        Reused reused = Reused.of(System.getenv().getOrDefault("SENSITIVITY_BASELINE", ""), controls.keySet(),
                System.getenv().getOrDefault("JDK", ""), (System.getenv().getOrDefault("VM_OPTIONS", "") + " "
                + System.getenv().getOrDefault("JAVA_OPTIONS", "")).trim(), PackIdentity.git(PackIdentity.HERE, "rev-parse", "HEAD"));
        if (reused.area() != null) {
            System.out.println("sensitivity: baseline (no control): " + reused.why());
            baseline = reused.results();
            baselineArea = reused.area();
        } else {
            if (!reused.why().isEmpty()) {
                System.out.println("sensitivity: " + reused.why() + "; running one");
            }
            Path baselineLog = build.resolve("baseline.log");
            System.out.println("sensitivity: baseline (no control) on " + files.size() + " test(s); log " + baselineLog);
            Files.deleteIfExists(build.resolve("summary.tsv"));
            Ran baselineRun = jtreg(build, String.join(" ", controls.keySet()), "", baselineLog);
            if (!Files.exists(build.resolve("summary.tsv"))) {
                System.err.println("sensitivity: the baseline did not run (make/jtreg.sh exit " + baselineRun.exit() + "): see " + baselineLog);
                System.exit(2);
            }
            baseline = readSummary(build.resolve("summary.tsv"), baselineRun.id());
            baselineArea = build.resolve("jtreg/last").toRealPath();
        }
        try (var in = Files.newBufferedReader(baselineArea.resolve("probe.properties"))) {
            probe.load(in);
        }

        Map<String, List<String>> byFlags = new LinkedHashMap<>();
        controls.forEach((test, list) -> {
            if (list.isEmpty()) {
                verdicts.add(new Verdict(test, "(none)", "NO CONTROL", "the test declares no @NegativeControl"));
            }
            List<RunResults.Result> base = rowsOf(baseline, test);
            boolean failed = base.stream().anyMatch(r -> r.outcome() == Outcome.FAILED);
            boolean ran = base.stream().anyMatch(r -> r.outcome() == Outcome.PASSED);
            boolean inconclusive = base.stream().anyMatch(r -> r.outcome() == Outcome.INCONCLUSIVE);
            for (Control c : list) {
                if (inconclusive && !failed) {
                    verdicts.add(new Verdict(test, c.flags(), "INCONCLUSIVE", "the test is inconclusive without any control: "
                            + base.stream().filter(r -> r.outcome() == Outcome.INCONCLUSIVE).findFirst().map(RunResults.Result::cause).orElse("")));
                } else if (!failed && !ran) {
                    verdicts.add(new Verdict(test, c.flags(), "n/a", "the test skips here without any control: "
                            + base.stream().findFirst().map(r -> (r.outcome() == Outcome.FINDING ? "finding: " : "")
                            + r.cause()).orElse("not reported")));
                } else if (failed) {
                    verdicts.add(new Verdict(test, c.flags(), "BASELINE", "the test fails without any control: "
                            + base.stream().filter(r -> r.outcome() == Outcome.FAILED).findFirst().map(RunResults.Result::cause).orElse("")));
                } else if (!c.requires().isEmpty() && !Requires.holds(c.requires(), probe)) {
                    verdicts.add(new Verdict(test, c.flags(), "n/a", "requires " + c.requires() + " (here "
                            + Requires.values(c.requires(), probe) + ")"));
                } else {
                    byFlags.computeIfAbsent(c.flags(), k -> new ArrayList<>()).add(test);
                }
            }
        });
        // Controls that reach only the tests' child VMs and change no probe property share runs, a test under its own
        // control in each (Together); SENSITIVITY_TOGETHER=no runs each alone, as the others.
        List<Map<String, String>> rounds = List.of();
        List<Map<String, String>> propertyRounds = List.of();
        if (!Boolean.parseBoolean(probe.getProperty("pack.emulated", "true"))
                && !"no".equals(System.getenv().getOrDefault("SENSITIVITY_TOGETHER", ""))) {
            List<String> candidates = byFlags.keySet().stream().filter(Together::childOptionsOnly).toList();
            List<String> same = Together.sameProbe(candidates, Path.of(System.getenv("JDK")), baselineArea.resolve("work/lib-classes"),
                    build.resolve("probes"), conc());
            Map<String, List<String>> shared = new LinkedHashMap<>();
            same.forEach(f -> shared.put(f, byFlags.remove(f)));
            rounds = Together.rounds(shared);
            System.out.println("sensitivity: " + same.size() + " of " + (byFlags.size() + same.size()) + " controls share " + rounds.size()
                    + " run(s) (only -XX: options, no probe property changed: Together.java); " + (candidates.size() - same.size())
                    + " more of -XX: options change a probe property or stop its VM, and run alone");
            propertyRounds = propertyRounds(byFlags, baselineArea, build);
        }
        // The runs, side by side in lanes (each a BUILD of its own: jtreg's work directory is one run's at a time), the
        // first lane the baseline's: the shared rounds, each test under its own control (PACK_CONTROLS), and each other
        // flag set alone, its tests under jtreg's -vmoptions.
        // (runFlags: the run's -vmoptions beside the user's; shared: each test's control in PACK_CONTROLS instead)
        record Task(String label, Map<String, String> flagsOf, boolean shared, String runFlags) {
        }
        List<Task> tasks = new ArrayList<>();
        for (int r = 0; r < rounds.size(); r++) {
            tasks.add(new Task("round-" + (r + 1), rounds.get(r), true, ""));
        }
        for (int r = 0; r < propertyRounds.size(); r++) {
            tasks.add(new Task("properties-" + (r + 1), propertyRounds.get(r), false, Together.union(propertyRounds.get(r))));
        }
        int alone = 0;
        for (Map.Entry<String, List<String>> g : byFlags.entrySet()) {
            Map<String, String> flagsOf = new LinkedHashMap<>();
            g.getValue().forEach(t -> flagsOf.put(t, g.getKey()));
            tasks.add(new Task("control-" + (++alone), flagsOf, false, g.getKey()));
        }
        // the longest first, as the baseline timed their tests (a lane that starts a long run last holds the end back)
        tasks.sort(java.util.Comparator.comparingDouble((Task t) -> -t.flagsOf().keySet().stream()
                .flatMap(test -> rowsOf(baseline, test).stream()).mapToDouble(RunResults.Result::seconds).sum()));
        int lanes = Math.max(1, Math.min(tasks.size(), lanes()));
        BlockingQueue<Path> free = new LinkedBlockingQueue<>();
        for (int i = 1; i <= lanes; i++) {
            free.add(i == 1 ? build : build.resolve("lane-" + i));
        }
        String laneConc = Integer.toString(Math.max(1, conc() / lanes));
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        List<Future<List<Verdict>>> judged = new ArrayList<>();
        for (Task task : tasks) {
            List<String> tests = new ArrayList<>(task.flagsOf().keySet());
            Path log = build.resolve(task.label() + ".log");
            judged.add(pool.submit(() -> {
                Path lane = free.take();
                try {
                    Path laneWork = lane.resolve("jtreg/last/work");
                    clearResults(lane, laneWork, tests);
                    Ran ran;
                    if (task.shared()) {
                        Path file = build.resolve(task.label() + ".controls");
                        Together.writeControls(task.flagsOf(), file);
                        System.out.println("sensitivity: " + task.label() + ", " + tests.size() + " test(s) each under its own control ("
                                + file + "); log " + log);
                        ran = jtreg(lane, String.join(" ", tests), "", log, Map.of("CONC", laneConc, "PACK_CONTROLS", file.toString()));
                    } else {
                        String flags = task.runFlags();
                        System.out.println("sensitivity: " + flags + " on " + tests.size() + " test(s); log " + log);
                        ran = jtreg(lane, String.join(" ", tests), flags, log, Map.of("CONC", laneConc));
                    }
                    Map<String, RunResults.Result> summary = readSummary(lane.resolve("summary.tsv"), ran.id());
                    List<Verdict> out = new ArrayList<>();
                    for (String test : tests) {
                        String flags = task.flagsOf().get(test);
                        Control c = controls.get(test).stream().filter(x -> x.flags().equals(flags)).findFirst().orElseThrow();
                        out.add(judge(test, c, ran.exit(), ranInBaseline(rowsOf(summary, test), baseline), laneWork, log));
                    }
                    return out;
                } finally {
                    free.add(lane);
                }
            }));
        }
        pool.shutdown();
        for (Future<List<Verdict>> f : judged) {
            verdicts.addAll(f.get());
        }
        verdicts.sort(java.util.Comparator.comparing(Verdict::test).thenComparing(Verdict::flags));
        print(verdicts);
        // beside the probe report of this JDK's area of make sensitivity (make report): the baseline's, else the first lane's
        Path area = Files.exists(build.resolve("jtreg/last")) ? build.resolve("jtreg/last").toRealPath() : baselineArea;
        write(verdicts, area.resolve("verdicts.tsv"));
        boolean ok = verdicts.stream().allMatch(v -> v.outcome().equals("killed") || v.outcome().equals("n/a"));
        System.exit(ok ? 0 : 1);
    }

    /**
     * The controls of the pack's own system properties that can share runs (Together.propertyRounds), taken out of
     * BY_FLAGS: a name the library's sources name stays alone (it would reach every test), and a round whose options
     * change a probe property runs its controls alone. The readers are read from the sources of test/ and lib/.
     */
    static List<Map<String, String>> propertyRounds(Map<String, List<String>> byFlags, Path baselineArea, Path build) throws Exception {
        java.util.Set<String> areas = new java.util.TreeSet<>();
        Map<String, String> sources = new LinkedHashMap<>();   // file -> text, test/ and lib/
        for (String root : List.of("test", "lib")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".java"))::iterator) {
                    sources.put(f.normalize().toString(), Files.readString(f));
                    if (root.equals("test") && f.getNameCount() > 2) {
                        areas.add(f.getName(1).toString());
                    }
                }
            }
        }
        Map<String, Map<String, String>> propertiesOf = new LinkedHashMap<>();
        Map<String, java.util.Set<String>> readers = new LinkedHashMap<>();
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String flags : byFlags.keySet()) {
            Map<String, String> props = Together.properties(flags, areas);
            boolean libraryReads = props.keySet().stream().anyMatch(n -> sources.entrySet().stream()
                    .anyMatch(e -> e.getKey().startsWith("lib/") && !e.getKey().startsWith("lib/test/") && e.getValue().contains(n)));
            if (props.isEmpty() || libraryReads) {
                continue;
            }
            propertiesOf.put(flags, props);
            groups.put(flags, byFlags.get(flags));
            for (String name : props.keySet()) {
                readers.put(name, sources.entrySet().stream().filter(e -> e.getKey().startsWith("test/") && e.getValue().contains(name))
                        .map(Map.Entry::getKey).collect(java.util.stream.Collectors.toSet()));
            }
        }
        List<Map<String, String>> rounds = new ArrayList<>(Together.propertyRounds(groups, propertiesOf, readers));
        List<String> unions = rounds.stream().map(Together::union).toList();
        List<String> same = Together.sameProbe(unions, Path.of(System.getenv("JDK")), baselineArea.resolve("work/lib-classes"),
                build.resolve("probes-properties"), conc());
        rounds.removeIf(r -> !same.contains(Together.union(r)));
        int pairs = 0;
        for (Map<String, String> round : rounds) {
            for (Map.Entry<String, String> pair : round.entrySet()) {
                List<String> left = new ArrayList<>(byFlags.get(pair.getValue()));
                left.remove(pair.getKey());
                if (left.isEmpty()) {
                    byFlags.remove(pair.getValue());
                } else {
                    byFlags.put(pair.getValue(), left);
                }
                pairs++;
            }
        }
        System.out.println("sensitivity: " + pairs + " test x control pairs of the pack's own system properties share " + rounds.size()
                + " run(s), each run under all its controls' properties (no test there reads another's: Together.java); "
                + (unions.size() - same.size()) + " round(s) changed a probe property and run alone");
        return rounds;
    }

    /**
     * A baseline taken from the last run of make test in another BUILD (DIR), or why not (empty: none was asked for).
     * Taken only when it is the run this tool would make: the same commit, JDK (its path) and no user options
     * (make test reruns a test without them, which a baseline must not), every selected test in it, and the JDK's work
     * area of DIR the run's (its probe report and compiled library, which the probes use).
     */
    public record Reused(Map<String, RunResults.Result> results, Path area, String why) {
        /** DIR's last run as the baseline of TESTS on JDK under OPTIONS at COMMIT, or why not. */
        public static Reused of(String dir, java.util.Set<String> tests, String jdk, String options, String commit) throws IOException {
            if (dir.isBlank()) {
                return new Reused(null, null, "");
            }
            Path summary = Path.of(dir, RunResults.FILE);
            if (!Files.exists(summary)) {
                return new Reused(null, null, "no baseline to take in " + dir + " (no " + RunResults.FILE + ")");
            }
            RunResults.Run run = RunResults.read(summary);
            Path area = Path.of(dir, "jtreg", "last");
            Properties areaRun = new Properties();
            if (Files.exists(area.resolve("run.properties"))) {
                try (var in = Files.newBufferedReader(area.resolve("run.properties"))) {
                    areaRun.load(in);
                }
            }
            Map<String, RunResults.Result> byTest = new LinkedHashMap<>();
            run.results().forEach(r -> byTest.put(r.test(), r));
            List<String> missing = tests.stream().filter(t -> rowsOf(byTest, t).isEmpty()).toList();
            String not = !options.isEmpty() ? "user options (" + options + ")"
                    : !run.facts().getOrDefault("vm.options", List.of()).isEmpty() ? "its run had options " + run.facts().get("vm.options")
                    : !same(run.facts().getOrDefault("jdk.home", List.of("")).get(0), jdk) ? "its JDK is " + run.facts().get("jdk.home")
                    : commit.isEmpty() || !run.facts().getOrDefault("commit", List.of("")).get(0).equals(commit) ? "its commit is " + run.facts().get("commit")
                    : !missing.isEmpty() ? "it did not run " + missing.get(0) + (missing.size() > 1 ? " and " + (missing.size() - 1) + " more" : "")
                    : !Files.exists(area.resolve("probe.properties")) || !same(areaRun.getProperty("jdk", ""), jdk) ? "its work area " + area + " is another run's"
                    : "";
            if (!not.isEmpty()) {
                return new Reused(null, null, "not taking " + summary + " as the baseline: " + not);
            }
            return new Reused(byTest, area.toRealPath(), "make test's run " + run.id() + " in " + dir + " (" + byTest.size()
                    + " results, the same commit, JDK and options)");
        }

        private static boolean same(String a, String b) {
            try {
                return !a.isEmpty() && !b.isEmpty() && Path.of(a).toRealPath().equals(Path.of(b).toRealPath());
            } catch (IOException e) {
                return false;
            }
        }
    }

    /**
     * Removes the last run's summary and the tests' .jtr files, so that a run which never starts (jtreg.sh refuses VM
     * options no VM starts with) or skips a variant leaves nothing of an earlier control to be judged.
     */
    static void clearResults(Path build, Path work, List<String> tests) throws IOException {
        Files.deleteIfExists(build.resolve("summary.tsv"));
        for (String test : tests) {
            for (Path jtr : jtrFiles(work, test)) {
                Files.delete(jtr);
            }
        }
    }

    /** The test's .jtr files in jtreg's work directory (one per variant that ran), in name order. */
    static List<Path> jtrFiles(Path work, String test) throws IOException {
        Path base = work.resolve(test.replaceAll("\\.java$", ""));
        Path dir = base.getParent();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        String stem = base.getFileName().toString();
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches(Pattern.quote(stem) + "(_.*)?\\.jtr")).sorted().toList();
        }
    }

    /**
     * A run of make/jtreg.sh this tool started: its exit code and the run id it gave it (PACK_RUN_ID), the only run
     * whose results readSummary then reads.
     */
    public record Ran(int exit, String id) {
    }

    /** How many control runs go side by side: SENSITIVITY_LANES, else one per core (at most 2: each lane is a JDK work area). */
    static int lanes() {
        String v = System.getenv().getOrDefault("SENSITIVITY_LANES", "");
        return v.matches("[1-9][0-9]*") ? Integer.parseInt(v) : Math.min(2, Runtime.getRuntime().availableProcessors());
    }

    /** jtreg's concurrency of the whole run (CONC, else one per core), shared by the lanes. */
    static int conc() {
        String v = System.getenv().getOrDefault("CONC", "");
        return v.matches("[1-9][0-9]*") ? Integer.parseInt(v) : Runtime.getRuntime().availableProcessors();
    }

    /** Runs make/jtreg.sh over the tests with the flags added to the user's VM_OPTIONS. */
    public static Ran jtreg(Path build, String tests, String flags, Path log) throws IOException, InterruptedException {
        return jtreg(build, tests, flags, log, Map.of());
    }

    private static final java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();

    /** The same, with more of make/jtreg.sh's variables set (JDK=, say). */
    public static Ran jtreg(Path build, String tests, String flags, Path log, Map<String, String> env) throws IOException, InterruptedException {
        String base = System.getenv().getOrDefault("VM_OPTIONS", "").trim();
        ProcessBuilder pb = new ProcessBuilder("bash", "make/jtreg.sh").redirectErrorStream(true).redirectOutput(log.toFile());
        Files.createDirectories(build);
        pb.environment().put("BUILD", build.toString());
        pb.environment().put("TEST", tests);
        pb.environment().put("VM_OPTIONS", (base + " " + flags).trim());
        pb.environment().put("PACK_RERUN", "no");
        String id = RunResults.newRunId() + "-" + runs.incrementAndGet();
        pb.environment().put("PACK_RUN_ID", id);
        pb.environment().putAll(env);
        return new Ran(pb.start().waitFor(), id);
    }

    /** The results of a test file: the file itself, or each of its @test id= variants (file#id). */
    public static List<RunResults.Result> rowsOf(Map<String, RunResults.Result> summary, String test) {
        return summary.entrySet().stream().filter(e -> e.getKey().equals(test) || e.getKey().startsWith(test + "#") || e.getKey().startsWith(test + "\\#"))
                .map(Map.Entry::getValue).toList();
    }

    /** The results of the variants that passed in the baseline: a variant that skipped there is not judged. */
    static List<RunResults.Result> ranInBaseline(List<RunResults.Result> rows, Map<String, RunResults.Result> baseline) {
        return rows.stream().filter(r -> baseline.containsKey(r.test()) && baseline.get(r.test()).outcome() == Outcome.PASSED).toList();
    }

    public static Verdict judge(String test, Control c, int exit, List<RunResults.Result> rows, Path work, Path log) throws IOException {
        if (rows.isEmpty()) {
            return new Verdict(test, c.flags(), "UNRELATED", "jtreg did not report the test (exit " + exit + "); see " + log);
        }
        if (rows.stream().anyMatch(r -> r.outcome() == Outcome.PASSED)) {
            return new Verdict(test, c.flags(), "SURVIVED", "the test passed under the control");
        }
        if (rows.stream().noneMatch(r -> r.outcome() == Outcome.FAILED) && rows.stream().anyMatch(r -> r.outcome() == Outcome.INCONCLUSIVE)) {
            RunResults.Result r = rows.stream().filter(x -> x.outcome() == Outcome.INCONCLUSIVE).findFirst().orElseThrow();
            return new Verdict(test, c.flags(), "INCONCLUSIVE", "the pack could not reach a verdict under the control, so it"
                    + " kills nothing: " + r.cause());
        }
        if (rows.stream().allMatch(r -> r.outcome() == Outcome.SKIPPED || r.outcome() == Outcome.FINDING)) {
            return new Verdict(test, c.flags(), "SKIPPED", "it ran without the control but "
                    + (rows.get(0).outcome() == Outcome.FINDING ? "is a finding" : "skips") + " under it, so the control"
                    + " breaks a precondition instead of the claim: " + rows.get(0).cause());
        }
        // The kill is judged per variant: only a variant the control reaches (one that passed without it: rows) counts,
        // and only through its own assertion, the first one that failed in it (the one that stopped it). Another variant
        // of the file failing on the operation does not stand in for it; a reached variant that failed on another
        // assertion is named beside the kill. The kill is credited by the failure's assertion line (Assertions: "CMOV in
        // fairSelect"), equal to the control's word for word: not by a name found anywhere in the message, which an
        // operation's meaning ("(CAS, ...)") or another method's assertion of the same operation would meet.
        Map<String, String> firstLines = new LinkedHashMap<>();
        Map<String, String> assertions = new LinkedHashMap<>();
        Pattern assertionLine = Pattern.compile("(?m)^assertion\\s*: (.*)$");
        assertionMessages(work, test).forEach((variant, m) -> {
            firstLines.put(variant, m.lines().findFirst().orElse(""));
            Matcher a = assertionLine.matcher(m);
            assertions.put(variant, a.find() ? a.group(1).trim() : "");
        });
        List<String> killed = new ArrayList<>();
        List<String> other = new ArrayList<>();
        for (RunResults.Result r : rows) {
            if (r.outcome() != Outcome.FAILED) {
                continue;
            }
            String line = firstLines.get(r.test());
            String label = r.test().contains("#") ? r.test().substring(r.test().indexOf('#')) + ": " : "";
            if (line != null && c.assertion().equals(assertions.get(r.test()))) {
                killed.add(label + line);
            } else {
                other.add(label + (line != null ? line : "failed without an assertion of the pack: " + r.cause()));
            }
        }
        if (!killed.isEmpty()) {
            return new Verdict(test, c.flags(), "killed", String.join("; ", killed)
                    + (other.isEmpty() ? "" : " (also failed, on another assertion: " + String.join("; ", other) + ")"));
        }
        if (other.isEmpty()) {
            return new Verdict(test, c.flags(), "UNRELATED", "no variant that passed without the control failed under it (see " + log + ")");
        }
        return new Verdict(test, c.flags(), "UNRELATED", "no variant the control reaches failed on the assertion "
                + c.assertion() + ": " + String.join("; ", other) + (other.get(0).contains("without an assertion") ? " (see " + log + ")" : ""));
    }

    /**
     * The messages of the pack's AssertionErrors in the test's .jtr files, by the variant each names ({@code test=},
     * FILE or FILE#id as the summary names it), in name order.
     */
    static Map<String, String> assertionMessages(Path work, String test) throws IOException {
        Map<String, String> messages = new LinkedHashMap<>();
        for (Path jtr : jtrFiles(work, test)) {
            String text = Files.readString(jtr);
            int at = text.indexOf("java.lang.AssertionError: ");
            if (at < 0) {
                continue;
            }
            int end = text.indexOf("\n\tat ", at);
            String message = text.substring(at + "java.lang.AssertionError: ".length(), end < 0 ? text.length() : end);
            Matcher variant = Pattern.compile("(?m)^test=(.*)$").matcher(text);
            if ((message.startsWith("expected") || message.contains("\nexpected")) && variant.find()) {
                messages.put(variant.group(1).trim().replace("\\#", "#"), message);
            }
        }
        return messages;
    }

    /**
     * The results of run RUN (the id jtreg() gave it) by test; none when that run left no file. A file another run
     * left, or one with an outcome no {@link Outcome} has, is refused (RunResults.BadResults, naming the file and
     * line): never judged as this run's.
     */
    public static Map<String, RunResults.Result> readSummary(Path tsv, String run) throws IOException {
        Map<String, RunResults.Result> results = new LinkedHashMap<>();
        if (Files.exists(tsv)) {
            for (RunResults.Result r : RunResults.read(tsv, java.util.Objects.requireNonNull(run, "run id")).results()) {
                results.put(r.test(), r);
            }
        }
        return results;
    }

    /** The verdicts beside the JDK's probe report, for make report: test, flags, outcome, detail. */
    static void write(List<Verdict> verdicts, Path tsv) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Verdict v : verdicts) {
            out.append(String.join("\t", v.test(), v.flags(), v.outcome(), v.detail().replaceAll("[\t\n]", " "))).append('\n');
        }
        Files.writeString(tsv, out);
    }

    static void print(List<Verdict> verdicts) {
        int tw = verdicts.stream().mapToInt(v -> v.test().length()).max().orElse(4);
        int fw = verdicts.stream().mapToInt(v -> v.flags().length()).max().orElse(5);
        System.out.println();
        System.out.println("Sensitivity (test x negative control):");
        for (Verdict v : verdicts) {
            System.out.println(String.format("  %-" + tw + "s  %-" + fw + "s  %-10s %s", v.test(), v.flags(), v.outcome(), v.detail()));
        }
        long killed = verdicts.stream().filter(v -> v.outcome().equals("killed")).count();
        long bad = verdicts.stream().filter(v -> !List.of("killed", "n/a").contains(v.outcome())).count();
        long other = verdicts.size() - killed - bad;
        System.out.println("sensitivity: " + killed + " killed, " + bad + " survived, skipped, inconclusive or unrelated, " + other + " n/a");
        System.out.println(anatomy.probe.Outcome.totals((int) killed, (int) bad, (int) other));
    }
}
