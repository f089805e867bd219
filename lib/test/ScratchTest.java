/*
 * @test
 * @summary Unit tests keep their files in jtreg's scratch directory: none leaves a directory in the system's /tmp
 * @run testng ScratchTest
 */

import static org.testng.Assert.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.testng.annotations.Test;

/*
 * jtreg gives each test a scratch directory under the run's work area and clears it; a temporary file made without a
 * directory goes to java.io.tmpdir instead and stays there after every run (a machine that had run make check for a
 * week held 700 such directories of JdkTableTest alone). So a unit test names its directory.
 */
public class ScratchTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root", "."));
    /** A temporary directory or file whose first argument is a string (a prefix), not the directory to make it in. */
    private static final Pattern WITHOUT_DIRECTORY = Pattern.compile("Files\\.createTemp(Directory|File)\\(\\s*\"");

    @Test
    public void everyTemporaryFileIsMadeInAGivenDirectory() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.list(ROOT.resolve("lib/test"))) {
            offenders = files.filter(f -> f.toString().endsWith(".java")).sorted().flatMap(ScratchTest::offences).toList();
        }
        assertEquals(offenders, List.of(), "temporary files made in java.io.tmpdir; pass Path.of(\"\").toAbsolutePath()");
    }

    private static Stream<String> offences(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return IntStream.range(0, lines.size())
                    .filter(i -> WITHOUT_DIRECTORY.matcher(lines.get(i)).find())
                    .mapToObj(i -> file.getFileName() + ":" + (i + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
