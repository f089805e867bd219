package run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import results.Results;
import results.Selection;

/**
 * make test SHARD=k/N and make matrix SHARD=k/N: the selected work split over N machines by the wall times of
 * earlier runs. The planner is LPT (longest processing time first): the units, longest first (ties by name),
 * each into the least loaded shard (ties: the lowest). A unit is a test file (its @test variants run together),
 * or for make matrix a cell (a JDK of the matrix) when there are at least N cells, else one test file on one cell.
 * A test with no recorded time is estimated at the median of the known ones; a cell whose JDK runs under
 * qemu-user costs EMULATION times its tests' native times. The same inputs give the same plan, and the plan's
 * hash names it: shards of one plan can be merged (make report FROM=).
 *
 * The timings file has one line per test file: the file, a tab, its native wall seconds (the sum of its
 * variants). `record` (recordRun) folds a run's results (Results.load) into it: those tests' times replace the old ones. Which
 * file a plan reads (timingsFile): TIMINGS= when set, else BUILD_DIR/timings.tsv (make test records it after each
 * run that is not a shard), else make/timings (the seed in the repository, what a fresh clone plans with).
 *
 * make test's shard is planned in PackRun's VM (testShard) and its times recorded there (recordRun).
 *
 * Usage: Shards matrix SHARD BUILD_DIR PLAN_OUT LABEL:emulated|LABEL:native... -- SELECTION...
 *                                                               the shard's cells: LABEL, a tab, its test files
 *        Shards plan SHARD BUILD_DIR SELECTION...               only print make test's plan (make plan)
 * Exit status 2 with one line for a bad SHARD.
 */
public final class Shards {
    /** Under qemu-user a VM runs roughly ten times slower (make/jtreg.sh scales the timeouts by the same factor). */
    static final double EMULATION = 10;

    /** One piece of work: a test file on a cell ("" for make test), its estimated seconds, whether a run measured it. */
    public record Unit(String cell, String test, double seconds, boolean known) {
        String name() {
            return cell.isEmpty() ? test : cell + " " + test;
        }
    }

    /** The plan: N shards of units, each in the order the planner placed them; its hash names it. */
    public record Plan(List<List<Unit>> shards) {
        int n() {
            return shards.size();
        }

        public double load(int shard) {
            return shards.get(shard).stream().mapToDouble(Unit::seconds).sum();
        }

        /** Twelve hex digits of SHA-256 over N and each shard's units: equal plans, equal hashes. */
        public String hash() {
            StringBuilder text = new StringBuilder().append(n()).append('\n');
            for (int s = 0; s < n(); s++) {
                for (Unit u : shards.get(s).stream().sorted(Comparator.comparing(Unit::name)).toList()) {
                    text.append(s + 1).append('\t').append(u.cell()).append('\t').append(u.test()).append('\n');
                }
            }
            try {
                byte[] d = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(d).substring(0, 12);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** k and N of "k/N", 1 <= k <= N; else IllegalArgumentException with the one line the user sees. */
    public static int[] parse(String shard) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([1-9][0-9]{0,3})/([1-9][0-9]{0,3})").matcher(shard.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("SHARD=" + shard + " is not k/N (this machine's shard k of N, 1 <= k <= N, e.g. SHARD=1/3)");
        }
        int k = Integer.parseInt(m.group(1)), n = Integer.parseInt(m.group(2));
        if (k > n) {
            throw new IllegalArgumentException("SHARD=" + shard + ": there is no shard " + k + " of " + n + " (1 <= k <= N)");
        }
        return new int[] {k, n};
    }

    /** LPT: longest first (ties by name), each into the least loaded shard (ties: the lowest numbered). */
    public static Plan plan(List<Unit> units, int n) {
        List<List<Unit>> shards = new ArrayList<>();
        double[] load = new double[n];
        for (int s = 0; s < n; s++) {
            shards.add(new ArrayList<>());
        }
        List<Unit> order = units.stream().sorted(Comparator.comparingDouble(Unit::seconds).reversed().thenComparing(Unit::name)).toList();
        for (Unit u : order) {
            int least = 0;
            for (int s = 1; s < n; s++) {
                least = load[s] < load[least] ? s : least;
            }
            shards.get(least).add(u);
            load[least] += u.seconds();
        }
        return new Plan(shards);
    }

    /** The units of make test: each test file with its recorded time, or the median of the known ones. */
    public static List<Unit> units(String cell, List<String> tests, Map<String, Double> timings, double factor) {
        double median = median(timings);
        return tests.stream().map(t -> timings.containsKey(t) ? new Unit(cell, t, timings.get(t) * factor, true)
                : new Unit(cell, t, median * factor, false)).toList();
    }

    /**
     * The units of make matrix: whole cells when there are at least N (a cell's cost is the sum of its tests'),
     * else each (cell, test file) pair, so that N machines have work even for a matrix of one JDK.
     */
    public static List<Unit> matrixUnits(Map<String, Boolean> cells, List<String> tests, Map<String, Double> timings, int n) {
        List<Unit> pairs = new ArrayList<>();
        List<Unit> whole = new ArrayList<>();
        cells.forEach((cell, emulated) -> {
            List<Unit> mine = units(cell, tests, timings, emulated ? EMULATION : 1);
            pairs.addAll(mine);
            whole.add(new Unit(cell, "", mine.stream().mapToDouble(Unit::seconds).sum(), mine.stream().allMatch(Unit::known)));
        });
        return cells.size() >= n ? whole : pairs;
    }

    /** The median of the recorded times; 1 s when nothing is recorded (the plan then balances by count). */
    public static double median(Map<String, Double> timings) {
        double[] v = timings.values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return 1;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** The timings a plan reads: TIMINGS (the environment's, when set), else BUILD/timings.tsv when there, else make/timings. */
    static Path timingsFile(Path build) {
        String timings = System.getenv("TIMINGS");
        if (timings != null && !timings.isEmpty()) {
            return Path.of(timings);
        }
        Path recorded = build.resolve("timings.tsv");
        return Files.isRegularFile(recorded) ? recorded : Path.of("make/timings");
    }

    public static Map<String, Double> readTimings(Path file) throws IOException {
        Map<String, Double> t = new TreeMap<>();
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file)) {
                String[] f = line.replaceAll("#.*", "").split("\t");
                if (f.length >= 2 && f[1].trim().matches("[0-9]+(\\.[0-9]+)?")) {
                    t.put(f[0].trim(), Double.parseDouble(f[1].trim()));
                }
            }
        }
        return t;
    }

