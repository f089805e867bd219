/*
 * @test
 * @summary make check in Java: its steps run in order with the JDK table's lists, each judged by the run model (findings alone are ok and named, an inconclusive or a failure is FAILED and the exit status 1), the JDKs are prepared in the background as make/jdks.sh's separate runs, the system row compares dpkg's view before and after, and the totals of every step are the last line, alone
 * @library /lib /make/tools
 * @build modes.Check modes.Mode run.Runs jdks.JdkTable ModeStandIn
 * @run testng CheckModeTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import modes.Check;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: a JDK table of six rows, a make/jdks.sh that notes its arguments and cannot prepare
 * riscv64-25, and a make that notes its arguments and prints a totals line of the step's: the pack step has findings
 * only (make's "Error 3"), report-check prints none; with STAND_IN_FAIL, switching fails and configs is inconclusive.
 */
public class CheckModeTest {
    static final String TABLE = """
            x86_64-17     x86_64   17  system           -          default,switching                             -
            x86_64-21     x86_64   21  debian/unstable  21-1       default                                       -
            x86_64-28ea   x86_64   28  debian/unstable  28~18ea-1  default,newest,mutants,switching,check-fleet  -
            aarch64-25    aarch64  25  debian/unstable  25-1       default,check-fleet                           -
            aarch64-28ea  aarch64  28  debian/unstable  28~18ea-1  default,newest                                -
            riscv64-25    riscv64  25  debian/unstable  25-1       check-ports                                   -
            """;
    static final String FAKE_JDKS = """
            echo "$#:$*" >>"$(dirname "$0")/../prefetched"
            [ "$1" != riscv64-25 ] || { echo "make/jdks.sh: riscv64-25: no network" >&2; exit 1; }
            echo "/jdks/$1"
            """;
    static final String FAKE_MAKE = """
            [ "$1" = --no-print-directory ] && shift
            echo "$*" >>"$(dirname "$0")/made"
            case $1 in
                hygiene) echo "tools=${PACK_TOOLS_DIR-unset} plugins=${PACK_PLUGIN_PATH-unset}" ;;
                test) echo "5 passed, 0 failed, 1 skipped, 2 findings"; echo "make: *** [Makefile:1: test] Error 3"; exit 2 ;;
                switching) [ -z "${STAND_IN_FAIL:-}" ] || { echo "1 passed, 1 failed, 0 skipped"; exit 1; } ;;
                configs) [ -z "${STAND_IN_FAIL:-}" ] || { echo "3 passed, 0 failed, 0 skipped, 1 inconclusive"
                         echo "make: *** [Makefile:1: configs] Error 4"; exit 2; } ;;
                report-check) echo "the page looks right"; exit 0 ;;
            esac
            echo "2 passed, 0 failed, 0 skipped"
            """;

    record Ran(int status, String out, Path pack) {
        String file(String name) throws Exception {
            return Files.readString(pack.resolve(name));
        }
    }

