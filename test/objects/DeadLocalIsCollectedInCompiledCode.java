/*
 * @test
 * @summary In compiled code an object referenced only by a dead local is collectable while the method still runs; the interpreter and reachabilityFence keep it (Quark #8)
 * @key objects
 * @requires pack.c2 & pack.whitebox & pack.profiled & pack.gc != "epsilon"
 * @library /lib
 * @run driver DeadLocalIsCollectedInCompiledCode
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
 * The Java language makes an object unreachable when no live thread can use it any more, and a local after
 * its last use is such a reference: a compiled method's GC maps list only the locals still to be read. So a
 * collection during the method, in the middle of the code that declared the local, may clear a weak
 * reference to the object. The interpreter's frames keep every local that holds a reference. Where the
 * object must live to the end (a resource a native call still uses), Reference.reachabilityFence(local)
 * is a use that the compilers keep.
 *
 * Each method makes an object, a weak reference to it, runs a full collection (WhiteBox) and says whether
 * the reference was cleared, all while its frame is on the stack:
 *
 *   x86_64, JDK 17 and 25:   interpreted false, C2 true, C2 with the fence false
 *   aarch64, JDK 17 and 25:  the same (under G1; on x86_64 also Serial, Parallel, Z, Shenandoah)
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
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.measure("interpreted: referent cleared")).isEqualTo(0);
        assertThat(run.state("after the calls")).isCompiled();
        assertThat(DEAD_LOCAL_COLLECTED, run.measure("compiled: referent cleared")).isEqualTo(1);
        assertThat(FENCE_KEEPS_REACHABLE, run.measure("compiled with reachabilityFence: referent cleared")).isEqualTo(0);
    }
}
