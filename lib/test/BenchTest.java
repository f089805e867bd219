/*
 * @test
 * @summary make bench in Java: N and BUDGET are one line each (exit 2) before anything is built; a cold round and N warm ones, a line each with the round's totals (findings counted), then the per-test times over the warm rounds only; a failed round makes the times mean nothing (exit 1), a round that left no results of its own stops it (one line, exit 2)
 * @library /lib /make/tools
 * @build modes.Bench modes.Rounds modes.Lanes modes.PackRunner modes.Mode results.RunResults modes.RoundTimes report.Bundles ModeStandIn
 * @run testng BenchTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import modes.Bench;
import modes.Mode;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: make/lib.sh resolves the JDK under test to /fake/jdk17; make/jtreg.sh writes two passes
 * and a finding under the run id it is given, t/A.java failed on the round whose number is in FAKE_FAIL, and nothing at
 * all on the round in FAKE_NONE (its rounds are counted in a file).
 */
public class BenchTest {
    static final String FAKE_LIB = """
            jdk_under_test() { echo /fake/jdk17; }
            jdk_arch() { echo x86_64; }
            jdk_feature() { echo 17; }
            """;
    static final String FAKE_JTREG = """
            n=$(( $(cat "$BUILD/count" 2>/dev/null || echo 0) + 1 )); echo $n >"$BUILD/count"
            [ "$n" = "${FAKE_NONE:-}" ] && exit 1
            a=passed; [ "$n" = "${FAKE_FAIL:-}" ] && a=failed
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            printf 't/A.java\\t%s\\t2.00\\t\\nt/B.java\\tpassed\\t0.50\\t\\nt/C.java\\tfinding\\t0.00\\tnot the default here\\n' $a >>"$BUILD/summary.tsv"
            """;

    record Ran(int status, String out, Path pack) {
    }

    static Ran bench(String... env) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "bench-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "N", "2", "CONC", "2", "TEST", "t",
                "PACK_OPTIONS_CHECKED", "key", "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode", "PACK_TOOLS_DIR", "/p/tools"), env);
        ModeStandIn.Printed p = ModeStandIn.run("error: ", () -> new Bench(e, pack).run());
        return new Ran(p.status(), p.out().replace(pack.toString(), "PACK").replaceAll("\\d+\\.\\d\\d s\\b", "n s")
                .replaceAll("load average [0-9. ]+", "load average L").replaceAll("at the end: [0-9. ]+", "at the end: L"), pack);
    }

    @Test
    public void aColdRoundThenTheWarmOnesAndTheirTimes() throws Exception {
        Ran r = bench();
        assertTrue(r.out().startsWith("""
                bench: JDK /fake/jdk17 (x86_64, JDK 17), TEST=t, CONC=2, 1 cold round and 2 warm; load average L
                cold (jtreg compiles the library and the probe): 2 passed, 0 failed, 0 skipped, 1 findings in n s
                warm 1/2: 2 passed, 0 failed, 0 skipped, 1 findings in n s
                warm 2/2: 2 passed, 0 failed, 0 skipped, 1 findings in n s
                """), r.out());
        assertTrue(r.out().contains("\n  t/A.java           2.00    2.00    2.00\n  t/B.java           0.50    0.50    0.50\n"), r.out());
        assertTrue(r.out().contains("over 1.5 s a test (median):\n  t/A.java (median n s)\n"), r.out());
        assertTrue(r.out().endsWith("load average at the end: L\n"), r.out());
        assertEquals(r.status(), 0);
        // the warm rounds' times only, a skipped or finding test's not among them; each round's results kept
        List<String> times = Files.readAllLines(r.pack().resolve("build/bench/times.tsv"));
        assertEquals(times.stream().map(l -> l.split("\t")[0]).toList(), List.of("(the run, wall)", "t/A.java", "t/B.java", "(the run, wall)", "t/A.java", "t/B.java"));
        assertEquals(Files.list(r.pack().resolve("build/bench/rounds")).map(p -> p.getFileName().toString()).sorted().toList(),
                List.of("round-1.tsv", "round-2.tsv", "round-cold.tsv"));
    }

    @Test
    public void aFailedRoundMakesTheTimesMeanNothing() throws Exception {
        Ran r = bench("FAKE_FAIL", "2");
        assertTrue(r.out().contains("warm 1/2: 1 passed, 1 failed, 0 skipped, 1 findings in n s\n"), r.out());
        assertTrue(r.out().endsWith("error: 1 rounds had a failed test: the times above mean nothing (see PACK/build/bench/round-*.log)\n"), r.out());
        assertEquals(r.status(), 1);
    }

    @Test
    public void aRoundWithoutResultsOfItsOwnStopsTheBench() throws Exception {
        Ran r = bench("FAKE_NONE", "2");
        assertTrue(r.out().contains("\nerror: PACK/build/bench/summary.tsv: the results of run ") && r.out().endsWith("see PACK/build/bench/round-1.log\n"), r.out());
        assertEquals(r.status(), 2);
    }

    @Test
    public void theNumbersAreOneLineEach() {
        Map<String, String> bad = Map.of("N", "0", "BUDGET", "1.5s");
        Map<String, String> why = Map.of("N", "N=0 is not a positive number of rounds", "BUDGET", "BUDGET=1.5s is not a number of seconds");
        for (String k : bad.keySet()) {
            try {
                Bench.check(Map.of(k, bad.get(k)));
                fail(k + " taken");
            } catch (Mode.Stop e) {
                assertEquals(e.getMessage(), why.get(k));
                assertEquals(e.status, 2);
            }
        }
        Bench.check(Map.of("N", "3", "BUDGET", "0.5"));
    }
}
