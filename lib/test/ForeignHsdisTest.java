/*
 * @test
 * @summary make foreign-hsdis's check in Java: each JDK, then its copies, one pack run each in the main BUILD with a totals line and its results kept; the tests whose outcome on a copy differs from the JDK's, exit 1; a copy that left no results says so and differs
 * @library /lib /make/tools
 * @build modes.ForeignHsdis run.Runs modes.PackRunner modes.Mode results.RunResults report.Bundles
 * @run testng ForeignHsdisTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import modes.ForeignHsdis;
import org.testng.annotations.Test;

/*
 * A pack directory of stand-ins: make/lib.sh's pack_plugins gives two paths; make/jtreg.sh writes t/A.java passed under
 * the run id it is given, except on a JDK whose name ends -hex, where the disassembler prints hex and t/A.java fails,
 * and on one ending -none, where it writes nothing.
 */
public class ForeignHsdisTest {
    static final String FAKE_LIB = """
            pack_plugins() { PACK_PLUGIN_PATH=/p/x86_64 PACK_DECODER=/p/decode; }
            """;
    static final String FAKE_JTREG = """
            case $JDK in *-none) exit 2 ;; *-hex) o="failed	expected CMOV (hex)" ;; *) o="passed	" ;; esac
            printf '#pack-results\\t1\\n#run\\t%s\\ntest\\toutcome\\tseconds\\tcause\\tevidence\\nt/A.java\\t%s\\n' "$PACK_RUN_ID" "${o%%	*}	1.00	${o#*	}" >"$BUILD/summary.tsv"
            """;

    record Ran(int status, String out, Path pack) {
    }

    static Ran check(String... args) throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "foreign-pack");
        Files.createDirectories(pack.resolve("make"));
        Files.writeString(pack.resolve("make/lib.sh"), FAKE_LIB);
        Files.writeString(pack.resolve("make/jtreg.sh"), FAKE_JTREG);
        Map<String, String> e = new HashMap<>(System.getenv());
        e.putAll(Map.of("BUILD", pack.resolve("build").toString(), "TEST", "", "CONC", "", "VM_OPTIONS", "", "PACK_TOOLS_DIR", "/p/tools"));
        PrintStream was = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        int status;
        try {
            status = new ForeignHsdis(e, pack).run(ForeignHsdis.groups(List.of(args)));
        } finally {
            System.setOut(was);
        }
        return new Ran(status, out.toString().replace(pack.toString(), "PACK"), pack);
    }

    @Test
    public void everyCopyGaveEachTestItsJdksOutcome() throws Exception {
        Ran r = check("/j/jdk17", "c/jdk17-fcml", "c/jdk17-llvm", "--");
        assertEquals(r.out(), """
                == the pack on JDK=/j/jdk17 TEST=headline CONC=1
                1 passed, 0 failed, 0 skipped
                == the pack on JDK=c/jdk17-fcml TEST=headline CONC=1
                1 passed, 0 failed, 0 skipped
                == the pack on JDK=c/jdk17-llvm TEST=headline CONC=1
                1 passed, 0 failed, 0 skipped
                foreign-hsdis: TEST=headline
                /j/jdk17                                                     1 passed, 0 failed, 0 skipped
                c/jdk17-fcml                                                 1 passed, 0 failed, 0 skipped
                c/jdk17-llvm                                                 1 passed, 0 failed, 0 skipped
                foreign-hsdis: every copy gave each test the outcome it has on its JDK
                """);
        assertEquals(r.status(), 0);
        assertTrue(Files.exists(r.pack().resolve("build/foreign-hsdis/jdk17-llvm.tsv")), "each run's results kept");
    }

    @Test
    public void aCopyThatDiffersOrLeftNoResultsIsNamed() throws Exception {
        Ran r = check("/j/jdk17", "c/jdk17-hex", "c/jdk17-none", "--");
        assertTrue(r.out().contains("\nno results: see PACK/build/foreign-hsdis/last.log\n"), r.out());
        assertTrue(r.out().endsWith("""
                jdk17-hex differs from jdk17:
                  t/A.java\tfailed\texpected CMOV
                jdk17-none differs from jdk17:
                error: PACK/build/foreign-hsdis/jdk17-none.tsv: no results (the run produced none)
                """), r.out());
        assertEquals(r.status(), 1);
    }

    @Test
    public void theArgumentsAreEachJdkThenItsCopies() {
        assertEquals(ForeignHsdis.groups(List.of("a", "a1", "a2", "--", "b", "b1", "--")), List.of(List.of("a", "a1", "a2"), List.of("b", "b1")));
    }
}
