/*
 * @test
 * @summary The shell modes read runs through the run model: findings are counted in stress and bench rounds, in bisect's judgement and in make check's steps; a round never reads an earlier round's results
 * @library /lib /make/tools
 * @build Runs RunResults
 * @run testng RunsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/*
 * make/lib.sh's run_round runs make/jtreg.sh; here a stand-in make/jtreg.sh (in a directory of its own) writes the
 * results file a run with two passes and a finding writes, under the run id it is given (PACK_RUN_ID), or nothing.
 */
public class RunsTest {
    static final String FAKE_JTREG = """
            [ -n "${FAKE_NONE:-}" ] && exit 1
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            printf 't/A.java\\tpassed\\t1.00\\t\\nt/B.java\\tpassed\\t1.00\\t\\nt/C.java\\tfinding\\t0.00\\tnot the default here\\n' >>"$BUILD/summary.tsv"
            echo "2 passed, 0 failed, 0 skipped, 1 findings"
            exit 3
            """;

    /** Runs SCRIPT in bash with make/lib.sh sourced, in a pack directory whose make/jtreg.sh is the stand-in; stdout and stderr. */
    static String bash(String script, String... env) throws Exception {
        Path pack = Files.createTempDirectory("runs-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Path lib = Path.of(System.getProperty("test.root", ".")).resolve("make/lib.sh").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", ". " + lib + "\ncd " + pack + "\n" + script).redirectErrorStream(true);
        pb.environment().put("RUNS_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.environment().put("RUNS_CP", anatomy.capture.ChildVm.testClassPath());   // the library too (make/jtreg.sh: -cpa)
        pb.environment().put("OUT", pack.resolve("out").toString());
        for (int i = 0; i < env.length; i += 2) {
            pb.environment().put(env[i], env[i + 1]);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        return out + "exit " + p.waitFor();
    }

    @Test
    public void aRoundsTotalsAndTheirSumCountFindings() throws Exception {
        String out = bash("""
                mkdir -p "$OUT"
                run_round "$OUT" "$OUT/round-1.log"; echo "round 1: $ROUND_TOTALS ($ROUND_STATUS)"
                run_round "$OUT" "$OUT/round-2.log"; echo "round 2: $ROUND_TOTALS ($ROUND_STATUS)"
                runs rows --run "$ROUND_ID" "$OUT" finding
                round_totals "$OUT"
                """);
        assertEquals(out, """
                round 1: 2 passed, 0 failed, 0 skipped, 1 findings (3)
                round 2: 2 passed, 0 failed, 0 skipped, 1 findings (3)
                t/C.java\tfinding\t0.00\tnot the default here
                4 passed, 0 failed, 0 skipped, 2 findings
                exit 3""");
    }

    @Test
    public void aRoundThatLeftNoResultsNeverReadsTheLastRoundsAsItsOwn() throws Exception {
        String out = bash("""
                mkdir -p "$OUT"
                run_round "$OUT" "$OUT/round-1.log"
                FAKE_NONE=1 run_round "$OUT" "$OUT/round-2.log"
                echo "not reached"
                """);
        assertTrue(out.contains("not of this run") && out.endsWith("exit 2") && !out.contains("not reached"), out);
    }

    @Test
    public void aScriptsOwnChecksAreTalliedByTheOnePrinter() throws Exception {
        assertEquals(bash("runs tally passed=3 failed=0; runs tally passed=1 finding=2"),
                "3 passed, 0 failed, 0 skipped\n1 passed, 0 failed, 0 skipped, 2 findings\nexit 3");
        assertTrue(bash("runs tally passd=1").startsWith("error: Runs tally: 'passd' is no outcome"));
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
