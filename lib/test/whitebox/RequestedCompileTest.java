/*
 * @test
 * @summary Jit.compileAtC2 returns the compile it asked for, made after the workload's profile, even where the VM's
 *          own policy compiled the method first (eager thresholds); Jit.rounds follows the thresholds: n times a
 *          lazy scaling, plus the calls to a mature profile (eager: 10 + 50; lazy: 4000 + 20000).
 * @library /lib
 * @build jdk.test.whitebox.WhiteBox jdk.test.whitebox.BootClassPathInstaller
 * @run driver jdk.test.whitebox.BootClassPathInstaller
 * @run junit/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Xbatch
 *                    -XX:CompileThresholdScaling=0.05 -Danatomy.facts=requested-compile-eager.facts
 *                    -Dexpected.rounds=1060 RequestedCompileTest
 * @run junit/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Xbatch
 *                    -XX:CompileThresholdScaling=20 -Danatomy.facts=requested-compile-lazy.facts
 *                    -Dexpected.rounds=44000 RequestedCompileTest
 */

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import anatomy.Jit;
import java.lang.reflect.Method;
import jdk.test.whitebox.WhiteBox;
import org.junit.jupiter.api.Test;

public class RequestedCompileTest {
    private static final WhiteBox WB = WhiteBox.getWhiteBox();

    static int sink;

    static int mix(int a, int b) {
        return a * 31 + (b ^ a);
    }

    @Test
    void roundsFollowTheThresholds() {
        assertEquals(Integer.getInteger("expected.rounds"), Jit.rounds(1000));
    }

    /* With eager thresholds the policy compiles mix at C2 during the warm-up: the old Jit.compile returned that code. */
    @Test
    void policyCompileIsReplacedByTheRequestedOne() throws Exception {
        assumeTrue((Double) WB.getVMFlag("CompileThresholdScaling") < 1, "eager thresholds only");
        assumeTrue(WB.hasC2(), "no C2");
        Method mix = RequestedCompileTest.class.getDeclaredMethod("mix", int.class, int.class);
        for (int i = 0; i < 5_000; i++) {
            sink += mix(i, sink);
        }
        assertEquals(Jit.C2, WB.getMethodCompilationLevel(mix), "the policy compiled mix at C2 by itself");
        int policy = WB.getNMethod(mix, false).compileId();
        int requested = Jit.compileAtC2(RequestedCompileTest.class, "mix");
        assertNotEquals(policy, requested, "the code returned is the compile asked for, not the policy's");
        assertEquals(requested, WB.getNMethod(mix, false).compileId(), "and it is the code installed");
        assertEquals(requested, Jit.compileAtC2(RequestedCompileTest.class, "mix"), "asking again while it runs keeps it");
    }
}
