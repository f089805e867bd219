/*
 * @test
 * @summary The problem lists (make/tools/run/Problems.java) apply per ISA, JDK and emulation, give each entry its reason, and a bad line is one error naming its file and line; an entry may name one assertion, which runs and is reported not judged while the rest of the test is judged
 * @library /lib /make/tools
 * @build run.Problems run.PackRun run.Summary Fixtures
 * @run testng ProblemsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;
import run.Problems;
import run.Summary;

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

    /** What a run (make/tools/run/PackRun.java) shows of a bad list: one line on stderr, exit 2, nothing on stdout, nothing built. */
    @Test
    public void theRunSaysItInOneLine() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("."), "pack").toAbsolutePath();
        Files.createDirectories(pack.resolve("make/problems"));
        Files.writeString(pack.resolve("make/problems/ProblemList.txt"), "test/a/Spill.java 8359378 linux-aarch46\n");
        Path err = pack.resolve("stderr"), out = pack.resolve("stdout");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("test.jdk"), "bin", "java").toString(),
                "-Dpack.platforms=" + Path.of(System.getProperty("test.root"), "make/platforms"),
                "-cp", anatomy.capture.ChildVm.testClassPath(), "run.PackRun", "test/a/Spill.java")
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

    /*
     * The narrowest scope: one assertion, <test>[#id]@<NAME>:<method> (a fact: @<FACT>). Before, an entry named a whole
     * test (or variant), which jtreg excluded: riscv64 25's four entries hid every other assertion of those tests
     * behind exit 0.
     */
    @Test
    public void anAssertionEntryExcludesNothingAndGoesToTheTests() throws Exception {
        Path dir = lists("ProblemList-jdk25.txt", """
                # the trap's call is unnamed
                test/a/Trap.java@UNCOMMON_TRAP:multiply 8392364 linux-riscv64
                # a fact
                test/a/Layout.java#compact@PACKED_LAYOUT 1000002 linux-riscv64
                # the whole variant
                test/a/Spill.java#default 8359378 linux-riscv64
                """);
        List<Problems.Entry> e = Problems.select(dir, "riscv64", 25, false);
        assertEquals(e.get(0).assertion(), "UNCOMMON_TRAP in multiply");
        assertEquals(e.get(0).testFile(), "test/a/Trap.java");
        assertEquals(e.get(1).assertion(), "PACKED_LAYOUT");
        assertEquals(e.get(1).testFile(), "test/a/Layout.java#compact");
        assertEquals(e.get(2).assertion(), null);
        Path area = Files.createTempDirectory(Path.of("."), "area");
        String exclude = Problems.excludeFile(area.resolve("problems.txt"), dir, "riscv64", 25, false);
        assertEquals(List.copyOf(Problems.read(exclude).keySet()), List.of("test/a/Spill.java#default"));
        String listed = Problems.assertionsFile(area.resolve("problem-assertions.tsv"), dir, "riscv64", 25, false);
        assertEquals(Files.readAllLines(Path.of(listed)), List.of(
                "test/a/Trap.java\tUNCOMMON_TRAP in multiply\tJDK-8392364: the trap's call is unnamed",
                "test/a/Layout.java#compact\tPACKED_LAYOUT\tJDK-1000002: a fact"));
        assertEquals(Problems.assertionsFile(area.resolve("none.tsv"), dir, "x86_64", 25, false), "");
        // an assertion is its NAME (UPPER_SNAKE) and the method: anything else is an error naming the line
        Path bad = lists("ProblemList.txt", "test/a/Trap.java@uncommon trap 8392364 generic-all\n");
        expectThrows(IllegalArgumentException.class, () -> Problems.select(bad, "x86_64", 25, false));
        Path bad2 = lists("ProblemList.txt", "test/a/Trap.java@UNCOMMON_TRAP:multiply:x 8392364 generic-all\n");
        IllegalArgumentException m = expectThrows(IllegalArgumentException.class, () -> Problems.select(bad2, "x86_64", 25, false));
        assertTrue(m.getMessage().endsWith("the test is not <file>.java[#id][@<NAME>:<method>]"), m.getMessage());
    }

    /*
     * The library: a listed assertion that fails, or is inconclusive, is printed as not judged and the chain goes on to
     * the next assertion, which is judged; one that holds is judged as usual; an assertion not listed still fails.
     * Recorded x86_64 17 code of Shapes::select (a cmov, no division, no loop).
     */
    @Test
    public void aListedAssertionIsNotJudgedAndTheRestIs() throws Exception {
        Path file = Files.createTempFile(Path.of("."), "listed", ".tsv");
        String me = System.getProperty("test.name");
        Files.writeString(file, me + "\tINTEGER_DIVISION in select\tJDK-1: a known problem\n"
                + "test/other/Other.java\tCMOV in select\tJDK-2: another test's\n"
                + me + "\tRETURN_POLL in select\tJDK-3: listed, but it holds\n"
                + me + "\tSAFEPOINT_POLL in select\tJDK-4: inconclusive here\n");
        anatomy.Compiled select = replayed("select");
        java.io.PrintStream out = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setProperty("pack.problem.assertions", file.toString());
        try {
            System.setOut(new java.io.PrintStream(printed, true));
            anatomy.Assertions.assertThat(select).has(anatomy.Op.INTEGER_DIVISION).has(anatomy.Op.CMOV)
                    .has(anatomy.Op.RETURN_POLL).hasNo(anatomy.Op.SAFEPOINT_POLL.inside(anatomy.Scope.LOOP_BODY));
            // the next assertion after a not-judged one is judged: a failure there is the test's
            expectThrows(AssertionError.class, () -> anatomy.Assertions.assertThat(select).has(anatomy.Op.INTEGER_DIVISION)
                    .hasNo(anatomy.Op.CMOV));
            // listed in another test only: judged here
            System.setProperty("pack.problem.assertions", file.toString());
            expectThrows(AssertionError.class, () -> anatomy.Assertions.assertThat(select).hasNo(anatomy.Op.CMOV));
        } finally {
            System.setOut(out);
            System.clearProperty("pack.problem.assertions");
        }
        List<String> lines = printed.toString().lines().filter(l -> l.startsWith("Problem-listed, not judged: ")).toList();
        assertEquals(lines.size(), 3, printed.toString());
        assertTrue(lines.get(0).startsWith("Problem-listed, not judged: INTEGER_DIVISION in select (JDK-1: a known problem): expected to contain"),
                lines.get(0));
        assertTrue(lines.get(1).startsWith("Problem-listed, not judged: SAFEPOINT_POLL in select (JDK-4: inconclusive here): inconclusive: "),
                lines.get(1));
    }

    /* The summary reads them back: a pass that left an assertion unjudged says so in its row and under the table. */
    @Test
    public void theSummarySaysWhatWasLeftUnjudged() throws Exception {
        Path jtr = Files.createTempFile(Path.of("."), "T", ".jtr");
        Files.writeString(jtr, "#Test Results (version 2)\ntest=test/traps/UntakenBranchIsUncommonTrap.java\nelapsed=1000\n"
                + "----------System.out:(2/200)----------\n"
                + "Problem-listed, not judged: UNCOMMON_TRAP in multiply (JDK-8392364: the trap's call is unnamed): inconclusive: hsdis not usable\n"
                + "test result: Passed. Execution successful\n");
        Summary.Result r = Summary.read(jtr, new java.util.Properties());
        assertEquals(r.status(), "passed");
        assertEquals(r.unjudged(), List.of("UNCOMMON_TRAP in multiply (JDK-8392364: the trap's call is unnamed): inconclusive: hsdis not usable"));
        assertEquals(r.shown(), "1 problem-listed assertion not judged: UNCOMMON_TRAP in multiply (JDK-8392364: the trap's call is"
                + " unnamed): inconclusive: hsdis not usable");
    }

    private static anatomy.Compiled replayed(String method) throws Exception {
        Fixtures.Fixture f = Fixtures.named("x86_64-jdk17");
        Path dir = Files.createDirectories(Path.of("replay", f.name()));
        Files.writeString(dir.resolve("stdout"), f.text());
        Files.writeString(dir.resolve("compilation.xml"), "<hotspot_log></hotspot_log>");
        Files.writeString(dir.resolve("facts"), "os.arch=amd64\njava.runtime.version=" + f.name() + "\n");
        anatomy.Run run = anatomy.Run.replayUnsigned(ProblemsTest.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        int id = f.c2(method).compileId();
        return new anatomy.Compiled(run.nmethods().stream().filter(n -> n.compileId() == id && n.compiler().equals("c2")).findFirst().orElseThrow(), run);
    }
}
