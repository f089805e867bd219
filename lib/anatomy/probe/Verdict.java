package anatomy.probe;

import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pack's outcomes, read once from what jtreg recorded and counted the same way by every reader of results
 * (make/tools/Summary.java writes them to summary.tsv; matrix, report, stress, configs and check read that):
 *
 * <pre>
 *   passed        the claim holds
 *   failed        the claim does not hold, or the test broke (exit status 1)
 *   skipped       a stated precondition rules the test out here (the platform, your options)
 *   finding       it did not run only because this JDK's defaults differ from its claim ({@link Finding}; exit 3)
 *   inconclusive  the pack could not reach a verdict: unreadable code, a missing anchor, a crash under an
 *                 emulator (anatomy.Inconclusive; exit 4): never a pass, never a skip
 *   problem       not run: a problem list names it with a bug id (make/problems); neither a pass nor a failure
 * </pre>
 */
public final class Verdict {
    private Verdict() {
    }

    public static final String PASSED = "passed";
    public static final String FAILED = "failed";
    public static final String SKIPPED = "skipped";
    public static final String FINDING = "finding";
    public static final String INCONCLUSIVE = "inconclusive";
    public static final String PROBLEM = "problem";

    /** The class the library throws for a verdict it cannot reach (lib/anatomy/Inconclusive.java). */
    public static final String EXCEPTION = "anatomy.Inconclusive";

    private static final Pattern THROWN = Pattern.compile("threw exception: " + Pattern.quote(EXCEPTION) + ": ?(.*)", Pattern.DOTALL);

    /**
     * A test's outcome from jtreg's result line ({@code test result: ...} of its .jtr): a skip (or a finding:
     * {@link Finding#ofSkip}), a pass, an {@code anatomy.Inconclusive} thrown (jtreg counts it as failed; here it is
     * inconclusive with the exception's message as its reason), else a failure with the line as its reason.
     */
    public static Finding.Outcome ofResult(String result, Properties probe) {
        if (result.startsWith("Passed. Skipped: ")) {
            return Finding.ofSkip(result.substring("Passed. Skipped: ".length()).replaceFirst("^jtreg\\.SkippedException: ", ""), probe);
        }
        if (result.startsWith("Passed.")) {
            return new Finding.Outcome(PASSED, "");
        }
        Matcher m = THROWN.matcher(result);
        if (result.startsWith("Failed.") && m.find()) {
            return new Finding.Outcome(INCONCLUSIVE, m.group(1).trim());
        }
        return new Finding.Outcome(FAILED, result);
    }

    /**
     * The rule for a test that was inconclusive, or skipped at run time naming no probe property
     * ({@link Finding#onlyOptionsCanExplain}), under the user's options and ran once more without them (the rerun's
     * outcome read with the rerun's own probe report, which has no user options). Inconclusive: a verdict there
     * (passed or failed) means the options took the evidence away, so the run is a skip naming them; an inconclusive
     * there too (or no rerun result) leaves it inconclusive. Skipped: a verdict there means the options ruled it
     * out (a skip naming them); a skip without them too is what the rerun says it is (a finding when nothing stated
     * explains it, a skip naming a property); an inconclusive there is inconclusive; no rerun result leaves the skip.
     * Any other original outcome stands.
     */
    public static Finding.Outcome merge(Finding.Outcome original, Finding.Outcome rerun, String options) {
        if (rerun == null || !(original.status().equals(INCONCLUSIVE) || original.status().equals(SKIPPED))) {
            return original;
        }
        boolean verdict = rerun.status().equals(PASSED) || rerun.status().equals(FAILED);
        if (original.status().equals(SKIPPED)) {
            if (verdict) {
                return new Finding.Outcome(SKIPPED, "your options (" + options.trim() + ") ruled it out: " + original.reason());
            }
            if (rerun.status().equals(INCONCLUSIVE)) {
                return new Finding.Outcome(INCONCLUSIVE, rerun.reason() + " (without your options; with them it skipped: "
                        + original.reason() + ")");
            }
            return rerun.status().equals(FINDING) ? new Finding.Outcome(FINDING, rerun.reason() + " (with your options too)") : original;
        }
        if (verdict) {
            return new Finding.Outcome(SKIPPED, "your options (" + options.trim() + ") took the evidence away: " + original.reason());
        }
        return new Finding.Outcome(INCONCLUSIVE, original.reason() + " (also without your options: " + rerun.status()
                + (rerun.reason().isEmpty() || rerun.reason().equals(original.reason()) ? "" : ", " + rerun.reason()) + ")");
    }

    /**
     * Whether a test with this outcome (read under the user's options, with that run's probe report) runs once more
     * without them: an inconclusive, or a run-time skip that only the options can explain.
     */
    public static boolean rerunWithoutOptions(Finding.Outcome o, Properties probe) {
        return o.status().equals(INCONCLUSIVE) || (o.status().equals(SKIPPED) && Finding.onlyOptionsCanExplain(o.reason(), probe));
    }

    /**
     * The exit status of a run with these counts (outcome -> number): 1 when a test failed, else 4 when any is
     * inconclusive, else 3 when there are findings, else 0. Problem-listed tests and skips do not change it.
     */
    public static int exitStatus(Map<String, Integer> counts) {
        return n(counts, FAILED) > 0 ? 1 : n(counts, INCONCLUSIVE) > 0 ? 4 : n(counts, FINDING) > 0 ? 3 : 0;
    }

    /**
     * The totals line every runner prints last: "N passed, N failed, N skipped", then ", N findings",
     * ", N inconclusive" and ", N problem-listed", each only when non-zero, in that order.
     */
    public static String totals(Map<String, Integer> counts) {
        return n(counts, PASSED) + " passed, " + n(counts, FAILED) + " failed, " + n(counts, SKIPPED) + " skipped"
                + (n(counts, FINDING) > 0 ? ", " + n(counts, FINDING) + " findings" : "")
                + (n(counts, INCONCLUSIVE) > 0 ? ", " + n(counts, INCONCLUSIVE) + " inconclusive" : "")
                + (n(counts, PROBLEM) > 0 ? ", " + n(counts, PROBLEM) + " problem-listed" : "");
    }

    /** The regex of a totals line (groups: passed, failed, skipped, findings, inconclusive, problem-listed). */
    public static final String TOTALS_REGEX = "^([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped(?:, ([0-9]+) findings)?"
            + "(?:, ([0-9]+) inconclusive)?(?:, ([0-9]+) problem-listed)?$";

    private static int n(Map<String, Integer> counts, String outcome) {
        return counts.getOrDefault(outcome, 0);
    }
}
