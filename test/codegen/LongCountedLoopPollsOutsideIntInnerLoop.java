/*
 * @test id=default
 * @summary A loop over a long index runs as an int counted loop that polls for safepoints only in an outer loop: its innermost loop runs without a poll (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.loopStripMining
 * @library /lib
 * @run driver LongCountedLoopPollsOutsideIntInnerLoop
 */

/*
 * @test id=any-gc
 * @summary A loop over a long index runs as an int counted loop that polls for safepoints only in an outer loop: its innermost loop runs without a poll (Quark #22)
 * @key codegen
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver LongCountedLoopPollsOutsideIntInnerLoop -XX:+UseCountedLoopSafepoints -XX:LoopStripMiningIter=1000
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.SAFEPOINT_POLL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Scope;

/*
 * Up to JDK 15 C2 made counted loops of int loops only: a loop over a long index polled in every iteration, which
 * made long-indexed code (the memory access API's) slow. Since JDK 16 (JDK-8223051, reworked by JDK-8256655) C2
 * makes it a loop nest: a long outer loop around an int counted loop of at most about 2^31 iterations, which then
 * gets the int loop's treatment, strip mining included (StripMinedLoopPollsOncePerStrip). Since JDK 26 (JDK-8342692,
 * ShortRunningLongLoop) C2 first speculates that the whole loop fits in an int: a predicate checks the trip count
 * at entry (a trap otherwise) and there is no long outer loop at all, just the int counted loop.
 *
 *   x86_64, JDK 17:   outer: movq 0x348(%r15), %r10 ... testl %eax, (%r10) {poll} ; cmpq $0x7ffffffd, %rcx
 *                     strip: cmpl $0x1f40, %edx ... inner: movl 0x1c(%rsi,%rdi,4), %r9d ... cmpl %edx, %r11d ; jl inner
 *                            movq 0x348(%r15), %r9 ; testl %eax, (%r9) {poll} ; cmpl 0x10(%rsp), %r11d ; jl strip
 *   x86_64, JDK 28-ea: cmpq $0x7ffffffd, %rdx ; jg trap ... inner: vpaddd 0xc(%rsi,%rbp,4), %zmm0, %zmm0 ...
 *                     cmpl %r11d, %r13d ; jl inner ; movq 0x30(%r15), %r14 ... testl %eax, (%r14) {poll}
 *   aarch64, JDK 28-ea: cmp x2, x8 ; b.gt trap ... inner: ldur q17, [x15, #0xc] ... cmp w3, w11 ; b.lt inner
 *                     ldr x15, [x28, #0x30] ... ldr wzr, [x15] {poll}
 *
 * We assert what both shapes share: some loop polls, no innermost loop does. With -XX:LoopStripMiningIter=1 the
 * int loop is not strip-mined and polls in every iteration, as a long loop did before JDK 16: the control. No
 * product flag turns the long loop nest off (StressLongCountedLoop exists in debug builds only).
 */
@NegativeControl(flags = "-XX:LoopStripMiningIter=1", kills = SAFEPOINT_POLL, in = "sum",
        why = "the int inner loop then keeps its poll, one per iteration")
public class LongCountedLoopPollsOutsideIntInnerLoop {
    static int sum(int[] a, long n) {
        int s = 0;
        for (long i = 0; i < n; i++) {
            s += a[(int) i];
        }
        return s;
    }

    public static class Workload {
        public static void main(String[] args) {
            int[] a = new int[10_000];
            int sink = 0;
            for (int i = 0, end = Jit.rounds(200); i < end; i++) {
                sink += sum(a, a.length);
            }
            Jit.compileAtC2(LongCountedLoopPollsOutsideIntInnerLoop.class, "sum", int[].class, long.class);
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, args);
        pollsOutsideIntInnerLoop(run.c2("sum"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void pollsOutsideIntInnerLoop(Compiled sum) {
        assertThat(sum).has(SAFEPOINT_POLL.inside(Scope.LOOP_BODY)).hasNo(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP));
    }
}
