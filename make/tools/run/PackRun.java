package run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import report.Bundles;
import results.PackIdentity;

/**
 * One run of the pack: the one place that builds jtreg's command line and runs it (Launch.java runs it once the user's
 * input is checked and the JDKs, jtreg and the JNI libraries are provisioned). In the JDK's own work area it
 * compiles the library once, runs jtreg over the selection (this machine's shard of it with SHARD=), runs the tests
 * the user's options left without a verdict once more without them, and writes the run's results through the summary
 * (make/tools/run/Summary.java: summary.tsv with this run's id). Its exit status is the run's: 0, 1 a test failed, 4
 * inconclusive, 3 findings; 2 when jtreg could not run the tests or a step failed (one line naming it).
 *
 * {@code run(TESTS)}: the selection as jtreg takes it (Launch.selection); {@code PackRun TESTS...} runs it with the
 * environment given.
 *
 * Environment (Launch's): JDK (as the user named it), TEST_JDK (the JDK jtreg runs: a facade under qemu),
 * HOST_JDK (the host's JDK: jtreg, javac), ARCH_UNDER_TEST, FEATURE, EMULATED (true|false), BUILD, AREA (the JDK's
 * work area), JTREG_HOME, CONC, NATIVE (the JNI libraries), OPTIONS_ANSWER (what the VM printed with the user's
 * options and -XX:+PrintCommandLineFlags -version); the user's VM_OPTIONS, JAVA_OPTIONS, RETAIN, TIMEOUT_FACTOR,
 * JTREG_EXTRA, SHARD, BUNDLE, TIMINGS; HSDIS_PATH and HSDIS_DECODE (the plugins), PACK_RUN_ID (the run's id, else a
 * new one), PACK_RERUN=no (make sensitivity, make configs, make stress MODE=compiler: the options are the control,
 * the configuration or the seed under test, no rerun without them), PACK_COMPILED (the classes work areas share,
 * CompiledCache.java; else BUILD/compiled), PACK_PROBE_REPORT (where the probe writes its report when jtreg runs in
 * this VM: make/jtreg.sh exports it, and the report is moved into the area after the run).
 */
public class PackRun {
    /** A step that cannot go on: its one line, exit 2. */
    public static class Stop extends RuntimeException {
        Stop(String why) {
            super(why);
        }
    }

    final Map<String, String> env;
    final Path build, area, work, report, probe;
    final Path hostJava;
    final String userOptions;
    /** The library's sources: javac's, and the key of what work areas share (CompiledCache). */
    static final List<String> LIB_DIRS = List.of("lib/anatomy", "lib/jdk", "lib/jtreg");
    CompiledCache compiled;

    public PackRun(Map<String, String> env) {
        this.env = env;
        build = Path.of(need("BUILD"));
        area = Path.of(need("AREA"));
        work = area.resolve("work");
        report = area.resolve("report");
        probe = area.resolve("probe.properties");
        hostJava = Path.of(need("HOST_JDK"), "bin", "java");
        userOptions = String.join(" ", Stream.of(get("VM_OPTIONS"), get("JAVA_OPTIONS")).filter(s -> !s.isEmpty()).toList());
    }

    String get(String name) {
        return env.getOrDefault(name, "");
    }

    String need(String name) {
        String v = get(name);
        if (v.isEmpty()) {
            throw new Stop("PackRun: " + name + " is not set (make/jtreg.sh sets it)");
        }
        return v;
    }

    /** The run with its environment given as Launch gives it (its own unit tests): TESTS as jtreg takes them. */
    public static void main(String[] args) {
        try {
            System.exit(new PackRun(System.getenv()).run(List.of(args)));
        } catch (Stop | IllegalArgumentException e) {   // a bad problem list, shard or plan: one line
            System.err.println("error: " + e.getMessage());
        } catch (IOException | UncheckedIOException | InterruptedException e) {
            System.err.println("error: " + e);
        }
        System.exit(2);
    }

