package run;

import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import jdks.JdkTable;

/**
 * What .github/workflows/pack.yml runs for a GitHub event, as its plan job's outputs (key=value lines; `make ci-plan
 * EVENT=...` prints them here, make ci-local runs them: modes.CiLocal). A pull request or a push: :headline on the newest JDK of
 * each ISA, on one machine (minutes of tests: a second machine's set-up, apt and the JDKs, would cost more than it
 * saves). The nightly schedule and a manual run: TEST (default all) over the default matrix on SHARDS machines (default
 * 4), whole cells split by earlier wall times (Shards). The JDKs are the JDK table's lists, named nowhere else;
 * CI_TEST, CI_MATRIX and CI_SHARDS override.
 *
 * <pre>
 *   CiPlan EVENT    test=, matrix=, shards=[1,...,N] and shard_count=N; a wrong EVENT or CI_SHARDS: one line, exit 2
 * </pre>
 */
public final class CiPlan {
    public static final List<String> EVENTS = List.of("pull_request", "push", "schedule", "workflow_dispatch");

    private CiPlan() {
    }

    public static void main(String[] args) {
        try {
            System.out.print(plan(args.length > 0 ? args[0] : "", System.getenv(), JdkTable.rows()));
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }

    /** What the workflow runs: TEST over the JDKs of MATRIX (blank-separated) on SHARDS machines. */
    public record Plan(String test, String matrix, int shards) {
        /** The plan job's outputs, key=value lines. */
        public String lines() {
            return "test=" + test + "\nmatrix=" + matrix + "\nshards=["
                    + IntStream.rangeClosed(1, shards).mapToObj(String::valueOf).collect(Collectors.joining(",")) + "]\nshard_count=" + shards + "\n";
        }
    }

    /** The plan's lines for EVENT, with the overrides of ENV, over the rows of the JDK table. */
    public static String plan(String event, Map<String, String> env, List<JdkTable.Row> rows) {
        return of(event, env, rows).lines();
    }

    /** The plan for EVENT, with the overrides of ENV, over the rows of the JDK table (make ci-local runs it: modes.CiLocal). */
    public static Plan of(String event, Map<String, String> env, List<JdkTable.Row> rows) {
        boolean change = event.equals("pull_request") || event.equals("push");
        if (!EVENTS.contains(event)) {
            throw new IllegalArgumentException("EVENT=" + event + " is no event the workflow runs on (" + String.join(", ", EVENTS) + ")");
        }
        String test = or(env.get("CI_TEST"), change ? "headline" : "all");
        String matrix = or(env.get("CI_MATRIX"), String.join(" ", JdkTable.list(rows, change ? "newest" : "default")));
        String shards = or(env.get("CI_SHARDS"), change ? "1" : "4");
        if (!shards.matches("[1-9][0-9]?")) {
            throw new IllegalArgumentException("CI_SHARDS=" + shards + " is not a number of machines (1 to 99)");
        }
        return new Plan(test, matrix, Integer.parseInt(shards));
    }

    private static String or(String value, String otherwise) {
        return value == null || value.isEmpty() ? otherwise : value;
    }
}
