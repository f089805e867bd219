/*
 * @test
 * @summary A verdict the pack could not reach is inconclusive, never a skip or a pass; a rerun without the user's options decides whether they took the evidence away, and a run that failed makes the test failed
 * @library /lib
 * @run testng VerdictTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.Inconclusive;
import anatomy.probe.Finding;
import anatomy.probe.Outcome;
import anatomy.probe.Verdict;
import java.util.Arrays;
import java.util.Properties;
import org.testng.annotations.Test;

/*
 * make/tools/run/Summary.java reads each .jtr's "test result:" line through anatomy.probe.Verdict. The lines here are
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

    /*
     * Every (outcome under the user's options, outcome without them or none) pair and what Verdict.merge makes of it,
     * under each of OPTIONS. No verdict is more lenient than any run's evidence: a run that failed makes the test
     * failed, whatever the other run said.
     */
    private static final String NONE = "none";
    private static final String[][] MERGED = {
        // under the options   without them     merged
        {"passed",             "passed",        "passed"},
        {"passed",             "failed",        "failed"},
        {"passed",             "skipped",       "passed"},
        {"passed",             "finding",       "passed"},
        {"passed",             "inconclusive",  "passed"},
        {"passed",             "problem",       "passed"},
        {"passed",             NONE,            "passed"},
        {"failed",             "passed",        "failed"},
        {"failed",             "failed",        "failed"},
        {"failed",             "skipped",       "failed"},
        {"failed",             "finding",       "failed"},
        {"failed",             "inconclusive",  "failed"},
        {"failed",             "problem",       "failed"},
        {"failed",             NONE,            "failed"},
        {"skipped",            "passed",        "skipped"},        // your options ruled it out
        {"skipped",            "failed",        "failed"},         // with them it was skipped
        {"skipped",            "skipped",       "skipped"},
        {"skipped",            "finding",       "finding"},
        {"skipped",            "inconclusive",  "inconclusive"},
        {"skipped",            "problem",       "skipped"},
        {"skipped",            NONE,            "skipped"},
        {"finding",            "passed",        "finding"},
        {"finding",            "failed",        "failed"},
        {"finding",            "skipped",       "finding"},
        {"finding",            "finding",       "finding"},
        {"finding",            "inconclusive",  "finding"},
        {"finding",            "problem",       "finding"},
        {"finding",            NONE,            "finding"},
        {"inconclusive",       "passed",        "skipped"},        // your options took the evidence away
        {"inconclusive",       "failed",        "failed"},         // with them the pack could not judge it
        {"inconclusive",       "skipped",       "inconclusive"},
        {"inconclusive",       "finding",       "inconclusive"},
        {"inconclusive",       "inconclusive",  "inconclusive"},
        {"inconclusive",       "problem",       "inconclusive"},
        {"inconclusive",       NONE,            "inconclusive"},
        {"problem",            "passed",        "problem"},
        {"problem",            "failed",        "failed"},
        {"problem",            "skipped",       "problem"},
        {"problem",            "finding",       "problem"},
        {"problem",            "inconclusive",  "problem"},
        {"problem",            "problem",       "problem"},
        {"problem",            NONE,            "problem"},
    };
    private static final String[] OPTIONS = {"-XX:-Inline", " -XX:+UseParallelGC -Xint ", ""};

    @Test
    public void theTableHasEveryPairOnce() {
        java.util.Set<String> pairs = new java.util.HashSet<>();
        for (String[] row : MERGED) {
            assertEquals(pairs.add(row[0] + " " + row[1]), true, "twice: " + row[0] + " " + row[1]);
        }
        int outcomes = Outcome.values().length;
        assertEquals(pairs.size(), outcomes * (outcomes + 1), "pairs of " + Arrays.toString(Outcome.values()) + " and none");
    }

    @Test
    public void everyPairMergesAsTheTableSays() {
        for (String[] row : MERGED) {
            for (String options : OPTIONS) {
                Finding.Outcome merged = Verdict.merge(outcome(row[0], "under"), row[1].equals(NONE) ? null : outcome(row[1], "without"), options);
                assertEquals(merged.status(), row[2], String.join(" then ", row[0], row[1]) + " under '" + options + "': " + merged.reason());
            }
        }
    }

    /** Whatever the table says: a run that failed never comes to an outcome whose exit status is 0, under any options. */
    @Test
    public void noFailedRunReachesExitZero() {
        for (Outcome under : Outcome.values()) {
            for (Outcome without : Outcome.values()) {
                for (String options : OPTIONS) {
                    if (under != Outcome.FAILED && without != Outcome.FAILED) {
                        continue;
                    }
                    Finding.Outcome merged = Verdict.merge(outcome(under.word(), "under"), outcome(without.word(), "without"), options);
                    Outcome o = Outcome.of(merged.status(), "the merge of " + under + " and " + without);
                    assertEquals(o.exitStatus() != 0, true, under + " then " + without + " under '" + options + "' came to " + merged);
                    assertEquals(o.exitStatus(), Outcome.FAILED.exitStatus(), under + " then " + without + ": " + merged);
                }
            }
        }
    }

    @Test
    public void aFailureWithoutTheUsersOptionsIsAFailureSayingWhatTheOptionsMadeOfIt() {
        Finding.Outcome failed = new Finding.Outcome("failed", "Failed. Execution failed: `main' threw exception: java.lang.AssertionError: expected to contain");
        Finding.Outcome inconclusive = new Finding.Outcome("inconclusive", "anchor missing: INLINE_SUCCESS");
        assertEquals(Verdict.merge(inconclusive, failed, " -XX:-Inline "), new Finding.Outcome("failed", failed.reason()
                + " (without your options; with them (-XX:-Inline) the pack could not judge it: anchor missing: INLINE_SUCCESS)"));
        Finding.Outcome skipped = new Finding.Outcome("skipped", "the collector ignored a WhiteBox full collection");
        assertEquals(Verdict.merge(skipped, failed, "-XX:+DisableExplicitGC").reason(), failed.reason()
                + " (without your options; with them (-XX:+DisableExplicitGC) it was skipped: the collector ignored a WhiteBox full collection)");
    }

    @Test
    public void aPassWithoutTheUsersOptionsMakesAnInconclusiveASkipNamingThem() {
        Finding.Outcome original = new Finding.Outcome("inconclusive", "anchor missing: INLINE_SUCCESS");
        assertEquals(Verdict.merge(original, new Finding.Outcome("passed", ""), " -XX:-Inline "), new Finding.Outcome("skipped",
                "your options (-XX:-Inline) took the evidence away: anchor missing: INLINE_SUCCESS"));
    }

    private static Finding.Outcome outcome(String status, String run) {
        return new Finding.Outcome(status, status.equals("passed") ? "" : "the reason " + run + " the options");
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
        // a pass without the options: they ruled it out
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
