package anatomy;

import java.util.ArrayList;
import java.util.List;

/**
 * A failure message as aligned facts: first what was expected, then what was found, then where (method,
 * compiler, ISA, JDK, ...), then the evidence searched, indented. It all goes into the exception message so
 * that jtreg's report holds it.
 */
final class Failure {
    static final int EXCERPT_LINES = 40;

    private final List<String[]> facts = new ArrayList<>();
    private final List<String> evidence = new ArrayList<>();
    private String evidenceTitle = "";

    Failure fact(String key, Object value) {
        facts.add(new String[] {key, String.valueOf(value)});
        return this;
    }

    Failure evidence(String title, List<String> lines) {
        evidenceTitle = title;
        evidence.clear();
        int shown = Math.min(lines.size(), EXCERPT_LINES);
        evidence.addAll(lines.subList(0, shown));
        if (lines.size() > shown) {
            evidence.add("... " + (lines.size() - shown) + " more lines (the whole output is in the files named above)");
        }
        return this;
    }

    AssertionError error() {
        return new AssertionError(text());
    }

    /** The same facts as a verdict the pack could not reach ({@link Inconclusive}), not a failure of the claim. */
    Inconclusive inconclusive() {
        return new Inconclusive(text());
    }

    private String text() {
        int width = facts.stream().mapToInt(f -> f[0].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        for (String[] f : facts) {
            sb.append(String.format("%-" + width + "s: ", f[0]));
            String[] valueLines = f[1].split("\n");
            sb.append(valueLines[0]).append('\n');
            for (int i = 1; i < valueLines.length; i++) {
                sb.append(" ".repeat(width + 2)).append(valueLines[i]).append('\n');
            }
        }
        if (!evidence.isEmpty()) {
            sb.append(evidenceTitle).append(":\n");
            evidence.forEach(l -> sb.append("    ").append(l).append('\n'));
        }
        return sb.toString();
    }
}
