/*
 * @test
 * @summary Every outcome carries its word, exit status, glyph and JUnit and TAP forms; the one totals line is printed and read back for every combination of counts
 * @library /lib
 * @run testng OutcomeTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.expectThrows;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.util.EnumMap;
import org.testng.annotations.Test;

/*
 * The table below is the outcomes' contract with every printer: a change to it is a change of what make test, the
 * report's JUnit XML and TAP files, and every mode's exit status say.
 */
public class OutcomeTest {
    //                  outcome               word            exit  JUnit child                          TAP line of test 3, reason "why"
    private static final Object[][] TABLE = {
            {Outcome.PASSED,       "passed",       0, "",                                               "ok 3 - T"},
            {Outcome.FAILED,       "failed",       1, "<failure message=\"m\">d</failure>",             "not ok 3 - T"},
            {Outcome.SKIPPED,      "skipped",      0, "<skipped message=\"m\"/>",                       "ok 3 - T # SKIP why"},
            {Outcome.FINDING,      "finding",      3, "<skipped message=\"m\"/>",                       "ok 3 - T # SKIP finding: why"},
            {Outcome.INCONCLUSIVE, "inconclusive", 4, "<error type=\"inconclusive\" message=\"m\">d</error>", "not ok 3 - T # inconclusive: why"},
            {Outcome.PROBLEM,      "problem",      0, "<skipped message=\"m\"/>",                       "ok 3 - T # SKIP problem-listed: why"},
    };

    @Test
    public void theTableOfOutcomes() {
        assertEquals(TABLE.length, Outcome.values().length, "every outcome has a row here");
        for (Object[] row : TABLE) {
            Outcome o = (Outcome) row[0];
            assertEquals(o.word(), row[1]);
            assertEquals(Outcome.of(o.word(), "here"), o);
            assertEquals(o.exitStatus(), row[2], o.word());
            assertEquals(o.junitChild("m", "d"), row[3], o.word());
            assertEquals(o.tapLine(3, "T", "why\nsecond line"), row[4], o.word());
            assertTrue(!o.glyph().isEmpty(), o.word());
        }
    }

    @Test
    public void aFailureWinsOverAnInconclusiveWhichWinsOverAFinding() {
        assertEquals(Outcome.exitStatus(counts(Outcome.PASSED, 6, Outcome.SKIPPED, 1, Outcome.PROBLEM, 1)), 0);
        assertEquals(Outcome.exitStatus(counts(Outcome.FINDING, 1)), 3);
        assertEquals(Outcome.exitStatus(counts(Outcome.FINDING, 1, Outcome.INCONCLUSIVE, 1)), 4);
        assertEquals(Outcome.exitStatus(counts(Outcome.FAILED, 1, Outcome.INCONCLUSIVE, 1, Outcome.FINDING, 1)), 1);
        assertEquals(Outcome.exitStatus(Outcome.counts()), 0);
    }

    @Test
    public void theTotalsLine() {
        assertEquals(Outcome.totals(counts(Outcome.PASSED, 6)), "6 passed, 0 failed, 0 skipped");
        assertEquals(Outcome.totals(counts(Outcome.PASSED, 1, Outcome.SKIPPED, 2, Outcome.FINDING, 3, Outcome.INCONCLUSIVE, 4, Outcome.PROBLEM, 5)),
                "1 passed, 0 failed, 2 skipped, 3 findings, 4 inconclusive, 5 problem-listed");
    }

    /** Every combination of zero and non-zero counts prints a line that reads back as the same counts. */
    @Test
    public void everyTotalsLineReadsBackAsItsCounts() {
        Outcome[] all = Outcome.values();
        for (int mask = 0; mask < 1 << all.length; mask++) {
            EnumMap<Outcome, Integer> n = Outcome.counts();
            for (int k = 0; k < all.length; k++) {
                n.put(all[k], (mask >> k & 1) == 0 ? 0 : k + 2);
            }
            String line = Outcome.totals(n);
            assertEquals(Outcome.parseTotals(line), n, line);
            assertEquals(Outcome.parseTotals("matrix: " + line), n, "with a label: " + line);
        }
    }

    @Test
    public void otherLinesAreNoTotals() {
        assertNull(Outcome.parseTotals("1 passed, 0 failed"));
        assertNull(Outcome.parseTotals("1 passed, 0 failed, 0 skipped, 0 findings"));   // the printer leaves a zero out
        assertNull(Outcome.parseTotals("1 passed, 0 failed, 0 skipped, 2 inconclusive, 1 findings"));   // out of order
        assertNull(Outcome.parseTotals("round 3/20: 1 passed, 0 failed, 0 skipped (12 s)"));
        assertNull(Outcome.parseTotals(""));
    }

    @Test
    public void anUnknownWordIsAnErrorNamingWhereItWasRead() {
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> Outcome.of("timeout", "build/summary.tsv:7"));
        assertEquals(e.getMessage(), "build/summary.tsv:7: 'timeout' is no outcome (passed, failed, skipped, finding, inconclusive, problem)");
    }

    static EnumMap<Outcome, Integer> counts(Object... pairs) {
        EnumMap<Outcome, Integer> n = Outcome.counts();
        for (int i = 0; i < pairs.length; i += 2) {
            n.put((Outcome) pairs[i], (Integer) pairs[i + 1]);
        }
        return n;
    }
}
