/*
 * @test
 * @summary make sensitivity shares a run between controls only when each is -XX: options alone, or the pack's own system properties that no other test of the run reads; a round holds a test once, every pair in some round; the controls file it writes gives each test's children exactly its own control, and nothing to another test or outside such a run
 * @library /lib /make/tools
 * @build sensitivity.Together
 * @run testng SensitivityTogetherTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.capture.ChildVm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.testng.annotations.Test;
import sensitivity.Together;

public class SensitivityTogetherTest {
    @Test
    public void onlyXxOptionsShareARun() {
        assertTrue(Together.childOptionsOnly("-XX:-DoEscapeAnalysis"));
        assertTrue(Together.childOptionsOnly("-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_compareAndSetInt"));
        // a system property reaches the test's driver (jtreg's agent VM gets -D options): it runs alone
        assertFalse(Together.childOptionsOnly("-Dconcurrency.plainLoad=true"));
        assertFalse(Together.childOptionsOnly("-XX:+UseSerialGC -Dpack.critical.hold=false"));
        assertFalse(Together.childOptionsOnly("-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"));
        assertFalse(Together.childOptionsOnly("  "));
    }

    @Test
    public void aRoundHoldsATestOnceAndEveryPairIsInARound() {
        Map<String, List<String>> byFlags = new LinkedHashMap<>();
        byFlags.put("-XX:A", List.of("t/One.java", "t/Two.java"));
        byFlags.put("-XX:B", List.of("t/One.java"));
        byFlags.put("-XX:C", List.of("t/Three.java", "t/One.java"));
        List<Map<String, String>> rounds = Together.rounds(byFlags);
        assertEquals(rounds.size(), 3, "One has three controls: three rounds, no more");
        Set<String> pairs = new HashSet<>();
        for (Map<String, String> round : rounds) {
            round.forEach((test, flags) -> assertTrue(pairs.add(test + " " + flags), "a pair twice: " + test + " " + flags));
        }
        assertEquals(pairs, Set.of("t/One.java -XX:A", "t/Two.java -XX:A", "t/One.java -XX:B", "t/Three.java -XX:C", "t/One.java -XX:C"));
        assertEquals(rounds.get(0), Map.of("t/One.java", "-XX:A", "t/Two.java", "-XX:A", "t/Three.java", "-XX:C"), "first fit");
    }

    @Test
    public void onlyThePacksOwnPropertiesShareARunOfProperties() {
        Set<String> areas = Set.of("concurrency", "memory", "codegen");
        assertEquals(Together.properties("-Dconcurrency.plainLoad=true", areas), Map.of("concurrency.plainLoad", "true"));
        assertEquals(Together.properties("-Dpack.critical.hold=false", areas), Map.of("pack.critical.hold", "false"));
        assertEquals(Together.properties("-Djava.compiler=NONE", areas), Map.of(), "the JDK's own: alone");
        assertEquals(Together.properties("-Dobjects.reuse=false", areas), Map.of(), "not an area of this suite: alone");
        assertEquals(Together.properties("-XX:+UseSerialGC -Dpack.critical.hold=false", areas), Map.of(), "an option too: alone");
    }

    @Test
    public void noTestOfARoundReadsAnotherTestsProperty() {
        Map<String, List<String>> byFlags = new LinkedHashMap<>();
        byFlags.put("-Da.x=true", List.of("test/a/One.java"));
        byFlags.put("-Da.y=true", List.of("test/a/One.java"));                        // One's second control
        byFlags.put("-Db.z=true", List.of("test/b/Two.java", "test/b/Three.java"));   // one control of two tests
        byFlags.put("-Db.w=true", List.of("test/b/Four.java"));                       // Three reads b.w too
        Map<String, Map<String, String>> propertiesOf = new LinkedHashMap<>();
        byFlags.keySet().forEach(f -> propertiesOf.put(f, Together.properties(f, Set.of("a", "b"))));
        Map<String, Set<String>> readers = Map.of("a.x", Set.of("test/a/One.java"), "a.y", Set.of("test/a/One.java"),
                "b.z", Set.of("test/b/Two.java", "test/b/Three.java"), "b.w", Set.of("test/b/Four.java", "test/b/Three.java"));
        List<Map<String, String>> rounds = Together.propertyRounds(byFlags, propertiesOf, readers);
        Set<String> pairs = new HashSet<>();
        for (Map<String, String> round : rounds) {
            round.forEach((test, flags) -> assertTrue(pairs.add(test + " " + flags)));
            // Three reads b.w: never in a run under -Db.w=true unless that is its own control
            if (round.containsValue("-Db.w=true")) {
                assertFalse(round.containsKey("test/b/Three.java"), "Three would see Four's property: " + round);
            }
            assertTrue(!(round.containsKey("test/a/One.java") && round.values().stream().filter(f -> f.startsWith("-Da.")).count() > 1));
        }
        assertEquals(pairs.size(), 5);
        assertEquals(rounds.get(0), Map.of("test/a/One.java", "-Da.x=true", "test/b/Two.java", "-Db.z=true", "test/b/Three.java", "-Db.z=true"));
        assertEquals(Together.union(rounds.get(0)), "-Da.x=true -Db.z=true");
    }

    @Test
    public void aPropertyWithTwoValuesSplitsTheRound() {
        Map<String, List<String>> byFlags = new LinkedHashMap<>();
        byFlags.put("-Da.x=true", List.of("test/a/One.java"));
        byFlags.put("-Da.x=false", List.of("test/a/Two.java"));
        Map<String, Map<String, String>> propertiesOf = new LinkedHashMap<>();
        byFlags.keySet().forEach(f -> propertiesOf.put(f, Together.properties(f, Set.of("a"))));
        assertEquals(Together.propertyRounds(byFlags, propertiesOf, Map.of()).size(), 2);
    }

    @Test
    public void eachTestsChildrenGetItsOwnControlAndNoOther() throws Exception {
        Path dir = Files.createTempDirectory(Path.of(""), "controls");
        Map<String, String> round = new LinkedHashMap<>();
        round.put("test/codegen/One.java", "-XX:-DoEscapeAnalysis");
        round.put("test/codegen/Two.java", "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_blackhole");
        Path file = dir.resolve("round-1.controls");
        Together.writeControls(round, file);
        // jtreg's test.file is the source's absolute path
        String one = Path.of("test/codegen/One.java").toAbsolutePath().toString();
        String two = Path.of("test/codegen/Two.java").toAbsolutePath().toString();
        assertEquals(ChildVm.control(file.toString(), one), List.of("-XX:-DoEscapeAnalysis"));
        assertEquals(ChildVm.control(file.toString(), two), List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:DisableIntrinsic=_blackhole"));
        assertEquals(ChildVm.control(file.toString(), Path.of("test/codegen/Three.java").toAbsolutePath().toString()), List.of(),
                "a test the file does not name runs under the run's options only");
        assertEquals(ChildVm.control(file.toString(), Path.of("test/codegen/One.javax").toAbsolutePath().toString()), List.of(),
                "a path that starts as a named one's is another test");
        assertEquals(ChildVm.control(null, one), List.of(), "outside a shared run: no control");
        assertEquals(ChildVm.control("", one), List.of());
        assertEquals(ChildVm.control(file.toString(), null), List.of(), "not in a test's driver (the probe's VM): no control");
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        assertEquals(lines.size(), 2);
    }
}
