package report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import results.PackIdentity;
import results.Results;

/**
 * A shard's bundle: what one machine's make test or make matrix leaves for make report FROM= on another. A bundle
 * is a directory laid out as a BUILD directory is (the run directories with their results and the evidence the
 * report reads: the probe's report, run.properties, the .jtr files and the child output jtreg retained; not the
 * compiled classes), plus bundle.properties: the pack's commit, the shard's place in the plan (k/N and the plan's
 * hash), the mode, and each run's JDK (label, ISA, java -version). A BUNDLE= ending .tar.gz is that directory
 * packed by tar (gzip), and make report FROM= unpacks such a file under the report's bundles/N before merging.
 *
 * Merging reads each bundle's runs as make report reads a BUILD (ReportModel.runs), checks that every bundle is of
 * this checkout's commit and of one plan, and joins the runs of one label (a cell split over shards) into one
 * column whose evidence is copied under the report. A (run, test) cell two bundles both hold is refused; a shard
 * of the plan no bundle holds is named (the report is written, and says it is partial).
 *
 * Usage: Bundles write BUNDLE BUILD_DIR test|matrix PLAN_FILE [RUN_DIR...]
 *        (BUNDLE a directory or NAME.tar.gz; the commit is PackIdentity.commit(); RUN_DIR relative to BUILD_DIR: "." for make test, matrix/LABEL for make matrix; none for a shard with no work)
 */
public final class Bundles {
    static final String MANIFEST = "bundle.properties";
    static final int SCHEMA = 1;
    /** What a bundle leaves out of a jtreg work directory: compiled classes and jtreg's own caches. */
    static final Set<String> NOT_EVIDENCE = Set.of("classes", "scratch", "extraPropDefns", "jtData", "patches");

