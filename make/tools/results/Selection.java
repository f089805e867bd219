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

/** The test files a jtreg selection names: files, directories, or ROOT:group from TEST.groups. */
public final class Selection {
    private Selection() {
    }

    /** The test files a selection names: files, directories, or root:group from TEST.groups. */
    public static Set<Path> tests(List<String> selection) throws IOException {
        Set<Path> tests = new LinkedHashSet<>();
        Map<String, List<String>> groups = groups(Path.of("TEST.groups"));
        for (String s : selection) {
            int colon = s.lastIndexOf(':');
            if (colon >= 0 && !s.endsWith(".java")) {
                expandGroup(s.substring(colon + 1), groups, tests, new LinkedHashSet<>());
            } else {
                addTests(Path.of(s), tests);
            }
        }
        return tests;
    }

    static void expandGroup(String group, Map<String, List<String>> groups, Set<Path> tests, Set<String> seen)
            throws IOException {
        if (!seen.add(group)) {
            return;
        }
        for (String item : groups.getOrDefault(group, List.of())) {
            if (item.startsWith(":")) {
                expandGroup(item.substring(1), groups, tests, seen);
            } else {
                addTests(Path.of(item), tests);
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
