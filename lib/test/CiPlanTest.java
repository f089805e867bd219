/*
 * @test
 * @summary The CI workflow's plan is CiPlan's: a change runs headline on the newest JDKs on one machine, the schedule the whole pack over the default matrix on four, CI_* override, and a wrong event or number of machines is one line
 * @library /lib /make/tools
 * @build run.CiPlan jdks.JdkTable JdkTableTest
 * @run testng CiPlanTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.expectThrows;

import anatomy.capture.Platforms;
import java.util.List;
import java.util.Map;
import jdks.JdkTable;
import org.testng.annotations.Test;
import run.CiPlan;

public class CiPlanTest {
    static final List<JdkTable.Row> ROWS = JdkTable.parse(JdkTableTest.TABLE, JdkTableTest.PLATFORMS, Platforms.rows().keySet());

    @Test
    public void aChangeRunsHeadlineOnTheNewestJdksOnOneMachine() {
        String newest = String.join(" ", JdkTable.list(ROWS, "newest"));
        assertEquals(newest, "x86_64-28ea aarch64-28ea");
        for (String event : List.of("pull_request", "push")) {
            assertEquals(CiPlan.plan(event, Map.of(), ROWS), "test=headline\nmatrix=" + newest + "\nshards=[1]\nshard_count=1\n");
        }
    }

    @Test
    public void theScheduleRunsThePackOverTheDefaultMatrixOnFourMachines() {
        String all = String.join(" ", JdkTable.list(ROWS, "default"));
        for (String event : List.of("schedule", "workflow_dispatch")) {
            assertEquals(CiPlan.plan(event, Map.of(), ROWS), "test=all\nmatrix=" + all + "\nshards=[1,2,3,4]\nshard_count=4\n");
        }
        assertEquals(CiPlan.plan("schedule", Map.of("CI_TEST", "memory", "CI_MATRIX", "x86_64-17", "CI_SHARDS", "12"), ROWS),
                "test=memory\nmatrix=x86_64-17\nshards=[1,2,3,4,5,6,7,8,9,10,11,12]\nshard_count=12\n");
        assertEquals(CiPlan.plan("push", Map.of("CI_SHARDS", ""), ROWS), CiPlan.plan("push", Map.of(), ROWS));
    }

    @Test
    public void aWrongEventOrNumberOfMachinesIsOneLine() {
        assertEquals(expectThrows(IllegalArgumentException.class, () -> CiPlan.plan("release", Map.of(), ROWS)).getMessage(),
                "EVENT=release is no event the workflow runs on (pull_request, push, schedule, workflow_dispatch)");
        for (String n : List.of("0", "100", "07", "3x", "-1")) {
            assertEquals(expectThrows(IllegalArgumentException.class, () -> CiPlan.plan("schedule", Map.of("CI_SHARDS", n), ROWS)).getMessage(),
                    "CI_SHARDS=" + n + " is not a number of machines (1 to 99)");
        }
    }
}
