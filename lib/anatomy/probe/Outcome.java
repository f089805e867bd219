package anatomy.probe;

import java.util.EnumMap;
import java.util.Map;

/**
 * The closed list of what a test's run can come to, each with everything a printer needs: the word the results
 * file holds, what it adds to a run's exit status, its glyph, meaning and colours on the report's page, its JUnit and
 * TAP forms, and its clause in the totals line. The declaration order is the totals line's and the legend's order.
 *
 * <p>Adding an outcome is one constant here (and, where a format has no form of its own for it, the form it takes):
 * every reader of results (make/tools/results/RunResults.java) and every printer goes through this type, make
 * report's legend, styles and words included. The one list kept by hand is docs/running.md's table of outcomes, which
 * lib/test/ReportFormatTest.java checks against this type.
 */
public enum Outcome {
    /** The claim holds. */
    PASSED("passed", 0, "\u2713", "passed", true, Junit.NONE, Tap.OK,
            "the claim holds", new Tint("#dcf2dc", "#176317")),
    /** The claim does not hold, or the test broke. */
    FAILED("failed", 1, "\u2717", "failed", true, Junit.FAILURE, Tap.NOT_OK,
            "the claim does not hold (or the test could not run)", new Tint("#fbd5d5", "#b00000")),
    /** A stated precondition rules the test out here (the platform, the user's options). */
    SKIPPED("skipped", 0, "\u2013", "skipped", true, Junit.SKIPPED, Tap.SKIP,
            "a precondition your configuration does not meet", new Tint("#ececec", "#555555")),
    /** It did not run only because this JDK's defaults differ from its claim ({@link Finding}). */
    FINDING("finding", 3, "\u25C6", "findings", false, Junit.SKIPPED, Tap.SKIP,
            "skipped because of this JDK's defaults, not your options", new Tint("#ffe7a8", "#8a4b00")),
    /** The pack could not reach a verdict (anatomy.Inconclusive): never a pass, never a skip. */
    INCONCLUSIVE("inconclusive", 4, "\u25CC", "inconclusive", false, Junit.ERROR, Tap.NOT_OK,
            "the pack could not reach a verdict (not a pass)", new Tint("#f8d3ef", "#8b1a6b")),
    /** Not run: a problem list names it with a bug id (make/problems). */
    PROBLEM("problem", 0, "\u2298", "problem-listed", false, Junit.SKIPPED, Tap.SKIP,
            "a known problem of this JDK or emulator (bug id in the cell)", new Tint("#dae5f5", "#1d3f7a"));

    /** An outcome's colours on a page: its cell's background and its glyph's ink. */
    public record Tint(String background, String ink) {
    }

    /** The child a JUnit testcase of an outcome holds. */
    public enum Junit { NONE, FAILURE, ERROR, SKIPPED }

    /** The TAP line of an outcome: ok, not ok, or ok with a SKIP directive. */
    public enum Tap { OK, NOT_OK, SKIP }

    private final String word;
    private final int exitStatus;
    private final String glyph;
    private final String counted;
    private final boolean alwaysCounted;
    private final Junit junit;
    private final Tap tap;
    private final String meaning;
    private final Tint tint;

    Outcome(String word, int exitStatus, String glyph, String counted, boolean alwaysCounted, Junit junit, Tap tap,
            String meaning, Tint tint) {
        this.word = word;
        this.exitStatus = exitStatus;
        this.glyph = glyph;
        this.counted = counted;
        this.alwaysCounted = alwaysCounted;
        this.junit = junit;
        this.tap = tap;
        this.meaning = meaning;
        this.tint = tint;
    }

    /** The word results files hold (as the pack has always written it). */
    public String word() {
        return word;
    }

    /** What one test of this outcome makes a run's exit status: 0 (none), 1, 4 or 3, by {@link #precedence()}. */
    public int exitStatus() {
        return exitStatus;
    }

    /** Which outcome's exit status wins when a run has several: a failure, then an inconclusive, then a finding. */
    public int precedence() {
        return switch (exitStatus) {
            case 1 -> 3;
            case 4 -> 2;
            case 3 -> 1;
            default -> 0;
        };
    }

    public String glyph() {
        return glyph;
    }

    /** Its name for a reader (a legend, a qualified reason): its word, but "problem-listed" for a problem. */
    public String label() {
        return this == PROBLEM ? "problem-listed" : word;
    }

    /** What it means, for a reader of a report: the legend's line after its label. */
    public String meaning() {
        return meaning;
    }

    /** Its colours on make report's page. */
    public Tint tint() {
        return tint;
    }

    public Junit junit() {
        return junit;
    }

    public Tap tap() {
        return tap;
    }

    /** Its clause in the totals line: "3 findings", "0 failed"; empty for a zero count of a clause shown only when non-zero. */
    public String clause(int n) {
        return n == 0 && !alwaysCounted ? "" : n + " " + counted;
    }

