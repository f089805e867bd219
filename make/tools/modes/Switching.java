package modes;

import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import report.Bundles;
import results.RunResults;

/**
 * make switching: the pack's regression check for what a compiler engineer does all day in one checkout: alternating
 * JDKs, and runs that follow runs. The JDKs are the list `switching` of make/jdk-table (today 17, 25, the early-access
 * build through a loader facade on another C library, and the AArch64 JDK 17 under qemu). In one BUILD of its own
 * ($BUILD/switching), one test, each a `make test` (switching JDKs under make test is what it checks):
 * <ol>
 * <li>the host's JDKs of the list in the table's order (older to newer), then the one before the last again (newer to
 * older), then the others' (another ISA), then the first again: each run passes (no class compiled for one JDK ever
 * reaches another);
 * <li>right after a passing run, a run without C2 (-XX:TieredStopAtLevel=1): nothing passes, the test is skipped with
 * the probe's reason, and no JUnit XML or .jtr of the earlier run is left in its results.
 * </ol>
 * Prints a line per check and the totals of the checks alone on the last line. SWITCH_ARCH=no leaves out the other ISAs.
 */
final class Switching extends Mode {
    static final String ONE = "test/traps/UntakenBranchIsUncommonTrap.java";

    private int passed;
    private int failed;

    Switching(Map<String, String> env, Path pack) {
        super(env, pack);
    }

    public static void main(String[] args) {
        exit(() -> new Switching(System.getenv(), Path.of("").toAbsolutePath()).run());
    }

    /** The order of the runs: the host's JDKs, the one before the last again, the other ISAs' JDKs, then the first again. */
    static List<String> order(List<String> host, List<String> others) {
        List<String> names = new ArrayList<>(host);
        if (host.size() >= 2) {
            names.add(host.get(host.size() - 2));
        }
        names.addAll(others);
        if (names.size() >= 2) {
            names.add(host.get(0));
        }
        return names;
    }

    int run() throws IOException, InterruptedException {
        Path b = build().resolve("switching");
        Bundles.delete(b);
        Files.createDirectories(b);
        String list = lib("jdk_list", "switching");
        String isa = lib("host_arch");
        List<String> host = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String n : list.isBlank() ? new String[0] : list.trim().split("\\s+")) {
            if (n.replaceFirst("-.*", "").equals(isa)) {
                host.add(n);
            } else if (!get("SWITCH_ARCH", "yes").equals("no")) {
                others.add(n);
            }
        }
        if (host.isEmpty()) {
            throw die("no " + isa + " JDK is on the list switching of " + get("JDK_TABLE", pack.resolve("make/jdk-table").toAbsolutePath().toString()));
        }
        Map<String, String> home = new LinkedHashMap<>();
        for (String n : order(host, others)) {
            if (!home.containsKey(n)) {
                String h = output(Map.of(), "bash", "make/jdks.sh", n);
                if (h == null) {
                    throw die("cannot prepare the JDK " + n + " (make/jdks.sh " + n + ")");
                }
                home.put(n, h);
            }
        }
        System.out.println("switching JDKs in one work area (" + b + "):");
        for (String n : order(host, others)) {
            check(b, "JDK " + n + " after the runs before it", Outcome.totals(1, 0, 0), "JDK=" + home.get(n));
        }
        String first = home.get(host.get(0));
        check(b, "a run without C2 right after a passing run", Outcome.totals(0, 0, 1), "JDK=" + first, "VM_OPTIONS=-XX:TieredStopAtLevel=1");
        List<String> left = leftResults(b.resolve("jtreg").resolve(lib("jdk_key", first)).resolve("work"));
        if (left.isEmpty()) {
            ok("no result of the earlier run left in the C2-less run's work area");
        } else {
            bad("results of an earlier run left beside the C2-less run: " + String.join("\n", left));
        }
        System.out.println(Outcome.totals(passed, failed, 0));
        return failed > 0 ? Outcome.FAILED.exitStatus() : 0;
    }

    /** One make test in B; passes when the totals of its own results (read back by its run id) are WANT. */
    void check(Path b, String name, String want, String... args) throws IOException, InterruptedException {
        Path log = b.resolve("run-" + (passed + failed + 1) + ".log");
        String id = PackRunner.newId();
        List<String> command = new ArrayList<>(List.of("make", "--no-print-directory", "test", "BUILD=" + b, "TEST=" + ONE));
        command.addAll(List.of(args));
        process(Map.of("PACK_RUN_ID", id), command.toArray(String[]::new)).redirectErrorStream(true).redirectOutput(log.toFile()).start().waitFor();
        String got;
        try {
            got = Outcome.totals(RunResults.read(b, id).counts());
        } catch (RunResults.BadResults e) {
            got = "error: " + e.getMessage();
        }
        if (got.equals(want)) {
            ok(name + ": " + got);
        } else {
            bad(name + ": expected '" + want + "', got '" + got + "' (see " + log + ")");
        }
    }

    /** The .jtr and JUnit XML files in a jtreg work directory, its tests' scratch directories left out. */
    static List<String> leftResults(Path work) throws IOException {
        if (!Files.isDirectory(work)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(work)) {
            return files.filter(p -> !work.relativize(p).toString().matches("(.*/)?scratch(/.*)?"))
                    .filter(p -> p.toString().endsWith(".jtr") || p.toString().endsWith(".jtr.xml")).map(Path::toString).toList();
        }
    }

    private void ok(String what) {
        passed++;
        System.out.println("  ok      " + what);
    }

    private void bad(String what) {
        failed++;
        System.out.println("  FAILED  " + what);
    }
}
