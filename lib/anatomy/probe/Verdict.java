package anatomy.probe;

import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a test's outcome ({@link Outcome}) is decided from what jtreg recorded (make/tools/Summary.java writes it to
 * summary.tsv through make/tools/RunResults.java; every mode reads it back through that class):
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

    // The outcomes' words ({@link Outcome}), as Finding.Outcome carries them.
    public static final String PASSED = Outcome.PASSED.word();
    public static final String FAILED = Outcome.FAILED.word();
    public static final String SKIPPED = Outcome.SKIPPED.word();
    public static final String FINDING = Outcome.FINDING.word();
    public static final String INCONCLUSIVE = Outcome.INCONCLUSIVE.word();
    public static final String PROBLEM = Outcome.PROBLEM.word();

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
}
