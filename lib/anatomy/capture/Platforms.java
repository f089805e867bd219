package anatomy.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The platform table, {@code make/platforms}: one row per ISA the pack knows (its names, ELF machine, Debian
 * architecture, GNU triple, qemu and CPU, decoder backend), the same file make, the shell scripts and the C
 * decoder read. Found under the test root ({@code test.root}, which jtreg sets; the working directory for the
 * pack's tools), or at {@code pack.platforms} when set.
 */
public final class Platforms {
    /** One row: the columns in the table's order. */
    public record Row(String isa, List<String> aliases, int elf, String debian, String triple, String qemu, String cpu,
            String backend, String variants) {
        /** Every name of the ISA: its own, then its aliases and Debian's. */
        public List<String> names() {
            var all = new java.util.ArrayList<String>();
            all.add(isa);
            all.addAll(aliases);
            if (!all.contains(debian)) {
                all.add(debian);
            }
            return List.copyOf(all);
        }
    }

    private static final int COLUMNS = 9;
    private static volatile Map<String, Row> rows;

    private Platforms() {
    }

    /** Where the table is read from. */
    public static Path file() {
        String explicit = System.getProperty("pack.platforms");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        return Path.of(System.getProperty("test.root", "."), "make", "platforms");
    }

    /** The rows by ISA name, in the table's order. Fails naming the file and line of a malformed row. */
    public static Map<String, Row> rows() {
        Map<String, Row> r = rows;
        if (r == null) {
            r = parse(file());
            rows = r;
        }
        return r;
    }

    static Map<String, Row> parse(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the platform table " + file.toAbsolutePath()
                    + " (set test.root to the pack's root, or pack.platforms to the file)", e);
        }
        Map<String, Row> out = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).replaceFirst("#.*", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] c = line.split("\\s+");
            if (c.length != COLUMNS) {
                throw new IllegalStateException(file + ":" + (n + 1) + ": " + c.length + " columns, expected " + COLUMNS
                        + " (isa aliases elf debian triple qemu cpu backend variants)");
            }
            List<String> aliases = c[1].equals("-") ? List.of() : Arrays.asList(c[1].split(","));
            out.put(c[0], new Row(c[0], List.copyOf(aliases), Integer.parseInt(c[2]), c[3], c[4], c[5], c[6], c[7], c[8]));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** The row of an ISA by any of its names (os.arch, uname -m, Debian's), if the table has one. */
    public static Optional<Row> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return rows().values().stream().filter(r -> r.names().contains(n)).findFirst();
    }
}
