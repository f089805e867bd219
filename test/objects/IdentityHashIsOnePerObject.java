/*
 * @test
 * @summary An object has one identity hash, whichever thread asks first: two threads racing to hash the same fresh objects get the same hash for each (Quark #26)
 * @key objects
 * @requires pack.whitebox
 * @library /lib
 * @run driver IdentityHashIsOnePerObject
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.ONE_IDENTITY_HASH_WHICHEVER_THREAD;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * The VM draws an identity hash and installs it with a CAS on the header; a thread whose CAS fails because another
 * installed a hash first returns the one in the header, not the one it drew (28-ea: oopDesc::slow_identity_hash; 17
 * to 25: ObjectSynchronizer::FastHashCode). Two threads hash the same fresh objects in the same order, sixteen rounds
 * of 4096, each with a new second thread (the kernel places it afresh: two threads kept on one core take turns and
 * never race), both started by spinning on one counter. The loop is compiled first: compiled code reads a hash
 * already in the header inline and calls into the VM only to make one, so the thread behind catches up with the one
 * ahead. Each object's two hashes must agree and equal a later call's:
 *
 *   x86_64, JDK 17 to 28-ea; aarch64, 28-ea:   objects whose two threads' hashes differ 0 of 65536
 *   x86_64, 28-ea+18, the CAS's test inverted:  8169 to 25163 of 65536 (make mutants, docs/mutation.md)
 *
 * The control changes the program: with -Dobjects.hashNeighbour=true the second thread hashes each object's
 * neighbour, so an object's two hashes are two objects' hashes.
 */
@NegativeControl(flags = "-Dobjects.hashNeighbour=true", killsFact = ONE_IDENTITY_HASH_WHICHEVER_THREAD,
        why = "a program change (no flag makes two hashes): the second thread hashes each object's neighbour")
public class IdentityHashIsOnePerObject {
    static final int ROUNDS = 16;
    static final int RACED = 4096;
    static final boolean HASH_NEIGHBOUR = Boolean.getBoolean("objects.hashNeighbour");   // the control

    /** Hashes each object in order (the control: each one's neighbour, shift 1). */
    static void hashEach(Object[] objects, int[] hashes, int shift) {
        for (int i = 0; i < objects.length; i++) {
            hashes[i] = System.identityHashCode(objects[(i + shift) % objects.length]);
        }
    }

    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
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
                for (int i = 0; i < RACED; i++) {
                    twoWays += first[i] != second[i] || first[i] != System.identityHashCode(objects[i]) ? 1 : 0;
                }
            }
            Jit.measure("objects whose two threads' hashes differ", twoWays);
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

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        assertThat(ONE_IDENTITY_HASH_WHICHEVER_THREAD, run.measure("objects whose two threads' hashes differ")).isEqualTo(0);
    }
}
