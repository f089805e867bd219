package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The CPU models of the fleet, {@code make/cpus}: one row per model a JDK name {@code <name>@<model>} can ask for (its
 * ISA, how it is had: under qemu {@code -cpu}, or HotSpot's switches on the real CPU, what, the host flag it needs, its
 * lists, and why), and its one reader: make/jdks.sh's names and make/lib.sh's {@code cpu_rows} (through
 * {@code CpuTable rows}) read it here. A bad row is refused with one line, {@code <file>:<line>: <what>}.
 *
 * <pre>
 *   CpuTable rows FILE    the rows, checked, in the table's order, one a line: name isa how what needs lists (why left
 *                         off); a bad row: its one line on stderr, nothing on stdout, exit 1 (-Dpack.platforms: the
 *                         platform table whose ISAs a row may name)
 * </pre>
 */
public final class CpuTable {
    /** One model: the columns name isa how what needs lists (why is for people). */
    public record Model(String name, String isa, String how, String what, String needs, List<String> lists) {
        public boolean on(String list) {
            return lists.contains(list);
        }

        /** Whether qemu runs it (how qemu or qemu:<suite>/<binary>), not HotSpot's switches on the real CPU. */
        public boolean emulated() {
            return how.startsWith("qemu");
        }
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern SWITCHES = Pattern.compile("-[^,]+(,-[^,]+)*");
    private static final Pattern QEMU = Pattern.compile("qemu(:[a-z]+/qemu-[a-z0-9_]+)?");
    private static final Pattern LISTS = Pattern.compile("-|[a-z][a-z-]*(,[a-z][a-z-]*)*");

    private CpuTable() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !args[0].equals("rows")) {
            System.err.println("usage: CpuTable rows FILE");
            System.exit(2);
        }
        try {
            System.out.print(format(parse(Path.of(args[1]), List.copyOf(Platforms.rows().keySet()))));
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** Where the table is: CPUS_FILE (as for the shell), else make/cpus under the test root or here. */
    public static Path file() {
        String explicit = System.getenv("CPUS_FILE");
        return explicit != null && !explicit.isBlank() ? Path.of(explicit) : Path.of(System.getProperty("test.root", "."), "make", "cpus");
    }

    /** Reads a table whose rows may name the ISAs given; a bad row fails with one line naming the file and line. */
    public static List<Model> parse(Path file, List<String> isas) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU models " + file, e);
        }
        List<Model> models = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int n = 1; n <= lines.size(); n++) {
            String line = lines.get(n - 1).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] c = line.split("\\s+");
            String at = file + ":" + n + ": ";
            if (c.length < 7) {
                throw new IllegalArgumentException(at + "a row needs 7 columns (name isa how what needs lists why), not " + c.length);
            }
            String name = c[0], isa = c[1], how = c[2], what = c[3], needs = c[4], lists = c[5];
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(at + "bad model name " + name + " (letters, digits, '.', '_', '-')");
            }
            if (!isas.contains(isa)) {
                throw new IllegalArgumentException(at + "isa " + isa + " is no ISA of make/platforms ( " + String.join(" ", isas) + "  )");
            }
            if (!seen.add(isa + " " + name)) {
                throw new IllegalArgumentException(at + "model " + name + " of " + isa + " is declared twice");
            }
            if (how.equals("switches")) {
                if (!SWITCHES.matcher(what).matches()) {
                    throw new IllegalArgumentException(at + "switches " + what + " are not VM options separated by commas");
                }
            } else if (QEMU.matcher(how).matches()) {
                if (!needs.equals("-")) {
                    throw new IllegalArgumentException(at + "a qemu model needs no host flag (needs is " + needs + ", not -)");
                }
            } else {
                throw new IllegalArgumentException(at + "how " + how + " is neither qemu, qemu:<suite>/<binary> nor switches");
            }
            if (!LISTS.matcher(lists).matches()) {
                throw new IllegalArgumentException(at + "lists " + lists + " is neither - nor names separated by commas");
            }
            models.add(new Model(name, isa, how, what, needs, lists.equals("-") ? List.of() : List.of(lists.split(","))));
        }
        return List.copyOf(models);
    }

    /** The rows as {@code CpuTable rows} prints them: name isa how what needs lists, one a line. */
    public static String format(List<Model> models) {
        StringBuilder out = new StringBuilder();
        for (Model m : models) {
            out.append(String.join(" ", m.name(), m.isa(), m.how(), m.what(), m.needs(),
                    m.lists().isEmpty() ? "-" : String.join(",", m.lists()))).append('\n');
        }
        return out.toString();
    }
}
