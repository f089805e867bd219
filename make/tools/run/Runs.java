package run;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import results.RunResults;

/**
 * The run model's command line for the shell scripts (make/lib.sh `runs`): they ask here what a run produced, and
 * never parse a totals line, summary.tsv's columns or jtreg's text themselves. One VM per call: a script calls it
 * once per run. The modes of make/tools/modes call the same methods in their own VM (make check: step, sum, tally).
 *
 * <pre>
 *   Runs totals [--run ID] PATH...      the totals line of the runs (BUILD dirs or results files) added up; exit
 *                                       status that of their outcomes (0, 1, 4, 3)
 *   Runs rows [--run ID] PATH [OUTCOME... | --except OUTCOME...]
 *                                       test TAB outcome TAB seconds TAB cause, a line per test (cause on one line)
 *   Runs bisect [--run ID] PATH         git bisect's judgement: "good|bad|skip: why"; exit 0, 1 or 125
 *   Runs step NAME LOG STATUS OUT       make check's step: reads the last totals line of LOG (the printer's form,
 *                                       Outcome.parseTotals) and the step's exit STATUS; prints its totals, writes
 *                                       them to OUT; exit 0 ok, 3 ok with findings, 1 the step failed
 *   Runs sum FILE...                    the totals lines of FILEs (Runs step's) added up
 *   Runs tally OUTCOME=N...             the totals line of a script's own checks (passed=5 failed=1)
 *   Runs differ BASE OTHER              the tests whose outcome in run OTHER differs from run BASE's (make
 *                                       foreign-hsdis: a copy of a JDK against the JDK); exit 1 when one does
 *   Runs table RESULTS TIMES LABEL...   make matrix's table of test x JDK (RESULTS: label, test, outcome, seconds,
 *                                       cause; TIMES: label, seconds, exit, home, version), the notes, the totals
 *                                       line of its cells; exit status that of the cells' outcomes
 * </pre>
 *
 * --run ID: the results must be those of run ID (PACK_RUN_ID of make/jtreg.sh), else it is an error: no mode reads
 * an earlier run's results as its own. Any error (no results, a bad file, bad arguments) is one line and exit 2.
 */
public class Runs {
    /** An exit status no outcome has: the results could not be read, or the arguments are wrong. */
    static final int ERROR = 2;
    static final String COMMANDS = "totals, rows, bisect, step, sum, tally, table, differ";

    /** Counts given as OUTCOME=N words (a script's own checks: passed=5 failed=1). */
    public static EnumMap<Outcome, Integer> tally(List<String> words) {
        EnumMap<Outcome, Integer> n = Outcome.counts();
        for (String w : words) {
            String[] kv = w.split("=", 2);
            if (kv.length != 2 || !kv[1].matches("[0-9]{1,9}")) {
                throw new IllegalArgumentException("Runs tally: '" + w + "' is not OUTCOME=count");
            }
            n.merge(Outcome.of(kv[0], "Runs tally"), Integer.parseInt(kv[1]), Integer::sum);
        }
        return n;
    }

    public static void main(String[] args) {
        try {
            System.exit(run(new ArrayList<>(List.of(args))));
        } catch (RunResults.BadResults | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
        } catch (IOException e) {
            System.err.println("error: " + e);
        }
        System.exit(ERROR);
    }

