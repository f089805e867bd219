/*
 * @test
 * @summary Asked to diagnose locks on value-based objects (JEP 390), C2's inline lock sends each such lock to the runtime, which reports it: the fast path tests the object's class first (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver ValueBasedLockLeavesTheFastPath
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.VALUE_BASED_LOCK_REPORTED;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;

/*
 * Instances of value-based classes (Integer, Optional, LocalDate, ...) have no identity a program should rely on, so
 * JEP 390 (JDK 16) lets the VM diagnose a lock taken on one: -XX:DiagnoseSyncOnValueBasedClasses=1 stops the VM, =2
 * reports it (-Xlog:valuebasedclasses: "Synchronizing on object 0x... of klass java.lang.Integer" and the stack). The
 * report is the runtime's, but C2 inlines the lock (SynchronizedFastPathIsInlineMarkWordCas): with the flag set, C2's
 * fast path first loads the object's class and tests its value-based bit, and takes the slow path, the runtime call,
 * when it is set. Without the flag that test is not emitted at all, which is why it must be asked for here.
 *
 *   x86_64, 28-ea:   movq (%rsi), %rax ; shrq ... ; (the class from the mark word) ; testb $2, <flags>(%rax) ; jne S ;
 *                    ... lock cmpxchgq ...              (S: after the return, the call to complete_monitor_locking)
 *
 * lockedIncrement is warmed on plain objects, compiled at C2, and then locks ten new Integers: ten reports, all made
 * while the C2 code was still the method's (the state after). A user's own DiagnoseSyncOnValueBasedClasses replaces
 * the test's 2 (their options come last), and the run skips naming it. The control is a program change,
 * -Dconcurrency.plainLock=true: the ten locks are then on plain objects, which nothing reports.
 */
@NegativeControl(flags = "-Dconcurrency.plainLock=true", killsFact = VALUE_BASED_LOCK_REPORTED,
        why = "program change: the C2 code then locks plain objects, which are not value-based")
public class ValueBasedLockLeavesTheFastPath {
    int x;
    static final int LOCKS = 10;
    static final boolean PLAIN_LOCK = Boolean.getBoolean("concurrency.plainLock");   // the control

    void lockedIncrement(Object lock) {
        synchronized (lock) {
            x++;
        }
    }

    public static class Workload {
        public static void main(String[] args) {
            Object mode = Vm.flag("DiagnoseSyncOnValueBasedClasses");
            if (!Long.valueOf(2).equals(mode)) {
                throw new jtreg.SkippedException("the VM options set -XX:DiagnoseSyncOnValueBasedClasses=" + mode + " over the test's 2");
            }
            ValueBasedLockLeavesTheFastPath o = new ValueBasedLockLeavesTheFastPath();
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                o.lockedIncrement(new Object());
            }
            Jit.compileAtC2(ValueBasedLockLeavesTheFastPath.class, "lockedIncrement", Object.class);
            for (int i = 0; i < LOCKS; i++) {
                o.lockedIncrement(PLAIN_LOCK ? new Object() : Integer.valueOf(1_000_000 + i));
            }
            Jit.snapshot("after the ten locks", ValueBasedLockLeavesTheFastPath.class, "lockedIncrement", Object.class);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-XX:+UnlockDiagnosticVMOptions", "-XX:DiagnoseSyncOnValueBasedClasses=2",
                "-Xlog:valuebasedclasses=info");
        assertThat(run.state("after the ten locks")).isRunningCompileAt(Jit.C2);
        long reports = run.vmLog().lines("valuebasedclasses").stream().filter(l -> l.message().startsWith("Synchronizing on object")).count();
        assertThat(VALUE_BASED_LOCK_REPORTED, run.measured("locks of value-based objects the runtime reported", reports)).isEqualTo(LOCKS);
    }
}
