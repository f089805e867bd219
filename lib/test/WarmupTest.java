/*
 * @test
 * @summary A warm-up lasts until the VM's own policy holds a mature profile, tiered or not, at any thresholds, read from the VM's flags
 * @library /lib
 * @run testng WarmupTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.Jit;
import java.util.Map;
import org.testng.annotations.Test;

/*
 * anatomy.Jit.callsToMatureProfile on the flags as -XX:+PrintFlagsFinal shows them after ergonomics (17.0.15, 25.0.3
 * and 28-ea give the same values). Before, Jit.rounds followed CompileThresholdScaling only: under
 * -XX:-TieredCompilation a 2000-round warm-up stayed at 2000, below the 3300 calls after which the interpreter
 * starts a profile, and NewArrayIsZeroedUnlessOverwritten failed on 25.
 */
public class WarmupTest {
    private static final Map<String, Object> TIERED = Map.of("TieredCompilation", true, "CompilationMode", "default",
            "Tier3InvocationThreshold", 200L, "Tier3CompileThreshold", 2000L, "Tier0ProfilingStartPercentage", 200L,
            "Tier4InvocationThreshold", 5000L, "ProfileMaturityPercentage", 20L);
    // -XX:-TieredCompilation: the VM derives the Tier flags from CompileThreshold=10000 and InterpreterProfilePercentage=33
    private static final Map<String, Object> NOT_TIERED = Map.of("TieredCompilation", false, "CompilationMode", "default",
            "Tier3InvocationThreshold", 5000L, "Tier3CompileThreshold", 10000L, "Tier0ProfilingStartPercentage", 33L,
            "Tier4InvocationThreshold", 5000L, "ProfileMaturityPercentage", 20L);
    // -XX:CompilationMode=high-only: TieredCompilation stays true, but no C1 code profiles
    private static final Map<String, Object> HIGH_ONLY = Map.of("TieredCompilation", true, "CompilationMode", "high-only",
            "Tier3InvocationThreshold", 5000L, "Tier3CompileThreshold", 10000L, "Tier0ProfilingStartPercentage", 33L,
            "Tier4InvocationThreshold", 5000L, "ProfileMaturityPercentage", 20L);
    // -XX:CompileThresholdScaling=20: ergonomics scaled every threshold
    private static final Map<String, Object> LAZY = Map.of("TieredCompilation", true, "CompilationMode", "default",
            "Tier3InvocationThreshold", 4000L, "Tier3CompileThreshold", 40000L, "Tier0ProfilingStartPercentage", 200L,
            "Tier4InvocationThreshold", 100000L, "ProfileMaturityPercentage", 20L);

    @Test
    public void tieredProfilesInC1AfterTier3InvocationThreshold() {
        assertEquals(Jit.callsToMatureProfile(TIERED::get), 200 + 1000);
    }

    @Test
    public void withoutTieredTheInterpreterProfilesAfterAThirdOfCompileThreshold() {
        assertEquals(Jit.callsToMatureProfile(NOT_TIERED::get), 3300 + 1000);
    }

    @Test
    public void highOnlyIsReadAsNotTiered() {
        assertEquals(Jit.callsToMatureProfile(HIGH_ONLY::get), 3300 + 1000);
    }

    @Test
    public void scaledThresholdsAreReadAsScaled() {
        assertEquals(Jit.callsToMatureProfile(LAZY::get), 4000 + 20000);
    }

    @Test
    public void aFlagTheVmLacksCountsAsZero() {
        assertEquals(Jit.callsToMatureProfile(name -> null), 0);
    }
}
