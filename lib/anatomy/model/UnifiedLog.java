package anatomy.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A unified logging file ({@code -Xlog:...:file=...:uptime,level,tags}) as lines of tags and message, with the
 * facts the pack reads from it: compressed oops (gc+heap+coops, gc+init), page sizes (pagesize), collections
 * (gc) and TLAB statistics (gc+tlab). Formats of JDK 17 to 25; a line that has no decorations is passed over.
 */
public final class UnifiedLog {
    private static final Pattern LINE = Pattern.compile("^((?:\\[[^\\]]*\\])+) ?(.*)$");
    private static final Pattern DECORATION = Pattern.compile("\\[([^\\]]*)\\]");
    private static final Set<String> LEVELS = Set.of("trace", "debug", "info", "warning", "error");
    private static final Pattern COOPS = Pattern.compile("Compressed Oops mode: ([^,]+)(?:, Oop shift amount: (\\d+))?");
    private static final Pattern COOPS_INIT = Pattern.compile("^Compressed Oops: (Enabled|Disabled)(?: \\((.+)\\))?$");
    private static final Pattern PAGES = Pattern.compile("^(?<name>[^:=]+?):\\s+.*\\bpage_size=(?<size>\\d+[KMG]?)\\b");
    private static final Pattern PAUSE = Pattern.compile("^GC\\((\\d+)\\) Pause (.+?) \\((.+?)\\)(?: \\((.+?)\\))? (\\d+[KMG])->(\\d+[KMG])\\((\\d+[KMG])\\) ([\\d.]+)ms$");
    private static final Pattern PHASE = Pattern.compile("^GC\\((\\d+)\\) (?:[YO]: )?(Pause|Concurrent) (.+?)"
            + "(?: \\d+[KMG]->\\d+[KMG]\\(\\d+[KMG]\\))?(?: [\\d.]+m?s)?$");
    private static final Pattern RESERVED_AT = Pattern.compile("\\bbase=0x([0-9a-f]+)");
    private static final Pattern RESERVED_SIZE = Pattern.compile("\\bsize=(\\d+[KMG]?)\\b");
    private static final Pattern GC_ID = Pattern.compile("^GC\\((\\d+)\\) ");
    private static final Pattern TLAB = Pattern.compile("TLAB: gc thread: \\S+ \\[id: (\\d+)\\] desired_size: (\\d+)KB slow allocs: (\\d+)"
            + " +refill waste: (\\d+)B .* refills: (\\d+) waste +([\\d.]+)%");

    /** One line: its tags (e.g. gc, heap, coops), level and message. */
    public record Line(double uptime, String level, Set<String> tags, String message) {
    }

    /** {@code mode} as the VM names it (Zero based, 32-bit, Non-zero based, ...); shift -1 when not logged. */
    public record CompressedOops(boolean enabled, String mode, int shift) {
        /** The heap base the VM adds when decoding, as the mode names it ("Non-zero based: 0x..."); 0 otherwise. */
        public long base() {
            int at = mode.indexOf("0x");
            return at < 0 ? 0 : Long.parseUnsignedLong(mode.substring(at + 2).trim(), 16);
        }

        /** The mode's name without the base gc+heap+coops writes after it: "Non-zero based" of "Non-zero based: 0x...". */
        public String name() {
            int colon = mode.indexOf(':');
            return (colon < 0 ? mode : mode.substring(0, colon)).trim();
        }

        /**
         * The name HotSpot gives the mode a shift and a base make (CompressedOops::mode, the same rule in 17 to 28-ea): a
         * base whose bits do not overlap those of a shifted 32-bit offset ({@code base & (2^(32+shift) - 1) == 0},
         * CompressedOops::is_disjoint_heap_base_address) "Non-zero disjoint base", any other base "Non-zero based", no
         * base and a shift "Zero based", neither "32-bit". With a base the shift is always log2 of the object
         * alignment, the one HotSpot's mask is made of.
         */
        public static String modeNamed(int shift, long base) {
            if (base != 0) {
                return (base & ((1L << (32 + shift)) - 1)) == 0 ? "Non-zero disjoint base" : "Non-zero based";
            }
            return shift != 0 ? "Zero based" : "32-bit";
        }

