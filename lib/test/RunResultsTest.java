/*
 * @test
 * @summary A run's results are data with a schema and the run's id: read back as written, an unknown outcome or an earlier run's file refused naming the file and line
 * @library /lib /make/tools
 * @build results.RunResults results.Results
 * @run testng RunResultsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertThrows;
import static org.testng.Assert.expectThrows;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.testng.annotations.Test;
import results.Results;
import results.RunResults;

public class RunResultsTest {
    static final String RUN = "1764000000000000000-4242";

    /** A BUILD directory holding one run's results: a pass, a finding and an inconclusive whose cause runs over two lines. */
    static Path build(String id) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "run-results");
        Map<String, List<String>> facts = new LinkedHashMap<>();
        facts.put("run", List.of(id));
        facts.put("jdk.version", List.of("17.0.17+10-Debian-1"));
        facts.put("vm.options", List.of("-Xcomp", "-XX:+UseSerialGC"));
        RunResults.write(dir.resolve(RunResults.FILE), facts, List.of(
                new RunResults.Result("test/a/A.java", Outcome.PASSED, 1.5, "", List.of("jtreg/last/work/test/a/A.jtr")),
                new RunResults.Result("test/a/B.java#x", Outcome.FINDING, 0, "not the default\there", List.of()),
                new RunResults.Result("test/a/C.java", Outcome.INCONCLUSIVE, 2.25, "anchor missing\nsecond line", List.of("a.jtr", "b.out"))));
        return dir;
    }

    @Test
    public void whatIsWrittenIsReadBack() throws Exception {
        Path dir = build(RUN);
        List<String> lines = Files.readAllLines(dir.resolve(RunResults.FILE));
        assertEquals(lines.get(0), "#pack-results\t1");
        assertEquals(lines.get(3), "#vm.options\t-Xcomp\t-XX:+UseSerialGC");
        assertEquals(lines.get(4), "test\toutcome\tseconds\tcause\tevidence");
        RunResults.Run run = RunResults.read(dir, RUN);
        assertEquals(run.id(), RUN);
        assertEquals(run.facts().get("vm.options"), List.of("-Xcomp", "-XX:+UseSerialGC"));
        assertEquals(run.results().get(1).cause(), "not the default\there");
        assertEquals(run.results().get(2), new RunResults.Result("test/a/C.java", Outcome.INCONCLUSIVE, 2.25, "anchor missing\nsecond line",
                List.of("a.jtr", "b.out")));
        assertEquals(Outcome.totals(run.counts()), "1 passed, 0 failed, 0 skipped, 1 findings, 1 inconclusive");
    }

    @Test
    public void anEarlierRunsResultsAreNotThisRunsOwn() throws Exception {
        Path dir = build(RUN);
        RunResults.BadResults e = expectThrows(RunResults.BadResults.class, () -> RunResults.read(dir, "1764000099000000000-77"));
        assertTrue(e.getMessage().contains("the results of run '" + RUN + "', not of this run ('1764000099000000000-77')"), e.getMessage());
        Files.delete(dir.resolve(RunResults.FILE));
        e = expectThrows(RunResults.BadResults.class, () -> RunResults.read(dir, RUN));
        assertTrue(e.getMessage().endsWith("summary.tsv: no results (the run produced none)"), e.getMessage());
    }

    @Test
    public void anUnknownOutcomeIsAnErrorNamingTheFileAndLine() throws Exception {
        Path dir = build(RUN);
        Path file = dir.resolve(RunResults.FILE);
        Files.writeString(file, Files.readString(file).replace("\tfinding\t", "\ttimeout\t"));
        RunResults.BadResults e = expectThrows(RunResults.BadResults.class, () -> RunResults.read(dir));
        assertEquals(e.getMessage(), file + ":7: 'timeout' is no outcome (passed, failed, skipped, finding, inconclusive, problem)");
        // the report reads runs through the same reader: no word becomes a skip on the way
        assertThrows(RunResults.BadResults.class, () -> Results.load("x", dir));
    }

    @Test
    public void aFileOfAnOlderPackOrAnotherSchemaIsRefused() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "run-results");
        Path file = dir.resolve(RunResults.FILE);
        Files.writeString(file, "test/a/A.java\tpassed\t1.50\t\n");
        assertTrue(expectThrows(RunResults.BadResults.class, () -> RunResults.read(dir)).getMessage().contains(":1: not a results file"));
        Files.writeString(file, "#pack-results\t2\ntest\toutcome\tseconds\tcause\tevidence\n");
        assertEquals(expectThrows(RunResults.BadResults.class, () -> RunResults.read(dir)).getMessage(), file + ":1: schema 2, this pack reads 1");
    }

    @Test
    public void theReportsCellsComeFromTheModel() throws Exception {
        Results.Run run = Results.load("x", build(RUN));
        assertEquals(run.cells().get("test/a/B.java#x"), new Results.Cell("test/a/B.java#x", "finding", "0.00", "not the default\there"));
        assertTrue(run.cells().get("test/a/B.java#x").isFinding());
    }
}
