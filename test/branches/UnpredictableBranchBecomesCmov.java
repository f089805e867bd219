/*
 * @test id=default
 * @summary C2 turns an unpredictable branch into a conditional move and keeps a predictable one a branch (Quark #30)
 * @key headline branches
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.cmov
 * @library /lib
 * @run driver UnpredictableBranchBecomesCmov
 */

/*
 * @test id=zicond
 * @summary C2 turns an unpredictable branch into a conditional move and keeps a predictable one a branch (Quark #30)
 * @key headline branches
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.isa == "riscv64" & pack.cpu.extensions ~= ".*,zicond,.*" & pack.zicondFlag
 * @library /lib
 * @run driver UnpredictableBranchBecomesCmov -XX:+UseZicond
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.CMOV;
import static anatomy.Op.CONDITIONAL_BRANCH;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.SplittableRandom;

/*
 * A branch the CPU predicts costs nothing; one it mispredicts costs a pipeline flush. C2 reads the
 * branch profile: when both sides are taken about equally often it computes both values and selects
 * one with a conditional move, within the budget -XX:ConditionalMoveLimit allows; when one side
 * dominates it keeps the branch, which the predictor gets right nearly every time.
 *
 * The same ternary, compiled under two profiles (x == 1234 ? 1 : 2, 2026-11-28; the lines after were measured
 * on the same ternary over a boolean, b ? 1 : 2, which compares with 0 instead):
 *
 *   x86_64, JDK 17, 25 and 28, ~50/50:  cmpl $0x4d2, %esi ; cmovnel %r11d, %eax     ~99/1: cmpl $0x4d2, %esi ; jne
 *   aarch64, JDK 17, ~50/50:  cmp w1, #0x4d2 ; ... ; csel w0, w10, w12, ne         ~99/1: cmp w1, #0x4d2 ; b.ne
 *
 *   s390x, JDK 25, ~50/50:    lghi %r2, 2 ; ltr %r12, %r12 ; je +8 ; lghi %r2, 1
 *   riscv64, JDK 25, -XX:+UseZicond, ~50/50:
 *                             li t3, 1 ; li a0, 2 ; li t2, 0 ; xor t0, a1, t2 ; czero.nez a0, a0, t0 ;
 *                             czero.eqz t0, t3, t0 ; or a0, a0, t0     (JDK 28: add a0, a0, t0)
 *   riscv64, JDK 25 and 28, the default, ~50/50:  li t2, 0 ; beq a1, t2, 0x... ; mv a0, t3
 *   any, ~99/1:               a test and a conditional jump (s390x: ltr %r2, %r2 ; je <out of line>;
 *                             riscv64: beqz a1, 0x...)
 *
 * Each absence is anchored by the other form: the fair select has its cmov and no branch, the biased
 * one its branch and no cmov. The branch is tied to its own condition, the compare with our constant MARK
 * (CONDITIONAL_BRANCH.comparing), as a field's load is tied to its offset: no loop back-edge, range check,
 * inline-cache check or entry barrier compares with 1234.
 * No product flag makes C2 pick a cmov against a biased profile: -XX:+UseCMoveUnconditionally was
 * measured to leave biasedSelect a branch on JDK 17 and 25 (it concerns vectorized loops). The
 * biased half is guarded by its assertion alone; the control kills the fair half.
 *
 * s390x has load-on-condition, and C2 uses it for a CMove of two registers (b ? x : y is locgrne), but
 * it encodes a CMove of an immediate as a branch over one lghi (s390.ad, z_enc_cmov_imm): that shape is
 * C2's CMove, the port's encoding of it, and Op.CMOV counts it (at its branch, which CONDITIONAL_BRANCH
 * leaves out). So the fair half passes on C2's decision there, and a biased select turned into a CMove
 * fails, where the shape used to make the assertion a skip.
 *
 * RISC-V has a conditional move only with the Zicond extension, and C2 uses it only under -XX:+UseZicond, a
 * diagnostic flag off by default in 25 and 28-ea: otherwise its CMove is a branch over one mv (HotSpot's riscv.ad,
 * enc_cmove), and the variant default skips, naming that (pack.cmov). The variant zicond turns the flag on where
 * the CPU has the extension (the VM does not check it against the CPU), so the claim is proven on riscv64 by
 * default too; -XX:-UseZicond after it is riscv64's own control.
 */
@NegativeControl(flags = "-XX:ConditionalMoveLimit=0", kills = CMOV, in = "fairSelect", why = "C2 may then not convert any branch to a cmov")
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:-UseZicond", kills = CMOV, in = "fairSelect", requires = "pack.isa == \"riscv64\"",
        why = "without Zicond C2's CMove is a branch over one mv (riscv.ad, enc_cmove)")
public class UnpredictableBranchBecomesCmov {

    /* The value both shapes test for: a constant of our own, so the branch on it is told from any other compare. */
    static final int MARK = 1234;

    static int fairSelect(int x) {
        return x == MARK ? 1 : 2;
    }

    static int biasedSelect(int x) {
        return x == MARK ? 1 : 2;
    }

    /* Each shape gets its own call site and a seeded profile: ~50/50 for one, ~99/1 for the other. */
    public static class Workload {
        public static void main(String[] args) {
            SplittableRandom random = new SplittableRandom(42);
            int sink = 0;
            for (int i = 0, end = Jit.rounds(20_000); i < end; i++) {
                sink += fairSelect(random.nextInt(2) == 0 ? MARK : 0);
                sink += biasedSelect(random.nextInt(100) != 0 ? MARK : 0);
            }
            Jit.compileAtC2(UnpredictableBranchBecomesCmov.class, "fairSelect");
            Jit.compileAtC2(UnpredictableBranchBecomesCmov.class, "biasedSelect");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, args);
        assertThat(run.c2("biasedSelect")).has(CONDITIONAL_BRANCH.comparing(MARK)).hasNo(CMOV);
        fairSelectIsCmov(run.c2("fairSelect"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void fairSelectIsCmov(Compiled fairSelect) {
        assertThat(fairSelect).has(CMOV).hasNo(CONDITIONAL_BRANCH);
    }
}
