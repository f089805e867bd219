package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import report.Bundles;
import results.RunResults;
import run.Runs;
import run.Shards;

/**
 * make matrix (make/matrix.sh starts it through make/lib.sh's pack_mode): the pack, or a command given instead, once
 * per JDK of MATRIX, each a cell with a work area of its own ($BUILD/matrix/LABEL), then one table of test x JDK (Runs.table)
 * with the totals alone on its last line and their exit status (1 a failure or a cell without results, else 4
 * inconclusive, else 3 findings; 2 bad input, one line "make/matrix.sh: ..." before anything runs).
 *
 * The JDKs are prepared one after another (make/jdks.sh, which may fetch what another cell shares); then the native
 * cells, then the emulated ones (another ISA, or a CPU model qemu runs), each kind in MATRIX_LANES lanes (Lanes: one per
 * core up to 2; 1 with MATRIX_VERBOSE=1), CONC shared by the cells side by side. A cell's line, its rows and its time go
 * to its directory (cell.line, rows.tsv, run.time), which the collation reads in MATRIX's order into
 * $BUILD/matrix/results.tsv and times.tsv. docs/matrix.md, "The matrix".
 *
 * <pre>
 *   make/matrix.sh [command ...]   --collate   --check-only   --list
 * </pre>
 */
public final class Matrix extends Mode {
    public static final String PROG = "make/matrix.sh";

    /** An entry of MATRIX as typed, its label, and a label=path entry's JDK, absolute (else null: a name of make/jdks.sh). */
    public record Entry(String word, String label, Path path) {
    }

    /** A CPU model of make/cpus (make/lib.sh's cpu_rows): its name, ISA, how it is had (qemu..., switches) and lists. */
    record Cpu(String name, String isa, String how, List<String> lists) {
    }

    /** A cell whose JDK is ready: its label, home, ISA, tests and whether qemu runs it. */
    public record Cell(String label, String home, String arch, String test, boolean emulated) {
    }

    /** The command given instead of the pack (empty: the pack). */
    final List<String> command;
    /** The host's ISA and make/cpus' models (make/lib.sh's host_arch and cpu_rows). */
    private String host;
    private List<Cpu> cpus;
    private final PackRunner runner = new PackRunner(this);

    public Matrix(Map<String, String> env, Path pack, List<String> command) {
        super(env, pack);
        this.command = command;
    }

    public static void main(String[] args) {
        exit(PROG, () -> {
            List<String> a = new ArrayList<>(List.of(args));
            boolean collate = take(a, "--collate");
            String check = take(a, "--check-only") ? "check" : "";
            check = take(a, "--list") ? "list" : check;
            Matrix m = new Matrix(System.getenv(), Path.of("").toAbsolutePath(), a);
            List<Entry> entries = m.checked();
            if (check.equals("list")) {
                entries.forEach(e -> System.out.println(e.word()));
            }
            return check.isEmpty() ? m.run(entries, collate) : 0;
        });
    }

    /** MATRIX's entries, each checked, after the tables it reads (make/jdk-table, make/cpus): one line (exit 2) for the first wrong. */
    public List<Entry> checked() throws IOException, InterruptedException {
        host = lib("host_arch");
        Ran rows = libRan("cpu_rows");
        if (rows.status() != 0) {
            throw die(rows.why());
        }
        cpus = cpuRows(rows.out());
        return entries(expand(get("MATRIX")));
    }

    private static boolean take(List<String> args, String option) {
        if (!args.isEmpty() && args.get(0).equals(option)) {
            args.remove(0);
            return true;
        }
        return false;
    }

