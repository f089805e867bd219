/*
 * @test id=default
 * @summary A C2-compiled counted loop polls for safepoints inside its body, and a method polls once at its return (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.countedLoopSafepoints & pack.isa != "s390x"
 * @library /lib
 * @run driver CountedLoopHasSafepointPoll
 */

/*
 * @test id=any-gc
 * @summary A C2-compiled counted loop polls for safepoints inside its body, and a method polls once at its return (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.isa != "s390x"
 * @library /lib
 * @run driver CountedLoopHasSafepointPoll -XX:+UseCountedLoopSafepoints
 */

/*
 * @test id=s390x
 * @summary A C2-compiled counted loop polls for safepoints inside its body, and a method polls once at its return (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.isa == "s390x"
 * @library /lib
 * @run driver CountedLoopHasSafepointPoll page-at-return -XX:+UseCountedLoopSafepoints
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.RETURN_POLL;
import static anatomy.Op.SAFEPOINT_POLL;
import static anatomy.Op.STACK_WATERMARK_POLL;
import static anatomy.Op.THREAD_LOCAL_POLL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Scope;
import java.util.Arrays;

/*
 * A thread stops for a safepoint only where its code polls: it loads the address of the page its own thread
 * points to and reads it; the VM makes that thread's page unreadable to stop it (thread-local handshakes,
 * JEP 312, JDK 10; the global polling page went in JDK 14). Every method polls at its return by comparing
 * the stack pointer with the thread's watermark, reading no page (since JDK 16: JEP 376, JDK-8253180, which
 * lets ZGC process stacks lazily; every JDK the pack runs has it). We assert both forms. A counted loop
 * polls inside its body only with UseCountedLoopSafepoints, which the VM turns on for the collectors
 * whose pauses should stay short (G1, Z, Shenandoah) and off for Serial and Parallel: the variant default
 * requires the VM's own value; any-gc sets it. With loop strip mining (LoopStripMiningIter, 1000 with
 * G1) the poll sits in an outer loop around strips of 1000 iterations, still inside the loop.
 *
 *   x86_64, JDK 17:   movq 0x348(%r15), %r8 ; testl %eax, (%r8) {poll} ... cmpq 0x340(%r15), %rsp {poll_return}
 *   x86_64, JDK 25:   movq 0x30(%r15), %r8 ; testl %eax, (%r8) {poll} ...  cmpq 0x28(%r15), %rsp {poll_return}
 *   aarch64, JDK 17:  ldr x10, [x28, #0x348] ; ldr wzr, [x10] {poll} ... ldr x8, [x28, #0x340] {poll_return} ; cmp sp, x8
 *   aarch64, JDK 25:  ldr x10, [x28, #0x30] ; ldr wzr, [x10] {poll} ... ldr x8, [x28, #0x28] {poll_return}
 *
 * Without counted-loop safepoints the loop runs to its end unpolled (time to safepoint grows with it):
 * the control. straightLine shows the return poll alone.
 *
 * s390x has no watermark return poll: C2's epilog there reads the thread's page like a loop poll (HotSpot's
 * s390.ad, MachEpilogNode::emit: lg %r1, 48(%r8) ; tm 0(%r1), 111 ; br %r14 on 25.0.5 and 28-ea+18), so its
 * variant asserts that form at the return instead (setting the flag, as any-gc does).
 */
@NegativeControl(flags = "-XX:-UseCountedLoopSafepoints", kills = SAFEPOINT_POLL, in = "sum",
        why = "C2 then leaves counted loops without a poll")
public class CountedLoopHasSafepointPoll {
    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int straightLine(int x, int y) {
        return x * 31 + y;
    }

    public static class Workload {
        public static void main(String[] args) {
            int[] a = new int[100];
            int sink = 0;
            for (int i = 0, end = Jit.rounds(2_000); i < end; i++) {
                sink += sum(a) + straightLine(i, sink);
            }
            Jit.compileAtC2(CountedLoopHasSafepointPoll.class, "sum");
            Jit.compileAtC2(CountedLoopHasSafepointPoll.class, "straightLine");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        boolean pageAtReturn = args.length > 0 && args[0].equals("page-at-return");
        Run run = Jit.run(Workload.class, pageAtReturn ? Arrays.copyOfRange(args, 1, args.length) : args);
        loopIsPolled(run.c2("sum"));
        straightLineIsNot(run.c2("straightLine"));
        assertThat(run.c2("straightLine")).has(exactly(1), pageAtReturn ? THREAD_LOCAL_POLL : STACK_WATERMARK_POLL);
        if (!pageAtReturn) {
            assertThat(run.c2("sum")).has(exactly(1), STACK_WATERMARK_POLL);
        }
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void loopIsPolled(Compiled sum) {
        assertThat(sum).has(SAFEPOINT_POLL.inside(Scope.LOOP_BODY)).has(exactly(1), RETURN_POLL);
        assertThat(sum).has(THREAD_LOCAL_POLL.inside(Scope.LOOP_BODY));
    }

    static void straightLineIsNot(Compiled straightLine) {
        assertThat(straightLine).has(exactly(1), RETURN_POLL).hasNo(SAFEPOINT_POLL);
    }
}
