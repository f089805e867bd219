/*
 * @test
 * @summary make test SHARD=k/N plans the tests longest first into the least loaded shard, and make report FROM= merges the shards' bundles into a single machine's verdicts
 * @library /lib /make/tools
 * @build run.Shards report.Bundles report.Report report.ReportCheck SyntheticMatrix
 * @run testng ShardsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.testng.annotations.Test;
import report.Bundles;
import report.ReportModel;
import results.Results;
import run.Shards;

/*
 * The plans are made from the repository's seed, make/tools' timings of one make test on JDK 17 (make/timings); the
 * merge from ReportCheck's synthetic matrix (15 JDKs, every outcome) written over a few test files of our own.
 */
public class ShardsTest {
    static final Path ROOT = Path.of(System.getProperty("test.root", "."));

    static List<Shards.Unit> realUnits() throws Exception {
        Map<String, Double> timings = Shards.readTimings(ROOT.resolve("make/timings"));
        assertTrue(timings.size() >= 30, "make/timings has " + timings.size() + " tests");
        return Shards.units("", new ArrayList<>(timings.keySet()), timings, 1);
    }

    @Test
    public void threeShardsOfTheRealTimingsAreWithin15PercentOfTheMean() throws Exception {
        Shards.Plan plan = Shards.plan(realUnits(), 3);
        double[] load = IntStream.range(0, 3).mapToDouble(plan::load).toArray();
        double mean = (load[0] + load[1] + load[2]) / 3, max = Math.max(load[0], Math.max(load[1], load[2]));
        assertTrue(max <= 1.15 * mean, "largest shard " + max + " s, mean " + mean + " s");
    }

    @Test
    public void everyTestIsInExactlyOneShard() throws Exception {
        List<Shards.Unit> units = realUnits();
        for (int n : new int[] {1, 2, 3, 7, units.size() + 5}) {
            Shards.Plan plan = Shards.plan(units, n);
            List<String> placed = plan.shards().stream().flatMap(List::stream).map(Shards.Unit::test).toList();
            assertEquals(placed.size(), units.size(), "N=" + n);
            assertEquals(new HashSet<>(placed), new HashSet<>(units.stream().map(Shards.Unit::test).toList()), "N=" + n);
        }
    }

    @Test
    public void theSameInputsInAnyOrderGiveTheSamePlan() throws Exception {
        List<Shards.Unit> units = new ArrayList<>(realUnits());
        Shards.Plan first = Shards.plan(units, 3);
        Collections.shuffle(units, new Random(42));
        Shards.Plan again = Shards.plan(units, 3);
        assertEquals(again.shards(), first.shards());
        assertEquals(again.hash(), first.hash());
        assertFalse(Shards.plan(units, 4).hash().equals(first.hash()), "another N, another plan");
    }

    @Test
    public void anUnknownTestIsEstimatedAtTheMedian() {
        Map<String, Double> timings = new TreeMap<>(Map.of("test/a/A.java", 1.0, "test/a/B.java", 3.0, "test/a/C.java", 10.0));
        List<Shards.Unit> units = Shards.units("", List.of("test/a/A.java", "test/new/N.java"), timings, 1);
        assertEquals(units.get(1), new Shards.Unit("", "test/new/N.java", 3.0, false));
        assertEquals(Shards.median(Map.of()), 1.0, "no timings at all: the plan balances by count");
    }

    @Test
    public void aRunReplacesTheTimesOfItsTestsAndKeepsTheOthers() throws Exception {
        Path dir = SyntheticMatrix.write(Path.of("synthetic-times"));
        Results.Run run = Results.load("x86_64-17", dir.resolve("matrix/x86_64-17"));
        Map<String, Double> before = Map.of("test/a/First.java", 99.0, "test/old/Gone.java", 7.0);
        Map<String, Double> after = Shards.record(before, run);
        assertEquals(after.get("test/old/Gone.java"), 7.0, "a test the run did not select keeps its time");
        assertEquals(after.keySet(), Set.of("test/a/First.java", "test/a/Second.java", "test/b/Third.java", "test/old/Gone.java"));
        double first = run.cells().entrySet().stream().filter(e -> e.getKey().startsWith("test/a/First.java"))
                .mapToDouble(e -> Double.parseDouble(String.valueOf(e.getValue().seconds()))).sum();
        assertEquals(after.get("test/a/First.java"), first, 1e-9);
        Shards.writeTimings(Path.of("times.tsv"), after);
        assertEquals(Shards.readTimings(Path.of("times.tsv")), after, "written and read back (two decimals)");
    }

