/*
 * @test id=default
 * @summary Identity hashes are non-zero 31-bit numbers, well spread, kept in the header and when a collection moves the object (Quark #26)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel") & pack.locking != "legacy" & pack.jdk >= 21
 * @library /lib
 * @run driver IdentityHashSurvivesObjectMove
 */

/*
 * @test id=stack-locking
 * @summary Identity hashes are non-zero 31-bit numbers, well spread, kept in the header and when a collection moves the object (Quark #26)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel") & (pack.locking == "legacy" | pack.jdk < 21)
 * @library /lib
 * @run driver IdentityHashSurvivesObjectMove stack-locking
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HASH_IN_HEADER;
import static anatomy.Fact.LOCKED_HASH_FOLLOWS_LOCKING;
import static anatomy.Fact.IDENTITY_HASH_IN_31_BITS;
import static anatomy.Fact.SPREAD_IDENTITY_HASH;
import static anatomy.Fact.STABLE_IDENTITY_HASH;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.util.Arrays;

/*
 * Object.hashCode() of a class that does not override it, System.identityHashCode, cannot be the address:
 * a copying collector moves the object and the hash must not change. So the VM draws a number the first time
 * it is asked (by default a thread-local xorshift generator, -XX:hashCode=5), keeps it in the object's header,
 * and copies it with the object. It is masked to 31 bits, and 0 is reserved for "no hash yet".
 *
 * We hash a thousand fresh objects, let a young collection copy them out of eden (WhiteBox gives their
 * addresses before and after: all moved, under G1, Serial and Parallel), and ask again.
 *
 *   x86_64, JDK 17 (G1):      moved 1000, changed 0, zero or negative 0, distinct 1000 (e.g. 723074861)
 *   x86_64, JDK 25 (G1):      the same; with -XX:+UseCompactObjectHeaders a bare Object is 8 bytes and
 *                             stays 8 bytes after it is hashed and moved (the hash fits in the mark word)
 *   x86_64, JDK 27, 28-ea:    compact headers by default (JEP 534, JDK-8360700): the same, 8 bytes before and
 *                             after; WhiteBox's sizes of the moved object and a fresh one are compared, not
 *                             constants, so a layout that grows a hashed object when it moves shows here
 *   aarch64, JDK 17 and 25:   the same numbers
 *
 * The header keeps it, so hashing an unlocked object makes no monitor (WhiteBox isMonitorInflated), on every
 * JDK and locking mode. A locked object shows where the header is: a stack lock (JDK 17, 21; LockingMode=1)
 * moves the header into the lock record on the thread's stack, so hashing it inflates a monitor to hold the
 * hash; a lightweight lock (JDK 25) leaves the header, hash bits included, in place and nothing inflates:
 *
 *   x86_64 and aarch64, JDK 17:  monitor made by hashing an unlocked object 0, a locked one 1 (variant stack-locking)
 *   x86_64 and aarch64, JDK 25:  0 and 0 (default; LockingMode=0, every lock a monitor already: 0 and 0)
 *
 * Z and Shenandoah evacuate only the regions they choose, so whether an object moves is theirs to decide
 * (JDK 17's Z moved none of them): the test requires a collector whose young collection copies every
 * survivor. The control is the experimental hash generator that answers 1 for every object.
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:hashCode=2", killsFact = SPREAD_IDENTITY_HASH,
        why = "hashCode=2 gives every object the hash 1")
public class IdentityHashSurvivesObjectMove {
    static final int OBJECTS = 1000;

    public static class Workload {
        public static void main(String[] args) {
            Object[] objects = new Object[OBJECTS];
            int[] hashes = new int[OBJECTS];
            long[] addresses = new long[OBJECTS];
            for (int i = 0; i < OBJECTS; i++) {
                objects[i] = new Object();
                hashes[i] = System.identityHashCode(objects[i]);
                addresses[i] = Vm.addressOf(objects[i]);
            }
            Vm.youngGC();
            int moved = 0;
            int changed = 0;
            for (int i = 0; i < OBJECTS; i++) {
                moved += Vm.addressOf(objects[i]) != addresses[i] ? 1 : 0;
                changed += System.identityHashCode(objects[i]) != hashes[i] ? 1 : 0;
            }
            Jit.measure("objects moved", moved);
            Jit.measure("hashes changed by the move", changed);
            Jit.measure("hashes zero or negative", Arrays.stream(hashes).filter(h -> h <= 0).count());
            Jit.measure("distinct hashes of " + OBJECTS + " objects", Arrays.stream(hashes).distinct().count());
            Jit.measure("bytes of a hashed object after the move", Vm.sizeOf(objects[0]));
            Jit.measure("bytes of a fresh object", Vm.sizeOf(new Object()));
            Object unlocked = new Object();
            System.identityHashCode(unlocked);
            Jit.measure("monitor made by hashing an unlocked object", Vm.isMonitorInflated(unlocked) ? 1 : 0);
            Object locked = new Object();
            synchronized (locked) {
                boolean before = Vm.isMonitorInflated(locked);
                System.identityHashCode(locked);
                Jit.measure("monitor made by hashing a locked object", !before && Vm.isMonitorInflated(locked) ? 1 : 0);
            }
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.measure("objects moved")).isEqualTo(OBJECTS);
        assertThat(IDENTITY_HASH_IN_31_BITS, run.measure("hashes zero or negative")).isEqualTo(0);
        assertThat(STABLE_IDENTITY_HASH, run.measure("hashes changed by the move")).isEqualTo(0);
        assertThat(SPREAD_IDENTITY_HASH, run.measure("distinct hashes of " + OBJECTS + " objects")).isAtLeast(OBJECTS * 0.99);
        assertThat(HASH_IN_HEADER, run.measure("monitor made by hashing an unlocked object")).isEqualTo(0);
        assertThat(HASH_IN_HEADER, run.measure("bytes of a hashed object after the move")).isEqualTo(run.measure("bytes of a fresh object").value());
        boolean stackLocking = args.length > 0 && args[0].equals("stack-locking");
        assertThat(LOCKED_HASH_FOLLOWS_LOCKING, run.measure("monitor made by hashing a locked object")).isEqualTo(stackLocking ? 1 : 0);
    }
}
