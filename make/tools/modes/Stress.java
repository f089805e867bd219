package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import results.RunResults;
import run.Runs;

/**
 * make stress: two ways to shake the pack, a pack run a round (Rounds), each round's line, then the tests that
 * failed or were inconclusive and in which rounds (Runs.failures), and last the totals over all rounds by the one
 * printer, added up from each round's results (kept as rounds/NAME.tsv). Exit 1 on a failure or an inconclusive (a
 * verdict the pack could not reach is not a pass); findings are counted and do not fail it.
 *
 * MODE=load (the default): the tests whose outcome the runtime times (GC, OSR, concurrent cleaning) prove themselves by
 * N consecutive rounds (default 20) in $BUILD/stress while stress-ng keeps STRESS_CPUS workers (default 2) busy.
 *
 * MODE=compiler: the JIT tests (those whose @requires names pack.c2) under C2's own randomness, one round per seed (SEEDS=20
 * of them, consecutive from SEED=, random by default) in $BUILD/stress-compiler: C2's diagnostic Stress flags shuffle its
 * instruction scheduling (StressLCM, StressGCM) and the order of its IGVN and CCP worklists (StressIGVN, StressCCP), each
 * from StressSeed. They reorder, never remove an optimization, so every claim must hold under every seed. The flags are
 * read from the JDK under test (-XX:+PrintFlagsFinal): one it does not know is left out. A failure prints its seed and
 * the command that reproduces it. The seed's options are the configuration under test: nothing is run once more
 * without them (PACK_RERUN=no).
 *
 * <pre>
 *   make stress [TEST=...] [N=20] [STRESS_CPUS=2] [JDK=...] [ARCH=...]     (default TEST: stress, TEST.groups)
 *   make stress MODE=compiler [SEEDS=20] [SEED=n] [TEST=...] [JDK=...]    (default TEST: the JIT tests)
 *   Stress --check-only                                                    the numbers only (make, before any build)
 * </pre>
 */
public final class Stress extends Rounds {
    /** The C2 Stress flags that only reorder. */
    static final List<String> STRESS_FLAGS = List.of("StressLCM", "StressGCM", "StressIGVN", "StressCCP");