    /** A merge that cannot give a single machine's verdicts: one line that says why. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String why) {
            super(why);
        }
    }

    /** The merged runs, the line naming where they come from, and the shards of the plan no bundle held. */
    public record Merged(List<Results.Run> runs, String provenance, List<String> missing) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 5 || !args[0].equals("write") || !Set.of("test", "matrix").contains(args[3])) {
            System.err.println("usage: Bundles write BUNDLE BUILD_DIR test|matrix PLAN_FILE [RUN_DIR...]");
            System.exit(2);
        }
        Path bundle = Path.of(args[1]);
        try {
            writeAndSay(bundle, Path.of(args[2]), args[3], Path.of(args[4]), List.of(args).subList(5, args.length));
        } catch (IOException e) {
            System.err.println("error: cannot write the bundle " + bundle + ": " + e.getMessage());
            System.exit(2);
        }
    }

    /** The bundle of this checkout's commit (writeAs), then its one line: where, and its shard of which plan. */
    public static void writeAndSay(Path bundle, Path build, String kind, Path plan, List<String> runDirs) throws IOException {
        writeAs(bundle, build, kind, plan, PackIdentity.commit(), runDirs);
        Properties planned = Results.props(plan);
        System.out.println("bundle: " + bundle + " (shard " + planned.getProperty("shard", "1/1") + " of plan " + planned.getProperty("plan.hash", "") + ")");
    }

    /** The bundle written as BUNDLE says: a directory, or (a name ending .tar.gz) packed from one under BUILD/bundle.tmp. */
    public static void writeAs(Path bundle, Path build, String kind, Path plan, String commit, List<String> runDirs) throws IOException {
        if (!packed(bundle.toString())) {
            write(bundle, build, kind, plan, commit, runDirs);
            return;
        }
        Path dir = build.resolve("bundle.tmp");
        delete(dir);
        write(dir, build, kind, plan, commit, runDirs);
        Path parent = bundle.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        tar("cannot pack the bundle into " + bundle, "-C", dir.toString(), "-czf", bundle.toAbsolutePath().toString(), ".");
        delete(dir);
    }

    /**
     * FROM='s paths as the user gave them, as bundle directories: a directory as it is, a .tar.gz file unpacked
     * under UNDER/N (N its place in FROM, from 1; UNDER emptied first). Refused: anything else, a file tar cannot read.
     */
    public static List<Path> unpacked(List<String> from, Path under) throws IOException, Refused {
        delete(under);
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            Path b = Path.of(from.get(i));
            if (Files.isDirectory(b)) {
                dirs.add(b);
            } else if (packed(b.toString()) && Files.isRegularFile(b)) {
                Path dir = under.resolve(String.valueOf(i + 1));
                Files.createDirectories(dir);
                try {
                    tar("FROM=" + b + " cannot be unpacked", "-C", dir.toString(), "-xzf", b.toAbsolutePath().toString());
                } catch (IOException e) {
                    throw new Refused(e.getMessage());
                }
                dirs.add(dir);
            } else {
                throw new Refused("FROM=" + b + " is no bundle: a directory or .tar.gz that make test or make matrix BUNDLE= wrote");
            }
        }
        return dirs;
    }

    static boolean packed(String name) {
        return name.endsWith(".tar.gz");
    }

    /** Runs tar with these arguments; an IOException with WHY and tar's first line of complaint when it fails. */
    static void tar(String why, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("tar"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        try {
            if (p.waitFor() != 0) {
                throw new IOException(why + (said.isEmpty() ? "" : " (tar: " + said.lines().findFirst().orElse("") + ")"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(why + ": interrupted");
        }
    }

    /** Writes the bundle of the run directories (for make matrix also BUILD/matrix's own files: wall times, pseudo-rows). */
    public static void write(Path bundle, Path build, String kind, Path plan, String commit, List<String> runDirs) throws IOException {
        if (Files.exists(bundle) && !Files.exists(bundle.resolve(MANIFEST)) && !isEmptyDir(bundle)) {
            throw new IOException(bundle + " exists and is no bundle: BUNDLE= names a new path");
        }
        delete(bundle);
        Files.createDirectories(bundle);
        Properties planned = Results.props(plan);
        Properties m = new Properties();
        m.setProperty("bundle.schema", String.valueOf(SCHEMA));
        m.setProperty("pack.commit", commit);
        m.setProperty("kind", kind);
        m.setProperty("shard", planned.getProperty("shard", "1/1"));
        m.setProperty("plan.hash", planned.getProperty("plan.hash", ""));
        if (kind.equals("matrix")) {
            copyFiles(build.resolve("matrix"), bundle.resolve("matrix"));
        }
        List<String> names = new ArrayList<>();
        for (String rel : runDirs) {
            copyRun(build.resolve(rel), bundle.resolve(rel));
            Results.Run r = Results.load(kind.equals("test") ? null : Path.of(rel).getFileName().toString(), bundle.resolve(rel));
            names.add(r.label());
            m.setProperty("run." + r.label() + ".isa", r.isa());
            m.setProperty("run." + r.label() + ".jdk", String.join(" / ", r.javaVersion()));
        }
        m.setProperty("runs", String.join(" ", names));
        Files.copy(plan, bundle.resolve("plan.txt"), StandardCopyOption.REPLACE_EXISTING);
        store(m, bundle.resolve(MANIFEST));
    }

    /** A run directory: its own files (results, logs) and its jtreg area's evidence, the area as jtreg/last. */
    static void copyRun(Path run, Path to) throws IOException {
        copyFiles(run, to);
        Path area = run.resolve("jtreg/last");
        if (Files.exists(area)) {
            copyTree(area.toRealPath(), to.resolve("jtreg/last"));
        }
    }

    /** The regular files directly in DIR (not the timings a machine keeps for itself). */
    static void copyFiles(Path dir, Path to) throws IOException {
        Files.createDirectories(to);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("timings.tsv")).toList()) {
                Files.copy(f, to.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** A jtreg area without what is not evidence (NOT_EVIDENCE inside its work directories); files, not links. */
    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path rel = from.relativize(p);
                boolean skip = false;
                for (int i = 0; i + 1 < rel.getNameCount(); i++) {
                    skip |= rel.getName(i).toString().equals("work") && NOT_EVIDENCE.contains(rel.getName(i + 1).toString());
                }
                if (skip) {
                    continue;
                }
                Path target = to.resolve(rel.toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p) && !Files.exists(target)) {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }

    /**
     * The bundles' runs as one set of columns, evidence copied under OUT/runs. Refused: a directory without a
     * manifest, a bundle of another commit than this checkout's or of another plan than the first bundle's, a
     * cell two bundles both hold.
     */
    public static Merged merge(List<Path> bundles, String commit, Path out) throws IOException, Refused {
        Map<Path, Properties> manifests = new LinkedHashMap<>();
        for (Path b : bundles) {
            if (!Files.isRegularFile(b.resolve(MANIFEST))) {
                throw new Refused(b + " is not a bundle (no " + MANIFEST + "): give the BUNDLE= of make test or make matrix");
            }
            manifests.put(b, Results.props(b.resolve(MANIFEST)));
        }
        Path first = bundles.get(0);
        String plan = manifests.get(first).getProperty("plan.hash", "");
        String n = shardOf(manifests.get(first))[1];
        Map<String, Path> shards = new TreeMap<>();
        for (Path b : bundles) {
            Properties m = manifests.get(b);
            if (!m.getProperty("pack.commit", "").equals(commit)) {
                throw new Refused("bundle " + b + " is of pack commit " + m.getProperty("pack.commit", "(none)") + ", this checkout is "
                        + commit + ": merge bundles of the commit checked out here");
            }
            if (!m.getProperty("plan.hash", "").equals(plan) || !shardOf(m)[1].equals(n)) {
                throw new Refused("bundle " + b + " is of plan " + m.getProperty("plan.hash") + " (" + m.getProperty("shard") + "), bundle " + first
                        + " of plan " + plan + " (" + manifests.get(first).getProperty("shard") + "): the shards of one plan only");
            }
            Path other = shards.put(shardOf(m)[0], b);
            if (other != null) {
                throw new Refused("bundles " + other + " and " + b + " are both shard " + m.getProperty("shard") + " of plan " + plan
                        + ": its cells are duplicated");
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= Integer.parseInt(n); k++) {
            if (!shards.containsKey(String.valueOf(k))) {
                missing.add(k + "/" + n);
            }
        }
        // the runs of each label, in the bundles' order (a label times.tsv names but whose run directory this bundle
        // does not hold is another shard's)
        Map<String, Long> wall = new TreeMap<>();   // a cell split over shards took the sum of its parts' wall times
        List<Part> found = new ArrayList<>();
        for (Path b : bundles) {
            ReportModel.wallTimes.clear();
            for (Results.Run r : ReportModel.runs(b)) {
                if (!Files.isDirectory(r.dir())) {
                    continue;
                }
                found.add(new Part(b, r));
                String s = ReportModel.wallTimes.getOrDefault(r.label(), "");
                if (s.matches("[0-9]+")) {
                    wall.merge(r.label(), Long.parseLong(s), Long::sum);
                }
            }
        }
        ReportModel.wallTimes.clear();
        wall.forEach((label, s) -> ReportModel.wallTimes.put(label, String.valueOf(s)));
        List<Results.Run> runs = join(found, out);
        String provenance = "merged from " + bundles.size() + " bundle(s) of plan " + plan + " (shards " + String.join(", ", shards.keySet()) + " of " + n
                + (missing.isEmpty() ? "" : "; MISSING: " + String.join(", ", missing)) + ")";
        return new Merged(runs, provenance, missing);
    }

    /** One bundle's run: a whole column, or its part of a column split over shards. */
    public record Part(Path bundle, Results.Run run) {
    }

    /**
     * The parts of each label as one run: its cells joined, its evidence copied under OUT/runs/LABEL. Refused when
     * two parts hold the same cell (naming the first five).
     */
    public static List<Results.Run> join(List<Part> parts, Path out) throws IOException, Refused {
        Map<String, List<Part>> byLabel = new LinkedHashMap<>();
        parts.forEach(p -> byLabel.computeIfAbsent(p.run().label(), k -> new ArrayList<>()).add(p));
        List<String> duplicated = new ArrayList<>();
        List<Results.Run> runs = new ArrayList<>();
        for (Map.Entry<String, List<Part>> e : byLabel.entrySet()) {
            Map<String, Results.Cell> cells = new TreeMap<>();
            Map<String, Path> holder = new TreeMap<>();
            Path dir = out.resolve("runs").resolve(e.getKey());
            delete(dir);
            for (Part p : e.getValue()) {
                for (Map.Entry<String, Results.Cell> c : p.run().cells().entrySet()) {
                    Path had = holder.put(c.getKey(), p.bundle());
                    if (had != null) {
                        duplicated.add(e.getKey() + " " + c.getKey() + " (" + had + ", " + p.bundle() + ")");
                    }
                    cells.put(c.getKey(), c.getValue());
                }
                if (Files.isDirectory(p.run().area())) {
                    copyTree(p.run().area(), dir.resolve("area"));
                }
            }
            Results.Run one = e.getValue().get(0).run();
            runs.add(new Results.Run(e.getKey(), dir, dir.resolve("area"), one.probe(), one.run(), new LinkedHashMap<>(cells)));
        }
        if (!duplicated.isEmpty()) {
            throw new Refused(duplicated.size() + " cell(s) in more than one bundle: " + String.join("; ", duplicated.subList(0, Math.min(5, duplicated.size())))
                    + (duplicated.size() > 5 ? "; ..." : ""));
        }
        return runs;
    }

    static String[] shardOf(Properties m) {
        return m.getProperty("shard", "1/1").split("/", 2);
    }

    /** Properties in a steady order, without the date line Properties.store writes. */
    static void store(Properties p, Path file) throws IOException {
        StringBuilder b = new StringBuilder("# a shard's bundle (make/tools/report/Bundles.java)\n");
        new TreeMap<>(p).forEach((k, v) -> b.append(k).append('=').append(String.valueOf(v).replace("\\", "\\\\").replace("\n", "\\n")).append('\n'));
        Files.writeString(file, b);
    }

    static boolean isEmptyDir(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }

    public static void delete(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
