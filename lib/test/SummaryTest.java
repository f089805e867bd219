/*
 * @test
 * @summary The run summary (make/tools/run/Summary.java) reads a variant's run line, so a sibling that sets the flag a default left off covers the claim
 * @library /lib /make/tools
 * @build run.Summary
 * @run testng SummaryTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.probe.Finding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.testng.annotations.Test;
import run.Summary;

/*
 * The blocks are read from the pack's own CountedLoopHasSafepointPoll, as Summary reads them in a run; the probe's
 * report is that of a one-CPU host on JDK 17 (Serial selected, UseCountedLoopSafepoints off by default).
 */
public class SummaryTest {
    private static final String FILE = "test/codegen/CountedLoopHasSafepointPoll.java";

    @Test
    public void theAnyGcVariantCoversTheDefaultOnAOneCpuHost() throws Exception {
        Path root = Path.of(System.getProperty("test.root", "."));
        Map<String, String> blocks = Summary.requirements(root.resolve(FILE), FILE);
        String mine = blocks.get(FILE + "#default");
        String anyGc = blocks.get(FILE + "#any-gc");
        assertEquals(Summary.runWords(anyGc), List.of("driver", "CountedLoopHasSafepointPoll", "-XX:+UseCountedLoopSafepoints"));
        Properties p = new Properties();
        for (String[] row : new String[][] {{"pack.jdk", "17", "platform", ""}, {"pack.isa", "x86_64", "platform", ""},
                {"pack.c2", "true", "platform", ""}, {"pack.whitebox", "true", "platform", ""},
                {"pack.gc", "serial", "default", "-XX:+UseSerialGC"},
                {"pack.countedLoopSafepoints", "false", "default", "-XX:-UseCountedLoopSafepoints"}}) {
            p.setProperty(row[0], row[1]);
            p.setProperty(row[0] + ".cause", row[2]);
            p.setProperty(row[0] + ".flags", row[3]);
        }
        p.setProperty("probe.options", "");
        Finding.Outcome finding = Finding.ofRequires(Summary.requires(mine), p);
        assertEquals(finding.status(), "finding");
        Finding.Outcome o = Finding.coveredBy(finding, Summary.requires(mine), p, "any-gc", Summary.requires(anyGc), Summary.runWords(anyGc));
        assertEquals(o.status(), "skipped", o.reason());
        assertEquals(o.reason().endsWith("(pack.gc=serial) leaves it off; #any-gc asserts the claim with -XX:+UseCountedLoopSafepoints"),
                true, o.reason());
    }

    /** A test jtreg left no result for, though its @requires hold here, is inconclusive: never a skip that exits 0. */
    @Test
    public void aTestThatShouldHaveRunAndLeftNoResultIsInconclusive() throws Exception {
        Path test = testFile("Lost", "test", "requires pack.isa == \"x86_64\"", "run main Lost");
        Properties p = new Properties();
        p.setProperty("pack.isa", "x86_64");
        p.setProperty("pack.isa.cause", "platform");
        Map<String, Summary.Result> results = new java.util.LinkedHashMap<>();
        Summary.addUnrun(results, List.of(test.toString()), Map.of(), p);
        assertEquals(results.size(), 1);
        assertEquals(results.values().iterator().next().status(), "inconclusive", results.toString());
        p.setProperty("pack.isa", "aarch64");
        results.clear();
        Summary.addUnrun(results, List.of(test.toString()), Map.of(), p);
        assertEquals(results.values().iterator().next().status(), "skipped", results.toString());
    }

    /*
     * TEST=Test.java#id (jtreg's and OpenJDK's spelling of one test of a file) runs that test alone: the file's other
     * tests left no result because they were not chosen, so they get no verdict (a lost one would be inconclusive, a
     * failure of the run); the chosen one that left none is still inconclusive. A file chosen whole as well counts whole.
     */
    @Test
    public void aTestChosenByIdLeavesItsSiblingsOut() throws Exception {
        Path test = testFile("Two", "test id=a", "run main Two", "test id=b", "run main Two");
        Path dir = test.getParent();
        Properties p = new Properties();
        Map<String, Summary.Result> verdicts = new java.util.LinkedHashMap<>();
        Summary.addUnrun(verdicts, List.of(test + "#b"), Map.of(), p);
        assertEquals(verdicts.keySet().stream().map(k -> k.substring(k.indexOf('#'))).toList(), List.of("#b"), verdicts.toString());
        assertEquals(verdicts.values().iterator().next().status(), "inconclusive", verdicts.toString());
        verdicts.clear();
        Summary.addUnrun(verdicts, List.of(test + "#b", dir.toString()), Map.of(), p);
        assertEquals(verdicts.size(), 2, "the directory chose the whole file: " + verdicts);
        assertEquals(results.Selection.ids(List.of(test + "#a", test + "#b")).values().iterator().next(), java.util.Set.of("a", "b"));
        // a group as the run hands it to jtreg, ROOT:group: the root's slashes make no path of it (a group's tests were
        // once lost from the summary so: their skips went unreported)
        assertEquals(results.Selection.isGroup("/work/pack:headline"), true);
        assertEquals(results.Selection.isGroup("test/branches/UnpredictableBranchBecomesCmov.java#default"), false);
        assertEquals(results.Selection.id("/work/pack:headline"), null);
    }

    /*
     * Without the probe's report (jtreg could not get the JDK's properties: make stress saw it when two runs shared one work
     * area) a test jtreg did not run is inconclusive: before, its @requires counted as false and it was skipped, exit 0.
     */
    @Test
    public void withoutTheProbesReportAnUnrunTestIsInconclusive() throws Exception {
        Path test = testFile("Unknown", "test", "requires pack.c2 & pack.isa == \"x86_64\"", "run main Unknown");
        for (Properties p : List.of(new Properties(), props("pack.isa", "aarch64"))) {
            Map<String, Summary.Result> results = new java.util.LinkedHashMap<>();
            Summary.addUnrun(results, List.of(test.toString()), Map.of(), p);
            Summary.Result r = results.values().iterator().next();
            assertEquals(r.status(), "inconclusive", results.toString());
            assertEquals(r.reason().contains("pack.c2"), true, r.reason());
        }
    }

    private static Properties props(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }

    /**
     * A test file NAME.java of these jtreg tags, in a new directory: a comment per block, each block opening at a
     * "test" tag. The tags are written with their at-sign here, never in this file's own text, which Summary reads as
     * a test too.
     */
    static Path testFile(String name, String... tags) throws java.io.IOException {
        Path test = Files.createTempDirectory(Path.of("."), name.toLowerCase(java.util.Locale.ROOT)).resolve(name + ".java");
        StringBuilder text = new StringBuilder();
        for (String tag : tags) {
            if (tag.startsWith("test") && text.length() > 0) {
                text.append(" */\n");
            }
            text.append(tag.startsWith("test") ? "/*\n" : "").append(" * ").append('@').append(tag).append('\n');
        }
        return Files.writeString(test, text + " */\npublic class " + name + " {}\n");
    }
}
