/*
 * @test
 * @summary make/tools/run/PackRun.java starts jtreg's agents with C1 alone (anatomy.capture.AgentJit's options, by
 *          jtreg's -e) for a selection of the pack's tests, and leaves them to the directive where the selection holds
 *          the library's unit tests, which start tools and nested runs with the environment jtreg gives them
 * @library /make/tools /lib
 * @build run.PackRun
 * @run testng AgentOptionsTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.capture.AgentJit;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.testng.annotations.Test;

public class AgentOptionsTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root"));

    /** PackRun.agentJit for what a selection names (files, directories: results.Selection.named) under the pack's root. */
    @SuppressWarnings("unchecked")
    private static List<String> agentJit(Path root, String... tests) throws Exception {
        var m = Class.forName("run.PackRun").getDeclaredMethod("agentJit", java.util.Collection.class, Path.class);
        m.setAccessible(true);
        return (List<String>) m.invoke(null, Set.of(java.util.Arrays.stream(tests).map(root::resolve).toArray(Path[]::new)), root);
    }

    @Test
    public void thePacksTestsGetTheAgentsOptions() throws Exception {
        List<String> c1 = List.of(AgentJit.jtregEnvironment());
        assertEquals(agentJit(ROOT, "test/codegen/BlackholeKeepsComputationWithoutCall.java", "test/gc/CriticalRegionDelaysOrPinsCollection.java"), c1);
        assertEquals(agentJit(Path.of("/pack with space"), "test/locks/LockCoarseningFollowsLoopUnrolling.java"), c1);
        assertEquals(agentJit(ROOT, "library/SomeTest.java"), c1, "a folder whose name begins with lib is not lib/");
        assertEquals(agentJit(ROOT, "test", "test/gc"), c1, "directories of them");
    }

    /** What a selection names, its groups expanded from TEST.groups (here the working directory's), nothing walked. */
    @Test
    public void aSelectionNamesItsGroupsPaths() throws Exception {
        Path here = Path.of("").toAbsolutePath();
        java.nio.file.Files.writeString(here.resolve("TEST.groups"), "all = test\nselftest = lib/test\nmix = \\\n  :selftest test/gc\n");
        assertEquals(results.Selection.named(List.of(here + ":all")), Set.of(Path.of("test")));
        assertEquals(results.Selection.named(List.of(here + ":mix", "test/gc/X.java#z")),
                new java.util.LinkedHashSet<>(List.of(Path.of("lib/test"), Path.of("test/gc"), Path.of("test/gc/X.java"))));
        assertEquals(agentJit(here, "test"), List.of(AgentJit.jtregEnvironment()));
        assertEquals(agentJit(here, "lib/test", "test/gc"), List.of(), "the group that holds the unit tests");
    }

    @Test
    public void theLibrarysUnitTestsDoNot() throws Exception {
        assertEquals(agentJit(ROOT, "lib/test/AgentJitTest.java"), List.of(), "one unit test");
        assertEquals(agentJit(ROOT, "test/codegen/BlackholeKeepsComputationWithoutCall.java", "lib/test/AgentJitTest.java"), List.of(),
                "a selection that holds one");
        assertEquals(agentJit(ROOT, "test/../lib/test/AgentJitTest.java"), List.of(), "named through another folder");
        assertEquals(agentJit(ROOT, "lib/test"), List.of(), "their directory (make selftest)");
        assertEquals(agentJit(ROOT, "."), List.of(), "a directory that holds them");
    }
}
