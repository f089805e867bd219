package run;

import anatomy.probe.Finding;
import anatomy.probe.Outcome;
import anatomy.probe.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import results.RunResults;
import results.Selection;

/**
 * The pack's run summary: one line per test (outcome, wall time, reason), the reasons grouped, and the totals
 * alone on the last line as "N passed, N failed, N skipped", then ", N findings", ", N inconclusive" and
 * ", N problem-listed" when there are any (anatomy.probe.Outcome.totals). The results go to TSV_OUT as data
 * (RunResults: a header with the run's id and facts, one row per test). Tests whose @requires did not hold are not run
 * by jtreg at all; they are listed with the probe's reason for the clauses that failed. The outcomes: passed,
 * failed, skipped; finding: a test that did not run only because this JDK's defaults differ from what it claims
 * (anatomy.probe.Finding: every property that stopped it has the JDK's default as its cause, none the user's
 * options or the platform), whether jtreg did not select it or it skipped at run time naming such a property;
 * inconclusive: the test threw anatomy.Inconclusive (jtreg records a failure); problem: a problem list that
 * applies to this run names it (make/problems, Problems.java), so jtreg excluded it.
 *
 * A test inconclusive under the user's options, or skipped at run time naming no probe property, that make/jtreg.sh
 * ran once more without them (-Dpack.rerun=its work dir, -Dpack.rerun.probe=that run's probe report,
 * -Dpack.rerun.options=the options) is merged by Verdict.merge: a failure there makes it failed (its reason says what
 * the options made of it); a pass there makes it a skip naming the options; else the rerun's outcome decides
 * (inconclusive stays so; a skip nothing explains is a finding).
 *
 * Exit status: 1 when a test failed, else 4 when any is inconclusive, else 3 when there are findings, else 0
 * (also when nothing ran, 1).
 *
 * Usage: Summary WORK_DIR PROBE_REPORT START_EPOCH_SECONDS TSV_OUT SELECTION...
 * Properties: pack.rerun, pack.rerun.probe, pack.rerun.options, pack.problems (the exclude file PackRun gave jtreg);
 * the run's facts: pack.run.id, pack.commit, pack.jdk.home, pack.test.jdk, pack.vm.options (runFacts)
 */
public class Summary {
    /**
     * One test's outcome; {@code unjudged}: the assertions a problem list names that failed or were inconclusive in it,
     * reported as not judged while the rest of the test was (lib/anatomy/ProblemListed.java prints each).
     */
    public record Result(String test, String status, double seconds, String reason, List<String> evidence, List<String> unjudged) {
        Result(String test, String status, double seconds, String reason) {
            this(test, status, seconds, reason, List.of(), List.of());
        }

        /** The reason a row shows: a pass with assertions left unjudged says so. */
        public String shown() {
            String left = unjudged.isEmpty() ? "" : unjudged.size() + " problem-listed assertion" + (unjudged.size() == 1 ? "" : "s")
                    + " not judged: " + String.join("; ", unjudged);
            return status.equals(Verdict.PASSED) ? left : reason + (left.isEmpty() ? "" : " (" + left + ")");
        }
    }

    /** The line lib/anatomy/ProblemListed.java prints for a listed assertion it did not judge. */
    static final Pattern NOT_JUDGED = Pattern.compile("(?m)^Problem-listed, not judged: (.*)$");

