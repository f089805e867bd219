package mutants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * The mutants' JDK: one copy of the JDK under test at a fixed path (so that jtreg's work area and its compiled
 * classes serve every mutant), made of hard links to the real JDK's files, symbolic links as they are, and one
 * file of its own, lib/server/libjvm.so, rewritten for each mutant. A launcher script that names its JDK's
 * directory (a loader facade of make/jdks.sh) is rewritten to name the copy. No file of the real JDK is ever
 * opened for writing: a hard link is removed before its path gets new content.
 */
public final class Copies {
    private Copies() {
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
                    Files.createSymbolicLink(to, Files.readSymbolicLink(p));
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

    /** A small launcher script (a facade's bin/ or lib/jspawnhelper) that names the JDK's own directory. */
    private static boolean isScriptNaming(Path p, Path home) throws IOException {
        if (Files.size(p) > 4096) {
            return false;
        }
        byte[] head = Files.readAllBytes(p);
        return head.length > 2 && head[0] == '#' && head[1] == '!' && new String(head).contains(home.toString() + "/");
    }

    /** Gives the copy a libjvm.so of its own with these bytes (the hard link to the real one is removed first). */
    public static void writeLibrary(Path copy, byte[] bytes) throws IOException {
        Path lib = copy.resolve("lib/server/libjvm.so");
        Path tmp = lib.resolveSibling("libjvm.so.tmp");
        Files.write(tmp, bytes);
        Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
