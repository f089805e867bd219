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
 * to JDK 18, from 19 (JDK-8284435) an array of the VM's own filler class, printed FillerArray up to 21.0.2 and
 * FillerElement[] since JDK-8319548 (JDK 23, and the later 21 updates).
 *
 * Sixteen threads each allocate one small array, taking a fresh TLAB, and park. A class histogram of all
 * objects, live or not and without a collection first (GC.class_histogram -all), then sees those TLABs
 * retired: between a histogram before the threads and one after, the filler rows gained about one array per
 * thread (we ask for half of them: a thread whose allocation went outside a TLAB has none to fill), each of
 * its release's filler type: from 19 an int[] is no filler, so a VM that fills with int arrays again, having
 * lost JDK-8284435, fails. A round in which a collection ran between the two histograms proves nothing (it
 * emptied eden, fillers included) and is measured again: since JDK 26 the heap starts at its minimum
 * (InitialRAMPercentage trimmed, JDK-8348278; 8 MB here), so eden and TLABs are small and a young collection
 * often falls there.
 *
 *   x86_64, JDK 17, G1:       +26 int[] rows, 5.19 of 5.31 MB the heap grew (98%; Serial, Parallel 100%)
 *   x86_64, JDK 25 and 26:    +26 FillerElement[], 4.98 of 5.11 MB (25); 0.72 of 0.83 MB (26: small TLABs)
 *   x86_64, JDK 27, 28-ea:    round 1 had a young GC between the histograms; round 2: +16 FillerElement[],
 *                             0.46 of 0.55 MB (27), 0.30 of 0.39 MB (28)
 *   aarch64, JDK 17 and 25:   98% of the growth (G1)
 *
 * Z and Shenandoah keep their pages parsable otherwise (no filler rows), and Epsilon fills only part: the test
 * requires G1, Serial or Parallel. Without TLABs the threads allocate straight from eden and nothing is
 * retired: the filler rows then gain nothing (JDK 17: 256 bytes of int[]; 28-ea: none). Up to JDK 18 the int[]
 * row also counts the program's own int arrays, enough to reach the count without TLABs now and then: so the
 * fillers must also be most of what the heap grew by (77-98% above).
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
        int jdk = Runtime.Version.parse(run.jdk()).feature();
        long fillers = after.fillerInstances(jdk) - before.fillerInstances(jdk);
        long fillerBytes = after.fillerBytes(jdk) - before.fillerBytes(jdk);
        long grown = after.totalBytes() - before.totalBytes();
        String round = "round " + (long) run.measure("rounds").value();
        assertThat(RETIRED_TLAB_FILLED, run.measured("filler arrays added while " + THREADS + " threads hold a TLAB ("
                + fillerBytes + " bytes of " + grown + " the heap grew, " + round + ")", fillers)).isAtLeast(THREADS / 2);
        assertThat(RETIRED_TLAB_FILLED, run.measured("share of the heap's growth in fillers (" + fillers + " added, "
                + round + ")", (double) fillerBytes / Math.max(1, grown))).isAtLeast(0.5);
    }
}