    static int run(List<String> args) throws IOException {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("Runs: no command (" + COMMANDS + ")");
        }
        String command = args.remove(0);
        String id = null;
        if (!args.isEmpty() && args.get(0).equals("--run")) {
            if (args.size() < 2) {
                throw new IllegalArgumentException("Runs " + command + ": --run needs a run id");
            }
            args.remove(0);
            id = args.remove(0);
        }
        switch (command) {
            case "totals" -> {
                need(args, 1, command);
                EnumMap<Outcome, Integer> n = Outcome.counts();
                for (String p : args) {
                    RunResults.read(Path.of(p), id).counts().forEach((o, k) -> n.merge(o, k, Integer::sum));
                }
                System.out.println(Outcome.totals(n));
                return Outcome.exitStatus(n);
            }
            case "rows" -> {
                need(args, 1, command);
                RunResults.Run run = RunResults.read(Path.of(args.get(0)), id);
                Set<Outcome> wanted = selected(args.subList(1, args.size()));
                for (RunResults.Result r : run.results()) {
                    if (wanted.contains(r.outcome())) {
                        System.out.println(r.test() + "\t" + r.outcome().word() + "\t" + String.format(java.util.Locale.ROOT, "%.2f", r.seconds())
                                + "\t" + r.cause().replaceAll("[\t\n\r]+", " "));
                    }
                }
                return 0;
            }
            case "bisect" -> {
                need(args, 1, command);
                Judgement j = bisect(RunResults.read(Path.of(args.get(0)), id).counts());
                System.out.println(j.verdict() + ": " + j.why());
                return j.exit();
            }
            case "step" -> {
                if (args.size() != 4 || !args.get(2).matches("[0-9]+")) {
                    throw new IllegalArgumentException("Runs step NAME LOG STATUS OUT (STATUS: the step's exit status)");
                }
                Step s = step(Path.of(args.get(1)), Integer.parseInt(args.get(2)), Path.of(args.get(3)));
                System.out.println(Outcome.totals(s.counts()));
                return s.exit();
            }
            case "sum" -> {
                need(args, 1, command);
                EnumMap<Outcome, Integer> n = sum(args.stream().map(Path::of).toList());
                System.out.println(Outcome.totals(n));
                return Outcome.exitStatus(n);
            }
            case "tally" -> {
                EnumMap<Outcome, Integer> n = tally(args);
                System.out.println(Outcome.totals(n));
                return Outcome.exitStatus(n);
            }
            case "table" -> {
                if (args.size() < 2) {
                    throw new IllegalArgumentException("Runs table RESULTS TIMES LABEL...");
                }
                Table t = table(Files.readAllLines(Path.of(args.get(0))), Files.readAllLines(Path.of(args.get(1))),
                        args.subList(2, args.size()));
                t.lines().forEach(System.out::println);
                System.out.println(Outcome.totals(t.counts()));
                return Outcome.exitStatus(t.counts());
            }
            case "differ" -> {
                if (args.size() != 2) {
                    throw new IllegalArgumentException("Runs differ BASE OTHER (two runs: BUILD directories or results files)");
                }
                List<String> d = differ(RunResults.read(Path.of(args.get(0))).results(), RunResults.read(Path.of(args.get(1))).results());
                d.forEach(System.out::println);
                return d.isEmpty() ? 0 : 1;
            }
            default -> throw new IllegalArgumentException("Runs: unknown command '" + command + "' (" + COMMANDS + ")");
        }
    }

    static void need(List<String> args, int n, String command) {
        if (args.size() < n) {
            throw new IllegalArgumentException("Runs " + command + ": no BUILD directory or results file given");
        }
    }

    /** The outcomes named (all when none; --except: all but those named). */
    static Set<Outcome> selected(List<String> words) {
        boolean except = !words.isEmpty() && words.get(0).equals("--except");
        Set<Outcome> named = EnumSet.noneOf(Outcome.class);
        for (String w : except ? words.subList(1, words.size()) : words) {
            named.add(Outcome.of(w, "the outcomes asked for"));
        }
        return words.isEmpty() ? EnumSet.allOf(Outcome.class) : except ? EnumSet.complementOf(EnumSet.copyOf(named)) : named;
    }

    /**
     * The tests whose outcome in OTHER differs from BASE's, sorted, a line each: two blanks, test, outcome and cause
     * separated by tabs. A cause counts up to its first " (" (where a skip may name the disassembler, which is what
     * differs between the two runs); a test of BASE that OTHER does not list is "(not run)" there.
     */
    public static List<String> differ(List<RunResults.Result> base, List<RunResults.Result> other) {
        Map<String, String> was = new java.util.HashMap<>();
        base.forEach(r -> was.put(r.test(), outcomeOf(r)));
        Map<String, String> is = new java.util.TreeMap<>();
        other.forEach(r -> is.put(r.test(), outcomeOf(r)));
        was.keySet().forEach(t -> is.putIfAbsent(t, t + "\t(not run)"));
        return is.entrySet().stream().filter(e -> !e.getValue().equals(was.get(e.getKey()))).map(e -> "  " + e.getValue()).toList();
    }

    static String outcomeOf(RunResults.Result r) {
        return r.test() + "\t" + r.outcome().word() + "\t" + r.cause().replaceAll("[\t\n\r]+", " ").replaceFirst(" \\(.*", "");
    }

    /**
     * make stress's tally over its rounds (make/tools/modes/Stress.java; name: results, in the order run): each test that failed
     * or was inconclusive in at least one, sorted, with the number of rounds and their names.
     */
    public static List<String> failures(Map<String, List<RunResults.Result>> rounds) {
        Map<String, List<String>> in = new java.util.TreeMap<>();
        rounds.forEach((name, results) -> results.stream()
                .filter(r -> r.outcome() == Outcome.FAILED || r.outcome() == Outcome.INCONCLUSIVE)
                .forEach(r -> in.computeIfAbsent(r.test(), t -> new ArrayList<>()).add(name)));
        List<String> lines = new ArrayList<>();
        in.values().forEach(names -> names.sort(java.util.Comparator.comparingInt(String::length).thenComparing(java.util.Comparator.naturalOrder())));
        in.forEach((test, names) -> lines.add("  failed or inconclusive in " + names.size() + " of " + rounds.size()
                + " rounds: " + test + " (" + String.join(" ", names) + ")"));
        return lines;
    }

    public record Judgement(String verdict, int exit, String why) {
    }

    /**
     * make/bisect.sh's judgement of a run, by the exit status of its outcomes: a failure is bad (1); a verdict the pack
     * could not reach is "cannot judge" (125, git bisect skips the commit); else a pass is good (0), and a run with
     * no pass (everything skipped, findings, problem-listed) cannot be judged. The why is the run's totals line.
     */
    public static Judgement bisect(Map<Outcome, Integer> counts) {
        String totals = Outcome.totals(counts);
        int status = Outcome.exitStatus(counts);
        if (status == Outcome.FAILED.exitStatus()) {
            return new Judgement("bad", 1, totals);
        }
        if (status == Outcome.INCONCLUSIVE.exitStatus()) {
            return new Judgement("skip", 125, totals + ": a verdict the pack could not reach, cannot judge");
        }
        if (counts.getOrDefault(Outcome.PASSED, 0) > 0) {
            return new Judgement("good", 0, totals);
        }
        return new Judgement("skip", 125, totals + ": no test passed, nothing to judge");
    }

    public record Table(List<String> lines, EnumMap<Outcome, Integer> counts) {
    }

    /**
     * make matrix's table: a row per test (sorted, the pseudo-rows "(prepare)" and "(run)" last), a column per label
     * (its version under it, its wall time at the foot). A cell is its outcome's word (FAILED in capitals), and for
     * anything but a pass the number of a note under the table giving the reason (each outcome and reason once). A
     * test a label's run did not list counts as skipped there; a label whose run listed no test at all (its failure
     * is its own pseudo-row) shows "-" and counts nothing. The counts are the cells'; no cell at all is a failure.
     */
    public static Table table(List<String> results, List<String> times, List<String> labels) {
        Map<String, String> secs = new java.util.HashMap<>();
        Map<String, String> version = new java.util.HashMap<>();
        for (String line : times) {
            String[] f = line.split("\t", -1);
            if (f.length >= 5) {
                secs.put(f[0], f[1]);
                version.put(f[0], f[4]);
            }
        }
        List<String> tests = new ArrayList<>();
        Map<List<String>, Outcome> cell = new java.util.HashMap<>();
        Map<List<String>, String> cause = new java.util.HashMap<>();
        Set<String> ran = new java.util.HashSet<>();
        int at = 0;
        for (String line : results) {
            at++;
            String[] f = line.split("\t", -1);
            if (f.length < 5 || !labels.contains(f[0])) {
                continue;   // another run's JDK (MATRIX_KEEP)
            }
            if (!tests.contains(f[1])) {
                tests.add(f[1]);
            }
            cell.put(List.of(f[1], f[0]), Outcome.of(f[2], "matrix results, line " + at));
            cause.put(List.of(f[1], f[0]), f[4]);
            if (!f[1].startsWith("(")) {
                ran.add(f[0]);
            }
        }
        tests.sort(java.util.Comparator.comparing((String t) -> t.startsWith("(")).thenComparing(t -> t));
        EnumMap<Outcome, Integer> n = Outcome.counts();
        Map<String, Integer> note = new java.util.LinkedHashMap<>();
        Map<List<String>, String> text = new java.util.HashMap<>();
        for (String t : tests) {
            for (String l : labels) {
                Outcome o = cell.get(List.of(t, l));
                String why = cause.getOrDefault(List.of(t, l), "");
                if (o == null) {
                    if (t.startsWith("(") || !ran.contains(l)) {
                        text.put(List.of(t, l), "-");
                        continue;
                    }
                    o = Outcome.SKIPPED;
                    why = "not run: not in this run's results";
                }
                n.merge(o, 1, Integer::sum);
                if (o == Outcome.PASSED) {
                    text.put(List.of(t, l), o.word());
                    continue;
                }
                String word = o == Outcome.FAILED ? "FAILED" : o.word();
                int k = note.computeIfAbsent(word + ": " + (why.isEmpty() ? "(no reason given)" : why), x -> note.size() + 1);
                text.put(List.of(t, l), word + " [" + k + "]");
            }
        }
        int w = Math.max(11, tests.stream().mapToInt(String::length).max().orElse(0));
        int cw = 12;
        for (String l : labels) {
            cw = Math.max(cw, Math.max(l.length(), version.getOrDefault(l, "").length()));
        }
        List<String> lines = new ArrayList<>();
        lines.add(row(w, cw, "test", labels, l -> l));
        lines.add(row(w, cw, "(version)", labels, l -> version.getOrDefault(l, "").isEmpty() ? "-" : version.get(l)));
        for (String t : tests) {
            lines.add(row(w, cw, t, labels, l -> text.get(List.of(t, l))));
        }
        lines.add(row(w, cw, "(wall time)", labels, l -> secs.containsKey(l) ? secs.get(l) + " s" : "-"));
        if (!note.isEmpty()) {
            lines.add("");
            note.forEach((reason, k) -> lines.add("[" + k + "] " + reason));
        }
        lines.add("");
        if (tests.isEmpty()) {
            n.merge(Outcome.FAILED, 1, Integer::sum);
        }
        return new Table(lines, n);
    }

    static String row(int w, int cw, String first, List<String> labels, java.util.function.Function<String, String> cell) {
        StringBuilder line = new StringBuilder(String.format("%-" + w + "s", first));
        for (String l : labels) {
            line.append("  ").append(String.format("%-" + cw + "s", cell.apply(l)));
        }
        return line.toString();
    }

    public record Step(boolean ok, EnumMap<Outcome, Integer> counts) {
        /** What `runs step` exits with: 0 ok, 3 ok with findings, 1 the step failed. */
        public int exit() {
            return !ok ? 1 : counts.get(Outcome.FINDING) > 0 ? Outcome.FINDING.exitStatus() : 0;
        }
    }

    /**
     * make check's step from its LOG (none: an empty one; a byte that is not UTF-8 read as a replacement character, so
     * a stray byte in a step's output never stops its judgement) and its exit STATUS (step), its totals line written to OUT.
     */
    public static Step step(Path log, int status, Path out) throws IOException {
        List<String> lines = Files.exists(log) ? new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.UTF_8).lines().toList() : List.of();
        Step s = step(lines, status);
        Files.writeString(out, Outcome.totals(s.counts()) + "\n");
        return s;
    }

    /** The totals lines of FILES (step's) added up; a file whose last line is no totals line is an IllegalArgumentException. */
    public static EnumMap<Outcome, Integer> sum(List<Path> files) throws IOException {
        EnumMap<Outcome, Integer> n = Outcome.counts();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f);
            EnumMap<Outcome, Integer> one = lines.isEmpty() ? null : Outcome.parseTotals(lines.get(lines.size() - 1));
            if (one == null) {
                throw new IllegalArgumentException(f + ": its last line is no totals line");
            }
            one.forEach((o, k) -> n.merge(o, k, Integer::sum));
        }
        return n;
    }

    /**
     * A make check step from its output and exit status. Its counts are the last totals line of the output (a step that
     * prints none counts as one pass when it exited 0, else as one failure). Its exit status is make's "Error N" when
     * make says so (make exits 2 for any failed recipe: its last "Error N" line). The step is ok when it counted no
     * failure and no inconclusive and exited 0, or exited with the findings' status and has findings (a new JDK's
     * defaults never fail make check by themselves); a step that is not ok and counted neither counts one failure.
     */
    public static Step step(List<String> log, int status) {
        EnumMap<Outcome, Integer> counts = null;
        for (String line : log) {
            EnumMap<Outcome, Integer> c = Outcome.parseTotals(line);
            counts = c != null ? c : counts;
        }
        java.util.regex.Pattern makeError = java.util.regex.Pattern.compile("^make(\\[[0-9]+\\])?: \\*\\*\\* .* Error ([0-9]+)$");
        int said = -1;
        for (String line : log) {
            java.util.regex.Matcher m = makeError.matcher(line);
            said = m.find() ? Integer.parseInt(m.group(2)) : said;
        }
        status = status == 2 && said >= 0 ? said : status;
        if (counts == null) {
            counts = Outcome.counts();
            counts.put(status == 0 ? Outcome.PASSED : Outcome.FAILED, 1);
        }
        boolean clean = counts.get(Outcome.FAILED) == 0 && counts.get(Outcome.INCONCLUSIVE) == 0;
        boolean ok = clean && (status == 0 || (status == Outcome.FINDING.exitStatus() && counts.get(Outcome.FINDING) > 0));
        if (!ok && clean) {
            counts.merge(Outcome.FAILED, 1, Integer::sum);
        }
        return new Step(ok, counts);
    }
}
