import anatomy.probe.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The pack's run summary: one line per test (outcome, wall time, reason), the reasons grouped, and the totals
 * alone on the last line as "N passed, N failed, N skipped", with ", N findings" when there are any. Tests whose
 * @requires did not hold are not run by jtreg at all; they are listed with the probe's reason for the clauses
 * that failed. The outcomes: passed, failed, skipped, and finding: a test that did not run only because this
 * JDK's defaults differ from what it claims (anatomy.probe.Finding: every property that stopped it has the
 * JDK's default as its cause, none the user's options or the platform), whether jtreg did not select it or it
 * skipped at run time naming such a property.
 *
 * Exit status: 1 when a test failed, else 3 when there are findings, else 0 (also when nothing ran, 1).
 *
 * Usage: Summary WORK_DIR PROBE_REPORT START_EPOCH_SECONDS TSV_OUT SELECTION...
 */
public class Summary {
    record Result(String test, String status, double seconds, String reason) {
    }

    public static void main(String[] args) throws IOException {
        Path work = Path.of(args[0]);
        Properties probe = new Properties();
        if (Files.exists(Path.of(args[1]))) {
            try (var in = Files.newBufferedReader(Path.of(args[1]))) {
                probe.load(in);
            }
        }
        long start = Long.parseLong(args[2]) * 1000 - 1000;
        Path tsv = Path.of(args[3]);
        List<String> selection = List.of(args).subList(4, args.length);

        Map<String, Result> results = new TreeMap<>();
        try (Stream<Path> files = Files.walk(work)) {
            for (Path jtr : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jtr"))::iterator) {
                if (Files.getLastModifiedTime(jtr).toMillis() >= start && !jtr.startsWith(work.resolve("scratch"))) {
                    Result r = read(jtr, probe);
                    results.put(r.test(), r);
                }
            }
        }
        for (Path test : Selection.tests(selection)) {
            String file = Path.of("").toAbsolutePath().relativize(test.toAbsolutePath()).toString();
            Map<String, String> blocks = requirements(test, file);
            for (Map.Entry<String, String> block : blocks.entrySet()) {
                if (!results.containsKey(block.getKey())) {
                    Finding.Outcome o = Finding.ofRequires(requires(block.getValue()), probe);
                    // a sibling variant that ran on the same default asserts this JDK's form: not a finding
                    for (Map.Entry<String, String> sibling : blocks.entrySet()) {
                        Result ran = results.get(sibling.getKey());
                        if (o.isFinding() && ran != null && (ran.status().equals("passed") || ran.status().equals("failed"))) {
                            o = Finding.coveredBy(o, requires(block.getValue()), probe, sibling.getKey().replaceFirst("^[^#]*#", ""),
                                    requires(sibling.getValue()));
                        }
                    }
                    results.put(block.getKey(), new Result(block.getKey(), o.status(), 0, o.reason()));
                }
            }
        }

        int passed = 0, failed = 0, skipped = 0, findings = 0;
        Map<String, Integer> skipReasons = new LinkedHashMap<>();
        Map<String, Integer> findingReasons = new LinkedHashMap<>();
        StringBuilder table = new StringBuilder();
        StringBuilder tsvText = new StringBuilder();
        int width = results.keySet().stream().mapToInt(String::length).max().orElse(4);
        for (Result r : results.values()) {
            switch (r.status()) {
                case "passed" -> passed++;
                case "failed" -> failed++;
                case "finding" -> {
                    findings++;
                    findingReasons.merge(r.reason(), 1, Integer::sum);
                }
                default -> {
                    skipped++;
                    skipReasons.merge(r.reason(), 1, Integer::sum);
                }
            }
            table.append(String.format("  %-" + width + "s  %-7s %6.2f s  %s%n", r.test(), r.status(), r.seconds(),
                    r.status().equals("passed") ? "" : r.reason()));
            tsvText.append(r.test()).append('\t').append(r.status()).append('\t')
                    .append(String.format("%.2f", r.seconds())).append('\t').append(r.reason()).append('\n');
        }
        Files.createDirectories(tsv.toAbsolutePath().getParent());
        Files.writeString(tsv, tsvText.toString());
        System.out.println();
        System.out.println("Pack summary (" + probeLine(probe) + "):");
        System.out.print(table);
        skipReasons.forEach((reason, n) -> System.out.println(n + " skipped: " + reason));
        findingReasons.forEach((reason, n) -> System.out.println(n + " finding: " + reason));
        System.out.println(totals(passed, failed, skipped, findings));
        if (results.isEmpty()) {
            System.err.println("error: no test ran; check TEST=" + String.join(" ", selection));
            System.exit(1);
        }
        System.exit(failed > 0 ? 1 : findings > 0 ? 3 : 0);
    }

