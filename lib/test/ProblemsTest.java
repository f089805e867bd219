/*
 * @test
 * @summary The problem lists (make/tools/Problems.java) apply per ISA, JDK and emulation, give each entry its reason, and a bad line is one error naming its file and line
 * @library /lib /make/tools
 * @build Problems PackRun
 * @run testng ProblemsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/*
 * The lists are read in name order (ProblemList-jdk25.txt before ProblemList.txt). The lists are written here in jtreg's ProblemList format, as make/problems holds them; the pack's own lists are read
 * too, so that a line of theirs the rules refuse fails here first.
 */
public class ProblemsTest {
    private static Path lists(String... nameThenText) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "problems");
        for (int i = 0; i < nameThenText.length; i += 2) {
            Files.writeString(dir.resolve(nameThenText[i]), nameThenText[i + 1]);
        }
        return dir;
    }

    private static Path sample() throws Exception {
        return lists("ProblemList.txt", """
                # every run: a test the pack knows to be broken
                test/a/Always.java 1000001 generic-all
                """, "ProblemList-jdk25.txt", """
                # C2 crashes under the flag on AArch64
                test/a/Spill.java#default 8359378 linux-arm64

                test/a/Riscv.java 8392364 linux-riscv64
                """, "ProblemList-qemu-jdk25.txt", """
                # under qemu only
                # (two comment lines join)
                test/a/Emulated.java#shenandoah pack-qemu-riscv64 linux-riscv64,linux-ppc64el
                """, "README", "not a problem list\n");
    }

    private static List<String> tests(List<Problems.Entry> entries) {
        return entries.stream().map(Problems.Entry::test).toList();
    }

    @Test
    public void eachListAppliesToItsJdkAndEmulationEachEntryToItsIsa() throws Exception {
        Path dir = sample();
        assertEquals(tests(Problems.select(dir, "x86_64", 17, false)), List.of("test/a/Always.java"));
        assertEquals(tests(Problems.select(dir, "x86_64", 25, true)), List.of("test/a/Always.java"));
        // Debian's name for AArch64 (arm64) is a name of its row in make/platforms
        assertEquals(tests(Problems.select(dir, "aarch64", 25, false)), List.of("test/a/Spill.java#default", "test/a/Always.java"));
        assertEquals(tests(Problems.select(dir, "aarch64", 26, false)), List.of("test/a/Always.java"));
        assertEquals(tests(Problems.select(dir, "riscv64", 25, false)), List.of("test/a/Riscv.java", "test/a/Always.java"));
        assertEquals(tests(Problems.select(dir, "riscv64", 25, true)),
                List.of("test/a/Riscv.java", "test/a/Emulated.java#shenandoah", "test/a/Always.java"));
        assertEquals(tests(Problems.select(dir, "ppc64le", 25, true)), List.of("test/a/Emulated.java#shenandoah", "test/a/Always.java"));
    }

    @Test
    public void theCommentAboveAnEntryIsItsReason() throws Exception {
        List<Problems.Entry> e = Problems.select(sample(), "riscv64", 25, true);
        assertEquals(e.get(0).reason(), "JDK-8392364: (ProblemList-jdk25.txt)");   // no comment: the file says where
        assertEquals(e.get(1).reason(), "pack-qemu-riscv64: under qemu only (two comment lines join)");
        assertEquals(e.get(2).reason(), "JDK-1000001: every run: a test the pack knows to be broken");
    }

    @Test
    public void aBadLineIsAnErrorNamingItsFileAndLine() throws Exception {
        Path dir = lists("ProblemList-jdk25.txt", "# reason\ntest/a/Spill.java#default 8359378 linux-arm64\ntest/a/Short.java 8359378\n");
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> Problems.select(dir, "aarch64", 25, false));
        assertTrue(e.getMessage().endsWith("ProblemList-jdk25.txt:3: 'test/a/Short.java 8359378' is not <test>[#id] <bug id>[,<bug id>...]"
                + " <platform>[,<platform>...]"), e.getMessage());
        // a misspelt ISA would never apply, silently: an error
        Path typo = lists("ProblemList.txt", "test/a/Spill.java 8359378 linux-aarch46\n");
        e = expectThrows(IllegalArgumentException.class, () -> Problems.select(typo, "aarch64", 25, false));
        assertTrue(e.getMessage().endsWith("ProblemList.txt:1: 'test/a/Spill.java 8359378 linux-aarch46': platform 'linux-aarch46'"
                + " names an ISA the platform table (make/platforms) does not know"), e.getMessage());
        Path noTest = lists("ProblemList.txt", "8359378 test/a/Spill.java generic-all\n");
        expectThrows(IllegalArgumentException.class, () -> Problems.select(noTest, "aarch64", 25, false));
        Path qualifier = lists("ProblemList-jdk25-arm.txt", "");
        e = expectThrows(IllegalArgumentException.class, () -> Problems.select(qualifier, "aarch64", 25, false));
        assertEquals(e.getMessage(), "ProblemList-jdk25-arm.txt: unknown qualifier 'arm' (ProblemList[-qemu][-jdkN].txt)");
    }

    /** What a run (make/tools/PackRun.java) shows of a bad list: one line on stderr, exit 2, nothing on stdout, nothing built. */
    @Test
    public void theRunSaysItInOneLine() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("."), "pack").toAbsolutePath();
        Files.createDirectories(pack.resolve("make/problems"));
        Files.writeString(pack.resolve("make/problems/ProblemList.txt"), "test/a/Spill.java 8359378 linux-aarch46\n");
        Path err = pack.resolve("stderr"), out = pack.resolve("stdout");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("test.jdk"), "bin", "java").toString(),
                "-Dpack.platforms=" + Path.of(System.getProperty("test.root"), "make/platforms"),
                "-cp", anatomy.capture.ChildVm.testClassPath(), "PackRun", "test/a/Spill.java")
                .directory(pack.toFile()).redirectError(err.toFile()).redirectOutput(out.toFile());
        pb.environment().putAll(java.util.Map.of("BUILD", pack.resolve("build").toString(), "AREA", pack.resolve("build/area").toString(),
                "HOST_JDK", System.getProperty("test.jdk"), "ARCH_UNDER_TEST", "aarch64", "FEATURE", "25", "EMULATED", "false"));
        int exit = pb.start().waitFor();
        List<String> lines = Files.readAllLines(err);
        assertEquals(exit, 2, String.join("\n", lines));
        assertEquals(lines.size(), 1, String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("error: ") && lines.get(0).contains("ProblemList.txt:1:"), lines.get(0));
        assertEquals(Files.readString(out), "");
        assertTrue(!Files.exists(pack.resolve("build/area/work")), "a work area was made before the list was read");
    }

    @Test
    public void thePacksOwnListsAreRead() throws Exception {
        Path dir = Path.of(System.getProperty("test.root", ".")).resolve("make/problems");
        assertTrue(tests(Problems.select(dir, "aarch64", 25, false)).contains("test/codegen/SpillGoesToFpRegisters.java#default"));
        assertTrue(tests(Problems.select(dir, "riscv64", 25, true)).contains("test/gc/CommittedHeapShrinksAfterUse.java#shenandoah"));
        assertEquals(Problems.select(dir, "x86_64", 17, false), List.of());
    }
}
