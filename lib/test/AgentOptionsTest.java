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

    /** PackRun.agentJit for these test files (as results.Selection gives them) under the pack's root. */
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
    }

    @Test
    public void theLibrarysUnitTestsDoNot() throws Exception {
        assertEquals(agentJit(ROOT, "lib/test/AgentJitTest.java"), List.of(), "one unit test");
        assertEquals(agentJit(ROOT, "test/codegen/BlackholeKeepsComputationWithoutCall.java", "lib/test/AgentJitTest.java"), List.of(),
                "a selection that holds one");
        assertEquals(agentJit(ROOT, "test/../lib/test/AgentJitTest.java"), List.of(), "named through another folder");
    }
}
