import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates a control's {@code requires}, written in jtreg's {@code @requires} language, against the probe's
 * properties: {@code !}, {@code &}, {@code |}, parentheses, {@code == != < <= > >=} (numbers compare as
 * numbers, everything else as strings), a property alone means it is {@code true}. An unknown property is an
 * error, never false.
 */
final class Requires {
    private static final Pattern TOKEN = Pattern.compile("\\s*(\\(|\\)|!=|==|<=|>=|<|>|!|&|\\||\"[^\"]*\"|[\\w.\\-]+)");

    private final List<String> tokens = new ArrayList<>();
    private final Properties props;
    private int at;

    private Requires(String expression, Properties props) {
        Matcher m = TOKEN.matcher(expression);
        int end = 0;
        while (m.find() && m.start() == end) {
            tokens.add(m.group(1));
            end = m.end();
        }
        if (end != expression.length() && !expression.substring(end).isBlank()) {
            throw new IllegalArgumentException("cannot read requires=\"" + expression + "\" at: " + expression.substring(end));
        }
        this.props = props;
    }

    static boolean holds(String expression, Properties props) {
        Requires r = new Requires(expression, props);
        boolean v = r.or();
        if (r.at != r.tokens.size()) {
            throw new IllegalArgumentException("cannot read requires=\"" + expression + "\" after " + r.tokens.subList(0, r.at));
        }
        return v;
    }

    /** The probe's values of the properties the expression names, for the report. */
    static String values(String expression, Properties props) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\\bpack\\.[\\w.]+").matcher(expression);
        while (m.find()) {
            out.add(m.group() + "=" + props.getProperty(m.group(), "?"));
        }
        return String.join(", ", out);
    }

    private boolean or() {
        boolean v = and();
        while (peek("|")) {
            at++;
            v |= and();
        }
        return v;
    }

    private boolean and() {
        boolean v = unary();
        while (peek("&")) {
            at++;
            v &= unary();
        }
        return v;
    }

    private boolean unary() {
        if (peek("!")) {
            at++;
            return !unary();
        }
        if (peek("(")) {
            at++;
            boolean v = or();
            expect(")");
            return v;
        }
        String left = operand();
        if (at < tokens.size() && tokens.get(at).matches("==|!=|<=|>=|<|>")) {
            String op = tokens.get(at++);
            String right = operand();
            int c = compare(left, right);
            return switch (op) {
                case "==" -> c == 0;
                case "!=" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                default -> c >= 0;
            };
        }
        return left.equals("true");
    }

    private String operand() {
        if (at >= tokens.size()) {
            throw new IllegalArgumentException("requires ends where a value was expected: " + tokens);
        }
        String t = tokens.get(at++);
        if (t.startsWith("\"")) {
            return t.substring(1, t.length() - 1);
        }
        if (t.matches("[a-z][\\w]*\\.[\\w.]+")) {
            String v = props.getProperty(t);
            if (v == null) {
                throw new IllegalArgumentException("requires names " + t + ", which the probe does not report");
            }
            return v;
        }
        return t;
    }

    private static int compare(String a, String b) {
        try {
            return Long.compare(Long.parseLong(a), Long.parseLong(b));
        } catch (NumberFormatException e) {
            return a.compareTo(b);
        }
    }

    private boolean peek(String t) {
        return at < tokens.size() && tokens.get(at).equals(t);
    }

    private void expect(String t) {
        if (!peek(t)) {
            throw new IllegalArgumentException("requires: expected " + t + " in " + tokens);
        }
        at++;
    }
}
