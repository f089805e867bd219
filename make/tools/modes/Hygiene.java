package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdks.JdkTable;
import report.Bundles;
import results.RunResults;
import run.Runs;

/**
 * make hygiene: the pack's promises about its own behaviour, each one check and a line ("  ok      ..." or
 * "  FAILED  ..."), in this order, then the totals alone on the last line (Runs.tally); exit 1 when a check failed.
 * <ul>
 *   <li>bad input is one line and exit 2, and nothing is built first: each case is a make in an empty BUILD of its own;
 *   <li>the CI workflow passes actionlint;
 *   <li>the docs stand on their own (nothing points outside the repository);
 *   <li>Debian packages are installed in one place (make/need.sh), foreign-architecture ones never;
 *   <li>OpenJDK's spellings (TEST=jtreg:..., JTREG="...", JT_HOME) reach the run;
 *   <li>a VM without a JIT (Zero) skips every JIT test with that reason.
 * </ul>
 * The two runs are read back through the run model by their own ids. The Makefile starts it through make/lib.sh's
 * pack_mode with an argument, `Hygiene checks`, so that pack_mode builds nothing first: make check runs it as its first
 * step, before anything is built.
 */
public final class Hygiene extends Mode {
    /** actionlint's module, and the Go it needs at least (an older go fetches this toolchain first). */
    static final String ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12";
    static final Pattern NEW_ENOUGH_GO = Pattern.compile(" go1\\.(2[5-9]|[3-9][0-9])");
    static final String TOOLCHAIN = "golang.org/toolchain@v0.0.1-go1.25.4.linux-";

    /** The greps: docs that point outside the repository; apt installs outside make/need.sh; foreign-architecture installs. */
    static final Pattern OUTSIDE = Pattern.compile("\\.\\./(shared|\\.library)|(^|[^A-Za-z0-9_./-])/work/|quarks-[0-9]+-[0-9]+\\.md|seeds/");
    static final Pattern INSTALL = Pattern.compile("apt-get (-[a-zA-Z -]+)?install|apt install");
    static final Pattern FOREIGN = Pattern.compile("(need\\.sh|need_pkg|need)( [^#]*)? [a-z0-9.+-]+:(arm64|amd64)");
    static final String SELF = "make/tools/modes/Hygiene.java";

    /** A bad-input case: its name, make's target and the arguments after BUILD=. */
    public record Case(String name, String target, List<String> args) {
        Case(String name, String target, String... args) {
            this(name, target, List.of(args));
        }
    }

    /** The cases, in their order; TMP holds their fixtures (fixtures), NEWEST is the first JDK of the list newest. */
    public static List<Case> cases(Path tmp, String newest) {
        return List.of(
                new Case("missing JDK", "test", "JDK=/nonexistent"),
                new Case("not a JDK", "test", "JDK=" + tmp.resolve("notjdk")),
                new Case("the launcher", "test", "JDK=/usr/lib/jvm/java-17-openjdk-amd64/bin/java"),
                new Case("a JDK name", "test", "JDK=" + newest),
                new Case("JDK 11", "test", "JDK=" + tmp.resolve("old-jdk")),
                new Case("unknown group", "test", "TEST=no-such-group"),
                new Case("missing file", "test", "TEST=test/NoSuchTest.java"),
                new Case("unknown test id", "test", "TEST=test/gc/CollectorDesignShowsInItsLog.java#no-such-id"),
                new Case("CONC", "test", "CONC=zero"),
                new Case("VM option", "test", "VM_OPTIONS=-XX:+NoSuchFlagAnywhere"),
                new Case("ARCH", "test", "ARCH=sparc"),
                new Case("MATRIX name", "matrix", "MATRIX=x86_64-17 x86_64-nosuchjdk"),
                new Case("MATRIX path", "matrix", "MATRIX=mine=" + tmp.resolve("notjdk")),
                new Case("JDK table row", "matrix", "JDK_TABLE=" + tmp.resolve("jdk-table")),
                new Case("CPU model", "matrix", "MATRIX=x86_64-25@a64fx"),
                new Case("CPU table row", "matrix", "MATRIX=fleet", "CPUS_FILE=" + tmp.resolve("cpus")),
                new Case("mutants JDK path", "mutants", "JDK=" + tmp.resolve("notjdk")),
                new Case("mutants SET", "mutants", "SET=" + tmp.resolve("no-such-set.txt")),
                new Case("mutants SET line", "mutants", "SET=" + tmp.resolve("seven-columns.txt")),
                new Case("mutants JDK name", "mutants", "JDK=x86_64-25-temurin"),
                new Case("mutants DRY", "mutants", "DRY=yes"),
                new Case("mutants FRAMES", "mutants", "FRAMES=" + tmp.resolve("no-such-frames.txt"), "SEED=1"),
                new Case("FRAMES line", "mutants", "FRAMES=" + tmp.resolve("two-columns.txt"), "SEED=1"),
                new Case("FRAMES, no SEED", "mutants", "FRAMES=make/mutants/frames.txt"),
                new Case("SHARD k > N", "test", "SHARD=4/3"),
                new Case("SHARD word", "matrix", "SHARD=x"),
                new Case("report FROM", "report", "FROM=" + tmp.resolve("no-such-bundle")),
                new Case("JTREG key", "test", "JTREG=JOBS=2;KEYWORDS=headline"),
                new Case("TIMEOUT_FACTOR", "test", "TIMEOUT_FACTOR=slow"));
    }

