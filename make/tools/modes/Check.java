package modes;

import anatomy.probe.Outcome;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.stream.Stream;
import jdks.JdkTable;
import run.Runs;

/**
 * make check: the project's own checks, each a step: a make run whose output is shown as it comes and kept in
 * $BUILD/check/NAME.log. The run model judges a step (Runs.step) from its last totals line and its exit status and
 * keeps its counts in $BUILD/check/NAME.totals: a step whose only non-passes are findings (tests stopped only by the
 * JDK's defaults: docs/running.md) is ok and named on a line of its own, so a new JDK build never fails make check by
 * itself; an inconclusive (a verdict the pack could not reach) fails it. The last row, `system`: the system's JDK
 * packages and dpkg architectures are as before. Prints the table of the steps, the failed ones, those with findings
 * and, last, the totals alone on a line: the tests, fixtures and proofs of all steps added up (Runs.sum over the totals
 * files). Exit 1 when a step failed.
 *
 * The Makefile starts it through make/lib.sh's pack_mode with an argument, `Check steps`, so that pack_mode builds no
 * plugins first: hygiene runs before anything is built, and the step hsdis builds them.
 */
public final class Check extends Mode {
    /** The no-lse step's JDKs: AArch64 without LSE atomics (make/jdks.sh's variants of two rows). */
    static final List<String> NOLSE = List.of("aarch64-17-nolse", "aarch64-25-nolse");

    /** A step: its name (its log and totals file are named after it) and make's arguments. */
    public record Step(String name, List<String> args) {
        Step(String name, String... args) {
            this(name, List.of(args));
        }
    }

    /**
     * The JDKs of the steps, lists of the JDK table: the newest of each ISA (the whole pack), the other C2 ports
     * (:headline), the rest of the default matrix, make mutants' Debian build, the two first native JDKs of the default
     * list (the step ci), make switching's and the fleet's few (check-fleet).
     */
    public record Jdks(List<String> newest, List<String> ports, List<String> mutants, List<String> others, List<String> ci,
            List<String> switching, List<String> fleet) {
        public static Jdks of(List<JdkTable.Row> rows) {
            List<String> newest = JdkTable.list(rows, "newest");
            List<String> others = JdkTable.list(rows, "default").stream().filter(n -> !newest.contains(n)).toList();
            List<String> ci = rows.stream().filter(r -> r.on("default") && r.isa().equals("x86_64")).map(JdkTable.Row::name).limit(2).toList();
            return new Jdks(newest, JdkTable.list(rows, "check-ports"), JdkTable.list(rows, "mutants"), others, ci,
                    JdkTable.list(rows, "switching"), JdkTable.list(rows, "check-fleet"));
        }
    }

    /** The steps in their order; BUILD is the main one (the sensitivity step's baseline is the pack step's run). */
    public static List<Step> steps(Jdks j, Path build) {
        return List.of(
                new Step("hygiene", "hygiene"),
                new Step("hsdis", "hsdis-check", "HSDIS_CHECK_QEMU=yes"),
                new Step("selftest", "selftest"),
                /* The mutants' runner on HotSpot's own code: a killed, an unreached, a crashed and a stopped mutant of the
                   newest x86_64 build, told apart (the chosen set and the sample are `make mutants` away: docs/mutation.md). */
                new Step("mutants", "mutants", "JDK=" + String.join(" ", j.mutants()), "SET=make/mutants/smoke.txt"),
                new Step("pack", "test"),
                // Its baseline is the pack step's run (the same commit, JDK, options and tests: Sensitivity.java's Reused).
                new Step("sensitivity", "sensitivity", "SENSITIVITY_BASELINE=" + build),
                new Step("switching", "switching"),
                new Step("configs", "configs", "TEST=headline"),
                /* The concurrency vocabulary on an AArch64 CPU without LSE atomics (exclusive-pair loops), before the main
                   matrix, whose results make report reads. */
                new Step("no-lse", "matrix", "MATRIX=" + String.join(" ", NOLSE), "TEST=concurrency"),
                /* The whole pack on the newest JDK of each ISA (the early-access build: pinned in make/jdk-table), then
                   :headline on every other JDK of the default matrix; make report shows both. */
                new Step("newest", "matrix", "MATRIX=" + String.join(" ", j.newest()), "TEST=all lib/test/whitebox/WhiteBoxBindingTest.java"),
                new Step("matrix", "matrix", "MATRIX=" + String.join(" ", j.others()), "MATRIX_KEEP=1",
                        "TEST=headline lib/test/whitebox/WhiteBoxBindingTest.java"),
                /* :headline on each other C2 port (riscv64, ppc64le, s390x) under qemu-user 10: the whole pack there is
                   `make matrix MATRIX=ports` away (docs/matrix.md). */
                new Step("ports", "matrix", "MATRIX=" + String.join(" ", j.ports()), "MATRIX_KEEP=1", "TEST=headline"),
                /* :headline on a small fleet of CPU models (make/cpus' and make/jdk-table's lists check-fleet): the newest
                   x86_64 build on this CPU held to AVX2 and to SSE4.2 (HotSpot's switches: native speed), AArch64 25 on an
                   Armv8.0 core without LSE (qemu); with the steps above, two x86_64 levels more than the real CPU's and
                   AArch64 with and without LSE. The whole fleet is `make matrix MATRIX=fleet` away (docs/matrix.md). */
                new Step("fleet", "matrix", "MATRIX=check-fleet", "MATRIX_KEEP=1", "TEST=headline"),
                /* The CI workflow's plan -> shards -> merge (.github/workflows/pack.yml) on this machine, through the same
                   make targets: :headline on two native JDKs of the default list as two shards, their bundles merged
                   into one report ($BUILD/ci: CiLocal). */
                new Step("ci", "ci-local", "EVENT=pull_request", "CI_MATRIX=" + String.join(" ", j.ci()), "CI_SHARDS=2"),
                new Step("report", "report-check"));
    }

