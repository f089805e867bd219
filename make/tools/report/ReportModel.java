package report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import results.Results;
import sensitivity.Controls;
import sensitivity.Sensitivity;

/**
 * What make report has read, merged and judged, that every format prints: the runs (make matrix's in MATRIX order,
 * then make test's; or the bundles' joined), the grid's columns (runs grouped by platform) and rows (the behaviours),
 * the baseline column's label, each test file's declared negative controls and the sensitivity verdicts per JDK
 * (jdkKey: test -> rows {test, flags, outcome, detail}). A cell's outcome is {@link #status}. Built by make report
 * (Report), read by each ReportFormat. The statics below are the helpers every format shares (a cell's status, its
 * reason, escaping) and the run's context that make report sets before it builds the model.
 */
public record ReportModel(List<Results.Run> runs, List<Results.Run> columns, TreeSet<String> tests, String baseline,
                   Map<String, List<Sensitivity.Control>> controls, Map<String, Map<String, List<String[]>>> verdicts) {
    /** Each matrix run's wall time in seconds (BUILD/matrix/times.tsv), by label. */
    static final Map<String, String> wallTimes = new HashMap<>();
    /** Where the report is written: its links to .jtr files and child output are relative to it. */
    public static Path out = Path.of(".");
    /** Where the results come from when they are not this BUILD's: make report FROM='s bundles (Bundles.merge). */
    static String provenance = "";
    /** The header's pack and tools lines (PackIdentity: the commit, hsdis and capstone), set by Report. */
    static String packVersion = "", packTools = "";

    /** The outcomes the report knows (anatomy.probe.Outcome), in the order of the legend and the totals, with their glyphs. */
    static final Map<String, String> GLYPHS = new LinkedHashMap<>();
    static {
        for (anatomy.probe.Outcome o : anatomy.probe.Outcome.values()) {
            GLYPHS.put(o.word(), o.glyph());
        }
    }
    static final String OTHER_GLYPH = "?";
    static final String NONE_GLYPH = "\u00B7";   // middle dot: the run did not select the test

    /** The model of the runs, with the sensitivity verdicts under BUILD and the negative controls of the tests' classes. */
    static ReportModel of(Path build, List<Results.Run> runs) throws IOException {
        TreeSet<String> tests = tests(runs);
        List<Path> files = tests.stream().filter(t -> t.startsWith("test/")).map(Results::source).filter(Files::exists).distinct().toList();
        Map<String, List<Sensitivity.Control>> controls = Map.of();
        try {
            controls = Controls.read(files, out.resolve("classes"));
        } catch (RuntimeException e) {
            System.err.println("report: the negative controls cannot be read: " + e.getMessage());
        }
        List<Results.Run> columns = columns(runs);
        return new ReportModel(runs, columns, tests, baseline(columns, System.getenv("REPORT_BASELINE")), controls,
                verdicts(build.resolve("sensitivity")));
    }

    public static TreeSet<String> tests(List<Results.Run> runs) {
        TreeSet<String> tests = new TreeSet<>((a, b) -> (a.startsWith("(") ? "~" + a : a).compareTo(b.startsWith("(") ? "~" + b : b));
        runs.forEach(r -> tests.addAll(r.cells().keySet()));
        return tests;
    }

    /** The matrix's runs in MATRIX order, then the last `make test` run. */
    public static List<Results.Run> runs(Path build) throws IOException {
        List<Results.Run> runs = new ArrayList<>();
        Path times = build.resolve("matrix/times.tsv");
        Map<String, List<String[]>> pseudo = new LinkedHashMap<>();
        Path results = build.resolve("matrix/results.tsv");
        if (Files.exists(results)) {
            for (String line : Files.readAllLines(results)) {
                String[] f = line.split("\t", -1);
                if (f.length >= 5 && f[1].startsWith("(")) {
                    pseudo.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
                }
            }
        }
        // The runs times.tsv lists, then those that only left a pseudo-row (a JDK that could not be prepared).
        List<String> labels = new ArrayList<>();
        if (Files.exists(times)) {
            for (String line : Files.readAllLines(times)) {
                String[] f = line.split("\t", -1);
                labels.add(f[0]);
                if (f.length > 1) {
                    wallTimes.put(f[0], f[1]);
                }
            }
        }
        pseudo.keySet().stream().filter(l -> !labels.contains(l)).forEach(labels::add);
        for (String label : labels) {
            Results.Run r = Results.load(label, build.resolve("matrix").resolve(label));
            for (String[] p : pseudo.getOrDefault(label, List.of())) {
                r.cells().put(p[1], new Results.Cell(p[1], p[2], "", p[4]));
            }
            runs.add(r);
        }
        if (Files.exists(build.resolve("summary.tsv")) && Files.exists(build.resolve("jtreg/last"))) {
            Results.Run r = Results.load(null, build);
            runs.add(new Results.Run(r.label() + "-test", r.dir(), r.area(), r.probe(), r.run(), r.cells()));
        }
        return runs;
    }

    /**
     * The grid's column order: the runs grouped by ISA and CPU (native, or the CPU qemu emulates), the groups in
     * the order their first run has, each group's runs in their order. The first column is the first run.
     */
    static List<Results.Run> columns(List<Results.Run> runs) {
        Map<String, List<Results.Run>> groups = new LinkedHashMap<>();
        runs.forEach(r -> groups.computeIfAbsent(platform(r), k -> new ArrayList<>()).add(r));
        return groups.values().stream().flatMap(List::stream).toList();
    }

    /** The baseline column: REPORT_BASELINE's label when it names a column, else the first column. */
    static String baseline(List<Results.Run> columns, String wanted) {
        if (wanted != null && !wanted.isBlank()) {
            if (columns.stream().anyMatch(r -> r.label().equals(wanted.trim()))) {
                return wanted.trim();
            }
            System.err.println("report: REPORT_BASELINE=" + wanted + " is not a column (" + String.join(" ",
                    columns.stream().map(Results.Run::label).toList()) + "): the baseline is the first column, " + columns.get(0).label());
        }
        return columns.get(0).label();
    }

    /** A cell differs from its row's baseline when both have an outcome and the outcomes are not the same. */
    static boolean differs(String base, String st) {
        return !base.equals("none") && !st.equals("none") && !base.equals(st);
    }

    /** Sensitivity verdicts per JDK (runtime version + ISA): test -> rows {test, flags, outcome, detail}. */
    static Map<String, Map<String, List<String[]>>> verdicts(Path sensitivity) throws IOException {
        Map<String, Map<String, List<String[]>>> all = new HashMap<>();
        Path areas = sensitivity.resolve("jtreg");
        if (!Files.isDirectory(areas)) {
            return all;
        }
        try (Stream<Path> s = Files.list(areas)) {
            for (Path area : s.filter(p -> Files.exists(p.resolve("verdicts.tsv")) && !Files.isSymbolicLink(p)).toList()) {
                Properties probe = Results.props(area.resolve("probe.properties"));
                Map<String, List<String[]>> byTest = all.computeIfAbsent(jdkKey(probe), k -> new HashMap<>());
                for (String line : Files.readAllLines(area.resolve("verdicts.tsv"))) {
                    String[] f = line.split("\t", -1);
                    byTest.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
                }
            }
        }
        return all;
    }

    static String jdkKey(Properties probe) {
        return probe.getProperty("pack.jdk.why", "?") + "/" + probe.getProperty("pack.isa", "?");
    }

    /** A cell's outcome: passed, failed, skipped, finding, another tool's word as it is, or none (not selected). */
    public static String status(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        return c == null ? "none" : outcome(c.status());
    }

    /**
     * The outcome of a status word: an outcome's own word (anatomy.probe.Outcome), or jtreg's and other tools' words for
     * three of them (pass, fail, error, skip, not run), by their start.
     */
    static String outcome(String word) {
        String s = word.trim().toLowerCase(Locale.ROOT);
        for (anatomy.probe.Outcome o : anatomy.probe.Outcome.values()) {
            if (s.startsWith(o.word())) {
                return o.word();
            }
        }
        if (s.startsWith("pass")) {
            return anatomy.probe.Outcome.PASSED.word();
        } else if (s.startsWith("fail") || s.startsWith("error")) {
            return anatomy.probe.Outcome.FAILED.word();
        } else if (s.startsWith("skip") || s.startsWith("not run")) {
            return anatomy.probe.Outcome.SKIPPED.word();
        }
        String shown = s.replaceAll("[^a-z0-9 _.-]", "").trim();
        return shown.isEmpty() || shown.equals("none") ? "unknown" : shown;
    }

    static String glyph(String st) {
        return st.equals("none") ? NONE_GLYPH : GLYPHS.getOrDefault(st, OTHER_GLYPH);
    }

    public static String reason(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        return c == null ? "not in this run's results" : c.reason();
    }

    /** The test's claim and its source tag, or those of a pseudo-row of the matrix: (prepare), (run). */
    static String[] claim(String t) {
        return t.startsWith("(") ? new String[] {"the run itself: the JDK could not be prepared or the run left no results", ""}
                : Results.claim(Results.source(t));
    }

    /** The JDK's exact version, as its build names it without the vendor's suffix: 17.0.15+6, 28-ea+18, 17.0.2+8. */
    static String version(Results.Run r) {
        String full = null;
        for (String line : r.javaVersion()) {
            Matcher m = Pattern.compile("\\(build ([^,)\\s]+)").matcher(line);
            if (m.find()) {
                full = m.group(1);
                break;
            }
        }
        if (full == null) {
            full = releaseValue(r.jdkHome(), "JAVA_RUNTIME_VERSION");
        }
        if (full.equals("?")) {
            full = releaseValue(r.jdkHome(), "JAVA_VERSION");
        }
        Matcher m = Pattern.compile("^\\d+(\\.\\d+)*(-[a-z]+)?(\\+\\d+)?").matcher(full);
        return m.find() ? m.group() : full;
    }

    /**
     * The vendor, short: the name java -version gives its runtime ("OpenJDK Runtime Environment Temurin-17.0.2+8"),
     * else the release file's IMPLEMENTOR_VERSION's (Temurin-25.0.3+9), else IMPLEMENTOR's first word (Debian).
     */
    static String vendor(Results.Run r) {
        for (String line : r.javaVersion()) {
            String name = Results.find(line, "Runtime Environment ([A-Za-z]+)[-0-9]");
            if (name != null) {
                return name;
            }
        }
        String impl = releaseValue(r.jdkHome(), "IMPLEMENTOR_VERSION");
        if (!impl.equals("?") && impl.matches("[A-Za-z].*")) {
            return impl.replaceAll("[-_ ].*", "");
        }
        String vendor = releaseValue(r.jdkHome(), "IMPLEMENTOR");
        return vendor.equals("?") ? "" : vendor.split("\\s+")[0];
    }

    /** The column group of a run: its ISA, and the CPU qemu emulates when it is emulated. */
    static String platform(Results.Run r) {
        return r.probe().containsKey("pack.isa") ? r.isa() + " \u00b7 " + emulation(r) : "no probe report";
    }

    /**
     * native, or qemu and the CPU it emulates (from the probe: "running under qemu-user (qemu-aarch64-static 7.2.22 -cpu
     * neoverse-n1)"); a native run names the vector settings the VM chose (the last part of pack.cpu, e.g. "UseSSE=4
     * UseAVX=2 MaxVectorSize=32"), so the same CPU under HotSpot's switches for another level is a column of its own.
     */
    static String emulation(Results.Run r) {
        if (!"true".equals(r.probe().getProperty("pack.emulated"))) {
            String cpu = r.probe().getProperty("pack.cpu", "");
            String vector = cpu.contains("=") ? cpu.substring(cpu.lastIndexOf(';') + 1).trim() : "";
            return vector.isEmpty() ? "native" : "native, " + vector;
        }
        String why = r.probe().getProperty("pack.emulated.why", "");
        String cpu = Results.find(why, "-cpu ([^\\s)]+)");
        return why.contains("qemu") ? "qemu " + (cpu == null ? "(default CPU)" : cpu) : "emulated";
    }

    /** A run's wall time: make matrix's measure, else the sum of its tests' times (the last make test's column). */
    static String wall(Results.Run r) {
        String s = wallTimes.get(r.label());
        if (s != null && !s.isBlank()) {
            return s + " s";
        }
        List<Double> times = r.cells().values().stream().filter(c -> c.seconds().matches("[0-9]+(\\.[0-9]*)?"))
                .map(c -> Double.parseDouble(c.seconds())).toList();
        return times.isEmpty() ? "-" : String.format(Locale.ROOT, "\u03a3 %.0f s", times.stream().mapToDouble(Double::doubleValue).sum());
    }

    static String releaseValue(String home, String key) {
        if (home.isBlank()) {
            return "?";
        }
        try {
            String v = Results.find(Files.readString(Path.of(home, "release")), "(?m)^" + key + "=\"?(.*?)\"?$");
            return v == null ? "?" : v;
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /**
     * A skipped test's message in JUnit and TAP, which have no outcome of their own for these: the reason, for a
     * finding after "finding: ", for a problem-listed test after "problem-listed: ", for a status the report does not
     * know after it ("status 'timeout': ...").
     */
    static String skipMessage(Results.Run r, String t) {
        return anatomy.probe.Outcome.of(status(r, t), "the cell of " + t).qualified(reason(r, t));
    }

    /** A failed cell's text: the pack's assertion message in its .jtr, else its reason. */
    static String failureText(Results.Run r, String t) {
        String msg = Results.assertion(r.jtr(t) == null ? "" : Results.read(r.jtr(t)));
        return msg != null ? msg : reason(r, t);
    }

    /** The first line of a reason (an inconclusive's facts run over several). */
    static String first(String reason) {
        return reason.lines().findFirst().orElse("");
    }

    static String abbrev(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 3) + "...";
    }

    public static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String xml(String s) {
        return esc(s).replaceAll("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]", "?");
    }
}
