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
 * A thread allocates from its TLAB, a chunk of eden of a few hundred kilobytes. Anything that walks the heap
 * object by object (a histogram, a heap dump, a collector's parsing of regions) must step over the part
 * nobody has allocated yet, so at a safepoint the VM retires every TLAB and covers its free end with one dead
 * array, a filler: int[] up to JDK 18, the VM's own jdk.internal.vm.FillerElement[] from 19 on.
 *
 * Sixteen threads each allocate one small array, taking a fresh TLAB, and park. A class histogram of all
 * objects, live or not and without a collection first (GC.class_histogram -all), then sees those TLABs
 * retired: between a histogram before the threads and one after, the filler rows grew by most of the heap's
 * growth.
 *
 *   x86_64, JDK 17, G1:       filler (int[]) growth 4.90 MB of 5.02 MB (98%); Serial, Parallel 100%
 *   x86_64, JDK 21 and 25:    FillerElement[] 5.08 and 5.66 MB, 98% of the growth; Serial, Parallel 100%
 *   aarch64, JDK 17 and 25:   98% (G1)
 *
 * The rest of the growth is the threads and the histograms' own text. Z and Shenandoah keep their pages
 * parsable otherwise (no filler rows), and Epsilon fills only part: the test requires G1, Serial or Parallel.
 * Without TLABs the threads allocate straight from eden and nothing is retired: the filler rows then hold
 * 256 bytes of 114 KB (JDK 17, real int[]) and 12% (JDK 25, FillerElement[] from elsewhere).
 */
@NegativeControl(flags = "-XX:-UseTLAB", killsFact = RETIRED_TLAB_FILLED, why = "without TLABs nothing is retired or filled")
public class RetiredTlabsAreFilledForHeapWalks {
    static final int THREADS = 16;
    static volatile Object sink;

    public static class Workload {
        public static void main(String[] args) throws InterruptedException {
            Vm.recordClassHistogramOfAllObjects("warm-up");
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
        double share = (after.fillerBytes() - before.fillerBytes()) / (double) (after.totalBytes() - before.totalBytes());
        assertThat(RETIRED_TLAB_FILLED, run.measured("share of the heap's growth in filler arrays", share)).isAtLeast(0.5);
    }
}
