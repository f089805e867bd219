package mutants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The mutants' JDK: one copy of the JDK under test at a fixed path (so that jtreg's work area and its compiled
 * classes serve every mutant), made of hard links to the real JDK's files, symbolic links as they are, and one
 * file of its own, lib/server/libjvm.so, rewritten for each mutant. A launcher script that names its JDK's
 * directory (a loader facade of make/jdks.sh) is rewritten to name the copy. No file of the real JDK is ever
 * opened for writing: a hard link is removed before its path gets new content.
 *
 * A JDK of another ISA runs under qemu behind a facade of make/jdks.sh (bin/ scripts that start the real JDK's
 * tools under qemu-user; no lib/). Its mutants' copy is made of the real JDK the facade names (real.home), and the
 * tests run a facade over the copy, made by make/jdks.sh into the mutants' own work area (never the shared store)
 * with the base facade's C library and CPU: the same emulation as the baseline's, over the copy's libjvm.so.
 */
public final class Copies {
    private Copies() {
    }

    /** The mutants' JDK: the copy whose lib/server/libjvm.so each mutant rewrites, and the home the tests run. */
    public record Jdk(Path copy, Path home) {
    }

    /** A qemu facade of make/jdks.sh as its pack-facade file says it: the real JDK, its ISA, C library and CPU. */
    public record Facade(Path real, String isa, String sysroot, String cpu, String model) {
        /** The qemu facade home is, if it is one (a loader or switches facade, or a plain JDK: none). */
        public static Optional<Facade> of(Path home) throws IOException {
            Path stamp = home.resolve("pack-facade");
            return Files.isRegularFile(stamp) ? parse(Files.readAllLines(stamp)) : Optional.empty();
        }

        public static Optional<Facade> parse(List<String> lines) {
            Map<String, String> v = new HashMap<>();
            for (String l : lines) {
                int eq = l.indexOf('=');
                if (!l.startsWith("#") && eq > 0) {
                    v.put(l.substring(0, eq), l.substring(eq + 1));
                }
            }
            if (!v.containsKey("qemu") || !v.containsKey("real.home")) {
                return Optional.empty();
            }
            return Optional.of(new Facade(Path.of(v.get("real.home")), v.getOrDefault("isa", ""),
                    v.getOrDefault("qemu.sysroot", ""), v.getOrDefault("qemu.cpu", ""), v.getOrDefault("cpu.model", "")));
        }

        /**
         * make/jdks.sh's command that makes the facade over the copy, as work/jdks/<name>: BUILD=work keeps it (and
         * the script's lock and log) out of the shared store; the sysroot and CPU are this facade's.
         */
        public List<String> command(Path copy, String name) {
            return List.of("bash", "make/jdks.sh", "facade", copy.toString(), name, sysroot);
        }

        public Map<String, String> environment(Path work) {
            return Map.of("BUILD", work.toString(), "QEMU_CPU_" + isa, cpu);
        }
    }

    /**
     * The mutants' JDK for the JDK home given: a copy of it at work/jdk, run as it is; or, for a qemu facade, a copy
     * of the real JDK behind it at work/jdk, run through a facade over the copy (work/jdks/<name>).
     */
    static Jdk prepare(Path home, Optional<Facade> facade, Path work, String name) throws IOException, InterruptedException {
        Path copy = work.resolve("jdk");
        if (facade.isEmpty()) {
            make(home, copy);
            return new Jdk(copy, copy);
        }
        Facade f = facade.get();
        if (!f.model().isEmpty()) {
            throw new IOException(home + " is a facade for the CPU model " + f.model() + ": make mutants takes the name without @"
                    + f.model());
        }
        make(f.real(), copy);
        Files.createDirectories(work.resolve("jdks"));
        Path log = work.resolve("facade.log");
        ProcessBuilder pb = new ProcessBuilder(f.command(copy, name)).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(f.environment(work));
        Process p = pb.start();
        String out = p.waitFor() == 0 ? Files.readString(log).strip() : "";
        Path over = work.resolve("jdks").toRealPath().resolve(name);
        if (out.isEmpty() || !Path.of(out.lines().reduce((a, b) -> b).orElse("")).equals(over)) {
            throw new IOException("no qemu facade over the copy " + copy + " (" + String.join(" ", f.command(copy, name)) + "): see " + log);
        }
        return new Jdk(copy, over);
    }

    public static void make(Path home, Path copy) throws IOException {
        Path stamp = copy.resolve(".mutants-of");
        if (Files.exists(stamp) && Files.readString(stamp).equals(home.toString())) {
            return;
        }
        if (Files.exists(copy)) {
            try (Stream<Path> all = Files.walk(copy)) {
                for (Path p : all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path to = copy.resolve(home.relativize(p).toString());
                if (Files.isSymbolicLink(p)) {
                    Files.createSymbolicLink(to, linkTarget(home, p, Files.readSymbolicLink(p)));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(to);
                } else if (isScriptNaming(p, home)) {
                    Files.writeString(to, Files.readString(p).replace(home.toString() + "/", copy + "/"));
                    to.toFile().setExecutable(p.toFile().canExecute(), false);
                } else {
                    Files.createLink(to, p);
                }
            }
        }
        Files.writeString(stamp, home.toString());
    }

    /**
     * What the copy's link at the place of the JDK's link {@code link} points to: the same target, unless it is a
     * relative one that leaves the JDK's directory (Debian's conf/ and lib/jvm.cfg point into its etc/), which from
     * the copy would lead elsewhere: that one is made absolute, to where the JDK's own link leads.
     */
    public static Path linkTarget(Path home, Path link, Path target) {
        if (target.isAbsolute()) {
            return target;
        }
        Path resolved = link.getParent().resolve(target).normalize();
        return resolved.startsWith(home.normalize()) ? target : resolved;
    }

    /** A small launcher script (a facade's bin/ or lib/jspawnhelper) that names the JDK's own directory. */
    private static boolean isScriptNaming(Path p, Path home) throws IOException {
        if (Files.size(p) > 4096) {
            return false;
        }
        byte[] head = Files.readAllBytes(p);
        return head.length > 2 && head[0] == '#' && head[1] == '!' && new String(head).contains(home.toString() + "/");
    }

    /** Gives the copy a libjvm.so of its own with these bytes (the hard link to the real one is removed first). */
    static void writeLibrary(Jdk jdk, byte[] bytes) throws IOException {
        writeLibrary(jdk.copy(), bytes);
    }

    public static void writeLibrary(Path copy, byte[] bytes) throws IOException {
        Path lib = copy.resolve("lib/server/libjvm.so");
        Path tmp = lib.resolveSibling("libjvm.so.tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
