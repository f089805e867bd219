package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the harness asks of a JDK home, read from its files (its release file, its bin/java's ELF header, a facade's
 * pack-facade stamp) and never from a VM but where the release file is silent: its feature release, ISA, version,
 * whether it runs under qemu-user, the work area it gets; and which home a run is about (JDK=, ARCH=, JAVA_HOME, the
 * java on PATH), checked with one line for each mistake. The harness's one reader of these: the shell asks nothing of
 * a JDK itself.
 */
public final class Homes {
    /** A JDK the user named that cannot be used: its one line. */
    public static final class Bad extends RuntimeException {
        public Bad(String why) {
            super(why);
        }
    }

    private Homes() {
    }

    private static String release(Path home, String key) {
        try {
            Matcher m = Pattern.compile("(?m)^" + key + "=\"(.*)\"$").matcher(Files.readString(home.resolve("release"), StandardCharsets.ISO_8859_1));
            return m.find() ? m.group(1) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /** The feature release (17, 21, 25, ...) from the release file; 0 when it has none. */
    public static int feature(Path home) {
        Matcher m = Pattern.compile("^([0-9]+)").matcher(release(home, "JAVA_VERSION"));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** A line of a facade's stamp (pack-facade: key=value), or "" when HOME is no facade or the stamp lacks it. */
    public static String stamp(Path home, String key) {
        try {
            return Files.readAllLines(home.resolve("pack-facade")).stream().filter(l -> l.startsWith(key + "="))
                    .map(l -> l.substring(key.length() + 1)).findFirst().orElse("");
        } catch (IOException e) {
            return "";
        }
    }

    /** Does HOME run its JDK under qemu-user (a qemu facade of make/jdks.sh, or one over it)? */
    public static boolean emulated(Path home) {
        return !stamp(home, "qemu").isEmpty();
    }

    /** The e_machine field of an ELF file (62 x86_64, 183 AArch64: make/platforms' elf column) in its own byte order; -1 if none. */
    public static int elfMachine(Path file) {
        byte[] b = new byte[20];
        try (InputStream in = Files.newInputStream(file)) {
            if (in.readNBytes(b, 0, 20) != 20 || b[0] != 0x7f || b[1] != 'E' || b[2] != 'L' || b[3] != 'F') {
                return -1;
            }
        } catch (IOException e) {
            return -1;
        }
        int lo = b[18] & 0xff, hi = b[19] & 0xff;
        return b[5] == 2 ? lo << 8 | hi : hi << 8 | lo;   // EI_DATA 2: big-endian (s390x)
    }

    /**
     * The JDK's ISA by the pack's name (make/platforms): what the release file's OS_ARCH says, else (a jlink'ed runtime
     * may have none) the ELF machine of its bin/java, or of the real launcher behind a facade's; "unknown" for neither.
     */
    public static String isa(Path home) {
        String arch = release(home, "OS_ARCH");
        if (arch.isEmpty()) {
            String real = stamp(home, "real.home");
            int machine = elfMachine((real.isEmpty() ? home : Path.of(real)).resolve("bin/java"));
            return Platforms.rows().values().stream().filter(r -> r.elf() == machine).map(Platforms.Row::isa).findFirst().orElse("unknown");
        }
        return isaOf(arch);
    }

    /** The pack's name of an ISA from any of its names (amd64: x86_64, ppc64el: ppc64le); the name itself when no row knows it. */
    public static String isaOf(String name) {
        return Platforms.byName(name).map(Platforms.Row::isa).orElse(name);
    }

    /** The ISA of this machine: the one this VM runs on. */
    public static String hostIsa() {
        return isaOf(System.getProperty("os.arch"));
    }

    /** The exact version (28-ea+18-1-Debian, 17.0.2+8) from the release file, else from the VM itself; "unknown". */
    public static String version(Path home) {
        String v = release(home, "JAVA_RUNTIME_VERSION");
        if (!v.isEmpty()) {
            return v;
        }
        try {
            Process p = new ProcessBuilder(home.resolve("bin/java").toString(), "-version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            Matcher m = Pattern.compile("(?m)Runtime Environment.*\\(build (.*)\\)$").matcher(out);
            return m.find() ? m.group(1) : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /**
     * The name of a JDK's own jtreg work area: feature, ISA and a hash of its real path and release file, so that two
     * builds (or one rebuilt with another release file) never share compiled classes.
     */
    public static String key(Path home) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-1");
            sha.update((home.toRealPath() + "\n").getBytes(StandardCharsets.UTF_8));
            if (Files.isRegularFile(home.resolve("release"))) {
                sha.update(Files.readAllBytes(home.resolve("release")));
            }
            return "jdk" + feature(home) + "-" + isa(home) + "-" + HexFormat.of().formatHex(sha.digest()).substring(0, 10);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isHome(Path p) {
        return Files.isExecutable(p.resolve("bin/java")) && Files.isRegularFile(p.resolve("release"));
    }

    /**
     * PATH as a JDK's home for LABEL (JDK, BASE, NEW): one line for each way it is not. A path inside a JDK (its bin/java,
     * bin/ or lib/) names the home the user meant: as typed (build/jdks/x86_64-21/bin/java: build/jdks/x86_64-21), else
     * with its links resolved (/usr/bin/java: /usr/lib/jvm/java-17-openjdk-amd64); a JDK name of make/jdks.sh (NAMES says
     * which are) is not a path.
     */
    public static void check(String label, String path, java.util.function.Predicate<String> names, String build) {
        Path p = Path.of(path);
        if (!Files.exists(p) && !path.contains("/") && names.test(path)) {
            throw new Bad(label + "=" + path + " is a name of make/jdks.sh, not a path: " + label + "=" + build + "/jdks/" + path
                    + " (make/jdks.sh " + path + " fetches it)");
        }
        if (!Files.exists(p)) {
            throw new Bad(label + "=" + path + " does not exist");
        }
        if (!Files.isDirectory(p) || !Files.isExecutable(p.resolve("bin/java"))) {
            List<Path> starts = new ArrayList<>(List.of(p));
            try {
                starts.add(p.toRealPath());
            } catch (IOException e) {
                // as typed only
            }
            for (Path start : starts) {
                for (Path up = start.getParent(); up != null; up = up.getParent()) {
                    if (isHome(up)) {
                        throw new Bad(label + "=" + path + " is inside a JDK, not its home: " + label + "=" + up);
                    }
                }
            }
        }
        if (!Files.isDirectory(p)) {
            throw new Bad(label + "=" + path + " is not a directory");
        }
        if (!Files.isExecutable(p.resolve("bin/java"))) {
            throw new Bad(label + "=" + path + " is not a JDK: it has no bin/java");
        }
        if (!Files.isRegularFile(p.resolve("release"))) {
            throw new Bad(label + "=" + path + " is not a JDK: it has no release file");
        }
    }

    /**
     * The JDK home to test, resolved and checked: DIR if given, else JAVA_HOME, else the java on PATH (a JDK is installed
     * when there is none: INSTALL runs make/need.sh). Its real path; one line when it is no JDK 17 or newer.
     */
    public static Path resolve(String dir, String javaHome, Runnable install, java.util.function.Predicate<String> names, String build) {
        String jdk = dir;
        if (jdk == null || jdk.isEmpty()) {
            jdk = javaHome;
        }
        if (jdk == null || jdk.isEmpty()) {
            Optional<Path> java = onPath("java");
            if (onPath("javac").isEmpty()) {
                install.run();
                java = onPath("java");
            }
            if (java.isEmpty()) {
                throw new Bad("no JDK found: set JDK=/path/to/jdk or JAVA_HOME");
            }
            try {
                jdk = java.get().toRealPath().getParent().getParent().toString();
            } catch (IOException e) {
                throw new Bad("no JDK found: set JDK=/path/to/jdk or JAVA_HOME");
            }
        }
        check("JDK", jdk, names, build);
        Path home;
        try {
            home = Path.of(jdk).toRealPath();
        } catch (IOException e) {
            throw new Bad("JDK=" + jdk + " does not exist");
        }
        int f = feature(home);
        if (f < 17) {
            throw new Bad("JDK=" + home + " is JDK " + f + "; the pack needs JDK 17 or newer");
        }
        return home;
    }

    /** A command on PATH. */
    static Optional<Path> onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * A JDK 17+ that runs natively here, for jtreg and for compiling tests: PREFERRED (the JDK under test), else
     * JAVA_HOME, else the first of /usr/lib/jvm; never a facade (jtreg runs on a JDK that starts as it is).
     */
    public static Optional<Path> host(String preferred, String javaHome) {
        List<Path> candidates = new ArrayList<>();
        for (String c : new String[] {preferred, javaHome}) {
            if (c != null && !c.isEmpty()) {
                candidates.add(Path.of(c));
            }
        }
        try (var s = Files.list(Path.of("/usr/lib/jvm"))) {
            s.sorted().forEach(candidates::add);
        } catch (IOException e) {
            // none there
        }
        String host = hostIsa();
        return candidates.stream().filter(c -> Files.isExecutable(c.resolve("bin/java")) && Files.isExecutable(c.resolve("bin/javac"))
                && !Files.exists(c.resolve("pack-facade")) && isa(c).equals(host) && feature(c) >= 17).findFirst();
    }
}
