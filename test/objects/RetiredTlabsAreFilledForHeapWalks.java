/*
 * @test
 * @summary The unused end of each retired TLAB is covered by a filler array, so the heap stays walkable (Quark #5)
 * @key objects
 * @requires pack.whitebox & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel")
 * @library /lib
 * @run driver RetiredTlabsAreFilledForHeapWalks
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.RETIRED_TLAB_FILLED;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.ClassHistogram;
import java.util.concurrent.CountDownLatch;

/*
 * A thread allocates from its TLAB, a chunk of eden. Anything that walks the heap object by object (a
 * histogram, a heap dump, a collector's parsing of regions) must step over the part nobody has allocated yet,
 * so at a safepoint the VM retires every TLAB and covers its free end with one dead array, a filler: int[] up
 * to JDK 18, the VM's own jdk.internal.vm.FillerElement[] from 19 on.
 *
 * Sixteen threads each allocate one small array, taking a fresh TLAB, and park. A class histogram of all
 * objects, live or not and without a collection first (GC.class_histogram -all), then sees those TLABs
 * retired: between a histogram before the threads and one after, the filler rows gained at least one array
 * per thread. A round in which a collection ran between the two histograms proves nothing (it emptied eden,
 * fillers included) and is measured again: since JDK 26 the heap starts at its minimum (InitialRAMPercentage
 * trimmed, JDK-8348278; 8 MB here), so eden and TLABs are small and a young collection often falls there.
 *
 *   x86_64, JDK 17, G1:       +20 filler rows (int[]), 4.90 MB, 98% of the heap's growth; Serial, Parallel alike
 *   x86_64, JDK 21 and 25:    FillerElement[] 5.08 and 5.66 MB, 98% of the growth
 *   x86_64, JDK 27, 28-ea:    +17 and +18 FillerElement[] of 0.37 and 0.55 MB: the TLABs of an 8 MB heap are
 *                             small, so fillers are only about half the growth, but there is one per thread
 *   aarch64, JDK 17 and 25:   98% (G1)
 *
 * Z and Shenandoah keep their pages parsable otherwise (no filler rows), and Epsilon fills only part: the test
 * requires G1, Serial or Parallel. Without TLABs the threads allocate straight from eden and nothing is
 * retired: the filler rows then gain nothing per thread.
 */
@NegativeControl(flags = "-XX:-UseTLAB", killsFact = RETIRED_TLAB_FILLED, why = "without TLABs nothing is retired or filled")
public class RetiredTlabsAreFilledForHeapWalks {
    static final int THREADS = 16;
    static final int ROUNDS = 5;
    static volatile Object sink;

    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
            Vm.recordClassHistogramOfAllObjects("warm-up");
            for (int round = 1; round <= ROUNDS; round++) {
                long collections = Vm.collections();
                Vm.recordClassHistogramOfAllObjects("before");
                CountDownLatch allocated = new CountDownLatch(THREADS);
                CountDownLatch release = new CountDownLatch(1);
                Thread[] threads = new Thread[THREADS];
                for (int i = 0; i < THREADS; i++) {
                    threads[i] = new Thread(() -> {
                        sink = new byte[16];
                        allocated.countDown();
                        awaitQuietly(release);
                    });
                    threads[i].start();
                }
                allocated.await();
                Vm.recordClassHistogramOfAllObjects("after");
                release.countDown();
                for (Thread t : threads) {
                    t.join();
                }
                Jit.measure("rounds", round);
                if (Vm.collections() == collections) {
                    return;
                }
            }
            throw new IllegalStateException("a collection ran between the histograms in each of " + ROUNDS + " rounds");
        }

        static void awaitQuietly(CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        ClassHistogram before = run.classHistogram("before");
        ClassHistogram after = run.classHistogram("after");
        long fillers = after.fillerInstances() - before.fillerInstances();
        assertThat(RETIRED_TLAB_FILLED, run.measured("filler arrays added while " + THREADS + " threads hold a TLAB ("
                + (after.fillerBytes() - before.fillerBytes()) + " bytes of " + (after.totalBytes() - before.totalBytes())
                + " the heap grew, round " + (long) run.measure("rounds").value() + ")", fillers)).isAtLeast(THREADS);
    }
}
