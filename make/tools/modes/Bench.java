package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import report.Bundles;

/**
 * make bench: what a group costs, measured the way the issues' budgets are stated (wall seconds from the pack summary,
 * per test and per run), robustly on a shared machine: one cold round (no compiled classes: jtreg compiles the library
 * and the probe) and then N warm rounds (default 5), each a pack run in $BUILD/bench (Rounds). Prints a line a round,
 * then per test the minimum, median and maximum over the warm rounds, the run's wall time likewise, and the tests whose
 * median is over BUDGET seconds (default 1.5: RoundTimes, from $BUILD/bench/times.tsv). The medians are the figures to
 * quote: a burst of load on the host moves a maximum, not a median. Timing never fails anything; a failed test does
 * (exit 1), since a failing run's times mean nothing.
 *
 * <pre>
 *   make bench [TEST=...] [N=5] [CONC=...] [BUDGET=1.5] [JDK=...] [ARCH=...]     (default TEST: all)
 *   Bench --check-only                                                           N and BUDGET only (make, before any build)
 * </pre>
 */
public final class Bench extends Rounds {
    /** The outcomes whose times count: a skipped test's are not a run's. */
    static final Set<Outcome> TIMED = Set.of(Outcome.PASSED, Outcome.FAILED, Outcome.INCONCLUSIVE);

    public Bench(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> {
            Bench b = new Bench(System.getenv(), Path.of("").toAbsolutePath());
            check(b.env);
            return List.of(args).equals(List.of("--check-only")) ? 0 : b.run();
        });
    }

    /** make bench's numbers, each when given: N (rounds) a positive whole number, BUDGET a number of seconds; one line if not. */
    public static void check(Map<String, String> env) {
        String n = env.getOrDefault("N", "");
        String budget = env.getOrDefault("BUDGET", "");
        if (!n.isEmpty() && !n.matches("[1-9][0-9]*")) {
            throw die("N=" + n + " is not a positive number of rounds");
        }
        if (!budget.isEmpty() && !budget.matches("[0-9]+(\\.[0-9]+)?")) {
            throw die("BUDGET=" + budget + " is not a number of seconds");
        }
    }

    public int run() throws IOException, InterruptedException {
        int n = Integer.parseInt(get("N", "5"));
        double budget = Double.parseDouble(get("BUDGET", "1.5"));
        Path out = prepare("bench");
        Bundles.delete(out.resolve("jtreg"));
        String jdk = get("JDK");
        System.out.println("bench: JDK " + jdk + " (" + lib("jdk_arch", jdk) + ", JDK " + lib("jdk_feature", jdk) + "), TEST=" + get("TEST", "all")
                + ", CONC=" + get("CONC", Integer.toString(cores())) + ", 1 cold round and " + n + " warm; load average " + load());
        List<String> times = new ArrayList<>();
        int fails = 0;
        for (int k = 0; k <= n; k++) {
            String name = "round-" + (k == 0 ? "cold" : Integer.toString(k));
            PackRunner.Run run = round(out, name, Map.of());
            String seconds = String.format(Locale.ROOT, "%.2f", run.seconds());
            System.out.println((k == 0 ? "cold (jtreg compiles the library and the probe)" : "warm " + k + "/" + n) + ": " + totals(name) + " in " + seconds + " s");
            if (Outcome.exitStatus(rounds.get(name).counts()) == Outcome.FAILED.exitStatus()) {
                fails++;
            }
            if (k > 0) {
                times.add("(the run, wall)\t" + seconds);
                rounds.get(name).results().stream().filter(r -> TIMED.contains(r.outcome()))
                        .forEach(r -> times.add(r.test() + "\t" + String.format(Locale.ROOT, "%.2f", r.seconds())));
            }
        }
        Files.write(out.resolve("times.tsv"), times);
        System.out.print(RoundTimes.table(times, budget, n));
        System.out.println("load average at the end: " + load());
        if (fails > 0) {
            System.out.println("error: " + fails + " rounds had a failed test: the times above mean nothing (see " + out + "/round-*.log)");
            return 1;
        }
        return 0;
    }

    /** The host's load averages over 1, 5 and 15 minutes. */
    static String load() throws IOException {
        String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
        return String.join(" ", List.of(f).subList(0, Math.min(3, f.length)));
    }
}