    static Ran check(String... env) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "check-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/jdk-table"), TABLE);
        Files.writeString(pack.resolve("make/jdks.sh"), FAKE_JDKS);
        Files.writeString(pack.resolve("make-stand-in"), FAKE_MAKE);
        Files.createDirectories(pack.resolve("build/check"));
        Files.writeString(pack.resolve("build/check/gone.totals"), "9 passed, 9 failed, 0 skipped\n");   // an earlier run's
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "JDK_TABLE", "", "STAND_IN_FAIL", "",
                "PACK_TOOLS_DIR", "/p/tools", "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode"), env);
        ModeStandIn.Printed p = ModeStandIn.run("error: ", () -> new Check(e, pack, List.of("bash", pack.resolve("make-stand-in").toString())).run());
        String out = p.out().replace(pack.toString(), "PACK").replaceAll("\\(\\d+ s\\)", "(n s)").replaceAll("\\d+ s into", "n s into")
                .replaceAll("make check \\(\\d+ s;", "make check (n s;");
        return new Ran(p.status(), out, pack);
    }

    @Test
    public void theStepsTheirTableTheFailedAndTheFindingsThenTheTotalsAlone() throws Exception {
        Ran r = check("STAND_IN_FAIL", "yes");
        String table = r.out().substring(r.out().indexOf("\nmake check ("));
        assertEquals(table, """

                make check (n s; JDKs prepared in the background n s into make check, 1 failed: PACK/build/check/prefetch.log):
                  hygiene      ok     2 passed, 0 failed, 0 skipped (n s)
                  hsdis        ok     2 passed, 0 failed, 0 skipped (n s)
                  selftest     ok     2 passed, 0 failed, 0 skipped (n s)
                  mutants      ok     2 passed, 0 failed, 0 skipped (n s)
                  pack         ok     5 passed, 0 failed, 1 skipped, 2 findings (n s)
                  sensitivity  ok     2 passed, 0 failed, 0 skipped (n s)
                  switching    FAILED 1 passed, 1 failed, 0 skipped (n s)
                  configs      FAILED 3 passed, 0 failed, 0 skipped, 1 inconclusive (n s)
                  no-lse       ok     2 passed, 0 failed, 0 skipped (n s)
                  newest       ok     2 passed, 0 failed, 0 skipped (n s)
                  matrix       ok     2 passed, 0 failed, 0 skipped (n s)
                  ports        ok     2 passed, 0 failed, 0 skipped (n s)
                  fleet        ok     2 passed, 0 failed, 0 skipped (n s)
                  ci           ok     2 passed, 0 failed, 0 skipped (n s)
                  report       ok     1 passed, 0 failed, 0 skipped (n s)
                  system       ok     the system's JDK packages and dpkg architectures are as before
                failed steps: switching configs
                findings (the JDK's defaults differ from what a test claims) in: pack
                33 passed, 1 failed, 1 skipped, 2 findings, 1 inconclusive
                """);
        assertEquals(r.status(), 1);
        assertEquals(r.file("build/check/configs.totals"), "3 passed, 0 failed, 0 skipped, 1 inconclusive\n");
        assertEquals(r.file("build/check/system.totals"), "1 passed, 0 failed, 0 skipped\n");
        assertFalse(Files.exists(r.pack().resolve("build/check/gone.totals")), "an earlier run's totals are not added");
        String[] lines = r.out().split("\n");
        assertTrue(Outcome.parseTotals(lines[lines.length - 1]) != null && r.out().endsWith(lines[lines.length - 1] + "\n"));
    }

    @Test
    public void findingsAloneAreOkEachStepsOutputIsShownAndKeptAndMakeGetsTheTablesJdks() throws Exception {
        Ran r = check();
        assertEquals(r.status(), 0);
        assertFalse(r.out().contains("failed steps:"), r.out());
        assertTrue(r.out().endsWith("\nfindings (the JDK's defaults differ from what a test claims) in: pack\n"
                + "33 passed, 0 failed, 1 skipped, 2 findings\n"), r.out());
        assertTrue(r.out().startsWith("== check: hygiene (make hygiene)\ntools=unset plugins=unset\n2 passed, 0 failed, 0 skipped\n"
                + "== check: hsdis (make hsdis-check HSDIS_CHECK_QEMU=yes)\n"), r.out());
        assertEquals(r.file("build/check/pack.log"), "5 passed, 0 failed, 1 skipped, 2 findings\nmake: *** [Makefile:1: test] Error 3\n");
        assertEquals(r.file("made").replace(r.pack().toString(), "PACK"), """
                hygiene
                hsdis-check HSDIS_CHECK_QEMU=yes
                selftest
                mutants JDK=x86_64-28ea SET=make/mutants/smoke.txt
                test
                sensitivity SENSITIVITY_BASELINE=PACK/build
                switching
                configs TEST=headline
                matrix MATRIX=aarch64-17-nolse aarch64-25-nolse TEST=concurrency
                matrix MATRIX=x86_64-28ea aarch64-28ea TEST=all lib/test/whitebox/WhiteBoxBindingTest.java
                matrix MATRIX=x86_64-17 x86_64-21 aarch64-25 MATRIX_KEEP=1 TEST=headline lib/test/whitebox/WhiteBoxBindingTest.java
                matrix MATRIX=riscv64-25 MATRIX_KEEP=1 TEST=headline
                matrix MATRIX=check-fleet MATRIX_KEEP=1 TEST=headline
                ci-local EVENT=pull_request CI_MATRIX=x86_64-17 x86_64-21 CI_SHARDS=2
                report-check
                """);
    }

    @Test
    public void theJdksArePreparedOnceEachInTheOrderTheStepsNeedThemAndAFailureIsALine() throws Exception {
        Ran r = check();
        assertEquals(r.file("prefetched"), """
                1:x86_64-17-zero
                1:x86_64-28ea
                2:dbg x86_64-28ea
                1:x86_64-17
                1:aarch64-17-nolse
                1:aarch64-25-nolse
                1:aarch64-28ea
                1:x86_64-21
                1:aarch64-25
                1:riscv64-25
                """);
        assertEquals(r.file("build/check/prefetch.log").replaceAll("\\d+ s into", "n s into"), """
                make/jdks.sh: riscv64-25: no network
                prefetch: make/jdks.sh riscv64-25 failed; the step that needs it prepares it again
                ready: n s into make check
                """);
    }

    @Test
    public void aChangedSystemIsAFailedRowNamingWhatChanged() {
        List<String> before = List.of("i386", "openjdk-17-jdk-headless:amd64 17.0.15+6-1~deb12u1");
        assertEquals(Check.SystemRow.of(before, before),
                new Check.SystemRow(true, "  system       ok     the system's JDK packages and dpkg architectures are as before"));
        Check.SystemRow changed = Check.SystemRow.of(before, List.of("openjdk-17-jdk-headless:amd64 17.0.16+8-1~deb12u1"));
        assertEquals(changed, new Check.SystemRow(false, "  system       FAILED make check changed the system's JDKs: < i386 "
                + "< openjdk-17-jdk-headless:amd64 17.0.15+6-1~deb12u1 > openjdk-17-jdk-headless:amd64 17.0.16+8-1~deb12u1 "));
    }
}
