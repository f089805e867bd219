package jdks;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Debian's packages for make/jdks.sh, downloaded and unpacked, never installed. Each key has a private apt state under
 * $BUILD/jdks/debian-&lt;key&gt;/apt: a Debian architecture (arm64, amd64: the system's own suites and sources), or
 * &lt;suite&gt;-&lt;architecture&gt; (unstable-arm64: that suite of Debian's archive, from a private sources list naming the
 * archive the system's apt sources use). It sees only that architecture's packages, reads the system's keys and writes
 * nothing outside $BUILD/jdks: no source or dpkg architecture is added to the system. The .debs go to debs/ beside it and
 * are unpacked with dpkg -x into a root, whose .unpacked file records each package unpacked there, one a line
 * ({@code format=2 package=<name>[=<version>]}), so that each is unpacked once.
 */
public final class Debian {
    /** The format of the .unpacked records: a record of another format is unpacked again. */
    static final int FORMAT = 2;
    /** The C/C++ runtime every JDK of a suite needs beside it (its libraries ask for no others in a headless VM). */
    static final List<String> SUITE_LIBS = List.of("libc6", "libgcc-s1", "libstdc++6", "zlib1g");
    /**
     * qemu-user of a Debian suite, for the ISAs whose qemu column names <suite>/<binary>: trixie's 10.0, built static-pie,
     * runs on the host as it is (bookworm's 7.2 lacks RISC-V's RVA23, POWER10 and z15's facilities).
     */
    static final Map<String, String> QEMU_USER_PIN = Map.of("trixie", "1:10.0.13+ds-0+deb13u1");

    /** A suite's JDK: its home, the root of the suite's C runtime, the package's version. */
    record SuiteJdk(Path home, Path root, String version) {
    }

    private final Provision p;

    Debian(Provision p) {
        this.p = p;
    }

    /**
     * Debian's JDK FEATURE for a Debian architecture from a suite, at a pin (or, MODE newest, its newest): the JDK unpacked
     * into a directory of its version, the suite's C runtime into root/, under $JDKS/debian-<suite>-<arch>.
     */
    SuiteJdk suiteJdk(String arch, String feature, String mode, String suite, String pin) throws IOException {
        String key = suite + "-" + arch;
        String v = pinnedVersion(key, "openjdk-" + feature + "-jre-headless", pin, mode.equals("newest"));
        Path root = unpack(key, SUITE_LIBS), dir = dir(key).resolve("openjdk-" + feature + "_" + dirVersion(v));
        unpackTo(dir, key, List.of("openjdk-" + feature + "-jre-headless=" + v, "openjdk-" + feature + "-jdk-headless=" + v));
        Path home = dir.resolve("usr/lib/jvm/java-" + feature + "-openjdk-" + arch);
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            throw Provision.die("openjdk-" + feature + "-jdk-headless " + v + " (" + arch + ") left no usr/lib/jvm/java-" + feature
                    + "-openjdk-" + arch + " in " + dir);
        }
        return new SuiteJdk(home, root, v);
    }

    /** qemu-user of a Debian suite for the host (QEMU_USER_PIN), unpacked into $JDKS/debian-<suite>-<host arch>: its usr/bin. */
    Path qemuUser(String suite) throws IOException {
        String key = suite + "-" + p.hostDeb;
        String v = pinnedVersion(key, "qemu-user", QEMU_USER_PIN.getOrDefault(suite, ""), false);
        Path dir = dir(key).resolve("qemu-user_" + dirVersion(v));
        unpackTo(dir, key, List.of("qemu-user=" + v));
        return dir.resolve("usr/bin");
    }

    /**
     * The C runtime a JDK of another ISA runs on when no suite gave one: the system suite's for AArch64 (the sysroot of
     * Debian's arm64 JDK 17), unstable's for the others. Its root.
     */
    Path defaultSysroot(String isa) throws IOException {
        String key = Provision.platform(isa).debian();
        return unpack(isa.equals("aarch64") ? key : JdkNames.DEBIAN_SUITE + "-" + key, SUITE_LIBS);
    }

    /**
     * The version of a package to use from a suite (key <suite>-<arch>): the pin while the suite has it, else (or when NEWEST)
     * the suite's newest by dpkg's rules, said in one line on stderr when a pin was asked for.
     */
    String pinnedVersion(String key, String pkg, String pin, boolean newest) throws IOException {
        String suite = suite(key), arch = arch(key);
        state(key);
        if (newest || !Files.exists(dir(key).resolve("apt/updated"))) {
            update(key);
        }
        List<String> have = madison(key, pkg);
        if (!newest && !pin.isEmpty() && !have.contains(pin)) {
            update(key);   // the lists may be older than the pin
            have = madison(key, pkg);
        }
        if (have.isEmpty()) {
            throw Provision.die("Debian's " + suite + " suite has no " + pkg + " for " + arch + " (see " + p.log + ")");
        }
        if (!newest && !pin.isEmpty() && have.contains(pin)) {
            return pin;
        }
        String best = null;
        for (String v : have) {
            if (best == null || Provision.ran(Provision.command(null, List.of("dpkg", "--compare-versions", v, "gt", best))).ok()) {
                best = v;
            }
        }
        if (!newest && !pin.isEmpty()) {
            Provision.note("note: " + pkg + " " + pin + " (" + arch + ", pinned in make/jdk-table) is gone from Debian's " + suite
                    + " suite; using the newest, " + best);
        } else if (!newest) {
            Provision.note("note: no pin for " + pkg + " (" + arch + ") in make/jdk-table; using Debian's newest, " + best);
        }
        return best;
    }

    /** The versions of a package apt-cache madison lists for a key. */
    private List<String> madison(String key, String pkg) {
        String out = Provision.ran(Provision.command(null, apt("apt-cache", key, List.of("madison", pkg))).redirectError(Redirect.DISCARD)).out();
        return out.lines().map(l -> l.split("\\|", -1)).filter(f -> f.length > 1).map(f -> f[1].replace(" ", ""))
                .filter(v -> !v.isEmpty()).toList();
    }

    /** Unpacks packages of a key into its own root, $JDKS/debian-<key>/root (a sysroot); that root. */
    Path unpack(String key, List<String> packages) throws IOException {
        Path root = dir(key).resolve("root");
        unpackTo(root, key, packages);
        return root;
    }

    /** Downloads a key's packages (name or name=version) and unpacks them into ROOT, each once (its .unpacked record). */
    void unpackTo(Path root, String key, List<String> packages) throws IOException {
        List<String> todo = missing(root, packages);
        if (todo.isEmpty()) {
            return;
        }
        state(key);
        Files.createDirectories(root);
        Path debs = dir(key).resolve("debs");
        List<String> download = new ArrayList<>(List.of("download"));
        download.addAll(todo);
        if (!Files.exists(dir(key).resolve("apt/updated")) || !p.logged(debs, apt("apt-get", key, download))) {
            update(key);
            p.step("apt-get download " + String.join(" ", todo) + " (" + key + ")", debs, apt("apt-get", key, download));
        }
        for (String pkg : todo) {
            Path deb = deb(debs, pkg, arch(key));
            if (deb == null) {
                throw Provision.die("apt-get download " + pkg + " (" + key + ") left no .deb in " + debs + " (see " + p.log + ")");
            }
            p.step("dpkg -x " + deb.getFileName(), null, List.of("dpkg", "-x", deb.toString(), root.toString()));
        }
        relativeLinks(root);
        // A merged-/usr C library (Debian from trixie on) ships only usr/lib: the top-level links base-files would make,
        // so that a binary's loader /lib/ld-linux-*.so.* is found in the root (qemu -L).
        for (String top : List.of("lib", "lib64", "bin", "sbin")) {
            Path link = root.resolve(top);
            if (Files.isDirectory(root.resolve("usr/" + top)) && !Files.exists(link) && !Files.isSymbolicLink(link)) {
                Files.createSymbolicLink(link, Path.of("usr/" + top));
            }
        }
        StringBuilder records = new StringBuilder();
        todo.forEach(pkg -> records.append("format=" + FORMAT + " package=" + pkg + "\n"));
        Files.writeString(root.resolve(".unpacked"), records, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The packages (name or name=version) not yet unpacked into ROOT in this format, in their order. */
    public static List<String> missing(Path root, List<String> packages) throws IOException {
        Path record = root.resolve(".unpacked");
        Set<String> done = new HashSet<>(Files.isRegularFile(record) ? read(record).lines().toList() : List.of());
        return packages.stream().filter(pkg -> !done.contains("format=" + FORMAT + " package=" + pkg)).toList();
    }

    /** The downloaded .deb of a package: name=version's own, or the newest of a name's; null when there is none. */
    private static Path deb(Path debs, String pkg, String arch) throws IOException {
        int eq = pkg.indexOf('=');
        if (eq >= 0) {
            String name = pkg.substring(0, eq), version = pkg.substring(eq + 1);
            Path deb = debs.resolve(name + "_" + version.replace(":", "%3a") + "_" + arch + ".deb");
            deb = Files.isRegularFile(deb) ? deb : debs.resolve(name + "_" + version + "_" + arch + ".deb");
            return Files.isRegularFile(deb) ? deb : null;
        }
        String prefix = pkg + "_", suffix = "_" + arch + ".deb";
        try (Stream<Path> s = Files.list(debs)) {
            return s.filter(d -> {
                String n = d.getFileName().toString();
                return n.startsWith(prefix) && n.endsWith(suffix) && n.length() >= prefix.length() + suffix.length() && Files.isRegularFile(d);
            }).max(Comparator.comparing(Debian::modified)).orElse(null);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /**
     * The absolute symbolic links of a root (lib/jvm.cfg -> /etc/java-17-openjdk/...) made relative links into the root, as
     * ln -sr makes them, so that they stay inside it instead of naming the host's files.
     */
    public static void relativeLinks(Path root) throws IOException {
        List<Path> absolute;
        try (Stream<Path> s = Files.walk(root)) {
            absolute = s.filter(Files::isSymbolicLink).filter(l -> target(l).startsWith("/")).toList();
        }
        for (Path l : absolute) {
            Path into = Path.of(root + target(l));
            Path relative = Trees.relative(l, into);
            Files.delete(l);
            Files.createSymbolicLink(l, relative);
        }
    }

    private static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "";
        }
    }

    /** The version of a package unpacked into a root (its .unpacked record, else its .deb beside the root), or "unknown". */
    public static String version(Path root, String pkg) throws IOException {
        Path record = root.resolve(".unpacked");
        Pattern p = Pattern.compile("format=[0-9]* package=" + Pattern.quote(pkg) + "=(.*)");
        String v = "";
        for (String line : Files.isRegularFile(record) ? read(record).lines().toList() : List.<String>of()) {
            Matcher m = p.matcher(line);
            v = m.matches() ? m.group(1) : v;
        }
        Path debs = root.toAbsolutePath().getParent().resolve("debs");
        if (v.isEmpty() && Files.isDirectory(debs)) {
            try (Stream<Path> s = Files.list(debs)) {
                String last = s.map(Path::toString).filter(d -> Path.of(d).getFileName().toString().startsWith(pkg + "_") && d.endsWith(".deb"))
                        .sorted().reduce((a, b) -> b).orElse("");
                int end = last.lastIndexOf('_'), start = end < 0 ? -1 : last.lastIndexOf('_', end - 1);
                v = start < 0 ? last : last.substring(start + 1, end);   // <name>_<version>_<arch>.deb
            }
        }
        return v.isEmpty() ? "unknown" : v;
    }

    /** A version as a directory's name has it: ':' and '~' made '_'. */
    static String dirVersion(String version) {
        return version.replaceAll("[:~]", "_");
    }

    /**
     * apt-get (or apt-cache: TOOL) with the private state of KEY, its lists, cache and status under $JDKS/debian-<key>/apt,
     * and that key's sources list when it has one.
     */
    List<String> apt(String tool, String key, List<String> args) {
        String d = dir(key).toString(), arch = arch(key);
        List<String> c = new ArrayList<>(List.of(tool, "-q", "-o", "Debug::NoLocking=1", "-o", "APT::Sandbox::User=root"));
        if (Files.isRegularFile(dir(key).resolve("apt/sources.list"))) {
            c.addAll(List.of("-o", "Dir::Etc::SourceList=" + d + "/apt/sources.list", "-o", "Dir::Etc::SourceParts=" + d + "/apt/sources.list.d"));
        }
        c.addAll(List.of("-o", "Dir::State::Lists=" + d + "/apt/lists", "-o", "Dir::Cache=" + d + "/apt/cache",
                "-o", "Dir::State::status=" + d + "/apt/status", "-o", "APT::Architecture=" + arch, "-o", "APT::Architectures::=" + arch));
        c.addAll(args);
        return c;
    }

    /** Creates the private apt state of a key; for a <suite>-<arch> key its private sources list. */
    void state(String key) throws IOException {
        if (Homes.onPath("apt-get").isEmpty() || Homes.onPath("dpkg").isEmpty()) {
            throw Provision.die("Debian's packages need apt-get and dpkg (this is not a Debian machine)");
        }
        Path d = dir(key);
        Files.createDirectories(d.resolve("apt/lists/partial"));
        Files.createDirectories(d.resolve("apt/cache/archives/partial"));
        Files.createDirectories(d.resolve("debs"));
        if (!Files.isRegularFile(d.resolve("apt/status"))) {
            Files.writeString(d.resolve("apt/status"), "");
        }
        if (key.contains("-") && !Files.isRegularFile(d.resolve("apt/sources.list"))) {
            Files.createDirectories(d.resolve("apt/sources.list.d"));
            Files.writeString(d.resolve("apt/sources.list"), "deb " + archive() + " " + suite(key) + " main\n");
        }
    }

    /** apt-get update of a key's private state; its apt/updated then says the lists are there. */
    void update(String key) throws IOException {
        Path d = dir(key);
        p.step("apt-get update (" + key + ", private state in " + d + "/apt)", null, apt("apt-get", key, List.of("update")));
        Path updated = d.resolve("apt/updated");
        if (!Files.exists(updated)) {
            Files.createFile(updated);
        }
        Files.setLastModifiedTime(updated, FileTime.fromMillis(System.currentTimeMillis()));
    }

    /**
     * Debian's archive as the system's own apt sources name it (its URI, never written into the pack), for the suites the
     * system does not use: apt's index targets, else the first Debian URI of the sources files.
     */
    String archive() throws IOException {
        String out = Provision.ran(Provision.command(null, List.of("apt-get", "indextargets", "--format", "$(REPO_URI) $(ORIGIN) $(LABEL)"))
                .redirectError(Redirect.DISCARD)).out();
        String uri = out.lines().map(l -> l.strip().split("\\s+")).filter(f -> f.length >= 3 && f[1].equals("Debian") && f[2].equals("Debian"))
                .map(f -> f[0]).findFirst().orElse("");
        if (uri.isEmpty()) {
            List<Path> files = new ArrayList<>(List.of(Path.of("/etc/apt/sources.list")));
            Path parts = Path.of("/etc/apt/sources.list.d");
            for (String ext : List.of(".list", ".sources")) {
                if (Files.isDirectory(parts)) {
                    try (Stream<Path> s = Files.list(parts)) {
                        files.addAll(s.filter(f -> f.getFileName().toString().endsWith(ext)).sorted().toList());
                    }
                }
            }
            Pattern debian = Pattern.compile("(https?|file):[^ ]*/debian/?( |$)");
            for (Path f : files) {
                for (String line : Files.isReadable(f) ? read(f).lines().toList() : List.<String>of()) {
                    Matcher m = debian.matcher(line);
                    if (uri.isEmpty() && m.find()) {
                        uri = m.group().strip();
                    }
                }
            }
        }
        if (uri.isEmpty()) {
            throw Provision.die("no Debian archive among the system's apt sources (needed for Debian's " + JdkNames.DEBIAN_SUITE + " suite)");
        }
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /** $JDKS/debian-<key>. */
    Path dir(String key) {
        return p.jdks.resolve("debian-" + key);
    }

    /** A key's Debian architecture: what follows its last '-' (arm64 of unstable-arm64), or all of it. */
    static String arch(String key) {
        return key.substring(key.lastIndexOf('-') + 1);
    }

    /** A <suite>-<arch> key's suite. */
    static String suite(String key) {
        return key.contains("-") ? key.substring(0, key.lastIndexOf('-')) : key;
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