    int run(List<String> selection) throws IOException, InterruptedException {
        // Known problems of this JDK or of the emulator (make/problems, docs/running.md "Known problems"): the entries
        // that apply go to jtreg as an exclude file; the summary reports each as problem-listed, with its bug and reason.
        // A bad list is one line before anything is built.
        String problems = Problems.excludeFile(area.resolve("problems.txt"), Path.of("make/problems"), need("ARCH_UNDER_TEST"),
                Integer.parseInt(need("FEATURE")), Boolean.parseBoolean(get("EMULATED")));
        // An entry that names one assertion excludes nothing: the tests read it (PACK_PROBLEM_ASSERTIONS), run it, and
        // report its failure as not judged, the rest of the test judged (lib/anatomy/ProblemListed.java)
        String listedAssertions = Problems.assertionsFile(area.resolve("problem-assertions.tsv"), Path.of("make/problems"),
                need("ARCH_UNDER_TEST"), Integer.parseInt(need("FEATURE")), Boolean.parseBoolean(get("EMULATED")));
        prepareArea();
        List<String> args = jtregArgs();
        args.addAll(agentJit(results.Selection.named(selection), Path.of("")));
        if (!problems.isEmpty()) {
            args.add("-exclude:" + problems);
        }
        if (!listedAssertions.isEmpty()) {
            args.add("-e:PACK_PROBLEM_ASSERTIONS=" + listedAssertions);
        }
        // make test SHARD=k/N (BUNDLE= alone plans one shard): this machine's test files of the selection
        Path plan = null;
        if (!get("SHARD").isEmpty() || !get("BUNDLE").isEmpty()) {
            plan = build.resolve("shard-plan.txt");
            Files.deleteIfExists(plan);
            selection = Shards.testShard(shardOrWhole(), build, plan, selection);
            if (selection.isEmpty()) {
                System.out.println("jtreg: shard " + shardOrWhole() + " has no test of TEST=" + get("TEST") + ": nothing to run");
                bundle(plan, List.of());
                return 0;
            }
        }
        System.out.println("jtreg: JDK " + get("JDK") + " (" + get("ARCH_UNDER_TEST") + ", JDK " + get("FEATURE") + ")"
                + (get("VM_OPTIONS").isEmpty() ? "" : ", VM options: " + get("VM_OPTIONS")));
        long start = System.currentTimeMillis() / 1000;
        // This run's results carry its id: a mode that passes PACK_RUN_ID reads them back with it, and no earlier
        // run's file is left here to be read as this one's.
        String runId = get("PACK_RUN_ID").isEmpty() ? System.currentTimeMillis() * 1_000_000 + "-" + ProcessHandle.current().pid() : get("PACK_RUN_ID");
        Files.deleteIfExists(build.resolve("summary.tsv"));
        Path started = work.resolve("jtreg.started");
        Files.deleteIfExists(started);
        Files.createFile(started);
        int status = jtreg(args, work, report, probe, selection, null);
        if (status >= JTREG_COULD_NOT_RUN) {
            throw new Stop("jtreg could not run the tests (exit " + status + "): see its message above");
        }
        shareCompiledClasses(work.resolve("classes"), started);
        for (String part : List.of("classes", "extraPropDefns")) {
            compiled.publish(part, work.resolve(part), Files.getLastModifiedTime(started));
        }

        Map<String, String> facts = new java.util.HashMap<>(Map.of("pack.problems", problems, "pack.run.id", runId,
                "pack.jdk.home", get("JDK"), "pack.test.jdk", get("TEST_JDK"), "pack.commit", PackIdentity.git(PackIdentity.HERE, "rev-parse", "HEAD"),
                "pack.vm.options", userOptions));
        facts.putAll(rerunWithoutOptions(args, start));
        // The summary, in this VM (one VM fewer a run). Its exit status is the run's: 0 all passed, skipped or
        // problem-listed, 1 a test failed, else 4 some are inconclusive, else 3 there are findings; make reports them as
        // "Error 1", "Error 4", "Error 3".
        List<String> summary = new ArrayList<>(List.of(work.toString(), probe.toString(), Long.toString(start),
                build.resolve("summary.tsv").toString()));
        summary.addAll(selection);
        System.out.flush();
        status = Summary.summarize(facts, summary.toArray(String[]::new));
        // The wall times plans read (Shards.java): a whole run's under the JDK's defaults, not a shard's (the shards
        // of one plan must read the same times) nor one under options that change them (-Xcomp, a negative control).
        if (get("SHARD").isEmpty() && userOptions.isEmpty()) {
            try {
                Shards.recordRun(build);
            } catch (IOException | RuntimeException e) {
                System.err.println("make: could not record the wall times in " + build.resolve("timings.tsv") + ": " + e.getMessage());
            }
        }
        bundle(plan, List.of("."));
        return status;
    }

