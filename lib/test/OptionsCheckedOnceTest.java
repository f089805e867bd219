/*
 * @test
 * @summary The user's options are checked by one VM per JDK, options and machine: make's check (make/jtreg.sh --check-only) answers one line, its answer is taken again only for the same JDK and options, and it is kept for the next run
 * @run testng OptionsCheckedOnceTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.testng.annotations.Test;

/*
 * make/jtreg.sh starts a VM with VM_OPTIONS and JAVA_OPTIONS before anything is built. Make runs that check at parse
 * time and hands its answer down in PACK_OPTIONS_CHECKED (make/lib.sh checked_answer), so the run that follows
 * starts no second VM for the same question. We check both ends: a bad option is one "error:" line and exit 2; a
 * good one is one "checked:" line, which the run reads back for the same options and refuses for others. A good answer
 * is also kept (make/lib.sh checked_keep, under PACK_CHECKED by lib.sh's options_key), so the next run with the same
 * JDK and options starts no VM for it at all; a bad one is never kept.
 */
public class OptionsCheckedOnceTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root", "."));
    private static final String JDK = System.getProperty("test.jdk");

    record Ran(int exit, List<String> out, List<String> err) {
    }

    private static Ran bash(Map<String, String> env, String... command) throws Exception {
        Path out = Files.createTempFile(Path.of("."), "options", ".stdout");
        Path err = Files.createTempFile(Path.of("."), "options", ".stderr");
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("PACK_OPTIONS_CHECKED");
        pb.environment().putAll(Map.of("JDK", JDK, "TEST", "selftest", "BUILD", Path.of("build-options").toAbsolutePath().toString()));
        pb.environment().putAll(env);
        int exit = pb.start().waitFor();
        return new Ran(exit, Files.readAllLines(out), Files.readAllLines(err));
    }

    private static Ran check(String vmOptions) throws Exception {
        return bash(Map.of("VM_OPTIONS", vmOptions), "bash", "make/jtreg.sh", "--check-only");
    }

    private static Ran answer(String checked, String vmOptions) throws Exception {
        return answer(checked, vmOptions, "build-options/checked");
    }

    private static Ran answer(String checked, String vmOptions, String kept) throws Exception {
        return bash(Map.of("VM_OPTIONS", vmOptions, "PACK_OPTIONS_CHECKED", checked, "PACK_CHECKED", Path.of(kept).toAbsolutePath().toString()),
                "bash", "-c", ". make/lib.sh; checked_answer \"$(cd \"$JDK\" && pwd -P)\"");
    }

    @Test
    public void aBadOptionIsOneLine() throws Exception {
        Ran r = check("-XX:+NoSuchFlag");
        assertEquals(r.exit(), 2, r.toString());
        assertEquals(r.err().size(), 1, r.toString());
        assertTrue(r.err().get(0).startsWith("error: JDK=") && r.err().get(0).contains("Unrecognized VM option 'NoSuchFlag'"), r.err().get(0));
        assertEquals(answer("", "-XX:+NoSuchFlag").exit(), 1, "a refused option's answer is not kept");
    }

    @Test
    public void theAnswerServesTheSameOptionsOnly() throws Exception {
        Ran r = check("-XX:+UseSerialGC");
        assertEquals(r.exit(), 0, r.toString());
        assertEquals(r.out().size(), 1, r.toString());
        assertTrue(r.out().get(0).startsWith("checked: "), r.out().get(0));
        String checked = r.out().get(0).substring("checked: ".length());

        Ran same = answer(checked, "-XX:+UseSerialGC");
        assertEquals(same.exit(), 0, same.toString());
        assertTrue(same.out().stream().anyMatch(l -> l.startsWith("-XX:") && l.contains("-XX:+UseSerialGC")), same.toString());
        assertTrue(same.out().stream().anyMatch(l -> l.contains("version")), same.toString());

        Ran other = answer(checked, "-XX:+UseParallelGC");   // a negative control of make sensitivity, say
        assertEquals(other.exit(), 1, other.toString());
        assertEquals(other.out(), List.of(), other.toString());
        // no answer from make: the one kept by the check serves the same options, and only where it was kept
        Ran kept = answer("", "-XX:+UseSerialGC");
        assertEquals(kept.exit(), 0, kept.toString());
        assertEquals(kept.out().stream().filter(l -> !l.isBlank()).toList(), same.out().stream().filter(l -> !l.isBlank()).toList());
        assertEquals(answer("", "-XX:+UseParallelGC").exit(), 1);
        assertEquals(answer("", "-XX:+UseSerialGC", "build-options/elsewhere").exit(), 1);
    }
}
