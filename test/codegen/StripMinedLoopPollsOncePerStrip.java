/*
 * @test id=default
 * @summary A strip-mined counted loop polls for safepoints in an outer loop, once per strip: the innermost loop runs without a poll (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.loopStripMining
 * @library /lib
 * @run driver StripMinedLoopPollsOncePerStrip
 */

/*
 * @test id=any-gc
 * @summary A strip-mined counted loop polls for safepoints in an outer loop, once per strip: the innermost loop runs without a poll (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver StripMinedLoopPollsOncePerStrip -XX:+UseCountedLoopSafepoints -XX:LoopStripMiningIter=1000
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.SAFEPOINT_POLL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Scope;

/*
 * A poll in every iteration of a counted loop (CountedLoopHasSafepointPoll) costs a load on the hot path. Loop strip
 * mining (JDK 10, JDK-8186027) keeps the time to safepoint bounded without it: C2 splits the loop into strips of
 * LoopStripMiningIter iterations, an inner counted loop that runs the strip unpolled, inside an outer loop that polls
 * once per strip. G1, ZGC and Shenandoah turn it on (UseCountedLoopSafepoints, LoopStripMiningIter=1000); Serial and
 * Parallel leave both off, so the variant default requires the VM's own setting and any-gc sets it.
 *
 *   x86_64, JDK 25:   inner: addl (%rsi,%rdx,4), %eax ... cmpl %r9d, %edx ; jl inner
 *                     movq 0x30(%r15), %r10 ; testl %eax, (%r10) {poll} ; cmpl %edi, %edx ; jl outer
 *
 * We assert that some loop polls and no innermost loop does. With -XX:LoopStripMiningIter=0 C2 keeps the counted
 * loop whole and polls in its one loop, every iteration: the control.
 */
@NegativeControl(flags = "-XX:LoopStripMiningIter=0", kills = SAFEPOINT_POLL, in = "sum",
        why = "C2 then polls inside the counted loop itself, every iteration")
public class StripMinedLoopPollsOncePerStrip {
    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static class Workload {
        public static void main(String[] args) {
            int[] a = new int[10_000];
            int sink = 0;
            for (int i = 0, end = Jit.rounds(200); i < end; i++) {
                sink += sum(a);
            }
            Jit.compileAtC2(StripMinedLoopPollsOncePerStrip.class, "sum");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, args);
        pollsOncePerStrip(run.c2("sum"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void pollsOncePerStrip(Compiled sum) {
        assertThat(sum).has(SAFEPOINT_POLL.inside(Scope.LOOP_BODY)).hasNo(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP));
    }
}
