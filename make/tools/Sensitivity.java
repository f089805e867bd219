import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Sensitivity proofs: reruns every selected test under each of its declared negative controls (through
 * jtreg's -vmoptions, by make/jtreg.sh) and requires a failure whose assertion message names what the
 * control kills. Prints a table test x control -> killed / survived / skipped / n/a / unrelated failure, and
 * exits non-zero when any control survives, fails for an unrelated reason, or a test declares no control.
 *
 * Usage: Sensitivity BUILD_DIR JDK_FEATURE SELECTION...   (environment: JDK, VM_OPTIONS, ... for jtreg.sh)
 */
public class Sensitivity {
    record Control(String flags, String kills, String why, int since) {
    }

    record Verdict(String test, String flags, String outcome, String detail) {
    }

    private static final Pattern ANNOTATION = Pattern.compile("^@NegativeControl\\((.*)\\)\\s*$", Pattern.MULTILINE);

    public static void main(String[] args) throws Exception {
        Path build = Path.of(args[0]).toAbsolutePath();
        int feature = Integer.parseInt(args[1]);
        List<String> selection = List.of(args).subList(2, args.length);
        Map<String, List<Control>> controls = new LinkedHashMap<>();
        for (Path test : Selection.tests(selection)) {
            String name = Path.of("").toAbsolutePath().relativize(test.toAbsolutePath()).toString();
            controls.put(name, parse(Files.readString(test), name));
        }
        List<Verdict> verdicts = new ArrayList<>();
        Map<String, List<String>> byFlags = new LinkedHashMap<>();
        controls.forEach((test, list) -> {
            if (list.isEmpty()) {
                verdicts.add(new Verdict(test, "(none)", "NO CONTROL", "the test declares no @NegativeControl"));
            }
            for (Control c : list) {
                if (c.since() > feature) {
                    verdicts.add(new Verdict(test, c.flags(), "n/a", "the flags need JDK " + c.since() + "+, this is JDK " + feature));
                } else {
                    byFlags.computeIfAbsent(c.flags(), k -> new ArrayList<>()).add(test);
                }
            }
        });
        Path work = build.resolve("jtreg/last/work");
        int run = 0;
        for (Map.Entry<String, List<String>> e : byFlags.entrySet()) {
            String flags = e.getKey();
            Path log = build.resolve("control-" + (++run) + ".log");
            System.out.println("sensitivity: " + flags + " on " + e.getValue().size() + " test(s); log " + log);
            String base = System.getenv().getOrDefault("VM_OPTIONS", "").trim();
            ProcessBuilder pb = new ProcessBuilder("bash", "make/jtreg.sh")
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            Files.createDirectories(build);
            pb.environment().put("BUILD", build.toString());
            pb.environment().put("TEST", String.join(" ", e.getValue()));
            pb.environment().put("VM_OPTIONS", (base + " " + flags).trim());
            int exit = pb.start().waitFor();
            Map<String, String[]> summary = readSummary(build.resolve("summary.tsv"));
            for (String test : e.getValue()) {
                Control c = controls.get(test).stream().filter(x -> x.flags().equals(flags)).findFirst().orElseThrow();
                verdicts.add(judge(test, c, exit, summary.get(test), work, log));
            }
        }
        print(verdicts);
        boolean ok = verdicts.stream().allMatch(v -> v.outcome().equals("killed") || v.outcome().equals("n/a")
                || v.outcome().equals("skipped"));
        System.exit(ok ? 0 : 1);
    }

    static List<Control> parse(String source, String test) {
        List<Control> list = new ArrayList<>();
        Matcher m = ANNOTATION.matcher(source);
        while (m.find()) {
            String body = m.group(1);
            String flags = attr(body, "flags");
            String kills = attr(body, "kills");
            if (flags == null || kills == null) {
                throw new IllegalArgumentException(test + ": a @NegativeControl needs literal flags and kills: " + m.group());
            }
            String since = attr(body, "since");
            list.add(new Control(flags, kills, attr(body, "why"), since == null ? 17 : Integer.parseInt(since)));
        }
        return list;
    }

    static String attr(String body, String name) {
        Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*(\"((?:[^\"\\\\]|\\\\.)*)\"|(\\d+))").matcher(body);
        if (!m.find()) {
            return null;
        }
        return m.group(2) != null ? m.group(2) : m.group(3);
    }

    static Verdict judge(String test, Control c, int exit, String[] row, Path work, Path log) throws IOException {
        if (row == null) {
            return new Verdict(test, c.flags(), "UNRELATED", "jtreg did not report the test (exit " + exit + "); see " + log);
        }
        switch (row[1]) {
            case "passed":
                return new Verdict(test, c.flags(), "SURVIVED", "the test passed under the control");
            case "skipped":
                return new Verdict(test, c.flags(), "skipped", row.length > 3 ? row[3] : "");
            default:
                break;
        }
        String message = assertionMessage(work, test);
        if (message == null) {
            return new Verdict(test, c.flags(), "UNRELATED", "failed without an assertion of the pack: "
                    + (row.length > 3 ? row[3] : "") + " (see " + log + ")");
        }
        String expectation = message.lines().findFirst().orElse("");
        if (!expectation.contains(c.kills())) {
            return new Verdict(test, c.flags(), "UNRELATED", "the assertion that failed does not name " + c.kills()
                    + ": " + message.lines().findFirst().orElse(""));
        }
        return new Verdict(test, c.flags(), "killed", message.lines().findFirst().orElse(""));
    }

    /** The message of the pack's AssertionError in the test's .jtr files, or null when it failed otherwise. */
    static String assertionMessage(Path work, String test) throws IOException {
        Path base = work.resolve(test.replaceAll("\\.java$", ""));
        Path dir = base.getParent();
        String stem = base.getFileName().toString();
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path jtr : (Iterable<Path>) files.filter(p -> p.getFileName().toString().matches(
                    Pattern.quote(stem) + "(_.*)?\\.jtr"))::iterator) {
                String text = Files.readString(jtr);
                int at = text.indexOf("java.lang.AssertionError: ");
                if (at < 0) {
                    continue;
                }
                int end = text.indexOf("\n\tat ", at);
                String message = text.substring(at + "java.lang.AssertionError: ".length(), end < 0 ? text.length() : end);
                if (message.startsWith("expected") || message.contains("\nexpected")) {
                    return message;
                }
            }
        }
        return null;
    }

    static Map<String, String[]> readSummary(Path tsv) throws IOException {
        Map<String, String[]> rows = new LinkedHashMap<>();
        if (Files.exists(tsv)) {
            for (String line : Files.readAllLines(tsv)) {
                String[] f = line.split("\t", -1);
                rows.put(f[0], f);
            }
        }
        return rows;
    }

    static void print(List<Verdict> verdicts) {
        int tw = verdicts.stream().mapToInt(v -> v.test().length()).max().orElse(4);
        int fw = verdicts.stream().mapToInt(v -> v.flags().length()).max().orElse(5);
        System.out.println();
        System.out.println("Sensitivity (test x negative control):");
        for (Verdict v : verdicts) {
            System.out.println(String.format("  %-" + tw + "s  %-" + fw + "s  %-10s %s", v.test(), v.flags(), v.outcome(), v.detail()));
        }
        long killed = verdicts.stream().filter(v -> v.outcome().equals("killed")).count();
        long bad = verdicts.stream().filter(v -> !List.of("killed", "n/a", "skipped").contains(v.outcome())).count();
        long other = verdicts.size() - killed - bad;
        System.out.println("sensitivity: " + killed + " killed, " + bad + " survived or unrelated, " + other + " skipped or n/a");
        System.out.println(killed + " passed, " + bad + " failed, " + other + " skipped");
    }
}
