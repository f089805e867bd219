package modes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdks.JdkTable;
import results.RunResults;

/**
 * What the modes of make/tools/modes share (make matrix, compare, bench, configs, stress, switching, check, ci-local,
 * foreign-hsdis's runs and make/bisect.sh's; make/lib.sh's pack_mode starts them): the environment make hands them (the user's variables, and what the mode sets for its runs: export), a stop
 * that is one line and an exit status, and the shell's provisioning (make/lib.sh's functions: a JDK resolved or
 * fetched, a package installed), asked for one function at a time. Shell provisions, Java decides: no mode loops over
 * runs in bash, nor parses what a run printed.
 */
public abstract class Mode {
    /** A mode that cannot go on: one line on stderr ("error: ...", none when a script already said why) and a status. */
    public static final class Stop extends RuntimeException {
        public final int status;

        Stop(int status, String line) {
            super(line);
            this.status = status;
        }
    }

    /** Bad input, or a step that cannot go on: one line and exit 2 (make/lib.sh's die). */
    static Stop die(String why) {
        return new Stop(2, why);
    }

    /** A script that failed has said why on stderr: exit 2 and nothing more. */
    static Stop quiet() {
        return new Stop(2, null);
    }

    /** The environment of the mode and of everything it starts (the mode's own settings over make's). */
    final Map<String, String> env;
    /** The checkout: make/ and test/ are under it. */
    final Path pack;

    public Mode(Map<String, String> env, Path pack) {
        this.env = new HashMap<>(env);
        this.pack = pack;
    }

    String get(String name) {
        return env.getOrDefault(name, "");
    }

    String get(String name, String otherwise) {
        return get(name).isEmpty() ? otherwise : get(name);
    }

    /** The main BUILD, absolute (pack_mode made it so). */
    Path build() {
        return pack.resolve(get("BUILD", "build")).toAbsolutePath().normalize();
    }

    interface Body {
        int run() throws IOException, InterruptedException;
    }

    /** A mode's main: its exit status, or the stop's with its line. */
    static void exit(Body body) {
        exit("error", body);
    }

    /**
     * The main of a mode that make runs make for (Check, CiLocal, Hygiene): ARGS must be the one WORD pack_mode was given,
     * so that it built nothing first; then the mode MADE over this environment, the pack here and make itself.
     */
    static void exitWith(String[] args, String word, String name, java.util.function.BiFunction<Path, List<String>, Body> made) {
        exit(() -> {
            if (!List.of(args).equals(List.of(word))) {
                throw die("usage: make/lib.sh's pack_mode " + name + " " + word + " (with that argument pack_mode builds nothing first)");
            }
            return made.apply(Path.of("").toAbsolutePath(), List.of("make")).run();
        });
    }

    /** A mode's main whose stops start with PROG (make/matrix.sh's lines say "make/matrix.sh: ..."). */
    static void exit(String prog, Body body) {
        int status = 2;
        try {
            status = body.run();
        } catch (Stop e) {
            if (e.getMessage() != null) {
                System.err.println(prog + ": " + e.getMessage());
            }
            status = e.status;
        } catch (RunResults.BadResults | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
        } catch (IOException | UncheckedIOException | InterruptedException e) {
            System.err.println("error: " + e);
        }
        System.exit(status);
    }

