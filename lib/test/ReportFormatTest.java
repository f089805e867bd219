/*
 * @test
 * @summary Adding a report format is one class: a format registered beside make report's own is written beside their files, with the same verdicts; every outcome is in make report's legend and styles and in the docs' table
 * @library /lib /make/tools
 * @build report.Report report.ReportCheck report.ReportFormat SyntheticMatrix
 * @run testng ReportFormatTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testng.annotations.Test;
import report.Report;
import report.ReportFormat;
import report.ReportModel;
import results.Results;

/*
 * The results are ReportCheck's synthetic matrix (15 JDKs, every outcome) over three test files of our own. The new
 * format lives here only: a CSV of every cell's outcome, the smallest printer a user might add.
 */
public class ReportFormatTest {
    /** The fake format: label,test,outcome per cell a run selected. */
    static final class CellsCsv implements ReportFormat {
        @Override
        public List<Path> write(ReportModel model, Path dir) throws java.io.IOException {
            StringBuilder csv = new StringBuilder("run,test,outcome\n");
            for (Results.Run r : model.runs()) {
                model.tests().stream().filter(t -> !ReportModel.status(r, t).equals("none"))
                        .forEach(t -> csv.append(r.label()).append(',').append(t).append(',').append(ReportModel.status(r, t)).append('\n'));
            }
            return List.of(Files.writeString(dir.resolve("cells.csv"), csv));
        }
    }

    /**
     * Every outcome the library knows is shown by make report (its glyph in the legend and a style of its own) and
     * listed in docs/running.md's table of outcomes with its exit status: a new constant of anatomy.probe.Outcome that
     * one of them misses fails here, naming it.
     */
    @Test
    public void everyOutcomeIsInTheLegendTheStylesAndTheDocs() throws Exception {
        Path build = SyntheticMatrix.write(Path.of("synthetic-outcomes"));
        ReportModel.out = Path.of("report-outcomes").toAbsolutePath();
        Report.write(build, ReportModel.runs(build));
        String html = Files.readString(ReportModel.out.resolve("index.html"));
        String docs = Files.readString(Path.of(System.getProperty("test.root"), "docs", "running.md"));
        for (anatomy.probe.Outcome o : anatomy.probe.Outcome.values()) {
            assertTrue(html.contains("<span class=\"g " + o.word() + "\">" + o.glyph() + "</span> " + ReportModel.esc(o.label()) + ": "
                    + ReportModel.esc(o.meaning())), o + ": not in make report's legend with its meaning");
            assertTrue(html.contains("." + o.word() + "{background:"), o + ": no style of its own in make report's page");
            assertTrue(docs.contains("| `" + o.word() + "` |") && Pattern.compile("(?m)^\\| `" + o.word() + "` \\|.*\\| " + o.exitStatus() + " \\|$").matcher(docs).find(),
                    o + ": no row with its exit status in docs/running.md's table of outcomes");
        }
    }

    /** make report's exit status is the run's, through anatomy.probe.Outcome, but findings alone leave it 0. */
    @Test
    public void theExitStatusIsTheRunsButFindingsAloneLeaveItZero() {
        assertEquals(Report.exitStatus(totals(anatomy.probe.Outcome.PASSED, anatomy.probe.Outcome.SKIPPED)), 0);
        assertEquals(Report.exitStatus(totals(anatomy.probe.Outcome.FINDING, anatomy.probe.Outcome.PROBLEM)), 0);
        assertEquals(Report.exitStatus(totals(anatomy.probe.Outcome.FINDING, anatomy.probe.Outcome.INCONCLUSIVE)), 4);
        assertEquals(Report.exitStatus(totals(anatomy.probe.Outcome.INCONCLUSIVE, anatomy.probe.Outcome.FAILED)), 1);
    }

    private static java.util.EnumMap<anatomy.probe.Outcome, Integer> totals(anatomy.probe.Outcome... some) {
        java.util.EnumMap<anatomy.probe.Outcome, Integer> n = anatomy.probe.Outcome.counts();
        for (anatomy.probe.Outcome o : some) {
            n.merge(o, 1, Integer::sum);
        }
        return n;
    }

    @Test
    public void aRegisteredFormatIsWrittenBesideTheOthersWithTheSameVerdicts() throws Exception {
        Path build = SyntheticMatrix.write(Path.of("synthetic"));
        List<Results.Run> runs = ReportModel.runs(build);
        List<ReportFormat> formats = new ArrayList<>(Report.FORMATS);
        formats.add(new CellsCsv());
        ReportModel.out = Path.of("report").toAbsolutePath();
        int status = Report.write(build, runs, formats);
        assertEquals(status, 1, "the synthetic matrix has failures: make report's exit status");

        Path out = ReportModel.out;
        assertTrue(Files.exists(out.resolve("index.html")) && Files.exists(out.resolve("junit.xml")), "make report's own files");
        List<String> csv = Files.readAllLines(out.resolve("cells.csv"));
        String junit = Files.readString(out.resolve("junit.xml"));
        int cells = 0;
        for (Results.Run r : runs) {
            List<String[]> mine = csv.stream().skip(1).map(l -> l.split(",")).filter(f -> f[0].equals(r.label())).toList();
            List<String> tap = Files.readAllLines(out.resolve("tap/" + r.label() + ".tap"));
            assertEquals(tap.stream().filter(l -> l.matches("(not )?ok \\d+ - .*")).count(), (long) mine.size(), r.label() + ": TAP lines");
            for (String[] f : mine) {
                cells++;
                assertEquals(f[2], ReportModel.status(r, f[1]), r.label() + " " + f[1]);
                String line = tap.stream().filter(l -> l.matches("(not )?ok \\d+ - " + Pattern.quote(f[1]) + "( #.*)?")).findFirst().orElseThrow();
                assertEquals(line.startsWith("not ok"), f[2].equals("failed") || f[2].equals("inconclusive"), line);
            }
            Matcher suite = Pattern.compile("<testsuite name=\"" + Pattern.quote(r.label()) + "\" tests=\"(\\d+)\" failures=\"(\\d+)\" errors=\"(\\d+)\"")
                    .matcher(junit);
            assertTrue(suite.find(), r.label() + ": no testsuite in junit.xml");
            assertEquals(Integer.parseInt(suite.group(1)), mine.size(), r.label() + ": JUnit tests");
            assertEquals(Integer.parseInt(suite.group(2)), mine.stream().filter(f -> f[2].equals("failed")).count(), r.label() + ": JUnit failures");
            assertEquals(Integer.parseInt(suite.group(3)), mine.stream().filter(f -> f[2].equals("inconclusive")).count(), r.label() + ": JUnit errors");
        }
        assertEquals(cells, runs.size() * 3, "one CSV row per cell");
        assertTrue(csv.stream().anyMatch(l -> l.endsWith(",failed")) && csv.stream().anyMatch(l -> l.endsWith(",skipped")), "every kind of cell");

        // make report's own list writes no CSV: the new format is there by its one registration
        ReportModel.out = Path.of("report-own").toAbsolutePath();
        Report.write(build, runs);
        assertFalse(Files.exists(ReportModel.out.resolve("cells.csv")));
        assertTrue(Files.exists(ReportModel.out.resolve("index.html")));
    }
}
