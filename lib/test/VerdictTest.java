/*
 * @test
 * @summary A verdict the pack could not reach is inconclusive, never a skip or a pass; a rerun without the user's options decides whether they took the evidence away
 * @library /lib
 * @run testng VerdictTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.Inconclusive;
import anatomy.probe.Finding;
import anatomy.probe.Verdict;
import java.util.Properties;
import org.testng.annotations.Test;

/*
 * make/tools/Summary.java reads each .jtr's "test result:" line through anatomy.probe.Verdict. The lines here are
 * as jtreg 7 writes them for a driver test (jtreg counts an anatomy.Inconclusive thrown as a failure).
 */
public class VerdictTest {
    private static final String INCONCLUSIVE_JTR = "Failed. Execution failed: `main' threw exception: anatomy.Inconclusive:"
            + " inconclusive absence: ELIMINATED_ALLOCATION anchor missing: INLINE_SUCCESS (given as the premise)";

    @Test
    public void theLibrarysExceptionIsTheOneTheSummaryReads() {
        assertEquals(Inconclusive.class.getName(), Verdict.EXCEPTION);
    }

    @Test
    public void anInconclusiveThrownIsItsOwnOutcomeWithItsMessageAsTheReason() {
        Finding.Outcome o = Verdict.ofResult(INCONCLUSIVE_JTR, new Properties());
        assertEquals(o.status(), "inconclusive");
        assertEquals(o.reason(), "inconclusive absence: ELIMINATED_ALLOCATION anchor missing: INLINE_SUCCESS (given as the premise)");
    }

    @Test
    public void passesSkipsAndOtherFailuresAreAsBefore() {
        assertEquals(Verdict.ofResult("Passed. Execution successful", new Properties()).status(), "passed");
        Finding.Outcome skip = Verdict.ofResult("Passed. Skipped: jtreg.SkippedException: this JDK build has no such collector: x",
                new Properties());
        assertEquals(skip, new Finding.Outcome("skipped", "this JDK build has no such collector: x"));
        Finding.Outcome failed = Verdict.ofResult("Failed. Execution failed: `main' threw exception: java.lang.AssertionError: expected"
                + " to contain: anatomy.Inconclusive: no", new Properties());
        assertEquals(failed.status(), "failed");
        assertEquals(Verdict.ofResult("Error. Agent communication error", new Properties()).status(), "failed");
    }

    @Test
    public void aVerdictWithoutTheUsersOptionsMakesItASkipNamingThem() {
        Finding.Outcome original = new Finding.Outcome("inconclusive", "anchor missing: INLINE_SUCCESS");
        for (String rerun : new String[] {"passed", "failed"}) {
            assertEquals(Verdict.merge(original, new Finding.Outcome(rerun, ""), " -XX:-Inline "), new Finding.Outcome("skipped",
                    "your options (-XX:-Inline) took the evidence away: anchor missing: INLINE_SUCCESS"), rerun);
        }
    }

    @Test
    public void inconclusiveWithoutTheUsersOptionsTooStaysInconclusive() {
        Finding.Outcome original = new Finding.Outcome("inconclusive", "anchor missing: INLINE_SUCCESS");
        Finding.Outcome merged = Verdict.merge(original, new Finding.Outcome("inconclusive", "anchor missing: INLINE_SUCCESS"), "-XX:-Inline");
        assertEquals(merged.status(), "inconclusive");
        assertEquals(Verdict.merge(original, new Finding.Outcome("skipped", "pack.c2"), "-Xint").status(), "inconclusive");
        assertEquals(Verdict.merge(original, null, "-XX:-Inline"), original);   // no rerun result: it stands
        // only an inconclusive is merged: a failure under the user's options stays a failure
        Finding.Outcome failed = new Finding.Outcome("failed", "expected to contain");
        assertEquals(Verdict.merge(failed, new Finding.Outcome("passed", ""), "-XX:-Inline"), failed);
    }

    private static final String IGNORED_GC = "Passed. Skipped: jtreg.SkippedException: the collector ignored a WhiteBox full collection";

    /** A probe report of JDK 17 under the user's options (none: ""). */
    private static Properties probe(String options) {
        Properties p = new Properties();
        p.setProperty("pack.jdk", "17");
        p.setProperty("probe.options", options);
        return p;
    }

    /** A run-time skip naming no probe property under the user's options: the run without them decides. */
    @Test
    public void aSkipUnderTheUsersOptionsIsJudgedByTheRunWithoutThem() {
        Properties p = probe("-XX:+DisableExplicitGC");
        Finding.Outcome skip = Verdict.ofResult(IGNORED_GC, p);
        assertEquals(skip.status(), "skipped");
        assertEquals(Verdict.rerunWithoutOptions(skip, p), true);
        assertEquals(Verdict.rerunWithoutOptions(new Finding.Outcome("inconclusive", "x"), p), true);
        assertEquals(Verdict.rerunWithoutOptions(new Finding.Outcome("failed", "x"), p), false);
        // a verdict without the options: they ruled it out
        assertEquals(Verdict.merge(skip, new Finding.Outcome("passed", ""), "-XX:+DisableExplicitGC"), new Finding.Outcome("skipped",
                "your options (-XX:+DisableExplicitGC) ruled it out: the collector ignored a WhiteBox full collection"));
        // a skip without them too, that nothing explains there either: a finding
        Finding.Outcome again = Verdict.ofResult(IGNORED_GC, probe(""));
        assertEquals(again.status(), "finding");
        assertEquals(Verdict.merge(skip, again, "-XX:+DisableExplicitGC").status(), "finding");
        assertEquals(Verdict.merge(skip, new Finding.Outcome("inconclusive", "anchor missing"), "-Xint").status(), "inconclusive");
        assertEquals(Verdict.merge(skip, null, "-Xint"), skip);   // no rerun result: the skip stands
    }
}
