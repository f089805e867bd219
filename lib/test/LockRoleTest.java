/*
 * @test
 * @summary A lock's CASes are tied to their roles by their place around the body: ReadLockFastPathIsInlineCas's chain rejects an acquire left to a call with a peeled release loop, which two CASes anywhere accepted
 * @library /lib
 * @run testng LockRoleTest
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.atLeast;
import static anatomy.Count.exactly;
import static anatomy.Op.CAS;
import static anatomy.Op.FIELD_LOAD;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Compiled;
import anatomy.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.testng.annotations.Test;

/*
 * x86_64 17's readLocked, as measured (2026-11-28): the acquire's CAS on the AQS state, the body's load of x at 0x40,
 * the release's CAS:
 *
 *   lock cmpxchgl %r11d, 0x10(%r12, %r13, 8) ; ... ; movq 0x40(%r14), %r13 ; ... ; lock cmpxchgl %r11d, 0x10(%r12, %r14, 8)
 *
 * and near misses a regression would emit, each a replayed nmethod run through the test's own chain.
 */
public class LockRoleTest {
    static final long X = 0x40;

    /** ReadLockFastPathIsInlineCas's chain. */
    static void roles(Compiled code) {
        assertThat(code).has(exactly(1), FIELD_LOAD.at(X)).has(CAS.before(FIELD_LOAD.at(X))).has(CAS.after(FIELD_LOAD.at(X)));
    }

    /** The chain before: two CASes anywhere. */
    static void counted(Compiled code) {
        assertThat(code).has(atLeast(2), CAS);
    }

    @Test
    public void theMeasuredShapePasses() throws Exception {
        Compiled measured = code("lock cmpxchgl\t%r11d, 0x10(%r12, %r13, 8)", "movq\t0x40(%r14), %r13",
                "lock cmpxchgl\t%r11d, 0x10(%r12, %r14, 8)", "movq\t%r13, %rax");
        roles(measured);
        counted(measured);
    }

    /* The acquire left to a call (the intrinsic lost), the release's retry loop peeled: two CASes, both after the body. */
    @Test
    public void anAcquireLeftToACallWithAPeeledReleaseFails() throws Exception {
        Compiled nearMiss = code("callq\t0x0000000000002000", "movq\t0x40(%r14), %r13",
                "lock cmpxchgl\t%r11d, 0x10(%r12, %r14, 8)", "lock cmpxchgl\t%r10d, 0x10(%r12, %r14, 8)");
        counted(nearMiss);    // the old assertion passed it
        AssertionError e = expectThrows(AssertionError.class, () -> roles(nearMiss));
        assertTrue(e.getMessage().contains("CAS before FIELD_LOAD at offset 64"), e.getMessage());
    }

    /* The release left to a call, the acquire's CAS twice before the body (a peeled retry of fullTryAcquireShared). */
    @Test
    public void aReleaseLeftToACallFails() throws Exception {
        Compiled nearMiss = code("lock cmpxchgl\t%r11d, 0x10(%r12, %r13, 8)", "lock cmpxchgl\t%r10d, 0x10(%r12, %r13, 8)",
                "movq\t0x40(%r14), %r13", "callq\t0x0000000000002000");
        counted(nearMiss);
        AssertionError e = expectThrows(AssertionError.class, () -> roles(nearMiss));
        assertTrue(e.getMessage().contains("CAS after FIELD_LOAD at offset 64"), e.getMessage());
    }

    /* The body's load copied (a second path that reads x again): the place around it is no longer one place. */
    @Test
    public void aSecondLoadOfTheFieldFails() throws Exception {
        Compiled nearMiss = code("lock cmpxchgl\t%r11d, 0x10(%r12, %r13, 8)", "movq\t0x40(%r14), %r13",
                "lock cmpxchgl\t%r11d, 0x10(%r12, %r14, 8)", "movq\t0x40(%r14), %r13");
        AssertionError e = expectThrows(AssertionError.class, () -> roles(nearMiss));
        assertTrue(e.getMessage().contains("exactly 1 x FIELD_LOAD at offset 64"), e.getMessage());
    }

    /** The instructions as one C2 nmethod's main code (5 bytes apart), then the return poll and the return. */
    private static Compiled code(String... body) throws Exception {
        StringBuilder text = new StringBuilder("Compiled method (c2)      61   49       4       T::readLocked (20 bytes)\n"
                + " main code      [0x0000000000001000,0x0000000000001100] = 256\n"
                + " stub code      [0x0000000000001100,0x0000000000001110] = 16\n[Disassembly]\n[Verified Entry Point]\n");
        long at = 0x1000;
        for (String i : body) {
            text.append(String.format("  0x%016x:   %s%n", at, i));
            at += 5;
        }
        text.append(String.format("  0x%016x:   cmpq\t0x28(%%r15), %%rsp            ;   {poll_return}%n", at));
        text.append(String.format("  0x%016x:   retq%n", at + 7));
        text.append("[Stub Code]\n  0x0000000000001100:   hlt\n[/Disassembly]\n");
        Path dir = Files.createDirectories(Path.of("replay", "lock-role-" + Integer.toHexString(text.toString().hashCode())));
        Files.writeString(dir.resolve("stdout"), text);
        Files.writeString(dir.resolve("compilation.xml"), "<hotspot_log></hotspot_log>");
        Files.writeString(dir.resolve("facts"), "os.arch=amd64\njava.runtime.version=synthetic\n");
        Run run = Run.replayUnsigned(LockRoleTest.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        return new Compiled(run.nmethods().get(0), run);
    }
}