    /**
     * The JDK's work area (one per JDK path and version, so alternating between two builds recompiles nothing): what
     * make report shows of this run, the library compiled once, and no earlier run's results left in it.
     */
    void prepareArea() throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path last = area.resolveSibling("last");
        Files.deleteIfExists(last);
        Files.createSymbolicLink(last, area.getFileName());
        Files.deleteIfExists(probe);
        // make report's header: the user's options, the VM's flags and its version, as this run saw them
        StringBuilder props = new StringBuilder("jdk=" + get("JDK") + "\nvm.options=" + get("VM_OPTIONS")
                + "\njava.options=" + get("JAVA_OPTIONS") + "\n");
        List<String> answer = get("OPTIONS_ANSWER").lines().filter(l -> !l.isBlank()).toList();
        props.append("vm.flags=").append(answer.stream().filter(l -> l.startsWith("-XX:")).findFirst().orElse("")
                .replaceAll(" *-XX:\\+PrintCommandLineFlags", "")).append('\n');
        List<String> version = answer.stream().filter(l -> !l.startsWith("-XX:")).toList();
        for (int i = 0; i < version.size(); i++) {
            props.append("java.version.").append(i + 1).append('=').append(version.get(i)).append('\n');
        }
        Files.writeString(area.resolve("run.properties"), props);
        // jtreg recompiles only what javac sees as stale, which misses a class whose supertype changed: after any
        // change under lib/, start from no compiled classes.
        // The same for make/tools, a library of the unit tests only (@library /make/tools): jtreg rebuilds a test's
        // @build classes when their own sources changed, not the classes they use (a test ran an edited tool's old code).
        Path stamp = work.resolve("lib.stamp");
        FileTime stamped = Files.exists(stamp) ? Files.getLastModifiedTime(stamp) : null;
        boolean libChanged = stamped == null || newerThan(Path.of("lib"), ".java", stamped);
        Path tools = Path.of("make", "tools");
        boolean restamped = libChanged || Files.isDirectory(tools) && newerThan(tools, ".java", stamped);
        if (restamped) {
            for (String d : libChanged ? List.of("classes", "extraPropDefns", "lib-classes") : List.of("classes")) {
                Bundles.delete(work.resolve(d));
            }
            Files.deleteIfExists(stamp);
            Files.createFile(stamp);
        }
        // The library compiled once here, not with every test (-cpa puts it on each test's class path, javac takes its
        // newer classes over lib's sources), and its string concatenations as StringBuilder calls (javac
        // -XDstringConcat=inline): an invokedynamic concatenation makes each VM that runs it spin method handles, 0.07 s
        // of CPU in a child VM of 0.21 s (docs/running.md). The tests are compiled by jtreg: their bytecode is as before.
        Path classes = work.resolve("lib-classes");
        compiled = new CompiledCache(Path.of(get("PACK_COMPILED").isEmpty() ? build.resolve("compiled").toString() : get("PACK_COMPILED")),
                compiledKey(restamped, Stream.concat(LIB_DIRS.stream(), Stream.of("make/tools")).map(Path::of).toList()));   // (classes holds the unit tests' make/tools)
        for (String part : CompiledCache.PARTS) {
            compiled.seed(part, work.resolve(part));
        }
        if (!Files.isDirectory(classes)) {
            Path tmp = work.resolve("lib-classes.tmp");
            Bundles.delete(tmp);
            List<String> javac = new ArrayList<>(List.of(Path.of(need("HOST_JDK"), "bin", "javac").toString(), "-nowarn",
                    "-XDstringConcat=inline", "-d", tmp.toString()));
            for (String dir : LIB_DIRS) {
                try (Stream<Path> s = Files.walk(Path.of(dir))) {
                    s.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
                }
            }
            Path log = area.resolve("lib-javac.log");
            ProcessBuilder compile = new ProcessBuilder(javac).redirectErrorStream(true).redirectOutput(log.toFile());
            compile.environment().remove("CLASSPATH");   // a run started by a test has its agent's, the library on it
            if (compile.start().waitFor() != 0) {
                throw new Stop("the library does not compile with " + javac.get(0) + ": see " + log);
            }
            Files.move(tmp, classes);
            compiled.publishWhole("lib-classes", classes);
        }
        // The results describe this invocation only: no earlier run's .jtr (or its JUnit XML) is left to be read as
        // this run's, whatever jtreg selects or filters out this time.
        Files.walkFileTree(work, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return dir.equals(work.resolve("classes")) || dir.equals(work.resolve("scratch")) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String name = file.getFileName().toString();
                if (name.endsWith(".jtr") || name.endsWith(".jtr.xml")) {
                    Files.delete(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        Bundles.delete(report);
        Files.deleteIfExists(work.resolve("jtData/ResultCache2.jtw"));
        Files.createDirectories(report);
    }

    /**
     * The agents' own JIT kept to C1 from their start (anatomy.capture.AgentJit: JAVA_TOOL_OPTIONS for the agents, which
     * every VM a test starts goes without), for a selection that NAMES (files and directories, results.Selection.named)
     * only the pack's tests under ROOT, whose drivers start VMs only through anatomy.capture.ChildVm. The library's unit
     * tests (lib/: named, or in a directory named) start tools and nested runs of the pack themselves, with the
     * environment jtreg gives them: there the agents ask for the directive instead.
     */
    static List<String> agentJit(java.util.Collection<Path> names, Path root) {
        Path lib = root.toAbsolutePath().normalize().resolve("lib");
        boolean library = names.stream().map(t -> t.toAbsolutePath().normalize()).anyMatch(t -> t.startsWith(lib) || lib.startsWith(t));
        return library ? List.of() : List.of(anatomy.capture.AgentJit.jtregEnvironment());
    }

    /** jtreg's options of this run, but the work and report directories, the user's options and the tests. */
    List<String> jtregArgs() {
        String testJdk = need("TEST_JDK"), hostJdk = need("HOST_JDK");
        // -report:executed: jtreg's report of this run's tests only. Its default reports on every test of the suite
        // whose results the work directory holds and walks the whole suite root for them, build/ included: 3.7 s of
        // CPU a run in a checkout whose build/ has grown (a one-test run's jtreg 6.6 s against 2.9 s, docs/running.md).
        List<String> a = new ArrayList<>(List.of("-jdk:" + testJdk, "-agentvm", "-conc:" + need("CONC"), "-xml", "-report:executed",
                "-retain:" + (get("RETAIN").isEmpty() ? "fail,error" : get("RETAIN")), "-v:fail,error,nopass",
                "-cpa:" + work.resolve("lib-classes"),
                // the JNI libraries of lib/native, built for the ISA under test; a test passes test.nativepath on
                "-nativepath:" + need("NATIVE")));
        if (!testJdk.equals(hostJdk)) {
            a.add("-compilejdk:" + hostJdk);
        }
        // Under qemu-user a VM starts 10-25 times slower: scale jtreg's timeouts (and the pack's child-VM limit). The
        // user's TIMEOUT_FACTOR (OpenJDK's JTREG="TIMEOUT_FACTOR=4" too) holds everywhere.
        if (!get("TIMEOUT_FACTOR").isEmpty()) {
            a.add("-timeoutFactor:" + get("TIMEOUT_FACTOR"));
        } else if (Boolean.parseBoolean(get("EMULATED"))) {
            a.add("-timeoutFactor:10");
        }
        // The probe's report reaches the tests too (anatomy.Jit reads pack.gcs when a VM refuses a collector's option), and
        // make sensitivity's controls of a shared run (PACK_CONTROLS: make/tools/sensitivity/Together.java) their drivers.
        a.add("-e:PACK_HSDIS_PATH,PACK_HSDIS_DECODE,PACK_EMULATOR,PACK_PROBE_REPORT,PACK_CONTROLS");
        if (!get("JTREG_EXTRA").isBlank()) {
            a.addAll(Arrays.asList(get("JTREG_EXTRA").trim().split("\\s+")));
        }
        return a;
    }

    /**
     * The user's options as jtreg takes them. jtreg hands -vmoptions to the compiling VM too. A JDK of another ISA
     * compiles with the host's (-compilejdk), which may not know the port's own flags (-XX:+UseZicond stops it, and
     * jtreg then waits for a compile agent that never connects): there they go as -javaoptions, which reach every VM
     * that runs test code.
     */
    List<String> userArgs() {
        List<String> a = new ArrayList<>();
        if (!need("TEST_JDK").equals(need("HOST_JDK"))) {
            if (!userOptions.isEmpty()) {
                a.add("-javaoptions:" + userOptions);
            }
        } else {
            if (!get("VM_OPTIONS").isEmpty()) {
                a.add("-vmoptions:" + get("VM_OPTIONS"));
            }
            if (!get("JAVA_OPTIONS").isEmpty()) {
                a.add("-javaoptions:" + get("JAVA_OPTIONS"));
            }
        }
        return a;
    }

    /** jtreg over TESTS in WORK and REPORT, with the user's options unless OUTPUT is given (the rerun, logged there). */
    /**
     * jtreg's exit status from which it ran no test at all (bad arguments, a fault of its own); below it the results
     * are the tests': 0 all passed, 1 no test selected, 2 some failed, 3 some had errors (a time-out, a test that did
     * not compile). Measured on jtreg 7.5.2: a failing test 2, a timed-out test 3 (with one failing too: 3), an empty
     * selection 1, an unknown option 4. A time-out is a result: a lost wake-up hangs its test, which the summary then
     * reports as failed ("Error. ... timed out") with the rest of the run, not as a run that did not happen.
     */
    static final int JTREG_COULD_NOT_RUN = 4;

    int jtreg(List<String> args, Path work, Path report, Path probe, List<String> tests, Path output)
            throws IOException, InterruptedException {
        List<String> jtregArgs = new ArrayList<>(args);
        jtregArgs.addAll(List.of("-w:" + work, "-r:" + report));
        if (output == null) {
            jtregArgs.addAll(userArgs());
        }
        jtregArgs.addAll(tests);
        System.out.flush();
        // The run itself in this VM (one VM fewer before the first test) when this VM's own environment is the one jtreg
        // hands down (the probe's VM and the agents inherit it; -e: names what reaches the tests): make/jtreg.sh exports
        // the plugins' paths, and where the probe writes its report (moved into the area after the run)
        String staged = System.getenv("PACK_PROBE_REPORT");
        Jtreg inThisVm = output != null || staged == null || staged.isEmpty() || !get("HSDIS_PATH").equals(System.getenv("PACK_HSDIS_PATH"))
                || !get("HSDIS_DECODE").equals(System.getenv("PACK_HSDIS_DECODE")) ? null : Jtreg.of(Path.of(need("JTREG_HOME")));
        if (inThisVm != null) {
            Files.deleteIfExists(Path.of(staged));
            // the options' check started the JDK under test already: its version, and the feature from its release file
            List<String> answer = get("OPTIONS_ANSWER").lines().filter(l -> !l.isBlank() && !l.startsWith("-XX:")).toList();
            // (the answer is java's with the user's options: jtreg's key is its -vmoptions, which are those options when
            // there are no JAVA_OPTIONS and the JDK under test compiles too; else it asks its own VM)
            boolean vmOptionsOnly = get("JAVA_OPTIONS").isEmpty() && need("TEST_JDK").equals(need("HOST_JDK"));
            inThisVm.know(Path.of(need("TEST_JDK")), need("FEATURE"), vmOptionsOnly || userOptions.isEmpty() ? String.join("\n", answer) : null,
                    Launch.words(get("VM_OPTIONS")));
            inThisVm.libraryInAgents(work);
            int status = inThisVm.run(jtregArgs);
            if (Files.exists(Path.of(staged))) {
                Files.move(Path.of(staged), probe, StandardCopyOption.REPLACE_EXISTING);
            }
            return status;
        }
        // else (the rerun, whose probe report and log are its own) jtreg's own VM, one of the harness's (make/lib.sh,
        // PACK_TOOL_VM): C1 only, the serial collector
        List<String> command = new ArrayList<>(List.of(hostJava.toString()));
        command.addAll(Arrays.asList(get("PACK_TOOL_VM").trim().split("\\s+")));
        command.removeIf(String::isEmpty);
        Jtreg own = Jtreg.of(Path.of(need("JTREG_HOME")));
        Path agentJar = own == null ? null : own.agentJar(work);
        if (agentJar != null) {
            command.add("-DjavatestClassDir=" + agentJar);   // the library in the agents, as in this VM's runs
        }
        command.addAll(List.of("-jar", Path.of(need("JTREG_HOME"), "lib", "jtreg.jar").toString()));
        command.addAll(jtregArgs);
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        if (output != null) {
            pb.redirectErrorStream(true).redirectOutput(output.toFile());
        }
        pb.environment().put("PACK_PROBE_REPORT", probe.toString());
        pb.environment().put("PACK_HSDIS_PATH", get("HSDIS_PATH"));
        pb.environment().put("PACK_HSDIS_DECODE", get("HSDIS_DECODE"));
        return pb.start().waitFor();
    }

    /**
     * A test inconclusive under the user's options, or skipped at run time naming no probe property (only the options
     * can explain that skip), runs once more without them, in a work dir of its own in this area (emptied first: nothing
     * of an earlier rerun is read). The summary decides (anatomy.probe.Verdict.merge): a failure there is a failure; a
     * pass there means the options took the evidence away or ruled the test out (a skip naming them); else the rerun's
     * outcome stands. A rerun jtreg could not run at all stops the run (exit 2). Returns the
     * summary's properties for it. make sensitivity, make configs and make stress MODE=compiler set PACK_RERUN=no: there
     * the options are what is under test.
     */
    public Map<String, String> rerunWithoutOptions(List<String> args, long start) throws IOException, InterruptedException {
        Path rerun = area.resolve("rerun");
        Bundles.delete(rerun);
        if (userOptions.isEmpty() || get("PACK_RERUN").equals("no")) {
            return Map.of();
        }
        List<String> again = Summary.rerunTests(work, probe, start);
        if (again.isEmpty()) {
            return Map.of();
        }
        System.out.println("jtreg: " + again.size() + " inconclusive or skipped under your options (" + userOptions
                + "): once more without them (log " + rerun.resolve("jtreg.log") + ")");
        Files.createDirectories(rerun.resolve("report"));
        Files.createDirectories(rerun.resolve("work"));
        if (Files.isDirectory(work.resolve("classes"))) {
            copyTree(work.resolve("classes"), rerun.resolve("work/classes"), false);
        }
        // as for the run itself: from JTREG_COULD_NOT_RUN, jtreg ran none of them. The skips and inconclusives the rerun
        // was to decide are not left standing undecided (a skip would exit 0 whatever the JDK does without the options).
        int status = jtreg(args, rerun.resolve("work"), rerun.resolve("report"), rerun.resolve("probe.properties"), again,
                rerun.resolve("jtreg.log"));
        if (status >= JTREG_COULD_NOT_RUN) {
            throw new Stop("jtreg could not run the " + again.size() + " test(s) once more without your options (exit " + status
                    + "): see " + rerun.resolve("jtreg.log"));
        }
        return Map.of("pack.rerun", rerun.resolve("work").toString(), "pack.rerun.probe", rerun.resolve("probe.properties").toString(),
                "pack.rerun.options", userOptions);
    }

    String shardOrWhole() {
        return get("SHARD").isEmpty() ? "1/1" : get("SHARD");
    }

    /** With BUNDLE=, this shard's bundle of the run directories (Bundles.java). */
    void bundle(Path plan, List<String> runDirs) {
        if (get("BUNDLE").isEmpty()) {
            return;
        }
        try {
            Bundles.writeAndSay(Path.of(get("BUNDLE")), build, "test", plan, runDirs);
        } catch (IOException e) {
            throw new Stop("cannot write the bundle " + get("BUNDLE") + ": " + e.getMessage());
        }
    }

    /**
     * jtreg (7.x) gives each of its -conc threads a class directory of its own, CLASSES/n (CLASSES itself at -conc:1), and
     * compiles the library and a test again in every thread that runs it. This copies what any of them compiled into
     * the others (their lib and test trees), newer files over older, times kept: jtreg then finds every class up to
     * date in whichever directory, and the next run compiles nothing. With SINCE (a file touched before jtreg started)
     * only when jtreg compiled something since: the copies keep their times, so a run that compiled nothing leaves no
     * newer file. Only the next run's speed depends on it: a failed copy is a note, never the run's failure.
     */
    public static void shareCompiledClasses(Path classes, Path since) throws IOException {
        if (since != null && Files.exists(since) && Files.isDirectory(classes) && !newerThan(classes, "", Files.getLastModifiedTime(since))) {
            return;
        }
        List<Path> dirs = new ArrayList<>(List.of(classes));
        if (Files.isDirectory(classes)) {
            try (Stream<Path> s = Files.list(classes)) {
                s.filter(d -> Files.isDirectory(d) && d.getFileName().toString().matches("[0-9].*")).sorted().forEach(dirs::add);
            }
        }
        if (dirs.size() < 2) {
            return;
        }
        for (Path from : dirs) {
            for (Path to : dirs) {
                for (String sub : List.of("lib", "test")) {
                    if (!from.equals(to) && Files.isDirectory(from.resolve(sub))) {
                        try {
                            copyTree(from.resolve(sub), to.resolve(sub), true);
                        } catch (IOException | UncheckedIOException e) {
                            System.err.println("make: could not copy " + from.resolve(sub) + " to " + to.resolve(sub));
                        }
                    }
                }
            }
        }
    }

    /**
     * The key of what this area compiled (CompiledCache.key: the host JDK, jtreg and every one of SOURCES, read in
     * full), kept in the area with what it was computed for. It is computed again when the area's
     * lib.stamp was (a library source or tool is newer: the area's classes went too) or the host JDK or jtreg is
     * another, else read: reading every source cost each run some 50 ms before jtreg started.
     */
    public String compiledKey(boolean restamped, List<Path> sources) throws IOException {
        Path hostJdk = Path.of(need("HOST_JDK"));
        Path jtregJar = Path.of(need("JTREG_HOME"), "lib", "jtreg.jar");
        Path release = hostJdk.resolve("release");
        String inputs = hostJdk.toRealPath() + " " + (Files.exists(release) ? Files.getLastModifiedTime(release) : "-") + " "
                + jtregJar.toRealPath() + " " + Files.size(jtregJar) + " " + Files.getLastModifiedTime(jtregJar);
        Path kept = work.resolve("compiled.key");
        List<String> lines = !restamped && Files.exists(kept) ? Files.readAllLines(kept) : List.of();
        if (lines.size() == 2 && lines.get(0).equals(inputs)) {
            return lines.get(1);
        }
        String key = CompiledCache.key(hostJdk, jtregJar, sources);
        Files.createDirectories(work);
        Files.writeString(kept, inputs + "\n" + key + "\n");
        return key;
    }

    /** FROM's files into TO, times kept; with onlyNewer, a file TO holds as new or newer is left (cp -a -u). */
    static void copyTree(Path from, Path to, boolean onlyNewer) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (!onlyNewer || !Files.exists(target)
                        || Files.getLastModifiedTime(p).compareTo(Files.getLastModifiedTime(target)) > 0) {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** Is some file under DIR whose name ends with SUFFIX newer than TIME? */
    static boolean newerThan(Path dir, String suffix, FileTime time) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.anyMatch(p -> {
                try {
                    return p.toString().endsWith(suffix) && Files.isRegularFile(p) && Files.getLastModifiedTime(p).compareTo(time) > 0;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
