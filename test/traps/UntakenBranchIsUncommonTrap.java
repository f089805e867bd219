/*
 * @test
 * @summary C2 compiles a never-taken branch as an uncommon trap, deoptimizes when it is taken, and recompiles both sides (Quark #29)
 * @key headline traps
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver UntakenBranchIsUncommonTrap
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.MADE_NOT_ENTRANT;
import static anatomy.Logged.TRAP_COMPILED;
import static anatomy.Logged.TRAP_HIT;
import static anatomy.Op.UNCOMMON_TRAP;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * C2 compiles only what the profile has seen. A branch never taken becomes a call into the
 * UncommonTrapBlob ("unstable_if"): smaller code, and facts the optimizer may rely on. When the branch
 * is finally taken, the code deoptimizes, is made not entrant, and the method goes back to the
 * interpreter to profile again; its next C2 code has both sides as real code and survives both: after a call
 * down each side the method still runs that recompile (WhiteBox: level 4 and its compile id), not the
 * interpreter or C1's code.
 *
 *   x86_64, JDK 25:   movl $0xffffff45, %esi ; callq ... ; - (reexecute) ...::multiply@1 ; {runtime_call UncommonTrapBlob}
 *   aarch64, JDK 17:  mov w1, #-0xbb ; bl ... ; {runtime_call UncommonTrapBlob}
 *   log:              <uncommon_trap bci='1' reason='unstable_if' action='reinterpret' comment='taken never'/>
 */
@NegativeControl(flags = "-XX:PerMethodTrapLimit=0", killsEvent = TRAP_COMPILED, in = "multiply", why = "C2 then compiles every branch, taken or not")
public class UntakenBranchIsUncommonTrap {
    static int value = 1;

    static void multiply(boolean first) {
        if (first) {
            value *= 3;
        } else {
            value *= 5;
        }
    }

    /* Warm with one side only, compile, take the other side once; then warm both and compile again. */
    public static class Workload {
        public static void main(String[] args) {
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                multiply(true);
            }
            Jit.compileAtC2(UntakenBranchIsUncommonTrap.class, "multiply");
            multiply(false);
            Jit.snapshot("afterOtherSide", UntakenBranchIsUncommonTrap.class, "multiply");
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                multiply(i % 2 == 0);
            }
            Jit.compileAtC2(UntakenBranchIsUncommonTrap.class, "multiply");
            multiply(false);
            multiply(true);
            Jit.snapshot("afterBothSides", UntakenBranchIsUncommonTrap.class, "multiply");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        untakenSideIsATrap(run.c2("multiply", 0));
        assertThat(run.state("afterOtherSide")).isNotCompiled();
        bothSidesAreCompiled(run.c2("multiply", 1));
        assertThat(run.state("afterBothSides")).isRunningCompileAt(Jit.C2);
    }

    /* The claims on the two compiles. lib/test/NearMissTest runs them on recorded runs edited into a regression's. */
    static void untakenSideIsATrap(Compiled oneSided) {
        assertThat(oneSided).has(TRAP_COMPILED.reason("unstable_if")).has(UNCOMMON_TRAP);
        assertThat(oneSided).has(TRAP_HIT.reason("unstable_if")).has(MADE_NOT_ENTRANT);
    }

    static void bothSidesAreCompiled(Compiled bothSided) {
        assertThat(bothSided).hasNo(TRAP_COMPILED.reason("unstable_if"));
    }
}
