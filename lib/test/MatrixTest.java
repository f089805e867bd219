/*
 * @test
 * @summary make matrix in Java: MATRIX's entries are checked before anything runs (one line, exit 2) and its words stand for the JDK table's lists; the JDKs are prepared one after another, then the native cells run, then the emulated ones, each kind in MATRIX_LANES lanes sharing CONC; each cell's line, a failed pseudo-row for a JDK that cannot be prepared or a run that left no results, and the table's totals and exit status; MATRIX_KEEP and --collate
 * @library /lib /make/tools
 * @build modes.Matrix modes.Lanes modes.PackRunner modes.Mode results.RunResults run.Runs report.Bundles run.Shards
 * @run testng MatrixTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import modes.Matrix;
import modes.Mode;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins. make/lib.sh: the host is x86_64, make/cpus has a qemu model of x86_64 (qemucpu), a
 * model HotSpot's switches make (avx2) and one of aarch64; the JDK table's lists are short. make/jdks.sh knows every
 * x86_64-* and aarch64-* name, prepares each as a directory with a bin/java (x86_64-21 with a note, x86_64-gone not at
 * all). make/jtreg.sh writes a start and an end line to TRACE, each with the cell's CONC, and results with t/B.java
 * failed on x86_64-21; on x86_64-none it writes none.
 */
public class MatrixTest {
    static final String FAKE_LIB = """
            host_arch() { echo x86_64; }
            cpu_rows() { printf '%s\\n' "qemucpu x86_64 qemu Haswell - fleet,check-fleet" "avx2 x86_64 switches -XX:UseAVX=2 avx2 fleet" "a72 aarch64 qemu cortex-a72 - fleet"; }
            jdk_list() { case $1 in default) echo "x86_64-17 aarch64-25" ;; ports) echo "riscv64-25 s390x-25" ;; fleet) echo "x86_64-25 aarch64-25" ;; check-fleet) echo "x86_64-25" ;; esac; }
            jdk_arch() { cat "$1/arch" 2>/dev/null || echo x86_64; }
            jdk_version() { echo "v-${1##*/}"; }
            pack_plugins() { :; }
            """;
    static final String FAKE_JDKS = """
            case $1 in
                check) case $2 in x86_64-*|aarch64-*|riscv64-*|s390x-*) exit 0 ;; *) echo "make/jdks.sh: unknown JDK name '$2'" >&2; exit 1 ;; esac ;;
                x86_64-gone) echo "make/jdks.sh: x86_64-gone: the download failed" >&2; exit 1 ;;
                x86_64-21) echo "note: the pinned build is gone, the newest taken" >&2 ;;
            esac
            mkdir -p "$BUILD/jdks/$1/bin" && install /dev/null "$BUILD/jdks/$1/bin/java" && echo "$BUILD/jdks/$1"
            """;
    static final String FAKE_JTREG = """
            echo "start $MATRIX_LABEL conc=$CONC" >>"$TRACE"
            sleep 0.3
            [ "$MATRIX_LABEL" = x86_64-none ] && { echo "error: jtreg did not start"; echo "end $MATRIX_LABEL" >>"$TRACE"; exit 2; }
            o=passed; [ "$MATRIX_LABEL" = x86_64-21 ] && o=failed
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\n' "$PACK_RUN_ID" >"$BUILD/summary.tsv"
            printf 't/A.java\\tpassed\\t1.00\\t\\nt/B.java\\t%s\\t1.00\\t%s\\n' $o "$([ $o = passed ] || echo expected CMOV)" >>"$BUILD/summary.tsv"
            echo "end $MATRIX_LABEL" >>"$TRACE"
            [ $o = passed ]
            """;

    record Ran(int status, String out, List<String> trace, Path pack) {
    }

