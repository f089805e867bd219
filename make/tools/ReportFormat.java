import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One format make report writes from its model (Report.Model: the runs, the grid's columns and rows, the baseline,
 * the negative controls and their sensitivity verdicts): the page (HtmlPage), JUnit XML (JunitXml), TAP (TapFiles).
 * A format reads the model and writes its own files under the report directory; it judges nothing (a cell's outcome
 * is Report.status's, the totals and the exit status are Report's). Adding a format is one class implementing this
 * and one entry in {@link #ALL}.
 */
interface ReportFormat {
    /** Every format make report writes, in the order it lists their files. */
    List<ReportFormat> ALL = List.of(new HtmlPage(), new JunitXml(), new TapFiles());

    /** Writes this format of the model under DIR (which exists); returns the files written. */
    List<Path> write(Report.Model model, Path dir) throws IOException;
}
