/*
 * @test
 * @summary make stress in Java: its numbers are one line each (exit 2) before anything is built; MODE=compiler takes the Stress flags the JDK has, runs a round per seed, names each failure's seed and the command that reproduces it, and ends with the totals of all rounds, exit 1 on a failure or an inconclusive and 0 on findings alone
 * @library /lib /make/tools
 * @build modes.Stress modes.Rounds run.Runs modes.PackRunner modes.Mode results.RunResults report.Bundles ModeStandIn
 * @run testng StressTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import modes.Mode;
import modes.Stress;
import org.testng.annotations.Test;
import run.Runs;

/*
 * The compiler mode's run uses stand-ins: make/lib.sh names the JDK and its version, the JDK's bin/java prints two of the
 * four Stress flags and StressSeed as -XX:+PrintFlagsFinal does, and make/jtreg.sh fails t/B.java#x under seed 10.
 */
public class StressTest {
    @Test
    public void eachNumberIsCheckedAndTheFirstWrongOneIsOneLine() {
        for (String[] c : new String[][] {{"N", "0"}, {"STRESS_CPUS", "two"}, {"MODE", "gc"}, {"SEEDS", "1000000"}, {"SEED", "1000000000"}}) {
            try {
                Stress.check(Map.of(c[0], c[1]));
                fail(c[0] + "=" + c[1] + " taken");
            } catch (Mode.Stop e) {
                assertEquals(e.getMessage(), c[0] + "=" + c[1] + " " + messageOf(c[0]));
                assertEquals(e.status, 2);
            }
        }
        Stress.check(Map.of("N", "3", "STRESS_CPUS", "2", "MODE", "compiler", "SEEDS", "20", "SEED", "0", "BUDGET", "x"));
    }

    static String messageOf(String name) {
        return switch (name) {
            case "N" -> "is not a positive number of rounds";
            case "STRESS_CPUS" -> "is not a positive number of workers";
            case "MODE" -> "is neither load nor compiler";
            case "SEEDS" -> "is not a positive number of seeds";
            default -> "is not a whole number below 10^9 (C2's StressSeed)";
        };
    }

    @Test
    public void theStatusOfTheRoundsFailsOnAFailureOrAnInconclusiveNeverOnFindings() {
        assertEquals(Stress.status(Runs.tally(java.util.List.of("passed=3", "finding=2"))), 0);
        assertEquals(Stress.status(Runs.tally(java.util.List.of("passed=3", "inconclusive=1", "finding=2"))), 1);
        assertEquals(Stress.status(Runs.tally(java.util.List.of("failed=1"))), 1);
        assertEquals(Stress.status(Runs.tally(java.util.List.of("skipped=1", "problem=1"))), 0);
    }

    static final String FLAGS = """
            [Global flags]
                 bool StressCCP                                = false                                  {diagnostic} {default}
                 bool StressLCM                                = false                                  {diagnostic} {default}
                 uint StressSeed                               = 0                                      {diagnostic} {default}
            """;

    @Test
    public void theStressFlagsAreThoseTheVmHas() {
        assertEquals(Stress.stressOptions(FLAGS, "/j"), "-XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressCCP");
        try {
            Stress.stressOptions(FLAGS.replace("StressSeed", "OtherSeed"), "/j");
            fail("no StressSeed taken");
        } catch (Mode.Stop e) {
            assertEquals(e.getMessage(), "JDK=/j has no StressSeed flag: its C2 stress runs could not be reproduced");
        }
        try {
            Stress.stressOptions("     bool UseZGC = false {product} {default}\n", "/zero");
            fail("no C2 taken");
        } catch (Mode.Stop e) {
            assertEquals(e.getMessage(), "JDK=/zero has none of C2's Stress flags (StressLCM StressGCM StressIGVN StressCCP): no C2 in this VM");
        }
    }

    @Test
    public void aSeedsFailureNamesItsSeedAndItsReproductionAndTheTotalsAreAllRounds() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "stress-pack");
        Path jdk = Files.createDirectories(pack.resolve("jdk/bin"));
        Files.writeString(jdk.resolve("java"), "#!/bin/sh\ncat <<'EOF'\n" + FLAGS + "EOF\n");
        Files.setPosixFilePermissions(jdk.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), """
                jdk_under_test() { echo "$PWD/jdk"; }
                jdk_arch() { echo x86_64; }
                host_arch() { echo x86_64; }
                jdk_version() { echo 17.0.15+6; }
                """);
        Files.writeString(pack.resolve("make/jtreg.sh"), """
                o=passed
                case " $VM_OPTIONS " in *" -XX:StressSeed=10 "*) o=failed ;; esac
                printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
                printf 't/A.java\\tpassed\\t1.00\\t\\nt/B.java#x\\t%s\\t1.00\\t\\n' "$o" >>"$BUILD/summary.tsv"
                """);
        Map<String, String> env = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "MODE", "compiler", "SEEDS", "2", "SEED", "9",
                "TEST", "t", "VM_OPTIONS", "", "CONC", "", "PACK_OPTIONS_CHECKED", "yes", "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode"),
                "PACK_TOOLS_DIR", "/p/tools");
        ModeStandIn.Printed p = ModeStandIn.run(null, () -> new Stress(env, pack).compiler());
        int status = p.status();
        String out = p.out();
        String options = "-XX:+UnlockDiagnosticVMOptions -XX:+StressLCM -XX:+StressCCP";
        assertEquals(out.toString().replace(pack.toString(), "PACK").replaceAll("\\(\\d+\\.\\d\\d s\\)", "(n s)").replaceAll("in \\d+ s", "in n s"), """
                make stress MODE=compiler: 2 seeds from 9 on JDK PACK/jdk (17.0.15+6), 1 test files, CONC=1
                  C2 stress options: %1$s -XX:StressSeed=<seed>
                seed 9 (1/2): 2 passed, 0 failed, 0 skipped (n s)
                seed 10 (2/2): 1 passed, 1 failed, 0 skipped (n s)

                Failures and inconclusive results (each seed's output: PACK/build/stress-compiler/failed-seed-<seed>.log):
                  seed 10: t/B.java#x failed; reproduce: make test JDK=PACK/jdk TEST=t/B.java VM_OPTIONS="%1$s -XX:StressSeed=10"
                  failed or inconclusive in 1 of 2 rounds: t/B.java#x (seed-10)
                2 seeds in n s
                3 passed, 1 failed, 0 skipped
                """.formatted(options));
        assertEquals(status, 1);
        assertEquals(Files.exists(pack.resolve("build/stress-compiler/failed-seed-10.log")), true);
        assertEquals(Files.exists(pack.resolve("build/stress-compiler/rounds/seed-9.tsv")), true);
    }
}
