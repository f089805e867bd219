/*
 * @test
 * @summary make/jdks.sh's facade scripts are written by Facades: each word quoted as bash's printf %q would, the qemu, switches and loader scripts exec their tool with its options first and the user's after, and release links to the real JDK's
 * @library /make/tools
 * @build jdks.Facades
 * @run testng FacadesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import jdks.Facades;
import org.testng.annotations.Test;

public class FacadesTest {
    /** What a command prints on stdout (stderr with it), run by bash. */
    static String bash(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(p.waitFor(), 0, out);
        return out;
    }

    /** A JDK of one tool, bin/java, that prints its arguments one a line. */
    static Path fakeJdk(Path dir) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("java"), "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\"\n");
        Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"25\"\n");
        return dir;
    }

    @Test
    public void aWordIsQuotedAsBashWouldQuoteIt() throws Exception {
        for (String w : List.of("/usr/bin/qemu-riscv64", "rva23u64,zifencei=true", "/a dir/x+y@z", "~home", "a~b", "#x", "a#b", "it's",
                "$HOME", "a;b|c&d", "(x)<y>", "-XX:UseAVX=2", "*?[]{}!^`\"\\", "")) {
            assertEquals(Facades.q(w), bash("bash", "-c", "printf %q \"$1\"", "_", w), w);
        }
    }

    @Test
    public void aSwitchesFacadePutsItsSwitchesBeforeTheUsers() throws Exception {
        Path base = fakeJdk(Files.createTempDirectory(Path.of("").toAbsolutePath(), "base dir,1"));
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "facade");
        Facades.main(new String[] {dir.toString(), "switches", base.toString(), "-XX:UseAVX=2,-XX:MaxVectorSize=32", "java"});
        assertEquals(Files.readAllLines(dir.resolve("bin/java")), List.of("#!/bin/sh",
                "# " + base + "/bin/java with HotSpot's switches -XX:UseAVX=2 -XX:MaxVectorSize=32 first (the user's options come after them and win). Made by make/jdks.sh.",
                "exec " + Facades.q(base + "/bin/java") + " -XX:UseAVX=2 -XX:MaxVectorSize=32 \"$@\""));
        assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("bin/java"))), "rwxr-xr-x");
        assertEquals(Files.readSymbolicLink(dir.resolve("release")), base.resolve("release"));
        assertEquals(bash(dir.resolve("bin/java").toString(), "-XX:UseAVX=3", "a b"),
                base + "/bin/java\n-XX:UseAVX=2\n-XX:MaxVectorSize=32\n-XX:UseAVX=3\na b\n");
    }

    @Test
    public void aQemuFacadeRunsEachToolUnderItsEmulatorAndCpu() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "facade");
        Facades.main(new String[] {dir.toString(), "qemu", "/jdk", "riscv64", "/root dir", "qemu-riscv64 10.0 -cpu rv64,v=true", "/q/qemu-riscv64",
                "rv64,v=true", "java", "jcmd"});
        assertEquals(Files.readAllLines(dir.resolve("bin/jcmd")), List.of("#!/bin/sh",
                "# /jdk/bin/jcmd (riscv64) under qemu user-mode emulation, CPU rv64,v=true. Made by make/jdks.sh.",
                "# PACK_EMULATOR tells the pack's probe (and every child VM) what it runs on.",
                ": \"${PACK_EMULATOR:=qemu-riscv64 10.0 -cpu rv64,v=true}\"", "export PACK_EMULATOR",
                "exec /q/qemu-riscv64 -L /root\\ dir -cpu rv64\\,v=true /jdk/bin/jcmd -J-Djdk.lang.Process.launchMechanism=FORK \"$@\""));
        assertTrue(Files.readString(dir.resolve("bin/java")).contains(" /jdk/bin/java -Djdk.lang.Process.launchMechanism=FORK \"$@\""));
        assertEquals(Files.readSymbolicLink(dir.resolve("release")), Path.of("/jdk/release"));
    }

    @Test
    public void aLoaderFacadeStartsWhatWasMovedThroughItsLoader() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "facade");
        Files.createDirectories(dir.resolve(".real"));
        Files.createDirectories(dir.resolve("bin"));
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve(".real/java"), "");
        Files.writeString(dir.resolve(".real/jspawnhelper"), "");
        Facades.main(new String[] {dir.toString(), "loader", "/jdk", "/sys root", "/sys root/ld.so", "/build/jdks/x86_64-26"});
        assertEquals(Files.readAllLines(dir.resolve("lib/jspawnhelper")), List.of("#!/bin/sh",
                "# /jdk/lib/jspawnhelper through the C library of /sys root. Made by make/jdks.sh.",
                "exec /sys\\ root/ld.so --library-path /sys\\ root/usr/lib/x86_64-linux-gnu\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\" "
                        + "/build/jdks/x86_64-26/.real/jspawnhelper \"$@\""));
        assertTrue(Files.readString(dir.resolve("bin/java")).startsWith("#!/bin/sh\n# /jdk/bin/java through the C library of /sys root."));
    }
}
