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

    /**
     * The system properties a control sets, name to value, when it is -Dname=value words only and each name is the
     * pack's own (its first part a folder of test/, as concurrency.plainLoad, or pack): else empty, and it runs alone.
     */
    public static Map<String, String> properties(String flags, java.util.Set<String> areas) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : flags.trim().split("\\s+")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("-D(([a-zA-Z]+)\\.[\\w.]+)=(\\S*)").matcher(w);
            if (!m.matches() || !(areas.contains(m.group(2)) || m.group(2).equals("pack"))) {
                return Map.of();
            }
            out.put(m.group(1), m.group(3));
        }
        return out;
    }

    /**
     * Rounds of property controls, each round one run under all its controls' properties at once (jtreg's -vmoptions:
     * the drivers and the children see them all), in which each test is judged on its own control. A pair (test,
     * control) joins the first round where it changes what no test reads but its own control: the test is not in it
     * yet, no property of the round has another value, no test of the round reads one of the pair's properties its own
     * control does not set, and the test reads no property of the round its control does not set. READERS: property
     * name -> the test files whose source names it (a name the library names never comes here: it runs alone).
     */
    public static List<Map<String, String>> propertyRounds(Map<String, List<String>> byFlags, Map<String, Map<String, String>> propertiesOf,
            Map<String, java.util.Set<String>> readers) {
        List<Map<String, String>> rounds = new ArrayList<>();
        byFlags.forEach((flags, tests) -> {
            Map<String, String> mine = propertiesOf.get(flags);
            for (String test : tests) {
                Map<String, String> round = rounds.stream().filter(r -> fits(r, test, mine, propertiesOf, readers)).findFirst().orElse(null);
                if (round == null) {
                    round = new LinkedHashMap<>();
                    rounds.add(round);
                }
                round.put(test, flags);
            }
        });
        return rounds;
    }

    private static boolean fits(Map<String, String> round, String test, Map<String, String> mine, Map<String, Map<String, String>> propertiesOf,
            Map<String, java.util.Set<String>> readers) {
        if (round.containsKey(test)) {
            return false;
        }
        for (Map.Entry<String, String> other : round.entrySet()) {
            Map<String, String> theirs = propertiesOf.get(other.getValue());
            for (Map.Entry<String, String> e : mine.entrySet()) {
                if (theirs.containsKey(e.getKey()) && !theirs.get(e.getKey()).equals(e.getValue())) {
                    return false;   // one name, two values
                }
                if (!theirs.containsKey(e.getKey()) && readers.getOrDefault(e.getKey(), java.util.Set.of()).contains(other.getKey())) {
                    return false;   // that test reads this property, which its control does not set
                }
            }
            for (String name : theirs.keySet()) {
                if (!mine.containsKey(name) && readers.getOrDefault(name, java.util.Set.of()).contains(test)) {
                    return false;   // this test reads that property, which its control does not set
                }
            }
        }
        return true;
    }

    /** One run's -vmoptions for a round of property controls: each control's words once, in order. */
    public static String union(Map<String, String> round) {
        java.util.LinkedHashSet<String> words = new java.util.LinkedHashSet<>();
        round.values().forEach(f -> words.addAll(Arrays.asList(f.trim().split("\\s+"))));
        return String.join(" ", words);
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
