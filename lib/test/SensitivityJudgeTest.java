/*
 * @test
 * @summary make sensitivity counts a kill only through the assertion of a variant the control reaches, and says which assertion it killed
 * @library /lib /make/tools
 * @build sensitivity.Sensitivity results.RunResults
 * @run testng SensitivityJudgeTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;
import results.RunResults;
import sensitivity.Sensitivity;

/*
 * The .jtr files are written here as jtreg 7 writes a driver test's: the test's name (a variant's '#' escaped), the
 * exception's stack trace under System.err, the result line. A row is a variant as the summary reports it under the
 * control; the rows given to judge are those of the variants that passed without it (Sensitivity.ranInBaseline).
 */
public class SensitivityJudgeTest {
    private static final String TEST = "test/x/T.java";
    private static final Sensitivity.Control CMOV = new Sensitivity.Control("-XX:ConditionalMoveLimit=0", "CMOV", "fairSelect", "no cmov", "");

    /** A failure's first line and the assertion line the library writes under it ("CMOV in fairSelect"). */
    private static void jtr(Path work, String file, String variant, String firstLine) throws Exception {
        String op = firstLine.replaceAll("^expected (not )?to contain: (\\S+ x )?([A-Z_]+).*$", "$3");
        jtr(work, file, variant, firstLine, op + " in fairSelect");
    }

