/*
 * @test
 * @summary make sensitivity and make mutants read only the results of the run they started, as typed outcomes: another run's summary.tsv or an unknown outcome word is refused naming the file and line
 * @library /lib /make/tools
 * @build sensitivity.Sensitivity mutants.MutantSet mutants.Mutants results.RunResults
 * @run testng SensitivityReadsItsOwnRunTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mutants.Mutants;
import org.testng.annotations.Test;
import results.RunResults;
import sensitivity.Sensitivity;

/*
 * The run id travels from Sensitivity.jtreg (it returns the id it gave make/jtreg.sh) to Sensitivity.readSummary,
 * the door both tools read results through; before, a mutable static held the last id.
 */
public class SensitivityReadsItsOwnRunTest {
    static final String MINE = "1764000000000-11-1";
    static final String EARLIER = "1763000000000-10-1";

    /** BUILD/summary.tsv as make/jtreg.sh leaves it for run ID: a pass, a failure and a finding. */
    static Path summary(String id) throws Exception {
        Path tsv = Files.createTempDirectory(Path.of("."), "build").resolve(RunResults.FILE);
        Map<String, List<String>> facts = new LinkedHashMap<>();
        facts.put("run", List.of(id));
        RunResults.write(tsv, facts, List.of(
                new RunResults.Result("test/x/A.java", Outcome.PASSED, 1.5, "", List.of()),
                new RunResults.Result("test/x/B.java#v", Outcome.FAILED, 2, "Failed. expected to contain: CMOV", List.of()),
                new RunResults.Result("test/x/C.java", Outcome.FINDING, 0, "not the default", List.of())));
        return tsv;
    }

    @Test
    public void theRunItStartedIsReadAsTypedResults() throws Exception {
        Map<String, RunResults.Result> read = Sensitivity.readSummary(summary(MINE), MINE);
        assertEquals(List.copyOf(read.keySet()), List.of("test/x/A.java", "test/x/B.java#v", "test/x/C.java"));
        assertEquals(read.get("test/x/B.java#v").outcome(), Outcome.FAILED);
        assertEquals(read.get("test/x/C.java").cause(), "not the default");
        assertEquals(Sensitivity.rowsOf(read, "test/x/B.java").size(), 1);
    }

    @Test
    public void anotherRunsSummaryIsRefused() throws Exception {
        Path tsv = summary(EARLIER);
        RunResults.BadResults e = expectThrows(RunResults.BadResults.class, () -> Sensitivity.readSummary(tsv, MINE));
        assertTrue(e.getMessage().startsWith(tsv + ": the results of run '" + EARLIER + "', not of this run ('" + MINE + "')"), e.getMessage());
    }

    @Test
    public void aRunThatLeftNoFileHasNoResults() throws Exception {
        Path tsv = summary(MINE);
        Files.delete(tsv);
        assertTrue(Sensitivity.readSummary(tsv, MINE).isEmpty());
    }

    @Test
    public void anUnknownOutcomeWordIsAnErrorNamingTheFileAndLine() throws Exception {
        Path tsv = summary(MINE);
        List<String> lines = Files.readAllLines(tsv);
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("test/x/C.java\t")).findFirst().orElseThrow());
        Files.writeString(tsv, Files.readString(tsv).replace("\tfinding\t", "\ttimeout\t"));
        RunResults.BadResults e = expectThrows(RunResults.BadResults.class, () -> Sensitivity.readSummary(tsv, MINE));
        assertTrue(e.getMessage().startsWith(tsv + ":" + (at + 1) + ": 'timeout' is no outcome"), e.getMessage());
    }

    @Test
    public void aMutantChangesATestOnlyByItsOutcome() throws Exception {
        Map<String, RunResults.Result> baseline = Sensitivity.readSummary(summary(MINE), MINE);
        Map<String, RunResults.Result> now = new LinkedHashMap<>(baseline);
        now.put("test/x/A.java", new RunResults.Result("test/x/A.java", Outcome.INCONCLUSIVE, 1, "anchor missing", List.of()));
        assertEquals(Mutants.changed(baseline, now, true), List.of());
        assertEquals(Mutants.changed(baseline, now, false), List.of("test/x/A.java (inconclusive)"));
        now.put("test/x/A.java", new RunResults.Result("test/x/A.java", Outcome.FAILED, 1, "", List.of()));
        assertEquals(Mutants.changed(baseline, now, true), List.of("test/x/A.java (failed)"));
        // B failed on the baseline too, C was a finding: neither passed there, so neither is a change
        assertEquals(Mutants.reached(baseline, now), List.of("test/x/A.java (failed)"));
    }
}
