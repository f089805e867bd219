package results;

import anatomy.Logged;
import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The results one run of the pack left behind, read back for make report and make compare: a run is a BUILD
 * directory (summary.tsv, jtreg/last/ with the probe's report, run.properties and the .jtr files), and a cell
 * is one test's verdict there, with its evidence: the assertion message, the child VM's machine code (kept
 * when the run retained it: RETAIN=all, or a failure) and the vocabulary operations the test names.
 */
public final class Results {
    /** The outcomes' words (anatomy.probe.Outcome), in the order of the totals. */
    static final List<String> OUTCOMES = java.util.Arrays.stream(Outcome.values()).map(Outcome::word).toList();

    /** A test's result in a run, as the report shows it: its outcome's word, wall seconds and cause. */
    public record Cell(String test, String status, String seconds, String reason) {
        /** The outcome's word (a cell holds only an Outcome's word: RunResults refuses any other). */
        String outcome() {
            return Outcome.of(status, "the cell of " + test).word();
        }

        public boolean isFinding() {
            return outcome().equals(Outcome.FINDING.word());
        }
    }

    /** One run: a label, its directory, the JDK's area (probe and work), and its cells by test. */
    public record Run(String label, Path dir, Path area, Properties probe, Properties run, Map<String, Cell> cells) {
        public String jdkHome() {
            String home = run.getProperty("jdk", "");
            return home.isEmpty() ? jtrProperty("testJDK") : home;
        }

        public String isa() {
            return probe.getProperty("pack.isa", "x86_64");
        }

        /** A property of any .jtr of this run (all share the JDK): testJDK, ... */
        String jtrProperty(String key) {
            for (Path jtr : jtrs()) {
                String v = find(read(jtr), "(?m)^" + Pattern.quote(key) + "=(.*)$");
                if (v != null) {
                    return v.replace("\\:", ":");
                }
            }
            return "";
        }

        List<Path> jtrs() {
            Path work = area.resolve("work");
            if (!Files.isDirectory(work)) {
                return List.of();
            }
            try (Stream<Path> s = Files.walk(work)) {
                return s.filter(p -> p.toString().endsWith(".jtr") && !p.startsWith(work.resolve("scratch"))).sorted().toList();
            } catch (IOException e) {
                return List.of();
            }
        }

        /** The .jtr of a test (file or file#id). */
        public Path jtr(String test) {
            String file = test.replaceAll("#.*", "").replaceAll("\\.java$", "");
            String id = test.contains("#") ? "_" + test.substring(test.indexOf('#') + 1) : "";
            Path p = area.resolve("work").resolve(file + id + ".jtr");
            return Files.exists(p) ? p : null;
        }

        /** The `java -version` lines of this JDK: from run.properties, else from a .jtr's messages. */
        public List<String> javaVersion() {
            List<String> lines = new ArrayList<>();
            for (int i = 1; run.containsKey("java.version." + i); i++) {
                lines.add(run.getProperty("java.version." + i));
            }
            if (lines.isEmpty()) {
                for (Path jtr : jtrs()) {
                    Matcher m = Pattern.compile("(?m)^JDK under test: .*\\n((?:.*(version|Runtime|VM).*\\n){1,3})").matcher(read(jtr));
                    if (m.find()) {
                        return m.group(1).lines().toList();
                    }
                }
            }
            return lines;
        }
    }

    /**
     * Reads a run from DIR (its results through RunResults, and jtreg/last); the label is given, or the probe's ISA-JDK.
     * A results file that cannot be read (another schema, an unknown outcome) is an error naming its file and line.
     */
    public static Run load(String label, Path dir) throws IOException {
        Path area = dir.resolve("jtreg/last");
        area = Files.exists(area) ? area.toRealPath() : area;
        Properties probe = props(area.resolve("probe.properties"));
        Properties run = props(area.resolve("run.properties"));
        Map<String, Cell> cells = new LinkedHashMap<>();
        if (Files.exists(RunResults.fileOf(dir))) {
            for (RunResults.Result r : RunResults.read(dir).results()) {
                cells.put(r.test(), new Cell(r.test(), r.outcome().word(), String.format(java.util.Locale.ROOT, "%.2f", r.seconds()), r.cause()));
            }
        }
        if (label == null) {
            label = probe.getProperty("pack.isa", "?") + "-" + probe.getProperty("pack.jdk", "?");
        }
        return new Run(label, dir, area, probe, run, cells);
    }

    public static Properties props(Path p) throws IOException {
        Properties props = new Properties();
        if (Files.exists(p)) {
            try (var in = Files.newBufferedReader(p)) {
                props.load(in);
            }
        }
        return props;
    }

    public static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    public static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    /** The pack's assertion message in a .jtr (facts, then the code excerpt), or null. */
    public static String assertion(String jtr) {
        int at = jtr.indexOf("java.lang.AssertionError: ");
        if (at < 0) {
            return null;
        }
        int end = jtr.indexOf("\n\tat ", at);
        return jtr.substring(at + "java.lang.AssertionError: ".length(), end < 0 ? Math.min(jtr.length(), at + 8000) : end);
    }

    /** The VM options jtreg gave the test (-vmoptions), from the rerun section. */
    public static String vmOptions(String jtr) {
        String v = find(jtr, "(?m)-Dtest\\.vm\\.opts=(.*?)\\s*\\\\\\\\?$");
        return v == null ? "" : v;
    }

    /** The child VMs' standard output files the .jtr names, found where jtreg retained them. */
    public static List<Path> childOutputs(Path jtr) {
        List<Path> files = new ArrayList<>();
        String text = read(jtr);
        Matcher m = Pattern.compile("output in (\\S+\\.stdout)").matcher(text);
        String stem = jtr.getFileName().toString().replaceAll("\\.jtr$", "");
        while (m.find()) {
            Path named = Path.of(m.group(1));
            Path retained = jtr.resolveSibling(stem).resolve(named.getFileName());
            if (Files.exists(retained)) {
                files.add(retained);
            } else if (Files.exists(named) && !named.toString().contains("/scratch/")) {
                files.add(named);
            }
        }
        return files;
    }

    /** The nmethods the test's child VMs printed (hsdis plugin output), last compilation of each method and tier. */
    public static List<NMethod> nmethods(Path jtr) {
        Map<String, NMethod> last = new LinkedHashMap<>();
        if (jtr == null) {
            return List.of();
        }
        for (Path out : childOutputs(jtr)) {
            try {
                for (NMethod nm : AssemblyParser.parse(read(out), out.toString())) {
                    last.put(nm.method() + "/" + nm.compiler() + nm.level() + (nm.isOsr() ? "/osr" : ""), nm);
                }
            } catch (RuntimeException e) {
                // output cut short: what was parsed so far stays
            }
        }
        return new ArrayList<>(last.values());
    }

    /** The vocabulary operations a test's source names (Op constants), in declaration order. */
    public static List<Op> opsOf(Path source) {
        String text = read(source);
        List<Op> ops = new ArrayList<>();
        for (Op op : Op.values()) {
            if (Pattern.compile("\\b" + op.name() + "\\b").matcher(text).find()) {
                ops.add(op);
            }
        }
        return ops;
    }

    /** The log-event kinds a test's source names (Logged constants), in declaration order. */
    public static List<Logged> eventsOf(Path source) {
        String text = read(source);
        return java.util.Arrays.stream(Logged.values()).filter(k -> Pattern.compile("\\b" + k.name() + "\\b").matcher(text).find()).toList();
    }

    /**
     * The compilation-log lines of those kinds that concern the test's own class (inside its compile tasks, or
     * naming one of their compile ids), from the logs the run retained; at most 40, each after its task.
     */
    public static List<String> logEvents(Path jtr, List<Logged> kinds, String testClass) {
        List<String> out = new ArrayList<>();
        if (jtr == null || kinds.isEmpty()) {
            return out;
        }
        Set<String> tags = new LinkedHashSet<>();
        kinds.forEach(k -> tags.add(k.element().replaceAll("^<(\\w+).*", "$1")));
        Path dir = jtr.resolveSibling(jtr.getFileName().toString().replaceAll("\\.jtr$", ""));
        Pattern task = Pattern.compile("^<task compile_id='(\\d+)' method='(" + Pattern.quote(testClass) + "[ $][^']*)'");
        try (Stream<Path> logs = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            for (Path log : logs.filter(p -> p.toString().endsWith(".compilation.xml")).sorted().toList()) {
                List<String> lines = Files.readAllLines(log);
                Set<String> ids = new LinkedHashSet<>();
                lines.forEach(l -> { Matcher m = task.matcher(l); if (m.find()) ids.add(m.group(1)); });
                String current = null;
                for (String l : lines) {
                    Matcher m = task.matcher(l);
                    if (l.startsWith("<task ")) {
                        current = m.find() ? "compile " + m.group(1) + " " + m.group(2) : null;
                    } else if (l.startsWith("</task>")) {
                        current = null;
                    }
                    String tag = l.startsWith("<") ? l.substring(1).split("[ />]", 2)[0] : "";
                    String id = find(l, "compile_id='(\\d+)'");
                    if (tags.contains(tag) && (current != null || (id != null && ids.contains(id))) && out.size() < 40) {
                        out.add((current != null ? current + ": " : "at run time: ") + l);
                    }
                }
            }
        } catch (IOException e) {
            out.add("(the compilation log cannot be read: " + e.getMessage() + ")");
        }
        return out;
    }

    /** For each instruction of the nmethod, the operations (of those given) that match at it. */
    public static Map<Instruction, Set<Op>> matches(NMethod nm, List<Op> ops, Isa isa) {
        Map<Instruction, Set<Op>> at = new LinkedHashMap<>();
        for (Op op : isa == null ? List.<Op>of() : ops) {
            try {
                for (Instruction i : op.form(isa).find(nm.instructions(), isa)) {
                    at.computeIfAbsent(i, k -> new LinkedHashSet<>()).add(op);
                }
            } catch (RuntimeException e) {
                // a form that cannot be evaluated here highlights nothing
            }
        }
        return at;
    }

    /**
     * The ISA of a run by its probe's {@code pack.isa} (any name of its row in make/platforms), whose forms highlight
     * its code; null for an ISA whose vocabulary is not written, so that no other ISA's forms are shown as its own.
     */
    public static Isa isa(String label) {
        try {
            return Isa.ofOsArch(label);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Why a run's ISA (its probe's {@code pack.isa}) highlights nothing: Isa.ofOsArch's reason; null when the pack has its vocabulary. */
    public static String noVocabulary(String label) {
        try {
            Isa.ofOsArch(label);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    /** The summary sentence of a test (its claim) and its source tag: Quark #N or seed NNN. */
    public static String[] claim(Path source) {
        String summary = find(read(source), "@summary\\s+(.*)");
        if (summary == null) {
            return new String[] {"", ""};
        }
        Matcher m = Pattern.compile("\\s*\\(((Quark #\\d+)|seed \\d+)\\)\\s*$").matcher(summary);
        return m.find() ? new String[] {summary.substring(0, m.start()), m.group(1)} : new String[] {summary, ""};
    }

    public static Path source(String test) {
        return Path.of(test.replaceAll("#.*", ""));
    }
}
