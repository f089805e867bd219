/*
 * @test id=default
 * @summary Identity hashes are non-zero 31-bit numbers, well spread, one per object whichever thread asks first, kept in the header and when a collection moves the object (Quark #26)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel") & pack.locking != "legacy" & pack.jdk >= 21
 * @library /lib
 * @run driver IdentityHashSurvivesObjectMove
 */

/*
 * @test id=stack-locking
 * @summary Identity hashes are non-zero 31-bit numbers, well spread, one per object whichever thread asks first, kept in the header and when a collection moves the object (Quark #26)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel") & (pack.locking == "legacy" | pack.jdk < 21)
 * @library /lib
 * @run driver IdentityHashSurvivesObjectMove stack-locking
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HASH_IN_HEADER;
import static anatomy.Fact.LOCKED_HASH_FOLLOWS_LOCKING;
import static anatomy.Fact.IDENTITY_HASH_IN_31_BITS;
import static anatomy.Fact.ONE_IDENTITY_HASH_WHICHEVER_THREAD;
import static anatomy.Fact.SPREAD_IDENTITY_HASH;
import static anatomy.Fact.STABLE_IDENTITY_HASH;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

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
 *
 * An object has one hash, whichever thread asks first. The VM draws a number and installs it with a CAS on the
 * header; a thread whose CAS fails because another installed a hash first returns the one in the header, not the
 * one it drew (28-ea: oopDesc::slow_identity_hash; 17 to 25: ObjectSynchronizer::FastHashCode). Two threads hash
 * the same fresh objects in the same order, sixteen rounds of 4096, each with a new second thread, started by both
 * spinning on one counter (a blocking barrier wakes one of them tens of microseconds late). The loop is compiled
 * first: compiled code reads a hash already in the header inline and calls into the VM only to make one, so the
 * thread behind catches up with the one ahead and they meet at objects neither has hashed. Each object's two
 * hashes must agree and equal a later call's:
 *
 *   x86_64, JDK 17 to 28-ea; aarch64, 28-ea:   objects whose two threads' hashes differ 0 of 65536
 *   x86_64, 28-ea+18, the CAS's test inverted:  8169, 19442 and 21866 of 65536 (three runs, load average ~3)
 *
 * The race needs the two threads on two cores at once: two threads kept on one core by other load take turns and
 * never race. A new second thread each round lets the kernel place it again (on a shared two-core machine, load
 * average 3 to 5, a copy of the race raced in 4 of 10 runs with one thread for all rounds; with a new one each
 * round, in 9, 7 and 8 of 10).
 *
 * Its control changes the program: with -Dobjects.hashNeighbour=true the second thread hashes each object's
 * neighbour, so an object's two hashes are two objects' hashes.
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:hashCode=2", killsFact = SPREAD_IDENTITY_HASH,
        why = "hashCode=2 gives every object the hash 1")
@NegativeControl(flags = "-Dobjects.hashNeighbour=true", killsFact = ONE_IDENTITY_HASH_WHICHEVER_THREAD,
        why = "a program change (no flag makes two hashes): the second thread hashes each object's neighbour")
public class IdentityHashSurvivesObjectMove {
    static final int OBJECTS = 1000;
    static final int ROUNDS = 16;
    static final int RACED = 4096;
    static final boolean HASH_NEIGHBOUR = Boolean.getBoolean("objects.hashNeighbour");   // the control

    /**
     * Two threads hash the same fresh objects at once, round after round, the second a new thread each round: the
     * kernel places a new thread afresh, and two threads kept on one core take turns and never race.
     */
    static long objectsHashedTwoWays() throws InterruptedException {
        for (int i = 0; i < 2000; i++) {
            hashEach(fresh(64), new int[64], 0);   // compiled before the race: the thread behind catches up
        }
        long twoWays = 0;
        for (int r = 0; r < ROUNDS; r++) {
            Object[] objects = fresh(RACED);
            int[] first = new int[RACED];
            int[] second = new int[RACED];
            AtomicInteger arrived = new AtomicInteger();
            Thread other = new Thread(() -> {
                arriveTogether(arrived);
                hashEach(objects, second, HASH_NEIGHBOUR ? 1 : 0);
            });
            other.start();
            arriveTogether(arrived);
            hashEach(objects, first, 0);
            other.join();
            twoWays += hashedTwoWays(objects, first, second);
        }
        return twoWays;
    }

    /** The objects whose two hashes differ, or differ from a later call's. */
    static long hashedTwoWays(Object[] objects, int[] first, int[] second) {
        long twoWays = 0;
        for (int i = 0; i < objects.length; i++) {
            twoWays += first[i] != second[i] || first[i] != System.identityHashCode(objects[i]) ? 1 : 0;
        }
        return twoWays;
    }

    /** Hashes each object in order (the control: each one's neighbour, shift 1). */
    static void hashEach(Object[] objects, int[] hashes, int shift) {
        for (int i = 0; i < objects.length; i++) {
            hashes[i] = System.identityHashCode(objects[(i + shift) % objects.length]);
        }
    }

    /** Spins until both threads are here: a blocking barrier would wake one of them tens of microseconds late. */
    static void arriveTogether(AtomicInteger arrived) {
        arrived.incrementAndGet();
        for (int spins = 0; arrived.get() < 2; spins++) {
            if (spins < 10_000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();   // the other thread is not running: let it
            }
        }
    }

    static Object[] fresh(int n) {
        Object[] objects = new Object[n];
        Arrays.setAll(objects, i -> new Object());
        return objects;
    }

    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
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
            Jit.measure("objects whose two threads' hashes differ", objectsHashedTwoWays());
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(run.measure("objects moved")).isEqualTo(OBJECTS);
        assertThat(IDENTITY_HASH_IN_31_BITS, run.measure("hashes zero or negative")).isEqualTo(0);
        assertThat(STABLE_IDENTITY_HASH, run.measure("hashes changed by the move")).isEqualTo(0);
        assertThat(SPREAD_IDENTITY_HASH, run.measure("distinct hashes of " + OBJECTS + " objects")).isAtLeast(OBJECTS * 0.99);
        assertThat(ONE_IDENTITY_HASH_WHICHEVER_THREAD, run.measure("objects whose two threads' hashes differ")).isEqualTo(0);
        assertThat(HASH_IN_HEADER, run.measure("monitor made by hashing an unlocked object")).isEqualTo(0);
        assertThat(HASH_IN_HEADER, run.measure("bytes of a hashed object after the move")).isEqualTo(run.measure("bytes of a fresh object").value());
        boolean stackLocking = args.length > 0 && args[0].equals("stack-locking");
        assertThat(LOCKED_HASH_FOLLOWS_LOCKING, run.measure("monitor made by hashing a locked object")).isEqualTo(stackLocking ? 1 : 0);
    }
}
