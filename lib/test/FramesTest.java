/*
 * @test
 * @summary make mutants FRAMES=: the claims' frames are read strictly, noise is excluded by rule, the sample is split over operators, and each share has its Wilson interval
 * @library /lib /make/tools
 * @build mutants.Frames mutants.Mutants mutants.MutantSet
 * @run testng FramesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import mutants.Frames;
import mutants.MutantSet;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

public class FramesTest {
    @Test
    public void theShippedFramesFileIsReadAndNamesEachClaimOnce() throws Exception {
        Path root = Path.of(System.getProperty("test.root", "."));
        List<MutantSet.Frame> frames = MutantSet.readFrames(root.resolve("make/mutants/frames.txt"));
        assertTrue(frames.size() >= 10, frames.toString());
        for (MutantSet.Frame f : frames) {
            f.tests().forEach(t -> assertTrue(Files.isRegularFile(root.resolve(t)), f.where() + ": no test " + t));
        }
        assertEquals(frames.stream().map(MutantSet.Frame::claim).distinct().count(), (long) frames.size(), "one line a claim");
    }

    @Test
    public void aMalformedLineNamesFileAndLine() throws Exception {
        Path file = Path.of("frames.txt");
        Files.writeString(file, "# ok\ntest/a/A.java | * | Foo::\ntest/b/B.java | 25+ | Bar::\n");
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> MutantSet.readFrames(file));
        assertTrue(e.getMessage().startsWith("frames.txt:3: expected"), e.getMessage());
        Files.writeString(file, "test/a/A.java test/a/B.txt | * | Foo::\n");
        assertTrue(expectThrows(IllegalArgumentException.class, () -> MutantSet.readFrames(file)).getMessage().startsWith("frames.txt:1: expected"),
                "every test of a line is a .java file");
        Files.writeString(file, "# nothing\n");
        assertTrue(expectThrows(IllegalArgumentException.class, () -> MutantSet.readFrames(file)).getMessage().contains("declares no claim"));
    }

    @Test
    public void noiseIsExcludedByRule() {
        assertTrue(Frames.noise(new Frames.Site("ConnectionGraph::dump(GrowableArray<PointsToNode*>&)", "branch", "escape.cpp:10", 1, ""), "escape.cpp"));
        assertTrue(Frames.noise(new Frames.Site("ConnectionGraph::do_analysis(Compile*, PhaseIterGVN*)", "call", "escape.cpp:99", 1,
                "outputStream::print_cr(char const*, ...)"), "escape.cpp"));
        assertTrue(Frames.noise(new Frames.Site("ConnectionGraph::compute_escape()", "branch", "logTag.hpp:7", 1, ""), "logTag.hpp"));
        assertTrue(Frames.noise(new Frames.Site("LockNode::Ideal(PhaseGVN*, bool)", "branch", "ostream.hpp:5", 1, ""), "ostream.hpp"));
        assertFalse(Frames.noise(new Frames.Site("ConnectionGraph::compute_escape()", "branch", "escape.cpp:321", 2, ""), "escape.cpp"));
        assertFalse(Frames.noise(new Frames.Site("PhaseIdealLoop::conditional_move(Node*)", "call", "loopopts.cpp:735", 1,
                "PhaseIdealLoop::get_ctrl(Node const*) const"), "loopopts.cpp"));
        assertFalse(Frames.noise(new Frames.Site("LockNode::Ideal(PhaseGVN*, bool)", "branch", "loopnode.cpp:4", 1, ""), "loopnode.cpp"));
    }

    @Test
    public void aClaimsShareIsSplitOverItsOperators() {
        assertEquals(Frames.split(8, 100, 100), new int[] {4, 4});
        assertEquals(Frames.split(7, 100, 100), new int[] {4, 3});
        assertEquals(Frames.split(8, 100, 2), new int[] {6, 2}, "too few calls: the branches take the rest");
        assertEquals(Frames.split(8, 3, 100), new int[] {3, 5}, "too few branches: the calls take the rest");
        assertEquals(Frames.split(8, 1, 2), new int[] {1, 2}, "a frame smaller than its share gives what it has");
    }

    @Test
    public void eachShareHasItsWilsonInterval() {
        assertEquals(Frames.interval(9, 10), "[60 %, 98 %]");
        assertEquals(Frames.interval(0, 10), "[0 %, 28 %]");
        assertEquals(Frames.interval(100, 100), "[96 %, 100 %]");
        assertEquals(Frames.interval(0, 0), "n/a");
    }

    @Test
    public void aKillIsTheClaimsAssertionATimeoutOrOtherwise() throws Exception {
        Path jtr = Path.of("T.jtr"), other = Path.of("U.jtr");
        Files.writeString(jtr, "java.lang.AssertionError: expected one CAS\nassertion: has(CAS)\n");
        assertEquals(Frames.killedBy(List.of(jtr)), "assertion");
        Files.writeString(jtr, "Error. Program `java' timed out (timeout set to 120000ms)\n");
        assertEquals(Frames.killedBy(List.of(jtr)), "timed out");
        Files.writeString(jtr, "anatomy.capture.ChildVmException: child VM did not finish within 120 s\n");
        assertEquals(Frames.killedBy(List.of(jtr)), "timed out", "a child VM's time limit: a hang, as a lost wake-up makes");
        Files.writeString(jtr, "java.lang.IllegalStateException: the child VM died\n");
        assertEquals(Frames.killedBy(List.of(jtr)), "otherwise");
        assertEquals(Frames.killedBy(List.of(Path.of("none.jtr"))), "otherwise");
        Files.writeString(other, "java.lang.AssertionError: expected CONTENDED_LOCK_INFLATES\n");
        assertEquals(Frames.killedBy(List.of(jtr, other)), "assertion", "a claim's tests: an assertion in any of them is the claim's");
    }

    @Test
    public void aTestsVariantsJtrFilesAreRead() throws Exception {
        Path work = Files.createDirectories(Path.of("").toAbsolutePath().resolve("variants-work"));
        Files.createDirectories(work.resolve("test/objects"));
        Files.writeString(work.resolve("test/objects/Hash_default.jtr"), "java.lang.AssertionError: expected ONE_IDENTITY_HASH\n");
        Files.writeString(work.resolve("test/objects/Hash_stack-locking.jtr"), "passed\n");
        Files.writeString(work.resolve("test/objects/HashOther.jtr"), "another test\n");
        assertEquals(Frames.jtrFiles(work, "test/objects/Hash.java").stream().map(p -> p.getFileName().toString()).toList(),
                List.of("Hash_default.jtr", "Hash_stack-locking.jtr"), "a variant's results are Name_<id>.jtr; another test's are not");
        assertEquals(Frames.killedBy(Frames.jtrFiles(work, "test/objects/Hash.java")), "assertion");
        Files.writeString(work.resolve("test/objects/Plain.jtr"), "x\n");
        assertEquals(Frames.jtrFiles(work, "test/objects/Plain.java").size(), 1);
    }

    @Test
    public void mutantsPicksFromTheDraw() {
        List<MutantSet.Spec> drawn = List.of(spec("f1-a-01"), spec("f1-a-02"), spec("f1-b-01"));
        assertEquals(mutants.Mutants.pick(drawn, "f1-b-01,f1-a-01").stream().map(MutantSet.Spec::id).toList(), List.of("f1-b-01", "f1-a-01"));
        assertTrue(expectThrows(IllegalArgumentException.class, () -> mutants.Mutants.pick(drawn, "f1-c-01")).getMessage().contains("f1-c-01"));
    }

    private static MutantSet.Spec spec(String id) {
        return new MutantSet.Spec(id, "*", "branch", "F::f()", "f.cpp:1#1 invert", "test/a/A.java test/a/B.java", "-", "drawn", "", "frame x");
    }
}
