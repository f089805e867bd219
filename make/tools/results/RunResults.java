package results;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The results of one run of the pack, written once as data and read back only through here: make/tools/run/Summary.java
 * writes BUILD/summary.tsv, and the report, compare, sensitivity, mutants and (through Runs) every shell mode read it.
 *
 * <pre>
 *   #pack-results&lt;TAB&gt;1                   the schema version
 *   #run&lt;TAB&gt;1764000000123-4242            one #key line per fact of the run (a list: one value per field)
 *   #commit&lt;TAB&gt;5931f41...
 *   #vm.options&lt;TAB&gt;-Xcomp&lt;TAB&gt;-XX:+UseSerialGC
 *   test&lt;TAB&gt;outcome&lt;TAB&gt;seconds&lt;TAB&gt;cause&lt;TAB&gt;evidence...   the column line
 *   test/escape/X.java&lt;TAB&gt;passed&lt;TAB&gt;1.52&lt;TAB&gt;&lt;TAB&gt;jtreg/last/work/test/escape/X.jtr
 * </pre>
 *
 * A field's tab, newline and backslash are written as \t, \n and \\. The keys: run (unique per run: start time in
 * milliseconds and the pid of the script that started it), started (epoch seconds), commit (the pack's), jdk.home,
 * jdk.version, jdk.vendor, jdk.isa, qemu.cpu (under qemu only), cpu.model and vm.switches (a JDK named
 * &lt;name&gt;@&lt;model&gt;, a CPU model of make/cpus: its name, and HotSpot's switches it runs with on the real CPU, a list),
 * vm.options (the user's, a list). A file of another
 * schema, a row with an outcome no {@link Outcome} has, or a run other than the one a mode started is an error naming
 * the file and line: never read as a skip, never read as this run's.
 */
public final class RunResults {
    static final String MAGIC = "#pack-results";
    static final int SCHEMA = 1;
    public static final String FILE = "summary.tsv";
    static final List<String> COLUMNS = List.of("test", "outcome", "seconds", "cause", "evidence");

    /** One test's result: its outcome, the cause (empty for a pass), wall seconds and the files that hold its evidence. */
    public record Result(String test, Outcome outcome, double seconds, String cause, List<String> evidence) {
    }

    /** One run: its facts (key -> values) and its results in the order written. */
    public record Run(Path file, Map<String, List<String>> facts, List<Result> results) {
        String fact(String key) {
            return String.join(" ", facts.getOrDefault(key, List.of()));
        }

        public String id() {
            return fact("run");
        }

        public EnumMap<Outcome, Integer> counts() {
            EnumMap<Outcome, Integer> n = Outcome.counts();
            results.forEach(r -> n.merge(r.outcome(), 1, Integer::sum));
            return n;
        }
    }

    /** A results file that cannot be read as one: its message names the file and line. */
    public static final class BadResults extends RuntimeException {
        BadResults(String message) {
            super(message);
        }
    }

    /** A new run id: the time in milliseconds and this VM's pid (a script passes its own as PACK_RUN_ID). */
    public static String newRunId() {
        return System.currentTimeMillis() + "-" + ProcessHandle.current().pid();
    }

    /** The results file of a BUILD directory, or the file itself. */
    static Path fileOf(Path dirOrFile) {
        return Files.isDirectory(dirOrFile) ? dirOrFile.resolve(FILE) : dirOrFile;
    }

    public static void write(Path file, Map<String, List<String>> facts, Collection<Result> results) throws IOException {
        StringBuilder t = new StringBuilder(MAGIC).append('\t').append(SCHEMA).append('\n');
        facts.forEach((k, v) -> t.append('#').append(k).append(v.stream().map(x -> "\t" + escape(x)).reduce("", String::concat)).append('\n'));
        t.append(String.join("\t", COLUMNS)).append('\n');
        for (Result r : results) {
            t.append(escape(r.test())).append('\t').append(r.outcome().word()).append('\t')
                    .append(String.format(java.util.Locale.ROOT, "%.2f", r.seconds())).append('\t').append(escape(r.cause()));
            r.evidence().forEach(e -> t.append('\t').append(escape(e)));
            t.append('\n');
        }
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, t);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The run in a BUILD directory (or a results file), whichever run wrote it. */
    public static Run read(Path dirOrFile) throws IOException {
        return read(dirOrFile, null);
    }

    /**
     * The run in a BUILD directory (or a results file) when it is the run EXPECTED (a run id; null: any): a mode reads
     * the results of the run it started, never an earlier run's left in the same place.
     */
    public static Run read(Path dirOrFile, String expected) throws IOException {
        Path file = fileOf(dirOrFile);
        if (!Files.isRegularFile(file)) {
            throw new BadResults(file + ": no results (the run produced none)");
        }
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty() || !lines.get(0).startsWith(MAGIC + "\t")) {
            throw new BadResults(file + ":1: not a results file of the pack (no '" + MAGIC + "' line: an older pack's? run it again)");
        }
        if (!lines.get(0).equals(MAGIC + "\t" + SCHEMA)) {
            throw new BadResults(file + ":1: schema " + lines.get(0).substring(MAGIC.length() + 1) + ", this pack reads " + SCHEMA);
        }
        Map<String, List<String>> facts = new LinkedHashMap<>();
        List<Result> results = new ArrayList<>();
        boolean columns = false;
        for (int i = 1; i < lines.size(); i++) {
            String where = file + ":" + (i + 1);
            List<String> f = List.of(lines.get(i).split("\t", -1)).stream().map(RunResults::unescape).toList();
            if (!columns && lines.get(i).startsWith("#")) {
                facts.put(f.get(0).substring(1), f.subList(1, f.size()));
            } else if (!columns) {
                if (!f.equals(COLUMNS)) {
                    throw new BadResults(where + ": expected the column line '" + String.join(" ", COLUMNS) + "', found '" + lines.get(i) + "'");
                }
                columns = true;
            } else if (!lines.get(i).isEmpty()) {
                if (f.size() < 4) {
                    throw new BadResults(where + ": " + f.size() + " fields, a row has at least 4 (" + String.join(" ", COLUMNS) + ")");
                }
                double seconds;
                try {
                    seconds = Double.parseDouble(f.get(2));
                } catch (NumberFormatException e) {
                    throw new BadResults(where + ": '" + f.get(2) + "' is no number of seconds");
                }
                try {
                    results.add(new Result(f.get(0), Outcome.of(f.get(1), where), seconds, f.get(3), f.subList(4, f.size())));
                } catch (IllegalArgumentException e) {
                    throw new BadResults(e.getMessage());
                }
            }
        }
        if (!columns) {
            throw new BadResults(file + ": no column line: the file was cut short");
        }
        Run run = new Run(file, facts, results);
        if (expected != null && !expected.equals(run.id())) {
            throw new BadResults(file + ": the results of run '" + run.id() + "', not of this run ('" + expected
                    + "'): this run left none (an earlier run's are not read as its own)");
        }
        return run;
    }

    /**
     * The facts of a run as make/jtreg.sh starts it: its id and start, the pack's commit, the JDK's identity (from its
     * release file; the ISA as the probe named it; the CPU qemu emulates when the JDK under test is a qemu facade, the
     * CPU model and the switches of a facade of make/cpus: make/jdks.sh) and the user's VM options, one a value.
     */
    public static Map<String, List<String>> facts(String runId, long started, String commit, Path jdk, Path testJdk, String isa,
            String vmOptions) {
        java.util.Properties release = keyValues(jdk.resolve("release"));
        java.util.Properties facade = keyValues(testJdk.resolve("pack-facade"));
        Map<String, List<String>> facts = new LinkedHashMap<>();
        facts.put("run", List.of(runId));
        facts.put("started", List.of(Long.toString(started)));
        facts.put("commit", List.of(commit.isEmpty() ? "unknown" : commit));
        facts.put("jdk.home", List.of(jdk.toString()));
        facts.put("jdk.version", List.of(release.getProperty("JAVA_RUNTIME_VERSION", release.getProperty("JAVA_VERSION", "unknown"))));
        facts.put("jdk.vendor", List.of(release.getProperty("IMPLEMENTOR", "unknown")));
        facts.put("jdk.isa", List.of(isa.isEmpty() ? release.getProperty("OS_ARCH", "unknown") : isa));
        if (facade.containsKey("qemu.cpu")) {
            facts.put("qemu.cpu", List.of(facade.getProperty("qemu.cpu")));
        }
        if (facade.containsKey("cpu.model")) {
            facts.put("cpu.model", List.of(facade.getProperty("cpu.model")));
        }
        if (facade.containsKey("switches")) {
            facts.put("vm.switches", List.of(facade.getProperty("switches").split(",")));
        }
        facts.put("vm.options", vmOptions.isBlank() ? List.of() : List.of(vmOptions.trim().split("\\s+")));
        return facts;
    }

    /** KEY=value or KEY="value" lines (a JDK's release file, a facade's stamp); empty when the file is not there. */
    private static java.util.Properties keyValues(Path file) {
        java.util.Properties p = new java.util.Properties();
        try {
            for (String line : Files.readAllLines(file)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    p.setProperty(line.substring(0, eq).trim(), line.substring(eq + 1).trim().replaceAll("^\"(.*)\"$", "$1"));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no such file: no facts from it
        }
        return p;
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "");
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
