/*
 * @test
 * @summary The probe keeps its answer for the next probe of the same VM (PACK_PROBE_CACHE): the same JDK, arguments and machine get it back, with no WhiteBox child; other options, or sensitivity's shared controls, are probed afresh
 * @library /lib
 * @run testng/timeout=600 ProbeCacheTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.testng.annotations.Test;

/*
 * Each probe runs as jtreg starts the probe's VM (make/tools/sensitivity/Together.java does the same): the test JDK's
 * java, the options as its own and as test.vm.opts, Probe.main writing the properties to a file, PACK_PROBE_REPORT its
 * report, in a directory of its own. A probe that ran its WhiteBox child leaves the child's compilation log there.
 */
public class ProbeCacheTest {
    private static final Path JDK = Path.of(System.getProperty("test.jdk"));
    private static final Path CACHE = Path.of("probes").toAbsolutePath();

    record Probed(String properties, String report, boolean childRan) {
    }

    private static Probed probe(String name, String options, Map<String, String> env) throws Exception {
        Path dir = Files.createDirectories(Path.of(name).toAbsolutePath());
        List<String> command = new ArrayList<>(List.of(JDK.resolve("bin/java").toString()));
        if (!options.isEmpty()) {
            command.add(options);
        }
        command.addAll(List.of("-Dtest.vm.opts=" + options, "-Dtest.java.opts=", "-Dtest.jdk=" + JDK,
                "-Dtest.root=" + System.getProperty("test.root"), "-cp", anatomy.capture.ChildVm.testClassPath(),
                "anatomy.probe.Probe", dir.resolve("probe.properties").toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("probe.out").toFile());
        pb.environment().remove("PACK_CONTROLS");
        pb.environment().put("PACK_PROBE_CACHE", CACHE.toString());
        pb.environment().put("PACK_PROBE_REPORT", dir.resolve("report.properties").toString());
        pb.environment().putAll(env);
        assertEquals(pb.start().waitFor(), 0, Files.readString(dir.resolve("probe.out")));
        boolean child;
        try (Stream<Path> s = Files.walk(dir)) {
            child = s.anyMatch(p -> p.getFileName().toString().contains("ProbeChild"));
        }
        return new Probed(Files.readString(dir.resolve("probe.properties")), Files.readString(dir.resolve("report.properties")), child);
    }

    @Test
    public void theSameVmGetsItsAnswerBackOthersAreProbed() throws Exception {
        Probed first = probe("first", "", Map.of());
        assertTrue(first.childRan(), "the first probe runs its child");
        assertFalse(first.report().contains("probe.kept="), first.report());
        assertTrue(first.properties().contains("pack.c2="), first.properties());

        Probed again = probe("again", "", Map.of());
        assertFalse(again.childRan(), "the same VM again: no child");
        assertEquals(again.properties(), first.properties(), "the same properties");
        assertTrue(again.report().startsWith(first.report().replaceFirst("probe\\.millis=[0-9]+\n", "").lines().findFirst().orElse("")));
        assertTrue(again.report().contains("probe.kept="), again.report());
        assertEquals(strip(again.report()), strip(first.report()), "the same report, but that it was kept");

        Probed other = probe("other", "-XX:+UseSerialGC", Map.of());
        assertTrue(other.childRan(), "other options: probed afresh");
        assertFalse(other.report().contains("probe.kept="), other.report());

        Probed shared = probe("shared", "", Map.of("PACK_CONTROLS", Path.of("controls.txt").toAbsolutePath().toString()));
        assertTrue(shared.childRan(), "under sensitivity's shared controls: probed afresh");
        assertFalse(shared.report().contains("probe.kept="), shared.report());
    }

    private static String strip(String report) {
        return report.replaceAll("probe\\.(millis|kept)=.*\n", "");
    }
}
