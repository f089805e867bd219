package anatomy.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class histogram as {@code jcmd GC.class_histogram} (the diagnostic command gcClassHistogram) prints it:
 * one row per class with its instance count and bytes, the module in parentheses from JDK 9 on, and a total.
 */
public record ClassHistogram(List<Row> rows, long totalInstances, long totalBytes) {
    private static final Pattern ROW = Pattern.compile("^\\s*(\\d+):\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)(?:\\s+\\((.*)\\))?\\s*$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    /** {@code className} as the VM prints it: {@code java.lang.String}, {@code [B}, {@code Outer$Inner}. */
    public record Row(int rank, long instances, long bytes, String className, String module) {
    }

    public ClassHistogram {
        rows = List.copyOf(rows);
    }

    public static ClassHistogram parse(String text, String source) {
        List<Row> rows = new ArrayList<>();
        long instances = -1;
        long bytes = -1;
        for (String line : text.split("\r?\n")) {
            Matcher r = ROW.matcher(line);
            Matcher t = TOTAL.matcher(line);
            if (r.matches()) {
                rows.add(new Row(Integer.parseInt(r.group(1)), Long.parseLong(r.group(2)), Long.parseLong(r.group(3)),
                        r.group(4), r.group(5) == null ? "" : r.group(5)));
            } else if (t.matches()) {
                instances = Long.parseLong(t.group(1));
                bytes = Long.parseLong(t.group(2));
            }
        }
        if (instances < 0) {
            throw new ParseException(source, 0, "not a class histogram: no 'Total' line");
        }
        return new ClassHistogram(rows, instances, bytes);
    }

    /** The row of the class (by its binary name, as {@link Class#getName} gives it). */
    public Optional<Row> of(String className) {
        return rows.stream().filter(r -> r.className().equals(className)).findFirst();
    }

    /**
     * The types the VM covers dead heap space with (a retired TLAB's unused end), by the release that wrote the
     * histogram: {@code int[]} up to JDK 18, a row it shares with the program's own int arrays; from JDK 19
     * (JDK-8284435) classes of its own only, {@code FillerObject} and a filler array, whose package and name moved
     * since: {@code java.vm.internal} to {@code jdk.internal.vm} in JDK 20 (JDK-8294000), the array printed
     * {@code Ljdk.internal.vm.FillerArray;} (Temurin 21.0.2) until JDK-8319548 (JDK 23, and 21.0.8 has it) renamed
     * it {@code [Ljdk.internal.vm.FillerElement;}. So from 19 a filler is a class (or array of one) of the VM's
     * internal package whose name starts with {@code Filler}, and an {@code int[]} is never one: a 19+ VM that fills
     * with int arrays again has lost JDK-8284435.
     */
    public static boolean isFiller(String className, int feature) {
        return feature >= 19 ? FILLER.matcher(className).matches() : className.equals("[I");
    }

    private static final Pattern FILLER = Pattern.compile("^\\[*L?(?:jdk\\.internal\\.vm|java\\.vm\\.internal)\\.Filler\\w*;?$");

    /** The bytes of the rows {@link #isFiller} names for that release. */
    public long fillerBytes(int feature) {
        return rows.stream().filter(r -> isFiller(r.className(), feature)).mapToLong(Row::bytes).sum();
    }

    /** The instances of the rows {@link #isFiller} names: how many fillers (and, up to JDK 18, real int arrays). */
    public long fillerInstances(int feature) {
        return rows.stream().filter(r -> isFiller(r.className(), feature)).mapToLong(Row::instances).sum();
    }

    /** Instances of the class, 0 when it has no row. */
    public long instancesOf(Class<?> c) {
        return of(c.getName()).map(Row::instances).orElse(0L);
    }
}