    static Path pack() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "matrix-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jdks.sh"), FAKE_JDKS);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        return pack;
    }

    /** make/matrix.sh ARGS with MATRIX and ENV in PACK: its exit status, what it printed (the pack's path as PACK), the trace. */
    static Ran matrix(Path pack, String matrix, List<String> args, String... env) throws Exception {
        Map<String, String> e = new HashMap<>(System.getenv());
        e.putAll(Map.of("BUILD", pack.resolve("build").toString(), "MATRIX", matrix, "CONC", "4", "MATRIX_LANES", "2", "TEST", "",
                "TRACE", pack.resolve("trace").toString(), "PACK_PLUGIN_PATH", "/p", "PACK_DECODER", "/p/decode", "PACK_TOOLS_DIR", "/p/tools"));
        for (int i = 0; i < env.length; i += 2) {
            e.put(env[i], env[i + 1]);
        }
        Files.deleteIfExists(pack.resolve("trace"));
        PrintStream was = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        int status;
        try {
            List<String> a = new ArrayList<>(args);
            boolean collate = !a.isEmpty() && a.get(0).equals("--collate");
            Matrix m = new Matrix(e, pack, collate ? a.subList(1, a.size()) : a);
            status = m.run(m.checked(), collate);
        } catch (Mode.Stop stop) {
            status = stop.status;
            System.out.println(Matrix.PROG + ": " + stop.getMessage());
        } finally {
            System.setOut(was);
        }
        List<String> trace = Files.exists(pack.resolve("trace")) ? Files.readAllLines(pack.resolve("trace")) : List.of();
        return new Ran(status, out.toString().replace(pack.toString(), "PACK").replaceAll("after \\d+ s", "after n s").replaceAll("\\d+ s ", "n s "),
                trace, pack);
    }

    static Ran matrix(String matrix, String... env) throws Exception {
        return matrix(pack(), matrix, List.of(), env);
    }

    @Test
    public void aBadEntryIsOneLineBeforeAnythingRuns() throws Exception {
        Map<String, String> bad = Map.of(
                "x86_64-17 bad/x", "bad MATRIX entry 'bad/x' (a name, or label=/path/to/jdk)",
                "sparc-9", "MATRIX entry 'sparc-9': unknown JDK name 'sparc-9'",
                "mine=/nonexistent/jdk", "MATRIX entry 'mine=/nonexistent/jdk': /nonexistent/jdk is not a JDK (no bin/java)",
                " ", "MATRIX is empty");
        for (var b : bad.entrySet()) {
            Ran r = matrix(b.getKey());
            assertEquals(r.out(), Matrix.PROG + ": " + b.getValue() + "\n", b.getKey());
            assertEquals(r.status(), 2);
            assertEquals(r.trace(), List.of(), "nothing ran");
        }
        Ran lanes = matrix("x86_64-17", "MATRIX_LANES", "x");
        assertEquals(lanes.out(), "make/matrix.sh: MATRIX_LANES=x is not a positive number of lanes\n");
    }

    @Test
    public void theWordsStandForTheTablesLists() throws Exception {
        Matrix m = new Matrix(Map.of("MATRIX", ""), pack(), List.of());
        m.checked();
        assertEquals(m.expand(""), List.of("x86_64-17", "aarch64-25"));
        assertEquals(m.expand("x86_64-21 ports"), List.of("x86_64-21", "riscv64-25", "s390x-25"));
        // fleet: a JDK of the host's ISA on the real CPU first, then on each model of its ISA on the list; check-fleet: the models only
        assertEquals(m.expand("fleet"), List.of("x86_64-25", "x86_64-25@qemucpu", "x86_64-25@avx2", "aarch64-25@a72"));
        assertEquals(m.expand("check-fleet"), List.of("x86_64-25@qemucpu"));
        assertTrue(m.emulated("x86_64-25@qemucpu", "x86_64"), "a qemu model of the host's ISA");
        assertTrue(!m.emulated("x86_64-25@avx2", "x86_64"), "HotSpot's switches run natively");
        assertTrue(m.emulated("aarch64-25", "aarch64"));
    }

    @Test
    public void nativeCellsRunFirstThenEmulatedOnesEachKindInItsLanesSharingConc() throws Exception {
        Ran r = matrix("aarch64-25 x86_64-17 x86_64-25@qemucpu x86_64-25 x86_64-25@avx2");
        List<String> natives = List.of("x86_64-17", "x86_64-25", "x86_64-25@avx2");
        int lastNativeEnd = 0;
        int firstEmulatedStart = Integer.MAX_VALUE;
        int running = 0;
        int most = 0;
        for (int i = 0; i < r.trace().size(); i++) {
            String[] f = r.trace().get(i).split(" ");
            boolean isNative = natives.contains(f[1]);
            if (f[0].equals("start")) {
                most = Math.max(most, ++running);
                assertEquals(f[2], "conc=2", "three native cells in two lanes, then two emulated ones: " + r.trace());
                if (!isNative) {
                    firstEmulatedStart = Math.min(firstEmulatedStart, i);
                }
            } else {
                running--;
                if (isNative) {
                    lastNativeEnd = i;
                }
            }
        }
        assertEquals(r.trace().size(), 10, r.trace().toString());
        assertTrue(lastNativeEnd < firstEmulatedStart, "the emulated cells after the native ones: " + r.trace());
        assertEquals(most, 2, "two lanes: " + r.trace());
        // the table keeps MATRIX's order; the cells' lines are the run's record
        assertTrue(r.out().contains("matrix: x86_64-25@qemucpu: exit 0 after n s: 2 passed, 0 failed, 0 skipped (log PACK/build/matrix/x86_64-25@qemucpu/run.log)\n"), r.out());
        assertEquals(r.out().lines().filter(l -> l.startsWith("test ")).findFirst().orElse("").trim().split(" +"),
                new String[] {"test", "aarch64-25", "x86_64-17", "x86_64-25@qemucpu", "x86_64-25", "x86_64-25@avx2"}, r.out());
        assertTrue(r.out().endsWith("\n10 passed, 0 failed, 0 skipped\n"), r.out());
        assertEquals(r.status(), 0);
        // a lone cell of a kind keeps all of CONC
        assertEquals(matrix("x86_64-17 aarch64-25").trace().stream().filter(l -> l.startsWith("start")).toList(),
                List.of("start x86_64-17 conc=4", "start aarch64-25 conc=4"));
    }

    @Test
    public void aFailureAJdkNotPreparedAndARunWithoutResultsAreInTheTable() throws Exception {
        Ran r = matrix("x86_64-21 x86_64-gone x86_64-none");
        assertTrue(r.out().contains("matrix: x86_64-21: the pinned build is gone, the newest taken\n"), r.out());
        assertTrue(r.out().contains("matrix: x86_64-gone: cannot prepare the JDK: x86_64-gone: the download failed\n"), r.out());
        assertTrue(r.out().contains("matrix: x86_64-21: exit 1 after n s: 1 passed, 1 failed, 0 skipped (log PACK/build/matrix/x86_64-21/run.log)\n"), r.out());
        assertTrue(r.out().contains("matrix: x86_64-none: exit 2 after n s: no results (log PACK/build/matrix/x86_64-none/run.log)\n"), r.out());
        assertTrue(r.out().contains("\n[1] FAILED: expected CMOV\n[2] FAILED: cannot prepare the JDK: x86_64-gone: the download failed\n"
                + "[3] FAILED: no results (exit 2; see PACK/build/matrix/x86_64-none/run.log): PACK/build/matrix/x86_64-none/summary.tsv: "
                + "no results (the run produced none); error: jtreg did not start\n"), r.out());
        assertTrue(r.out().endsWith("\n1 passed, 3 failed, 0 skipped\n"), r.out());
        assertEquals(r.status(), 1);
        assertEquals(Files.readString(r.pack().resolve("build/matrix/x86_64-21/cell.line")),
                r.out().lines().filter(l -> l.startsWith("matrix: x86_64-21: exit")).findFirst().orElseThrow().replace("PACK", r.pack().toString())
                        .replace("after n s", "after 0 s") + "\n");
    }

    @Test
    public void keptRowsOfOtherJdksAndTheTableAgainFromTheLastRuns() throws Exception {
        Path pack = pack();
        matrix(pack, "x86_64-17 x86_64-21", List.of());
        matrix(pack, "x86_64-17", List.of(), "MATRIX_KEEP", "1");
        List<String> rows = Files.readAllLines(pack.resolve("build/matrix/results.tsv"));
        assertEquals(rows.stream().map(l -> l.split("\t")[0]).toList(), List.of("x86_64-21", "x86_64-21", "x86_64-17", "x86_64-17"));
        Ran again = matrix(pack, "x86_64-17 x86_64-21", List.of("--collate"));
        assertEquals(again.trace(), List.of(), "nothing ran");
        assertTrue(again.out().endsWith("\n3 passed, 1 failed, 0 skipped\n"), again.out());
        assertEquals(again.status(), 1);
    }

    @Test
    public void aCommandGivenInsteadRunsOncePerJdkWithItsCell() throws Exception {
        Path pack = pack();
        Ran r = matrix(pack, "x86_64-17", List.of("sh", "-c", "echo \"$MATRIX_LABEL $JDK $ARCH $BUILD $PACK_RUN_ID\" >\"$TRACE\"; MATRIX_LABEL=x86_64-17 bash make/jtreg.sh"));
        assertTrue(r.out().contains("matrix: x86_64-17 (x86_64, v-x86_64-17, PACK/build/jdks/x86_64-17): sh -c echo"), r.out());
        assertTrue(r.out().endsWith("\n2 passed, 0 failed, 0 skipped\n"), r.out());
        String first = r.trace().get(0).replace(pack.toString(), "PACK");
        assertTrue(first.matches("x86_64-17 PACK/build/jdks/x86_64-17 x86_64 PACK/build/matrix/x86_64-17 [0-9]+-[0-9]+-[0-9]+"), first);
    }
}
