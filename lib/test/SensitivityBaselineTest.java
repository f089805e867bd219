/*
 * @test
 * @summary make sensitivity takes another run as its baseline only when it is the run it would make: the same commit and JDK, no user options, every selected test in it, its work area that run's; otherwise it says why
 * @library /lib /make/tools
 * @build sensitivity.Sensitivity results.RunResults
 * @run testng SensitivityBaselineTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.testng.annotations.Test;
import results.RunResults;
import sensitivity.Sensitivity.Reused;

public class SensitivityBaselineTest {
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    static final Set<String> TESTS = Set.of("test/x/A.java", "test/x/B.java");

    /** A BUILD as make test leaves it: summary.tsv of a run on JDK with OPTIONS at COMMIT, and its work area (AREA_JDK's). */
    static Path build(Path jdk, String options, String commit, Path areaJdk) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "build");
        Map<String, List<String>> facts = new LinkedHashMap<>();
        facts.put("run", List.of("1764000000000-1"));
        facts.put("commit", List.of(commit));
        facts.put("jdk.home", List.of(jdk.toString()));
        facts.put("vm.options", options.isEmpty() ? List.of() : List.of(options.split(" ")));
        RunResults.write(dir.resolve(RunResults.FILE), facts, List.of(
                new RunResults.Result("test/x/A.java", Outcome.PASSED, 1.5, "", List.of()),
                new RunResults.Result("test/x/B.java#v1", Outcome.PASSED, 2, "", List.of()),
                new RunResults.Result("test/x/B.java#v2", Outcome.SKIPPED, 0, "requires pack.isa == \"aarch64\"", List.of())));
        Path area = Files.createDirectories(dir.resolve("jtreg/jdk17-x86_64-1"));
        Files.writeString(area.resolve("run.properties"), "jdk=" + areaJdk + "\n");
        Files.writeString(area.resolve("probe.properties"), "pack.isa=x86_64\n");
        Files.createSymbolicLink(dir.resolve("jtreg/last"), area.getFileName());
        return dir;
    }

    static Path jdk(String name) throws Exception {
        return Files.createDirectories(Path.of(".").toAbsolutePath().resolve(name));
    }

    @Test
    public void theRunItWouldMakeIsTaken() throws Exception {
        Path jdk = jdk("jdk-a");
        Reused r = Reused.of(build(jdk, "", COMMIT, jdk).toString(), TESTS, jdk.toString(), "", COMMIT);
        assertNotNull(r.area(), r.why());
        assertEquals(r.results().keySet(), Set.of("test/x/A.java", "test/x/B.java#v1", "test/x/B.java#v2"));
        assertTrue(r.area().resolve("probe.properties").toFile().exists());
    }

    @Test
    public void anyDifferenceRunsABaselineOfItsOwn() throws Exception {
        Path jdk = jdk("jdk-a"), other = jdk("jdk-b");
        String same = build(jdk, "", COMMIT, jdk).toString();
        assertRefused(Reused.of(same, TESTS, jdk.toString(), "-XX:-UseTLAB", COMMIT), "user options (-XX:-UseTLAB)");
        assertRefused(Reused.of(build(jdk, "-XX:-UseTLAB", COMMIT, jdk).toString(), TESTS, jdk.toString(), "", COMMIT), "its run had options");
        assertRefused(Reused.of(same, TESTS, other.toString(), "", COMMIT), "its JDK is");
        assertRefused(Reused.of(same, TESTS, jdk.toString(), "", COMMIT.replace('0', '1')), "its commit is");
        assertRefused(Reused.of(same, TESTS, jdk.toString(), "", ""), "its commit is");
        assertRefused(Reused.of(same, Set.of("test/x/A.java", "test/x/C.java"), jdk.toString(), "", COMMIT), "it did not run test/x/C.java");
        assertRefused(Reused.of(build(jdk, "", COMMIT, other).toString(), TESTS, jdk.toString(), "", COMMIT), "is another run's");
        assertRefused(Reused.of(Files.createTempDirectory(Path.of("."), "empty").toString(), TESTS, jdk.toString(), "", COMMIT), "no baseline to take");
        Reused none = Reused.of("", TESTS, jdk.toString(), "", COMMIT);
        assertNull(none.area());
        assertEquals(none.why(), "", "not asked for: nothing to say");
    }

    static void assertRefused(Reused r, String reason) {
        assertNull(r.area(), "taken: " + r.why());
        assertTrue(r.why().contains(reason), r.why());
    }
}
