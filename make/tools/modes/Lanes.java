package modes;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;

/**
 * Runs side by side: tasks (make matrix's cells of one kind, make configs's configurations, each a pack run in a work
 * area of its own) in a number of
 * lanes, each lane taking the next task when its last one ended, the results in the tasks' order whatever order they
 * ended in. A run's fixed part (jtreg, the probe, the summary) is one thread, which left a core idle with one run at a
 * time (docs/running.md): two lanes, each with half of CONC, keep both busy.
 */
public final class Lanes {
    private Lanes() {
    }

    /** How many lanes: VALUE of the variable NAME (MATRIX_LANES, CONFIG_LANES) when given, a positive whole number; else one per core, at most 2. */
    public static int count(String name, String value, int cores) {
        if (value.isEmpty()) {
            return cores < 2 ? 1 : 2;
        }
        if (!value.matches("[1-9][0-9]{0,3}")) {
            throw Mode.die(name + "=" + value + " is not a positive number of lanes");
        }
        return Integer.parseInt(value);
    }

    /** jtreg's concurrency in each lane: CONC (else one per core) shared by the lanes, at least 1. */
    public static int conc(String conc, int cores, int lanes) {
        int all = conc.matches("[0-9]{1,9}") ? Integer.parseInt(conc) : cores;
        return Math.max(1, all / lanes);
    }

    /** The results of TASKS run in LANES lanes, in the tasks' order; a task that threw gives FAILED(its index, the exception). */
    public static <T> List<T> run(int lanes, List<Callable<T>> tasks, BiFunction<Integer, Exception, T> failed) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(lanes, tasks.size())));
        try {
            List<Future<T>> futures = new ArrayList<>();
            tasks.forEach(t -> futures.add(pool.submit(t)));
            List<T> results = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    results.add(failed.apply(i, e.getCause() instanceof Exception x ? x : e));
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
