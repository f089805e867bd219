/*
 * @test
 * @summary Runs are read through the run model: findings are counted in bisect's judgement and in make check's steps; make matrix's table, make foreign-hsdis's comparison and make stress's tally are the model's
 * @library /lib /make/tools
 * @build run.Runs results.RunResults
 * @run testng RunsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;
import results.RunResults;
import run.Runs;

/*
 * The run model as a shell script or anyone by hand asks it (`runs`, make/lib.sh) and as the
 * Java modes call it (Runs.table, Runs.bisect, Runs.differ, Runs.failures), on results files written here.
 */
public class RunsTest {
    /** Runs SCRIPT in bash with make/lib.sh sourced, in a pack directory of its own; stdout and stderr. */
    static String bash(String script, String... env) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "runs-pack");
        Path lib = Path.of(System.getProperty("test.root", ".")).resolve("make/lib.sh").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". " + lib + "\ncd " + pack + "\n" + script).redirectErrorStream(true);
        pb.environment().put("BUILD", pack.resolve("build").toString());
        pb.environment().put("RUNS_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("RUNS_CP", anatomy.capture.ChildVm.testClassPath());   // the library too (make/jtreg.sh: -cpa)
        for (int i = 0; i < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        return out + "exit " + p.waitFor();
    }

    @Test
    public void theMatrixTableHasACellPerTestAndJdkTheReasonsAsNotesAndTheCellsTotals() {
        List<String> results = List.of(
                "x86_64-17\tt/A.java\tpassed\t1.00\t",
                "x86_64-17\tt/B.java\tfinding\t0.00\tnot the default here",
                "x86_64-25\tt/A.java\tfailed\t2.00\texpected CMOV",
                "old\tt/C.java\tfailed\t2.00\tanother run's JDK",
                "aarch64-25\t(prepare)\tfailed\t\tcannot prepare the JDK");
        List<String> times = List.of("x86_64-17\t20\t3\t/j17\t17.0.15+6", "x86_64-25\t21\t1\t/j25\t25+36");
        Runs.Table t = Runs.table(results, times, List.of("x86_64-17", "x86_64-25", "aarch64-25"));
        assertEquals(String.join("\n", t.lines()), """
                test         x86_64-17     x86_64-25     aarch64-25 \s
                (version)    17.0.15+6     25+36         -          \s
                t/A.java     passed        FAILED [1]    -          \s
                t/B.java     finding [2]   skipped [3]   -          \s
                (prepare)    -             -             FAILED [4] \s
                (wall time)  20 s          21 s          -          \s

                [1] FAILED: expected CMOV
                [2] finding: not the default here
                [3] skipped: not run: not in this run's results
                [4] FAILED: cannot prepare the JDK
                """);
        assertEquals(Outcome.totals(t.counts()), "1 passed, 2 failed, 1 skipped, 1 findings");
        assertEquals(Outcome.exitStatus(t.counts()), 1);
        assertEquals(Outcome.totals(Runs.table(List.of(), List.of(), List.of("x86_64-17")).counts()), "0 passed, 1 failed, 0 skipped");
    }

    @Test
    public void aScriptsOwnChecksAreTalliedByTheOnePrinter() throws Exception {
        assertEquals(bash("runs tally passed=3 failed=0; runs tally passed=1 finding=2"),
                "3 passed, 0 failed, 0 skipped\n1 passed, 0 failed, 0 skipped, 2 findings\nexit 3");
        assertTrue(bash("runs tally passd=1").startsWith("error: Runs tally: 'passd' is no outcome"));
    }

    /** A results file of run ID: the header make/jtreg.sh writes, then ROWS (test, outcome, seconds, cause). */
    static Path results(Path dir, String name, String id, String... rows) throws Exception {
        String header = "#pack-results\t1\n#run\t" + id + "\ntest\toutcome\tseconds\tcause\tevidence\n";
        return Files.writeString(Files.createDirectories(dir).resolve(name), header + String.join("\n", rows) + "\n");
    }

    @Test
    public void aCopysRunDiffersWhereAnOutcomeOrItsReasonBeforeTheParenthesisDoes() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "runs-differ");
        Path jdk = results(dir, "jdk.tsv", "1", "t/A.java\tpassed\t1.00\t", "t/B.java\tskipped\t0.10\tno C2 (capstone)",
                "t/C.java\tpassed\t1.00\t");
        Path same = results(dir, "same.tsv", "2", "t/B.java\tskipped\t0.30\tno C2 (fcml)", "t/A.java\tpassed\t2.00\t",
                "t/C.java\tpassed\t1.00\t");
        Path other = results(dir, "other.tsv", "3", "t/A.java\tfailed\t1.00\texpected CMOV (hex)", "t/B.java\tskipped\t0.10\tno C2 (fcml)");
        assertEquals(bash("runs differ " + jdk + " " + same), "exit 0");
        assertEquals(bash("runs differ " + jdk + " " + other), "  t/A.java\tfailed\texpected CMOV\n  t/C.java\t(not run)\nexit 1");
        assertTrue(bash("runs differ " + jdk + " " + dir.resolve("none.tsv")).endsWith("no results (the run produced none)\nexit 2"));
    }

    @Test
    public void stressTalliesEachFailingTestOverItsRounds() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "runs-failures");
        Path r1 = results(dir, "round-1.tsv", "1", "t/A.java\tfailed\t1.00\tx", "t/B.java\tpassed\t1.00\t");
        Path r2 = results(dir, "round-2.tsv", "2", "t/A.java\tpassed\t1.00\t", "t/B.java\tinconclusive\t1.00\ty");
        Path r10 = results(dir, "round-10.tsv", "3", "t/A.java\tfailed\t1.00\tx", "t/B.java\tfinding\t1.00\tz");
        java.util.Map<String, List<RunResults.Result>> rounds = new java.util.LinkedHashMap<>();
        for (Path r : List.of(r1, r10, r2)) {
            rounds.put(r.getFileName().toString().replace(".tsv", ""), RunResults.read(r).results());
        }
        assertEquals(Runs.failures(rounds), List.of(
                "  failed or inconclusive in 2 of 3 rounds: t/A.java (round-1 round-10)",
                "  failed or inconclusive in 1 of 3 rounds: t/B.java (round-2)"));
    }

    static java.util.EnumMap<Outcome, Integer> n(String... counts) {
        return Runs.tally(List.of(counts));
    }

    @Test
    public void bisectCountsEveryOutcome() {
        assertEquals(Runs.bisect(n("passed=2", "finding=1")),
                new Runs.Judgement("good", 0, "2 passed, 0 failed, 0 skipped, 1 findings"));
        assertEquals(Runs.bisect(n("finding=3")).exit(), 125);
        assertEquals(Runs.bisect(n("passed=2", "problem=1")).exit(), 0);
        assertEquals(Runs.bisect(n("passed=2", "inconclusive=1")).exit(), 125);
        assertEquals(Runs.bisect(n("passed=2", "failed=1", "inconclusive=1")).verdict(), "bad");
    }

    @Test
    public void aCheckStepWithFindingsOnlyIsOkAndAnInconclusiveFailsIt() {
        String error3 = "make: *** [Makefile:77: test] Error 3";
        Runs.Step findings = Runs.step(List.of("jtreg: ...", "1 passed, 0 failed, 0 skipped, 2 findings", error3), 2);
        assertEquals(findings.ok(), true);
        assertEquals(Outcome.totals(findings.counts()), "1 passed, 0 failed, 0 skipped, 2 findings");
        Runs.Step inconclusive = Runs.step(List.of("1 passed, 0 failed, 0 skipped, 1 inconclusive", "make: *** [Makefile:77: test] Error 4"), 2);
        assertEquals(inconclusive.ok(), false);
        assertEquals(Outcome.totals(inconclusive.counts()), "1 passed, 0 failed, 0 skipped, 1 inconclusive");
        assertEquals(Runs.step(List.of("all good"), 0), new Runs.Step(true, n("passed=1")));
        Runs.Step broke = Runs.step(List.of("3 passed, 0 failed, 0 skipped"), 2);   // exit 2 yet nothing failed: a failure
        assertEquals(Outcome.totals(broke.counts()), "3 passed, 1 failed, 0 skipped");
    }
}
