package anatomy.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Native Memory Tracking summary: reserved and committed KB in total and per category ("Java Heap", "Class",
 * "Thread", "Code", "GC", ...), JDK 17 to 28-ea formats, as {@code jcmd VM.native_memory summary} prints it (in KB)
 * or the VM at its exit under {@code -XX:+PrintNMTStatistics} (in bytes, no unit).
 */
public record NativeMemory(Usage total, Map<String, Usage> categories) {
    private static final String AMOUNT = "(\\d+)(KB|MB|GB)?";
    private static final Pattern TOTAL = Pattern.compile("^Total: reserved=" + AMOUNT + ", committed=" + AMOUNT);
    private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?) \\(reserved=" + AMOUNT + ", committed=" + AMOUNT + "\\)");

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
                total = new Usage(kb(t.group(1), t.group(2)), kb(t.group(3), t.group(4)));
            } else if (c.find()) {
                categories.put(c.group(1).trim(), new Usage(kb(c.group(2), c.group(3)), kb(c.group(4), c.group(5))));
            }
        }
        if (total == null) {
            throw new ParseException(source, 0, "not an NMT summary (no 'Total:' line; was the VM started with"
                    + " -XX:NativeMemoryTracking=summary?): " + text.lines().findFirst().orElse(""));
        }
        return new NativeMemory(total, categories);
    }

    /** An amount in KB: bytes without a unit, else the unit's. */
    private static long kb(String number, String unit) {
        long n = Long.parseLong(number);
        return unit == null ? n / 1024 : switch (unit) {
            case "KB" -> n;
            case "MB" -> n * 1024;
            default -> n * 1024 * 1024;
        };
    }

    /**
     * The summary a VM run with {@code -XX:+PrintNMTStatistics} printed at its exit, the last of its standard output
     * after the last "Native Memory Tracking:" line; empty where it printed none (tracking off).
     */
    public static Optional<NativeMemory> atExit(String stdout, String source) {
        int at = stdout.lastIndexOf("\nNative Memory Tracking:");
        return at < 0 ? Optional.empty() : Optional.of(parse(stdout.substring(at + 1), source));
    }

    public Optional<Usage> category(String name) {
        return Optional.ofNullable(categories.get(name));
    }
}