    @Test
    public void aBadShardIsOneLine() {
        assertEquals(Shards.parse("2/3")[0], 2);
        for (String[] bad : new String[][] {{"0/3", "is not k/N"}, {"x", "is not k/N"}, {"1/0", "is not k/N"}, {"4/3", "there is no shard 4 of 3"}}) {
            IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> Shards.parse(bad[0]));
            assertTrue(e.getMessage().startsWith("SHARD=" + bad[0]) && e.getMessage().contains(bad[1]) && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    public void aMatrixSplitsWholeCellsWhenThereAreEnoughElsePairs() {
        Map<String, Double> timings = Map.of("test/a/A.java", 2.0, "test/a/B.java", 4.0);
        Map<String, Boolean> cells = new LinkedHashMap<>(Map.of("x86_64-17", false, "aarch64-25", true));
        List<Shards.Unit> whole = Shards.matrixUnits(cells, List.of("test/a/A.java", "test/a/B.java"), timings, 2);
        assertEquals(whole.size(), 2);
        assertEquals(whole.stream().filter(u -> u.cell().equals("aarch64-25")).findFirst().orElseThrow().seconds(), 60.0, "emulated: ten times");
        assertEquals(Shards.matrixUnits(cells, List.of("test/a/A.java", "test/a/B.java"), timings, 3).size(), 4, "fewer cells than shards: pairs");
    }

    @Test
    public void threeShardsOfTheSyntheticMatrixMergeIntoItsVerdicts() throws Exception {
        Path whole = SyntheticMatrix.write(Path.of("synthetic"));
        List<Results.Run> single = ReportModel.runs(whole);
        Map<String, Boolean> cells = new LinkedHashMap<>();
        single.forEach(r -> cells.put(r.label(), false));
        Shards.Plan plan = Shards.plan(Shards.matrixUnits(cells, List.of("test/a/First.java"), Map.of(), 3), 3);
        List<Path> bundles = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Path planFile = Path.of("plan-" + k + ".txt");
            Shards.writePlan(planFile, plan, k);
            List<String> dirs = plan.shards().get(k - 1).stream().map(u -> "matrix/" + u.cell()).toList();
            Bundles.write(Path.of("bundle-" + k), whole, "matrix", planFile, "c0ffee", dirs);
            bundles.add(Path.of("bundle-" + k).toAbsolutePath());
        }
        Bundles.Merged merged = Bundles.merge(bundles, "c0ffee", Path.of("merged").toAbsolutePath());
        assertEquals(merged.missing(), List.of());
        assertSameVerdicts(merged.runs(), single);

        Bundles.Refused other = expectThrows(Bundles.Refused.class, () -> Bundles.merge(bundles, "badcafe", Path.of("m2").toAbsolutePath()));
        assertTrue(other.getMessage().contains("c0ffee") && other.getMessage().contains("badcafe"), other.getMessage());
        Bundles.Merged partial = Bundles.merge(List.of(bundles.get(0), bundles.get(2)), "c0ffee", Path.of("m3").toAbsolutePath());
        assertEquals(partial.missing(), List.of("2/3"));
        Bundles.Refused twice = expectThrows(Bundles.Refused.class, () -> Bundles.merge(List.of(bundles.get(0), bundles.get(0)), "c0ffee", Path.of("m4").toAbsolutePath()));
        assertTrue(twice.getMessage().contains("both shard 1/3"), twice.getMessage());
    }

    @Test
    public void aColumnSplitOverShardsJoinsIntoOneAndADuplicatedCellIsRefused() throws Exception {
        List<Results.Run> single = ReportModel.runs(SyntheticMatrix.write(Path.of("synthetic-pairs")));
        List<Bundles.Part> parts = new ArrayList<>();
        for (Results.Run r : single) {
            List<String> tests = new ArrayList<>(r.cells().keySet());
            for (int k = 0; k < 3; k++) {   // each test of each column on a shard of its own, round the shards
                Map<String, Results.Cell> mine = new LinkedHashMap<>();
                for (int i = k; i < tests.size(); i += 3) {
                    mine.put(tests.get(i), r.cells().get(tests.get(i)));
                }
                parts.add(new Bundles.Part(Path.of("bundle-" + k), new Results.Run(r.label(), r.dir(), r.area(), r.probe(), r.run(), mine)));
            }
        }
        assertSameVerdicts(Bundles.join(parts, Path.of("joined").toAbsolutePath()), single);
        parts.add(parts.get(0));
        Bundles.Refused dup = expectThrows(Bundles.Refused.class, () -> Bundles.join(parts, Path.of("joined2").toAbsolutePath()));
        assertTrue(dup.getMessage().startsWith("1 cell(s) in more than one bundle: " + single.get(0).label() + " test/a/First.java"), dup.getMessage());
    }

    /** Column by column and cell by cell, the outcome (and reason) make report shows. */
    static void assertSameVerdicts(List<Results.Run> merged, List<Results.Run> single) {
        Map<String, Results.Run> byLabel = new LinkedHashMap<>();
        merged.forEach(r -> byLabel.put(r.label(), r));
        assertEquals(byLabel.keySet(), new java.util.LinkedHashSet<>(single.stream().map(Results.Run::label).toList()));
        Set<String> tests = ReportModel.tests(single);
        assertEquals(ReportModel.tests(merged), tests);
        for (Results.Run s : single) {
            for (String t : tests) {
                Results.Run m = byLabel.get(s.label());
                assertEquals(ReportModel.status(m, t), ReportModel.status(s, t), s.label() + " " + t);
                assertEquals(ReportModel.reason(m, t), ReportModel.reason(s, t), s.label() + " " + t);
            }
        }
    }
}
