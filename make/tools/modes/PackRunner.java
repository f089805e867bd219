package modes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import results.RunResults;

/**
 * One run of the pack for a mode (a configuration of make configs, a round of make stress or make bench, a cell of make matrix, a side of make compare): make/jtreg.sh in a work area
 * of its own (its BUILD) with a run id of its own (PACK_RUN_ID: the results it writes carry it), the hsdis plugins and
 * the compiled tools of the main BUILD (PACK_PLUGIN_PATH, PACK_DECODER and PACK_TOOLS_DIR: make/lib.sh's pack_mode found
 * or built them), its output in a log. What the mode sets for the run (JDK, TEST, CONC, VM_OPTIONS, PACK_RERUN)
 * goes over the mode's environment; a mode's run is no shard and writes no bundle. What it left
 * is read through the run model by its id (RunResults.read(dir, id)): never an earlier run's results as its own.
 */
public final class PackRunner {
    /** A run that ended: its id, work area, log, make/jtreg.sh's exit status and wall seconds. */
    public record Run(String id, Path dir, Path log, int exit, double seconds) {
        /** Its results: this run's own, else RunResults.BadResults saying why there are none. */
        public RunResults.Run results() throws IOException {
            return RunResults.read(dir, id);
        }
    }

    private static final AtomicInteger started = new AtomicInteger();
    private final Mode mode;

    public PackRunner(Mode mode) {
        this.mode = mode;
    }

    /** A new run id: the time in nanoseconds, this VM's pid and a count (two lanes never start one run twice). */
    static String newId() {
        Instant t = Instant.now();
        return (t.getEpochSecond() * 1_000_000_000L + t.getNano()) + "-" + ProcessHandle.current().pid() + "-" + started.incrementAndGet();
    }

    /** Runs the pack once in DIR with the mode's environment and WITH over it, its output in LOG; waits for its end. */
    public Run run(Path dir, Path log, Map<String, String> with) throws IOException, InterruptedException {
        String id = newId();
        ProcessBuilder pb = builder(dir, id, with).redirectErrorStream(true).redirectOutput(log.toFile());
        long start = System.nanoTime();
        int exit = pb.start().waitFor();
        return new Run(id, dir, log, exit, (System.nanoTime() - start) / 1e9);
    }

    /**
     * The pack's run ID in DIR, not started: make/jtreg.sh with the mode's environment, WITH over it, the main BUILD's
     * plugins and tools, no stdin; its output is the caller's to direct (make matrix appends it to a log, or streams it).
     */
    ProcessBuilder builder(Path dir, String id, Map<String, String> with) throws IOException {
        Files.createDirectories(dir);
        ProcessBuilder pb = mode.process(with, "bash", "make/jtreg.sh").redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Map<String, String> env = pb.environment();
        env.put("HSDIS_PATH", need("PACK_PLUGIN_PATH"));
        env.put("HSDIS_DECODE", need("PACK_DECODER"));
        env.put("PACK_TOOLS_DIR", need("PACK_TOOLS_DIR"));
        env.put("PACK_RUN_ID", id);
        env.put("BUILD", dir.toString());
        env.put("SHARD", "");
        env.put("BUNDLE", "");
        return pb;
    }

    private String need(String name) {
        String v = mode.get(name);
        if (v.isEmpty()) {
            throw Mode.die("PackRunner: " + name + " is not set (make/lib.sh's pack_mode sets it)");
        }
        return v;
    }
}
