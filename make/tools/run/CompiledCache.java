package run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import report.Bundles;

/**
 * What one work area compiled, for the next fresh one: the library (lib-classes), jtreg's test classes (classes) and
 * the probe's (extraPropDefns). Every JDK, configuration, control and matrix cell has a work area of its own, and a
 * fresh one used to compile all three again (about 10 s of a 19 s headline cell, docs/running.md); all are compiled
 * by the host's javac, so they are the same in every area.
 *
 * <p>One directory per key: the host JDK (its path and release file), jtreg (its jar's size and time) and the bytes of
 * every library source. A new area starts from the key's copy, times kept, so jtreg still recompiles a test whose
 * source is newer than its class (a test edited since); the library's classes get the time of the copy, so that no
 * source of the library a checkout touched since looks newer than its class to javac; after a run, what the area compiled is added to the copy,
 * file by file through a rename, so that shards running side by side never read half a class. Only speed depends
 * on it: a copy that fails is a note, never the run's failure.
 */
public final class CompiledCache {
    static final List<String> PARTS = List.of("lib-classes", "classes", "extraPropDefns");

    public final Path dir;

    public CompiledCache(Path root, Path hostJdk, Path jtregJar, List<Path> libDirs) throws IOException {
        this(root, key(hostJdk, jtregJar, libDirs));
    }

    /** The copy under a key already computed ({@link #key}). */
    public CompiledCache(Path root, String key) {
        this.dir = root.resolve(key);
    }

    /** A hex digest of what the compiled classes depend on. */
    public static String key(Path hostJdk, Path jtregJar, List<Path> libDirs) throws IOException {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(hostJdk.toRealPath().toString().getBytes(StandardCharsets.UTF_8));
            Path release = hostJdk.resolve("release");
            if (Files.exists(release)) {
                md.update(Files.readAllBytes(release));
            }
            md.update((jtregJar.toRealPath() + " " + Files.size(jtregJar) + " " + Files.getLastModifiedTime(jtregJar))
                    .getBytes(StandardCharsets.UTF_8));
            for (Path lib : libDirs) {
                try (Stream<Path> s = Files.walk(lib)) {
                    for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile).sorted()::iterator) {
                        md.update(p.toString().getBytes(StandardCharsets.UTF_8));
                        md.update(Files.readAllBytes(p));
                    }
                }
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Is PART held (lib-classes: complete, as it is only ever published whole)? */
    boolean has(String part) {
        return Files.isDirectory(dir.resolve(part));
    }

    /** PART's copy into the area's directory TO, times kept; false when there is none or it could not be copied. */
    public boolean seed(String part, Path to) {
        if (!has(part) || Files.exists(to)) {
            return false;
        }
        try {
            PackRun.copyTree(dir.resolve(part), to, false);
            if (part.equals("lib-classes")) {
                // newer than every library source, whatever a checkout did to their times: the key says they are the
                // sources' classes, and javac (-Xprefer:newer) then never compiles a library source again with a test
                java.nio.file.attribute.FileTime now = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis());
                try (Stream<Path> s = Files.walk(to)) {
                    for (Path p : (Iterable<Path>) s.filter(Files::isRegularFile)::iterator) {
                        Files.setLastModifiedTime(p, now);
                    }
                }
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            System.err.println("make: could not copy the compiled " + part + " from " + dir + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * The area's FROM added to PART's copy: each file newer than the copy's (or new) put in place by a rename; of the
     * files changed after SINCE only (a run's start: what its jtreg compiled; null: all), unless the copy has no PART
     * yet. A run that compiled nothing reads one time per file, which the walk has: the copy's times were read for
     * every file of the area, some 70 to 140 ms after each whole run.
     */
    public void publish(String part, Path from, FileTime since) {
        if (!Files.isDirectory(from)) {
            return;
        }
        Path to = dir.resolve(part);
        FileTime after = has(part) ? since : null;
        try (Stream<Path> s = Files.find(from, Integer.MAX_VALUE,
                (p, a) -> a.isRegularFile() && (after == null || a.lastModifiedTime().compareTo(after) > 0))) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.exists(target) && Files.getLastModifiedTime(p).compareTo(Files.getLastModifiedTime(target)) <= 0) {
                    continue;
                }
                Files.createDirectories(target.getParent());
                Path tmp = target.resolveSibling(target.getFileName() + ".tmp" + ProcessHandle.current().pid());
                Files.copy(p, tmp, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | UncheckedIOException e) {
            System.err.println("make: could not keep the compiled " + part + " in " + to + ": " + e.getMessage());
        }
    }

    /** The library compiled in COMPILED (complete) made the key's copy at once: a rename of a full copy. */
    public void publishWhole(String part, Path compiled) {
        if (has(part)) {
            return;
        }
        Path tmp = dir.resolve(part + ".tmp" + ProcessHandle.current().pid());
        try {
            Files.createDirectories(dir);
            PackRun.copyTree(compiled, tmp, false);
            Files.move(tmp, dir.resolve(part), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UncheckedIOException e) {   // another run published it first, or the disk refused
            try {
                Bundles.delete(tmp);
            } catch (IOException ignored) {
                // only speed depends on it
            }
        }
    }
}
