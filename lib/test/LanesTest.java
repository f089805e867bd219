/*
 * @test
 * @summary The modes' lane runner runs tasks side by side, never more than its lanes, and gives their results in the tasks' order whatever order they ended in, a task that threw standing for itself; the one pack run a mode starts gets the main BUILD's plugins, a work area and a run id of its own, and reads back only its own results
 * @library /lib /make/tools
 * @build modes.Lanes modes.PackRunner modes.Mode results.RunResults report.Bundles
 * @run testng LanesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import modes.Lanes;
import modes.Mode;
import modes.PackRunner;
import org.testng.annotations.Test;
import results.RunResults;

/*
 * make/tools/modes/Lanes.java is what make configs's configurations run in (CONFIG_LANES); PackRunner.java is what each
 * configuration and each round of make stress is: make/jtreg.sh in a work area. Here make/jtreg.sh is a stand-in in a
 * pack directory of its own that prints what it was given and writes the results file of a run with one pass.
 */
public class LanesTest {
    @Test
    public void resultsComeInTheTasksOrderAndNoMoreRunThanTheLanes() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<Callable<String>> tasks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int k = i;
            tasks.add(() -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.sleep(k % 2 == 0 ? 120 : 10);   // the even ones end after the odd ones started after them
                running.decrementAndGet();
                return "task " + k;
            });
        }
        assertEquals(Lanes.run(2, tasks, (i, e) -> "failed " + i), List.of("task 0", "task 1", "task 2", "task 3", "task 4", "task 5"));
        assertEquals(most.get(), 2, "tasks side by side");
    }

    @Test
    public void aTaskThatThrewIsItsOwnResult() throws Exception {
        List<Callable<String>> tasks = List.of(() -> "a", () -> {
            throw new java.io.IOException("disk full");
        }, () -> "c");
        assertEquals(Lanes.run(2, tasks, (i, e) -> "task " + i + ": " + e.getMessage()), List.of("a", "task 1: disk full", "c"));
    }

    @Test
    public void lanesAndTheirShareOfConc() {
        assertEquals(Lanes.count("CONFIG_LANES", "", 1), 1);
        assertEquals(Lanes.count("CONFIG_LANES", "", 8), 2);
        assertEquals(Lanes.count("CONFIG_LANES", "3", 2), 3);
        for (String bad : List.of("0", "x", "-1", "2.5")) {
            try {
                Lanes.count("CONFIG_LANES", bad, 2);
                fail("CONFIG_LANES=" + bad + " taken");
            } catch (Mode.Stop e) {
                assertEquals(e.getMessage(), "CONFIG_LANES=" + bad + " is not a positive number of lanes");
                assertEquals(e.status, 2);
            }
        }
        assertEquals(Lanes.conc("4", 2, 2), 2);
        assertEquals(Lanes.conc("1", 2, 2), 1, "at least one");
        assertEquals(Lanes.conc("", 6, 2), 3, "one per core when CONC is not given");
    }

    static final String FAKE_JTREG = """
            echo "BUILD=$BUILD id=$PACK_RUN_ID shard=$SHARD bundle=$BUNDLE path=$HSDIS_PATH decode=$HSDIS_DECODE tools=$PACK_TOOLS_DIR test=$TEST"
            [ -n "${FAKE_NONE:-}" ] && exit 1
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\nt/A.java\\tpassed\\t1.00\\t\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            """;

    /** A mode in a pack directory whose make/jtreg.sh is FAKE_JTREG, with the plugins pack_mode would give it. */
    static Mode mode(Path pack, String... env) throws Exception {
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Map<String, String> e = new HashMap<>(System.getenv());
        e.putAll(Map.of("PACK_PLUGIN_PATH", "/p/x86_64:/p/aarch64", "PACK_DECODER", "/p/decode", "PACK_TOOLS_DIR", "/p/tools",
                "SHARD", "1/2", "BUNDLE", "b.tar.gz", "TEST", "headline"));
        for (int i = 0; i < env.length; i += 2) {
            e.put(env[i], env[i + 1]);
        }
        return new Mode(e, pack) {
        };
    }

    @Test
    public void aRunGetsItsWorkAreaTheMainBuildsPluginsAndItsOwnId() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "lanes-pack");
        PackRunner runner = new PackRunner(mode(pack));
        Path dir = pack.resolve("build/configs/one");
        PackRunner.Run run = runner.run(dir, pack.resolve("one.log"), Map.of("TEST", "t/A.java"));
        assertEquals(Files.readString(run.log()), "BUILD=" + dir + " id=" + run.id() + " shard= bundle= path=/p/x86_64:/p/aarch64 decode=/p/decode"
                + " tools=/p/tools test=t/A.java\n");
        assertEquals(run.exit(), 0);
        assertEquals(run.results().id(), run.id());
        assertEquals(run.results().results().size(), 1);
    }

    @Test
    public void aRunThatLeftNoResultsNeverReadsTheLastOnesAsItsOwn() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "lanes-pack");
        Path dir = pack.resolve("build/stress");
        new PackRunner(mode(pack)).run(dir, pack.resolve("1.log"), Map.of());
        PackRunner.Run second = new PackRunner(mode(pack, "FAKE_NONE", "1")).run(dir, pack.resolve("2.log"), Map.of());
        assertEquals(second.exit(), 1);
        try {
            second.results();
            fail("the first run's results read as the second's");
        } catch (RunResults.BadResults e) {
            assertTrue(e.getMessage().contains("not of this run"), e.getMessage());
        }
    }

    @Test
    public void aRunWithoutThePluginsSaysWhoGivesThem() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "lanes-pack");
        try {
            new PackRunner(mode(pack, "PACK_DECODER", "")).run(pack.resolve("build/x"), pack.resolve("x.log"), Map.of());
            fail("ran without the decoder");
        } catch (Mode.Stop e) {
            assertEquals(e.getMessage(), "PackRunner: PACK_DECODER is not set (make/lib.sh's pack_mode sets it)");
        }
    }
}