    /**
     * Every JDK the steps run on, in the order they need them (Zero for hygiene, then the mutants' JDK and its debug
     * file, the switching, no-lse, newest, matrix, ports and fleet JDKs), each once; "dbg NAME" is make/jdks.sh's two
     * arguments.
     */
    public static List<String> prefetched(Jdks j) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        names.add("x86_64-17-zero");
        names.addAll(j.mutants());
        if (!j.mutants().isEmpty()) {
            names.add("dbg " + String.join(" ", j.mutants()));
        }
        for (List<String> list : List.of(j.switching(), NOLSE, j.newest(), j.others(), j.ports(), j.fleet())) {
            names.addAll(list);
        }
        return List.copyOf(names);
    }

    /** The make check row of the system: ok when BEFORE and AFTER (systemJdks) are the same, else FAILED with what changed. */
    public record SystemRow(boolean ok, String row) {
        public static SystemRow of(List<String> before, List<String> after) {
            if (before.equals(after)) {
                return new SystemRow(true, String.format("  %-12s %-6s %s", "system", "ok", "the system's JDK packages and dpkg architectures are as before"));
            }
            StringBuilder changed = new StringBuilder();
            before.stream().filter(l -> !after.contains(l)).forEach(l -> changed.append("< ").append(l).append(' '));
            after.stream().filter(l -> !before.contains(l)).forEach(l -> changed.append("> ").append(l).append(' '));
            return new SystemRow(false, String.format("  %-12s %-6s %s", "system", "FAILED", "make check changed the system's JDKs: " + changed));
        }
    }

    /** What the background preparation ended with: "N s into make check", and how many JDKs it could not prepare. */
    record Prefetched(String ready, int failed) {
    }

    /** make, or a stand-in for it (a unit test's). */
    private final List<String> make;
    private final long start = System.nanoTime();

    public Check(Map<String, String> env, Path pack, List<String> make) {
        super(env, pack);
        this.make = make;
        dropPackRunnerProvisions();
    }

    public static void main(String[] args) {
        exitWith(args, "steps", "Check", (pack, make) -> new Check(System.getenv(), pack, make)::run);
    }

    public int run() throws IOException, InterruptedException {
        Path build = build();
        Path dir = Files.createDirectories(build.resolve("check"));
        Jdks jdks = Jdks.of(jdkRows());
        /* The JDKs are prepared in the background from the first step on: on a new machine make/jdks.sh's downloads and
           unpacking run while hygiene, hsdis and the unit tests do, at a lower priority. make/jdks.sh prepares one JDK at
           a time (a lock), so a step that needs one waits for the preparation in progress and then finds its JDK ready; a
           JDK the prefetch could not prepare is prepared again by the step that needs it, which shows the error. */
        Path log = dir.resolve("prefetch.log");
        FutureTask<Prefetched> prefetch = new FutureTask<>(() -> prefetch(prefetched(jdks), log));
        new Thread(prefetch, "prefetch").start();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".totals")).toList()) {
                Files.delete(f);
            }
        }
        List<String> before = systemJdks();
        List<String> rows = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> findings = new ArrayList<>();
        for (Step s : steps(jdks, build)) {
            long t = System.nanoTime();
            System.out.println("== check: " + s.name() + " (make " + String.join(" ", s.args()) + ")");
            int status = make(s.args(), dir.resolve(s.name() + ".log"));
            String ok = "FAILED";
            String totals;
            try {
                Runs.Step judged = Runs.step(dir.resolve(s.name() + ".log"), status, dir.resolve(s.name() + ".totals"));
                totals = Outcome.totals(judged.counts());
                ok = judged.ok() ? "ok" : ok;
                if (judged.ok() && judged.exit() == Outcome.FINDING.exitStatus()) {
                    findings.add(s.name());
                }
            } catch (IOException e) {
                totals = "error: " + e;
            }
            if (ok.equals("FAILED")) {
                failed.add(s.name());
            }
            rows.add(String.format("  %-12s %-6s %s (%d s)", s.name(), ok, totals, seconds(t)));
        }
        SystemRow system = SystemRow.of(before, systemJdks());
        Files.writeString(dir.resolve("system.totals"), Outcome.totals(Runs.tally(List.of(system.ok() ? "passed=1" : "failed=1"))) + "\n");
        rows.add(system.row());
        if (!system.ok()) {
            failed.add("system");
        }
        Prefetched p = waitFor(prefetch);
        System.out.println();
        System.out.println("make check (" + seconds(start) + " s; JDKs prepared in the background " + p.ready() + ", " + p.failed() + " failed: " + log + "):");
        rows.forEach(System.out::println);
        if (!failed.isEmpty()) {
            System.out.println("failed steps: " + String.join(" ", failed));
        }
        if (!findings.isEmpty()) {
            System.out.println("findings (the JDK's defaults differ from what a test claims) in: " + String.join(" ", findings));
        }
        try (Stream<Path> files = Files.list(dir)) {
            System.out.println(Outcome.totals(Runs.sum(files.filter(f -> f.toString().endsWith(".totals")).sorted().toList())));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
        }
        return failed.isEmpty() ? 0 : 1;
    }

    /** make with ARGS, its output shown as it comes and kept in LOG (as tee does), stdin the mode's; make's exit status. */
    int make(List<String> args, Path log) throws IOException, InterruptedException {
        Process p = process(Map.of(), makeCommand(make, args)).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        try (InputStream in = p.getInputStream(); OutputStream out = Files.newOutputStream(log)) {
            byte[] b = new byte[8192];
            for (int n; (n = in.read(b)) != -1;) {
                out.write(b, 0, n);
                System.out.write(b, 0, n);
                System.out.flush();
            }
        }
        return p.waitFor();
    }

    /**
     * Prepares the JDKs NAMES one after another, each a `nice -n 10 bash make/jdks.sh NAME` of its own, what they say
     * on stderr in LOG with a line for each that failed, then when it was done.
     */
    Prefetched prefetch(List<String> names, Path log) throws IOException, InterruptedException {
        Files.writeString(log, "");
        int failed = 0;
        for (String n : names) {
            List<String> command = new ArrayList<>(List.of("nice", "-n", "10", "bash", "make/jdks.sh"));
            command.addAll(List.of(n.split(" ")));
            int status;
            try {
                status = process(Map.of(), command.toArray(String[]::new)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start().waitFor();
            } catch (IOException e) {
                append(log, e.getMessage() + "\n");
                status = 127;
            }
            if (status != 0) {
                failed++;
                append(log, "prefetch: make/jdks.sh " + n + " failed; the step that needs it prepares it again\n");
            }
        }
        String ready = seconds(start) + " s into make check";
        append(log, "ready: " + ready + "\n");
        return new Prefetched(ready, failed);
    }

    /** The prefetch's end, waited for; one that broke off says why in place of its time. */
    static Prefetched waitFor(FutureTask<Prefetched> prefetch) throws InterruptedException {
        try {
            return prefetch.get();
        } catch (ExecutionException e) {
            return new Prefetched("(broke off: " + e.getCause() + ")", 0);
        }
    }

    /** The system's JDK packages (openjdk-*, temurin-*: name and version) and dpkg's foreign architectures, sorted. */
    List<String> systemJdks() throws InterruptedException {
        List<String> lines = new ArrayList<>();
        lines.addAll(quietLines("dpkg-query", "-W", "-f=${binary:Package} ${Version}\n", "openjdk-*", "temurin-*"));
        lines.addAll(quietLines("dpkg", "--print-foreign-architectures"));
        lines.sort(null);
        return lines;
    }

    /** What COMMAND printed on stdout, a line each, whatever its exit status; nothing when it cannot start. */
    List<String> quietLines(String... command) throws InterruptedException {
        try {
            Process p = process(Map.of(), command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
            p.waitFor();
            return lines;
        } catch (IOException e) {
            return List.of();
        }
    }

    private long seconds(long since) {
        return (System.nanoTime() - since) / 1_000_000_000L;
    }

    private static void append(Path f, String text) throws IOException {
        Files.writeString(f, text, StandardOpenOption.APPEND);
    }
}