    /**
     * The cases' fixtures in TMP: a directory that is no JDK, a JDK 11 (a release file and a java that does nothing), the
     * JDK table with a row of an ISA the pack does not know, the CPU models with a level no CPU has, a mutants set line of
     * seven columns and a frames line of two.
     */
    void fixtures(Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("notjdk/bin"));
        Path java = Files.createDirectories(tmp.resolve("old-jdk/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nexit 0\n");
        addPermissions(java, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
        Files.writeString(tmp.resolve("old-jdk/release"), "JAVA_VERSION=\"11.0.2\"\nOS_ARCH=\"x86_64\"\n");
        withRow(tmp.resolve("jdk-table"), "make/jdk-table", "sparc-25 sparc 25 debian/unstable 25-1 default -");
        withRow(tmp.resolve("cpus"), "make/cpus", "avx9 x86_64 switches UseAVX=9 - fleet a level no CPU has");
        Files.writeString(tmp.resolve("seven-columns.txt"), "x | * | return | f() | void | test/escape | killed\n");
        Files.writeString(tmp.resolve("two-columns.txt"), "test/escape/AllocationIsScalarReplaced.java | * \n");
    }

    /** The checkout's TABLE with ROW after its rows, in FILE (cat TABLE; echo ROW). */
    private void withRow(Path file, String table, String row) throws IOException {
        Files.write(file, Files.readAllBytes(pack.resolve(table)));
        Files.writeString(file, row + "\n", java.nio.file.StandardOpenOption.APPEND);
    }

    /** A check's line, and whether it is ok. */
    public record Line(boolean ok, String text) {
    }

    /**
     * A case's verdict from make's exit STATUS, what it printed (OUT: stdout and stderr together) and whether the plugin
     * directory was made: ok with exit 2, exactly one non-empty line and nothing built.
     */
    public static Line judge(Case c, int status, String out, boolean built) {
        out = stripped(out);
        long lines = Stream.of(out.split("\n")).filter(l -> !l.isEmpty()).count();
        if (status == 2 && lines == 1 && !built) {
            return new Line(true, "bad input (" + c.name() + "): " + out);
        }
        return new Line(false, "bad input (" + c.name() + "): exit " + status + ", " + lines + " lines, plugin built: " + (built ? "yes" : "no")
                + ": " + stripped(head(out, 3, "\n")));
    }

    /** make, or a stand-in for it (a unit test's). */
    private final List<String> make;
    /** Where a Go toolchain is when none is on PATH (/usr/local/go/bin/go, or a unit test's stand-in path). */
    private final Path localGo;
    private int passed;
    private int failed;

    public Hygiene(Map<String, String> env, Path pack, List<String> make, Path localGo) {
        super(env, pack);
        this.make = make;
        this.localGo = localGo;
        dropPackRunnerProvisions();
    }

    public static void main(String[] args) {
        exitWith(args, "checks", "Hygiene", (pack, make) -> new Hygiene(System.getenv(), pack, make, Path.of("/usr/local/go/bin/go"))::run);
    }

    public int run() throws IOException, InterruptedException {
        Path tmp = Files.createTempDirectory(Path.of(get("TMPDIR", "/tmp")), "pack-hygiene.");
        try {
            fixtures(tmp);
            badInput(tmp);
            actionlint(tmp);
            greps();
            if (!get("HYGIENE_OPENJDK", "yes").equals("no")) {
                openjdkSpellings(tmp);
            }
            if (Set.of("amd64", "x86_64").contains(System.getProperty("os.arch")) && !get("HYGIENE_ZERO", "yes").equals("no")) {
                zero(tmp);
            }
        } finally {
            try {
                Bundles.delete(tmp);
            } catch (IOException e) {
                // as rm -rf at the end: what cannot be removed stays
            }
        }
        EnumMap<Outcome, Integer> n = Runs.tally(List.of("passed=" + passed, "failed=" + failed));
        System.out.println(Outcome.totals(n));
        return Outcome.exitStatus(n);
    }

    private void print(Line l) {
        if (l.ok()) {
            passed++;
            System.out.println("  ok      " + l.text());
        } else {
            failed++;
            System.out.println("  FAILED  " + l.text());
        }
        System.out.flush();
    }

    /**
     * Each case, one after another, as `make --no-print-directory TARGET BUILD=TMP/build ARGS...` with the pack's tools
     * compiled once into the main BUILD (PACK_TOOLS_DIR, as a mode's runs share them: 7.1 s a case, 0.8 s shared), in a
     * BUILD emptied first.
     */
    void badInput(Path tmp) throws IOException, InterruptedException {
        String newest;
        try {
            newest = JdkTable.list(jdkRows(), "newest").stream().findFirst().orElse("");
        } catch (IllegalArgumentException e) {
            newest = "";   // a bad table: the case runs with JDK= empty, as before
        }
        Path build = tmp.resolve("build");
        Map<String, String> tools = Map.of("PACK_TOOLS_DIR", build().resolve("tools").toString());
        for (Case c : cases(tmp, newest)) {
            Bundles.delete(build);
            List<String> args = new ArrayList<>(List.of(c.target(), "BUILD=" + build));
            args.addAll(c.args());
            Ran r = together(tools, makeCommand(make, args));
            print(judge(c, r.status(), r.out(), Files.exists(build.resolve("hsdis"))));
        }
    }

    /**
     * The CI workflow (.github/workflows) passes actionlint, built into $BUILD/go from its Go module when missing (Go on
     * PATH or at /usr/local/go/bin/go, else Debian's golang-go; its module and build caches stay under $BUILD/go too).
     * actionlint 1.7.12 needs Go 1.25 or newer: an older go (Debian 12's golang-go is 1.19) first fetches a newer one, as
     * the module golang.org/toolchain of the Go module proxy (what Go's own toolchain switch downloads), into $BUILD/go/mod.
     */
    void actionlint(Path tmp) throws IOException, InterruptedException {
        Path lint = build().resolve("go/bin/actionlint");
        Path go = null;
        Path installLog = tmp.resolve("actionlint-install.log");
        if (!Files.isExecutable(lint)) {
            go = onPath("go");
            go = go != null ? go : localGo;
            if (!Files.isExecutable(go)) {
                System.out.flush();
                int need = process(Map.of(), "sh", "make/need.sh", "--why", "actionlint, the workflow's linter", "golang-go=go")
                        .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectInput(ProcessBuilder.Redirect.INHERIT).start().waitFor();
                go = need == 0 ? onPath("go") : go;
            }
            if (go != null && Files.isExecutable(go)) {
                Path gobuild = Files.createDirectories(build().resolve("go")).toRealPath();
                if (!NEW_ENOUGH_GO.matcher(stdout(Map.of(), go.toString(), "version")).find()) {
                    go = newerGo(go, gobuild, tmp);
                }
                process(Map.of("GOBIN", gobuild.resolve("bin").toString(), "GOPATH", gobuild.toString(), "GOMODCACHE", gobuild.resolve("mod").toString(),
                        "GOCACHE", gobuild.resolve("cache").toString(), "GOTOOLCHAIN", "local"), go.toString(), "install", ACTIONLINT)
                        .redirectErrorStream(true).redirectOutput(installLog.toFile()).redirectInput(ProcessBuilder.Redirect.INHERIT).start().waitFor();
            }
        }
        if (!Files.isExecutable(lint)) {
            String why = go != null && Files.isExecutable(go)
                    ? "go install failed: " + lastLine(Files.exists(installLog) ? Files.readString(installLog) : "")
                    : "no Go toolchain (go on PATH or " + localGo + ")";
            print(new Line(false, "actionlint: not in " + lint + " and cannot be built: " + why));
            return;
        }
        List<String> command = new ArrayList<>(List.of(lint.toString()));
        command.addAll(workflows());
        Ran r = together(Map.of(), command.toArray(String[]::new));
        if (r.status() == 0) {
            String version = stdout(Map.of(), lint.toString(), "-version").lines().findFirst().orElse("");
            print(new Line(true, "actionlint " + version + ": .github/workflows passes"));
        } else {
            print(new Line(false, "actionlint: " + head(r.out(), 3, " ")));
        }
    }

    /**
     * The Go toolchain module for this machine (dpkg's architecture) downloaded into GOBUILD/mod by GO, its files made
     * writable and its programs executable (the module's files come without their execute bits); GO when that fails.
     */
    Path newerGo(Path go, Path gobuild, Path tmp) throws IOException, InterruptedException {
        String arch = stdout(Map.of(), "dpkg", "--print-architecture");
        Process p = process(Map.of("GOPATH", gobuild.toString(), "GOMODCACHE", gobuild.resolve("mod").toString(), "GOFLAGS", "-modcacherw"),
                go.toString(), "mod", "download", "-json", TOOLCHAIN + arch).redirectError(tmp.resolve("go-toolchain.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        String json = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        Matcher m = Pattern.compile("(?m)^\\s*\"Dir\": \"(.*)\",*$").matcher(json);
        List<String> dirs = new ArrayList<>();
        while (m.find()) {
            dirs.add(m.group(1));
        }
        String newer = String.join("\n", dirs);
        if (!Files.isRegularFile(Path.of(newer + "/bin/go"))) {
            return go;
        }
        try {
            try (Stream<Path> all = Files.walk(Path.of(newer))) {
                for (Path f : all.filter(f -> !Files.isSymbolicLink(f)).toList()) {
                    addPermissions(f, PosixFilePermission.OWNER_WRITE);
                }
            }
            List<Path> programs = new ArrayList<>(children(Path.of(newer + "/bin")));
            for (Path tools : children(Path.of(newer + "/pkg/tool"))) {
                programs.addAll(children(tools));
            }
            for (Path f : programs) {
                addPermissions(f, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
            }
        } catch (IOException e) {
            return go;
        }
        return Path.of(newer + "/bin/go");
    }

    /** The workflows, .github/workflows/*.yml in their order (the pattern itself when there is none, as the shell's glob). */
    List<String> workflows() throws IOException {
        List<String> files = children(pack.resolve(".github/workflows")).stream().map(f -> f.getFileName().toString())
                .filter(f -> f.endsWith(".yml") && !f.startsWith(".")).sorted().map(f -> ".github/workflows/" + f).toList();
        return files.isEmpty() ? List.of(".github/workflows/*.yml") : files;
    }

    /** The three greps over the checkout, each a line: what they found, as grep -rn prints it (FILE:LINE:TEXT). */
    void greps() throws IOException {
        List<String> outside = grep(OUTSIDE, List.of(), "README.md", "docs");
        print(outside.isEmpty() ? new Line(true, "the docs point nowhere outside the repository")
                : new Line(false, "the docs point outside the repository: " + String.join("\n", outside)));
        List<String> installs = grep(INSTALL, List.of("make/need.sh", SELF), "make", ".ci", "Makefile");
        print(installs.isEmpty() ? new Line(true, "packages are installed only by make/need.sh")
                : new Line(false, "apt-get install outside make/need.sh: " + String.join("\n", installs)));
        List<String> foreign = grep(FOREIGN, List.of("make/need.sh"), "make");
        print(foreign.isEmpty() ? new Line(true, "no foreign-architecture package is installed into the system")
                : new Line(false, "a foreign-architecture install: " + String.join("\n", foreign)));
    }

    /**
     * The lines of the files under ROOTS (files or directories of the checkout; a missing one is no file) that PATTERN
     * finds, as `grep -rnE` prints them and in its order (each directory's own), but those of the files EXCEPT. As grep
     * -r, no symbolic link is followed and a binary file (one with a NUL byte) is not searched.
     */
    List<String> grep(Pattern pattern, List<String> except, String... roots) throws IOException {
        List<String> hits = new ArrayList<>();
        for (String root : roots) {
            if (!Files.exists(pack.resolve(root), LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(pack.resolve(root))) {
                files = walk.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList();
            }
            for (Path f : files) {
                String name = pack.relativize(f).toString();
                byte[] bytes = Files.readAllBytes(f);
                if (except.contains(name) || new String(bytes, StandardCharsets.ISO_8859_1).indexOf('\0') >= 0) {
                    continue;
                }
                String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
                for (int i = 0; i < lines.length - (lines[lines.length - 1].isEmpty() ? 1 : 0); i++) {
                    if (pattern.matcher(lines[i]).find()) {
                        hits.add(name + ":" + (i + 1) + ":" + lines[i]);
                    }
                }
            }
        }
        return hits;
    }

    /** OpenJDK's spellings reach the run: TEST=jtreg:..., JTREG="JOBS=...;VM_OPTIONS=...;TIMEOUT_FACTOR=...", JT_HOME. */
    void openjdkSpellings(Path tmp) throws IOException, InterruptedException {
        String id = PackRunner.newId();
        Path dir = tmp.resolve("openjdk");
        String jtHome = libRan("find_jtreg").out();
        Ran r = together(Map.of("PACK_RUN_ID", id), makeCommand(make, List.of("test", "BUILD=" + dir, "TEST=jtreg:test/memory/CompiledNewIsInlineTlabBump.java",
                "JTREG=JOBS=1;VM_OPTIONS=-XX:+UseSerialGC;TIMEOUT_FACTOR=2", "JT_HOME=" + jtHome)));
        String totals = totals(dir, id);
        if (r.out().contains("VM options: -XX:+UseSerialGC") && totals.equals("1 passed, 0 failed, 0 skipped")) {
            print(new Line(true, "OpenJDK's spellings (TEST=jtreg:..., JTREG=\"JOBS=1;VM_OPTIONS=-XX:+UseSerialGC;TIMEOUT_FACTOR=2\", JT_HOME): " + totals));
        } else {
            List<String> lines = List.of(r.out().split("\n", -1));
            print(new Line(false, "OpenJDK's spellings: " + (totals.isEmpty() ? "no totals" : totals) + ": "
                    + String.join(" ", lines.subList(Math.max(0, lines.size() - 3), lines.size())) + " "));
        }
    }

    /**
     * A VM without a JIT (Zero, from Debian's current JDK 17 unpacked under build/jdks) skips every JIT test with the true
     * reason, not "the JIT is off": every test of the run's own results skipped, each naming Zero.
     */
    void zero(Path tmp) throws IOException, InterruptedException {
        Ran jdk = ran(Map.of(), "bash", "make/jdks.sh", "x86_64-17-zero");
        if (jdk.status() != 0) {
            print(new Line(false, "Zero (no JIT): cannot prepare Debian's JDK 17 with Zero: " + lastLine(jdk.err())));
            return;
        }
        Path b = build();
        String id = PackRunner.newId();
        Path dir = tmp.resolve("zero");
        Path log = tmp.resolve("zero.log");
        process(Map.of("PACK_RUN_ID", id), makeCommand(make, List.of("test", "BUILD=" + dir, "JDK=" + jdk.out(), "VM_OPTIONS=-zero", "TEST=headline",
                "HSDIS_DIR_x86_64=" + b.resolve("hsdis/x86_64"), "HSDIS_DIR_aarch64=" + b.resolve("hsdis/aarch64"),
                "HSDIS_CS_x86_64=" + b.resolve("capstone/x86_64"), "HSDIS_CS_aarch64=" + b.resolve("capstone/aarch64"))))
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.INHERIT).start().waitFor();
        String totals = totals(dir, id);
        List<RunResults.Result> results;
        try {
            results = RunResults.read(dir, id).results();
        } catch (RunResults.BadResults | IOException e) {
            results = List.of();
        }
        List<String> wrong = notSkippedForZero(results);
        if (!results.isEmpty() && wrong.isEmpty()) {
            print(new Line(true, "Zero (no JIT): " + totals + ", each with the reason \"this VM has no JIT compiler (Zero ...)\""));
        } else {
            Path kept = build().resolve("hygiene-zero.log");
            print(new Line(false, "Zero (no JIT): " + (totals.isEmpty() ? "no totals" : totals) + "; "
                    + head(String.join("\n", wrong), 2, " ").replace('\t', ' ') + " (log kept in " + kept + ")"));
            try {
                Files.copy(log, kept, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                // the line says where it would be
            }
        }
    }

    /** The results that are not a skip naming Zero, a line each: test, outcome, seconds and cause, separated by tabs. */
    public static List<String> notSkippedForZero(List<RunResults.Result> results) {
        return results.stream().filter(r -> r.outcome() != Outcome.SKIPPED || !oneLine(r.cause()).contains("no JIT compiler (Zero"))
                .map(r -> r.test() + "\t" + r.outcome().word() + "\t" + String.format(Locale.ROOT, "%.2f", r.seconds()) + "\t" + oneLine(r.cause())).toList();
    }

    /** The totals of run ID in DIR by the run model, or its one line when they cannot be read. */
    static String totals(Path dir, String id) {
        try {
            return Outcome.totals(RunResults.read(dir, id).counts());
        } catch (RunResults.BadResults | IllegalArgumentException e) {
            return "error: " + e.getMessage();
        } catch (IOException e) {
            return "error: " + e;
        }
    }

    /** COMMAND's stdout and stderr together (as 2>&1 in $(...)), without trailing newlines, and its status; stdin the mode's. */
    Ran together(Map<String, String> more, String... command) throws IOException, InterruptedException {
        Process p = process(more, command).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Ran(p.waitFor(), stripped(out), "");
    }

    /** What COMMAND printed on stdout, whatever its status (its stderr the mode's); nothing when it cannot start. */
    String stdout(Map<String, String> more, String... command) throws InterruptedException {
        try {
            Process p = process(more, command).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            return stripped(out);
        } catch (IOException e) {
            return "";
        }
    }

    /** The executable NAME in a directory of the mode's PATH (command -v), or null. */
    Path onPath(String name) {
        for (String d : get("PATH").split(":", -1)) {
            Path f = pack.resolve(d.isEmpty() ? "." : d).resolve(name);
            if (Files.isRegularFile(f) && Files.isExecutable(f)) {
                return f;
            }
        }
        return null;
    }

    /** The first N lines of TEXT, SEP after each but the last line of TEXT (printf '%s' TEXT | head -n N | tr '\n' SEP). */
    static String head(String text, int n, String sep) {
        List<String> lines = List.of(text.split("\n", -1));
        return String.join(sep, lines.subList(0, Math.min(n, lines.size()))) + (lines.size() > n ? sep : "");
    }

    static String lastLine(String text) {
        List<String> lines = stripped(text).lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    static String stripped(String text) {
        return text.replaceFirst("\n+$", "");
    }

    static String oneLine(String cause) {
        return cause.replaceAll("[\t\n\r]+", " ");
    }

    static List<Path> children(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    static void addPermissions(Path f, PosixFilePermission... more) throws IOException {
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(f, LinkOption.NOFOLLOW_LINKS);
        p.addAll(List.of(more));
        Files.setPosixFilePermissions(f, p);
    }
}
