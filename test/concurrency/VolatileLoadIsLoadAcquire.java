/*
 * @test
 * @summary On AArch64 a volatile load compiles to a load-acquire (ldar), a plain load to a plain ldr, and a volatile load from an object that does not escape to no ordered load at all (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox & pack.isa == "aarch64"
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver VolatileLoadIsLoadAcquire
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.ELIMINATED_ALLOCATION;
import static anatomy.Op.FIELD_LOAD;
import static anatomy.Op.FULL_FENCE;
import static anatomy.Op.LOAD_ACQUIRE;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import jdk.internal.misc.Unsafe;

/*
 * A volatile load must not be reordered with the loads and stores after it (acquire), nor with an earlier
 * volatile store. x86_64 gives the first for free, every load is an acquire there, so a volatile load is a
 * plain mov and this test has nothing to see on it (VolatileStoreCarriesStoreLoadOrdering checks that it has
 * no fence). AArch64 reorders loads freely, and C2 asks for the ordering in the load itself: ldar, a
 * load-acquire, which is also ordered after an earlier stlr. No barrier instruction is needed, and a plain
 * load stays a plain ldr.
 *
 *   aarch64, JDK 17 and 25:   ldar w0, [x10]             (volatileLoad: the field address is formed first)
 *                             ldr w0, [x1, #0x10]        (plainLoad)
 *                             no ldar, no dmb            (loadFromLocal: the object is scalar replaced)
 *
 * The plain load's absence is anchored by the field's own load: a FIELD_LOAD at the offset the VM gave `plain`
 * (Unsafe.objectFieldOffset), not any load, for the inline-cache check at every instance method's unverified
 * entry loads the receiver's class word (ldr w8, [x1, #8]) and is no evidence of anything.
 *
 * The ordering is for other threads. An object that never leaves the method cannot be seen by one, so escape
 * analysis removes the object and its ordered accesses. Without it the object is allocated and its volatile
 * field is read with ldar (after its stlr): -XX:-DoEscapeAnalysis kills the contrast. No product flag of 17 or
 * 25 takes the acquire off the shared load: UseBarriersForVolatile (a plain ldr between barriers), a product
 * flag of the AArch64 port up to JDK 14, is an unrecognised option on 17 and 25, and the diagnostic
 * AlwaysMergeDMB only merges barriers. So only a program change kills the headline:
 * -Dconcurrency.plainLoad=true makes volatileLoad read the plain field (C2 folds the static final): a plain ldr.
 */
@NegativeControl(flags = "-Dconcurrency.plainLoad=true", kills = LOAD_ACQUIRE, in = "volatileLoad", requires = "pack.isa == \"aarch64\"",
        why = "volatileLoad then reads the plain field")
@NegativeControl(flags = "-XX:-DoEscapeAnalysis", kills = LOAD_ACQUIRE, in = "loadFromLocal", requires = "pack.isa == \"aarch64\"",
        why = "the local object is then allocated and its volatile field read with a load-acquire like a shared one")
public class VolatileLoadIsLoadAcquire {
    static final boolean PLAIN_LOAD = Boolean.getBoolean("concurrency.plainLoad");   // the control
    volatile int shared;
    int plain;

    static class Local {
        volatile int v;

        Local(int x) {
            v = x;
        }
    }

    int volatileLoad() {
        return PLAIN_LOAD ? plain : shared;
    }

    int plainLoad() {
        return plain;
    }

    static int loadFromLocal(int x) {
        return new Local(x).v;
    }

    public static class Workload {
        public static void main(String[] args) {
            Jit.measure("plain offset", Unsafe.getUnsafe().objectFieldOffset(VolatileLoadIsLoadAcquire.class, "plain"));
            VolatileLoadIsLoadAcquire o = new VolatileLoadIsLoadAcquire();
            int sink = 0;
            for (int i = 0, end = Jit.rounds(1000); i < end; i++) {
                sink += o.volatileLoad() + o.plainLoad() + loadFromLocal(i);
            }
            for (String shape : new String[] {"volatileLoad", "plainLoad"}) {
                Jit.compileAtC2(VolatileLoadIsLoadAcquire.class, shape);
            }
            Jit.compileAtC2(VolatileLoadIsLoadAcquire.class, "loadFromLocal", int.class);
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
        volatileLoadAcquires(run.c2("volatileLoad"));
        plainLoadDoesNot(run.c2("plainLoad"), (long) run.measure("plain offset").value());
        localLoadDoesNot(run.c2("loadFromLocal"));
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void volatileLoadAcquires(Compiled volatileLoad) {
        assertThat(volatileLoad).has(LOAD_ACQUIRE).hasNo(FULL_FENCE);
    }

    static void plainLoadDoesNot(Compiled plainLoad, long plain) {
        assertThat(plainLoad).given(FIELD_LOAD.at(plain)).hasNo(LOAD_ACQUIRE);
    }

    static void localLoadDoesNot(Compiled loadFromLocal) {
        assertThat(loadFromLocal).given(ELIMINATED_ALLOCATION).hasNo(LOAD_ACQUIRE);
    }
}
