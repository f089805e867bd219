package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import results.RunResults;

/**
 * make configs: the pack (TEST=, default all) on one JDK under each configuration that OpenJDK's test tiers use and
 * those users deploy with (make/configs, a row each; CONFIGS='name=options;...' others), one pack run each in a work
 * area of its own ($BUILD/configs/NAME), two side by side (Lanes: CONFIG_LANES, each with half of CONC). Prints a line
 * per configuration, the tests that did not pass, and the totals of every configuration that left results, by the one
 * printer (Outcome.totals); its exit status is theirs (1 a failure, else 4 inconclusive, else 3 findings), and a
 * configuration that left no results is a failure. A configuration this JDK does not start with is n/a, with the VM's
 * reason. The configuration is the point: nothing is run once more without its options (PACK_RERUN=no), so an
 * inconclusive under it counts as one.
 *
 * <pre>
 *   make configs [JDK=...] [TEST=...] [CONFIGS='name=options;name=options']
 * </pre>
 */
public final class Configs extends Mode {
    public record Config(String name, String options) {
        String shown() {
            return options.isEmpty() ? "(none)" : options;
        }
    }

    /** A configuration's end: its line of the table, and its results (null: n/a, or it left none). */
    record Done(Config config, String line, RunResults.Run results, boolean notApplicable) {
    }

