package report;

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
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import results.Results;
import sensitivity.Sensitivity;

/**
 * make report's page, index.html: one self-contained page (inline CSS and one small inline script) with the grid of
 * behaviour x run (one glyph a cell, compared with the baseline column; per-column totals and wall times), the runs'
 * facts, and each cell's evidence one click away below the grid (the reason, the failure message, the machine code
 * with the asserted operations highlighted in the run's own ISA's forms, the log events, the negative controls, the
 * files the run kept and the command that reproduces it). Links to those files are relative to the report directory.
 */
public final class HtmlPage implements ReportFormat {
    static final String FILE = "index.html";

    @Override
    public List<Path> write(ReportModel model, Path dir) throws IOException {
        Path page = dir.resolve(FILE);
        Files.writeString(page, html(model, dir));
        return List.of(page);
    }

    /** Each outcome's colours (anatomy.probe.Outcome.tint): its cells' background, its glyph's ink. */
    static String tints() {
        StringBuilder css = new StringBuilder();
        for (anatomy.probe.Outcome o : anatomy.probe.Outcome.values()) {
            String w = o.word();
            css.append('.').append(w).append("{background:").append(o.tint().background()).append("}.").append(w).append(" .g,.g.")
                    .append(w).append("{color:").append(o.tint().ink()).append("}\n");
        }
        return css.toString();
    }

    static final String CSS = """
            body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#111}
            h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.15em;margin-top:1.6em}h3{font-size:1em;margin:1.2em 0 .3em}
            table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:.3em .5em;vertical-align:top;text-align:left}
            th{background:#eee}.small{font-size:.85em;color:#444}code{font-size:.95em}
            .g{display:inline-block;min-width:1.3em;text-align:center;font-weight:bold;border-radius:3px}
            /*outcomes*/.other{background:#e4dcf5}.other .g,.g.other{color:#4b2a8c}
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
            """.replace("/*outcomes*/", tints());
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


    /** The CSS class of an outcome: its own for the four the report knows, "other" for any other word. */
    static String css(String st) {
        return ReportModel.GLYPHS.containsKey(st) || st.equals("none") ? st : "other";
    }


    /** A reason for a line: jtreg's "Failed. Execution failed: `main' threw exception: java.lang.AssertionError: " left off. */
    static String brief(String reason, int n) {
        return ReportModel.abbrev(reason.replaceFirst("^Failed\\. Execution failed: `main' threw exception: (java\\.lang\\.AssertionError: )?", ""), n);
    }


    static String html(ReportModel m, Path dir) {
        List<Results.Run> cols = m.columns();
        TreeSet<String> tests = m.tests();
        String baseline = m.baseline();
        StringBuilder h = new StringBuilder();
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>HotSpot JIT pack: report</title>\n<style>")
                .append(CSS).append("</style>\n<script>").append(SCRIPT).append("</script></head><body>\n");
        h.append("<h1>HotSpot JIT regression pack: results</h1>\n<p class=\"small\">Pack ").append(ReportModel.esc(ReportModel.packVersion))
                .append(ReportModel.provenance.isEmpty() ? "" : ", " + ReportModel.esc(ReportModel.provenance)).append("; ").append(ReportModel.esc(ReportModel.packTools)).append("; written ").append(when).append(".</p>\n");
        h.append(legend(cols, tests, baseline));
        h.append(grid(cols, tests, baseline));
        h.append(runsTable(cols));
        h.append("<h2 id=\"evidence\">Evidence</h2>\n<p class=\"small\">One block per behaviour, one line per run: click it (or a cell of ")
                .append("the grid) for the reason, the failure message, the machine code of the test's methods with the operations it asserts ")
                .append("<mark>highlighted</mark>, the compilation-log events it names, the negative controls with their sensitivity ")
                .append("verdicts, the files the run kept and the command that reproduces it. Failures are open.</p>\n");
        for (String t : tests) {
            h.append(evidence(m, t, dir));
        }
        return h.append("</body></html>\n").toString();
    }

