package jdks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The scripts of make/jdks.sh's facades, written into the facade's fresh directory (FacadeHomes makes it, calls these
 * in-process, stamps it and checks that its bin/java starts): each an executable /bin/sh script that execs the real tool.
 * The command line below writes them alone.
 *
 * <pre>
 *   Facades DIR qemu REAL ISA ROOT EMULATOR QEMU CPU TOOL...   bin/TOOL runs REAL's under QEMU -L ROOT -cpu CPU (FORK as
 *                                                              the launch mechanism); release links to REAL's
 *   Facades DIR switches BASE OPTIONS TOOL...                  bin/TOOL runs BASE's with OPTIONS (comma-separated; -J
 *                                                              for the tools other than java) first; release links to
 *                                                              BASE's
 *   Facades DIR loader REAL ROOT LOADER HOME                   for each executable FacadeHomes moved into DIR/.real
 *                                                              (bin's, and lib/jspawnhelper), the script in its place that
 *                                                              starts HOME/.real's through LOADER and ROOT's libraries
 * </pre>
 */
public final class Facades {
    private static final String MADE = "Made by make/jdks.sh.";

    private Facades() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            usage();
        }
        Path dir = Path.of(args[0]);
        List<String> a = Arrays.asList(args).subList(2, args.length);
        switch (args[1]) {
            case "qemu" -> {
                if (a.size() < 6) {
                    usage();
                }
                qemu(dir, a.get(0), a.get(1), a.get(2), a.get(3), a.get(4), a.get(5), a.subList(6, a.size()));
            }
            case "switches" -> {
                if (a.size() < 2) {
                    usage();
                }
                switches(dir, a.get(0), a.get(1), a.subList(2, a.size()));
            }
            case "loader" -> {
                if (a.size() != 4) {
                    usage();
                }
                loader(dir, a.get(0), a.get(1), a.get(2), a.get(3));
            }
            default -> usage();
        }
    }

    private static void usage() {
        System.err.println("usage: Facades DIR qemu REAL ISA ROOT EMULATOR QEMU CPU TOOL... | DIR switches BASE OPTIONS TOOL... "
                + "| DIR loader REAL ROOT LOADER HOME");
        System.exit(2);
    }

    /** A qemu facade's files: each tool of REAL under qemu user-mode emulation, with the pinned CPU. */
    static void qemu(Path dir, String real, String isa, String root, String emulator, String qemu, String cpu, List<String> tools)
            throws IOException {
        Files.createDirectory(dir.resolve("bin"));
        for (String t : tools) {
            // ProcessBuilder in a JDK under qemu: the default launch mechanism (POSIX_SPAWN) execs the foreign
            // lib/jspawnhelper, which the kernel cannot run without binfmt_misc (exit 127, "Failed to exec spawn
            // helper"); FORK execs the target directly, e.g. this facade's bin/java script.
            String fork = (t.equals("java") ? "" : "-J") + "-Djdk.lang.Process.launchMechanism=FORK";
            script(dir.resolve("bin").resolve(t),
                    "# " + real + "/bin/" + t + " (" + isa + ") under qemu user-mode emulation, CPU " + cpu + ". " + MADE,
                    "# PACK_EMULATOR tells the pack's probe (and every child VM) what it runs on.",
                    ": \"${PACK_EMULATOR:=" + emulator + "}\"", "export PACK_EMULATOR",
                    "exec " + q(qemu) + " -L " + q(root) + " -cpu " + q(cpu) + " " + q(real + "/bin/" + t) + " " + fork + " \"$@\"");
        }
        Files.createSymbolicLink(dir.resolve("release"), Path.of(real, "release"));
    }

    /** A switches facade's files: each tool of BASE with HotSpot's switches first, so that the user's, later, win. */
    static void switches(Path dir, String base, String options, List<String> tools) throws IOException {
        Files.createDirectory(dir.resolve("bin"));
        List<String> switches = List.of(options.split(","));
        for (String t : tools) {
            StringBuilder exec = new StringBuilder("exec " + q(base + "/bin/" + t));
            switches.forEach(o -> exec.append(' ').append(q((t.equals("java") ? "" : "-J") + o)));
            script(dir.resolve("bin").resolve(t), "# " + base + "/bin/" + t + " with HotSpot's switches " + String.join(" ", switches)
                    + " first (the user's options come after them and win). " + MADE, exec + " \"$@\"");
        }
        Files.createSymbolicLink(dir.resolve("release"), Path.of(base, "release"));
    }

    /** A loader facade's scripts: each executable FacadeHomes moved into DIR/.real, started through LOADER. */
    static void loader(Path dir, String real, String root, String loader, String home) throws IOException {
        List<Path> moved;
        try (Stream<Path> s = Files.list(dir.resolve(".real"))) {
            moved = new ArrayList<>(s.sorted().toList());
        }
        for (Path m : moved) {
            String name = m.getFileName().toString(), at = (name.equals("jspawnhelper") ? "lib/" : "bin/") + name;
            script(dir.resolve(at), "# " + real + "/" + at + " through the C library of " + root + ". " + MADE,
                    "exec " + q(loader) + " --library-path " + q(root + "/usr/lib/x86_64-linux-gnu") + "\"${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\" "
                            + q(home + "/.real/" + name) + " \"$@\"");
        }
    }

    /** An executable /bin/sh script of these lines. */
    static void script(Path file, String... lines) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A word as the shell reads it back, as bash's printf %q writes it: its special characters escaped. */
    public static String q(String word) {
        if (word.isEmpty()) {
            return "''";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (" \t\n'\"\\|&;()<>!{}*[]?^$`,".indexOf(c) >= 0 || (i == 0 && (c == '~' || c == '#'))) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
