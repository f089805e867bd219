package anatomy.probe;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The probe's answer kept for the next probe of the same VM ({@code PACK_PROBE_CACHE}, a directory: make/jtreg.sh sets
 * it), so that a run that asks again starts no WhiteBox child (one VM fewer before the first test; seconds under
 * qemu-user). The key is everything the probe reads: the JDK (its real home, release file and every libjvm.so, by
 * size, time and inode), this VM's arguments (the user's options and jtreg's), the launcher's variables and the
 * pack's (the plugins and their files, the emulator and its CPU, the library path), the probe's own classes, and the
 * machine (its CPU as /proc/cpuinfo describes it, transparent huge pages, memory, cgroup limits, processors, kernel).
 * A probe run under sensitivity's shared controls is never kept, nor an emulated one that did not find both compilers,
 * WhiteBox and the plugin at work (under qemu a compile still queued at a bound is a passing state, not a fact).
 */
final class ProbeCache {
    private final Path dir;
    private final String key;

    private ProbeCache(Path dir, String key) {
        this.dir = dir;
        this.key = key;
    }

    /** The cache this probe may use, or null: none asked for, or an input it cannot key. */
    static ProbeCache here() {
        String dir = System.getenv("PACK_PROBE_CACHE");
        String report = System.getenv("PACK_PROBE_REPORT");
        String controls = System.getenv("PACK_CONTROLS");
        if (dir == null || dir.isBlank() || report == null || report.isBlank() || (controls != null && !controls.isBlank())) {
            return null;
        }
        try {
            return new ProbeCache(Path.of(dir), key());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String key() throws IOException {
        StringBuilder s = new StringBuilder();
        Path home = Path.of(System.getProperty("java.home")).toRealPath();
        s.append(home).append('\n');
        try (Stream<Path> files = Files.walk(home.resolve("lib"), 2)) {
            files.filter(p -> p.getFileName().toString().equals("libjvm.so")).sorted().forEach(p -> stat(s, p));
        }
        stat(s, home.resolve("release"));
        ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(a -> s.append(a).append('\n'));
        for (String v : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "PACK_HSDIS_PATH", "PACK_HSDIS_DECODE",
                "PACK_EMULATOR", "LD_LIBRARY_PATH")) {
            s.append(v).append('=').append(System.getenv().getOrDefault(v, "")).append('\n');
        }
        for (String d : System.getenv().getOrDefault("PACK_HSDIS_PATH", "").split(":")) {
            tree(s, d.isEmpty() ? null : Path.of(d));
        }
        if (System.getenv("PACK_HSDIS_DECODE") != null) {
            stat(s, Path.of(System.getenv("PACK_HSDIS_DECODE")));
        }
        try {
            tree(s, Path.of(Probe.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw new IOException("no code source of the probe's classes");
        }
        Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> !l.matches("(?i)(cpu mhz|bogomips).*")).forEach(l -> s.append(l).append('\n'));
        for (String f : List.of("/sys/kernel/mm/transparent_hugepage/enabled", "/sys/kernel/mm/transparent_hugepage/defrag")) {
            try {
                s.append(f).append(':').append(Files.readString(Path.of(f)));
            } catch (IOException e) {
                s.append(f).append(": none\n");
            }
        }
        s.append(anatomy.capture.Machine.ergonomics()).append(System.getProperty("os.version"));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void stat(StringBuilder s, Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            s.append(p).append(' ').append(a.size()).append(' ').append(a.lastModifiedTime().toMillis()).append(' ').append(a.fileKey()).append('\n');
        } catch (IOException e) {
            s.append(p).append(" none\n");
        }
    }

    private static void tree(StringBuilder s, Path root) throws IOException {
        if (root == null || !Files.isDirectory(root)) {
            s.append(root).append(" none\n");
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {   // relative: work areas with the same classes share answers
            files.filter(Files::isRegularFile).sorted().forEach(p -> {
                int at = s.length();
                stat(s, p);
                s.replace(at, at + p.toString().length(), root.relativize(p).toString());
            });
        }
    }

    /** The kept answer: its report copied where the run reads it, its properties; null when there is none. */
    Map<String, String> read() {
        Path props = dir.resolve(key + ".properties"), report = dir.resolve(key + ".report");
        try {
            if (!Files.isRegularFile(props) || !Files.isRegularFile(report)) {
                return null;
            }
            Properties p = new Properties();
            try (Reader r = new StringReader(Files.readString(props))) {
                p.load(r);
            }
            Files.writeString(Path.of(System.getenv("PACK_PROBE_REPORT")), Files.readString(report) + "probe.kept=" + key + "\n");
            Map<String, String> out = new LinkedHashMap<>();
            p.stringPropertyNames().stream().sorted().forEach(k -> out.put(k, p.getProperty(k)));
            return out;
        } catch (IOException e) {
            return null;
        }
    }

    /** Keeps this answer (PROPS, and the report the probe wrote) unless it is one an emulated run must not keep. */
    void keep(Map<String, String> props, boolean emulated) {
        if (emulated && !List.of("pack.c2", "pack.c1", "pack.whitebox", "pack.hsdis").stream().allMatch(k -> "true".equals(props.get(k)))) {
            return;
        }
        try {
            Files.createDirectories(dir);
            Properties p = new Properties();
            p.putAll(props);
            StringWriter w = new StringWriter();
            p.store(w, null);
            String tmp = "." + ProcessHandle.current().pid() + "." + key;
            Files.writeString(dir.resolve(tmp + ".report"), Files.readString(Path.of(System.getenv("PACK_PROBE_REPORT"))));
            Files.move(dir.resolve(tmp + ".report"), dir.resolve(key + ".report"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.writeString(dir.resolve(tmp + ".properties"), w.toString());
            Files.move(dir.resolve(tmp + ".properties"), dir.resolve(key + ".properties"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            System.err.println("probe: cannot keep its answer in " + dir + ": " + e.getMessage());
        }
    }
}
