/*
 * @test
 * @summary make/bisect.sh in Java: one pack run in $BUILD/bisect judged by the run model from that run's own results: 0 good, 1 bad, 125 when nothing could be judged (every test skipped, an inconclusive, no results of its own, no plugins), never make's 2; each verdict one line and a line of log.tsv
 * @library /lib /make/tools
 * @build modes.Bisect run.Runs modes.PackRunner modes.Mode results.RunResults report.Bundles ModeStandIn
 * @run testng BisectTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import modes.Bisect;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: make/lib.sh's pack_plugins gives two paths (or fails, with FAKE_NO_PLUGINS); make/jtreg.sh
 * prints a line, then writes one result whose outcome is FAKE_OUTCOME under the run id it is given, or nothing at all
 * when FAKE_OUTCOME is none. The JDK is a directory whose bin/java prints a version.
 */
public class BisectTest {
    static final String FAKE_LIB = """
            pack_plugins() { [ -z "${FAKE_NO_PLUGINS:-}" ] || { echo "error: make hsdis ARCH=x86_64 failed: no hsdis plugin in $BUILD/hsdis" >&2; return 2; }
                PACK_PLUGIN_PATH=/p/x86_64 PACK_DECODER=/p/decode; }
            """;
    static final String FAKE_JTREG = """
            echo "jtreg on $JDK in $BUILD, plugins $HSDIS_PATH"
            [ "$FAKE_OUTCOME" = none ] && { echo "Error: Not a test or directory containing tests: t"; exit 2; }
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\nt/A.java\\t%s\\t1.00\\tbecause\\n' "$PACK_RUN_ID" "$FAKE_OUTCOME" >"$BUILD/summary.tsv"
            """;

    record Ran(int status, String out, List<String> logged) {
    }

    static Ran bisect(String outcome, String... env) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "bisect-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Path java = Files.createDirectories(pack.resolve("jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"27-internal\"'\necho 'OpenJDK Runtime Environment (build 27-internal-adhoc)'\n");
        java.toFile().setExecutable(true);
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "JDK", pack.resolve("jdk").toString(),
                "FAKE_OUTCOME", outcome, "PACK_PLUGIN_PATH", "", "PACK_DECODER", "", "PACK_TOOLS_DIR", "/p/tools"), env);
        ModeStandIn.Printed p = ModeStandIn.run(null, () -> new Bisect(e, pack).run());
        int status = p.status();
        Path log = pack.resolve("build/bisect/log.tsv");
        List<String> logged = Files.exists(log) ? Files.readAllLines(log).stream().map(l -> l.replace(pack.toString(), "PACK").replaceFirst("^[0-9T:-]+Z\t", "TIME\t")).toList() : List.of();
        return new Ran(status, p.out().replace(pack.toString(), "PACK"), logged);
    }

    @Test
    public void aPassIsGoodAFailureBad() throws Exception {
        Ran good = bisect("passed");
        assertEquals(good.out(), "jtreg on PACK/jdk in PACK/build/bisect, plugins /p/x86_64\nbisect: good (1 passed, 0 failed, 0 skipped)\n");
        assertEquals(good.status(), 0);
        assertEquals(good.logged(), List.of("TIME\tPACK/jdk\tOpenJDK Runtime Environment (build 27-internal-adhoc)\tgood\t1 passed, 0 failed, 0 skipped"));
        Ran bad = bisect("failed");
        assertTrue(bad.out().endsWith("bisect: bad (0 passed, 1 failed, 0 skipped)\n"), bad.out());
        assertEquals(bad.status(), 1);
    }

    @Test
    public void whatCannotBeJudgedIsSkippedNeverMakesTwo() throws Exception {
        Ran skipped = bisect("skipped");
        assertTrue(skipped.out().endsWith("bisect: skip (0 passed, 0 failed, 1 skipped: no test passed, nothing to judge (reasons in PACK/build/bisect/run.log))\n"), skipped.out());
        assertEquals(skipped.status(), 125);
        assertEquals(bisect("inconclusive").status(), 125);
        Ran none = bisect("none");
        assertTrue(none.out().endsWith("bisect: skip (no results (exit 2): PACK/build/bisect/summary.tsv: no results (the run produced none): "
                + "Error: Not a test or directory containing tests: t)\n"), none.out());
        assertEquals(none.status(), 125);
        Ran noPlugins = bisect("passed", "FAKE_NO_PLUGINS", "1");
        assertTrue(noPlugins.out().startsWith("error: make hsdis ARCH=x86_64 failed: no hsdis plugin in PACK/build/hsdis\nbisect: skip (no results (exit 2): "), noPlugins.out());
        assertEquals(noPlugins.status(), 125);
        assertEquals(noPlugins.logged().size(), 1);
    }
}
