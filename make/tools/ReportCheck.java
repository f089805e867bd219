import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report's browser check: reads the DOM a headless browser rendered from index.html and the results the
 * report was written from, and checks that the page rendered, that its matrix has one row per behaviour and in
 * each row one cell per run with the run's verdict, that nothing outside the file is fetched, that the
 * screenshot and the printed PDF exist. Prints one line per check and the totals.
 *
 * Usage: ReportCheck BUILD_DIR DOM_FILE SCREENSHOT PDF
 */
public class ReportCheck {
    static final List<String> failures = new ArrayList<>();
    static int passed;

    public static void main(String[] args) throws Exception {
        Path build = Path.of(args[0]).toAbsolutePath();
        String dom = Files.exists(Path.of(args[1])) ? Files.readString(Path.of(args[1])) : "";
        List<Results.Run> runs = Report.runs(build);
        TreeSet<String> tests = new TreeSet<>();
        runs.forEach(r -> tests.addAll(r.cells().keySet()));

        check(dom.contains("<table id=\"matrix\">"), "the page rendered with its matrix", "no matrix table in the DOM (" + dom.length() + " characters)");
        Matcher row = Pattern.compile("<tr class=\"behaviour\" data-test=\"([^\"]*)\">(.*?)</tr>", Pattern.DOTALL).matcher(dom);
        List<String> rows = new ArrayList<>();
        int cellsOk = 0, cellsBad = 0;
        while (row.find()) {
            String test = row.group(1).replace("&amp;", "&");
            rows.add(test);
            Matcher cell = Pattern.compile("<td class=\"(?:cell (passed|failed|skipped)|(none))\"").matcher(row.group(2));
            List<String> seen = new ArrayList<>();
            while (cell.find()) {
                seen.add(cell.group(1) != null ? cell.group(1) : "none");
            }
            List<String> expected = runs.stream().map(r -> Report.status(r, test)).toList();
            if (seen.equals(expected)) {
                cellsOk++;
            } else {
                cellsBad++;
                failures.add(test + ": cells " + seen + ", expected " + expected);
            }
        }
        check(new TreeSet<>(rows).equals(tests) && rows.size() == tests.size(), rows.size() + " behaviour rows, as in the results",
                "rows " + rows + ", expected " + tests);
        check(cellsBad == 0 && cellsOk > 0, cellsOk + " rows x " + runs.size() + " runs: every cell shows its run's verdict",
                cellsBad + " rows with wrong cells");
        Matcher external = Pattern.compile("(?i)(<(script|img|link|iframe)[^>]*\\s(src|href)=|url\\(|@import|https?://[^\"<\\s]*\\.(js|css|woff2?))").matcher(dom);
        check(!external.find(), "no external assets", "the page loads something: " + (external.find(0) ? external.group() : ""));
        check(Files.exists(Path.of(args[2])) && Files.size(Path.of(args[2])) > 10_000, "screenshot " + args[2], "no screenshot at " + args[2]);
        check(Files.exists(Path.of(args[3])) && Files.size(Path.of(args[3])) > 1_000, "printed to PDF " + args[3], "no PDF at " + args[3]);
        failures.forEach(f -> System.out.println("report-check: FAILED: " + f));
        System.out.println(passed + " passed, " + failures.size() + " failed, 0 skipped");
        System.exit(failures.isEmpty() ? 0 : 1);
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
