package jdks;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Paths as make/jdks.sh treats them in $BUILD/jdks: canonical as readlink -m makes them, related as ln -sr relates
 * them (the relative links of Debian's roots and of the stable names), removed as rm -rf removes them.
 */
final class Trees {
    private Trees() {
    }

    /** Deletes a file, a symbolic link, or a directory and everything in it (never what a link points to), if there. */
    static void removeAll(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A path with every symbolic link resolved, and . and .. taken out; where a part is missing the rest is kept as written
     * (as readlink -m, and ln -r before it relates two paths).
     */
    static Path canonical(Path path) throws IOException {
        Deque<String> todo = new ArrayDeque<>();
        path.toAbsolutePath().forEach(p -> todo.add(p.toString()));
        Path done = Path.of("/");
        for (int links = 0; !todo.isEmpty(); ) {
            String part = todo.removeFirst();
            if (part.equals("..")) {
                done = done.getParent() == null ? done : done.getParent();
            } else if (!part.equals(".") && !part.isEmpty()) {
                Path next = done.resolve(part);
                if (!Files.isSymbolicLink(next)) {
                    done = next;
                    continue;
                }
                if (++links > 40) {
                    throw new IOException("too many levels of symbolic links: " + path);
                }
                Path target = Files.readSymbolicLink(next);
                List<String> parts = new ArrayList<>();
                target.forEach(t -> parts.add(t.toString()));
                for (int i = parts.size() - 1; i >= 0; i--) {
                    todo.addFirst(parts.get(i));
                }
                if (target.isAbsolute()) {
                    done = Path.of("/");
                }
            }
        }
        return done;
    }

    /** TARGET relative to the directory of LINK, both made canonical first, as ln -sr relates them. */
    static Path relative(Path link, Path target) throws IOException {
        Path relative = canonical(link.toAbsolutePath().getParent()).relativize(canonical(target));
        return relative.toString().isEmpty() ? Path.of(".") : relative;
    }
}
