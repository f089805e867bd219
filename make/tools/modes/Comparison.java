package modes;

import anatomy.probe.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import report.Compare;
import results.RunResults;

/**
 * make compare BASE=<jdk> NEW=<jdk> [TEST=...] [BASE_VM_OPTIONS=...] [NEW_VM_OPTIONS=...]: the pack on both JDKs, each
 * side a pack run (PackRunner) in $BUILD/compare/base or new with RETAIN=all, so that passing tests keep their machine
 * code; a side whose JDK, options, selection and pack sources are unchanged since its last run is reused (its stamp names
 * the run whose results it vouches for). Then Compare prints the behaviours whose verdict changed, their methods' code
 * side by side, and the methods whose code changed size; "no change" when nothing did. HTML: $BUILD/compare/index.html.
 * See docs/report.md.
 *
 * <pre>
 *   Comparison --check-only   only checks BASE, NEW and TEST (one line, exit 2: make, before any build)
 * </pre>
 */
public final class Comparison extends Mode {
    private final PackRunner runner = new PackRunner(this);

    public Comparison(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> {
            Comparison c = new Comparison(System.getenv(), Path.of("").toAbsolutePath());
            c.checkSide("BASE");
            c.checkSide("NEW");
            c.lib("check_test_selection");
            return List.of(args).equals(List.of("--check-only")) ? 0 : c.run();
        });
    }

    /** A JDK given as BASE= or NEW=: present, a JDK's home (make/lib.sh's check_jdk_home), 17 or newer. One line if not. */
    public void checkSide(String name) throws IOException, InterruptedException {
        String jdk = get(name);
        if (jdk.isEmpty()) {
            throw die(name + "= is required: make compare BASE=/path/to/jdk NEW=/path/to/jdk");
        }
        lib("check_jdk_home", name, jdk);
        String feature = lib("jdk_feature", jdk);
        if (!feature.matches("[0-9]{1,4}") || Integer.parseInt(feature) < 17) {
            throw die(name + "=" + jdk + " is JDK " + feature + "; the pack needs JDK 17 or newer");
        }
    }

    int run() throws IOException, InterruptedException {
        env.put("TEST", get("TEST", "all"));
        String sources = sources();
        Path top = build().resolve("compare");
        side(top.resolve("base"), get("BASE"), get("BASE_VM_OPTIONS"), sources);
        side(top.resolve("new"), get("NEW"), get("NEW_VM_OPTIONS"), sources);
        Compare.main(new String[] {top.resolve("base").toString(), label(get("BASE"), get("BASE_VM_OPTIONS")),
            top.resolve("new").toString(), label(get("NEW"), get("NEW_VM_OPTIONS")), top.resolve("index.html").toString()});
        return 0;
    }

    /** What a side's results depend on besides its JDK and options: the pack's sources, committed and not (12 hex digits). */
    String sources() throws IOException, InterruptedException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (String what : List.of("ls-tree -r HEAD", "diff HEAD")) {
            List<String> command = new java.util.ArrayList<>(List.of("git"));
            command.addAll(List.of(what.split(" ")));
            command.addAll(List.of("--", "lib", "test", "TEST.ROOT", "TEST.groups"));
            Process p = process(Map.of(), command.toArray(String[]::new)).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            all.writeBytes(p.getInputStream().readAllBytes());
            p.waitFor();
        }
        return sha1(all.toByteArray());
    }

    public static String sha1(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes)).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One side in DIR: reused when its stamp is this JDK's, options', selection's and sources' and its run's results are there; else run. */
    public void side(Path dir, String jdk, String options, String sources) throws IOException, InterruptedException {
        String name = dir.getFileName().toString();
        String home = Path.of(jdk).toRealPath().toString();
        String stamp = home + "|" + options + "|" + get("TEST") + "|" + sources + "|" + sha1(Files.readAllBytes(Path.of(home, "release")));
        Path stampFile = dir.resolve("stamp");
        List<String> was = Files.exists(stampFile) ? Files.readAllLines(stampFile) : List.of();
        if (was.size() >= 2 && was.get(0).equals(stamp)) {
            try {
                RunResults.read(dir, was.get(1));
                System.out.println("compare: " + name + ": reusing " + dir + " (same JDK, options, TEST and pack sources)");
                return;
            } catch (RunResults.BadResults e) {
                // its results are gone or another run's: run it again
            }
        }
        Files.deleteIfExists(stampFile);
        Path log = dir.resolve("run.log");
        System.out.println("compare: " + name + ": make test JDK=" + home + " TEST=" + get("TEST") + (options.isEmpty() ? "" : " VM_OPTIONS=" + options)
                + " RETAIN=all (log " + log + ")");
        PackRunner.Run run = runner.run(dir, log, Map.of("JDK", home, "VM_OPTIONS", options, "RETAIN", "all"));
        String totals;
        try {
            totals = Outcome.totals(run.results().counts());
        } catch (RunResults.BadResults e) {
            List<String> said = Files.readAllLines(log);
            String why = said.stream().filter(l -> l.contains("error:")).findFirst().orElse(said.isEmpty() ? "" : said.get(said.size() - 1));
            throw die(name + " (" + home + ") produced no results (exit " + run.exit() + "): " + why);
        }
        Files.writeString(stampFile, stamp + "\n" + run.id() + "\n");
        System.out.println("compare: " + name + ": " + totals);
    }

    /** A side's name in Compare's output: ISA-feature, and its options. */
    String label(String jdk, String options) throws IOException, InterruptedException {
        return lib("jdk_arch", jdk) + "-" + lib("jdk_feature", jdk) + (options.isEmpty() ? "" : " " + options);
    }
}
