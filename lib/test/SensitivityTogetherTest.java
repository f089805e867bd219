/*
 * @test
 * @summary make sensitivity shares a run between controls only when each is -XX: options alone; a round holds a test once, every pair in some round; the controls file it writes gives each test's children exactly its own control, and nothing to another test or outside such a run
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
