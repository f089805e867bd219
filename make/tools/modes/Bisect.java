package modes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import results.RunResults;
import run.Runs;

/**
 * make/bisect.sh: the pack as a `git bisect run` judge (make/bisect.sh reads its NAME=value arguments, then starts this
 * through make/lib.sh's pack_mode). One pack run (PackRunner) on JDK in $BUILD/bisect, with the hsdis plugins of $BUILD
 * (make/lib.sh's pack_plugins builds them once when missing), its output in run.log, whose last 25 lines it prints; then
 * the run model's judgement of that run's own results (Runs.bisect): exit 0 good (a test passed, none failed), 1 bad (a
 * test failed), 125 skip when nothing could be judged (every test skipped, one inconclusive, or no results at all: git
 * bisect then skips the commit). Every way of not getting there is 125 too, never make's 2, which git bisect would read
 * as bad. Each verdict is one line, "bisect: VERDICT (why)", and a line of $BUILD/bisect/log.tsv: time, JDK, java
 * -version's runtime line, verdict, why. docs/report.md, "Bisecting a JDK".
 */
public final class Bisect extends Mode {
    static final int SKIP = 125;

    private final PackRunner runner = new PackRunner(this);

    public Bisect(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        int status;
        Bisect b = new Bisect(System.getenv(), Path.of("").toAbsolutePath());
        try {
            status = b.run();
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("make/bisect.sh: " + (e.getMessage() != null ? e.getMessage() : e));
            status = SKIP;
        }
        System.exit(status);
    }

    public int run() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(build().resolve("bisect"));
        Path log = dir.resolve("run.log");
        // The plugins of the main BUILD's, as make test gives them (none built: one make hsdis; it cannot: no results).
        Ran plugins = plugins();
        String id;
        int rc;
        if (plugins.status() != 0) {
            Files.writeString(log, plugins.err() + "\n");
            id = PackRunner.newId();
            rc = 2;
        } else {
            PackRunner.Run run = runner.run(dir, log, Map.of());
            id = run.id();
            rc = run.exit();
        }
        List<String> said = Files.readAllLines(log);
        said.subList(Math.max(0, said.size() - 25), said.size()).forEach(System.out::println);
        // The judgement is the run model's: bad on a failure, "cannot judge" on an inconclusive, good when a test passed.
        try {
            Runs.Judgement j = Runs.bisect(RunResults.read(dir, id).counts());
            return judge(dir, j.verdict(), j.exit(), j.exit() == SKIP ? j.why() + " (reasons in " + log + ")" : j.why());
        } catch (RunResults.BadResults e) {
            String first = said.stream().filter(l -> l.contains("***") || l.contains("error:")).findFirst()
                    .orElse(said.isEmpty() ? "" : said.get(said.size() - 1));
            return judge(dir, "skip", SKIP, "no results (exit " + rc + "): " + e.getMessage() + ": " + first);
        }
    }

    /** The verdict's line, printed and appended to DIR/log.tsv with the JDK's runtime line; its exit status. */
    int judge(Path dir, String verdict, int exit, String why) throws IOException, InterruptedException {
        String runtime = "";
        try {
            Process p = process(Map.of(), get("JDK") + "/bin/java", "-version").redirectErrorStream(true).start();
            List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
            p.waitFor();
            runtime = lines.size() > 1 ? lines.get(1) : "";
        } catch (IOException e) {
            // no JDK there: its runtime is unknown
        }
        String line = String.join("\t", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), get("JDK"), runtime.isEmpty() ? "?" : runtime, verdict, why);
        Files.writeString(dir.resolve("log.tsv"), line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        System.out.println("bisect: " + verdict + " (" + why + ")");
        return exit;
    }
}
