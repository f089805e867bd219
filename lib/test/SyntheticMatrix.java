import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import report.ReportCheck;

/**
 * make report-check's synthetic matrix (ReportCheck.synthetic: 15 runs over three test files), written under a
 * directory of the unit test's scratch area, with the three test files it names, so that the report finds their
 * sources and compiles their (absent) negative controls from an empty lib/. Shared by the report's unit tests.
 */
final class SyntheticMatrix {
    private SyntheticMatrix() {
    }

    /** Writes the matrix under DIR (and the test files under the current directory); returns DIR, absolute. */
    static Path write(Path dir) throws Exception {
        Files.createDirectories(Path.of("lib"));   // Controls compiles the library's sources from here: none
        for (String t : List.of("test/a/First.java", "test/a/Second.java", "test/b/Third.java")) {
            Files.createDirectories(Path.of(t).getParent());
            String name = Path.of(t).getFileName().toString().replace(".java", "");
            Files.writeString(Path.of(t), "/* @" + "test */ class " + name + " {}\n");
        }
        Files.createDirectories(dir);
        ReportCheck.synthetic(dir.toAbsolutePath());
        return dir.toAbsolutePath();
    }
}
