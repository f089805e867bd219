/*
 * @test
 * @summary The lock's entry CAS and the branch on its outcome on riscv64, ppc64le and s390x, as measured in each locking mode: each recording has MARK_WORD_CAS_FAILING_OUT_OF_LINE, and the same code with that branch on the opposite condition has none
 * @library /lib
 * @run testng LockBranchPortsTest
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.MARK_WORD_CAS;
import static anatomy.Op.MARK_WORD_CAS_FAILING_OUT_OF_LINE;
import static anatomy.Op.RETURN_POLL;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Compiled;
import anatomy.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/*
 * SynchronizedFastPathIsInlineMarkWordCas::lockedIncrement's C2 code (its last compile), as the pack decoded it under
 * qemu-user on 2026-11-29 (lib/test/fixtures/locks; Debian's 21.0.13, 25.0.5, 28-ea+18): the locking modes the
 * recordings of lib/test/fixtures (Shapes::locked, lightweight locking on 25 and 28-ea) do not show. Stack locking is
 * 21's default and 25's -XX:LockingMode=1; 21's lightweight locking is -XX:+UnlockExperimentalVMOptions
 * -XX:LockingMode=2; riscv64's Zacas form -XX:+UnlockExperimentalVMOptions -XX:+UseZacas. Each near miss turns the
 * branch that decides into its opposite (a success to the slow path, a failure on inline), the edit of the chosen
 * mutant synchronized-cas-jcc-equal on x86_64: the CAS itself stays.
 */
public class LockBranchPortsTest {
    @DataProvider
    public Object[][] recordings() {
        return new Object[][] {
            // recording, os.arch, the branch that decides (its address), and its opposite
            {"riscv64-21", "riscv64", "0x00007fb6ac2d6f7c:   beq t3, t4,", "0x00007fb6ac2d6f7c:   bne t3, t4,"},
            {"riscv64-21-lightweight", "riscv64", "0x00007fa5042d6ef4:   bne t4, t3,", "0x00007fa5042d6ef4:   beq t4, t3,"},
            {"riscv64-25-stack", "riscv64", "0x00007fe3d40d8618:   beq t3, t4,", "0x00007fe3d40d8618:   bne t3, t4,"},
            {"riscv64-25-zacas", "riscv64", "0x00007f90a40d8322:   bne t3, t5,", "0x00007f90a40d8322:   beq t3, t5,"},
            {"ppc64le-21", "ppc64le", "0x00007fd5e84d6588:   bne- ", "0x00007fd5e84d6588:   beq- "},
            {"ppc64le-21-lightweight", "ppc64le", "0x00007f23b44d650c:   bne ", "0x00007f23b44d650c:   beq "},
            {"ppc64le-25-stack", "ppc64le", "0x00007f53e80d8568:   bne- ", "0x00007f53e80d8568:   beq- "},
            {"s390x-21", "s390x", "0x00007f46fc8d9b42:   je ", "0x00007f46fc8d9b42:   jlh "},
            {"s390x-25-stack", "s390x", "0x00007f879c4dcdde:   je ", "0x00007f879c4dcdde:   jlh "},
        };
    }

    @Test(dataProvider = "recordings")
    public void theMeasuredBranchLeadsOutOfLine(String name, String arch, String branch, String opposite) throws Exception {
        assertThat(replayed(name, arch, null, null)).has(MARK_WORD_CAS.before(RETURN_POLL))
                .has(MARK_WORD_CAS_FAILING_OUT_OF_LINE.before(RETURN_POLL));
    }

    @Test(dataProvider = "recordings")
    public void theOppositeConditionIsRejected(String name, String arch, String branch, String opposite) throws Exception {
        Compiled nearMiss = replayed(name, arch, branch, opposite);
        // the test's chain; where the branch sits inside the pair (riscv64's 21 lightweight locking), the CAS's own form
        // holds the compare's bne, and MARK_WORD_CAS already rejects it
        AssertionError e = expectThrows(AssertionError.class, () -> assertThat(nearMiss).has(MARK_WORD_CAS.before(RETURN_POLL))
                .has(MARK_WORD_CAS_FAILING_OUT_OF_LINE.before(RETURN_POLL)));
        assertTrue(e.getMessage().contains("MARK_WORD_CAS"), e.getMessage());
    }

    /** The recording as a run's last C2 compile; with {@code from}, that one line of it rewritten first. */
    private static Compiled replayed(String name, String arch, String from, String to) throws Exception {
        String text = Files.readString(Path.of(System.getProperty("test.src", "lib/test"), "fixtures", "locks", name + ".out"));
        if (from != null) {
            assertTrue(text.contains(from), name + ": no line " + from);
            text = text.replace(from, to);
        }
        Path dir = Files.createDirectories(Path.of("replay", "lock-branch-" + name + (from == null ? "" : "-opposite")));
        Files.writeString(dir.resolve("stdout"), text);
        Files.writeString(dir.resolve("compilation.xml"), "<hotspot_log></hotspot_log>");
        Files.writeString(dir.resolve("facts"), "os.arch=" + arch + "\njava.runtime.version=recorded\n");
        Run run = Run.replayUnsigned(LockBranchPortsTest.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        return new Compiled(run.nmethods().get(run.nmethods().size() - 1), run);
    }
}
