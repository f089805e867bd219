/*
 * @test id=default
 * @summary In compiled code an object referenced only by a dead local is collectable while the method still runs; the interpreter and reachabilityFence keep it (Quark #8)
 * @key objects
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.gc != "epsilon"
 * @library /lib
 * @run driver DeadLocalIsCollectedInCompiledCode
 */

/*
 * @test id=osr
 * @summary In OSR-compiled code an object referenced only by a dead local is collectable while the loop still runs (Quark #8)
 * @key objects
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.gc != "epsilon" & pack.osr
 * @library /lib
 * @run driver DeadLocalIsCollectedInCompiledCode osr
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.DEAD_LOCAL_COLLECTED;
import static anatomy.Fact.FENCE_KEEPS_REACHABLE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;

/*
 * A local past its last use keeps nothing alive: compiled code's GC maps list only the locals still to be read,
 * so a collection mid-method may clear a weak reference to its object; interpreted frames keep every local. Where
 * the object must live on (a resource a native call still uses), reachabilityFence(local) is a use C2 keeps.
 *
 * Each method makes an object, a weak reference to it, runs a full collection (WhiteBox) and says whether the
 * reference was cleared, all while its frame is on the stack; after the calls, each still runs its C2 compile:
 *
 *   x86_64, aarch64, 17 and 25:  interpreted false, C2 true, C2 with the fence false (x86_64: every collector)
 *
 * Variant osr: the same in a loop's OSR code. Long calls get the loop OSR-compiled (C1, then C2; -Xbatch); with
 * the normal-entry code dropped, the last call starts interpreted, enters the C2 OSR code at a back-edge and
 * collects inside the loop, where the GC map holds one oop, the weak reference (both ISAs, 17 and 25: cleared):
 *
 *   x86_64, JDK 17 and 25:  callq ... ; ImmutableOopMap {rbp=Oop } ;*invokestatic fullGC  (C2, OSR @ 20)
 *
 * A debugger keeps the locals: the JDWP agent takes the JVMTI capability to read any local variable, and
 * the compilers then keep every local alive to the end of its scope. That is the control.
 */
@NegativeControl(flags = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0",
        killsFact = DEAD_LOCAL_COLLECTED, why = "with a debugger attached the compilers keep every local alive")
public class DeadLocalIsCollectedInCompiledCode {
    static boolean deadLocal() {
        Object local = new Object();
        WeakReference<Object> ref = new WeakReference<>(local);
        Vm.fullGC();
        return ref.get() == null;
    }

    static boolean fencedLocal() {
        Object local = new Object();
        WeakReference<Object> ref = new WeakReference<>(local);
        Vm.fullGC();
        boolean cleared = ref.get() == null;
        Reference.reachabilityFence(local);
        return cleared;
    }

    static boolean deadLocalInLongLoop(long spins) {
        Object local = new Object();
        WeakReference<Object> ref = new WeakReference<>(local);
        for (long i = 0; ; i++) {
            if (i == spins) {
                Vm.fullGC();
                return ref.get() == null;
            }
        }
    }

    /* The first calls run in the interpreter and resolve the classes, so C2 compiles no trap for them. */
    public static class Workload {
        public static void main(String[] args) {
            Jit.measure("interpreted: referent cleared", deadLocal() ? 1 : 0);
            fencedLocal();
            Jit.compileAtC2(DeadLocalIsCollectedInCompiledCode.class, "deadLocal");
            Jit.compileAtC2(DeadLocalIsCollectedInCompiledCode.class, "fencedLocal");
            Jit.measure("compiled: referent cleared", deadLocal() ? 1 : 0);
            Jit.measure("compiled with reachabilityFence: referent cleared", fencedLocal() ? 1 : 0);
            Jit.snapshot("after the calls", DeadLocalIsCollectedInCompiledCode.class, "deadLocal");
            Jit.snapshot("after the fenced call", DeadLocalIsCollectedInCompiledCode.class, "fencedLocal");
        }
    }

    public static class OsrWorkload {
        public static void main(String[] args) {
            Class<?> c = DeadLocalIsCollectedInCompiledCode.class;
            Jit.measure("interpreted loop: referent cleared", deadLocalInLongLoop(0) ? 1 : 0);
            for (int call = 0; call < 20 && Jit.osrLevel(c, "deadLocalInLongLoop") < Jit.C2; call++) deadLocalInLongLoop(1 << 20);
            Jit.deoptimize(c, "deadLocalInLongLoop");
            Jit.snapshot("before the last call", c, "deadLocalInLongLoop");
            Jit.measure("OSR-compiled loop: referent cleared", deadLocalInLongLoop(1 << 20) ? 1 : 0);
            Jit.measure("compile level of the loop's OSR code", Jit.osrLevel(c, "deadLocalInLongLoop"));
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(args.length > 0 ? OsrWorkload.class : Workload.class);
        if (args.length > 0) {
            assertThat(run.measure("interpreted loop: referent cleared")).isEqualTo(0);
            assertThat(run.state("before the last call")).isNotCompiled();
            assertThat(run.measure("compile level of the loop's OSR code")).isEqualTo(Jit.C2);
            assertThat(DEAD_LOCAL_COLLECTED, run.measure("OSR-compiled loop: referent cleared")).isEqualTo(1);
            return;
        }
        assertThat(run.measure("interpreted: referent cleared")).isEqualTo(0);
        assertThat(run.state("after the calls")).isRunningCompileAt(Jit.C2);
        assertThat(DEAD_LOCAL_COLLECTED, run.measure("compiled: referent cleared")).isEqualTo(1);
        assertThat(run.state("after the fenced call")).isRunningCompileAt(Jit.C2);
        assertThat(FENCE_KEEPS_REACHABLE, run.measure("compiled with reachabilityFence: referent cleared")).isEqualTo(0);
    }
}
