/*
 * @test
 * @summary A JDK copy whose C2 no longer scalar-replaces by default (EliminateAllocations off in its libjvm.so) fails AllocationIsScalarReplaced under -XX:-Inline, an option that removes the claim's premise: the rerun without it fails, and a failure is never merged into a skip
 * @requires os.arch == "amd64" | os.arch == "x86_64" | os.arch == "aarch64"
 * @library /lib /make/tools
 * @build mutants.Copies mutants.FlagDefaults results.RunResults
 * @run testng/timeout=600 BrokenDefaultTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import mutants.Copies;
import mutants.FlagDefaults;
import org.testng.annotations.Test;
import results.RunResults;

/*
 * A build that flips one default is what a regression of a release looks like from outside. The copy is made as
 * make mutants makes its JDKs (make/tools/mutants/Copies.java: hard links, one libjvm.so of its own), its flag default
 * changed by make/tools/mutants/FlagDefaults.java. Under -XX:-Inline, AllocationIsScalarReplaced cannot judge (its premise,
 * the constructor inlined, is gone: inconclusive), so the pack's runner runs it once more without the option, where
 * it fails. The run must end failed, exit status 1: before issue 40 it ended "0 passed, 0 failed, 1 skipped: your
 * options (-XX:-Inline) took the evidence away" and exited 0.
 *
 * The copy and the run's BUILD live under the checkout's build/broken-default/ and are kept, so that only the first
 * run compiles the library and the JNI libraries there.
 */
public class BrokenDefaultTest {
    private static final String FLAG = "EliminateAllocations";
    private static final String TEST = "test/escape/AllocationIsScalarReplaced.java";

    @Test
    public void aBrokenDefaultUnderAnOptionThatRemovesThePremiseFails() throws Exception {
        Path root = Path.of(System.getProperty("test.root")).toAbsolutePath();
        Path home = Path.of(System.getProperty("test.jdk")).toRealPath();
        if (Files.exists(home.resolve("pack-facade")) || !Files.isRegularFile(home.resolve("lib/server/libjvm.so"))) {
            throw new jtreg.SkippedException("the JDK under test is no server VM of this host's ISA: " + home);
        }
        Path dir = root.resolve("build/broken-default");
        Path copy = dir.resolve("jdk-no-" + FLAG);
        Copies.make(home, copy);
        Copies.writeLibrary(copy, FlagDefaults.withDefault(Files.readAllBytes(home.resolve("lib/server/libjvm.so")), FLAG, false));
        assertTrue(flagLine(home).matches("bool " + FLAG + " += true .*\\{default\\}"), flagLine(home));
        assertTrue(flagLine(copy).matches("bool " + FLAG + " += false .*\\{default\\}"), flagLine(copy));

        String id = "broken-default-" + ProcessHandle.current().pid();
        Path build = dir.resolve("build");
        ProcessBuilder pb = new ProcessBuilder("bash", "make/jtreg.sh").directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("run.log").toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("PACK_") || k.equals("JAVA_OPTIONS") || k.equals("VM_OPTIONS"));
        env.putAll(Map.of("JDK", copy.toString(), "TEST", TEST, "VM_OPTIONS", "-XX:-Inline", "BUILD", build.toString(),
                "CONC", "1", "PACK_RUN_ID", id, "HSDIS_PATH", System.getenv().getOrDefault("PACK_HSDIS_PATH", ""),
                "HSDIS_DECODE", System.getenv().getOrDefault("PACK_HSDIS_DECODE", "")));
        long started = System.nanoTime();
        int status = pb.start().waitFor();
        System.out.printf("make/jtreg.sh on %s: exit %d in %.1f s (its output: %s)%n", copy, status, (System.nanoTime() - started) / 1e9,
                dir.resolve("run.log"));
        RunResults.Run run = RunResults.read(build, id);
        String all = Files.readString(dir.resolve("run.log"));
        String log = all.substring(Math.max(0, all.lastIndexOf("Pack summary")));   // the summary, not jtreg's output
        assertEquals(run.counts().get(Outcome.FAILED), Integer.valueOf(1), log);
        assertEquals(run.results().size(), 1, log);
        assertTrue(run.results().get(0).cause().contains("(without your options; with them (-XX:-Inline) the pack could not judge it: "),
                run.results().get(0).cause());
        assertEquals(status, Outcome.FAILED.exitStatus(), log);
    }

    /** The flag's line of -XX:+PrintFlagsFinal, its blanks squeezed. */
    private static String flagLine(Path jdk) throws Exception {
        Process p = new ProcessBuilder(jdk.resolve("bin/java").toString(), "-XX:+PrintFlagsFinal", "-version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out.lines().map(String::strip).filter(l -> l.matches("bool " + FLAG + " .*")).findFirst().orElse("(no " + FLAG + " in " + jdk + ")")
                .replaceAll("\\s+", " ");
    }
}
