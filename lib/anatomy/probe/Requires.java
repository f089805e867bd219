package anatomy.probe;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates an expression of jtreg's {@code @requires} language (a test's {@code @requires}, a control's
 * {@code requires}) against the probe's properties: {@code !}, {@code &}, {@code |}, parentheses,
 * {@code == != < <= > >=} (numbers compare as numbers, everything else as strings), {@code ~=} (the value
 * matches a regular expression), a property alone means it is {@code true}. An unknown property is an error,
 * never false.
 */
public final class Requires {
    private static final Pattern TOKEN = Pattern.compile("\\s*(\\(|\\)|!=|==|<=|>=|~=|<|>|!|&|\\||\"[^\"]*\"|[\\w.\\-]+)");
    private static final Pattern PROPERTY = Pattern.compile("\\bpack\\.[\\w.]+");

    private final List<String> tokens = new ArrayList<>();
    private final List<Integer> starts = new ArrayList<>();
    private final Properties props;
    private int at;

    private Requires(String expression, Properties props) {
        Matcher m = TOKEN.matcher(expression);
        int end = 0;
        while (m.find() && m.start() == end) {
            tokens.add(m.group(1));
            starts.add(m.start(1));
            end = m.end();
        }
        if (end != expression.length() && !expression.substring(end).isBlank()) {
            throw new IllegalArgumentException("cannot read requires=\"" + expression + "\" at: " + expression.substring(end));
        }
        this.props = props;
    }

    public static boolean holds(String expression, Properties props) {
        Requires r = new Requires(expression, props);
        boolean v = r.or();
        if (r.at != r.tokens.size()) {
            throw new IllegalArgumentException("cannot read requires=\"" + expression + "\" after " + r.tokens.subList(0, r.at));
        }
        return v;
    }

    /** The probe's values of the properties the expression names, each once, for a reason. */
    public static String values(String expression, Properties props) {
        List<String> out = new ArrayList<>();
        for (String p : properties(expression)) {
            out.add(p + "=" + props.getProperty(p, "?"));
        }
        return String.join(", ", out);
    }

    /** The properties the expression names, each once, in order. */
    public static List<String> properties(String expression) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PROPERTY.matcher(expression);
        while (m.find()) {
            names.add(m.group());
        }
        return new ArrayList<>(names);
    }

    /**
     * The expression's clauses: its operands of {@code &} outside parentheses, as written ({@code a & (b | c)}
     * has two: {@code a}, {@code (b | c)}). The expression holds when each does, so the clauses that do not are
     * why it does not.
     */
    public static List<String> clauses(String expression) {
        Requires r = new Requires(expression, new Properties());
        List<String> clauses = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < r.tokens.size(); i++) {
            String t = r.tokens.get(i);
            depth += t.equals("(") ? 1 : t.equals(")") ? -1 : 0;
            if (depth == 0 && t.equals("&")) {
                clauses.add(expression.substring(from, r.starts.get(i)).trim());
                from = r.starts.get(i) + 1;
            }
        }
        clauses.add(expression.substring(from).trim());
        return clauses;
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
        if (at < tokens.size() && tokens.get(at).matches("==|!=|<=|>=|~=|<|>")) {
            String op = tokens.get(at++);
            String right = operand();
            if (op.equals("~=")) {
                return left.matches(right);
            }
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