    /** A process in the checkout with the mode's environment and MORE over it; stderr is the mode's. */
    ProcessBuilder process(Map<String, String> more, String... command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(pack.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().putAll(env);
        pb.environment().putAll(more);
        return pb;
    }

    /** What a command printed, its trailing newlines dropped (as $(...) does); null when it failed. */
    String output(Map<String, String> more, String... command) throws IOException, InterruptedException {
        Process p = process(more, command).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceFirst("\n+$", "");
        return p.waitFor() == 0 ? out : null;
    }

    /** What a command printed on stdout and stderr, each without its trailing newlines, and its exit status. */
    public record Ran(int status, String out, String err) {
        /** Its stderr, else its stdout: what it said when it failed. */
        String why() {
            return err.isEmpty() ? out : err;
        }
    }

    /** COMMAND's output and status, stdout and stderr apart (its stderr through a file: no pipe fills up). */
    Ran ran(Map<String, String> more, String... command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("mode", ".err");
        try {
            Process p = process(more, command).redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceFirst("\n+$", "");
            int status = p.waitFor();
            return new Ran(status, out, Files.readString(err).replaceFirst("\n+$", ""));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    /** make/lib.sh's FUNCTION with ARGS, its output and status: a failure is the caller's to judge. */
    Ran libRan(String function, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c", ". make/lib.sh && \"$@\"", "make/lib.sh", function));
        command.addAll(List.of(args));
        return ran(Map.of(), command.toArray(String[]::new));
    }

    /** make/lib.sh's FUNCTION with ARGS: what it printed; when it fails (it said why on stderr), the mode stops, exit 2. */
    String lib(String function, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c", ". make/lib.sh && \"$@\"", "make/lib.sh", function));
        command.addAll(List.of(args));
        String out = output(Map.of(), command.toArray(String[]::new));
        if (out == null) {
            throw quiet();
        }
        return out;
    }

    /**
     * make/lib.sh's pack_plugins for a mode that provisions its own (pack_mode does not for a mode given arguments): the
     * main BUILD's hsdis plugins, one make hsdis when one is missing, their paths in the mode's environment for its runs;
     * when they cannot be had, what pack_plugins said, and a status not 0.
     */
    Ran plugins() throws IOException, InterruptedException {
        Ran r = ran(Map.of(), "bash", "-c", ". make/lib.sh && pack_plugins && printf '%s\\n%s\\n' \"$PACK_PLUGIN_PATH\" \"$PACK_DECODER\"");
        List<String> paths = r.out().lines().toList();
        if (r.status() != 0 || paths.size() != 2) {
            return new Ran(r.status() == 0 ? 2 : r.status(), r.out(), r.err());
        }
        env.put("PACK_PLUGIN_PATH", paths.get(0));
        env.put("PACK_DECODER", paths.get(1));
        return r;
    }

    /** make/jtreg.sh --check-only with MORE: what the user typed is one line and exit 2 when bad, before anything runs. */
    void checkInput(Map<String, String> more) throws IOException, InterruptedException {
        if (output(more, "bash", "make/jtreg.sh", "--check-only") == null) {
            throw quiet();
        }
    }

    /**
     * The JDK table's rows (JDK_TABLE, as for the shell, else make/jdk-table) by its one reader, JdkTable, against the
     * platform table's ISAs; a bad row is its one line (an IllegalArgumentException: "error: ...", exit 2).
     */
    List<JdkTable.Row> jdkRows() {
        return JdkTable.parse(pack.resolve(get("JDK_TABLE", "make/jdk-table")), anatomy.capture.Platforms.file(),
                anatomy.capture.Platforms.rows().keySet());
    }

    /**
     * For a mode that runs make, not the pack (make check, make ci-local): the main BUILD's plugins and tools pack_mode
     * hands a mode for its PackRunner runs are not passed on, so each make it runs provisions its own BUILD's, as a make
     * typed by hand does.
     */
    void dropPackRunnerProvisions() {
        env.keySet().removeAll(List.of("PACK_PLUGIN_PATH", "PACK_DECODER", "PACK_TOOLS_DIR"));
    }

    /** What make (COMMAND: make, or a stand-in) with ARGS runs as: --no-print-directory first, as the scripts ran it. */
    static String[] makeCommand(List<String> command, List<String> args) {
        List<String> c = new ArrayList<>(command);
        c.add("--no-print-directory");
        c.addAll(args);
        return c.toArray(String[]::new);
    }

    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }
}
