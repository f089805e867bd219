/*
 * @test
 * @summary make mutants of another ISA's JDK (aarch64-28ea under qemu): the binutils chosen per ISA, the copy made of the real JDK behind a qemu facade and the facade over the copy, a VM qemu reports dead counted as a crash (and a test inconclusive because its VM crashed under qemu), a mutant whose tests the baseline skipped not run, MUTANTS= picking ids
 * @library /lib /make/tools
 * @build mutants.Binary mutants.Copies mutants.Mutants mutants.MutantSet results.RunResults
 * @run testng MutantQemuTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mutants.Binary;
import mutants.Copies;
import mutants.MutantSet;
import mutants.MutantSet.Spec;
import mutants.Mutants;
import results.RunResults;
import org.testng.annotations.Test;

/*
 * Issue 42: the chosen set's AArch64 part runs on Debian's arm64 28-ea under qemu. Before, make mutants refused a
 * JDK of another ISA; a copy of its facade would have kept running the real JDK's libjvm.so (the facade's scripts
 * name the real JDK, not the facade), so every mutant would have been the baseline. The facade lines are the ones
 * make/jdks.sh wrote for aarch64-28ea.
 */
public class MutantQemuTest {
    static final List<String> QEMU_FACADE = List.of("# A x86_64-runnable facade over an aarch64 JDK, made by make/jdks.sh; the real JDK is not altered.",
            "format=4", "real.home=/b/jdks/debian-unstable-arm64/openjdk-28/usr/lib/jvm/java-28-openjdk-arm64", "isa=aarch64",
            "qemu=/usr/bin/qemu-aarch64-static", "qemu.cpu=neoverse-n1", "qemu.sysroot=/b/jdks/debian-unstable-arm64/root", "tools=java javac");

    @Test
    public void theHostReadsItsOwnIsaWithItsOwnToolsAnotherWithItsTriples() {
        assertEquals(Binary.tool("x86_64", "x86_64", "nm"), "nm");
        assertEquals(Binary.tool("aarch64", "x86_64", "nm"), "aarch64-linux-gnu-nm");
        assertEquals(Binary.tool("aarch64", "x86_64", "addr2line"), "aarch64-linux-gnu-addr2line");
        assertEquals(Binary.tool("x86_64", "aarch64", "addr2line"), "x86_64-linux-gnu-addr2line");
        expectThrows(IllegalArgumentException.class, () -> Binary.tool("mips", "x86_64", "nm"));
    }

    @Test
    public void aQemuFacadeIsCopiedFromItsRealJdkAndRunThroughAFacadeOverTheCopy() {
        Copies.Facade f = Copies.Facade.parse(QEMU_FACADE).orElseThrow();
        assertEquals(f.real(), Path.of("/b/jdks/debian-unstable-arm64/openjdk-28/usr/lib/jvm/java-28-openjdk-arm64"));
        // the facade over the copy: make/jdks.sh's, into the mutants' work area, in the same C library and CPU
        assertEquals(f.command(Path.of("/w/jdk"), "aarch64-28ea"),
                List.of("bash", "make/jdks.sh", "facade", "/w/jdk", "aarch64-28ea", "/b/jdks/debian-unstable-arm64/root"));
        assertEquals(f.environment(Path.of("/w")), Map.of("BUILD", "/w", "QEMU_CPU_aarch64", "neoverse-n1"));
        // a loader facade (x86_64's Debian suites) has no qemu: it is copied as it is, as before
        assertEquals(Copies.Facade.parse(List.of("kind=loader", "loader=/r/lib64/ld-linux-x86-64.so.2")), Optional.empty());
        assertEquals(Copies.Facade.parse(List.of()), Optional.empty());
    }

