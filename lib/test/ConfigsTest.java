/*
 * @test
 * @summary make configs in Java: its configurations are checked before any run (one line, exit 2), each runs in a work area of its own, a configuration the JDK refuses is n/a with the VM's reason, and the totals line and exit status are those of the configurations' results (1 a failure or a configuration that left none, else 4 inconclusive, else 3 findings)
 * @library /lib /make/tools
 * @build modes.Configs modes.Lanes modes.PackRunner modes.Mode results.RunResults report.Bundles ModeStandIn
 * @run testng ConfigsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import modes.Configs;
import modes.Mode;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: make/lib.sh resolves every JDK to /fake/jdk17 (JDK 17); make/jtreg.sh --check-only
 * refuses -XX:+Bad as the VM does, and a run writes two results, t/B.java's outcome chosen by an option (-Xfail,
 * -Xinc, -Xfind) and its cause naming what the run was given; -Xnone leaves no results at all.
 */
public class ConfigsTest {
    static final String FAKE_LIB = """
            resolve_jdk() { echo /fake/jdk17; }
            jdk_feature() { echo 17; }
            """;
    static final String FAKE_JTREG = """
            if [ "${1:-}" = --check-only ]; then
                case " $VM_OPTIONS " in *" -XX:+Bad "*)
                    echo "error: JDK=$JDK cannot start a VM with VM_OPTIONS=$VM_OPTIONS: Unrecognized VM option 'Bad'" >&2; exit 2 ;; esac
                echo "checked: key-$VM_OPTIONS"; exit 0
            fi
            case " $VM_OPTIONS " in *" -Xnone "*) exit 1 ;; esac
            o=passed
            case " $VM_OPTIONS " in *" -Xfail "*) o=failed ;; *" -Xinc "*) o=inconclusive ;; *" -Xfind "*) o=finding ;; esac
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            printf 't/A.java\\tpassed\\t1.00\\t\\nt/B.java\\t%s\\t1.00\\t%s\\n' "$o" "$([ $o = passed ] || echo "conc=$CONC rerun=$PACK_RERUN")" >>"$BUILD/summary.tsv"
            """;

    record Ran(int status, String out) {
    }

    static Ran configs(String configs, String... env) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "configs-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Files.writeString(pack.resolve("make/configs"), "default -\n");
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "CONFIGS", configs, "CONC", "2",
                "CONFIG_LANES", "2", "VM_OPTIONS", "", "JDK", "", "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode", "PACK_TOOLS_DIR", "/p/tools"), env);
        ModeStandIn.Printed p = ModeStandIn.run("error: ", () -> new Configs(e, pack).run());
        return new Ran(p.status(), p.out().replace(pack.toString(), "PACK").replaceAll("\\(\\d+ s\\)", "(n s)"));
    }

    @Test
    public void aFailureARefusedConfigurationAndTheTotalsOfTheOthers() throws Exception {
        Ran r = configs("default=;bad=-XX:+Bad;failing=-Xfail");
        assertEquals(r.out(), """

                Configurations on JDK 17 (/fake/jdk17):
                  default          (none)                                                       2 passed, 0 failed, 0 skipped  (n s)
                  bad              -XX:+Bad                                                     n/a: this JDK does not start with these options (Unrecognized VM option 'Bad')
                  failing          -Xfail                                                       1 passed, 1 failed, 0 skipped  (n s)

                Not passed:
                  failing          t/B.java                                                     failed   conc=1 rerun=no

                3 passed, 1 failed, 0 skipped
                """);
        assertEquals(r.status(), 1);
    }

    @Test
    public void inconclusiveIsFourAndFindingsAloneThree() throws Exception {
        assertEquals(configs("a=-Xinc;b=-Xfind;c=").status(), 4);
        Ran findings = configs("b=-Xfind;c=");
        assertTrue(findings.out().endsWith("\n3 passed, 0 failed, 0 skipped, 1 findings\n"), findings.out());
        assertEquals(findings.status(), 3);
    }

    @Test
    public void aConfigurationThatLeftNoResultsIsAFailure() throws Exception {
        Ran r = configs("lost=-Xnone;default=");
        assertTrue(r.out().contains("lost             -Xnone                                                       no results (exit 1; see "
                + "PACK/build/configs/lost/run.log): PACK/build/configs/lost/summary.tsv: no results (the run produced none)  (n s)"), r.out());
        assertTrue(r.out().endsWith("\nerror: 1 configuration(s) left no results (a failure each)\n2 passed, 0 failed, 0 skipped\n"), r.out());
        assertEquals(r.status(), 1);
        assertEquals(configs("lost=-Xnone").out().lines().reduce((a, b) -> b).orElse(""), "0 passed, 1 failed, 0 skipped");
    }

    @Test
    public void theUsersOwnOptionsAreCheckedBeforeAnyConfigurationRuns() throws Exception {
        Ran r = configs("default=", "VM_OPTIONS", "-XX:+Bad");
        assertEquals(r.status(), 2);
        assertFalse(r.out().contains("Configurations"), r.out());
    }

    @Test
    public void theConfigurationsOfTheTableAndOfConfigs() {
        Path build = Path.of("/b");
        List<String> table = List.of("# name since options", "default  -", "Xcomp  -  -Xcomp   # a comment", "log  -  -XX:LogFile={BUILD}/configs/x.log",
                "compact-headers  24  -XX:+UseCompactObjectHeaders");
        assertEquals(Configs.configs("", table, 17, build), List.of(new Configs.Config("default", ""), new Configs.Config("Xcomp", "-Xcomp"),
                new Configs.Config("log", "-XX:LogFile=/b/configs/x.log")));
        assertEquals(Configs.configs("", table, 25, build).size(), 4);
        assertEquals(Configs.configs("default=;C1-only=-XX:TieredStopAtLevel=1;", table, 17, build),
                List.of(new Configs.Config("default", ""), new Configs.Config("C1-only", "-XX:TieredStopAtLevel=1")));
    }

    @Test
    public void aBadConfigurationIsOneLine() {
        Path build = Path.of("/b");
        Map<String, String> bad = Map.of(
                "x", "CONFIGS='x': 'x' is not name=options",
                "a=;a=-Xint", "configuration 'a' is named twice",
                "../up=-Xint", "configuration '../up': a name is letters, digits, '.', '_' and '-' (its work area is $BUILD/configs/<name>)");
        bad.forEach((configs, why) -> {
            try {
                Configs.configs(configs, List.of(), 17, build);
                fail("CONFIGS=" + configs + " taken");
            } catch (Mode.Stop e) {
                assertEquals(e.getMessage(), why);
                assertEquals(e.status, 2);
            }
        });
        try {
            Configs.configs("", List.of("default -", "Xcomp since-17 -Xcomp"), 17, build);
            fail("a bad row taken");
        } catch (Mode.Stop e) {
            assertEquals(e.getMessage(), "make/configs:2: a row is a name, the first release it applies to (or -) and its options, not 'Xcomp since-17 -Xcomp'");
        }
    }
}
