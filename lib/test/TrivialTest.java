/*
 * @test
 * @summary make/trivial.sh's yardstick (make/tools/modes/Trivial.java) writes N one-@run-driver tests that each start one trivial child VM with jtreg's VM and Java options, and a second call leaves only its own N
 * @library /lib /make/tools
 * @build modes.Trivial
 * @run testng TrivialTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import modes.Trivial;
import org.testng.annotations.Test;

public class TrivialTest {
    static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Runs the driver of Trivial1 as jtreg would, with OPTS as test.vm.opts; its exit status. */
    static int driver(Path classes, String opts) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Dtest.jdk=" + System.getProperty("java.home"), "-Dtest.vm.opts=" + opts,
                "-Dtest.java.opts=-Xshare:auto", "-Dtest.class.path=" + classes, "-cp", classes.toString(), "Trivial1")
                .inheritIO().start();
        return p.waitFor();
    }

    @Test
    public void writesNTestsOfOneShape() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "trivial").resolve("tests");
        Trivial.write(dir, 3);
        assertEquals(names(dir), List.of("TEST.ROOT", "Trivial1.java", "Trivial2.java", "Trivial3.java"));
        Trivial.write(dir, 2);
        assertEquals(names(dir), List.of("TEST.ROOT", "Trivial1.java", "Trivial2.java"));
        assertTrue(Files.readString(dir.resolve("TEST.ROOT")).startsWith("# 2 trivial tests"));
        String two = Files.readString(dir.resolve("Trivial2.java"));
        assertTrue(two.contains(" * @run driver Trivial2\n") && two.contains("public class Trivial2 {")
                && !two.contains("Trivial1"), two);
        assertEquals(Files.readString(dir.resolve("Trivial1.java")).replace("Trivial1", "Trivial2"), two);

        Path classes = Files.createDirectories(dir.resolveSibling("classes"));
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), dir.resolve("Trivial1.java").toString());
        assertEquals(javac, 0, "Trivial1.java does not compile");
        assertEquals(driver(classes, "-Xint"), 0, "the driver and its child VM pass");
        assertTrue(driver(classes, "-XX:+NoSuchOptionOfTheTrivialPack") != 0, "the child VM is started with test.vm.opts");
    }
}