    /** The summary line, the glyphs' legend and the baseline switch. */
    static String legend(List<Results.Run> cols, TreeSet<String> tests, String baseline) {
        StringBuilder h = new StringBuilder("<p>").append(tests.size()).append(" behaviours (rows) \u00d7 ").append(cols.size())
                .append(" runs (columns: a JDK on an ISA). Baseline: <b id=\"baseline-label\">").append(ReportModel.esc(baseline)).append("</b>")
                .append(" <label id=\"baseline-pick\" class=\"small\">(switch: <select id=\"baseline\">");
        cols.forEach(r -> h.append("<option").append(r.label().equals(baseline) ? " selected" : "").append(">").append(ReportModel.esc(r.label())).append("</option>"));
        h.append("</select>)</label>. Click a cell for its evidence.</p>\n<p id=\"legend\" class=\"small\">");
        for (anatomy.probe.Outcome o : anatomy.probe.Outcome.values()) {
            h.append("<span><span class=\"g ").append(o.word()).append("\">").append(o.glyph()).append("</span> ")
                    .append(ReportModel.esc(o.label())).append(": ").append(ReportModel.esc(o.meaning())).append("</span>");
        }
        h.append("<span><span class=\"g other\">").append(ReportModel.OTHER_GLYPH).append("</span> a status make report does not know (named in the cell)</span>")
                .append("<span><span class=\"g none\">").append(ReportModel.NONE_GLYPH).append("</span> not selected in that run</span>")
                .append("<span><span class=\"g\" style=\"box-shadow:inset 0 0 0 3px #1d4ed8\">\u0394</span> outcome differs from the baseline's in its row</span>")
                .append("</p>\n");
        return h.toString();
    }