    @Test
    public void aLinkThatLeavesTheJdkLeadsWhereTheRealOnesDoes() throws Exception {
        Path root = Files.createTempDirectory(Path.of("."), "root").toAbsolutePath().normalize();
        Path home = Files.createDirectories(root.resolve("usr/lib/jvm/j"));
        Files.createDirectories(root.resolve("etc/j"));
        Files.writeString(root.resolve("etc/j/jvm.cfg"), "-server KNOWN\n");
        Files.createDirectories(home.resolve("lib"));
        Files.createSymbolicLink(home.resolve("lib/jvm.cfg"), Path.of("../../../../../etc/j/jvm.cfg"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"28\"\n");
        Files.createSymbolicLink(home.resolve("lib/release"), Path.of("../release"));
        Path copy = root.resolve("copy");
        Copies.make(home, copy);
        assertEquals(Files.readString(copy.resolve("lib/jvm.cfg")), "-server KNOWN\n");
        assertEquals(Files.readSymbolicLink(copy.resolve("lib/jvm.cfg")), root.resolve("etc/j/jvm.cfg"));
        assertEquals(Files.readSymbolicLink(copy.resolve("lib/release")), Path.of("../release"));   // inside: as it was
        assertEquals(Copies.linkTarget(home, home.resolve("x"), Path.of("/etc/a")), Path.of("/etc/a"));
    }

    @Test
    public void aVmQemuReportsKilledByASignalIsACrash() throws Exception {
        assertEquals(Mutants.emulatorDeath("STDERR:\nqemu: uncaught target signal 11 (Segmentation fault) - core dumped\n"),
                "signal 11 (Segmentation fault) under qemu, no fatal error report");
        assertNull(Mutants.emulatorDeath("java.lang.RuntimeException: expected LOAD_ACQUIRE"));
        Path dir = Files.createTempDirectory(Path.of("."), "run").toAbsolutePath();
        Path log = dir.resolve("mutant-x.log");
        Files.writeString(log, "qemu: uncaught target signal 4 (Illegal instruction) - core dumped\n");
        assertEquals(Mutants.crashIn(log, dir.resolve("jtreg/last/work")), "signal 4 (Illegal instruction) under qemu, no fatal error report");
        // the VM's own report, when there is one, is the crash named (qemu's abort after it is not)
        Files.writeString(log, "# A fatal error has been detected by the Java Runtime Environment:\n#  SIGILL (0x4) at pc=0x0000ffff\n"
                + "qemu: uncaught target signal 6 (Aborted) - core dumped\n");
        assertTrue(Mutants.crashIn(log, dir.resolve("jtreg/last/work")).startsWith("SIGILL (0x4)"));
    }

    @Test
    public void mutantsPicksTheSetsLinesByIdAndRefusesAnIdItDoesNotHave() {
        List<Spec> set = List.of(spec("a"), spec("b"), spec("c"));
        assertEquals(Mutants.pick(set, "").size(), 3);
        assertEquals(Mutants.pick(set, "c, a").stream().map(Spec::id).toList(), List.of("c", "a"));   // the order given
        assertEquals(expectThrows(IllegalArgumentException.class, () -> Mutants.pick(set, "a d")).getMessage(),
                "MUTANTS=a d: no mutant d in the set");
    }

    @Test
    public void aMutantWhoseTestsTheBaselineSkippedIsNotRunNotUnreached() {
        // VolatileLoadIsLoadAcquire is AArch64's: on x86_64 it is skipped, and a mutant of it only showed "unreached"
        Map<String, RunResults.Result> baseline = Map.of("test/a/A.java", result(anatomy.probe.Outcome.SKIPPED),
                "test/b/B.java", result(anatomy.probe.Outcome.PASSED));
        assertFalse(Mutants.judgeable(baseline, Map.of("test/a/A.java", result(anatomy.probe.Outcome.SKIPPED))));
        assertTrue(Mutants.judgeable(baseline, Map.of("test/a/A.java", result(anatomy.probe.Outcome.SKIPPED),
                "test/b/B.java", result(anatomy.probe.Outcome.FAILED))));
        assertFalse(Mutants.passes("not run", "-"));
    }

    @Test
    public void aTestInconclusiveBecauseItsVmCrashedUnderQemuIsACrashNotASurvivor() {
        Map<String, RunResults.Result> baseline = Map.of("test/a/A.java", result(anatomy.probe.Outcome.PASSED));
        String crash = "the child VM crashed under qemu-aarch64-static 7.2.22 -cpu neoverse-n1 (SIGSEGV (0xb) at pc=0x0000ffff; ...)";
        assertTrue(Mutants.crashedUnderEmulator(baseline, Map.of("test/a/A.java",
                new RunResults.Result("test/a/A.java", anatomy.probe.Outcome.INCONCLUSIVE, 1.0, crash, List.of()))));
        // inconclusive for another reason, or a skip: the test stopped asserting, which is no crash
        assertFalse(Mutants.crashedUnderEmulator(baseline, Map.of("test/a/A.java", new RunResults.Result("test/a/A.java",
                anatomy.probe.Outcome.INCONCLUSIVE, 1.0, "no code of volatileLoad to read", List.of()))));
        assertFalse(Mutants.crashedUnderEmulator(baseline, Map.of("test/a/A.java", result(anatomy.probe.Outcome.SKIPPED))));
    }

    static RunResults.Result result(anatomy.probe.Outcome o) {
        return new RunResults.Result("t", o, 1.0, "", List.of());
    }

    static Spec spec(String id) {
        return new Spec(id, "*", "return", "f()", "void", "test/x/T.java", "-", "why", "", "set.txt:1");
    }
}
