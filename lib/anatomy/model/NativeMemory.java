package anatomy.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Native Memory Tracking summary ({@code jcmd VM.native_memory summary}): reserved and committed KB in
 * total and per category ("Java Heap", "Class", "Thread", "Code", "GC", ...), JDK 17 to 25 formats.
 */
public record NativeMemory(Usage total, Map<String, Usage> categories) {
    private static final Pattern TOTAL = Pattern.compile("^Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

    public record Usage(long reservedKB, long committedKB) {
    }

    public NativeMemory {
        categories = Map.copyOf(categories);
    }

    public static NativeMemory parse(String text, String source) {
        Usage total = null;
        Map<String, Usage> categories = new LinkedHashMap<>();
        for (String line : text.split("\r?\n")) {
            Matcher t = TOTAL.matcher(line);
            Matcher c = CATEGORY.matcher(line);
            if (t.find()) {
                total = new Usage(Long.parseLong(t.group(1)), Long.parseLong(t.group(2)));
            } else if (c.find()) {
                categories.put(c.group(1).trim(), new Usage(Long.parseLong(c.group(2)), Long.parseLong(c.group(3))));
            }
        }
        if (total == null) {
            throw new ParseException(source, 0, "not an NMT summary (no 'Total:' line; was the VM started with"
                    + " -XX:NativeMemoryTracking=summary?): " + text.lines().findFirst().orElse(""));
        }
        return new NativeMemory(total, categories);
    }

    public Optional<Usage> category(String name) {
        return Optional.ofNullable(categories.get(name));
    }
}