    /** The totals line: "N passed, N failed, N skipped", and ", N findings" only when there are any. */
    static String totals(int passed, int failed, int skipped, int findings) {
        return passed + " passed, " + failed + " failed, " + skipped + " skipped" + (findings > 0 ? ", " + findings + " findings" : "");
    }

    static String probeLine(Properties p) {
        if (p.isEmpty()) {
            return "no probe report";
        }
        String version = p.getProperty("pack.jdk.why", "").replaceFirst("^java\\.runtime\\.version=", "");
        return "JDK " + (version.isEmpty() ? p.getProperty("pack.jdk") : version) + ", " + p.getProperty("pack.isa")
                + ("true".equals(p.getProperty("pack.emulated")) ? " (emulated)" : "")
                + ", gc " + p.getProperty("pack.gc") + ", C2 " + yesNo(p, "pack.c2") + ", WhiteBox " + yesNo(p, "pack.whitebox")
                + ", disassembly " + p.getProperty("pack.hsdis.mode", "none");
    }

    static String yesNo(Properties p, String key) {
        return "true".equals(p.getProperty(key)) ? "yes" : "no";
    }

    static Result read(Path jtr, Properties probe) throws IOException {
        String text = Files.readString(jtr);
        String test = find(text, "(?m)^test=(.*)$", jtr.toString());
        test = test.replace("\\#", "#");   // jtreg escapes the '#' of a @test id variant in .jtr files
        double seconds = Double.parseDouble(find(text, "(?m)^elapsed=(\\d+)", "0")) / 1000.0;
        String result = find(text, "(?m)^test result: (.*)$", "Error. no result recorded");
        if (result.startsWith("Passed. Skipped: ")) {
            Finding.Outcome o = Finding.ofSkip(result.substring("Passed. Skipped: ".length())
                    .replaceFirst("^jtreg\\.SkippedException: ", ""), probe);
            return new Result(test, o.status(), seconds, o.reason());
        }
        if (result.startsWith("Passed.")) {
            return new Result(test, "passed", seconds, "");
        }
        return new Result(test, "failed", seconds, result);
    }

    static String find(String text, String regex, String otherwise) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1).trim() : otherwise;
    }

    /**
     * The test's @test blocks, as jtreg names them (FILE, FILE#ID for a block with an id, FILE#idN for the N-th
     * of several blocks without one), each with the text of the block, where its @requires are.
     */
    static Map<String, String> requirements(Path test, String file) throws IOException {
        String text = Files.readString(test);
        List<String> blocks = new ArrayList<>();
        Matcher tag = Pattern.compile("@test\\b").matcher(text);
        while (tag.find()) {
            int end = text.indexOf("*/", tag.start());
            blocks.add(text.substring(tag.start(), end < 0 ? text.length() : end));
        }
        Map<String, String> named = new LinkedHashMap<>();
        for (int i = 0; i < blocks.size(); i++) {
            Matcher id = Pattern.compile("^@test\\s+id=(\\S+)").matcher(blocks.get(i));
            String name = id.find() ? file + "#" + id.group(1) : blocks.size() > 1 ? file + "#id" + i : file;
            named.put(name, blocks.get(i));
        }
        return named;
    }

    /** The @requires expressions of a @test block (one per tag; a tag may go on over the next lines of the comment). */
    static List<String> requires(String block) {
        List<String> found = new ArrayList<>();
        Matcher tag = Pattern.compile("@requires\\s+((?:.|\\n(?!\\s*\\*?\\s*@))*)").matcher(block);
        while (tag.find()) {
            found.add(tag.group(1).replaceAll("\\n\\s*\\*?", " ").replaceAll("\\s+", " ").trim());
        }
        return found;
    }
}