    /** make/lib.sh's cpu_rows, one model a line: name isa how what needs lists. */
    static List<Cpu> cpuRows(String rows) {
        List<Cpu> cpus = new ArrayList<>();
        for (String line : rows.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 6) {
                cpus.add(new Cpu(f[0], f[1], f[2], f[5].equals("-") ? List.of() : List.of(f[5].split(","))));
            }
        }
        return cpus;
    }

    /** The models of make/cpus on LIST for ISA, in the table's order. */
    List<String> models(String list, String isa) {
        return cpus.stream().filter(c -> c.isa().equals(isa) && c.lists().contains(list)).map(Cpu::name).toList();
    }

    /** A JDK name's list of make/jdk-table, blank-separated; the table's one line (exit 2) when it has a bad row. */
    String jdkList(String list) throws IOException, InterruptedException {
        Ran r = libRan("jdk_list", list);
        if (r.status() != 0) {
            throw die((r.out() + "\n" + r.err()).strip());
        }
        return r.out();
    }

    /**
     * The fleet words: each JDK on LIST of the JDK table on each CPU model of its ISA on that list of make/cpus
     * (name@model); with `fleet`, a JDK of the host's ISA on the real CPU (its plain name) before its models.
     */
    static List<String> fleet(String list, List<String> jdks, String host, java.util.function.BiFunction<String, String, List<String>> models) {
        List<String> out = new ArrayList<>();
        for (String n : jdks) {
            String isa = n.replaceFirst("-.*", "");
            if (list.equals("fleet") && isa.equals(host)) {
                out.add(n);
            }
            models.apply(list, isa).forEach(m -> out.add(n + "@" + m));
        }
        return out;
    }

    /** MATRIX's words (default: the JDK table's list `default`), `ports`, `fleet` and `check-fleet` each standing for its list. */
    public List<String> expand(String matrix) throws IOException, InterruptedException {
        String defaults = jdkList("default");
        Map<String, List<String>> lists = new LinkedHashMap<>();
        lists.put("ports", words(jdkList("ports")));
        for (String list : List.of("fleet", "check-fleet")) {
            lists.put(list, fleet(list, words(jdkList(list)), host, this::models));
        }
        List<String> out = new ArrayList<>();
        for (String w : words(matrix.isEmpty() ? defaults : matrix)) {
            out.addAll(lists.getOrDefault(w, List.of(w)));
        }
        if (out.isEmpty()) {
            throw die("MATRIX is empty");
        }
        return out;
    }

    static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    /** Every entry checked before anything runs: a mistyped name or path is one line, exit 2. */
    List<Entry> entries(List<String> words) throws IOException, InterruptedException {
        Path caller = Path.of(get("PACK_CALLER_PWD", pack.toString()));
        List<Entry> entries = new ArrayList<>();
        for (String w : words) {
            String label = w.replaceFirst("=.*", "");
            if (!label.matches("[A-Za-z0-9._+@-]+")) {
                throw die("bad MATRIX entry '" + w + "' (a name, or label=/path/to/jdk)");
            }
            Path path = null;
            if (w.contains("=")) {
                String p = w.substring(w.indexOf('=') + 1);
                path = p.startsWith("/") ? Path.of(p) : Path.of(caller + "/" + p);
                if (!Files.isExecutable(path.resolve("bin/java"))) {
                    throw die("MATRIX entry '" + w + "': " + path + " is not a JDK (no bin/java)");
                }
            } else {
                Ran r = ran(Map.of(), "bash", "-c", "bash make/jdks.sh check \"$1\" 2>&1", "make/matrix.sh", w);
                if (r.status() != 0) {
                    throw die("MATRIX entry '" + w + "': " + r.out().replaceFirst("^make/jdks.sh: ", ""));
                }
            }
            entries.add(new Entry(w, label, path));
        }
        return entries;
    }

    /** Whether qemu runs a cell: another ISA than the host's, or a CPU model of make/cpus that qemu emulates. */
    public boolean emulated(String label, String arch) {
        if (!arch.equals(host)) {
            return true;
        }
        String model = label.contains("@") ? label.substring(label.indexOf('@') + 1) : null;
        return model != null && cpus.stream().anyMatch(c -> c.isa().equals(arch) && c.name().equals(model) && c.how().startsWith("qemu"));
    }

    /** The matrix's run (--collate: only the table again from the last runs' results); the table's exit status. */
    public int run(List<Entry> entries, boolean collate) throws IOException, InterruptedException {
        boolean verbose = get("MATRIX_VERBOSE").equals("1");
        int lanes = verbose ? 1 : Lanes.count("MATRIX_LANES", get("MATRIX_LANES"), cores());
        Path top = Files.createDirectories(build().resolve("matrix"));
        Path results = top.resolve("results.tsv");
        Path times = top.resolve("times.tsv");
        keep(entries, collate, results, times);
        Path plan = top.resolve("shard-plan.txt");
        Map<String, List<String>> shard = (get("SHARD") + get("BUNDLE")).isEmpty() || collate ? null : shard(entries, plan);
        List<String> labels = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        for (Entry e : entries) {
            if (shard != null && !shard.containsKey(e.label())) {
                continue;   // another shard's cell
            }
            labels.add(e.label());
            Path dir = Files.createDirectories(top.resolve(e.label()));
            if (collate) {
                if (Files.exists(dir.resolve("run.time"))) {
                    append(times, Files.readString(dir.resolve("run.time")));
                }
                append(results, rows(e.label(), dir, null, "(run)"));
            } else {
                Cell c = prepare(e, dir, shard == null ? get("TEST") : String.join(" ", shard.get(e.label())));
                if (c != null) {
                    cells.add(c);
                }
            }
        }
        if (!collate) {
            cells(cells, top, lanes, verbose);
        }
        // The table: one row per test, one column per JDK, the reasons as numbered notes under it, and the totals line.
        Runs.Table t = Runs.table(Files.readAllLines(results), Files.readAllLines(times), labels);
        System.out.println();
        t.lines().forEach(System.out::println);
        System.out.println(Outcome.totals(t.counts()));
        if (shard != null && !get("BUNDLE").isEmpty()) {
            Path bundle = Path.of(get("BUNDLE"));
            try {
                Bundles.writeAndSay(bundle, build(), "matrix", plan, labels.stream().map(l -> "matrix/" + l).toList());
            } catch (IOException x) {
                System.err.println("error: cannot write the bundle " + bundle + ": " + x.getMessage());
                return 2;
            }
        }
        return Outcome.exitStatus(t.counts());
    }

    /**
     * RESULTS and TIMES emptied, or with MATRIX_KEEP=1 only this run's JDKs' rows taken out: make check runs the whole pack
     * on the newest JDKs, then :headline on the others, and make report shows them all; the table is of this run's JDKs.
     */
    void keep(List<Entry> entries, boolean collate, Path results, Path times) throws IOException {
        Set<String> ours = new HashSet<>();
        entries.forEach(e -> ours.add(e.label()));
        for (Path f : List.of(results, times)) {
            List<String> kept = new ArrayList<>();
            if (get("MATRIX_KEEP").equals("1") && !collate && Files.exists(f)) {
                Files.readAllLines(f).stream().filter(l -> !ours.contains(l.split("\t", -1)[0])).forEach(kept::add);
            }
            Files.write(f, kept);
        }
    }

    /**
     * make matrix SHARD=k/N (BUNDLE= alone plans one shard): this machine's cells, each with its test files, planned over
     * whole cells when there are at least N, else over (cell, test file) pairs (Shards.matrix, the plan in PLAN).
     */
    Map<String, List<String>> shard(List<Entry> entries, Path plan) throws IOException, InterruptedException {
        Map<String, Boolean> cells = new LinkedHashMap<>();
        for (Entry e : entries) {
            cells.put(e.label(), emulated(e.label(), e.path() != null ? lib("jdk_arch", e.path().toString()) : e.label().replaceFirst("-.*", "")));
        }
        Files.deleteIfExists(plan);
        return Shards.matrix(get("SHARD", "1/1"), build(), plan, cells, select(get("TEST")));
    }

    /**
     * The cells' runs: the native ones, then the emulated ones, each kind in LANES lanes, CONC shared by as many as run
     * side by side (a run's fixed part, jtreg, the probe, the summary, is one thread: docs/matrix.md); then each cell's
     * time and rows into times.tsv and results.tsv in MATRIX's order, a cell whose run did not finish a failed row.
     */
    void cells(List<Cell> cells, Path top, int lanes, boolean verbose) throws IOException, InterruptedException {
        Thread interrupted = new Thread(() -> System.err.println(PROG + ": interrupted"));
        Runtime.getRuntime().addShutdownHook(interrupted);
        try {
            for (boolean emulated : List.of(false, true)) {
                List<Cell> kind = cells.stream().filter(c -> c.emulated() == emulated).toList();
                int conc = Lanes.conc(get("CONC"), cores(), Math.max(1, Math.min(kind.size(), lanes)));
                List<Callable<Void>> tasks = new ArrayList<>();
                kind.forEach(c -> tasks.add(() -> {
                    cell(c, top.resolve(c.label()), conc, verbose);
                    return null;
                }));
                Lanes.run(lanes, tasks, (i, x) -> null);
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(interrupted);
        }
        for (Cell c : cells) {
            Path dir = top.resolve(c.label());
            if (Files.exists(dir.resolve("cell.line"))) {
                append(top.resolve("times.tsv"), Files.readString(dir.resolve("run.time")));
                append(top.resolve("results.tsv"), Files.readString(dir.resolve("rows.tsv")));
            } else {
                append(top.resolve("results.tsv"), failed(c.label(), "(run)", "the cell's run did not finish (see " + dir.resolve("run.log") + ")"));
            }
        }
    }

    /** The JDK of an entry made ready (its home, shared under $BUILD/jdks; null when it cannot be: a failed "(prepare)" row). */
    Cell prepare(Entry e, Path dir, String test) throws IOException, InterruptedException {
        Path err = dir.resolve("prepare.err");
        Path results = dir.getParent().resolve("results.tsv");
        String home;
        String arch;
        if (e.path() != null) {
            if (!Files.isExecutable(e.path().resolve("bin/java"))) {
                System.out.println("matrix: " + e.label() + ": " + e.path() + " is not a JDK (no bin/java)");
                append(results, failed(e.label(), "(prepare)", e.path() + " is not a JDK"));
                return null;
            }
            arch = lib("jdk_arch", e.path().toString());
            home = !arch.equals(host) && !Files.exists(e.path().resolve("pack-facade"))
                    ? jdks(err, "facade", e.path().toString(), e.label()) : e.path().toRealPath().toString();
        } else {
            arch = e.label().replaceFirst("-.*", "");
            home = jdks(err, e.label());
        }
        // A one-line note of the preparation (a pinned build gone, the newest taken instead) is the user's to see.
        List<String> said = Files.exists(err) ? Files.readAllLines(err) : List.of();
        said.stream().filter(l -> l.startsWith("note: ")).forEach(l -> System.out.println("matrix: " + e.label() + ": " + l.substring(6)));
        if (home.isEmpty() || !Files.isExecutable(Path.of(home, "bin/java"))) {
            String why = said.isEmpty() ? "" : said.get(said.size() - 1).replaceFirst("^make/jdks.sh: ", "");
            why = "cannot prepare the JDK: " + (why.isEmpty() ? "unknown error" : why);
            System.out.println("matrix: " + e.label() + ": " + why);
            append(results, failed(e.label(), "(prepare)", why));
            return null;
        }
        return new Cell(e.label(), home, arch, test, emulated(e.label(), arch));
    }

    /** make/jdks.sh ARGS with BUILD the main one, its stderr in ERR: what it printed (the JDK home), empty when it failed. */
    String jdks(Path err, String... args) throws IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of("bash", "make/jdks.sh"));
        c.addAll(List.of(args));
        Process p = process(Map.of("BUILD", build().toString()), c.toArray(String[]::new)).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes()).replaceFirst("\n+$", "");
        p.waitFor();
        return out;
    }

    /**
     * One cell's run, the pack (PackRunner, with the plugins of its ISA: make/lib.sh's pack_plugins builds one missing)
     * or the command given; its time in run.time, its rows in rows.tsv and its line in cell.line, all in DIR.
     */
    void cell(Cell c, Path dir, int conc, boolean verbose) throws IOException, InterruptedException {
        Path log = dir.resolve("run.log");
        Files.deleteIfExists(dir.resolve("rows.tsv"));
        Files.deleteIfExists(dir.resolve("cell.line"));
        String id = PackRunner.newId();   // the run's own results carry it: no earlier run's are read as its own
        String version = lib("jdk_version", c.home());
        String what = command.isEmpty() ? "pack_run " + dir + " " + id : String.join(" ", command);
        System.out.println("matrix: " + c.label() + " (" + c.arch() + ", " + version + ", " + c.home() + "): " + what);
        long start = System.nanoTime();
        Files.writeString(log, String.format("== %s %s: JDK=%s ARCH=%s TEST=%s%n== %s%n",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")), c.label(), c.home(), c.arch(), c.test(), what));
        Map<String, String> with = Map.of("JDK", c.home(), "ARCH", c.arch(), "MATRIX_LABEL", c.label(), "TEST", c.test(), "CONC", Integer.toString(conc));
        ProcessBuilder pb;
        if (command.isEmpty()) {
            Ran plugins = libRan("pack_plugins", c.arch());
            if (plugins.status() != 0) {
                append(log, plugins.err() + "\n");
                pb = new ProcessBuilder("sh", "-c", "exit 2");
            } else {
                pb = runner.builder(dir, id, with);
            }
        } else {
            Map<String, String> more = new java.util.HashMap<>(with);
            more.putAll(Map.of("PACK_RUN_ID", id, "BUILD", dir.toString(), "SHARD", "", "BUNDLE", ""));
            pb = process(more, command.toArray(String[]::new)).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        pb.redirectErrorStream(true).redirectOutput(verbose ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        if (verbose) {
            try (InputStream in = p.getInputStream(); OutputStream out = Files.newOutputStream(log, StandardOpenOption.APPEND)) {
                byte[] b = new byte[8192];
                for (int n; (n = in.read(b)) > 0;) {
                    out.write(b, 0, n);
                    System.out.write(b, 0, n);
                    System.out.flush();
                }
            }
        }
        int rc = p.waitFor();
        long secs = (System.nanoTime() - start) / 1_000_000_000L;
        Files.writeString(dir.resolve("run.time"), c.label() + "\t" + secs + "\t" + rc + "\t" + c.home() + "\t" + version + "\n");
        String rows;
        String counts;
        try {
            RunResults.Run run = RunResults.read(dir, id);
            rows = rows(c.label(), run);
            counts = Outcome.totals(run.counts());
            int explained = Outcome.exitStatus(run.counts());
            // The run's exit must be the one its results explain (a make command given instead exits 2 for any of them).
            if (rc != 0 && rc != explained && (rc != 2 || explained == 0)) {
                rows += failed(c.label(), "(run)", "exit " + rc + " although its results say " + explained + ": " + counts + " (see " + log + ")");
            }
        } catch (RunResults.BadResults x) {
            List<String> said = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
            rows = failed(c.label(), "(run)", "no results (exit " + rc + "; see " + log + "): " + x.getMessage() + "; " + (said.isEmpty() ? "" : said.get(said.size() - 1)));
            counts = "no results";
        }
        Files.writeString(dir.resolve("rows.tsv"), rows);
        String line = "matrix: " + c.label() + ": exit " + rc + " after " + secs + " s: " + counts + " (log " + log + ")";
        System.out.println(line);
        Files.writeString(dir.resolve("cell.line"), line + "\n");
    }

    /** A run's rows in DIR (ID's, or whatever run left them: --collate), else a failed pseudo-row PSEUDO naming why. */
    static String rows(String label, Path dir, String id, String pseudo) throws IOException {
        try {
            return rows(label, RunResults.read(dir, id));
        } catch (RunResults.BadResults x) {
            return failed(label, pseudo, x.getMessage());
        }
    }

    /** The results table's rows of a run: label, test, outcome, seconds, cause. */
    static String rows(String label, RunResults.Run run) {
        StringBuilder s = new StringBuilder();
        for (RunResults.Result r : run.results()) {
            s.append(label).append('\t').append(r.test()).append('\t').append(r.outcome().word()).append('\t')
                    .append(String.format(Locale.ROOT, "%.2f", r.seconds())).append('\t').append(r.cause().replaceAll("[\t\n\r]+", " ")).append('\n');
        }
        return s.toString();
    }

    static String failed(String label, String pseudo, String why) {
        return label + "\t" + pseudo + "\tfailed\t\t" + why + "\n";
    }

    /** TEST for jtreg, word by word, as make test's (run.Launch.selection): a group becomes ROOT:group. */
    List<String> select(String test) {
        return run.Launch.selection(pack, test.isBlank() ? "all" : test);
    }

    static void append(Path f, String text) throws IOException {
        Files.writeString(f, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