    public static void writeTimings(Path file, Map<String, Double> timings) throws IOException {
        StringBuilder b = new StringBuilder("# test file\tnative wall seconds (make/tools/run/Shards.java; make test updates build/timings.tsv)\n");
        new TreeMap<>(timings).forEach((t, s) -> b.append(t).append('\t').append(String.format(Locale.ROOT, "%.2f", s)).append('\n'));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, b);
    }

    /** The timings with a run's measured tests replaced: each test file's time is the sum of its variants'. */
    public static Map<String, Double> record(Map<String, Double> timings, Results.Run run) {
        Map<String, Double> measured = new TreeMap<>();
        run.cells().forEach((test, cell) -> {
            String seconds = String.valueOf(cell.seconds());
            if (test.startsWith("test/") && seconds.matches("[0-9]+(\\.[0-9]+)?")) {
                measured.merge(test.replaceAll("#.*", ""), Double.parseDouble(seconds), Double::sum);
            }
        });
        Map<String, Double> all = new TreeMap<>(timings);
        all.putAll(measured);
        return all;
    }

    /**
     * The test files of a jtreg selection, relative to the pack's root, in a steady order; a file's test chosen by id
     * stays {@code file#id}, so that its shard runs that test alone.
     */
    static List<String> testFiles(List<String> selection) throws IOException {
        Path root = Path.of("").toAbsolutePath();
        Map<Path, java.util.Set<String>> ids = Selection.ids(selection);
        return Selection.tests(selection).stream().flatMap(p -> {
            String file = root.relativize(p.toAbsolutePath()).toString();
            java.util.Set<String> only = ids.get(p.normalize().toAbsolutePath());
            return only == null ? Stream.of(file) : only.stream().map(id -> file + "#" + id);
        }).sorted().distinct().toList();
    }

