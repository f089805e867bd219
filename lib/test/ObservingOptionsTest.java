/*
 * @test
 * @summary The pack's observing options (its compilation log, its unified-log outputs) come after the user's and hold; the user's options they override are named
 * @library /lib
 * @run testng ObservingOptionsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.Jit;
import anatomy.capture.ChildVm;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;

/*
 * What anatomy.Jit.run places after the user's VM options, and what of the user's it names as overridden. Before
 * this, the compilation log's file and the tests' -Xlog outputs came before the user's options: a user's
 * -XX:LogFile=/tmp/x.log took the pack's compilation log away (10 tests failed on 25), -Xlog:disable its unified
 * logs (CollectorDesignShowsInItsLog: 5 of 6 variants failed on 17, "young pauses: at least 1, but was 0").
 */
public class ObservingOptionsTest {
    private static final Path LOG = Path.of("/w/T-1.compilation.xml");
    private static final Path VM_LOG = Path.of("/w/T-3.vm.log");
    private static final Path INIT_LOG = Path.of("/w/T-4.init.log");

    @Test
    public void theCompilationLogAndEveryXlogFlagOfTheTestAreObserving() {
        List<String> observing = Jit.observingOptions(List.of("-XX:+UseZGC", "-Xlog:gc,gc+phases", "-Xmx256m",
                "-Xlog:os=info:file=/w/os.log"), LOG, VM_LOG, INIT_LOG);
        assertEquals(observing, List.of("-XX:+LogCompilation", "-XX:LogFile=/w/T-1.compilation.xml", "-XX:+DisplayVMOutput",
                "-XX:-DisplayVMOutputToStderr", "-Xlog:gc+init=info:file=/w/T-4.init.log:uptime,level,tags",
                "-Xlog:gc,gc+phases:file=/w/T-3.vm.log:uptime,level,tags",
                "-Xlog:os=info:file=/w/os.log"));
    }

    @Test
    public void aUsersLogFileAndXlogDisableAreNamedAsOverridden() {
        List<String> observing = Jit.observingOptions(List.of("-Xlog:gc"), LOG, VM_LOG, INIT_LOG);
        List<String> user = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+LogCompilation", "-XX:LogFile=/tmp/x.log",
                "-Xlog:disable", "-XX:-TieredCompilation", "-Xlog:gc*:file=/tmp/gc.log");
        assertEquals(ChildVm.overriddenBy(user, observing), List.of("-XX:LogFile=/tmp/x.log", "-Xlog:disable"));
    }

    @Test
    public void whatChangesBehaviourIsNeverObserving() {
        List<String> observing = Jit.observingOptions(List.of("-XX:+UseSerialGC", "-XX:-EliminateLocks", "-Xmx1g"), LOG, VM_LOG, INIT_LOG);
        assertTrue(observing.stream().allMatch(o -> o.startsWith("-Xlog:") || o.matches("-XX:[+-]?(LogCompilation|LogFile|DisplayVMOutput\\w*)(=.*)?")),
                observing.toString());
        assertEquals(ChildVm.overriddenBy(List.of("-XX:-EliminateLocks", "-XX:+UseSerialGC"), observing), List.of());
    }

    @Test
    public void xlogDisableIsKeptWhenThePackAddsNoLogOutput() {
        assertEquals(ChildVm.overriddenBy(List.of("-Xlog:disable"), List.of("-XX:+LogCompilation")), List.of());
    }
}
