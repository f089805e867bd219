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
import results.PackIdentity;
import results.Results;

/**
 * make report: certification evidence from the last results. Reads the matrix runs (BUILD/matrix/LABEL) and
 * the last `make test` run (BUILD), the sensitivity verdicts (BUILD/sensitivity) into one {@link ReportModel}, and hands it
 * to each format of FORMATS, which writes under OUT: index.html (HtmlPage: a grid of behaviour x JDK/ISA
 * with one glyph a cell, compared with a baseline column; the runs' facts; each cell's evidence), junit.xml
 * (JunitXml) and tap/LABEL.tap (TapFiles). Prints the files, then the totals; exits 1 when any cell failed.
 *
 * A cell's outcome is read from the run's status word, whatever tool wrote it: passed, failed (also jtreg's
 * error), skipped, finding (a skip this JDK's defaults caused, not the user's options), inconclusive (a verdict the
 * pack could not reach: in JUnit an error with its reason, in TAP a "not ok ... # inconclusive: reason"), problem
 * (a problem list excluded it: a skip in JUnit and TAP, named so); any other word is shown as it is, with its own
 * glyph, and counted with the skips in the last line, as JUnit and TAP count it. Exits 1 when a cell failed, else 4
 * when one is inconclusive, else 0.
 *
 * Usage: Report BUILD_DIR OUT_DIR    (environment: REPORT_BASELINE: the label of the baseline column, default the
 *                                     first; PACK_VERSION, PACK_TOOLS override the header's lines, PackIdentity)
 *        Report BUILD_DIR OUT_DIR --from BUNDLE...   the shards' bundles (directories or .tar.gz files, which are
 *                                     unpacked under OUT_DIR/bundles/N) merged (Bundles.merge; PACK_COMMIT overrides
 *                                     this checkout's commit); exit 2 when they are refused, or when a shard of the
 *                                     plan is missing
 */
public class Report {
    /** Every format make report writes, in the order it lists their files. */
    public static final List<ReportFormat> FORMATS = List.of(new HtmlPage(), new JunitXml(), new TapFiles());

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length == 3 || (args.length > 3 && !args[2].equals("--from"))) {
            System.err.println("usage: Report BUILD_DIR OUT_DIR [--from BUNDLE...]");
            System.exit(2);
        }
        Path build = Path.of(args[0]).toAbsolutePath();
        ReportModel.out = Path.of(args[1]).toAbsolutePath();
        ReportModel.packVersion = PackIdentity.version();
        ReportModel.packTools = PackIdentity.tools(build);
        if (args.length == 2) {
            System.exit(write(build, ReportModel.runs(build)));
        }
        Bundles.Merged merged = null;
        List<String> from = List.of(args).subList(3, args.length);
        List<Path> dirs = List.of();
        try {
            dirs = Bundles.unpacked(from, ReportModel.out.resolve("bundles"));
            merged = Bundles.merge(dirs, PackIdentity.commit(), ReportModel.out);
        } catch (Bundles.Refused e) {
            String why = e.getMessage();
            for (int i = dirs.size() - 1; i >= 0; i--) {   // an unpacked .tar.gz by the name the user gave it (bundles/10 before bundles/1)
                why = why.replace(dirs.get(i).toString(), from.get(i));
            }
            System.err.println("error: make report FROM=: " + why);
            System.exit(2);
        }
        ReportModel.provenance = merged.provenance();
        int status = write(ReportModel.out.resolve("no-sensitivity"), merged.runs());
        merged.missing().forEach(k -> System.err.println("report: shard " + k + " is missing: no bundle holds its cells, the report is partial"));
        System.exit(merged.missing().isEmpty() ? status : 2);
    }

    /** Writes every format of the runs (FORMATS); the sensitivity verdicts from BUILD. The exit status: 1 a cell failed, 4 inconclusive. */
    public static int write(Path build, List<Results.Run> runs) throws IOException {
        return write(build, runs, FORMATS);
    }

    /** The same, in these formats. */
    public static int write(Path build, List<Results.Run> runs, List<ReportFormat> formats) throws IOException {
        if (runs.isEmpty()) {
            System.err.println("error: no results under " + build + ": run make test or make matrix first");
            return 2;
        }
        ReportModel model = ReportModel.of(build, runs);
        List<Results.Run> columns = model.columns();
        TreeSet<String> tests = model.tests();
        String baseline = model.baseline();
        Files.createDirectories(ReportModel.out);
        for (ReportFormat f : formats) {
            List<Path> written = f.write(model, ReportModel.out);
            System.out.println("report: " + (written.size() == 1 ? written.get(0) + " (" + Files.size(written.get(0)) + " bytes)"
                    : written.isEmpty() ? f.getClass().getSimpleName() + ": no file" : written.get(0).getParent() + "/{" + String.join(",",
                    written.stream().map(w -> w.getFileName().toString()).toList()) + "}"));
        }
        Map<String, Integer> n = new LinkedHashMap<>();
        ReportModel.GLYPHS.keySet().forEach(k -> n.put(k, 0));
        int differ = 0;
        Results.Run base = columns.stream().filter(r -> r.label().equals(baseline)).findFirst().orElseThrow();
        for (Results.Run r : runs) {
            for (String t : tests) {
                String st = ReportModel.status(r, t);
                if (!st.equals("none")) {
                    n.merge(st, 1, Integer::sum);
                }
                differ += r != base && ReportModel.differs(ReportModel.status(base, t), st) ? 1 : 0;
            }
        }
        int other = n.entrySet().stream().filter(e -> !ReportModel.GLYPHS.containsKey(e.getKey())).mapToInt(Map.Entry::getValue).sum();
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
        return exitStatus(totals);
    }

    /**
     * make report's exit status for these totals: the run's (a failure 1, else an inconclusive 4), except that findings
     * alone, which a run names with 3, leave it 0: the newest JDK's changed defaults are news, not a red merge
     * (docs/running.md, the CI workflow's merge).
     */
    public static int exitStatus(Map<anatomy.probe.Outcome, Integer> totals) {
        int status = anatomy.probe.Outcome.exitStatus(totals);
        return status == anatomy.probe.Outcome.FINDING.exitStatus() ? 0 : status;
    }
}
