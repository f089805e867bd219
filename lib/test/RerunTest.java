/*
 * @test
 * @summary make/tools/run/PackRun.java's rerun without the user's options: a rerun jtreg could not run stops the run, never leaves the skips it was to decide standing
 * @library /make/tools /lib
 * @build run.PackRun report.Bundles
 * @run testng RerunTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.Test;
import report.Bundles;
import run.PackRun;

/*
 * One test was inconclusive under -XX:-Inline (its .jtr as jtreg 7 writes it), so PackRun runs it once more without
 * the option. The host JDK is a stand-in whose java exits with the status jtreg would: 1 (a test failed: the summary
 * reads the rerun's results) or 5 (jtreg could not run the tests at all: no results to read).
 */
public class RerunTest {
    private final List<Path> made = new java.util.ArrayList<>();

    @AfterMethod
    public void deleteWhatWasMade() throws Exception {
        for (Path dir : made) {
            Bundles.delete(dir);
        }
        made.clear();
    }

    private PackRun run(String name, int jtregStatus) throws Exception {
        // outside jtreg's work directory: a failed test's files are retained there, and the run's summary would read
        // this .jtr as a result of its own
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "pack-rerun-" + name);
        made.add(dir);
        Path java = Files.createDirectories(dir.resolve("host/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit " + jtregStatus + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path jtr = Files.createDirectories(dir.resolve("area/work/test/escape")).resolve("AllocationIsScalarReplaced.jtr");
        Files.writeString(jtr, "test=test/escape/AllocationIsScalarReplaced.java\nelapsed=2000\n"
                + "test result: Failed. Execution failed: `main' threw exception: anatomy.Inconclusive: inconclusive absence:"
                + " ELIMINATED_ALLOCATION anchor missing: INLINE_SUCCESS (given as the premise)\n");
        return new PackRun(Map.of("BUILD", dir.resolve("build").toString(), "AREA", dir.resolve("area").toString(),
                "HOST_JDK", dir.resolve("host").toString(), "JTREG_HOME", dir.resolve("jtreg").toString(), "VM_OPTIONS", "-XX:-Inline"));
    }

    private static long now() {
        return System.currentTimeMillis() / 1000;
    }

    @Test
    public void aRerunThatRanIsReadByTheSummary() throws Exception {
        PackRun p = run("ran", 1);
        java.util.Map<String, String> props = p.rerunWithoutOptions(List.of(), now());
        assertEquals(props.size(), 3, props.toString());
        assertEquals(props.get("pack.rerun.options"), "-XX:-Inline", props.toString());
    }

    @Test
    public void aRerunJtregCouldNotRunStopsTheRun() throws Exception {
        PackRun p = run("broken", 5);
        try {
            p.rerunWithoutOptions(List.of(), now());
            fail("a rerun jtreg could not run left the inconclusive undecided");
        } catch (PackRun.Stop e) {
            assertTrue(e.getMessage().startsWith("jtreg could not run the 1 test(s) once more without your options (exit 5): see "),
                    e.getMessage());
        }
    }
}