        /** The name this line's own shift and base make ({@link #modeNamed}); unknown for a line that gives no shift. */
        public String impliedName() {
            return shift < 0 ? "unknown (no shift logged)" : modeNamed(shift, base());
        }

        /** The names among these that are not the one this line's shift and base make: none when the VM names its mode right. */
        public List<String> misnamed(List<String> names) {
            return names.stream().filter(n -> !n.equals(impliedName())).toList();
        }
    }

    public record Pause(int gc, String kind, String cause, long beforeBytes, long afterBytes, long capacityBytes, double millis) {
    }

    /** A region the VM reserved: base address, size and page size, in bytes. */
    public record Reservation(long base, long size, long pageSize) {
    }

    /** A step of a collection as gc and gc+phases name it: a stop-the-world pause or a concurrent phase. */
    public record Phase(int gc, boolean pause, String name) {
        @Override
        public String toString() {
            return "GC(" + gc + ") " + (pause ? "Pause " : "Concurrent ") + name;
        }
    }

    /** A thread's TLAB statistics at a collection (gc+tlab=trace). */
    public record TlabStats(long threadId, long desiredBytes, int slowAllocs, long refillWasteBytes, int refills, double wastePercent) {
    }

    /* Compiled once: String.split and String.matches compile their pattern at each call, and these run per line. */
    private static final Pattern LINE_END = Pattern.compile("\r?\n");
    private static final Pattern UPTIME = Pattern.compile("[\\d.]+s");

    private final List<Line> lines;

    private UnifiedLog(List<Line> lines) {
        this.lines = List.copyOf(lines);
    }

    public static UnifiedLog parse(String text) {
        List<Line> lines = new ArrayList<>();
        for (String raw : LINE_END.split(text)) {
            Matcher m = LINE.matcher(raw);
            if (!m.matches()) {
                continue;
            }
            double uptime = -1;
            String level = "";
            Set<String> tags = Set.of();
            Matcher d = DECORATION.matcher(m.group(1));
            while (d.find()) {
                String v = d.group(1).trim();
                if (UPTIME.matcher(v).matches()) {
                    uptime = Double.parseDouble(v.substring(0, v.length() - 1));
                } else if (LEVELS.contains(v)) {
                    level = v;
                } else {
                    tags = new LinkedHashSet<>(Arrays.asList(v.split(",")));
                }
            }
            lines.add(new Line(uptime, level, tags, m.group(2)));
        }
        return new UnifiedLog(lines);
    }

    public List<Line> lines() {
        return lines;
    }

    /** The lines whose tag set is exactly these tags, e.g. {@code lines("gc", "heap", "coops")}. */
    public List<Line> lines(String... tags) {
        Set<String> want = Set.of(tags);
        return lines.stream().filter(l -> l.tags().equals(want)).toList();
    }

    /** From gc+heap+coops (debug on JDK 17, info later) or else gc+init; empty when neither was logged. */
    public Optional<CompressedOops> compressedOops() {
        for (Line l : lines("gc", "heap", "coops")) {
            Matcher m = COOPS.matcher(l.message());
            if (m.find()) {
                // 32-bit mode logs no shift: the reference is the address
                return Optional.of(new CompressedOops(true, m.group(1).trim(), m.group(2) == null ? 0 : Integer.parseInt(m.group(2))));
            }
        }
        for (Line l : lines("gc", "init")) {
            Matcher m = COOPS_INIT.matcher(l.message().trim());
            if (m.matches()) {
                return Optional.of(new CompressedOops(m.group(1).equals("Enabled"), m.group(2) == null ? "" : m.group(2), -1));
            }
        }
        return Optional.empty();
    }

    /**
     * Every name the log gives the compressed-oops mode, in order: gc+heap+coops' (without its base) and gc+init's
     * ("Zero based" of "Compressed Oops: Enabled (Zero based)"). HotSpot computes each where it prints it: 28-ea+18's
     * print_mode has its own inlined copy of the mode's name, gc+init calls CompressedOops::mode_to_string.
     */
    public List<String> compressedOopsNames() {
        List<String> out = new ArrayList<>();
        for (Line l : lines("gc", "heap", "coops")) {
            Matcher m = COOPS.matcher(l.message());
            if (m.find()) {
                out.add(new CompressedOops(true, m.group(1).trim(), 0).name());
            }
        }
        for (Line l : lines("gc", "init")) {
            Matcher m = COOPS_INIT.matcher(l.message().trim());
            if (m.matches() && m.group(2) != null) {
                out.add(m.group(2));
            }
        }
        return out;
    }

