package sensitivity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Which negative controls may share one jtreg run, each test under its own, and in how many runs.
 *
 * <p>A control's run of its own costs a whole jtreg run (about ten VMs before its test's first assertion) for one
 * test. Several tests may share a run, each under its own control, when the run is then what the test's run of its
 * own would be:
 * <ul>
 * <li>every option of the control is a {@code -XX:} option: jtreg hands those of its -vmoptions to the probe's VM and
 *     to no VM that runs a test's driver (that agent gets the {@code -D} options), and the library hands them to each
 *     of the test's child VMs (anatomy.capture.ChildVm.jtregOptions, from the file PACK_CONTROLS names);</li>
 * <li>the probe finds every property the same with the control as without it, so jtreg's {@code @requires} select the
 *     same variants: asked of two probe VMs started as jtreg starts it (anatomy.probe.Probe's main), one with the
 *     user's options, one with the control's too;</li>
 * <li>the JDK runs natively (a JDK under qemu runs each control alone).</li>
 * </ul>
 * Any other control runs alone, as before. The shared runs are rounds: a test is in at most one pair of a round.
 */
public final class Together {
    private Together() {
    }

    /** The flags reach no VM but the probe's and the tests' children: -XX: options only. */
    public static boolean childOptionsOnly(String flags) {
        List<String> words = Arrays.stream(flags.trim().split("\\s+")).filter(w -> !w.isEmpty()).toList();
        return !words.isEmpty() && words.stream().allMatch(w -> w.startsWith("-XX:"));
    }

    /**
     * The rounds of the pairs (flags -> tests): each round maps a test to its control's flags, a test at most once a
     * round; a pair goes to the first round that does not have its test yet, so the rounds are as many as the most
     * controls one test has among the pairs.
     */
    public static List<Map<String, String>> rounds(Map<String, List<String>> byFlags) {
        List<Map<String, String>> rounds = new ArrayList<>();
        byFlags.forEach((flags, tests) -> {
            for (String test : tests) {
                Map<String, String> round = rounds.stream().filter(r -> !r.containsKey(test)).findFirst().orElse(null);
                if (round == null) {
                    round = new LinkedHashMap<>();
                    rounds.add(round);
                }
                round.put(test, flags);
            }
        });
        return rounds;
    }

    /** The file PACK_CONTROLS names for a round: the test's absolute path, a tab, its control's flags. */
    public static void writeControls(Map<String, String> round, Path file) throws IOException {
        StringBuilder out = new StringBuilder();
        round.forEach((test, flags) -> out.append(Path.of(test).toAbsolutePath().normalize()).append('\t').append(flags).append('\n'));
        Files.writeString(file, out);
    }

    /**
     * The flag sets among FLAGS whose probe finds every property as the probe without them: each probe a VM of JDK
     * started as jtreg starts the probe's (the user's options, then the control's, as its own options and as
     * test.vm.opts; test.jdk; the library's classes), in DIR, LANES at a time. A probe that does not finish well
     * (a VM the flags stop, a probe that stops the run) keeps its control alone: its own run reports it.
     */
    static List<String> sameProbe(List<String> flagSets, Path jdk, Path classes, Path dir, int lanes) throws Exception {
        Files.createDirectories(dir);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, lanes));
        try {
            Future<Map<String, String>> base = pool.submit(() -> probe(jdk, classes, dir.resolve("base"), ""));
            List<Future<Map<String, String>>> each = new ArrayList<>();
            for (int i = 0; i < flagSets.size(); i++) {
                String flags = flagSets.get(i);
                Path d = dir.resolve("control-" + (i + 1));
                each.add(pool.submit(() -> probe(jdk, classes, d, flags)));
            }
            Map<String, String> without = base.get();
            List<String> same = new ArrayList<>();
            for (int i = 0; i < flagSets.size(); i++) {
                Map<String, String> with = each.get(i).get();
                if (without != null && without.equals(with)) {
                    same.add(flagSets.get(i));
                }
            }
            return same;
        } finally {
            pool.shutdownNow();
        }
    }

    /** One probe VM under the user's options and FLAGS, in DIR: its properties, or null when it did not finish well. */
    static Map<String, String> probe(Path jdk, Path classes, Path dir, String flags) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String vmOptions = (System.getenv().getOrDefault("VM_OPTIONS", "") + " " + flags).trim();
        String javaOptions = System.getenv().getOrDefault("JAVA_OPTIONS", "").trim();
        List<String> command = new ArrayList<>(List.of(jdk.resolve("bin/java").toString()));
        for (String o : (vmOptions + " " + javaOptions).trim().split("\\s+")) {
            if (!o.isEmpty()) {
                command.add(o);
            }
        }
        command.addAll(List.of("-Dtest.vm.opts=" + vmOptions, "-Dtest.java.opts=" + javaOptions, "-Dtest.jdk=" + jdk,
                "-Dtest.root=" + Path.of("").toAbsolutePath(), "-cp", classes.toString(), "anatomy.probe.Probe",
                dir.resolve("probe.properties").toString()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("probe.out").toFile());
        pb.environment().put("PACK_HSDIS_PATH", System.getenv().getOrDefault("HSDIS_PATH", ""));
        pb.environment().put("PACK_HSDIS_DECODE", System.getenv().getOrDefault("HSDIS_DECODE", ""));
        pb.environment().remove("PACK_PROBE_REPORT");
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return null;
        }
        if (p.exitValue() != 0 || !Files.exists(dir.resolve("probe.properties"))) {
            return null;
        }
        Properties props = new Properties();
        try (var in = Files.newBufferedReader(dir.resolve("probe.properties"))) {
            props.load(in);
        }
        Map<String, String> out = new java.util.TreeMap<>();
        props.forEach((k, v) -> out.put((String) k, (String) v));
        return out;
    }
}
