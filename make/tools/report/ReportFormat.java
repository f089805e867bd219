package report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One format make report writes from its model (ReportModel: the runs, the grid's columns and rows, the baseline,
 * the negative controls and their sensitivity verdicts): the page (HtmlPage), JUnit XML (JunitXml), TAP (TapFiles).
 * A format reads the model and writes its own files under the report directory; it judges nothing (a cell's outcome
 * is ReportModel.status's, the totals and the exit status are Report's). Adding a format is one class implementing this
 * and one entry in Report.FORMATS (make report's main, which knows every format; a format knows only the model).
 */
public interface ReportFormat {
    /** Writes this format of the model under DIR (which exists); returns the files written. */
    List<Path> write(ReportModel model, Path dir) throws IOException;
}
