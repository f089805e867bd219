package anatomy.model;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The interned-string table's statistics ({@code jcmd VM.stringtable}): its bucket count and its entries, from the
 * first "StringTable statistics" block (JDK 25 follows it with the CDS archive's shared table, which never changes).
 */
public record StringTable(long buckets, long entries) {
    private static final Pattern BUCKETS = Pattern.compile("(?m)^Number of buckets\\s*:\\s*(\\d+)");
    private static final Pattern ENTRIES = Pattern.compile("(?m)^Number of entries\\s*:\\s*(\\d+)");

    /**
     * Empty when the VM printed no statistics of its own table, as it does while its service thread resizes or
     * cleans it (JDK 25 then prints only the archive's shared table, which must not be read as ours).
     */
    public static Optional<StringTable> parse(String text) {
        int shared = text.indexOf("Shared String Table");
        String own = shared < 0 ? text : text.substring(0, shared);
        Matcher b = BUCKETS.matcher(own);
        Matcher e = ENTRIES.matcher(own);
        if (!b.find() || !e.find()) {
            return Optional.empty();
        }
        return Optional.of(new StringTable(Long.parseLong(b.group(1)), Long.parseLong(e.group(1))));
    }
}