    /**
     * The tests of a run (WORK, its probe's report PROBE, started at START in seconds) that run once more without the
     * user's options (anatomy.probe.Verdict.rerunWithoutOptions): make/tools/run/PackRun.java's rerun.
     */
    static List<String> rerunTests(Path work, Path probeFile, long start) throws IOException {
        Properties probe = load(probeFile);
        List<String> again = new ArrayList<>();
        for (Result r : read(work, probe, start * 1000 - 1000).values()) {
            if (Verdict.rerunWithoutOptions(new Finding.Outcome(r.status(), r.reason()), probe)) {
                again.add(r.test());
            }
        }
        return again;
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> facts = new java.util.HashMap<>();
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("pack."))
                .forEach(k -> facts.put(k, System.getProperty(k)));
        System.exit(summarize(facts, args));
    }

    /**
     * The summary of a run, printed; its exit status (Outcome.exitStatus; 1 when no test ran). ARGS as main's; FACTS the
     * run's (pack.run.id, pack.commit, pack.jdk.home, pack.test.jdk, pack.vm.options, pack.problems, pack.rerun,
     * pack.rerun.probe, pack.rerun.options), which make/tools/run/PackRun.java hands over in its own VM.
     */
    static int summarize(Map<String, String> facts, String[] args) throws IOException {
        Path work = Path.of(args[0]);
        Properties probe = load(Path.of(args[1]));
        long start = Long.parseLong(args[2]) * 1000 - 1000;
        Path tsv = Path.of(args[3]);
        List<String> selection = List.of(args).subList(4, args.length);

        Map<String, Result> results = read(work, probe, start);
        String rerun = facts.getOrDefault("pack.rerun", "");
        if (!rerun.isEmpty() && Files.isDirectory(Path.of(rerun))) {
            // the rerun's outcomes as its own probe judged them: no user options there
            Properties plain = load(Path.of(facts.getOrDefault("pack.rerun.probe", "")));
            if (plain.isEmpty()) {
                plain.putAll(probe);
                plain.remove("probe.options");
            }
            Map<String, Result> again = read(Path.of(rerun), plain, start);
            String options = facts.getOrDefault("pack.rerun.options", "");
            for (Map.Entry<String, Result> e : results.entrySet()) {
                Result r = e.getValue();
                Result a = again.get(e.getKey());
                if (Verdict.rerunWithoutOptions(new Finding.Outcome(r.status(), r.reason()), probe)) {
                    Finding.Outcome o = Verdict.merge(new Finding.Outcome(r.status(), r.reason()),
                            a == null ? null : new Finding.Outcome(a.status(), a.reason()), options);
                    e.setValue(new Result(r.test(), o.status(), r.seconds(), o.reason(), r.evidence(), r.unjudged()));
                }
            }
        }
        Map<String, Problems.Entry> problems = Problems.read(facts.getOrDefault("pack.problems", ""));
        addUnrun(results, selection, problems, probe);

        // the reasons grouped by outcome, in the outcomes' order under the table: all but passes and failures
        Map<Outcome, Map<String, Integer>> reasons = new java.util.EnumMap<>(Outcome.class);
        List<RunResults.Result> rows = new ArrayList<>();
        List<String> unjudged = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        int width = results.keySet().stream().mapToInt(String::length).max().orElse(4);
        for (Result r : results.values()) {
            Outcome o = Outcome.of(r.status(), "the outcome of " + r.test());
            Path build = tsv.toAbsolutePath().getParent();
            rows.add(new RunResults.Result(r.test(), o, r.seconds(), r.shown(),
                    r.evidence().stream().map(e -> build.relativize(Path.of(e).toAbsolutePath()).toString()).toList()));
            if (o != Outcome.PASSED && o != Outcome.FAILED) {
                reasons.computeIfAbsent(o, k -> new LinkedHashMap<>()).merge(r.reason(), 1, Integer::sum);
            }
            table.append(String.format("  %-" + width + "s  %-12s %6.2f s  %s%n", r.test(), r.status(), r.seconds(), r.shown()));
            r.unjudged().forEach(u -> unjudged.add(r.test() + ": " + u));
        }
        RunResults.Run run = new RunResults.Run(tsv, runFacts(facts, probe, Long.parseLong(args[2])), rows);
        RunResults.write(tsv, run.facts(), rows);
        Map<Outcome, Integer> counts = run.counts();
        System.out.println();
        System.out.println("Pack summary (" + probeLine(probe) + "):");
        System.out.print(table);
        reasons.forEach((outcome, byReason) -> byReason.forEach((reason, n) -> System.out.println(n + " " + outcome.word() + ": " + reason)));
        if (!unjudged.isEmpty()) {   // what a problem list left unjudged in tests that ran: never hidden behind a pass
            System.out.println(unjudged.size() + " problem-listed assertion" + (unjudged.size() == 1 ? "" : "s") + " not judged:");
            unjudged.forEach(u -> System.out.println("  " + u));
        }
        System.out.println(Outcome.totals(counts));
        if (results.isEmpty()) {
            System.err.println("error: no test ran; check TEST=" + String.join(" ", selection));
            return 1;
        }
        return Outcome.exitStatus(counts);
    }

    /**
     * The run's facts for the results file (RunResults.facts), from what make/jtreg.sh passes: pack.run.id (else a new
     * id), pack.commit, pack.jdk.home and pack.test.jdk (the facade a JDK of another ISA runs through), pack.vm.options.
     */
    static Map<String, List<String>> runFacts(Map<String, String> facts, Properties probe, long started) {
        String id = facts.getOrDefault("pack.run.id", "");
        Path jdk = Path.of(facts.getOrDefault("pack.jdk.home", System.getProperty("java.home")));
        return RunResults.facts(id.isEmpty() ? RunResults.newRunId() : id, started, facts.getOrDefault("pack.commit", ""), jdk,
                Path.of(facts.getOrDefault("pack.test.jdk", jdk.toString())), probe.getProperty("pack.isa", ""),
                facts.getOrDefault("pack.vm.options", ""));
    }

    /** A probe report (empty when there is none at that path). */
    static Properties load(Path report) throws IOException {
        Properties p = new Properties();
        if (!report.toString().isEmpty() && Files.isRegularFile(report)) {
            try (var in = Files.newBufferedReader(report)) {
                p.load(in);
            }
        }
        return p;
    }

    /** Whether every @requires expression holds by the probe's report (false without one). */
    static boolean holds(List<String> requires, Properties probe) {
        try {
            return requires.stream().allMatch(r -> anatomy.probe.Requires.holds(r, probe));
        } catch (IllegalArgumentException e) {   // no probe report, or a property it does not have
            return false;
        }
    }

    /** The results of the .jtr files under a work dir written since START (milliseconds), by test. */
    public static Map<String, Result> read(Path work, Properties probe, long start) throws IOException {
        Map<String, Result> results = new TreeMap<>();
        try (Stream<Path> files = Files.walk(work)) {
            for (Path jtr : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jtr"))::iterator) {
                if (Files.getLastModifiedTime(jtr).toMillis() >= start && !jtr.startsWith(work.resolve("scratch"))) {
                    Result r = read(jtr, probe);
                    results.put(r.test(), r);
                }
            }
        }
        return results;
    }

    static String probeLine(Properties p) {
        if (p.isEmpty()) {
            return "no probe report";
        }
        String version = p.getProperty("pack.jdk.why", "").replaceFirst("^java\\.runtime\\.version=", "");
        return "JDK " + (version.isEmpty() ? p.getProperty("pack.jdk") : version) + ", " + p.getProperty("pack.isa")
                + ("true".equals(p.getProperty("pack.emulated")) ? " (emulated)" : "")
                + ", gc " + p.getProperty("pack.gc") + ", C2 " + yesNo(p, "pack.c2") + ", WhiteBox " + yesNo(p, "pack.whitebox")
                + ", disassembly " + p.getProperty("pack.hsdis.mode", "none")
                + (p.getProperty("pack.cpu", "").isEmpty() ? "" : ", CPU " + p.getProperty("pack.cpu"));
    }

    /**
     * The outcomes of the selected tests jtreg left no result for: problem-listed where a problem list names them and
     * they would have run; where their @requires hold here, inconclusive (jtreg lost a test that should have run: never
     * a skip, which would let a lost test exit 0); else the probe's reason for the clauses that failed (a skip, or a
     * finding when only this JDK's defaults stopped it, unless a sibling variant that ran asserts this JDK's form).
     */
    public static void addUnrun(Map<String, Result> results, List<String> selection, Map<String, Problems.Entry> problems,
            Properties probe) throws IOException {
        Map<Path, Set<String>> chosen = Selection.ids(selection);   // Test.java#id: that test of the file, not its others
        for (Path test : Selection.tests(selection)) {
            String file = Path.of("").toAbsolutePath().relativize(test.toAbsolutePath()).toString();
            Map<String, String> blocks = requirements(test, file);
            Set<String> only = chosen.get(test.normalize().toAbsolutePath());
            for (Map.Entry<String, String> block : blocks.entrySet()) {
                if (results.containsKey(block.getKey())
                        || only != null && !only.contains(Selection.id(block.getKey()))) {
                    continue;
                }
                Problems.Entry listed = problems.get(block.getKey());
                if (listed == null) {
                    listed = problems.get(file);
                }
                List<String> unknown = requires(block.getValue()).stream().flatMap(r -> anatomy.probe.Requires.properties(r).stream())
                        .filter(name -> !probe.containsKey(name)).distinct().toList();
                if (!unknown.isEmpty()) {
                    // the probe did not report what the @requires name (no report at all when jtreg could not get the
                    // JDK's properties): whether the test should have run here is unknown, so no skip can stand for it
                    results.put(block.getKey(), new Result(block.getKey(), Verdict.INCONCLUSIVE, 0, "jtreg recorded no result, and the"
                            + " probe reported no " + String.join(", ", unknown) + (probe.isEmpty() ? " (no probe report)" : "")
                            + ": whether its @requires hold here is unknown"));
                } else if (listed != null && holds(requires(block.getValue()), probe)) {
                    // problem-listed only where it would have run: a test its @requires rule out here stays a skip or finding
                    results.put(block.getKey(), new Result(block.getKey(), Verdict.PROBLEM, 0, listed.reason()));
                } else if (holds(requires(block.getValue()), probe)) {
                    // jtreg left no result for a test that should have run here: no verdict, and never a skip (a test
                    // jtreg lost, a crash of its harness or a selection the pack misread would otherwise exit 0)
                    results.put(block.getKey(), new Result(block.getKey(), Verdict.INCONCLUSIVE, 0, "jtreg recorded no result,"
                            + " though its @requires hold here (" + String.join(" & ", requires(block.getValue())) + ")"));
                } else {
                    Finding.Outcome o = Finding.ofRequires(requires(block.getValue()), probe);
                    // a sibling variant that ran on the same default asserts this JDK's form: not a finding
                    for (Map.Entry<String, String> sibling : blocks.entrySet()) {
                        Result ran = results.get(sibling.getKey());
                        if (o.isFinding() && ran != null && (ran.status().equals("passed") || ran.status().equals("failed"))) {
                            o = Finding.coveredBy(o, requires(block.getValue()), probe, sibling.getKey().replaceFirst("^[^#]*#", ""),
                                    requires(sibling.getValue()), runWords(sibling.getValue()));
                        }
                    }
                    results.put(block.getKey(), new Result(block.getKey(), o.status(), 0, o.reason()));
                }
            }
        }
    }

    static String yesNo(Properties p, String key) {
        return "true".equals(p.getProperty(key)) ? "yes" : "no";
    }

    public static Result read(Path jtr, Properties probe) throws IOException {
        String text = Files.readString(jtr);
        String test = find(text, "(?m)^test=(.*)$", jtr.toString());
        test = test.replace("\\#", "#");   // jtreg escapes the '#' of a @test id variant in .jtr files
        double seconds = Double.parseDouble(find(text, "(?m)^elapsed=(\\d+)", "0")) / 1000.0;
        Finding.Outcome o = Verdict.ofResult(find(text, "(?m)^test result: (.*)$", "Error. no result recorded"), probe);
        List<String> unjudged = new ArrayList<>();
        Matcher listed = NOT_JUDGED.matcher(text);
        while (listed.find()) {
            unjudged.add(listed.group(1).trim());
        }
        return new Result(test, o.status(), seconds, o.reason(), List.of(jtr.toString()), List.copyOf(unjudged));
    }

    static String find(String text, String regex, String otherwise) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1).trim() : otherwise;
    }

    /**
     * The test's @test blocks, as jtreg names them (FILE, FILE#ID for a block with an id, FILE#idN for the N-th
     * of several blocks without one), each with the text of the block, where its @requires are.
     */
    public static Map<String, String> requirements(Path test, String file) throws IOException {
        String text = Files.readString(test);
        List<String> blocks = new ArrayList<>();
        Matcher tag = Pattern.compile("@test\\b").matcher(text);
        while (tag.find()) {
            int end = text.indexOf("*/", tag.start());
            blocks.add(text.substring(tag.start(), end < 0 ? text.length() : end));
        }
        Map<String, String> named = new LinkedHashMap<>();
        for (int i = 0; i < blocks.size(); i++) {
            Matcher id = Pattern.compile("^@test\\s+id=(\\S+)").matcher(blocks.get(i));
            String name = id.find() ? file + "#" + id.group(1) : blocks.size() > 1 ? file + "#id" + i : file;
            named.put(name, blocks.get(i));
        }
        return named;
    }

    /** The words of a @test block's @run lines (its main class and arguments, the options they set). */
    public static List<String> runWords(String block) {
        List<String> words = new ArrayList<>();
        Matcher run = Pattern.compile("@run\\s+([^\\n]*)").matcher(block);
        while (run.find()) {
            words.addAll(List.of(run.group(1).trim().split("\\s+")));
        }
        return words;
    }

    /** The @requires expressions of a @test block (one per tag; a tag may go on over the next lines of the comment). */
    public static List<String> requires(String block) {
        List<String> found = new ArrayList<>();
        Matcher tag = Pattern.compile("@requires\\s+((?:.|\\n(?!\\s*\\*?\\s*@))*)").matcher(block);
        while (tag.find()) {
            found.add(tag.group(1).replaceAll("\\n\\s*\\*?", " ").replaceAll("\\s+", " ").trim());
        }
        return found;
    }
}
