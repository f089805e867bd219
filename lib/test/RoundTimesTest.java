/*
 * @test
 * @summary make bench's table of min, median and max seconds per test and per run, and the tests over the budget
 * @library /make/tools
 * @build modes.RoundTimes
 * @run testng RoundTimesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.util.List;
import modes.RoundTimes;
import org.testng.annotations.Test;

public class RoundTimesTest {
    static final List<String> THREE_ROUNDS = List.of(
            "(the run, wall)\t10.5", "t/A.java\t1.2", "t/B.java\t2.0",
            "(the run, wall)\t9.5", "t/A.java\t1.0", "t/B.java\t1.90",
            "(the run, wall)\t11", "t/A.java\t1.4", "t/B.java\t1.7");

    @Test
    public void minMedianMaxPerNameAndTheTestsOverBudget() {
        assertEquals(RoundTimes.table(THREE_ROUNDS, 1.5, 3), """
                Over the 3 warm rounds, seconds:     min  median     max
                  (the run, wall)    9.50   10.50   11.00
                  t/A.java           1.00    1.20    1.40
                  t/B.java           1.70    1.90    2.00
                over 1.5 s a test (median):
                  t/B.java (median 1.90 s)
                """);
    }

    @Test
    public void aWholeRunIsNeverOverTheBudgetOfATestAndAnEvenCountTakesTheLowerMiddle() {
        String table = RoundTimes.table(List.of("(the run, wall)\t30", "t/A.java\t1.0", "t/A.java\t3.0"), 1.5, 2);
        assertTrue(table.contains("  t/A.java           1.00    1.00    3.00"), table);
        assertTrue(!table.contains("over "), table);
    }

    @Test
    public void aBadLineIsRefused() {
        try {
            RoundTimes.table(List.of("t/A.java 1.0"), 1.5, 1);
            throw new AssertionError("a line without a tab was read");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("'t/A.java 1.0' is not name TAB seconds"), e.getMessage());
        }
    }
}
