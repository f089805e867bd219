/*
 * @test
 * @summary C2 null-checks a field load implicitly, traps when nulls come, and recompiles with an explicit check (Quark #25)
 * @key headline nullchecks
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver ImplicitNullCheckTrapsAndBecomesExplicit
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.MADE_NOT_ENTRANT;
import static anatomy.Logged.TRAP_HIT;
import static anatomy.Op.EXPLICIT_NULL_CHECK;
import static anatomy.Op.IMPLICIT_NULL_CHECK;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * Java demands a NullPointerException from h.x when h is null, yet C2 usually emits no check at all:
 * it lets the load fault, and the nmethod's table maps the faulting pc to a handler ("implicit
 * exception"). That is free while nulls never come. When they do, the handler traps (null_check),
 * the code is made not entrant, and the next C2 code tests the reference explicitly, so that further
 * nulls are an ordinary branch and the code stays.
 *
 *   x86_64, JDK 25, first:       movl 0xc(%rsi), %eax ; implicit exception: dispatches to 0x...
 *   x86_64, JDK 25, recompiled:  testq %rsi, %rsi ; je 0x...
 *   aarch64, JDK 17, first:      ldr w0, [x1, #0xc] ; implicit exception: dispatches to 0x...
 *   aarch64, JDK 17, recompiled: cbz x1, 0x...
 */
/*
 * Not on s390x: C1 still registers its loads as implicit null checks under -ImplicitNullChecks, and the port's
 * signal handler (os_linux_s390.cpp) takes a SIGSEGV for one only while the flag is on, so the first null that reaches
 * C1's code crashes the VM (25.0.5: `l %r2, 12(%r2)`, noted "implicit exception", SEGV at 0x0 in a level-1 load).
 */
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:-ImplicitNullChecks", kills = IMPLICIT_NULL_CHECK, in = "load", why = "C2 then checks every reference explicitly",
        requires = "pack.isa != \"s390x\"")
@NegativeControl(flags = "-XX:PerMethodTrapLimit=0", kills = IMPLICIT_NULL_CHECK, in = "load", why = "an implicit check needs a trap behind it; without traps C2 checks explicitly")
public class ImplicitNullCheckTrapsAndBecomesExplicit {
    static class Holder {
        int x = 42;
    }

    static int load(Holder h) {
        return h.x;
    }

    static void loadNulls(int n) {
        for (int i = 0; i < n; i++) {
            try {
                load(null);
            } catch (NullPointerException expected) {
                // the behaviour under test
            }
        }
    }

    /*
     * Warm and compile without nulls; pass nulls; warm with some nulls, compile again, pass nulls again. Each
     * assertion is on the compile asked for: with eager thresholds the VM compiles load by itself before and after
     * the trap (Jit.compileAtC2 replaces such code; after the trap we ask only that our code is gone).
     */
    public static class Workload {
        public static void main(String[] args) {
            Holder holder = new Holder();
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                load(holder);
            }
            Jit.compileAtC2(ImplicitNullCheckTrapsAndBecomesExplicit.class, "load");
            loadNulls(10);
            Jit.snapshot("afterNulls", ImplicitNullCheckTrapsAndBecomesExplicit.class, "load");
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                load(holder);
            }
            loadNulls(10);
            Jit.compileAtC2(ImplicitNullCheckTrapsAndBecomesExplicit.class, "load");
            loadNulls(10);
            Jit.snapshot("afterMoreNulls", ImplicitNullCheckTrapsAndBecomesExplicit.class, "load");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        Compiled first = run.c2("load", 0), recompiled = run.c2("load", 1);
        firstChecksByTrap(first);
        assertThat(run.state("afterNulls")).isNotRunning(first);
        assertThat(first).has(TRAP_HIT.reason("null_check")).has(MADE_NOT_ENTRANT);
        recompiledChecksExplicitly(recompiled);
        assertThat(run.state("afterMoreNulls")).isRunning(recompiled);
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void firstChecksByTrap(Compiled first) {
        assertThat(first).has(IMPLICIT_NULL_CHECK);
    }

    static void recompiledChecksExplicitly(Compiled recompiled) {
        assertThat(recompiled).has(EXPLICIT_NULL_CHECK).hasNo(IMPLICIT_NULL_CHECK);
    }
}
