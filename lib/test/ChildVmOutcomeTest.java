/*
 * @test
 * @summary A child VM's crash is inconclusive under an emulator and a failure on the hardware; a refused collector, or a refused option of one, that the build has is a failure, not "no such collector"
 * @library /lib
 * @run testng ChildVmOutcomeTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertSame;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Inconclusive;
import anatomy.Jit;
import anatomy.capture.ChildVmException;
import java.util.List;
import org.testng.annotations.Test;

/*
 * What anatomy.Jit.run makes of a child VM that did not finish. The outputs are written as the VM prints them:
 * riscv64 25.0.5's Shenandoah crash under qemu-user, and a start refused over one flag.
 */
public class ChildVmOutcomeTest {
    private static final String ERROR = "SIGSEGV (0xb) at pc=0x0000004001a2b3c4, pid=4242, tid=4243; problematic frame:"
            + " V [libjvm.so+0x8a2b3c] ShenandoahMark::mark_through_ref+0x4c";
    private static final String HS_ERR = """
            #  SIGSEGV (0xb) at pc=0x0000004001a2b3c4, pid=4242, tid=4243
            ---------------  T H R E A D  ---------------
            Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)
            V  [libjvm.so+0x8a2b3c]  ShenandoahMark::mark_through_ref(oop*)+0x4c
            V  [libjvm.so+0x8a1000]  ShenandoahMarkTask::work(unsigned int)+0x120
            """;
    private static final String ALL_GCS = ",serial,parallel,g1,z,shenandoah,epsilon,";
    private static final List<String> SHENANDOAH = List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahUncommitDelay=100");
    private static final String REFUSED = "Unrecognized VM option 'ShenandoahUncommitDelay=100'\n"
            + "Error: Could not create the Java Virtual Machine.\nError: A fatal exception has occurred. Program will exit.\n";

    @Test
    public void aCrashUnderAnEmulatorIsInconclusiveNamingItAndTheFirstFrame() {
        String frame = ChildVmException.firstFrameIn(HS_ERR);
        assertEquals(frame, "V [libjvm.so+0x8a2b3c] ShenandoahMark::mark_through_ref(oop*)+0x4c");
        RuntimeException e = Jit.crashed(ERROR, frame, "qemu-riscv64 10.0.13 -cpu rva23u64", new RuntimeException("crashed"));
        assertTrue(e instanceof Inconclusive, e.toString());
        assertTrue(e.getMessage().contains("under qemu-riscv64 10.0.13 -cpu rva23u64") && e.getMessage().contains(
                "first frame of its hs_err: V [libjvm.so+0x8a2b3c] ShenandoahMark::mark_through_ref(oop*)+0x4c"), e.getMessage());
    }

    @Test
    public void aCrashOnTheHardwareIsAFailure() {
        RuntimeException failure = new RuntimeException("the child VM crashed");
        assertSame(Jit.crashed(ERROR, null, null, failure), failure);
    }

    @Test
    public void aRefusedOptionOfACollectorTheBuildHasIsAFailureNamingIt() {
        AssertionError e = expectThrows(AssertionError.class, () -> Jit.judgeRefusedCollectorOption(REFUSED, SHENANDOAH, ALL_GCS));
        assertTrue(e.getMessage().contains("Unrecognized VM option 'ShenandoahUncommitDelay=100'")
                && e.getMessage().contains("removed or renamed a flag"), e.getMessage());
    }

    /** s390x 25.0.5's refusal, whose build has no ZGC: on a build whose probe lists z it is a broken build. */
    private static final String NO_ZGC = "Error occurred during initialization of VM\nOption -XX:+UseZGC not supported\n";

    @Test
    public void aRefusedCollectorThatTheProbeListsIsAFailure() {
        AssertionError e = expectThrows(AssertionError.class, () -> Jit.judgeRefusedCollectorOption(NO_ZGC, List.of("-XX:+UseZGC"), ALL_GCS));
        assertTrue(e.getMessage().contains("-XX:+UseZGC, a collector this build has (pack.gcs=" + ALL_GCS + ")")
                && e.getMessage().contains("Option -XX:+UseZGC not supported"), e.getMessage());
        expectThrows(AssertionError.class, () -> Jit.judgeRefusedCollectorOption("Unrecognized VM option 'UseShenandoahGC'\n",
                SHENANDOAH, ALL_GCS));
    }

    @Test
    public void aBuildWithoutTheCollectorIsASkip() {
        jtreg.SkippedException e = expectThrows(jtreg.SkippedException.class,
                () -> Jit.judgeRefusedCollectorOption(REFUSED, SHENANDOAH, ",serial,parallel,g1,"));
        assertTrue(e.getMessage().startsWith("this JDK build has no such collector: -XX:+UseShenandoahGC"), e.getMessage());
        expectThrows(jtreg.SkippedException.class,
                () -> Jit.judgeRefusedCollectorOption(NO_ZGC, List.of("-XX:+UseZGC"), ",serial,parallel,g1,shenandoah,epsilon,"));
        expectThrows(jtreg.SkippedException.class,   // no probe report: the VM's word
                () -> Jit.judgeRefusedCollectorOption(NO_ZGC, List.of("-XX:+UseZGC"), null));
        Jit.judgeRefusedCollectorOption("Exception in thread \"main\" java.lang.Error\n", SHENANDOAH, ALL_GCS);   // no refusal
    }
}
