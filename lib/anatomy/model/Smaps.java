package anatomy.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A process's memory mappings as Linux prints them in {@code /proc/<pid>/smaps}: ranges, permissions, path, sizes. */
public record Smaps(List<Mapping> mappings) {
    private static final Pattern HEADER = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) (\\S{4}) \\S+ \\S+ \\d+\\s*(.*)$");
    private static final Pattern FIELD = Pattern.compile("^(\\w+):\\s+(\\d+)(?: kB)?$");

    /** One mapping; {@code kB} holds its size fields (Size, Rss, AnonHugePages, KernelPageSize, ...) in KB. */
    public record Mapping(long start, long end, String permissions, String path, Map<String, Long> kB) {
        public boolean contains(long address) {
            return start <= address && address < end;
        }

        public long field(String name) {
            Long v = kB.get(name);
            if (v == null) {
                throw new IllegalArgumentException("smaps has no field " + name + " here; it has " + kB.keySet());
            }
            return v;
        }
    }

    public Smaps {
        mappings = List.copyOf(mappings);
    }

    public static Smaps parse(String text, String source) {
        List<Mapping> out = new ArrayList<>();
        Matcher open = null;
        Map<String, Long> fields = new LinkedHashMap<>();
        for (String line : text.split("\r?\n")) {
            Matcher h = HEADER.matcher(line);
            if (h.matches()) {
                add(out, open, fields);
                open = h;
                fields = new LinkedHashMap<>();
                continue;
            }
            Matcher f = FIELD.matcher(line);
            if (open != null && f.matches()) {
                fields.put(f.group(1), Long.parseLong(f.group(2)));
            }
        }
        add(out, open, fields);
        if (out.isEmpty()) {
            throw new ParseException(source, 0, "no mappings: not an smaps file");
        }
        return new Smaps(out);
    }

    private static void add(List<Mapping> out, Matcher h, Map<String, Long> fields) {
        if (h != null) {
            out.add(new Mapping(Long.parseUnsignedLong(h.group(1), 16), Long.parseUnsignedLong(h.group(2), 16), h.group(3),
                    h.group(4).trim(), Map.copyOf(fields)));
        }
    }

    /** The sum of a size field (AnonHugePages, Rss, ...) over the mappings inside {@code [start, start + size)}, in KB. */
    public long sum(String field, long start, long size) {
        return mappings.stream().filter(m -> m.start() >= start && m.end() <= start + size)
                .mapToLong(m -> m.kB().getOrDefault(field, 0L)).sum();
    }

    /** The mapping that holds the address, e.g. of an object from {@code Vm.addressOf}. */
    public Mapping at(long address) {
        return mappings.stream().filter(m -> m.contains(address)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no mapping holds 0x" + Long.toHexString(address)));
    }
}