    /** The plan as the user reads it: per shard its load and its units, longest first; `mine` marked. */
    static String describe(Plan plan, int mine, String timingsSource) {
        StringBuilder b = new StringBuilder();
        long unknown = plan.shards().stream().flatMap(List::stream).filter(u -> !u.known()).count();
        int units = plan.shards().stream().mapToInt(List::size).sum();
        double mean = java.util.stream.IntStream.range(0, plan.n()).mapToDouble(plan::load).sum() / plan.n();
        b.append(String.format(Locale.ROOT, "shard plan %s: %d units over %d shards, %.0f s estimated a shard on average (timings: %s%s)%n",
                plan.hash(), units, plan.n(), mean, timingsSource, unknown == 0 ? "" : "; " + unknown + " without a recorded time, estimated at the median"));
        for (int s = 0; s < plan.n(); s++) {
            int size = plan.shards().get(s).size();
            b.append(String.format(Locale.ROOT, "  shard %d/%d: %d unit%s, %.1f s%s%n", s + 1, plan.n(), size, size == 1 ? "" : "s", plan.load(s),
                    s + 1 == mine ? "   <- SHARD=" + mine + "/" + plan.n() : ""));
            for (Unit u : plan.shards().get(s)) {
                b.append(String.format(Locale.ROOT, "      %7.1f s%s  %s%n", u.seconds(), u.known() ? " " : "*", u.test().isEmpty() ? u.cell() + " (the whole cell)" : u.name()));
            }
        }
        return b.toString();
    }

    /** The plan file a bundle carries: k/N, the hash, then each unit's shard. */
    public static void writePlan(Path file, Plan plan, int k) throws IOException {
        StringBuilder b = new StringBuilder().append("shard=").append(k).append('/').append(plan.n()).append('\n')
                .append("plan.hash=").append(plan.hash()).append('\n');
        for (int s = 0; s < plan.n(); s++) {
            for (Unit u : plan.shards().get(s)) {
                b.append("unit.").append(s + 1).append('=').append(u.name()).append('\n');
            }
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, b);
    }

    /**
     * make test SHARD=k/N: shard k's test files of the selection, planned from the earlier wall times BUILD's rule
     * names (timingsFile); the plan written to PLAN_OUT, its description on stderr.
     */
    static List<String> testShard(String shard, Path build, Path planOut, List<String> selection) throws IOException {
        int[] kn = parse(shard);
        Path timings = timingsFile(build);
        Plan plan = plan(units("", testFiles(selection), readTimings(timings), 1), kn[1]);
        writePlan(planOut, plan, kn[0]);
        System.err.print(describe(plan, kn[0], timings.toString()));
        return plan.shards().get(kn[0] - 1).stream().map(Unit::test).toList();
    }

    /**
     * The run's times in BUILD folded into the timings (timingsFile), written to BUILD/timings.tsv: native runs only;
     * the tests it did not run keep theirs.
     */
    static void recordRun(Path build) throws IOException {
        Results.Run run = Results.load(null, build);
        if (!"true".equals(run.probe().getProperty("pack.emulated"))) {
            writeTimings(build.resolve("timings.tsv"), record(readTimings(timingsFile(build)), run));
        }
    }

    /**
     * make matrix's shard SHARD (k/N) of CELLS (label -> emulated) and SELECTION: the plan written to PLAN_FILE, its
     * description on stderr, and this machine's cells, each with its test files (sorted), in the cells' order.
     */
    public static Map<String, List<String>> matrix(String shard, Path build, Path planFile, Map<String, Boolean> cells, List<String> selection)
            throws IOException {
        int[] kn = parse(shard);
        Path timings = timingsFile(build);
        List<String> tests = testFiles(selection);
        Plan plan = plan(matrixUnits(cells, tests, readTimings(timings), kn[1]), kn[1]);
        writePlan(planFile, plan, kn[0]);
        System.err.print(describe(plan, kn[0], timings.toString()));
        Map<String, List<String>> mine = new LinkedHashMap<>();
        cells.keySet().forEach(c -> mine.put(c, new ArrayList<>()));
        for (Unit u : plan.shards().get(kn[0] - 1)) {
            mine.get(u.cell()).addAll(u.test().isEmpty() ? tests : List.of(u.test()));
        }
        mine.values().removeIf(List::isEmpty);
        mine.replaceAll((c, t) -> t.stream().sorted().toList());
        return mine;
    }

    public static void main(String[] args) throws IOException {
        try {
            run(args);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }

    static void run(String[] args) throws IOException {
        List<String> a = List.of(args);
        switch (a.isEmpty() ? "" : a.get(0)) {
            case "plan" -> {
                int[] kn = parse(a.get(1));
                Path timings = timingsFile(Path.of(a.get(2)));
                System.out.print(describe(plan(units("", testFiles(a.subList(3, a.size())), readTimings(timings), 1), kn[1]), kn[0], timings.toString()));
            }
            default -> throw new IllegalArgumentException("usage: Shards plan SHARD BUILD SELECTION... (see make/tools/run/Shards.java)");
        }
    }
}