    public Stress(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> {
            Stress s = new Stress(System.getenv(), Path.of("").toAbsolutePath());
            check(s.env);
            return List.of(args).equals(List.of("--check-only")) ? 0 : s.get("MODE", "load").equals("compiler") ? s.compiler() : s.load();
        });
    }

    /** make stress's numbers, each when given: one line (exit 2) for the first that is wrong. */
    public static void check(Map<String, String> env) {
        String[][] rules = {
            {"N", "[1-9][0-9]*", "is not a positive number of rounds"},
            {"STRESS_CPUS", "[1-9][0-9]*", "is not a positive number of workers"},
            {"MODE", "load|compiler", "is neither load nor compiler"},
            {"SEEDS", "[1-9][0-9]{0,5}", "is not a positive number of seeds"},
            {"SEED", "[0-9]{1,9}", "is not a whole number below 10^9 (C2's StressSeed)"},
        };
        for (String[] r : rules) {
            String v = env.getOrDefault(r[0], "");
            if (!v.isEmpty() && !v.matches(r[1])) {
                throw die(r[0] + "=" + v + " " + r[2]);
            }
        }
    }

    /** The mode's exit status from the rounds' counts: 1 on a failure or an inconclusive, else 0 (findings do not fail it). */
    public static int status(Map<Outcome, Integer> counts) {
        int s = Outcome.exitStatus(counts);
        return s == Outcome.FAILED.exitStatus() || s == Outcome.INCONCLUSIVE.exitStatus() ? 1 : 0;
    }

    /** Each test that failed or was inconclusive in some of the rounds: in how many, and which (Runs.failures). */
    void printFailures() {
        Map<String, List<RunResults.Result>> results = new LinkedHashMap<>();
        rounds.forEach((name, run) -> results.put(name, run.results()));
        Runs.failures(results).forEach(System.out::println);
    }

    /** The totals over all rounds, last; the mode's exit status. */
    int printTotals() {
        EnumMap<Outcome, Integer> n = Outcome.counts();
        rounds.values().forEach(run -> run.counts().forEach((o, k) -> n.merge(o, k, Integer::sum)));
        System.out.println(Outcome.totals(n));
        return status(n);
    }

    int load() throws IOException, InterruptedException {
        int n = Integer.parseInt(get("N", "20"));
        String cpus = get("STRESS_CPUS", "2");
        if (output(Map.of(), "sh", "make/need.sh", "stress-ng=stress-ng") == null) {
            throw quiet();
        }
        env.put("TEST", get("TEST", "stress"));
        env.put("CONC", get("CONC", "1"));
        Path out = prepare("stress");
        Process load = new ProcessBuilder("stress-ng", "--cpu", cpus, "--timeout", "0").redirectErrorStream(true)
                .redirectOutput(out.resolve("stress-ng.log").toFile()).start();
        Thread stop = new Thread(load::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            for (int round = 1; round <= n; round++) {
                if (!load.isAlive()) {
                    throw die("stress-ng stopped (see " + out.resolve("stress-ng.log") + ")");
                }
                round(out, "round-" + round, Map.of());
                System.out.println("round " + round + "/" + n + " under stress-ng --cpu " + cpus + ": " + totals("round-" + round));
            }
        } finally {
            load.destroy();
        }
        printFailures();
        return printTotals();
    }

    /** The JIT tests: each test file whose @requires names pack.c2, sorted. */
    static List<String> jitTests(Path pack) throws IOException {
        try (Stream<Path> files = Files.walk(pack.resolve("test"))) {
            List<String> tests = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).toList()) {
                if (Files.readAllLines(f).stream().anyMatch(l -> l.matches(" \\* @requires .*pack\\.c2.*"))) {
                    tests.add(pack.relativize(f).toString());
                }
            }
            tests.sort(null);
            return tests;
        }
    }

    /** The options of C2's Stress flags this VM has (FLAGS: what -XX:+PrintFlagsFinal printed); one line (exit 2) without C2 or StressSeed. */
    public static String stressOptions(String flags, String jdk) {
        List<String> known = flags.lines().map(l -> l.trim().split("\\s+")).filter(f -> f.length > 1).map(f -> f[1]).toList();
        StringBuilder options = new StringBuilder("-XX:+UnlockDiagnosticVMOptions");
        STRESS_FLAGS.stream().filter(known::contains).forEach(f -> options.append(" -XX:+").append(f));
        if (STRESS_FLAGS.stream().noneMatch(known::contains)) {
            throw die("JDK=" + jdk + " has none of C2's Stress flags (" + String.join(" ", STRESS_FLAGS) + "): no C2 in this VM");
        }
        if (!known.contains("StressSeed")) {
            throw die("JDK=" + jdk + " has no StressSeed flag: its C2 stress runs could not be reproduced");
        }
        return options.toString();
    }

    public int compiler() throws IOException, InterruptedException {
        long started = System.nanoTime();
        int seeds = Integer.parseInt(get("SEEDS", "20"));
        long first = get("SEED").isEmpty() ? new SecureRandom().nextInt(1_000_000_000) : Long.parseLong(get("SEED"));
        String user = get("VM_OPTIONS");
        if (get("TEST").isEmpty()) {
            env.put("TEST", String.join(" ", jitTests(pack)));
        }
        env.put("CONC", get("CONC", "1"));
        Path out = prepare("stress-compiler");
        String jdk = get("JDK");
        String launcher = jdk + "/bin/java";
        if (!lib("jdk_arch", jdk).equals(lib("host_arch")) && !Files.exists(Path.of(jdk, "pack-facade"))) {
            String facade = output(Map.of(), "bash", "make/jdks.sh", "facade", jdk);
            if (facade == null) {
                throw quiet();
            }
            launcher = facade + "/bin/java";
        }
        List<String> command = new ArrayList<>(List.of(launcher));
        command.addAll(user.isBlank() ? List.of() : List.of(user.trim().split("\\s+")));
        command.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintFlagsFinal", "-version"));
        ProcessBuilder pb = process(Map.of(), command.toArray(String[]::new)).redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String flags = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw die("JDK=" + jdk + " cannot print its flags" + (user.isEmpty() ? "" : " with VM_OPTIONS=" + user));
        }
        String options = stressOptions(flags, jdk);
        System.out.println("make stress MODE=compiler: " + seeds + " seeds from " + first + " on JDK " + jdk + " (" + lib("jdk_version", jdk) + "), "
                + get("TEST").trim().split("\\s+").length + " test files, CONC=" + get("CONC"));
        System.out.println("  C2 stress options: " + options + " -XX:StressSeed=<seed>" + (user.isEmpty() ? "" : " after VM_OPTIONS=" + user));
        List<String> failures = new ArrayList<>();
        for (int k = 1; k <= seeds; k++) {
            long seed = first + k - 1;
            String vmOptions = (user.isEmpty() ? "" : user + " ") + options + " -XX:StressSeed=" + seed;
            PackRunner.Run run = round(out, "seed-" + seed, Map.of("VM_OPTIONS", vmOptions, "PACK_RERUN", "no"));
            System.out.println(String.format(java.util.Locale.ROOT, "seed %d (%d/%d): %s (%.2f s)", seed, k, seeds, totals("seed-" + seed), run.seconds()));
            for (RunResults.Result r : rounds.get("seed-" + seed).results()) {
                if (r.outcome() == Outcome.FAILED || r.outcome() == Outcome.INCONCLUSIVE) {
                    failures.add("  seed " + seed + ": " + r.test() + " " + r.outcome().word() + "; reproduce: make test JDK=" + jdk
                            + " TEST=" + r.test().replaceFirst("#.*", "") + " VM_OPTIONS=\"" + vmOptions + "\"");
                    Files.copy(run.log(), out.resolve("failed-seed-" + seed + ".log"), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        if (!failures.isEmpty()) {
            System.out.println();
            System.out.println("Failures and inconclusive results (each seed's output: " + out + "/failed-seed-<seed>.log):");
            failures.forEach(System.out::println);
            printFailures();
        }
        System.out.println(seeds + " seed" + (seeds == 1 ? "" : "s") + " in " + (System.nanoTime() - started) / 1_000_000_000L + " s");
        return printTotals();
    }
}