    public Configs(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> new Configs(System.getenv(), Path.of("").toAbsolutePath()).run());
    }

    /**
     * The configurations: CONFIGS's entries ('name=options', ';' or a newline between them) when given, else the rows of
     * TABLE (make/configs: name, the first release it applies to or -, its options; '#' starts a comment) that apply to
     * FEATURE, {BUILD} in their options the main BUILD. A name is a directory of its own: letters, digits, '.', '_', '-',
     * each once; anything else is one line (exit 2) before any run.
     */
    public static List<Config> configs(String given, List<String> table, int feature, Path build) {
        List<Config> configs = new ArrayList<>();
        if (!given.isEmpty()) {
            for (String entry : given.split("[;\n]")) {
                if (entry.isBlank()) {
                    continue;
                }
                int eq = entry.indexOf('=');
                if (eq < 0) {
                    throw die("CONFIGS='" + given + "': '" + entry + "' is not name=options");
                }
                configs.add(new Config(entry.substring(0, eq), entry.substring(eq + 1)));
            }
        } else {
            for (int i = 0; i < table.size(); i++) {
                String[] f = table.get(i).replaceFirst("#.*", "").trim().split("\\s+");
                if (f[0].isEmpty()) {
                    continue;
                }
                if (f.length < 2 || !f[1].matches("-|[0-9]+")) {
                    throw die("make/configs:" + (i + 1) + ": a row is a name, the first release it applies to (or -) and its options, not '"
                            + table.get(i).trim() + "'");
                }
                if (f[1].equals("-") || feature >= Integer.parseInt(f[1])) {
                    String options = String.join(" ", List.of(f).subList(2, f.length)).replace("{BUILD}", build.toString());
                    configs.add(new Config(f[0], options));
                }
            }
        }
        Set<String> seen = new HashSet<>();
        for (Config c : configs) {
            if (!c.name().matches("[A-Za-z0-9._-]+") || c.name().matches("\\.+")) {
                throw die("configuration '" + c.name() + "': a name is letters, digits, '.', '_' and '-' (its work area is $BUILD/configs/<name>)");
            }
            if (!seen.add(c.name())) {
                throw die("configuration '" + c.name() + "' is named twice");
            }
        }
        return configs;
    }

    public int run() throws IOException, InterruptedException {
        Path build = build();
        String jdk = lib("resolve_jdk", get("JDK"));
        // What the user typed (TEST, CONC, VM_OPTIONS, JAVA_OPTIONS): one line and exit 2, not a configuration that is n/a.
        checkInput(Map.of("JDK", jdk));
        int feature = Integer.parseInt(lib("jdk_feature", jdk));
        List<Config> configs = configs(get("CONFIGS"), Files.readAllLines(pack.resolve("make/configs")), feature, build);
        Files.writeString(Files.createDirectories(build).resolve("configs.tsv"), "");
        int lanes = Lanes.count("CONFIG_LANES", get("CONFIG_LANES"), cores());
        int conc = Lanes.conc(get("CONC"), cores(), lanes);
        PackRunner runner = new PackRunner(this);
        List<Callable<Done>> tasks = new ArrayList<>();
        configs.forEach(c -> tasks.add(() -> config(c, build, jdk, conc, runner)));
        List<Done> done = Lanes.run(lanes, tasks,
                (i, e) -> new Done(configs.get(i), configs.get(i).name() + ": no line (the configuration's run did not finish: " + e + ")", null, false));
        return report(done, feature, jdk, build.resolve("configs.tsv"));
    }

    /** One configuration: its options checked by the VM that decides whether this JDK starts with them, then its run. */
    Done config(Config c, Path build, String jdk, int conc, PackRunner runner) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path dir = build.resolve("configs").resolve(c.name());
        Files.createDirectories(dir);
        String all = get("VM_OPTIONS").isEmpty() ? c.options() : get("VM_OPTIONS") + " " + c.options();
        Path err = dir.resolve("check.err");
        Process check = process(Map.of("JDK", jdk, "VM_OPTIONS", all), "bash", "make/jtreg.sh", "--check-only")
                .redirectError(err.toFile()).start();
        check.getInputStream().readAllBytes();
        if (check.waitFor() != 0) {
            List<String> lines = Files.readAllLines(err);
            String why = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
            int at = why.indexOf(all + ": ");
            why = at < 0 ? why : why.substring(at + all.length() + 2);
            return new Done(c, String.format("%-16s %-60s %s", c.name(), c.shown(), "n/a: this JDK does not start with these options (" + why + ")"),
                    null, true);
        }
        // (the check's answer is kept for the run, which starts no VM to ask again: run/Launch.java)
        PackRunner.Run run = runner.run(dir, dir.resolve("run.log"), Map.of("JDK", jdk, "VM_OPTIONS", all, "PACK_RERUN", "no",
                "CONC", Integer.toString(conc)));
        RunResults.Run results = null;
        String totals;
        try {
            results = run.results();
            totals = Outcome.totals(results.counts());
        } catch (RunResults.BadResults | IOException e) {
            totals = "no results (exit " + run.exit() + "; see " + run.log() + "): " + (e instanceof RunResults.BadResults ? e.getMessage() : e.toString());
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        return new Done(c, String.format("%-16s %-60s %s  (%d s)", c.name(), c.shown(), totals, seconds), results, false);
    }

    /** The table, the tests that did not pass (also in TSV: configuration, test, outcome, cause), the totals; the exit status. */
    static int report(List<Done> done, int feature, String jdk, Path tsv) throws IOException {
        EnumMap<Outcome, Integer> n = Outcome.counts();
        List<String> rows = new ArrayList<>();
        int ran = 0;
        int missing = 0;
        for (Done d : done) {
            if (d.results() != null) {
                ran++;
                d.results().counts().forEach((o, k) -> n.merge(o, k, Integer::sum));
                d.results().results().stream().filter(r -> r.outcome() != Outcome.PASSED).forEach(r -> rows.add(
                        d.config().name() + "\t" + r.test() + "\t" + r.outcome().word() + "\t" + r.cause().replaceAll("[\t\n\r]+", " ")));
            } else if (!d.notApplicable()) {
                missing++;
            }
        }
        Files.write(tsv, rows);
        System.out.println();
        System.out.println("Configurations on JDK " + feature + " (" + jdk + "):");
        done.forEach(d -> System.out.println("  " + d.line()));
        if (!rows.isEmpty()) {
            System.out.println();
            System.out.println("Not passed:");
            for (String row : rows) {
                String[] f = row.split("\t", -1);
                System.out.println(String.format("  %-16s %-60s %-8s %s", f[0], f[1], f[2], f[3].substring(0, Math.min(160, f[3].length()))));
            }
        }
        System.out.println();
        if (missing > 0) {
            System.out.println("error: " + missing + " configuration(s) left no results (a failure each)");
            if (ran == 0) {
                n.put(Outcome.FAILED, missing);
            }
        }
        System.out.println(Outcome.totals(n));
        return missing > 0 ? 1 : Outcome.exitStatus(n);
    }
}
