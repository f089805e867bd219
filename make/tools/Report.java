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
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * make report: certification evidence from the last results. Reads the matrix runs (BUILD/matrix/LABEL) and
 * the last `make test` run (BUILD), the sensitivity verdicts (BUILD/sensitivity) and writes, under OUT:
 * index.html (one self-contained page: a grid of behaviour x JDK/ISA with one glyph a cell, each cell's outcome
 * compared with a baseline column, per-column totals and wall times; the runs' facts; each cell's evidence one
 * click away below the grid), junit.xml (one testsuite per JDK x ISA) and tap/LABEL.tap. Prints the paths,
 * then the totals; exits 1 when any cell failed.
 *
 * A cell's outcome is read from the run's status word, whatever tool wrote it: passed, failed (also jtreg's
 * error), skipped, finding (a skip this JDK's defaults caused, not the user's options), inconclusive (a verdict the
 * pack could not reach: in JUnit an error with its reason, in TAP a "not ok ... # inconclusive: reason"), problem
 * (a problem list excluded it: a skip in JUnit and TAP, named so); any other word is shown as it is, with its own
 * glyph, and counted with the skips in the last line, as JUnit and TAP count it. Exits 1 when a cell failed, else 4
 * when one is inconclusive, else 0.
 *
 * Usage: Report BUILD_DIR OUT_DIR    (environment: PACK_VERSION, PACK_TOOLS: the pack's commit, hsdis/capstone;
 *                                     REPORT_BASELINE: the label of the baseline column, default the first)
 *        Report --from OUT_DIR BUNDLE_DIR...   the shards' bundles merged (Bundles.merge; PACK_COMMIT: this checkout's
 *                                     commit); exit 2 when they are refused, or when a shard of the plan is missing
 */
public class Report {
    /** Each test file's declared negative controls (read from its compiled class, as make sensitivity does). */
    static Map<String, List<Sensitivity.Control>> controls = Map.of();
    /** Each matrix run's wall time in seconds (BUILD/matrix/times.tsv), by label. */
    static final Map<String, String> wallTimes = new HashMap<>();
    /** Where the report is written: its links to .jtr files and child output are relative to it. */
    static Path out = Path.of(".");
    /** Where the results come from when they are not this BUILD's: make report FROM='s bundles (Bundles.merge). */
    static String provenance = "";

    /** The outcomes the report knows, in the order of the legend and the totals, with their glyphs. */
    static final Map<String, String> GLYPHS = new LinkedHashMap<>();
    static {
        for (anatomy.probe.Outcome o : List.of(anatomy.probe.Outcome.PASSED, anatomy.probe.Outcome.FAILED, anatomy.probe.Outcome.FINDING,
                anatomy.probe.Outcome.INCONCLUSIVE, anatomy.probe.Outcome.PROBLEM, anatomy.probe.Outcome.SKIPPED)) {
            GLYPHS.put(o.word(), o.glyph());
        }
    }
    static final String OTHER_GLYPH = "?";
    static final String NONE_GLYPH = "\u00B7";   // middle dot: the run did not select the test

