package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import report.Bundles;
import results.RunResults;

/**
 * What make stress and make bench share: rounds, each a pack run (PackRunner) in the mode's work area $BUILD/NAME with
 * its output in NAME.log, whose results are read back by the run's id and kept as rounds/NAME.tsv. A round that left no
 * results of its own stops the mode (one line, exit 2): its times and counts would be another run's.
 */
abstract class Rounds extends Mode {
    final PackRunner runner = new PackRunner(this);
    /** The rounds of this run, in order: name -> results. */
    final Map<String, RunResults.Run> rounds = new LinkedHashMap<>();

    Rounds(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    /**
     * The rounds' work area $BUILD/NAME, its earlier rounds removed; what the user typed checked first (unless make did:
     * PACK_OPTIONS_CHECKED), the JDK under test resolved in the main BUILD (an AArch64 JDK lives under it) for every round.
     */
    Path prepare(String name) throws IOException, InterruptedException {
        if (get("PACK_OPTIONS_CHECKED").isEmpty()) {
            checkInput(Map.of());
        }
        env.put("JDK", lib("jdk_under_test"));
        Path out = build().resolve(name);
        Bundles.delete(out.resolve("rounds"));
        Files.createDirectories(out.resolve("rounds"));
        return out;
    }

    /** One round: a pack run in OUT, its output in OUT/NAME.log, its results kept as OUT/rounds/NAME.tsv; a round that left none stops the mode. */
    PackRunner.Run round(Path out, String name, Map<String, String> with) throws IOException, InterruptedException {
        PackRunner.Run run = runner.run(out, out.resolve(name + ".log"), with);
        try {
            rounds.put(name, run.results());
        } catch (RunResults.BadResults e) {
            throw die(e.getMessage() + ": see " + run.log());
        }
        Files.copy(out.resolve(RunResults.FILE), out.resolve("rounds").resolve(name + ".tsv"), StandardCopyOption.REPLACE_EXISTING);
        return run;
    }

    String totals(String name) {
        return Outcome.totals(rounds.get(name).counts());
    }
}