    /** The grid: one row per behaviour, one glyph per run, grouped under ISA headers; totals and wall times below. */
    static String grid(List<Results.Run> cols, TreeSet<String> tests, String baseline) {
        StringBuilder h = new StringBuilder("<table id=\"grid\" data-baseline=\"").append(ReportModel.esc(baseline)).append("\" style=\"--n:")
                .append(cols.size()).append("\"><colgroup><col class=\"t\">");
        cols.forEach(r -> h.append("<col class=\"r\">"));
        h.append("</colgroup>\n<thead><tr><th class=\"t\" rowspan=\"2\">behaviour <span class=\"small\">(test/&hellip;; hover: the claim)</span></th>");
        for (int i = 0; i < cols.size(); ) {
            String p = ReportModel.platform(cols.get(i));
            int j = i;
            while (j < cols.size() && ReportModel.platform(cols.get(j)).equals(p)) {
                j++;
            }
            h.append("<th class=\"isa\" colspan=\"").append(j - i).append("\">").append(ReportModel.esc(p)).append("</th>");
            i = j;
        }
        h.append("</tr>\n<tr>");
        for (Results.Run r : cols) {
            String title = ReportModel.vendor(r) + " " + ReportModel.version(r) + "\n" + String.join("\n", r.javaVersion()) + "\n" + r.jdkHome()
                    + "\ngc " + r.probe().getProperty("pack.gc", "?");
            h.append("<th class=\"run").append(r.label().equals(baseline) ? " base" : "").append("\" data-run=\"").append(ReportModel.esc(r.label()))
                    .append("\" title=\"").append(ReportModel.esc(title)).append("\"><span class=\"bl\">baseline</span>").append(ReportModel.esc(r.label()))
                    .append("<br><b>").append(ReportModel.esc(ReportModel.version(r)).replace("+", "<wbr>+")).append("</b><br>").append(ReportModel.esc(ReportModel.vendor(r))).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        Results.Run base = cols.stream().filter(r -> r.label().equals(baseline)).findFirst().orElse(cols.get(0));
        Map<String, Integer> differ = new HashMap<>();
        for (String t : tests) {
            String[] claim = ReportModel.claim(t);
            h.append("<tr class=\"behaviour\" id=\"row-").append(slug(t)).append("\" data-test=\"").append(ReportModel.esc(t)).append("\"><th title=\"")
                    .append(ReportModel.esc(claim[0] + (claim[1].isEmpty() ? "" : " (" + claim[1] + ")"))).append("\"><a href=\"#t-").append(slug(t)).append("\">")
                    .append(ReportModel.esc(t.replaceAll("^test/|\\.java", "").replaceAll("#.*", "")).replace("/", "/<wbr>"));
            if (t.contains("#")) {
                h.append("<wbr><span class=\"v\">#").append(ReportModel.esc(t.substring(t.indexOf('#') + 1))).append("</span>");
            }
            h.append("</a></th>");
            String bs = ReportModel.status(base, t);
            for (Results.Run r : cols) {
                String st = ReportModel.status(r, t);
                boolean d = r != base && ReportModel.differs(bs, st);
                if (d) {
                    differ.merge(r.label(), 1, Integer::sum);
                }
                h.append("<td class=\"c ").append(css(st)).append(r == base ? " base" : "").append(d ? " diff" : "").append("\" data-run=\"")
                        .append(ReportModel.esc(r.label())).append("\" data-status=\"").append(ReportModel.esc(st)).append("\">");
                if (st.equals("none")) {
                    h.append("<span class=\"g\" title=\"not selected in this run\">").append(ReportModel.NONE_GLYPH).append("</span>");
                } else {
                    Results.Cell c = r.cells().get(t);
                    String tip = r.label() + ": " + st + (c.seconds().isEmpty() || st.equals("skipped") ? "" : " in " + c.seconds() + " s")
                            + (ReportModel.reason(r, t).isBlank() ? "" : "\n" + brief(ReportModel.reason(r, t), 300));
                    h.append("<a class=\"g\" href=\"#").append(cellId(r, t)).append("\" title=\"").append(ReportModel.esc(tip)).append("\">")
                            .append(ReportModel.glyph(st)).append("</a>");
                }
                h.append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n<tfoot>\n");
        TreeSet<String> seen = new TreeSet<>();
        cols.forEach(r -> tests.forEach(t -> seen.add(ReportModel.status(r, t))));
        List<String> rows = new ArrayList<>(ReportModel.GLYPHS.keySet());
        seen.stream().filter(s -> !ReportModel.GLYPHS.containsKey(s) && !s.equals("none")).forEach(rows::add);
        for (String st : rows) {
            h.append("<tr class=\"total\" data-status=\"").append(ReportModel.esc(st)).append("\"><th><span class=\"g ").append(css(st)).append("\">")
                    .append(ReportModel.glyph(st)).append("</span> ").append(ReportModel.esc(st)).append("</th>");
            for (Results.Run r : cols) {
                long k = tests.stream().filter(t -> ReportModel.status(r, t).equals(st)).count();
                h.append("<td data-run=\"").append(ReportModel.esc(r.label())).append("\"").append(k > 0 && !st.equals("passed") ? " class=\"" + css(st) + "\"" : "")
                        .append(">").append(k).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("<tr class=\"differ\"><th>\u0394 differ from the baseline</th>");
        cols.forEach(r -> h.append("<td data-run=\"").append(ReportModel.esc(r.label())).append("\">")
                .append(r == base ? "base" : differ.getOrDefault(r.label(), 0)).append("</td>"));
        h.append("</tr>\n<tr class=\"wall\"><th>wall time</th>");
        for (Results.Run r : cols) {
            h.append("<td data-run=\"").append(ReportModel.esc(r.label())).append("\">").append(ReportModel.esc(ReportModel.wall(r))).append("</td>");
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
                    ? "JAVA_VERSION " + ReportModel.releaseValue(r.jdkHome(), "JAVA_VERSION") + " (release file; no java -version recorded)"
                    : String.join("\n", r.javaVersion());
            h.append("<tr id=\"run-").append(ReportModel.esc(r.label())).append("\"><th>").append(ReportModel.esc(r.label())).append("</th><td class=\"facts\"><b>")
                    .append(ReportModel.esc(ReportModel.vendor(r))).append(" ").append(ReportModel.esc(ReportModel.version(r))).append("</b> <span class=\"small\"><code>").append(ReportModel.esc(r.jdkHome()))
                    .append("</code></span><details class=\"small\"><summary>java -version</summary>").append(ReportModel.esc(versionLines).replace("\n", "<br>"))
                    .append("</details></td><td>")
                    .append(ReportModel.esc(r.isa())).append("<br><span class=\"small\">").append(ReportModel.esc(ReportModel.emulation(r))).append("</span></td><td class=\"facts\">")
                    .append(ReportModel.esc(config)).append("</td><td>")
                    .append(ReportModel.esc((r.run().getProperty("vm.options", "") + " " + r.run().getProperty("java.options", "")).trim())).append("</td><td>")
                    .append(list(flags, "flags")).append("</td><td>").append(list(features, "features")).append("</td></tr>\n");
        }
        return h.append("</table>\n").toString();
    }

    static String list(String items, String noun) {
        return items.contains(" ") ? "<details><summary>" + items.split("\\s+").length + " " + noun + "</summary>" + ReportModel.esc(items) + "</details>" : ReportModel.esc(items);
    }

    /** One behaviour's evidence: its claim, then one details block per run (its id is the grid cell's anchor). */
    static String evidence(ReportModel m, String t, Path dir) {
        String[] claim = ReportModel.claim(t);
        StringBuilder h = new StringBuilder("<section class=\"ev\" id=\"t-").append(slug(t)).append("\"><h3><code>").append(ReportModel.esc(t))
                .append("</code> <span class=\"small\">").append(ReportModel.esc(claim[1])).append(" <a href=\"#row-").append(slug(t))
                .append("\">\u2191 grid</a></span></h3>\n");
        if (!claim[0].isEmpty()) {
            h.append("<p>").append(ReportModel.esc(claim[0])).append("</p>\n");
        }
        for (Results.Run r : m.columns()) {
            h.append(cellEvidence(m, r, t, m.verdicts().getOrDefault(ReportModel.jdkKey(r.probe()), Map.of()), dir)).append('\n');
        }
        return h.append("</section>\n").toString();
    }

    /** A cell's anchor: index.html#ID opens its evidence, e.g. #aarch64-17:branches.UnpredictableBranchBecomesCmov */
    static String cellId(Results.Run r, String t) {
        return ReportModel.esc(r.label()) + ":" + slug(t);
    }

    /** A behaviour in an id: test/escape/AllocationMergeIsScalarReplaced.java#fromJdk22 -> escape.AllocationMergeIsScalarReplaced.fromJdk22 */
    static String slug(String t) {
        return t.replaceAll("^test/|\\.java", "").replaceAll("[^A-Za-z0-9_-]+", ".").replaceAll("^\\.|\\.$", "");
    }

    /** A link to a file the run kept, relative to the report (so that build/ can be archived as a whole). */
    static String fileLink(Path p, Path dir) {
        String rel;
        try {
            rel = dir.toAbsolutePath().relativize(p.toAbsolutePath()).toString();
        } catch (IllegalArgumentException e) {
            rel = p.toAbsolutePath().toString();
        }
        return "<a href=\"" + ReportModel.esc(rel.replace("#", "%23")) + "\"><code>" + ReportModel.esc(p.getFileName().toString()) + "</code></a>";
    }

    /** One cell's evidence, a details block whose id is the grid cell's anchor. */
    static String cellEvidence(ReportModel m, Results.Run r, String t, Map<String, List<String[]>> verdicts, Path dir) {
        String st = ReportModel.status(r, t);
        StringBuilder h = new StringBuilder("<details class=\"").append(css(st)).append("\" id=\"").append(cellId(r, t)).append("\" data-run=\"")
                .append(ReportModel.esc(r.label())).append("\"").append(st.equals("failed") ? " open" : "").append("><summary><span class=\"g ")
                .append(css(st)).append("\">").append(ReportModel.glyph(st)).append("</span> <b>").append(ReportModel.esc(r.label())).append("</b> <span class=\"small\">")
                .append(ReportModel.esc(ReportModel.vendor(r) + " " + ReportModel.version(r) + ", " + r.isa() + " " + ReportModel.emulation(r))).append("</span>: ");
        if (st.equals("none")) {
            return h.append("not selected in this run</summary></details>").toString();
        }
        Results.Cell c = r.cells().get(t);
        h.append(ReportModel.esc(st));
        if (!c.seconds().isEmpty() && !st.equals("skipped") && !st.equals("finding") && !st.equals("problem")) {
            h.append(" <span class=\"small\">").append(ReportModel.esc(c.seconds())).append(" s</span>");
        }
        if (!st.equals("passed") && !ReportModel.reason(r, t).isBlank()) {
            h.append(" <span class=\"small\">").append(ReportModel.esc(brief(ReportModel.reason(r, t), 200))).append("</span>");
        }
        h.append("</summary>");
        Path jtr = t.startsWith("(") ? null : r.jtr(t);
        String text = jtr == null ? "" : Results.read(jtr);
        String message = Results.assertion(text);
        switch (st) {
            case "passed" -> { }
            case "failed" -> h.append("<p><b>failure</b></p><pre>").append(ReportModel.esc(message != null ? message : ReportModel.reason(r, t))).append("</pre>");
            case "finding" -> h.append("<p><b>finding:</b> ").append(ReportModel.esc(ReportModel.reason(r, t)))
                    .append(" <span class=\"small\">(a skip this JDK's defaults caused, not the options of the run)</span></p>");
            case "skipped" -> h.append("<p><b>skipped:</b> ").append(ReportModel.esc(ReportModel.reason(r, t))).append("</p>");
            case "inconclusive" -> h.append("<p><b>inconclusive</b> <span class=\"small\">(the pack could not reach a verdict:"
                    + " not a pass)</span></p><pre>").append(ReportModel.esc(ReportModel.reason(r, t))).append("</pre>");
            case "problem" -> h.append("<p><b>problem-listed:</b> ").append(ReportModel.esc(ReportModel.reason(r, t))).append("</p>");
            default -> h.append("<p><b>status <code>").append(ReportModel.esc(c.status())).append("</code></b> (not one make report knows): ")
                    .append(ReportModel.esc(ReportModel.reason(r, t))).append("</p>");
        }
        if (!t.startsWith("(")) {
            if (jtr != null) {
                h.append("<p class=\"small\"><b>files:</b> ").append(fileLink(jtr, dir));
                Results.childOutputs(jtr).forEach(f -> h.append(" \u00b7 ").append(fileLink(f, dir)));
                h.append("</p>");
            }
            h.append(code(jtr, Results.opsOf(Results.source(t)), r.isa()));
            h.append(events(jtr, t));
            h.append(controls(m, t, verdicts));
            String vmopts = Results.vmOptions(text);
            if (vmopts.isEmpty()) {
                vmopts = r.run().getProperty("vm.options", "");
            }
            h.append("<p><b>reproduce</b></p><pre>make test TEST=").append(ReportModel.esc(t.replaceAll("#.*", ""))).append(" JDK=")
                    .append(ReportModel.esc(r.jdkHome())).append(" ARCH=").append(ReportModel.esc(r.isa()))
                    .append(vmopts.isBlank() ? "" : " VM_OPTIONS='" + ReportModel.esc(vmopts) + "'").append(" RETAIN=all</pre>");
        }
        return h.append("</details>").toString();
    }

    /** The machine code of the test's methods, the asserted operations highlighted (at most 60 lines a method). */
    public static String code(Path jtr, List<Op> ops, String isaName) {
        Isa isa = Results.isa(isaName);
        List<NMethod> nms = new ArrayList<>(Results.nmethods(jtr));
        nms.sort(java.util.Comparator.comparingInt(NMethod::level).reversed());   // C2's code first: what the tests assert on
        if (nms.isEmpty()) {
            return jtr != null && !Results.childOutputs(jtr).isEmpty()
                    ? "<p class=\"small\">No machine code in the child VMs' output the run kept (files above) that the pack's parser reads.</p>"
                    : "<p class=\"small\">No machine code kept for this cell (a passing test's output is kept with RETAIN=all).</p>";
        }
        StringBuilder h = new StringBuilder("<p><b>machine code</b> <span class=\"small\">(asserted: ")
                .append(ReportModel.esc(String.join(", ", ops.stream().map(Op::name).toList())))
                .append(isa == null ? "; not highlighted: " + Results.noVocabulary(isaName) : "").append(")</span></p>");
        for (NMethod nm : nms) {
            Map<Instruction, Set<Op>> at = Results.matches(nm, ops, isa);
            h.append("<details").append(at.isEmpty() || nm.level() != 4 ? "" : " open").append("><summary><code>").append(ReportModel.esc(nm.describe()))
                    .append("</code>: ").append(nm.instructions().size()).append(" instructions")
                    .append(at.isEmpty() ? "" : ", " + at.size() + " matched").append("</summary><pre>");
            int shown = 0;
            for (Instruction i : nm.instructions()) {
                if (++shown > 60) {
                    h.append("... (").append(nm.instructions().size() - 60).append(" more)\n");
                    break;
                }
                String notes = String.join(" ", i.annotations());
                String line = String.format("0x%x: %-36s %s", i.address(), i.text(), ReportModel.abbrev(notes, 90)).stripTrailing();
                Set<Op> m = at.get(i);
                h.append(m == null ? ReportModel.esc(line) : "<mark title=\"" + m + "\">" + ReportModel.esc(line) + "</mark>  \u2190 "
                        + ReportModel.esc(String.join(", ", m.stream().map(Op::name).toList()))).append('\n');
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
                .append(ReportModel.esc(String.join(", ", kinds.stream().map(Logged::name).toList()))).append(")</span></p>");
        if (lines.isEmpty()) {
            return h.append("<p class=\"small\">None kept for this cell (a passing test's compilation log is kept with RETAIN=all).</p>").toString();
        }
        h.append("<pre>");
        lines.forEach(l -> h.append("<mark>").append(ReportModel.esc(l)).append("</mark>\n"));
        return h.append("</pre>").toString();
    }

    static String controls(ReportModel m, String t, Map<String, List<String[]>> verdicts) {
        List<Sensitivity.Control> declared = m.controls().getOrDefault(t.replaceAll("#.*", ""), List.of());
        if (declared.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<p><b>negative controls</b></p><ul>");
        List<String[]> known = verdicts.getOrDefault(t.replaceAll("#.*", ""), List.of());
        for (Sensitivity.Control c : declared) {
            String verdict = known.stream().filter(v -> v[1].equals(c.flags())).map(v -> v[2] + (v.length > 3 ? ": " + ReportModel.abbrev(v[3], 200) : ""))
                    .findFirst().orElse("not measured on this JDK (make sensitivity)");
            h.append("<li><code>").append(ReportModel.esc(c.flags())).append("</code> kills ").append(ReportModel.esc(c.assertion())).append(" (").append(ReportModel.esc(c.why()))
                    .append(c.requires().isEmpty() ? "" : "; requires " + ReportModel.esc(c.requires())).append("): <b>").append(ReportModel.esc(verdict)).append("</b></li>");
        }
        return h.append("</ul>").toString();
    }
}
