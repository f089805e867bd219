/*
 * @test
 * @summary Polling what the runtime decides (the string table's growth and cleaning) gives up only after the runtime stopped working for the limit, or at ten times it: a slow machine that keeps cleaning is waited for, a stalled table is not
 * @library /lib
 * @run testng PatienceTest
 */

import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.Vm.Patience;
import org.testng.annotations.Test;

public class PatienceTest {
    static final long S = 1_000_000_000L;

    @Test
    public void aStalledTableIsGivenUpOnAfterTheLimit() {
        Patience p = new Patience(0, 20 * S);
        assertTrue(p.keepWaiting(0, 100L));
        assertTrue(p.keepWaiting(19 * S, 100L));
        assertFalse(p.keepWaiting(20 * S, 100L));
    }

    @Test
    public void aTableThatKeepsChangingIsWaitedForPastTheLimit() {
        // under load 20 on two cores the service thread had dropped 60950 of 196608 entries after 20 s
        Patience p = new Patience(0, 20 * S);
        for (long t = 0, entries = 200_000; t <= 60; t += 5, entries -= 10_000) {
            assertTrue(p.keepWaiting(t * S, entries), "still cleaning at " + t + " s");
        }
        assertTrue(p.keepWaiting(79 * S, 80_000L));
        assertFalse(p.keepWaiting(80 * S, 80_000L), "20 s without a change after the last one at 60 s");
    }

    @Test
    public void aBusyVmIsWaitedForButNeverPastTenTimesTheLimit() {
        Patience p = new Patience(0, 20 * S);
        assertTrue(p.keepWaiting(150 * S, null), "no statistics: the VM is resizing or cleaning");
        assertTrue(p.keepWaiting(199 * S, 1L));
        assertFalse(p.keepWaiting(200 * S, 2L), "ten times the limit in all");
    }
}
