import anatomy.Logged;
import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * make report: certification evidence from the last results. Reads the matrix runs (BUILD/matrix/LABEL) and
 * the last `make test` run (BUILD), the sensitivity verdicts (BUILD/sensitivity) and writes, under OUT:
 * index.html (one self-contained page: the JDKs' facts, the behaviour x JDK/ISA matrix, each cell's evidence),
 * junit.xml (one testsuite per JDK x ISA) and tap/LABEL.tap. Prints the paths, then the totals; exits 1 when
 * any cell failed.
 *
 * Usage: Report BUILD_DIR OUT_DIR    (environment: PACK_VERSION, PACK_TOOLS: the pack's commit, hsdis/capstone)
 */
public class Report {
    /** Each test file's declared negative controls (read from its compiled class, as make sensitivity does). */
    static Map<String, List<Sensitivity.Control>> controls = Map.of();
    static final String CSS = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#111}
            h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}
            table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:.3em .5em;vertical-align:top;text-align:left}
            th{background:#eee}td.facts{font-size:.85em;max-width:30em;overflow-wrap:anywhere}
            td.passed{background:#e3f4e3}td.failed{background:#fbe0e0}td.skipped{background:#f2f2f2}
            .v{font-weight:bold}.passed .v{color:#176317}.failed .v{color:#a40000}.skipped .v{color:#555}
            pre{font:12px/1.3 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;margin:.3em 0;max-width:70em}
            mark{background:#ffe36b}summary{cursor:pointer}.small{font-size:.85em;color:#444}
            details[open]{min-width:40em}
            @media print{body{margin:0;font-size:10pt}details>summary{list-style:none}
             details::details-content{content-visibility:visible;display:contents}
             td{page-break-inside:avoid}mark{outline:1px solid #000}}
            """;

    public static void main(String[] args) throws IOException {
        Path build = Path.of(args[0]).toAbsolutePath();
        Path out = Path.of(args[1]).toAbsolutePath();
        List<Results.Run> runs = runs(build);
        if (runs.isEmpty()) {
            System.err.println("error: no results under " + build + ": run make test or make matrix first");
            System.exit(2);
        }
        Map<String, Map<String, List<String[]>>> verdicts = verdicts(build.resolve("sensitivity"));
        TreeSet<String> tests = new TreeSet<>((a, b) -> (a.startsWith("(") ? "~" + a : a).compareTo(b.startsWith("(") ? "~" + b : b));
        runs.forEach(r -> tests.addAll(r.cells().keySet()));
        List<Path> files = tests.stream().filter(t -> t.startsWith("test/")).map(Results::source).filter(Files::exists).distinct().toList();
        try {
            controls = Controls.read(files, out.resolve("classes"));
        } catch (RuntimeException e) {
            System.err.println("report: the negative controls cannot be read: " + e.getMessage());
        }

        Files.createDirectories(out.resolve("tap"));
        Files.writeString(out.resolve("index.html"), html(runs, tests, verdicts));
        Files.writeString(out.resolve("junit.xml"), junit(runs, tests));
        for (Results.Run r : runs) {
            Files.writeString(out.resolve("tap/" + r.label() + ".tap"), tap(r, tests));
        }
        int[] n = new int[3];
        for (Results.Run r : runs) {
            for (String t : tests) {
                switch (status(r, t)) {
                    case "passed" -> n[0]++;
                    case "failed" -> n[1]++;
                    case "skipped" -> n[2]++;
                    default -> { }
                }
            }
        }
        System.out.println("report: " + out.resolve("index.html") + " (" + Files.size(out.resolve("index.html")) + " bytes)");
        System.out.println("report: " + out.resolve("junit.xml"));
        System.out.println("report: " + out.resolve("tap") + "/{" + String.join(",", runs.stream().map(Results.Run::label).toList()) + "}.tap");
        System.out.println(n[0] + " passed, " + n[1] + " failed, " + n[2] + " skipped");
        System.exit(n[1] > 0 ? 1 : 0);
    }

    /** The matrix's runs in MATRIX order, then the last `make test` run. */
    static List<Results.Run> runs(Path build) throws IOException {
        List<Results.Run> runs = new ArrayList<>();
        Path times = build.resolve("matrix/times.tsv");
        Map<String, List<String[]>> pseudo = new HashMap<>();
        Path results = build.resolve("matrix/results.tsv");
        if (Files.exists(results)) {
            for (String line : Files.readAllLines(results)) {
                String[] f = line.split("\t", -1);
                if (f.length >= 5 && f[1].startsWith("(")) {
                    pseudo.computeIfAbsent(f[0], k -> new ArrayList<>()).add(f);
                }
            }
        }
        if (Files.exists(times)) {
            for (String line : Files.readAllLines(times)) {
                String label = line.split("\t")[0];
                Results.Run r = Results.load(label, build.resolve("matrix").resolve(label));
                for (String[] f : pseudo.getOrDefault(label, List.of())) {
                    r.cells().put(f[1], new Results.Cell(f[1], f[2], "", f[4]));
                }
                runs.add(r);
            }
        }
        if (Files.exists(build.resolve("summary.tsv")) && Files.exists(build.resolve("jtreg/last"))) {
            Results.Run r = Results.load(null, build);
            runs.add(new Results.Run(r.label() + "-test", r.dir(), r.area(), r.probe(), r.run(), r.cells()));
        }
        return runs;
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

    static String status(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        if (c == null) {
            return "none";   // not selected in this run: no verdict, not a skip
        }
        return c.status().startsWith("pass") ? "passed" : c.status().startsWith("fail") || c.status().startsWith("error") ? "failed" : "skipped";
    }

    static String reason(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        return c == null ? "not in this run's results" : c.reason();
    }

    // ---- HTML ----

    static String html(List<Results.Run> runs, TreeSet<String> tests, Map<String, Map<String, List<String[]>>> verdicts) {
        StringBuilder h = new StringBuilder();
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>HotSpot JIT pack: report</title>\n<style>")
                .append(CSS).append("</style>\n<script>addEventListener('beforeprint',()=>document.querySelectorAll('details')")
                .append(".forEach(d=>d.open=true));\naddEventListener('DOMContentLoaded',()=>{const c=document.getElementById(location.hash.slice(1));")
                .append("if(c){c.querySelectorAll('details').forEach(d=>d.open=true);c.scrollIntoView()}})</script></head><body>\n");
        h.append("<h1>HotSpot JIT regression pack: results</h1>\n<p class=\"small\">Pack ").append(esc(env("PACK_VERSION")))
                .append("; ").append(esc(env("PACK_TOOLS"))).append("; written ").append(when).append(".</p>\n");

        h.append("<h2>The JDKs</h2>\n<table id=\"jdks\"><tr><th>fact</th>");
        runs.forEach(r -> h.append("<th>").append(esc(r.label())).append("</th>"));
        h.append("</tr>\n");
        String[][] facts = {{"vendor", null}, {"version", null}, {"home", null}, {"ISA", "pack.isa"}, {"emulated", "pack.emulated"},
                {"collector", "pack.gc"}, {"compressed oops", "pack.coops"}, {"compressed class pointers", "pack.ccp"},
                {"compilation", "pack.compmode"}, {"C2 / C1", null}, {"locking", "pack.locking"}, {"disassembly", "pack.hsdis.mode"},
                {"VM options (user)", null}, {"VM flags in effect", null}, {"CPU features", "pack.cpu.features"}};
        for (String[] f : facts) {
            h.append("<tr><th>").append(f[0]).append("</th>");
            for (Results.Run r : runs) {
                String v = fact(r, f[0], f[1]);
                boolean list = f[0].equals("VM flags in effect") || f[0].equals("CPU features");
                h.append("<td class=\"facts\">").append(list && v.contains(" ") ? "<details><summary>" + v.split(" ").length + " "
                        + (f[0].startsWith("VM") ? "flags" : "features") + "</summary>" + esc(v) + "</details>" : esc(v)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");

        h.append("<h2>Behaviours</h2>\n<p class=\"small\">Each cell opens its evidence: the failure message, the machine code with the ")
                .append("operations the test asserts <mark>highlighted</mark>, the negative controls and their sensitivity verdicts, ")
                .append("and the command that reproduces it.</p>\n<table id=\"matrix\"><thead><tr><th>source</th><th>claim</th><th>test</th>");
        runs.forEach(r -> h.append("<th>").append(esc(r.label())).append("<br><span class=\"small\">gc ")
                .append(esc(r.probe().getProperty("pack.gc", "?"))).append("</span></th>"));
        h.append("</tr></thead><tbody>\n");
        for (String t : tests) {
            Path src = Results.source(t);
            String[] claim = t.startsWith("(") ? new String[] {"", "the run itself"} : Results.claim(src);
            h.append("<tr class=\"behaviour\" data-test=\"").append(esc(t)).append("\"><td>").append(esc(claim[1])).append("</td><td>")
                    .append(esc(claim[0])).append("</td><td><code>").append(esc(t)).append("</code></td>");
            for (Results.Run r : runs) {
                h.append(cell(r, t, verdicts.getOrDefault(jdkKey(r.probe()), Map.of())));
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n</body></html>\n");
        return h.toString();
    }

    /** A cell's anchor: index.html#ID opens its evidence, e.g. #aarch64-17:branches.UnpredictableBranchBecomesCmov */
    static String cellId(Results.Run r, String t) {
        return r.label() + ":" + t.replaceAll("^test/|\\.java", "").replaceAll("[^A-Za-z0-9_#-]+", ".");
    }

    static String fact(Results.Run r, String name, String key) {
        Properties p = r.probe();
        return switch (name) {
            case "vendor" -> releaseValue(r.jdkHome(), "IMPLEMENTOR");
            case "version" -> r.javaVersion().isEmpty()
                    ? "JAVA_VERSION " + releaseValue(r.jdkHome(), "JAVA_VERSION") + " (release file; no java -version recorded)"
                    : String.join(" | ", r.javaVersion());
            case "home" -> r.jdkHome();
            case "emulated" -> "true".equals(p.getProperty(key)) ? p.getProperty(key + ".why", "yes") : "native";
            case "C2 / C1" -> p.getProperty("pack.c2", "?") + " / " + p.getProperty("pack.c1", "?");
            case "VM options (user)" -> r.run().getProperty("vm.options", "") + " " + r.run().getProperty("java.options", "");
            case "VM flags in effect" -> r.run().getProperty("vm.flags", "(not recorded by this run)");
            case "CPU features" -> p.getProperty(key, "").replaceAll("^,|,$", "").replace(",", " ");
            default -> p.getProperty(key, "?");
        };
    }

    static String releaseValue(String home, String key) {
        try {
            String v = Results.find(Files.readString(Path.of(home, "release")), "(?m)^" + key + "=\"?(.*?)\"?$");
            return v == null ? "?" : v;
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    static String cell(Results.Run r, String t, Map<String, List<String[]>> verdicts) {
        String st = status(r, t);
        if (st.equals("none")) {
            return "<td class=\"none\">-</td>";
        }
        Results.Cell c = r.cells().get(t);
        StringBuilder h = new StringBuilder("<td class=\"cell ").append(st).append("\" data-run=\"").append(esc(r.label()))
                .append("\" id=\"").append(cellId(r, t)).append("\">");
        h.append("<details><summary><span class=\"v\">").append(st).append("</span>");
        if (c != null && !c.seconds().isEmpty() && !st.equals("skipped")) {
            h.append(" <span class=\"small\">").append(esc(c.seconds())).append(" s</span>");
        }
        if (!st.equals("passed")) {
            h.append("<br><span class=\"small\">").append(esc(abbrev(reason(r, t), 160))).append("</span>");
        }
        h.append("</summary>");
        Path jtr = t.startsWith("(") ? null : r.jtr(t);
        String text = jtr == null ? "" : Results.read(jtr);
        String message = Results.assertion(text);
        if (st.equals("failed")) {
            h.append("<p><b>failure</b></p><pre>").append(esc(message != null ? message : reason(r, t))).append("</pre>");
        } else if (st.equals("skipped")) {
            h.append("<p><b>skipped:</b> ").append(esc(reason(r, t))).append("</p>");
        }
        if (!t.startsWith("(")) {
            h.append(code(jtr, Results.opsOf(Results.source(t)), Results.isa(r.isa())));
            h.append(events(jtr, t));
            h.append(controls(t, verdicts));
            String vmopts = Results.vmOptions(text);
            if (vmopts.isEmpty()) {
                vmopts = r.run().getProperty("vm.options", "");
            }
            h.append("<p><b>reproduce</b></p><pre>make test TEST=").append(esc(t.replaceAll("#.*", ""))).append(" JDK=")
                    .append(esc(r.jdkHome())).append(" ARCH=").append(esc(r.isa()))
                    .append(vmopts.isBlank() ? "" : " VM_OPTIONS='" + esc(vmopts) + "'").append(" RETAIN=all</pre>");
        }
        return h.append("</details></td>").toString();
    }

    /** The machine code of the test's methods, the asserted operations highlighted (at most 60 lines a method). */
    static String code(Path jtr, List<Op> ops, Isa isa) {
        List<NMethod> nms = new ArrayList<>(Results.nmethods(jtr));
        nms.sort(java.util.Comparator.comparingInt(NMethod::level).reversed());   // C2's code first: what the tests assert on
        if (nms.isEmpty()) {
            return "<p class=\"small\">No machine code kept for this cell (a passing test's output is kept with RETAIN=all).</p>";
        }
        StringBuilder h = new StringBuilder("<p><b>machine code</b> <span class=\"small\">(asserted: ")
                .append(esc(String.join(", ", ops.stream().map(Op::name).toList()))).append(")</span></p>");
        for (NMethod nm : nms) {
            Map<Instruction, Set<Op>> at = Results.matches(nm, ops, isa);
            h.append("<details").append(at.isEmpty() || nm.level() != 4 ? "" : " open").append("><summary><code>").append(esc(nm.describe()))
                    .append("</code>: ").append(nm.instructions().size()).append(" instructions")
                    .append(at.isEmpty() ? "" : ", " + at.size() + " matched").append("</summary><pre>");
            int shown = 0;
            for (Instruction i : nm.instructions()) {
                if (++shown > 60) {
                    h.append("... (").append(nm.instructions().size() - 60).append(" more)\n");
                    break;
                }
                String notes = String.join(" ", i.annotations());
                String line = String.format("0x%x: %-36s %s", i.address(), i.text(), abbrev(notes, 90)).stripTrailing();
                Set<Op> m = at.get(i);
                h.append(m == null ? esc(line) : "<mark title=\"" + m + "\">" + esc(line) + "</mark>  \u2190 "
                        + esc(String.join(", ", m.stream().map(Op::name).toList()))).append('\n');
            }
            h.append("</pre></details>");
        }
        return h.toString();
    }

    /** The compilation-log events of the kinds the test names, for its own methods. */
    static String events(Path jtr, String t) {
        List<Logged> kinds = Results.eventsOf(Results.source(t));
        if (kinds.isEmpty()) {
            return "";
        }
        String cls = Results.source(t).getFileName().toString().replaceAll("\\.java$", "");
        List<String> lines = Results.logEvents(jtr, kinds, cls);
        StringBuilder h = new StringBuilder("<p><b>log events</b> <span class=\"small\">(asserted: ")
                .append(esc(String.join(", ", kinds.stream().map(Logged::name).toList()))).append(")</span></p>");
        if (lines.isEmpty()) {
            return h.append("<p class=\"small\">None kept for this cell (a passing test's compilation log is kept with RETAIN=all).</p>").toString();
        }
        h.append("<pre>");
        lines.forEach(l -> h.append("<mark>").append(esc(l)).append("</mark>\n"));
        return h.append("</pre>").toString();
    }

    static String controls(String t, Map<String, List<String[]>> verdicts) {
        List<Sensitivity.Control> declared = controls.getOrDefault(t.replaceAll("#.*", ""), List.of());
        if (declared.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<p><b>negative controls</b></p><ul>");
        List<String[]> known = verdicts.getOrDefault(t.replaceAll("#.*", ""), List.of());
        for (Sensitivity.Control c : declared) {
            String verdict = known.stream().filter(v -> v[1].equals(c.flags())).map(v -> v[2] + (v.length > 3 ? ": " + abbrev(v[3], 200) : ""))
                    .findFirst().orElse("not measured on this JDK (make sensitivity)");
            h.append("<li><code>").append(esc(c.flags())).append("</code> kills ").append(esc(c.kills())).append(" (").append(esc(c.why()))
                    .append(c.requires().isEmpty() ? "" : "; requires " + esc(c.requires())).append("): <b>").append(esc(verdict)).append("</b></li>");
        }
        return h.append("</ul>").toString();
    }

    // ---- JUnit XML and TAP ----

    static String junit(List<Results.Run> runs, TreeSet<String> tests) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hotspot-jit-pack\">\n");
        for (Results.Run r : runs) {
            int[] n = new int[3];
            StringBuilder cases = new StringBuilder();
            double total = 0;
            for (String t : tests) {
                String st = status(r, t);
                if (st.equals("none")) {
                    continue;
                }
                Results.Cell c = r.cells().get(t);
                double secs = c == null || c.seconds().isEmpty() ? 0 : Double.parseDouble(c.seconds());
                total += secs;
                String dir = t.contains("/") ? t.substring(0, t.lastIndexOf('/')).replace('/', '.') : "run";
                String cls = "pack." + r.label() + "." + dir;
                cases.append("    <testcase classname=\"").append(xml(cls)).append("\" name=\"").append(xml(t)).append("\" time=\"")
                        .append(String.format("%.2f", secs)).append("\"");
                switch (st) {
                    case "passed" -> { n[0]++; cases.append("/>\n"); }
                    case "failed" -> {
                        n[1]++;
                        String msg = Results.assertion(r.jtr(t) == null ? "" : Results.read(r.jtr(t)));
                        String first = (msg != null ? msg : reason(r, t)).lines().findFirst().orElse("failed");
                        cases.append(">\n      <failure message=\"").append(xml(first)).append("\">")
                                .append(xml(msg != null ? msg : reason(r, t))).append("</failure>\n    </testcase>\n");
                    }
                    default -> {
                        n[2]++;
                        cases.append(">\n      <skipped message=\"").append(xml(reason(r, t))).append("\"/>\n    </testcase>\n");
                    }
                }
            }
            x.append("  <testsuite name=\"").append(xml(r.label())).append("\" tests=\"").append(n[0] + n[1] + n[2])
                    .append("\" failures=\"").append(n[1]).append("\" errors=\"0\" skipped=\"").append(n[2]).append("\" time=\"")
                    .append(String.format("%.2f", total)).append("\">\n    <properties>\n");
            for (String k : List.of("pack.jdk.why", "pack.isa", "pack.gc", "pack.emulated.why", "pack.hsdis.mode")) {
                x.append("      <property name=\"").append(k).append("\" value=\"").append(xml(r.probe().getProperty(k, ""))).append("\"/>\n");
            }
            x.append("      <property name=\"jdk.home\" value=\"").append(xml(r.jdkHome())).append("\"/>\n    </properties>\n")
                    .append(cases).append("  </testsuite>\n");
        }
        return x.append("</testsuites>\n").toString();
    }

    static String tap(Results.Run r, TreeSet<String> tests) {
        StringBuilder t = new StringBuilder("TAP version 13\n");
        t.append("# hotspot-jit-pack ").append(env("PACK_VERSION")).append('\n');
        t.append("# ").append(env("PACK_TOOLS")).append('\n');
        t.append("# platform ").append(r.label()).append(": ").append(r.jdkHome()).append('\n');
        r.javaVersion().forEach(l -> t.append("# java -version: ").append(l).append('\n'));
        t.append("# disassembly: ").append(r.probe().getProperty("pack.hsdis.why", r.probe().getProperty("pack.hsdis.mode", "?"))).append('\n');
        List<String> mine = tests.stream().filter(x -> !status(r, x).equals("none")).toList();
        t.append("1..").append(mine.size()).append('\n');
        int i = 0;
        for (String test : mine) {
            String st = status(r, test);
            i++;
            switch (st) {
                case "passed" -> t.append("ok ").append(i).append(" - ").append(test).append('\n');
                case "failed" -> {
                    t.append("not ok ").append(i).append(" - ").append(test).append('\n');
                    String msg = Results.assertion(r.jtr(test) == null ? "" : Results.read(r.jtr(test)));
                    (msg != null ? msg : reason(r, test)).lines().limit(12).forEach(l -> t.append("# ").append(l).append('\n'));
                }
                default -> t.append("ok ").append(i).append(" - ").append(test).append(" # SKIP ")
                        .append(reason(r, test).replace('\n', ' ')).append('\n');
            }
        }
        return t.toString();
    }

    static String env(String k) {
        String v = System.getenv(k);
        return v == null ? "" : v;
    }

    static String abbrev(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 3) + "...";
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String xml(String s) {
        return esc(s).replaceAll("[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]", "?");
    }
}
