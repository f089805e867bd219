package anatomy.probe;

import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a test's outcome ({@link Outcome}) is decided from what jtreg recorded (make/tools/run/Summary.java writes it to
 * summary.tsv through make/tools/results/RunResults.java; every mode reads it back through that class):
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
     * The rule for a test run under the user's options (ORIGINAL) and once more without them (RERUN: its outcome read
     * with the rerun's own probe report, which has no user options; null when there is no rerun result). No verdict is
     * more lenient than any run's evidence:
     *
     * <pre>
     *   either run failed        failed; a rerun's failure says what the options made of it (could not judge, skipped)
     *   inconclusive, then:
     *     passed                 skipped: your options took the evidence away (the claim holds without them)
     *     anything else, none    inconclusive
     *   skipped, then:
     *     passed                 skipped: your options ruled it out
     *     inconclusive           inconclusive
     *     finding                finding (with your options too)
     *     anything else, none    the skip stands
     *   any other original       stands
     * </pre>
     *
     * PackRun reruns only an inconclusive or a run-time skip that only the options can explain
     * ({@link #rerunWithoutOptions}); the rule is total all the same (lib/test/VerdictTest.java holds its table).
     */
    public static Finding.Outcome merge(Finding.Outcome original, Finding.Outcome rerun, String options) {
        if (rerun == null || original.status().equals(FAILED)) {
            return original;
        }
        if (rerun.status().equals(FAILED)) {
            return new Finding.Outcome(FAILED, rerun.reason() + " (without your options; with them (" + options.trim() + ") "
                    + withThem(original) + ")");
        }
        if (!(original.status().equals(INCONCLUSIVE) || original.status().equals(SKIPPED))) {
            return original;
        }
        if (original.status().equals(SKIPPED)) {
            if (rerun.status().equals(PASSED)) {
                return new Finding.Outcome(SKIPPED, "your options (" + options.trim() + ") ruled it out: " + original.reason());
            }
            if (rerun.status().equals(INCONCLUSIVE)) {
                return new Finding.Outcome(INCONCLUSIVE, rerun.reason() + " (without your options; with them it skipped: "
                        + original.reason() + ")");
            }
            return rerun.status().equals(FINDING) ? new Finding.Outcome(FINDING, rerun.reason() + " (with your options too)") : original;
        }
        if (rerun.status().equals(PASSED)) {
            return new Finding.Outcome(SKIPPED, "your options (" + options.trim() + ") took the evidence away: " + original.reason());
        }
        return new Finding.Outcome(INCONCLUSIVE, original.reason() + " (also without your options: " + rerun.status()
                + (rerun.reason().isEmpty() || rerun.reason().equals(original.reason()) ? "" : ", " + rerun.reason()) + ")");
    }

    /** What a run under the user's options came to, as a failure without them names it. */
    private static String withThem(Finding.Outcome o) {
        String why = o.reason().isEmpty() ? "" : ": " + o.reason();
        return switch (o.status()) {
            case "inconclusive" -> "the pack could not judge it" + why;
            case "skipped" -> "it was skipped" + why;
            case "finding" -> "it did not run, a finding" + why;
            case "problem" -> "it was problem-listed" + why;
            case "passed" -> "it passed";
            default -> "it was " + o.status() + why;
        };
    }

    /**
     * Whether a test with this outcome (read under the user's options, with that run's probe report) runs once more
     * without them: an inconclusive, or a run-time skip that only the options can explain.
     */
    public static boolean rerunWithoutOptions(Finding.Outcome o, Properties probe) {
        return o.status().equals(INCONCLUSIVE) || (o.status().equals(SKIPPED) && Finding.onlyOptionsCanExplain(o.reason(), probe));
    }
}