    /**
     * A reason as a format without this outcome shows it (JUnit's skipped and error, TAP's SKIP and not ok): prefixed
     * by what it really is ("finding: ...", "problem-listed: ...", "inconclusive: ..."), once.
     */
    public String qualified(String reason) {
        String name = switch (this) {
            case FINDING, PROBLEM, INCONCLUSIVE -> label();
            default -> null;
        };
        return name == null || reason.startsWith(name) ? reason : name + ": " + reason;
    }

    /** The JUnit testcase child: none, {@code <failure>}, {@code <error type="inconclusive">} or {@code <skipped>}; arguments XML-escaped. */
    public String junitChild(String message, String detail) {
        return switch (junit) {
            case NONE -> "";
            case FAILURE -> "<failure message=\"" + message + "\">" + detail + "</failure>";
            case ERROR -> "<error type=\"" + word + "\" message=\"" + message + "\">" + detail + "</error>";
            case SKIPPED -> "<skipped message=\"" + message + "\"/>";
        };
    }

    /** The TAP line of test number I: {@code ok}, {@code not ok}, with a directive naming the outcome when TAP has none. */
    public String tapLine(int i, String test, String reason) {
        String line = reason.lines().findFirst().orElse("").trim();
        return switch (tap) {
            case OK -> "ok " + i + " - " + test;
            case NOT_OK -> "not ok " + i + " - " + test + (this == FAILED ? "" : " # " + qualified(line));
            case SKIP -> "ok " + i + " - " + test + " # SKIP " + qualified(line);
        };
    }

    /**
     * The outcome a results file names. An unknown word is an error naming WHERE (a file and line): never read as a
     * skip.
     */
    public static Outcome of(String word, String where) {
        for (Outcome o : values()) {
            if (o.word.equals(word)) {
                return o;
            }
        }
        throw new IllegalArgumentException(where + ": '" + word + "' is no outcome (" + String.join(", ", words()) + ")");
    }

    static java.util.List<String> words() {
        return java.util.Arrays.stream(values()).map(Outcome::word).toList();
    }

    /** Counts keyed by outcome, every outcome present (zero when none). */
    public static EnumMap<Outcome, Integer> counts() {
        EnumMap<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        for (Outcome o : values()) {
            counts.put(o, 0);
        }
        return counts;
    }

    /** The exit status of a run with these counts: the status of its outcome of highest precedence (0 when none counts). */
    public static int exitStatus(Map<Outcome, Integer> counts) {
        Outcome worst = null;
        for (Map.Entry<Outcome, Integer> e : counts.entrySet()) {
            if (e.getValue() > 0 && (worst == null || e.getKey().precedence() > worst.precedence())) {
                worst = e.getKey();
            }
        }
        return worst == null ? 0 : worst.exitStatus;
    }

    /**
     * The totals line, the one every runner prints last: each outcome's clause in declaration order ("N passed, N
     * failed, N skipped", then ", N findings", ", N inconclusive", ", N problem-listed" when non-zero).
     */
    public static String totals(Map<Outcome, Integer> counts) {
        StringBuilder line = new StringBuilder();
        for (Outcome o : values()) {
            String clause = o.clause(counts.getOrDefault(o, 0));
            if (!clause.isEmpty()) {
                line.append(line.length() == 0 ? "" : ", ").append(clause);
            }
        }
        return line.toString();
    }

    /** The totals line of a tool's own checks (make sensitivity's controls, make mutants' verdicts): passed, failed, skipped. */
    public static String totals(int passed, int failed, int skipped) {
        EnumMap<Outcome, Integer> n = counts();
        n.put(PASSED, passed);
        n.put(FAILED, failed);
        n.put(SKIPPED, skipped);
        return totals(n);
    }

    /**
     * The counts of a totals line as {@link #totals} prints it (an optional "label: " first), or null for any other
     * line: kept beside the printer, so that the two cannot drift apart.
     */
    public static EnumMap<Outcome, Integer> parseTotals(String line) {
        String body = line.strip().replaceFirst("^[A-Za-z][A-Za-z0-9 _-]*: (?=[0-9])", "");
        EnumMap<Outcome, Integer> counts = counts();
        String[] clauses = body.split(", ", -1);
        int at = 0;
        for (Outcome o : values()) {
            if (at < clauses.length && clauses[at].matches("[0-9]+ " + java.util.regex.Pattern.quote(o.counted))) {
                counts.put(o, Integer.parseInt(clauses[at].substring(0, clauses[at].indexOf(' '))));
                at++;
            } else if (o.alwaysCounted) {
                return null;
            }
        }
        return at == clauses.length && totals(counts).equals(body) ? counts : null;
    }
}