    /** The page size, in bytes, the VM reserved a region with (pagesize): {@code "Heap"}, {@code "Card Table"}, ... */
    public Optional<Long> pageSize(String region) {
        for (Line l : lines("pagesize")) {
            Matcher m = PAGES.matcher(l.message());
            if (m.find() && m.group("name").trim().equals(region)) {
                return Optional.of(bytes(m.group("size")));
            }
        }
        return Optional.empty();
    }

    /** Where the VM reserved a region (pagesize): {@code "Heap"}, {@code "Card Table"}, ...; its base and size in bytes. */
    public Optional<Reservation> reservation(String region) {
        for (Line l : lines("pagesize")) {
            Matcher m = PAGES.matcher(l.message());
            Matcher base = RESERVED_AT.matcher(l.message());
            Matcher size = RESERVED_SIZE.matcher(l.message());
            if (m.find() && m.group("name").trim().equals(region) && base.find() && size.find()) {
                return Optional.of(new Reservation(Long.parseUnsignedLong(base.group(1), 16), bytes(size.group(1)), bytes(m.group("size"))));
            }
        }
        return Optional.empty();
    }

    /** The pauses the gc tag reports, in order. */
    public List<Pause> pauses() {
        List<Pause> out = new ArrayList<>();
        for (Line l : lines("gc")) {
            Matcher m = PAUSE.matcher(l.message());
            if (m.matches()) {
                String cause = m.group(4) != null ? m.group(4) : m.group(3);
                String kind = m.group(4) != null ? m.group(2) + " (" + m.group(3) + ")" : m.group(2);
                out.add(new Pause(Integer.parseInt(m.group(1)), kind, cause, bytes(m.group(5)), bytes(m.group(6)),
                        bytes(m.group(7)), Double.parseDouble(m.group(8))));
            }
        }
        return out;
    }

    /**
     * The pauses and concurrent phases of every collection (tags gc and gc+phases, info), in order and without
     * durations: Serial, Parallel and G1 name pauses (Pause Young, Pause Full, Pause Remark), G1's marking, Shenandoah
     * and ZGC concurrent phases (Concurrent Mark, Concurrent marking); generational ZGC's "Y: "/"O: " is dropped.
     */
    public List<Phase> phases() {
        List<Phase> out = new ArrayList<>();
        for (Line l : lines) {
            if (l.tags().equals(Set.of("gc")) || l.tags().equals(Set.of("gc", "phases"))) {
                Matcher m = PHASE.matcher(l.message().trim());
                if (m.matches()) {
                    out.add(new Phase(Integer.parseInt(m.group(1)), m.group(2).equals("Pause"), m.group(3)));
                }
            }
        }
        return out;
    }

    /** The ids of the collections the gc tags number, GC(n), in order of first appearance. */
    public Set<Integer> collections() {
        Set<Integer> out = new LinkedHashSet<>();
        for (Line l : lines) {
            Matcher m = GC_ID.matcher(l.message().trim());
            if (l.tags().contains("gc") && m.find()) {
                out.add(Integer.parseInt(m.group(1)));
            }
        }
        return out;
    }

    /** Per-thread TLAB statistics (gc+tlab=trace), all collections in order. */
    public List<TlabStats> tlabs() {
        List<TlabStats> out = new ArrayList<>();
        for (Line l : lines("gc", "tlab")) {
            Matcher m = TLAB.matcher(l.message());
            if (m.find()) {
                out.add(new TlabStats(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)) * 1024, Integer.parseInt(m.group(3)),
                        Long.parseLong(m.group(4)), Integer.parseInt(m.group(5)), Double.parseDouble(m.group(6))));
            }
        }
        return out;
    }

    /** {@code 4K}, {@code 2M}, {@code 512} as bytes. */
    static long bytes(String size) {
        char unit = size.charAt(size.length() - 1);
        long scale = switch (unit) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        return Long.parseLong(scale == 1 ? size : size.substring(0, size.length() - 1)) * scale;
    }
}
