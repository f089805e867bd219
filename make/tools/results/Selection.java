package results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The test files a jtreg selection names: files, directories, ROOT:group from TEST.groups, or one test of a file
 * by its id, {@code path/Test.java#id}, as jtreg and OpenJDK's make test take it.
 */
public final class Selection {
    private Selection() {
    }

    /** The test files a selection names: files, directories, root:group from TEST.groups; file#id names its file. */
    public static Set<Path> tests(List<String> selection) throws IOException {
        Set<Path> tests = new LinkedHashSet<>();
        for (Path p : named(selection)) {
            addTests(p, tests);
        }
        return tests;
    }

    /** True for a group as jtreg takes it, {@code ROOT:group} (the root a path: its slashes are not the group's). */
    public static boolean isGroup(String word) {
        int colon = word.lastIndexOf(':');
        return colon >= 0 && !isPath(word.substring(colon + 1));
    }

    /** True for a word of TEST that names a path (a file, a directory, a file's test by id), not a group. */
    public static boolean isPath(String word) {
        return word.contains("/") || file(word).endsWith(".java");
    }

    /** The file of a word: the word itself, or what comes before {@code #id}. */
    public static String file(String word) {
        int hash = word.indexOf('#');
        return hash < 0 ? word : word.substring(0, hash);
    }

    /** The id of a word {@code path/Test.java#id}, or null for a word that names no test by id. */
    public static String id(String word) {
        int hash = word.indexOf('#');
        return hash < 0 || isGroup(word) || !isPath(word) ? null : word.substring(hash + 1);
    }

    /**
     * The tests chosen by id, per file ({@code Test.java#a Test.java#b}: a and b of that file); a file selected whole,
     * by a directory or a group as well, is not in the map: all of its tests are chosen.
     */
    public static Map<Path, Set<String>> ids(List<String> selection) throws IOException {
        Map<Path, Set<String>> ids = new LinkedHashMap<>();
        for (String s : selection) {
            if (id(s) != null) {
                ids.computeIfAbsent(Path.of(file(s)).normalize().toAbsolutePath(), k -> new LinkedHashSet<>()).add(id(s));
            }
        }
        if (ids.isEmpty()) {
            return ids;   // no test chosen by id: the words need not be expanded again
        }
        Set<Path> whole = new LinkedHashSet<>();
        for (String s : selection) {
            if (id(s) == null) {
                for (Path p : tests(List.of(s))) {
                    whole.add(p.normalize().toAbsolutePath());
                }
            }
        }
        ids.keySet().removeAll(whole);
        return ids;
    }

    /** The files and directories a selection names, its groups expanded: nothing is read or walked (before a run). */
    public static Set<Path> named(List<String> selection) throws IOException {
        Set<Path> named = new LinkedHashSet<>();
        Map<String, List<String>> groups = groups(Path.of("TEST.groups"));
        for (String s : selection) {
            if (isGroup(s)) {
                namedInGroup(s.substring(s.lastIndexOf(':') + 1), groups, named, new LinkedHashSet<>());
            } else {
                named.add(Path.of(file(s)).normalize());
            }
        }
        return named;
    }

    static void namedInGroup(String group, Map<String, List<String>> groups, Set<Path> named, Set<String> seen) {
        if (!seen.add(group)) {
            return;
        }
        for (String item : groups.getOrDefault(group, List.of())) {
            if (item.startsWith(":")) {
                namedInGroup(item.substring(1), groups, named, seen);
            } else {
                named.add(Path.of(item).normalize());
            }
        }
    }

    static void addTests(Path p, Set<Path> tests) throws IOException {
        if (Files.isDirectory(p)) {
            try (Stream<Path> s = Files.walk(p)) {
                for (Path f : (Iterable<Path>) s.filter(x -> x.toString().endsWith(".java")).sorted()::iterator) {
                    addTests(f, tests);
                }
            }
        } else if (Files.isRegularFile(p) && Files.readString(p).contains("@test")) {
            tests.add(p.normalize());
        }
    }

    static Map<String, List<String>> groups(Path file) throws IOException {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return groups;
        }
        String text = Files.readString(file).replaceAll("\\\\\\s*\\n", " ");
        for (String line : text.split("\n")) {
            line = line.replaceAll("#.*", "").trim();
            int eq = line.indexOf('=');
            if (eq > 0) {
                groups.put(line.substring(0, eq).trim(), List.of(line.substring(eq + 1).trim().split("\\s+")));
            }
        }
        return groups;
    }
}
