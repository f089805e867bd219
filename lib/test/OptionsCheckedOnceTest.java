/*
 * @test
 * @summary The user's options are checked by one VM per JDK, options and machine: make's check (make/jtreg.sh --check-only, make/tools/run/Launch.java) answers one line, a good answer is kept for the runs that follow, a bad one never
 * @run testng OptionsCheckedOnceTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.testng.annotations.Test;

/*
 * make/jtreg.sh --check-only starts a VM of the JDK under test with VM_OPTIONS and JAVA_OPTIONS before anything is
 * built, and keeps a good answer under PACK_CHECKED by a key of the JDK's files, the options and the machine
 * (Launch.optionsKey): the run that follows, and every later run with the same key, starts no VM for the same question.
 * The JDK here is the test JDK behind a home of its own whose bin/java counts its starts.
 */
public class OptionsCheckedOnceTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root", "."));
    private static final Path JDK = Path.of(System.getProperty("test.jdk"));

    record Ran(int exit, List<String> out, List<String> err) {
    }

    /** A JDK home whose bin/java appends a line to starts.log, then runs the test JDK's. */
    private static Path countingJdk(String name) throws Exception {
        Path home = Path.of(name).toAbsolutePath();
        Files.createDirectories(home.resolve("bin"));
        Files.copy(JDK.resolve("release"), home.resolve("release"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\necho \"$*\" >>'" + home.resolve("starts.log") + "'\nexec '" + JDK.resolve("bin/java") + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.deleteIfExists(home.resolve("starts.log"));
        return home;
    }

    private static int starts(Path home) throws Exception {
        return Files.exists(home.resolve("starts.log")) ? Files.readAllLines(home.resolve("starts.log")).size() : 0;
    }

    private static Ran check(Path jdk, String vmOptions, String kept) throws Exception {
        Path out = Files.createTempFile(Path.of("."), "options", ".stdout");
        Path err = Files.createTempFile(Path.of("."), "options", ".stderr");
        ProcessBuilder pb = new ProcessBuilder("bash", "make/jtreg.sh", "--check-only").directory(ROOT.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PACK_") || k.equals("JAVA_OPTIONS"));
        pb.environment().putAll(Map.of("JDK", jdk.toString(), "TEST", "selftest", "VM_OPTIONS", vmOptions,
                "BUILD", Path.of("build-options").toAbsolutePath().toString(), "PACK_CHECKED", Path.of(kept).toAbsolutePath().toString()));
        int exit = pb.start().waitFor();
        return new Ran(exit, Files.readAllLines(out), Files.readAllLines(err));
    }

    @Test
    public void aBadOptionIsOneLineAndNotKept() throws Exception {
        Path jdk = countingJdk("jdk-bad");
        Ran r = check(jdk, "-XX:+NoSuchFlag", "kept-bad");
        assertEquals(r.exit(), 2, r.toString());
        assertEquals(r.err().size(), 1, r.toString());
        assertTrue(r.err().get(0).startsWith("error: JDK=") && r.err().get(0).contains("Unrecognized VM option 'NoSuchFlag'"), r.err().get(0));
        assertEquals(check(jdk, "-XX:+NoSuchFlag", "kept-bad").exit(), 2);
        assertEquals(starts(jdk), 2, "a refused option's answer is not kept: each check asks the VM again");
    }

    @Test
    public void aGoodAnswerIsKeptForTheSameOptionsOnly() throws Exception {
        Path jdk = countingJdk("jdk-good");
        Ran first = check(jdk, "-XX:+UseSerialGC", "kept-good");
        assertEquals(first.exit(), 0, first.toString());
        assertEquals(first.out().size(), 1, first.toString());
        assertTrue(first.out().get(0).startsWith("checked: ") && first.out().get(0).contains("-XX:+UseSerialGC")
                && first.out().get(0).contains("version"), first.out().get(0));
        assertEquals(starts(jdk), 1);

        Ran again = check(jdk, "-XX:+UseSerialGC", "kept-good");
        assertEquals(again.out(), first.out(), "the kept answer, as the VM gave it");
        assertEquals(starts(jdk), 1, "the same JDK and options: no VM started");

        assertEquals(check(jdk, "-XX:+UseParallelGC", "kept-good").exit(), 0);   // a negative control of make sensitivity, say
        assertEquals(starts(jdk), 2, "other options: their own VM");
        assertEquals(check(jdk, "-XX:+UseSerialGC", "kept-elsewhere").exit(), 0);
        assertEquals(starts(jdk), 3, "only where it was kept");
    }
}
