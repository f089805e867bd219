package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import report.Bundles;
import run.CiPlan;
import run.Runs;

/**
 * make ci-local: the CI workflow's sequence (.github/workflows/pack.yml) on this machine: the plan for EVENT (default
 * pull_request; CI_TEST, CI_MATRIX and CI_SHARDS as for make ci-plan: CiPlan decides), each shard in turn (make matrix
 * SHARD=k/N BUNDLE=..., its output in shard-k.log, then a line with its exit status and totals), then the merge (make
 * report FROM=...), whose exit status is the sequence's. In $BUILD/ci, emptied first, with the JDKs, capstone and plugins
 * of $BUILD (links): nothing is fetched or built twice. make check runs it (its step ci).
 *
 * A shard's totals are make matrix's table of the shard's cells read back from what it wrote ($BUILD/ci/matrix/results.tsv,
 * removed before each shard: no earlier shard's rows are read as this one's) by the run model (Runs.table), not a line
 * of its log. The Makefile starts it through make/lib.sh's pack_mode with an argument, `CiLocal shards`: pack_mode then
 * builds no plugins first (each shard's make matrix builds what it needs, as in CI).
 */
public final class CiLocal extends Mode {
    /** make, or a stand-in for it (a unit test's). */
    private final List<String> make;

    public CiLocal(Map<String, String> env, Path pack, List<String> make) {
        super(env, pack);
        this.make = make;
        dropPackRunnerProvisions();
    }

    public static void main(String[] args) {
        exitWith(args, "shards", "CiLocal", (pack, make) -> new CiLocal(System.getenv(), pack, make)::run);
    }

    /** The bundle shard K writes in CI. */
    static Path bundle(Path ci, int k) {
        return ci.resolve("bundle-" + k + ".tar.gz");
    }

    /** make's arguments for the plan's shards in CI, one make matrix each (shard k: the k-th). */
    public static List<List<String>> shards(CiPlan.Plan plan, Path ci) {
        List<List<String>> shards = new ArrayList<>();
        for (int k = 1; k <= plan.shards(); k++) {
            shards.add(List.of("matrix", "BUILD=" + ci, "MATRIX=" + plan.matrix(), "TEST=" + plan.test(), "SHARD=" + k + "/" + plan.shards(),
                    "BUNDLE=" + bundle(ci, k)));
        }
        return shards;
    }

    /** make's arguments for the merge: make report over the shards' bundles, in CI. */
    public static List<String> merge(CiPlan.Plan plan, Path ci) {
        return List.of("report", "BUILD=" + ci, "FROM=" + bundles(plan, ci));
    }

    static String bundles(CiPlan.Plan plan, Path ci) {
        List<String> b = new ArrayList<>();
        for (int k = 1; k <= plan.shards(); k++) {
            b.add(bundle(ci, k).toString());
        }
        return String.join(" ", b);
    }

    /** A shard's line: its exit status, its totals and its log. */
    public static String shardLine(int k, int n, int exit, String totals, Path log) {
        return "ci-local: shard " + k + "/" + n + ": exit " + exit + ", " + totals + " (log " + log + ")";
    }

    /**
     * The totals of the shard whose make matrix wrote MATRIX ($BUILD/matrix): the table of its cells (each label of
     * results.tsv, in its order) as make matrix printed it; "no results" when it wrote none.
     */
    public static String totals(Path matrix) throws IOException {
        Path results = matrix.resolve("results.tsv");
        if (!Files.exists(results)) {
            return "no results (make matrix wrote no " + results + ")";
        }
        List<String> rows = Files.readAllLines(results);
        Set<String> labels = new LinkedHashSet<>();
        rows.forEach(r -> labels.add(r.split("\t", -1)[0]));
        Path times = matrix.resolve("times.tsv");
        List<String> timeRows = Files.exists(times) ? Files.readAllLines(times) : List.of();
        return Outcome.totals(Runs.table(rows, timeRows, List.copyOf(labels)).counts());
    }

    public int run() throws IOException, InterruptedException {
        String event = get("EVENT", "pull_request");
        CiPlan.Plan plan = CiPlan.of(event, env, jdkRows());
        Path build = build();
        Path ci = build.resolve("ci");
        try {
            Bundles.delete(ci);
            Files.createDirectories(ci);
        } catch (IOException e) {
            throw die("cannot create " + ci);
        }
        for (String d : List.of("jdks", "capstone", "hsdis")) {
            if (Files.exists(build.resolve(d))) {
                Files.createSymbolicLink(ci.resolve(d), build.resolve(d));
            }
        }
        System.out.println("ci-local: plan for " + event + ": TEST=" + plan.test() + " MATRIX=\"" + plan.matrix() + "\", " + plan.shards() + " shard(s)");
        List<List<String>> shards = shards(plan, ci);
        for (int k = 1; k <= shards.size(); k++) {
            Path log = ci.resolve("shard-" + k + ".log");
            Files.deleteIfExists(ci.resolve("matrix/results.tsv"));
            int exit = process(Map.of(), makeCommand(make, shards.get(k - 1))).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.INHERIT).start().waitFor();
            System.out.println(shardLine(k, shards.size(), exit, totals(ci.resolve("matrix")), log));
        }
        System.out.println("ci-local: merge: make report FROM=\"" + bundles(plan, ci) + "\"");
        Process report = process(Map.of(), makeCommand(make, merge(plan, ci))).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        try (InputStream out = report.getInputStream()) {
            out.transferTo(System.out);
        }
        System.out.flush();
        return report.waitFor();
    }
}
