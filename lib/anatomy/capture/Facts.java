package anatomy.capture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a child VM tells its driver besides its printed code: one {@code key=value} line per fact, appended
 * to the file named by the child's system property {@value #PROPERTY}. A key may repeat; readers see all
 * values in order.
 */
public final class Facts {
    public static final String PROPERTY = "anatomy.facts";
    /** The key of each option the child VM reports it was started with, in order. */
    public static final String VM_OPTION = "vm.option";

    private final Map<String, List<String>> values;

    private Facts(Map<String, List<String>> values) {
        this.values = values;
    }

    /** Child side: records one fact. */
    public static void record(String key, Object value) {
        String file = System.getProperty(PROPERTY);
        if (file == null) {
            throw new IllegalStateException("not in a child VM started by the pack (no -D" + PROPERTY + ")");
        }
        if (key.contains("=") || key.contains("\n") || String.valueOf(value).contains("\n")) {
            throw new IllegalArgumentException("a fact is one line of key=value: " + key + "=" + value);
        }
        // java.io, whose classes every VM loaded at its start: NIO's file channels cost each child 5 ms of CPU to load
        try (java.io.FileOutputStream out = new java.io.FileOutputStream(file, true)) {
            out.write((key + "=" + value + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Driver side: reads what the child recorded (nothing, if it recorded nothing). */
    public static Facts read(Path file) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        try {
            if (Files.exists(file)) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    int eq = line.indexOf('=');
                    if (eq > 0) {
                        values.computeIfAbsent(line.substring(0, eq), k -> new ArrayList<>()).add(line.substring(eq + 1));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Facts(values);
    }

    /** All values recorded under the key, oldest first. */
    public List<String> all(String key) {
        return values.getOrDefault(key, List.of());
    }

    /** The last value recorded under the key; fails naming the key when there is none. */
    public String last(String key) {
        List<String> all = all(key);
        if (all.isEmpty()) {
            throw new IllegalStateException("the child VM recorded no fact '" + key + "'; it recorded " + values.keySet());
        }
        return all.get(all.size() - 1);
    }
}
