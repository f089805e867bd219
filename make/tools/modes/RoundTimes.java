package modes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * make bench's table: what each test (and each whole run) cost over the warm rounds, min, median and max wall seconds,
 * then the tests whose median is over the budget a JIT test has (make bench: make/tools/modes/Bench.java).
 *
 * <pre>
 *   RoundTimes TIMES BUDGET ROUNDS     TIMES: name TAB seconds, a line per test and round ("(the run, wall)" for a
 *                                      whole round); BUDGET: seconds; ROUNDS: the number of warm rounds (the heading)
 * </pre>
 *
 * Rows are in the names' order (a whole round's first: its name starts with a parenthesis, which is no test's); the
 * median of an even count is the lower middle value; the over-budget list names each test with its median as read.
 * A bad line or argument is one line and exit 2.
 */
public class RoundTimes {
    /** One name's times, in seconds, as read (the text kept for the over-budget list). */
    record Times(String name, List<String> seconds) {
        List<String> sorted() {
            List<String> s = new ArrayList<>(seconds);
            s.sort((a, b) -> Double.compare(Double.parseDouble(a), Double.parseDouble(b)));
            return s;
        }

        String median() {
            List<String> s = sorted();
            return s.get((s.size() + 1) / 2 - 1);
        }
    }

    public static String table(List<String> lines, double budget, int rounds) {
        Map<String, Times> byName = new TreeMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length < 2 || !f[1].matches("[0-9]+(\\.[0-9]+)?")) {
                throw new IllegalArgumentException("RoundTimes: '" + line + "' is not name TAB seconds");
            }
            byName.computeIfAbsent(f[0], n -> new Times(n, new ArrayList<>())).seconds().add(f[1]);
        }
        int width = byName.keySet().stream().mapToInt(String::length).max().orElse(0);
        String label = "Over the " + rounds + " warm rounds, seconds:";
        StringBuilder out = new StringBuilder(label).append(" ".repeat(Math.max(0, width + 2 - label.length())))
                .append(String.format(" %7s %7s %7s%n", "min", "median", "max"));
        StringBuilder over = new StringBuilder();
        for (Times t : byName.values()) {
            List<String> s = t.sorted();
            out.append(String.format("  %-" + Math.max(1, width) + "s %7.2f %7.2f %7.2f%n", t.name(),
                    Double.parseDouble(s.get(0)), Double.parseDouble(t.median()), Double.parseDouble(s.get(s.size() - 1))));
            if (!t.name().startsWith("(") && Double.parseDouble(t.median()) > budget) {
                over.append("\n  ").append(t.name()).append(" (median ").append(t.median()).append(" s)");
            }
        }
        if (over.length() > 0) {
            out.append("over ").append(budgetText(budget)).append(" s a test (median):").append(over).append('\n');
        }
        return out.toString();
    }

    /** The budget as the user wrote it, without a needless ".0" (1.5 stays 1.5, 2.0 is 2). */
    static String budgetText(double budget) {
        return budget == Math.rint(budget) ? Long.toString((long) budget) : Double.toString(budget);
    }

    public static void main(String[] args) {
        try {
            if (args.length != 3) {
                throw new IllegalArgumentException("usage: RoundTimes TIMES BUDGET ROUNDS");
            }
            System.out.print(table(Files.readAllLines(Path.of(args[0])), Double.parseDouble(args[1]), Integer.parseInt(args[2])));
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }
}
