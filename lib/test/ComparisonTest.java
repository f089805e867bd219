/*
 * @test
 * @summary make compare in Java: BASE and NEW are checked before anything is built (one line, exit 2); each side is one pack run with RETAIN=all and the side's own options in its own work area, reused only while its stamp (JDK, options, selection, pack sources) is unchanged and its run's results are still there; a side that left no results stops it with the run's first error
 * @library /lib /make/tools
 * @build modes.Comparison report.Compare modes.PackRunner modes.Mode results.RunResults report.Bundles
 * @run testng ComparisonTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import modes.Comparison;
import modes.Mode;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: make/lib.sh's check_jdk_home refuses a path without bin/java as the real one does, and
 * jdk_feature reads the JDK's release file; make/jtreg.sh writes a pass under the run id it is given and appends what it
 * was given to RUNS, or, for a JDK named none, says an error and writes nothing.
 */
public class ComparisonTest {
    static final String FAKE_LIB = """
            die() { echo "error: $*" >&2; exit 2; }
            check_jdk_home() { [ -x "$2/bin/java" ] || die "$1=$2 is not a JDK: it has no bin/java"; }
            jdk_feature() { sed -n 's/^JAVA_VERSION="\\([0-9]*\\).*/\\1/p' "$1/release"; }
            check_test_selection() { :; }
            """;
    static final String FAKE_JTREG = """
            echo "JDK=$JDK VM_OPTIONS=$VM_OPTIONS RETAIN=$RETAIN TEST=$TEST BUILD=$BUILD" >>"$RUNS"
            case $JDK in */none) echo "jtreg: starting"; echo "error: the VM did not start"; exit 2 ;; esac
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\nt/A.java\\tpassed\\t1.00\\t\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            """;

    static Path pack() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "compare-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        for (String jdk : List.of("jdk17", "jdk25", "jdk11", "none")) {
            Files.createDirectories(pack.resolve(jdk).resolve("bin"));
            Files.writeString(pack.resolve(jdk).resolve("bin/java"), "");
            pack.resolve(jdk).resolve("bin/java").toFile().setExecutable(true);
            Files.writeString(pack.resolve(jdk).resolve("release"), "JAVA_VERSION=\"" + jdk.replaceAll("\\D", "").replaceFirst("^$", "17") + "\"\n");
        }
        return pack;
    }

    static Comparison comparison(Path pack, String... env) {
        Map<String, String> e = new HashMap<>(System.getenv());
        e.putAll(Map.of("BUILD", pack.resolve("build").toString(), "TEST", "t", "BASE", pack.resolve("jdk17").toString(), "NEW", pack.resolve("jdk25").toString(),
                "RUNS", pack.resolve("runs").toString(), "VM_OPTIONS", "-Xint", "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode", "PACK_TOOLS_DIR", "/p/tools"));
        for (int i = 0; i < env.length; i += 2) {
            e.put(env[i], env[i + 1]);
        }
        return new Comparison(e, pack);
    }

    /** What SIDE printed, the pack's path as PACK. */
    static String side(Path pack, Comparison c, String name, String jdk, String options) throws Exception {
        PrintStream was = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        try {
            c.side(pack.resolve("build/compare").resolve(name), pack.resolve(jdk).toString(), options, "s0urces");
        } catch (Mode.Stop stop) {
            System.out.println("error: " + stop.getMessage());
        } finally {
            System.setOut(was);
        }
        return out.toString().replace(pack.toRealPath().toString(), "PACK").replace(pack.toString(), "PACK");
    }

    @Test
    public void aSideIsOneRunWithItsOwnOptionsAndIsReusedWhileNothingItDependsOnChanged() throws Exception {
        Path pack = pack();
        Comparison c = comparison(pack);
        assertEquals(side(pack, c, "base", "jdk17", ""), """
                compare: base: make test JDK=PACK/jdk17 TEST=t RETAIN=all (log PACK/build/compare/base/run.log)
                compare: base: 1 passed, 0 failed, 0 skipped
                """);
        assertEquals(side(pack, c, "base", "jdk17", ""), "compare: base: reusing PACK/build/compare/base (same JDK, options, TEST and pack sources)\n");
        assertEquals(side(pack, c, "new", "jdk25", "-XX:-UseCountedLoopSafepoints"), """
                compare: new: make test JDK=PACK/jdk25 TEST=t VM_OPTIONS=-XX:-UseCountedLoopSafepoints RETAIN=all (log PACK/build/compare/new/run.log)
                compare: new: 1 passed, 0 failed, 0 skipped
                """);
        assertTrue(side(pack, c, "base", "jdk17", "-Xint").contains("compare: base: make test"), "other options, another run");
        Files.delete(pack.resolve("build/compare/base/summary.tsv"));
        assertTrue(side(pack, c, "base", "jdk17", "-Xint").contains("compare: base: make test"), "its results gone, run again");
        String real = pack.toRealPath().toString();
        List<String> runs = Files.readAllLines(pack.resolve("runs")).stream().map(l -> l.replace(real, "PACK").replace(pack.toString(), "PACK")).toList();
        assertEquals(runs.get(0), "JDK=PACK/jdk17 VM_OPTIONS= RETAIN=all TEST=t BUILD=PACK/build/compare/base", "the side's own options, not the user's");
        assertEquals(runs.size(), 4);
    }

    @Test
    public void aSideWithoutResultsStopsWithTheRunsFirstError() throws Exception {
        Path pack = pack();
        assertEquals(side(pack, comparison(pack), "new", "none", ""), """
                compare: new: make test JDK=PACK/none TEST=t RETAIN=all (log PACK/build/compare/new/run.log)
                error: new (PACK/none) produced no results (exit 2): error: the VM did not start
                """);
    }

    @Test
    public void baseAndNewAreCheckedFirst() throws Exception {
        Path pack = pack();
        Map<List<String>, String> bad = Map.of(
                List.of("BASE", ""), "BASE= is required: make compare BASE=/path/to/jdk NEW=/path/to/jdk",
                List.of("NEW", pack.resolve("jdk11").toString()), "NEW=" + pack.resolve("jdk11") + " is JDK 11; the pack needs JDK 17 or newer");
        for (var b : bad.entrySet()) {
            Comparison c = comparison(pack, b.getKey().get(0), b.getKey().get(1));
            try {
                c.checkSide(b.getKey().get(0));
                fail(b.getKey() + " taken");
            } catch (Mode.Stop e) {
                assertEquals(e.getMessage(), b.getValue());
                assertEquals(e.status, 2);
            }
        }
        try {
            comparison(pack, "NEW", "/nowhere").checkSide("NEW");
            fail("/nowhere taken");
        } catch (Mode.Stop e) {
            assertEquals(e.getMessage(), null, "make/lib.sh's check_jdk_home said why");
        }
        assertEquals(Comparison.sha1("".getBytes()), "da39a3ee5e6b", "sha1sum's digits");
    }
}
