/*
 * @test id=serial
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "serial" | !pack.gcChosen)
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseSerialGC waits
 */
/*
 * @test id=parallel
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "parallel" | !pack.gcChosen)
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseParallelGC waits
 */
/*
 * @test id=g1-gclocker
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "g1" | !pack.gcChosen) & pack.jdk < 22
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseG1GC waits
 */
/*
 * @test id=g1-pinning
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "g1" | !pack.gcChosen) & pack.jdk >= 22
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseG1GC pins
 */
/*
 * @test id=shenandoah
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "shenandoah" | !pack.gcChosen)
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseShenandoahGC pins
 */
/*
 * @test id=z
 * @summary A collection requested while a thread holds an array in a JNI critical region waits for its release, or pins the array (Quark #9)
 * @key gc
 * @requires pack.whitebox & (pack.gc == "z" | !pack.gcChosen)
 * @library /lib
 * @run driver CriticalRegionDelaysOrPinsCollection UseZGC waits
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HELD_OFF_BY_CRITICAL_REGION;
import static anatomy.Fact.PINNED_BY_CRITICAL_REGION;
import static anatomy.Fact.UNPINNED_AT_RELEASE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import java.util.List;

/*
 * Native code may hold a pointer into a Java array (GetPrimitiveArrayCritical) until it releases it; the
 * collector must not move the array meanwhile. One thread holds an int[] (lib/native/CriticalRegion.c), another
 * asks for a young collection (WhiteBox); we count collections completed while it was held (GC MXBeans):
 *   JDK 17, Serial, Parallel, G1, ZGC:  none; gc+jni: Setting _needs_gc. ; at the release: Performing GC
 *   JDK 25, Serial, Parallel:  none; the requester: Thread blocked to start GC. Resumed after 1017ms. (a 1 s window)
 *   JDK 25, ZGC:  none; GC(0) Minor Collection (WhiteBox Initiated Young GC) ... 29.992s (we held 30 s)
 *   G1 (pins since 22, JEP 423), Shenandoah (17, 25):  it runs at once, the array stays put (G1: Pinned)
 * A waiting collector has ten times an unobstructed collection's time (at least 0.1 s; it had 1 s) to show it. A
 * pinning one unpins at the release: a full GC moves the array. No VM flag ignores a region (controls: docs/gc.md).
 */
@NegativeControl(flags = "-XX:+UseSerialGC -Dpack.critical.hold=false", killsFact = HELD_OFF_BY_CRITICAL_REGION,
        why = "with no region held the requested collection runs at once")
@NegativeControl(flags = "-XX:+UseShenandoahGC -Dpack.critical.hold=false", killsFact = PINNED_BY_CRITICAL_REGION,
        requires = "pack.gcs ~= \".*,shenandoah,.*\"", why = "with no region held the collection moves the array")
@NegativeControl(flags = "-XX:+UseG1GC -Dpack.critical.late=true", killsFact = UNPINNED_AT_RELEASE, requires = "pack.jdk >= 22", why = "program change: released only after the full collection, which leaves the pinned array in place")
public class CriticalRegionDelaysOrPinsCollection {
    public static class Workload {
        static native boolean hold(int[] array, long limitMillis); static native boolean holding(); static native void letGo();
        static Object sink; static int[] array;
        // Between hold and letGo nothing is allocated (it could wait for the region); before the hold no class is loaded:
        // class-path lookups take critical regions too, whose pins would hide a collector that forgot its own (docs/mutation.md).
        public static void main(String[] args) throws InterruptedException {
            System.loadLibrary("CriticalRegion"); letGo(); // links the natives before any region is held
            Thread holder = new Thread(() -> hold(array, 30_000)), requester = new Thread(Vm::requestYoungGC);
            Vm.collections(); long t = System.nanoTime(); Vm.youngGC(); // eden is empty: the array goes to a region no class lookup touched
            long window = Math.max(100, 10 * (System.nanoTime() - t) / 1_000_000); // ten times what a collection nothing held took
            for (int i = 0; i < 40_000; i++) {
                sink = new byte[64]; array = i == 20_000 ? new int[256] : array; // among garbage: a collection that can move it does
            }
            long from = Vm.addressOf(array), before = Vm.collections();
            if (!"false".equals(System.getProperty("pack.critical.hold"))) {
                holder.start();
                for (long end = System.nanoTime() + 30_000_000_000L; !holding() && System.nanoTime() < end; ) Thread.onSpinWait();
            }
            requester.start(); requester.join(args[0].equals("waits") ? window : 0);
            long whileHeld = Vm.collections() - before, moved = Vm.addressOf(array) != from ? 1 : 0;
            if (!(args[0].equals("pins") && Boolean.getBoolean("pack.critical.late"))) letGo(); // the control: held through the full GC
            requester.join(); Jit.measure("collections while held", whileHeld); Jit.measure("moved while held", moved); Jit.measure("window ms", window);
            Jit.measure("collections", Vm.collectionsSince(before)); // none: ignored (a skip)
            if (args[0].equals("pins")) { // unpinned at the release, it is moved from among garbage by a full collection
                long released = Vm.addressOf(array); Vm.fullGC(); Jit.measure("moved by a full collection after the release", Vm.addressOf(array) != released ? 1 : 0);
            }
            letGo(); holder.join();
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+" + args[0],
                "-Djava.library.path=" + System.getProperty("test.nativepath"), "-Xlog:gc,gc+jni=debug"), args[1]);
        if (args[1].equals("waits")) {
            assertThat(HELD_OFF_BY_CRITICAL_REGION, run.measure("collections while held")).isAtMost(0);
            assertThat(HELD_OFF_BY_CRITICAL_REGION, run.measure("collections")).isAtLeast(1);
        } else {
            assertThat(PINNED_BY_CRITICAL_REGION, run.measure("collections while held")).isAtLeast(1);
            assertThat(PINNED_BY_CRITICAL_REGION, run.measure("moved while held")).isAtMost(0);
            assertThat(UNPINNED_AT_RELEASE, run.measure("moved by a full collection after the release")).isAtLeast(1);
        }
    }
}
