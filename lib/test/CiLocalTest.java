/*
 * @test
 * @summary make ci-local in Java: CiPlan's plan becomes one make matrix per shard and a make report over their bundles, in $BUILD/ci emptied and linked to the main BUILD's JDKs; a shard's line gives its exit status and the totals of its own table, read back from its results, and the merge's exit status is the sequence's
 * @library /lib /make/tools
 * @build modes.CiLocal modes.Mode run.CiPlan run.Runs jdks.JdkTable report.Bundles ModeStandIn CheckModeTest
 * @run testng CiLocalTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import modes.CiLocal;
import org.testng.annotations.Test;
import run.CiPlan;

/*
 * A pack directory with CheckModeTest's JDK table and a make whose make matrix writes the results table of its shard
 * (shard 1 a pass and a finding, shard 2 a failure, shard 3 nothing at all) and whose make report prints its bundles
 * and exits 1.
 */
public class CiLocalTest {
    static final String FAKE_MAKE = """
            [ "$1" = --no-print-directory ] && shift
            for a; do case $a in BUILD=*) b=${a#BUILD=} ;; SHARD=*) shard=${a#SHARD=} ;; esac; done
            case $1 in
                matrix)
                    mkdir -p "$b/matrix"
                    case $shard in
                        1/*) printf 'x86_64-17\\tt/A.java\\tpassed\\t1.00\\t\\nx86_64-17\\tt/B.java\\tfinding\\t0.10\\tthe defaults\\n' >"$b/matrix/results.tsv"
                             echo "make: *** [Makefile:1: matrix] Error 3"; exit 2 ;;
                        2/*) printf 'x86_64-21\\tt/A.java\\tfailed\\t1.00\\texpected CMOV\\n' >"$b/matrix/results.tsv"; exit 2 ;;
                        *) echo "make/matrix.sh: interrupted"; exit 2 ;;
                    esac ;;
                report) echo "report: $*"; exit 1 ;;
            esac
            """;

    static final CiPlan.Plan TWO = new CiPlan.Plan("headline", "x86_64-17 x86_64-21", 2);

    @Test
    public void thePlanIsAMakeMatrixPerShardThenAMakeReportOverTheirBundles() {
        Path ci = Path.of("/b/ci");
        assertEquals(CiLocal.shards(TWO, ci), List.of(
                List.of("matrix", "BUILD=/b/ci", "MATRIX=x86_64-17 x86_64-21", "TEST=headline", "SHARD=1/2", "BUNDLE=/b/ci/bundle-1.tar.gz"),
                List.of("matrix", "BUILD=/b/ci", "MATRIX=x86_64-17 x86_64-21", "TEST=headline", "SHARD=2/2", "BUNDLE=/b/ci/bundle-2.tar.gz")));
        assertEquals(CiLocal.merge(TWO, ci), List.of("report", "BUILD=/b/ci", "FROM=/b/ci/bundle-1.tar.gz /b/ci/bundle-2.tar.gz"));
        assertEquals(CiLocal.shardLine(2, 2, 1, "0 passed, 1 failed, 0 skipped", ci.resolve("shard-2.log")),
                "ci-local: shard 2/2: exit 1, 0 passed, 1 failed, 0 skipped (log /b/ci/shard-2.log)");
    }

    @Test
    public void eachShardsLineThenTheMergeWhoseStatusIsTheSequences() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "ci-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/jdk-table"), CheckModeTest.TABLE);
        Files.writeString(pack.resolve("make-stand-in"), FAKE_MAKE);
        Files.createDirectories(pack.resolve("build/jdks"));
        Files.createDirectories(pack.resolve("build/ci/matrix"));
        Files.writeString(pack.resolve("build/ci/earlier.log"), "an earlier run's\n");
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "JDK_TABLE", "", "EVENT", "",
                "CI_TEST", "", "CI_MATRIX", "x86_64-17 x86_64-21", "CI_SHARDS", "3"));
        ModeStandIn.Printed p = ModeStandIn.run(null, () -> new CiLocal(e, pack, List.of("bash", pack.resolve("make-stand-in").toString())).run());
        String ci = pack.resolve("build/ci").toString();
        assertEquals(p.out().replace(ci, "CI"), """
                ci-local: plan for pull_request: TEST=headline MATRIX="x86_64-17 x86_64-21", 3 shard(s)
                ci-local: shard 1/3: exit 2, 1 passed, 0 failed, 0 skipped, 1 findings (log CI/shard-1.log)
                ci-local: shard 2/3: exit 2, 0 passed, 1 failed, 0 skipped (log CI/shard-2.log)
                ci-local: shard 3/3: exit 2, no results (make matrix wrote no CI/matrix/results.tsv) (log CI/shard-3.log)
                ci-local: merge: make report FROM="CI/bundle-1.tar.gz CI/bundle-2.tar.gz CI/bundle-3.tar.gz"
                report: report BUILD=CI FROM=CI/bundle-1.tar.gz CI/bundle-2.tar.gz CI/bundle-3.tar.gz
                """);
        assertEquals(p.status(), 1);
        assertEquals(Files.readString(pack.resolve("build/ci/shard-3.log")), "make/matrix.sh: interrupted\n");
        assertTrue(Files.isSymbolicLink(pack.resolve("build/ci/jdks")));
        assertEquals(Files.readSymbolicLink(pack.resolve("build/ci/jdks")), pack.resolve("build/jdks"));
        assertFalse(Files.exists(pack.resolve("build/ci/capstone"), java.nio.file.LinkOption.NOFOLLOW_LINKS), "no link to what BUILD lacks");
        assertFalse(Files.exists(pack.resolve("build/ci/earlier.log")), "$BUILD/ci is emptied first");
        assertTrue(Files.isDirectory(pack.resolve("build/jdks")), "the linked JDKs are left alone");
    }

    @Test
    public void aWrongEventIsCiPlansOneLine() {
        Path pack = Path.of(System.getProperty("test.root")).toAbsolutePath();
        Map<String, String> e = ModeStandIn.env(Map.of("EVENT", "release", "JDK_TABLE", ""));   // the pack's own table
        assertEquals(expectThrows(IllegalArgumentException.class, () -> new CiLocal(e, pack, List.of("false")).run()).getMessage(),
                "EVENT=release is no event the workflow runs on (pull_request, push, schedule, workflow_dispatch)");
    }
}
