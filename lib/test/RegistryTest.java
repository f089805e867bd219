/*
 * @test
 * @summary A test is registered in its own header: its keys, TEST.groups and the docs coverage table agree with the tests
 * @run testng RegistryTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/*
 * The pack's tests say what they are in their jtreg header: the summary ends with the quark "(Quark #N)" (or, for
 * a claim taken from another source text, the seed "(seed NNN)"), the keys
 * names "headline" if it is on the card and its area, which is also its folder. Everything else is derived
 * from that and checked here (make selftest); each failure prints the text to paste.
 */
public class RegistryTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root", "."));

    /** One test file as its headers declare it. */
    record TestFile(String path, String area, Set<String> keys, String quark, int lines, String text) {
        @Override
        public String toString() {
            return path;
        }
    }

    static List<TestFile> tests() throws IOException {
        List<TestFile> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("test"))) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
                String text = Files.readString(p);
                Set<String> keys = new TreeSet<>();
                Matcher k = Pattern.compile("@key\\s+([\\w ]+)").matcher(text);
                while (k.find()) {
                    keys.addAll(List.of(k.group(1).trim().split("\\s+")));
                }
                Matcher q = Pattern.compile("@summary .*\\((?:Quark (#\\d+)|(seed \\d{3}))\\)").matcher(text);
                String rel = ROOT.relativize(p).toString();
                out.add(new TestFile(rel, p.getParent().getFileName().toString(), keys, q.find() ? (q.group(1) != null ? q.group(1) : q.group(2)) : "?",
                        (int) text.lines().count(), text));
            }
        }
        return out;
    }

    @DataProvider
    public static Object[][] files() throws IOException {
        return tests().stream().map(t -> new Object[] {t}).toArray(Object[][]::new);
    }

    @Test(dataProvider = "files")
    public void eachTestDeclaresItsQuarkAndKeysAndStaysShort(TestFile t) throws IOException {
        Matcher declared = Pattern.compile("(?m)^keys=(.*)$").matcher(Files.readString(ROOT.resolve("TEST.ROOT")));
        assertTrue(declared.find(), "TEST.ROOT has no keys= line");
        Set<String> known = Set.of(declared.group(1).trim().split("\\s+"));
        assertTrue(known.containsAll(t.keys()), t + ": @key " + t.keys() + " not all declared in TEST.ROOT keys=" + known);
        assertTrue(t.keys().contains(t.area()), t + ": @key must name its area '" + t.area() + "' (its folder)");
        assertTrue(!t.quark().equals("?"), t + ": @summary must end with (Quark #N), or (seed NNN) for a claim from another source text");
        assertTrue(t.lines() <= 120, t + " has " + t.lines() + " lines; plumbing belongs in lib/");
        assertTrue(!t.text().contains("Runtime.version()"), t + ": a JDK precondition is @requires pack.jdk, not Runtime.version()");
        assertTrue(Files.readString(ROOT.resolve("docs/" + t.area() + ".md")).contains(Path.of(t.path()).getFileName().toString().replace(".java", "")),
                t + " is not described on its area page docs/" + t.area() + ".md");
    }

    /**
     * No unit test builds a class of the library (@build anatomy....): the library reaches every test compiled once
     * (-cpa work/lib-classes), and a class an @build compiles again lands in the work area's classes, which
     * CompiledCache hands to every later area, where it stands before lib-classes: a driver that loads
     * anatomy.capture.ChildVm from there gives its child VMs a class path without the rest of the library (the pack
     * step of a fresh-machine drill: every test failed, ChildMain not found), and a child VM that loads anatomy.Jit
     * from there spins method handles for its string concatenations (ChildStartTest failed after the WhiteBox tests).
     * The WhiteBox binding's own tests (lib/test/whitebox) build jdk.test.whitebox, which they put on a boot class path.
     */
    @Test
    public void noUnitTestBuildsALibraryClass() throws IOException {
        List<String> bad = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT.resolve("lib/test"))) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
                boolean binding = p.startsWith(ROOT.resolve("lib/test/whitebox"));
                Matcher b = Pattern.compile("(?m)^\\s*\\*\\s*@build\\s+(.*)$").matcher(Files.readString(p));
                while (b.find()) {
                    for (String c : b.group(1).trim().split("\\s+")) {
                        if (c.startsWith("anatomy.") || c.startsWith("jtreg.") || c.startsWith("jdk.test.") && !binding) {
                            bad.add(ROOT.relativize(p) + ": @build " + c);
                        }
                    }
                }
            }
        }
        assertTrue(bad.isEmpty(), "a unit test builds a library class (drop it from @build: -cpa has the library): " + bad);
    }

    @Test
    public void groupsFollowTheKeys() throws IOException {
        Map<String, String> groups = new TreeMap<>();
        String text = Files.readString(ROOT.resolve("TEST.groups")).replaceAll("\\\\\\s*\\n", " ");
        for (String line : text.split("\n")) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                groups.put(line.substring(0, eq).trim(), String.join(" ", new TreeSet<>(List.of(line.substring(eq + 1).trim().split("\\s+")))));
            }
        }
        List<TestFile> tests = tests();
        StringBuilder expected = new StringBuilder();
        Set<String> areas = new TreeSet<>();
        tests.forEach(t -> areas.add(t.area()));
        areas.forEach(a -> expected.append(a).append(" = test/").append(a).append('\n'));
        expected.append("headline = ").append(String.join(" \\\n    ", new TreeSet<>(tests.stream()
                .filter(t -> t.keys().contains("headline")).map(TestFile::path).toList()))).append('\n');
        for (String a : areas) {
            assertEquals(groups.get(a), "test/" + a, "TEST.groups must hold:\n" + expected);
        }
        assertEquals(groups.get("headline"), String.join(" ", new TreeSet<>(tests.stream()
                .filter(t -> t.keys().contains("headline")).map(TestFile::path).toList())), "TEST.groups must hold:\n" + expected);
    }

    @Test
    public void coverageTableListsExactlyTheTests() throws IOException {
        Map<String, String> rows = new TreeMap<>();
        Matcher row = Pattern.compile("(?m)^\\| (#\\d+|seed \\d{3})[^|]*\\|[^|]*\\| \\[(test/[^\\]]+)\\]\\(([a-z]+)\\.md\\) \\|").matcher(
                Files.readString(ROOT.resolve("docs/README.md")));
        while (row.find()) {
            rows.put(row.group(2), row.group(1) + " " + row.group(3));
        }
        Map<String, String> tests = new TreeMap<>();
        tests().forEach(t -> tests.put(t.path(), t.quark() + " " + t.area()));
        StringBuilder fix = new StringBuilder();
        tests.forEach((path, v) -> fix.append("| ").append(v.substring(0, v.lastIndexOf(' '))).append(" ... | (claim) | [")
                .append(path).append("](").append(v.substring(v.lastIndexOf(' ') + 1)).append(".md) | (status) |\n"));
        assertEquals(rows, tests, "docs/README.md's coverage table (quark, test, area page) must list exactly the tests:\n" + fix);
    }
}
