package jdks;

import anatomy.capture.Platforms;
import java.io.UncheckedIOException;
import java.util.Collection;

/**
 * The platform table, {@code make/platforms}, for the shell: its rows as the library's one reader,
 * {@link Platforms}, read them (make/lib.sh's {@code platform} and {@code platform_isas} look in what this prints).
 *
 * <pre>
 *   PlatformTable rows FILE    the rows, checked, in the table's order, one a line: isa aliases elf debian triple qemu
 *                              cpu backend variants (aliases "-" for none); a bad row: one line on stderr naming the
 *                              file and line, nothing on stdout, exit 1
 * </pre>
 */
public final class PlatformTable {
    private PlatformTable() {
    }

    public static void main(String[] args) {
        if (args.length != 2 || !args[0].equals("rows")) {
            System.err.println("usage: PlatformTable rows FILE");
            System.exit(2);
        }
        System.setProperty("pack.platforms", args[1]);
        try {
            System.out.print(format(Platforms.rows().values()));
        } catch (IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** The rows as {@code PlatformTable rows} prints them: the columns separated by one blank, one row a line. */
    public static String format(Collection<Platforms.Row> rows) {
        StringBuilder out = new StringBuilder();
        for (Platforms.Row r : rows) {
            out.append(String.join(" ", r.isa(), r.aliases().isEmpty() ? "-" : String.join(",", r.aliases()), String.valueOf(r.elf()),
                    r.debian(), r.triple(), r.qemu(), r.cpu(), r.backend(), r.variants())).append('\n');
        }
        return out.toString();
    }
}
