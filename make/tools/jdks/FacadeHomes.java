package jdks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The facades make/jdks.sh makes in $BUILD/jdks: directories a jtreg -jdk: can name, whose bin/ scripts (Facades) start
 * a JDK that does not run here as it is. A facade's pack-facade file says what it is, and is its stamp: a facade with
 * the same stamp is kept as it is, one with another is made again (make/jtreg.sh and the tools read it too).
 * <ul>
 *   <li>qemu: over a JDK of another ISA (or of the host's, on a CPU model), its tools under qemu-user with a pinned CPU in
 *       a C library of that ISA; release links to the real JDK's, and there is deliberately no lib/: nothing can write
 *       through the facade into the real JDK;
 *   <li>switches: over a JDK or facade, its tools with HotSpot's switches of a CPU model first on every command line;
 *   <li>loader: over an x86_64 JDK that needs a newer C library than the host's, the real JDK's tree hard-linked, its
 *       executables started through that C library's dynamic loader (new files, a CDS archive, land in the facade only).
 * </ul>
 */
public final class FacadeHomes {
    static final int QEMU_FORMAT = 4;
    static final int LOADER_FORMAT = 1;
    static final int SWITCHES_FORMAT = 1;

    /** Fills a facade's fresh directory. */
    public interface Build {
        void into(Path dir) throws IOException;
    }

    private final Provision p;

    FacadeHomes(Provision p) {
        this.p = p;
    }

    /**
     * $JDKS/NAME (default <isa>-<basename of the JDK>): a qemu facade over the JDK GIVEN, in the C library of SYSROOT
     * (default: the ISA's of Debian's suite), with a VARIANT's CPU or a CPU MODEL's. A facade given is printed as it is.
     */
    String qemu(String given, String name, String sysroot, String variant, String model) throws IOException {
        if (!Files.isDirectory(Path.of(given))) {
            throw Provision.die("no such directory: " + given);
        }
        Path real = Path.of(given).toRealPath();
        if (Files.isRegularFile(real.resolve("pack-facade"))) {
            return real.toString();
        }
        if (!Files.isExecutable(real.resolve("bin/java"))) {
            throw Provision.die(real + " is not a JDK home (no bin/java)");
        }
        int machine = Homes.elfMachine(real.resolve("bin/java"));
        String isa = Provision.isaOfMachine(machine).orElseThrow(() -> Provision.die(real + " is for no ISA of make/platforms (its bin/java is "
                + Provision.isaName(machine) + ")"));
        if (isa.equals(p.hostIsa) && model.isEmpty()) {
            throw Provision.die(real + " is an " + isa + " JDK: it runs here as it is, no facade needed");
        }
        String facade = name.isEmpty() ? isa + "-" + real.getFileName() : name;
        if (!facade.matches("[A-Za-z0-9._+@-]+")) {
            throw Provision.die("bad facade name: " + facade);
        }
        if (!Files.isRegularFile(real.resolve("release"))) {
            throw Provision.die(real + " has no release file");
        }
        Qemu q = Qemu.of(p, isa, variant, model);
        String root = sysroot.isEmpty() ? p.debian.defaultSysroot(isa).toString() : sysroot;
        String interp = Elf.interpreter(real.resolve("bin/java"));
        if (!interp.isEmpty() && !Files.exists(Path.of(root + interp))) {
            throw Provision.die(root + " has no " + interp + " (the " + isa + " C library " + real + "/bin/java asks for)");
        }
        List<String> tools = tools(real.resolve("bin"));
        List<String> stamp = new ArrayList<>(List.of(
                "# A " + p.hostIsa + "-runnable facade over an " + isa + " JDK, made by make/jdks.sh; the real JDK is not altered.",
                "format=" + QEMU_FORMAT, "real.home=" + real, "isa=" + isa, "qemu=" + q.binary(), "qemu.cpu=" + q.cpu(),
                "qemu.sysroot=" + root, "tools=" + String.join(" ", tools)));
        if (!model.isEmpty()) {
            stamp.add("cpu.model=" + model);
        }
        return install(facade, String.join("\n", stamp), real.toString(), "the facade over " + real + " does not run (qemu " + q.binary()
                + ", -cpu " + q.cpu() + ")", dir -> Facades.qemu(dir, real.toString(), isa, root, q.emulator(), q.binary().toString(), q.cpu(), tools));
    }

    /**
     * $JDKS/NAME (<base>@<model>): a facade that runs the JDK BASE (a home, or a facade: its C library or its qemu stay in
     * force) on the real CPU with HotSpot's switches OPTIONS (comma separated) first, so that the user's own, later, win.
     * The stamp holds the switches, and the base's qemu lines when it is emulated (make/lib.sh's emulated reads them).
     */
    public String switches(Path given, String name, String options) throws IOException {
        if (!Files.isDirectory(given)) {
            throw Provision.die("no such directory: " + given);
        }
        Path base = given.toRealPath();
        if (!Files.isExecutable(base.resolve("bin/java"))) {
            throw Provision.die(base + " is not a JDK home (no bin/java)");
        }
        if (!Files.isRegularFile(base.resolve("release"))) {
            throw Provision.die(base + " has no release file");
        }
        // the java.home its VMs report: the real JDK's under qemu, a loader facade's own, else the base's
        String real = Homes.stamp(base, "real.home").isEmpty() ? base.toString() : Homes.stamp(base, "real.home");
        List<String> lines = lines(base.resolve("pack-facade"));
        String home = lines.contains("kind=loader") ? base.toString() : real;
        List<String> tools = tools(base.resolve("bin"));
        List<String> stamp = new ArrayList<>(List.of(
                "# A facade that runs " + base + " on the real CPU with HotSpot's switches first, made by make/jdks.sh; the JDK is not",
                "# altered.", "format=" + SWITCHES_FORMAT, "kind=switches", "base=" + base, "real.home=" + real, "switches=" + options,
                "cpu.model=" + name.substring(name.indexOf('@') + 1)));
        lines.stream().filter(l -> l.matches("qemu(\\.cpu)?=.*")).forEach(stamp::add);
        stamp.add("tools=" + String.join(" ", tools));
        return install(name, String.join("\n", stamp), home, "the facade over " + base + " does not run with " + options.replace(',', ' '),
                dir -> Facades.switches(dir, base.toString(), options, tools));
    }

    /** $JDKS/NAME: a loader facade over the x86_64 JDK GIVEN, in the C library of the root SYSROOT (a Debian suite's). */
    String loader(Path given, String name, Path sysroot) throws IOException {
        Path real = given.toRealPath(), ld = sysroot.resolve("usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"), dir = p.jdks.resolve(name);
        p.checkHome(real.toString(), "x86_64");
        if (!Files.isExecutable(ld)) {
            throw Provision.die(sysroot + " has no x86_64 dynamic loader (usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)");
        }
        String stamp = String.join("\n",
                "# A facade over an x86_64 JDK that starts it through another C library's loader, made by make/jdks.sh;",
                "# the real JDK is not altered.", "format=" + LOADER_FORMAT, "kind=loader", "real.home=" + real, "loader=" + ld,
                "libc=" + Debian.version(sysroot, "libc6"));
        return install(name, stamp, dir.toString(), "the facade over " + real + " does not run through " + ld, tmp -> {
            linkTree(real, tmp);
            Facades.loader(tmp, real.toString(), sysroot.toString(), ld.toString(), dir.toString());
        });
    }

    /**
     * Makes $JDKS/NAME a facade, unless it is one with this STAMP already: BUILD fills a fresh directory, which then replaces
     * the old facade. Its bin/java must report java.home HOME (the real JDK's under qemu, the facade's own through a
     * loader), else it is removed and FAILURE said. Its path.
     */
    public String install(String name, String stamp, String home, String failure, Build build) throws IOException {
        Path dir = p.jdks.resolve(name), file = dir.resolve("pack-facade");
        if (Files.isRegularFile(file) && read(file).replaceFirst("\n+$", "").equals(stamp)) {
            return dir.toString();
        }
        if ((Files.exists(dir) || Files.isSymbolicLink(dir)) && !Files.isRegularFile(file)) {
            throw Provision.die(dir + " exists and is not a facade: choose another name");
        }
        Path tmp = Files.createTempDirectory(p.jdks, ".facade.");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        build.into(tmp);
        Files.writeString(tmp.resolve("pack-facade"), stamp + "\n");
        Trees.removeAll(dir);
        Files.move(tmp, dir);
        String out = Provision.ran(Provision.command(null, List.of(dir + "/bin/java", "-XshowSettings:properties", "-version"))
                .redirectErrorStream(true)).out();
        String reported = out.lines().filter(l -> l.matches(" +java\\.home = .*")).map(l -> l.substring(l.indexOf("= ") + 2))
                .findFirst().orElse("");
        if (!reported.equals(home)) {
            Trees.removeAll(dir);
            throw Provision.die(failure + ": " + dir + "/bin/java -version fails");
        }
        return dir.toString();
    }

    /**
     * The real JDK's tree in a loader facade's fresh directory: its files hard-linked (copied where they cannot be), its
     * symbolic links absolute, to where the real ones lead, directories with their modes and times; then its executables
     * (bin's, lib/jspawnhelper) moved into .real/, where Facades.loader's scripts start them.
     */
    static void linkTree(Path real, Path tmp) throws IOException {
        Files.walkFileTree(real, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                if (!d.equals(real)) {
                    Files.createDirectory(tmp.resolve(real.relativize(d).toString()));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                Path to = tmp.resolve(real.relativize(f).toString());
                if (attrs.isSymbolicLink()) {
                    Files.createSymbolicLink(to, Trees.canonical(f));
                } else {
                    try {
                        Files.createLink(to, f);
                    } catch (IOException | UnsupportedOperationException e) {
                        Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Path to = tmp.resolve(real.relativize(d).toString());
                Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(d));
                Files.setLastModifiedTime(to, Files.getLastModifiedTime(d));
                return FileVisitResult.CONTINUE;
            }
        });
        Path moved = Files.createDirectory(tmp.resolve(".real"));
        List<Path> executables = new ArrayList<>();
        if (Files.isDirectory(tmp.resolve("bin"))) {
            try (Stream<Path> s = Files.list(tmp.resolve("bin"))) {
                executables.addAll(s.filter(t -> !t.getFileName().toString().startsWith(".")).sorted().toList());
            }
        }
        executables.add(tmp.resolve("lib/jspawnhelper"));
        for (Path t : executables) {
            if (Files.isRegularFile(t) && Files.isExecutable(t)) {
                Files.move(t, moved.resolve(t.getFileName()));
            }
        }
    }

    /** The tools of a JDK's bin/: its executable files (through links), by name. */
    static List<String> tools(Path bin) throws IOException {
        if (!Files.isDirectory(bin)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(bin)) {
            return s.filter(t -> !t.getFileName().toString().startsWith(".") && Files.isRegularFile(t) && Files.isExecutable(t))
                    .map(t -> t.getFileName().toString()).sorted().toList();
        }
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.isRegularFile(file) ? read(file).lines().toList() : List.of();
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }
}
