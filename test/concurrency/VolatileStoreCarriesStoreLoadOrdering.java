/*
 * @test
 * @summary A volatile store is ordered before later loads (x86_64: a full fence after it; AArch64: stlr); a plain store is not, nor a store into an object that does not escape (seed 004)
 * @key concurrency
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver VolatileStoreCarriesStoreLoadOrdering
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Logged.ELIMINATED_ALLOCATION;
import static anatomy.Op.FIELD_LOAD;
import static anatomy.Op.FIELD_STORE;
import static anatomy.Op.FULL_FENCE;
import static anatomy.Op.VOLATILE_STORE;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import jdk.internal.misc.Unsafe;

/*
 * The Java memory model makes volatile accesses sequentially consistent: a volatile store must not be
 * reordered with a later volatile load. x86_64 keeps every other order by itself (TSO) but lets a load pass
 * an earlier store, so C2 follows the store with a full fence, the locked no-op add on the stack that costs
 * less than mfence. AArch64 has a store-release (stlr) and a load-acquire (ldar) that are ordered with
 * each other, so the store itself carries the ordering and no barrier is emitted. A volatile load needs no
 * fence on either ISA (x86_64: a plain mov; AArch64: ldar). A plain store gets nothing.
 *
 *   x86_64, JDK 17:   movl %edx, 0xc(%rsi) ; lock addl $0, -0x40(%rsp)     (volatileStore)
 *   x86_64, JDK 25:   movl %edx, 0xc(%rsi) ; lock addl $0, -0x40(%rsp)
 *   aarch64, JDK 17:  stlr w2, [x10]        (volatileStore)   ldar w0, [x10]   (volatileLoad)
 *   aarch64, JDK 25:  stlr w2, [x10]                          ldar w0, [x10]
 *   any:              plainStore is one str/movl; storeIntoLocal compiles to no store at all
 *
 * The absences are anchored by the field's own access: a store or load at the offset the VM gave the field
 * (Unsafe.objectFieldOffset), never any access: the inline-cache check at every instance method's entry loads
 * the receiver's class word (movl 8(%rsi), %r10d; ldr w8, [x1, #8]) and is no evidence of anything.
 *
 * The ordering exists for other threads. An object that never leaves the method cannot be seen by one,
 * so escape analysis drops the barriers of a volatile store into it (and here the store itself, replaced
 * by a scalar). Without escape analysis the object is allocated and its store is fenced like any other:
 * that is the contrast's control. No product flag takes the fence off a shared volatile store, which is the
 * point; the headline's control is a program change: -Dconcurrency.plainStore=true makes volatileStore write
 * the plain field (C2 folds the static final): one movl, no fence, on x86_64; one str on AArch64.
 */
@NegativeControl(flags = "-Dconcurrency.plainStore=true", kills = VOLATILE_STORE, in = "volatileStore",
        why = "program change: volatileStore then writes the plain field, an unordered store")
@NegativeControl(flags = "-XX:-DoEscapeAnalysis", kills = VOLATILE_STORE, in = "storeIntoLocal",
        why = "the local object is then allocated and its volatile store ordered like a shared one")
public class VolatileStoreCarriesStoreLoadOrdering {
    volatile int shared;
    int plain;

    static class Local {
        volatile int v;
    }

    static final boolean PLAIN_STORE = Boolean.getBoolean("concurrency.plainStore");   // the control

    void volatileStore(int x) {
        if (PLAIN_STORE) {
            plain = x;
        } else {
            shared = x;
        }
    }

    void plainStore(int x) {
        plain = x;
    }

    int volatileLoad() {
        return shared;
    }

    static int storeIntoLocal(int x) {
        Local local = new Local();
        local.v = x;
        return local.v;
    }

    public static class Workload {
        public static void main(String[] args) {
            Unsafe unsafe = Unsafe.getUnsafe();
            Jit.measure("shared offset", unsafe.objectFieldOffset(VolatileStoreCarriesStoreLoadOrdering.class, "shared"));
            Jit.measure("plain offset", unsafe.objectFieldOffset(VolatileStoreCarriesStoreLoadOrdering.class, "plain"));
            VolatileStoreCarriesStoreLoadOrdering o = new VolatileStoreCarriesStoreLoadOrdering();
            int sink = 0;
            for (int i = 0, end = Jit.rounds(1000); i < end; i++) {
                o.volatileStore(i);
                o.plainStore(i);
                sink += o.volatileLoad() + storeIntoLocal(i);
            }
            for (String shape : new String[] {"volatileStore", "plainStore", "volatileLoad", "storeIntoLocal"}) {
                Jit.compileAtC2(VolatileStoreCarriesStoreLoadOrdering.class, shape);
            }
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED");
        long shared = (long) run.measure("shared offset").value();
        long plain = (long) run.measure("plain offset").value();
        volatileStoreIsOrdered(run.c2("volatileStore"));
        assertThat(run.c2("plainStore")).given(FIELD_STORE.at(plain)).hasNo(VOLATILE_STORE).hasNo(FULL_FENCE);
        assertThat(run.c2("volatileLoad")).given(FIELD_LOAD.at(shared)).hasNo(FULL_FENCE);
        assertThat(run.c2("storeIntoLocal")).given(ELIMINATED_ALLOCATION).hasNo(VOLATILE_STORE);
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void volatileStoreIsOrdered(Compiled volatileStore) {
        assertThat(volatileStore).has(VOLATILE_STORE);
    }
}
