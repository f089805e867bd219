/*
 * @test
 * @summary A probe VM that started and crashed, hung or threw stops the run; one that would not start, or a WhiteBox without natives, is a property (pack.whitebox=false)
 * @library /lib
 * @run testng ProbeCrashTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;

import anatomy.capture.ChildVmException;
import anatomy.probe.Probe;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/*
 * anatomy.probe.Probe.crashOf decides, from the exception its WhiteBox child ended with, whether the probe reports a
 * property (a VM that would not start: the tests that need WhiteBox skip, naming why) or stops the run (a VM that
 * crashed or hung: were it a property, every test would skip and the run be green). The exceptions are made as
 * anatomy.capture.ChildVm makes them, from output files written here as a VM writes them.
 */
public class ProbeCrashTest {
    private static final String CRASH = """
            #
            # A fatal error has been detected by the Java Runtime Environment:
            #
            #  SIGSEGV (0xb) at pc=0x00007f3a1c2b3c4d, pid=4242, tid=4243
            #
            # JRE version: OpenJDK Runtime Environment (17.0.15+6) (build 17.0.15+6-Debian-1)
            # Problematic frame:
            # V  [libjvm.so+0x8a2b3c]  WhiteBox::compile_method+0x4c
            #
            """;

    private static ChildVmException thrown(String what, String stdout, String stderr, int exit) throws Exception {
        Path out = Files.createTempFile(Path.of("."), "probe", ".stdout");
        Path err = Files.createTempFile(Path.of("."), "probe", ".stderr");
        Files.writeString(out, stdout);
        Files.writeString(err, stderr);
        Constructor<ChildVmException> c = ChildVmException.class.getDeclaredConstructor(String.class, List.class, Path.class,
                Path.class, int.class);
        c.setAccessible(true);
        return c.newInstance(what, List.of("java", "-XX:+WhiteBoxAPI", "ProbeChild"), out, err, exit);
    }

    @Test
    public void aCrashStopsTheRunNamingTheVmsError() throws Exception {
        ChildVmException crash = thrown("child VM exited with 134", CRASH, "", 134);
        assertEquals(Probe.crashOf(crash), "crashed (SIGSEGV (0xb) at pc=0x00007f3a1c2b3c4d, pid=4242, tid=4243;"
                + " problematic frame: V  [libjvm.so+0x8a2b3c]  WhiteBox::compile_method+0x4c)");
        // wherever the library wrapped it
        assertEquals(Probe.crashOf(new IllegalStateException("run failed", new RuntimeException(crash))), Probe.crashOf(crash));
    }

    @Test
    public void aHangStopsTheRun() throws Exception {
        ChildVmException hang = thrown("child VM did not finish within 120 s", "", "", -1);
        assertEquals(Probe.crashOf(hang), "did not finish within 120 s");
    }

    @Test
    public void aVmThatWouldNotStartIsAProperty() throws Exception {
        assertNull(Probe.crashOf(thrown("child VM exited with 1", "", "Unrecognized VM option 'WhiteBoxAPI'\n"
                + "Error: Could not create the Java Virtual Machine.\n", 1)));
        assertNull(Probe.crashOf(thrown("cannot start /no/such/bin/java: error=2, No such file or directory", "", "", -1)));
        assertNull(Probe.stopReason(thrown("child VM exited with 1", "", "Unrecognized VM option 'WhiteBoxAPI'\n"
                + "Error: Could not create the Java Virtual Machine.\n", 1)));
        // a WhiteBox without the natives the child uses: the child records a skip
        assertNull(Probe.stopReason(new jtreg.SkippedException("this JDK's WhiteBox has no native getCPUFeatures")));
    }

    @Test
    public void aVmThatStartedAndThrewStopsTheRun() throws Exception {
        // issue 40: the child's code threw (a broken build, or a broken pack); as a property every WhiteBox test would skip
        ChildVmException threw = thrown("child VM exited with 1", "", "Exception in thread \"main\" java.lang.NullPointerException\n"
                + "\tat anatomy.probe.Probe$ProbeChild$Workload.main(Probe.java:790)\n", 1);
        assertNull(Probe.crashOf(threw));
        assertEquals(Probe.stopReason(threw), "started and then threw (Exception in thread \"main\" java.lang.NullPointerException)");
        assertEquals(Probe.stopReason(new AssertionError("expected the workload to compile at level 4")),
                "failed (expected the workload to compile at level 4)");
        assertEquals(Probe.stopReason(thrown("child VM exited with 134", CRASH, "", 134)), Probe.crashOf(thrown("x", CRASH, "", 134)));
    }
}
