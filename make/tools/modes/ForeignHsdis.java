package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import results.RunResults;
import run.Runs;

/**
 * make foreign-hsdis's check (bash make/foreign-hsdis.sh check JDK... starts it through make/lib.sh's pack_mode, once the
 * JDKs are checked and their copies made: JDK COPY... -- per JDK): TEST (default headline) on each JDK and on its copies
 * with a foreign disassembler (made by make/foreign-hsdis.sh's copies, which stays shell: it downloads, compiles and
 * links), a pack run each in the main BUILD
 * (PackRunner), one totals line each; then every test whose outcome on a copy differs from the JDK's (Runs.differ: the
 * outcome, and a reason up to its first parenthesis, which names the disassembler). Each run's results are kept as
 * $BUILD/foreign-hsdis/NAME.tsv, its output in last.log. Exit 1 when a copy differs. docs/hsdis.md, "A foreign hsdis".
 */
public final class ForeignHsdis extends Mode {
    private final PackRunner runner = new PackRunner(this);

    public ForeignHsdis(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> new ForeignHsdis(System.getenv(), Path.of("").toAbsolutePath()).run(groups(List.of(args))));
    }

    /** The arguments, JDK COPY... -- per JDK: each JDK, then its copies (make/foreign-hsdis.sh made them). */
    public static List<List<String>> groups(List<String> args) {
        List<List<String>> groups = new ArrayList<>();
        List<String> group = new ArrayList<>();
        for (String a : args) {
            if (!a.equals("--")) {
                group.add(a);
            } else if (!group.isEmpty()) {
                groups.add(group);
                group = new ArrayList<>();
            }
        }
        if (!group.isEmpty()) {
            groups.add(group);
        }
        return groups;
    }

    /** Each group's runs, the JDK's first; the rows, then the differences; exit 1 when a copy differs. */
    public int run(List<List<String>> groups) throws IOException, InterruptedException {
        Path build = build();
        Path out = Files.createDirectories(build.resolve("foreign-hsdis"));
        Ran plugins = plugins();
        if (plugins.status() != 0) {
            throw die(plugins.why().replaceFirst("^error: ", ""));
        }
        String test = get("TEST", "headline");
        String options = get("VM_OPTIONS").isEmpty() ? "" : " VM_OPTIONS=" + get("VM_OPTIONS");
        List<String> rows = new ArrayList<>();
        List<String> diffs = new ArrayList<>();
        for (List<String> copies : groups) {
            String jdk = copies.get(0);
            for (String copy : copies) {
                System.out.println("== the pack on JDK=" + copy + " TEST=" + test + " CONC=" + get("CONC", "1") + options);
                Path kept = out.resolve(Path.of(copy).getFileName() + ".tsv");
                PackRunner.Run run = runner.run(build, out.resolve("last.log"), Map.of("JDK", copy, "TEST", test, "CONC", get("CONC", "1")));
                Files.deleteIfExists(kept);
                String totals;
                try {
                    totals = Outcome.totals(run.results().counts());
                    Files.copy(build.resolve(RunResults.FILE), kept, StandardCopyOption.REPLACE_EXISTING);
                } catch (RunResults.BadResults e) {
                    totals = "no results: see " + out.resolve("last.log");
                }
                System.out.println(totals);
                rows.add(String.format("%-60s %s", copy, totals));
                if (!copy.equals(jdk)) {
                    List<String> differ = differ(out.resolve(Path.of(jdk).getFileName() + ".tsv"), kept);
                    if (!differ.isEmpty()) {
                        diffs.add(Path.of(copy).getFileName() + " differs from " + Path.of(jdk).getFileName() + ":");
                        diffs.add(String.join("\n", differ));
                    }
                }
            }
        }
        System.out.println("foreign-hsdis: TEST=" + test + options);
        rows.forEach(System.out::println);
        if (diffs.isEmpty()) {
            System.out.println("foreign-hsdis: every copy gave each test the outcome it has on its JDK");
            return 0;
        }
        diffs.forEach(System.out::println);
        return 1;
    }

    /** The tests whose outcome differs between the runs kept as BASE and OTHER; a run that left no results is one line. */
    static List<String> differ(Path base, Path other) throws IOException {
        try {
            return Runs.differ(RunResults.read(base).results(), RunResults.read(other).results());
        } catch (RunResults.BadResults e) {
            return List.of("error: " + e.getMessage());
        }
    }
}