    static final String CSS = """
            body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#111}
            h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.15em;margin-top:1.6em}h3{font-size:1em;margin:1.2em 0 .3em}
            table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:.3em .5em;vertical-align:top;text-align:left}
            th{background:#eee}.small{font-size:.85em;color:#444}code{font-size:.95em}
            .g{display:inline-block;min-width:1.3em;text-align:center;font-weight:bold;border-radius:3px}
            .passed{background:#dcf2dc}.passed .g,.g.passed{color:#176317}
            .failed{background:#fbd5d5}.failed .g,.g.failed{color:#b00000}
            .finding{background:#ffe7a8}.finding .g,.g.finding{color:#8a4b00}
            .inconclusive{background:#f8d3ef}.inconclusive .g,.g.inconclusive{color:#8b1a6b}
            .problem{background:#dae5f5}.problem .g,.g.problem{color:#1d3f7a}
            .skipped{background:#ececec}.skipped .g,.g.skipped{color:#555}
            .other{background:#e4dcf5}.other .g,.g.other{color:#4b2a8c}
            .none .g,.g.none{color:#999}
            #legend{margin:.6em 0;line-height:2}#legend>span{margin-right:1.1em;white-space:nowrap}
            #legend .g{border:1px solid #bbb;padding:0 .15em}
            #grid{table-layout:fixed;width:min(100%,calc(400px + var(--n)*84px))}
            #grid col.t{width:380px}
            #grid th,#grid td{padding:.15em .3em;overflow-wrap:break-word}
            #grid thead th{font-size:11px;font-weight:normal;text-align:center;vertical-align:bottom;line-height:1.25}
            #grid thead th.isa{font-size:12px;vertical-align:middle;background:#e2e6ee}
            #grid thead th.run b{font-size:12px}#grid thead th.t{text-align:left;font-size:13px}
            #grid thead .bl{display:none;color:#1d4ed8;font-weight:bold}#grid thead th.base .bl{display:block}
            #grid thead th.base{background:#dbe5fb}
            #grid tbody th,#grid tfoot th{font-weight:normal;font-size:13px;background:#fafafa;text-align:left}
            #grid tbody th a{color:inherit;text-decoration:none}#grid tbody th .v{color:#1d4ed8}
            #grid td.c{text-align:center;vertical-align:middle;padding:0;font-size:16px;position:relative}
            #grid td.c a{display:block;color:inherit;text-decoration:none;padding:.1em 0}
            #grid td.c.base{box-shadow:inset 3px 0 0 #9db4ea,inset -3px 0 0 #9db4ea}
            #grid td.c.diff{box-shadow:inset 0 0 0 3px #1d4ed8}
            #grid td.c.diff::after{content:"\\0394";position:absolute;top:0;right:2px;font-size:9px;font-weight:bold;color:#1d4ed8}
            #grid tfoot td{text-align:center;font-size:12px}#grid tfoot tr.wall td,#grid tfoot tr.wall th{border-top:2px solid #888}
            #grid tr:target th,#grid tr:target td.c{outline:2px solid #f0a500;outline-offset:-2px}
            #runs td{font-size:.85em;overflow-wrap:anywhere}#runs td.facts{max-width:26em}
            section.ev{border-top:1px solid #ccc;margin-top:1em}
            section.ev details{margin:.3em 0;border:1px solid #ddd;border-radius:4px;padding:.2em .5em}
            section.ev details.passed,section.ev details.skipped,section.ev details.none{background:#fbfbfb}
            section.ev details:target{outline:3px solid #f0a500}
            summary{cursor:pointer}
            pre{font:12px/1.3 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;margin:.3em 0;max-width:110em;background:#fff}
            mark{background:#ffe36b}
            @media print{body{margin:0;font-size:10pt}details>summary{list-style:none}
             details::details-content{content-visibility:visible;display:contents}
             details{page-break-inside:avoid}mark{outline:1px solid #000}#baseline-pick{display:none}}
            """;
    /**
     * The page's one script: opens every details before printing and the one an anchor names; switches the
     * baseline column, from the list or index.html?baseline=LABEL (marks again every cell whose outcome differs
     * from the new baseline's in its row, and counts them); records the page's layout (the grid's width against the window's) for make report-check.
     */
    static final String SCRIPT = """
            addEventListener('beforeprint',()=>document.querySelectorAll('details').forEach(d=>d.open=true));
            function openTarget(){const e=document.getElementById(decodeURIComponent(location.hash.slice(1)));
             if(e&&e.tagName==='DETAILS'){e.open=true;e.scrollIntoView()}}
            addEventListener('hashchange',openTarget);
            function setBaseline(b){const n={};
             document.querySelectorAll('#grid th.run').forEach(h=>h.classList.toggle('base',h.dataset.run===b));
             document.querySelectorAll('#grid tr.behaviour').forEach(tr=>{
              const bc=[...tr.querySelectorAll('td.c')].find(td=>td.dataset.run===b);const bs=bc?bc.dataset.status:'none';
              tr.querySelectorAll('td.c').forEach(td=>{const s=td.dataset.status,d=bs!=='none'&&s!=='none'&&s!==bs;
               td.classList.toggle('diff',d);td.classList.toggle('base',td.dataset.run===b);if(d)n[td.dataset.run]=(n[td.dataset.run]||0)+1})});
             document.querySelectorAll('#grid tr.differ td').forEach(td=>td.textContent=td.dataset.run===b?'base':(n[td.dataset.run]||0));
             document.getElementById('grid').dataset.baseline=b;const l=document.getElementById('baseline-label');if(l)l.textContent=b}
            addEventListener('DOMContentLoaded',()=>{openTarget();const s=document.getElementById('baseline');if(!s)return;
             s.addEventListener('change',()=>setBaseline(s.value));
             const q=new URLSearchParams(location.search).get('baseline');
             if(q&&[...s.options].some(o=>o.value===q)){s.value=q;setBaseline(q)}});
            addEventListener('load',()=>{const g=document.getElementById('grid'),h=document.documentElement;
             h.dataset.viewport=innerWidth;h.dataset.clientWidth=h.clientWidth;h.dataset.pageWidth=h.scrollWidth;
             if(g){h.dataset.gridRight=Math.ceil(g.getBoundingClientRect().right);h.dataset.gridScroll=g.scrollWidth;h.dataset.gridWidth=g.clientWidth}});
            """;

    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("--from")) {
            out = Path.of(args[1]).toAbsolutePath();
            Bundles.Merged merged = null;
            try {
                merged = Bundles.merge(List.of(args).subList(2, args.length).stream().map(Path::of).toList(), env("PACK_COMMIT"), out);
            } catch (Bundles.Refused e) {
                System.err.println("error: make report FROM=: " + e.getMessage());
                System.exit(2);
            }
            provenance = merged.provenance();
            int status = write(out.resolve("no-sensitivity"), merged.runs());
            merged.missing().forEach(k -> System.err.println("report: shard " + k + " is missing: no bundle holds its cells, the report is partial"));
            System.exit(merged.missing().isEmpty() ? status : 2);
        }
        Path build = Path.of(args[0]).toAbsolutePath();
        out = Path.of(args[1]).toAbsolutePath();
        System.exit(write(build, runs(build)));
    }

    /** Writes the page, JUnit and TAP of the runs; the sensitivity verdicts from BUILD. The exit status: 1 a cell failed, 4 inconclusive. */
    static int write(Path build, List<Results.Run> runs) throws IOException {
        if (runs.isEmpty()) {
            System.err.println("error: no results under " + build + ": run make test or make matrix first");
            return 2;
        }
        Map<String, Map<String, List<String[]>>> verdicts = verdicts(build.resolve("sensitivity"));
        TreeSet<String> tests = tests(runs);
        List<Path> files = tests.stream().filter(t -> t.startsWith("test/")).map(Results::source).filter(Files::exists).distinct().toList();
        try {
            controls = Controls.read(files, out.resolve("classes"));
        } catch (RuntimeException e) {
            System.err.println("report: the negative controls cannot be read: " + e.getMessage());
        }
        List<Results.Run> columns = columns(runs);
        String baseline = baseline(columns, System.getenv("REPORT_BASELINE"));

        Files.createDirectories(out.resolve("tap"));
        Files.writeString(out.resolve("index.html"), html(columns, tests, verdicts, baseline));
        Files.writeString(out.resolve("junit.xml"), junit(runs, tests));
        for (Results.Run r : runs) {
            Files.writeString(out.resolve("tap/" + r.label() + ".tap"), tap(r, tests));
        }
        Map<String, Integer> n = new LinkedHashMap<>();
        GLYPHS.keySet().forEach(k -> n.put(k, 0));
        int differ = 0;
        Results.Run base = columns.stream().filter(r -> r.label().equals(baseline)).findFirst().orElseThrow();
        for (Results.Run r : runs) {
            for (String t : tests) {
                String st = status(r, t);
                if (!st.equals("none")) {
                    n.merge(st, 1, Integer::sum);
                }
                differ += r != base && differs(status(base, t), st) ? 1 : 0;
            }
        }
        int other = n.entrySet().stream().filter(e -> !GLYPHS.containsKey(e.getKey())).mapToInt(Map.Entry::getValue).sum();
        System.out.println("report: " + out.resolve("index.html") + " (" + Files.size(out.resolve("index.html")) + " bytes)");
        System.out.println("report: " + out.resolve("junit.xml"));
        System.out.println("report: " + out.resolve("tap") + "/{" + String.join(",", runs.stream().map(Results.Run::label).toList()) + "}.tap");
        System.out.println("report: " + tests.size() + " behaviours x " + runs.size() + " runs: " + String.join(", ",
                n.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList()) + "; baseline " + baseline + ", "
                + differ + " cell(s) differ from it");
        if (other > 0) {
            System.out.println("report: the statuses make report does not know are counted as skipped below, as in junit.xml"
                    + " and the TAP files");
        }
        // The last line keeps the pack's form (anatomy.probe.Outcome.totals; make check reads it through Runs): unknown statuses
        // count as skips.
        Map<anatomy.probe.Outcome, Integer> totals = anatomy.probe.Outcome.counts();
        totals.replaceAll((o, k) -> n.getOrDefault(o.word(), 0));
        totals.merge(anatomy.probe.Outcome.SKIPPED, other, Integer::sum);
        System.out.println(anatomy.probe.Outcome.totals(totals));
        return n.get("failed") > 0 ? 1 : n.get("inconclusive") > 0 ? 4 : 0;
    }

    static TreeSet<String> tests(List<Results.Run> runs) {
        TreeSet<String> tests = new TreeSet<>((a, b) -> (a.startsWith("(") ? "~" + a : a).compareTo(b.startsWith("(") ? "~" + b : b));
        runs.forEach(r -> tests.addAll(r.cells().keySet()));
        return tests;
    }

    /** The matrix's runs in MATRIX order, then the last `make test` run. */
    static List<Results.Run> runs(Path build) throws IOException {
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
    static String status(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        return c == null ? "none" : outcome(c.status());
    }

    static String outcome(String word) {
        String s = word.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("pass")) {
            return "passed";
        } else if (s.startsWith("fail") || s.startsWith("error")) {
            return "failed";
        } else if (s.startsWith("finding")) {
            return "finding";
        } else if (s.startsWith("inconclusive")) {
            return "inconclusive";
        } else if (s.startsWith("problem")) {
            return "problem";
        } else if (s.startsWith("skip") || s.startsWith("not run")) {
            return "skipped";
        }
        String shown = s.replaceAll("[^a-z0-9 _.-]", "").trim();
        return shown.isEmpty() || shown.equals("none") ? "unknown" : shown;
    }

    static String glyph(String st) {
        return st.equals("none") ? NONE_GLYPH : GLYPHS.getOrDefault(st, OTHER_GLYPH);
    }

    /** The CSS class of an outcome: its own for the four the report knows, "other" for any other word. */
    static String css(String st) {
        return GLYPHS.containsKey(st) || st.equals("none") ? st : "other";
    }

    static String reason(Results.Run r, String test) {
        Results.Cell c = r.cells().get(test);
        return c == null ? "not in this run's results" : c.reason();
    }

    /** A reason for a line: jtreg's "Failed. Execution failed: `main' threw exception: java.lang.AssertionError: " left off. */
    static String brief(String reason, int n) {
        return abbrev(reason.replaceFirst("^Failed\\. Execution failed: `main' threw exception: (java\\.lang\\.AssertionError: )?", ""), n);
    }

    // ---- HTML ----

    static String html(List<Results.Run> cols, TreeSet<String> tests, Map<String, Map<String, List<String[]>>> verdicts, String baseline) {
        StringBuilder h = new StringBuilder();
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>HotSpot JIT pack: report</title>\n<style>")
                .append(CSS).append("</style>\n<script>").append(SCRIPT).append("</script></head><body>\n");
        h.append("<h1>HotSpot JIT regression pack: results</h1>\n<p class=\"small\">Pack ").append(esc(env("PACK_VERSION")))
                .append(provenance.isEmpty() ? "" : ", " + esc(provenance)).append("; ").append(esc(env("PACK_TOOLS"))).append("; written ").append(when).append(".</p>\n");
        h.append(legend(cols, tests, baseline));
        h.append(grid(cols, tests, baseline));
        h.append(runsTable(cols));
        h.append("<h2 id=\"evidence\">Evidence</h2>\n<p class=\"small\">One block per behaviour, one line per run: click it (or a cell of ")
                .append("the grid) for the reason, the failure message, the machine code of the test's methods with the operations it asserts ")
                .append("<mark>highlighted</mark>, the compilation-log events it names, the negative controls with their sensitivity ")
                .append("verdicts, the files the run kept and the command that reproduces it. Failures are open.</p>\n");
        for (String t : tests) {
            h.append(evidence(cols, t, verdicts));
        }
        return h.append("</body></html>\n").toString();
    }

    /** The summary line, the glyphs' legend and the baseline switch. */
    static String legend(List<Results.Run> cols, TreeSet<String> tests, String baseline) {
        StringBuilder h = new StringBuilder("<p>").append(tests.size()).append(" behaviours (rows) \u00d7 ").append(cols.size())
                .append(" runs (columns: a JDK on an ISA). Baseline: <b id=\"baseline-label\">").append(esc(baseline)).append("</b>")
                .append(" <label id=\"baseline-pick\" class=\"small\">(switch: <select id=\"baseline\">");
        cols.forEach(r -> h.append("<option").append(r.label().equals(baseline) ? " selected" : "").append(">").append(esc(r.label())).append("</option>"));
        h.append("</select>)</label>. Click a cell for its evidence.</p>\n<p id=\"legend\" class=\"small\">");
        String[][] meaning = {
            {"passed", "passed: the claim holds"},
            {"failed", "failed: the claim does not hold (or the test could not run)"},
            {"finding", "finding: skipped because of this JDK's defaults, not your options"},
            {"inconclusive", "inconclusive: the pack could not reach a verdict (not a pass)"},
            {"problem", "problem-listed: a known problem of this JDK or emulator (bug id in the cell)"},
            {"skipped", "skipped: a precondition your configuration does not meet"},
        };
        for (String[] m : meaning) {
            h.append("<span><span class=\"g ").append(m[0]).append("\">").append(glyph(m[0]))
                    .append("</span> ").append(m[1]).append("</span>");
        }
        h.append("<span><span class=\"g other\">").append(OTHER_GLYPH).append("</span> a status make report does not know (named in the cell)</span>")
                .append("<span><span class=\"g none\">").append(NONE_GLYPH).append("</span> not selected in that run</span>")
                .append("<span><span class=\"g\" style=\"box-shadow:inset 0 0 0 3px #1d4ed8\">\u0394</span> outcome differs from the baseline's in its row</span>")
                .append("</p>\n");
        return h.toString();
    }

    /** The grid: one row per behaviour, one glyph per run, grouped under ISA headers; totals and wall times below. */
    static String grid(List<Results.Run> cols, TreeSet<String> tests, String baseline) {
        StringBuilder h = new StringBuilder("<table id=\"grid\" data-baseline=\"").append(esc(baseline)).append("\" style=\"--n:")
                .append(cols.size()).append("\"><colgroup><col class=\"t\">");
        cols.forEach(r -> h.append("<col class=\"r\">"));
        h.append("</colgroup>\n<thead><tr><th class=\"t\" rowspan=\"2\">behaviour <span class=\"small\">(test/&hellip;; hover: the claim)</span></th>");
        for (int i = 0; i < cols.size(); ) {
            String p = platform(cols.get(i));
            int j = i;
            while (j < cols.size() && platform(cols.get(j)).equals(p)) {
                j++;
            }
            h.append("<th class=\"isa\" colspan=\"").append(j - i).append("\">").append(esc(p)).append("</th>");
            i = j;
        }
        h.append("</tr>\n<tr>");
        for (Results.Run r : cols) {
            String title = vendor(r) + " " + version(r) + "\n" + String.join("\n", r.javaVersion()) + "\n" + r.jdkHome()
                    + "\ngc " + r.probe().getProperty("pack.gc", "?");
            h.append("<th class=\"run").append(r.label().equals(baseline) ? " base" : "").append("\" data-run=\"").append(esc(r.label()))
                    .append("\" title=\"").append(esc(title)).append("\"><span class=\"bl\">baseline</span>").append(esc(r.label()))
                    .append("<br><b>").append(esc(version(r)).replace("+", "<wbr>+")).append("</b><br>").append(esc(vendor(r))).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        Results.Run base = cols.stream().filter(r -> r.label().equals(baseline)).findFirst().orElse(cols.get(0));
        Map<String, Integer> differ = new HashMap<>();
        for (String t : tests) {
            String[] claim = claim(t);
            h.append("<tr class=\"behaviour\" id=\"row-").append(slug(t)).append("\" data-test=\"").append(esc(t)).append("\"><th title=\"")
                    .append(esc(claim[0] + (claim[1].isEmpty() ? "" : " (" + claim[1] + ")"))).append("\"><a href=\"#t-").append(slug(t)).append("\">")
                    .append(esc(t.replaceAll("^test/|\\.java", "").replaceAll("#.*", "")).replace("/", "/<wbr>"));
            if (t.contains("#")) {
                h.append("<wbr><span class=\"v\">#").append(esc(t.substring(t.indexOf('#') + 1))).append("</span>");
            }
            h.append("</a></th>");
            String bs = status(base, t);
            for (Results.Run r : cols) {
                String st = status(r, t);
                boolean d = r != base && differs(bs, st);
                if (d) {
                    differ.merge(r.label(), 1, Integer::sum);
                }
                h.append("<td class=\"c ").append(css(st)).append(r == base ? " base" : "").append(d ? " diff" : "").append("\" data-run=\"")
                        .append(esc(r.label())).append("\" data-status=\"").append(esc(st)).append("\">");
                if (st.equals("none")) {
                    h.append("<span class=\"g\" title=\"not selected in this run\">").append(NONE_GLYPH).append("</span>");
                } else {
                    Results.Cell c = r.cells().get(t);
                    String tip = r.label() + ": " + st + (c.seconds().isEmpty() || st.equals("skipped") ? "" : " in " + c.seconds() + " s")
                            + (reason(r, t).isBlank() ? "" : "\n" + brief(reason(r, t), 300));
                    h.append("<a class=\"g\" href=\"#").append(cellId(r, t)).append("\" title=\"").append(esc(tip)).append("\">")
                            .append(glyph(st)).append("</a>");
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n<tfoot>\n");
        TreeSet<String> seen = new TreeSet<>();
        cols.forEach(r -> tests.forEach(t -> seen.add(status(r, t))));
        List<String> rows = new ArrayList<>(GLYPHS.keySet());
        seen.stream().filter(s -> !GLYPHS.containsKey(s) && !s.equals("none")).forEach(rows::add);
        for (String st : rows) {
            h.append("<tr class=\"total\" data-status=\"").append(esc(st)).append("\"><th><span class=\"g ").append(css(st)).append("\">")
                    .append(glyph(st)).append("</span> ").append(esc(st)).append("</th>");
            for (Results.Run r : cols) {
                long k = tests.stream().filter(t -> status(r, t).equals(st)).count();
                h.append("<td data-run=\"").append(esc(r.label())).append("\"").append(k > 0 && !st.equals("passed") ? " class=\"" + css(st) + "\"" : "")
                        .append(">").append(k).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("<tr class=\"differ\"><th>\u0394 differ from the baseline</th>");
        cols.forEach(r -> h.append("<td data-run=\"").append(esc(r.label())).append("\">")
                .append(r == base ? "base" : differ.getOrDefault(r.label(), 0)).append("</td>"));
        h.append("</tr>\n<tr class=\"wall\"><th>wall time</th>");
        for (Results.Run r : cols) {
            h.append("<td data-run=\"").append(esc(r.label())).append("\">").append(esc(wall(r))).append("</td>");
        }
        return h.append("</tr>\n</tfoot></table>\n").toString();
    }

    /** The runs' facts, one row per run: the JDK, the ISA, the VM's configuration, the options, flags and CPU features. */
    static String runsTable(List<Results.Run> cols) {
        StringBuilder h = new StringBuilder("<h2>The runs</h2>\n<table id=\"runs\"><tr><th>run</th><th>JDK</th><th>ISA, CPU</th>")
                .append("<th>configuration the probe found</th><th>VM options (user)</th><th>VM flags in effect</th><th>CPU features</th></tr>\n");
        for (Results.Run r : cols) {
            Properties p = r.probe();
            String config = "gc " + p.getProperty("pack.gc", "?") + " \u00b7 compressed oops " + p.getProperty("pack.coops", "?")
                    + " \u00b7 compressed class pointers " + p.getProperty("pack.ccp", "?") + " \u00b7 " + p.getProperty("pack.compmode", "?")
                    + " \u00b7 C2 " + p.getProperty("pack.c2", "?") + ", C1 " + p.getProperty("pack.c1", "?") + " \u00b7 locking "
                    + p.getProperty("pack.locking", "?") + " \u00b7 disassembly " + p.getProperty("pack.hsdis.mode", "?");
            String flags = r.run().getProperty("vm.flags", "(not recorded by this run)").trim();
            String features = p.getProperty("pack.cpu.features", "").replaceAll("^,|,$", "").replace(",", " ");
            String versionLines = r.javaVersion().isEmpty()
                    ? "JAVA_VERSION " + releaseValue(r.jdkHome(), "JAVA_VERSION") + " (release file; no java -version recorded)"
                    : String.join("\n", r.javaVersion());
            h.append("<tr id=\"run-").append(esc(r.label())).append("\"><th>").append(esc(r.label())).append("</th><td class=\"facts\"><b>")
                    .append(esc(vendor(r))).append(" ").append(esc(version(r))).append("</b> <span class=\"small\"><code>").append(esc(r.jdkHome()))
                    .append("</code></span><details class=\"small\"><summary>java -version</summary>").append(esc(versionLines).replace("\n", "<br>"))
                    .append("</details></td><td>")
                    .append(esc(r.isa())).append("<br><span class=\"small\">").append(esc(emulation(r))).append("</span></td><td class=\"facts\">")
                    .append(esc(config)).append("</td><td>")
                    .append(esc((r.run().getProperty("vm.options", "") + " " + r.run().getProperty("java.options", "")).trim())).append("</td><td>")
                    .append(list(flags, "flags")).append("</td><td>").append(list(features, "features")).append("</td></tr>\n");
        }
        return h.append("</table>\n").toString();
    }

    static String list(String items, String noun) {
        return items.contains(" ") ? "<details><summary>" + items.split("\\s+").length + " " + noun + "</summary>" + esc(items) + "</details>" : esc(items);
    }

    /** One behaviour's evidence: its claim, then one details block per run (its id is the grid cell's anchor). */
    static String evidence(List<Results.Run> cols, String t, Map<String, Map<String, List<String[]>>> verdicts) {
        String[] claim = claim(t);
        StringBuilder h = new StringBuilder("<section class=\"ev\" id=\"t-").append(slug(t)).append("\"><h3><code>").append(esc(t))
                .append("</code> <span class=\"small\">").append(esc(claim[1])).append(" <a href=\"#row-").append(slug(t))
                .append("\">\u2191 grid</a></span></h3>\n");
        if (!claim[0].isEmpty()) {
            h.append("<p>").append(esc(claim[0])).append("</p>\n");
        }
        for (Results.Run r : cols) {
            h.append(cellEvidence(r, t, verdicts.getOrDefault(jdkKey(r.probe()), Map.of()))).append('\n');
        }
        return h.append("</section>\n").toString();
    }

    /** The test's claim and its source tag, or those of a pseudo-row of the matrix: (prepare), (run). */
    static String[] claim(String t) {
        return t.startsWith("(") ? new String[] {"the run itself: the JDK could not be prepared or the run left no results", ""}
                : Results.claim(Results.source(t));
    }

    /** A cell's anchor: index.html#ID opens its evidence, e.g. #aarch64-17:branches.UnpredictableBranchBecomesCmov */
    static String cellId(Results.Run r, String t) {
        return esc(r.label()) + ":" + slug(t);
    }

    /** A behaviour in an id: test/escape/AllocationMergeIsScalarReplaced.java#fromJdk22 -> escape.AllocationMergeIsScalarReplaced.fromJdk22 */
    static String slug(String t) {
        return t.replaceAll("^test/|\\.java", "").replaceAll("[^A-Za-z0-9_-]+", ".").replaceAll("^\\.|\\.$", "");
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

    /** native, or qemu and the CPU it emulates (from the probe: "running under qemu-user (qemu-aarch64-static 7.2.22 -cpu neoverse-n1)"). */
    static String emulation(Results.Run r) {
        if (!"true".equals(r.probe().getProperty("pack.emulated"))) {
            return "native";
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

    /** A link to a file the run kept, relative to the report (so that build/ can be archived as a whole). */
    static String fileLink(Path p) {
        String rel;
        try {
            rel = out.relativize(p.toAbsolutePath()).toString();
        } catch (IllegalArgumentException e) {
            rel = p.toAbsolutePath().toString();
        }
        return "<a href=\"" + esc(rel.replace("#", "%23")) + "\"><code>" + esc(p.getFileName().toString()) + "</code></a>";
    }

    /** One cell's evidence, a details block whose id is the grid cell's anchor. */
    static String cellEvidence(Results.Run r, String t, Map<String, List<String[]>> verdicts) {
        String st = status(r, t);
        StringBuilder h = new StringBuilder("<details class=\"").append(css(st)).append("\" id=\"").append(cellId(r, t)).append("\" data-run=\"")
                .append(esc(r.label())).append("\"").append(st.equals("failed") ? " open" : "").append("><summary><span class=\"g ")
                .append(css(st)).append("\">").append(glyph(st)).append("</span> <b>").append(esc(r.label())).append("</b> <span class=\"small\">")
                .append(esc(vendor(r) + " " + version(r) + ", " + r.isa() + " " + emulation(r))).append("</span>: ");
        if (st.equals("none")) {
            return h.append("not selected in this run</summary></details>").toString();
        }
        Results.Cell c = r.cells().get(t);
        h.append(esc(st));
        if (!c.seconds().isEmpty() && !st.equals("skipped") && !st.equals("finding") && !st.equals("problem")) {
            h.append(" <span class=\"small\">").append(esc(c.seconds())).append(" s</span>");
        }
        if (!st.equals("passed") && !reason(r, t).isBlank()) {
            h.append(" <span class=\"small\">").append(esc(brief(reason(r, t), 200))).append("</span>");
        }
        h.append("</summary>");
        Path jtr = t.startsWith("(") ? null : r.jtr(t);
        String text = jtr == null ? "" : Results.read(jtr);
        String message = Results.assertion(text);
        switch (st) {
            case "passed" -> { }
            case "failed" -> h.append("<p><b>failure</b></p><pre>").append(esc(message != null ? message : reason(r, t))).append("</pre>");
            case "finding" -> h.append("<p><b>finding:</b> ").append(esc(reason(r, t)))
                    .append(" <span class=\"small\">(a skip this JDK's defaults caused, not the options of the run)</span></p>");
            case "skipped" -> h.append("<p><b>skipped:</b> ").append(esc(reason(r, t))).append("</p>");
            case "inconclusive" -> h.append("<p><b>inconclusive</b> <span class=\"small\">(the pack could not reach a verdict:"
                    + " not a pass)</span></p><pre>").append(esc(reason(r, t))).append("</pre>");
            case "problem" -> h.append("<p><b>problem-listed:</b> ").append(esc(reason(r, t))).append("</p>");
            default -> h.append("<p><b>status <code>").append(esc(c.status())).append("</code></b> (not one make report knows): ")
                    .append(esc(reason(r, t))).append("</p>");
        }
        if (!t.startsWith("(")) {
            if (jtr != null) {
                h.append("<p class=\"small\"><b>files:</b> ").append(fileLink(jtr));
                Results.childOutputs(jtr).forEach(f -> h.append(" \u00b7 ").append(fileLink(f)));
                h.append("</p>");
            }
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
        return h.append("</details>").toString();
    }

    /** The machine code of the test's methods, the asserted operations highlighted (at most 60 lines a method). */
    static String code(Path jtr, List<Op> ops, Isa isa) {
        List<NMethod> nms = new ArrayList<>(Results.nmethods(jtr));
        nms.sort(java.util.Comparator.comparingInt(NMethod::level).reversed());   // C2's code first: what the tests assert on
        if (nms.isEmpty()) {
            return jtr != null && !Results.childOutputs(jtr).isEmpty()
                    ? "<p class=\"small\">No machine code in the child VMs' output the run kept (files above) that the pack's parser reads.</p>"
                    : "<p class=\"small\">No machine code kept for this cell (a passing test's output is kept with RETAIN=all).</p>";
        }
        StringBuilder h = new StringBuilder("<p><b>machine code</b> <span class=\"small\">(asserted: ")
                .append(esc(String.join(", ", ops.stream().map(Op::name).toList())))
                .append(isa == null ? "; not highlighted: the pack has no vocabulary for this ISA" : "").append(")</span></p>");
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
            int[] n = new int[anatomy.probe.Outcome.Junit.values().length];   // by the JUnit child: none, failure, error, skipped
            StringBuilder cases = new StringBuilder();
            double total = 0;
            for (String t : tests) {
                String st = status(r, t);
                if (st.equals("none")) {
                    continue;
                }
                Results.Cell c = r.cells().get(t);
                double secs = c == null || !c.seconds().matches("[0-9]+(\\.[0-9]*)?") ? 0 : Double.parseDouble(c.seconds());
                total += secs;
                String dir = t.contains("/") ? t.substring(0, t.lastIndexOf('/')).replace('/', '.') : "run";
                String cls = "pack." + r.label() + "." + dir;
                cases.append("    <testcase classname=\"").append(xml(cls)).append("\" name=\"").append(xml(t)).append("\" time=\"")
                        .append(String.format(Locale.ROOT, "%.2f", secs)).append("\"");
                anatomy.probe.Outcome o = anatomy.probe.Outcome.of(st, "the cell of " + t);
                String detail = o == anatomy.probe.Outcome.FAILED ? failureText(r, t) : reason(r, t);
                String message = o.junit() == anatomy.probe.Outcome.Junit.SKIPPED ? skipMessage(r, t) : o.qualified(first(detail));
                n[o.junit().ordinal()]++;
                String child = o.junitChild(xml(message), xml(detail));
                cases.append(child.isEmpty() ? "/>\n" : ">\n      " + child + "\n    </testcase>\n");
            }
            x.append("  <testsuite name=\"").append(xml(r.label())).append("\" tests=\"").append(java.util.Arrays.stream(n).sum())
                    .append("\" failures=\"").append(n[1]).append("\" errors=\"").append(n[2]).append("\" skipped=\"").append(n[3]).append("\" time=\"")
                    .append(String.format(Locale.ROOT, "%.2f", total)).append("\">\n    <properties>\n");
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
            anatomy.probe.Outcome o = anatomy.probe.Outcome.of(st, "the cell of " + test);
            String why = o.tap() == anatomy.probe.Outcome.Tap.SKIP ? skipMessage(r, test).replace('\n', ' ') : reason(r, test);
            t.append(o.tapLine(i, test, why)).append('\n');
            if (o == anatomy.probe.Outcome.FAILED) {
                failureText(r, test).lines().limit(12).forEach(l -> t.append("# ").append(l).append('\n'));
            }
        }
        return t.toString();
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