    private static void jtr(Path work, String file, String variant, String firstLine, String assertion) throws Exception {
        Path dir = work.resolve("test/x");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(file), "#Test Results (version 2)\n"
                + "test=" + variant.replace("#", "\\#") + "\n"
                + "----------System.err:(9/400)----------\n"
                + "java.lang.AssertionError: " + firstLine + "\n"
                + "assertion           : " + assertion + "\n"
                + "patterns (x86_64)   : cmov\n"
                + "negative control    : -XX:ConditionalMoveLimit=0 kills CMOV\n"
                + "\tat anatomy.Failure.error(Failure.java:1)\n"
                + "test result: Failed. Execution failed: `main' threw exception: java.lang.AssertionError: " + firstLine + "\n");
    }

    private static RunResults.Result row(String variant, Outcome outcome) {
        return new RunResults.Result(variant, outcome, 1.0, outcome == Outcome.FAILED ? "Failed. Execution failed" : "", List.of());
    }

    @Test
    public void anotherVariantsAssertionDoesNotStandInForTheReachedOne() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        jtr(work, "T_a.jtr", TEST + "#a", "expected to contain: LOCK_ADD");      // the variant the control reaches
        jtr(work, "T_b.jtr", TEST + "#b", "expected to contain: CMOV");          // one that did not pass without it
        Sensitivity.Verdict v = Sensitivity.judge(TEST, CMOV, 1, List.of(row(TEST + "#a", Outcome.FAILED)), work, Path.of("control-1.log"));
        assertEquals(v.outcome(), "UNRELATED", v.detail());
        assertEquals(v.detail(), "no variant the control reaches failed on the assertion CMOV in fairSelect: #a: expected to contain: LOCK_ADD");
    }

    @Test
    public void aKillNamesTheVariantAndTheAssertionItKilled() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        jtr(work, "T_a.jtr", TEST + "#a", "expected to contain: LOCK_ADD");
        jtr(work, "T_b.jtr", TEST + "#b", "expected to contain: CMOV");
        Sensitivity.Verdict v = Sensitivity.judge(TEST, CMOV, 1, List.of(row(TEST + "#a", Outcome.FAILED), row(TEST + "#b", Outcome.FAILED)),
                work, Path.of("control-1.log"));
        assertEquals(v.outcome(), "killed");
        assertEquals(v.detail(), "#b: expected to contain: CMOV (also failed, on another assertion: #a: expected to contain: LOCK_ADD)");
    }

    @Test
    public void aFileWithoutVariantsIsKilledThroughItsOwnAssertion() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        jtr(work, "T.jtr", TEST, "expected to contain: CMOV");
        Sensitivity.Verdict v = Sensitivity.judge(TEST, CMOV, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("control-1.log"));
        assertEquals(v.outcome(), "killed");
        assertEquals(v.detail(), "expected to contain: CMOV");
        // a whole word only: CMOV_LOOP would not be CMOV
        jtr(work, "T.jtr", TEST, "expected to contain: CMOV_LOOP");
        assertTrue(Sensitivity.judge(TEST, CMOV, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome().equals("UNRELATED"));
    }

    /*
     * The kill is credited by the assertion line alone, word for word. Before, a name anywhere in the first line did:
     * ANY_ATOMIC's meaning "(CAS, ...)" credited a kills = CAS control, and any method's ZEROING credited each of
     * NewArrayIsZeroedUnlessOverwritten's three ZEROING controls.
     */
    private static final Sensitivity.Control CAS = new Sensitivity.Control("-Dx=1", "CAS", "lockedRead", "a CAS", "");

    @Test
    public void anotherOperationWhoseMeaningNamesTheKillIsNoKill() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        jtr(work, "T.jtr", TEST, "expected not to contain: ANY_ATOMIC (atomic read-modify-write of any kind (CAS, atomic add, ...))",
                "ANY_ATOMIC in optimisticRead");
        Sensitivity.Verdict v = Sensitivity.judge(TEST, CAS, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log"));
        assertEquals(v.outcome(), "UNRELATED", v.detail());
        // nor is the same operation, named in the meaning, on another assertion line
        jtr(work, "T.jtr", TEST, "expected to contain: 1 x CAS (compare-and-swap with acquire and release)", "ANY_CAS in lockedRead");
        assertEquals(Sensitivity.judge(TEST, CAS, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "UNRELATED");
        jtr(work, "T.jtr", TEST, "expected to contain: 1 x CAS (compare-and-swap with acquire and release)", "CAS in lockedRead");
        assertEquals(Sensitivity.judge(TEST, CAS, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "killed");
    }

    @Test
    public void theSameOperationInAnotherMethodIsNoKill() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        Sensitivity.Control copied = new Sensitivity.Control("-XX:-ReduceBulkZeroing", "ZEROING", "copied", "zeroed before the copy", "");
        jtr(work, "T.jtr", TEST, "expected to contain: atLeast(1) x ZEROING (bulk zeroing of new memory)", "ZEROING in newArray");
        Sensitivity.Verdict v = Sensitivity.judge(TEST, copied, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log"));
        assertEquals(v.outcome(), "UNRELATED", v.detail());
        assertTrue(v.detail().contains("the assertion ZEROING in copied"), v.detail());
        jtr(work, "T.jtr", TEST, "expected not to contain: ZEROING (bulk zeroing of new memory)", "ZEROING in copied");
        assertEquals(Sensitivity.judge(TEST, copied, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "killed");
        // a method whose name ends with the control's is another method
        jtr(work, "T.jtr", TEST, "expected not to contain: ZEROING (bulk zeroing of new memory)", "ZEROING in notCopied");
        assertEquals(Sensitivity.judge(TEST, copied, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "UNRELATED");
    }

    /* A fact is its assertion's name: killsFact has no in. */
    @Test
    public void aFactIsKilledByItsName() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        Sensitivity.Control packed = new Sensitivity.Control("-XX:-CompactFields", "PACKED_LAYOUT", "", "fields not packed", "");
        jtr(work, "T.jtr", TEST, "expected PACKED_LAYOUT: OneInt bytes: exactly 16.0", "PACKED_LAYOUT");
        assertEquals(Sensitivity.judge(TEST, packed, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "killed");
        jtr(work, "T.jtr", TEST, "expected PACKED_LAYOUT_X: OneInt bytes: exactly 16.0", "PACKED_LAYOUT_X");
        assertEquals(Sensitivity.judge(TEST, packed, 1, List.of(row(TEST, Outcome.FAILED)), work, Path.of("c.log")).outcome(), "UNRELATED");
    }
}
