/*
 * @test
 * @summary With -XX:+UseTransparentHugePages on a host in madvise mode the touched heap is backed by huge pages, without it by none (Quark #2)
 * @key gc
 * @requires pack.whitebox & pack.heapSizeUnset & pack.thp == "madvise" & !pack.emulated & (pack.gc == "g1" | pack.gc == "serial" | pack.gc == "parallel")
 * @library /lib
 * @run driver HeapIsBackedByTransparentHugePages
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HEAP_HUGE_PAGES_KB;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/*
 * A TLB entry maps one page; with 4 KB pages a large heap needs more entries than the TLB has. Linux can
 * back anonymous memory with huge pages transparently: always, never, or (the common default, "madvise")
 * only where the process asked with madvise(MADV_HUGEPAGE). A huge page is 2 MB with 4 KB base pages and
 * 512 MB on AArch64 kernels with 64 KB ones: we read its size where the VM does, from the kernel
 * (/sys/kernel/mm/transparent_hugepage/hpage_pmd_size), and size the heap to two of them, 64 MB at least. -XX:+UseTransparentHugePages makes the VM
 * ask for its heap, and the VM says so in its pagesize log; the kernel's verdict is in /proc/self/smaps:
 *
 *   x86_64, JDK 17:  [pagesize] THP mode: madvise ; Heap: min=64M max=64M base=0x00000000fc000000
 *                    page_size=2M size=64M    smaps AnonHugePages over the heap: 63488-65536 kB
 *   x86_64, JDK 25:  Heap: ... size=64M page_size=2M  AnonHugePages: 63488-65536 kB
 *   without the flag (both):  Heap: ... page_size=4K  AnonHugePages: 0 kB
 *
 * The heap is touched at start-up (-XX:+AlwaysPreTouch), so it is resident either way; we ask for at
 * least half of it in huge pages. Where the host's
 * mode is "always", the heap gets huge pages without the flag too; where it is "never", with it neither:
 * both skip (pack.thp). Under qemu-user (AArch64 here) the VM asks (Heap: ... page_size=2M) but qemu does
 * not pass madvise on to the kernel: 0 kB, a skip (pack.emulated). A user's own -XX:+UseTransparentHugePages would give the run without it huge
 * pages: that run then skips, naming the flag. The heap is ours, 64 MB touched at start-up: a user's heap size
 * skips (pack.heapSizeUnset); with -Xmx40g the 64 MB committed at first are a sliver of a far larger reservation.
 *
 * The control switches the flag off after ours (jtreg's options come last): no huge pages in either run.
 */
@NegativeControl(flags = "-XX:-UseTransparentHugePages", killsFact = HEAP_HUGE_PAGES_KB, why = "the VM then never asks for huge pages")
public class HeapIsBackedByTransparentHugePages {
    public static class Workload {
        public static void main(String[] args) {
            if (args[0].equals("without") && Boolean.TRUE.equals(Vm.flag("UseTransparentHugePages"))) {
                throw new jtreg.SkippedException("the user's options turn -XX:+UseTransparentHugePages on");
            }
            Vm.recordSmaps("touched");
        }
    }

    /** The kernel's transparent huge page size, which the VM reads too: 2 MB, or 512 MB with 64 KB base pages. */
    static long hugePageBytes() {
        Path size = Path.of("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size");
        try {
            return Long.parseLong(Files.readString(size).trim());
        } catch (IOException | NumberFormatException e) {
            // the kernel's THP (pack.thp, the platform) explains this skip: one without hpage_pmd_size
            throw new jtreg.SkippedException("the kernel does not say its huge page size (" + size + ": " + e + "; pack.thp="
                    + "madvise without a size)");
        }
    }

    static Run touchedHeap(String thp, long heapMB) {
        return Jit.run(Workload.class, List.of(thp.equals("with") ? "-XX:+UseTransparentHugePages" : "-XX:-UseTransparentHugePages",
                "-Xms" + heapMB + "m", "-Xmx" + heapMB + "m", "-XX:+AlwaysPreTouch", "-Xlog:pagesize"), thp);
    }

    static long hugeKB(Run run) {
        UnifiedLog.Reservation heap = run.vmLog().reservation("Heap").orElseThrow();
        return run.smaps("touched").sum("AnonHugePages", heap.base(), heap.size());
    }

    public static void main(String[] args) {
        long heapMB = Math.max(64, 2 * hugePageBytes() >> 20);
        Run with = touchedHeap("with", heapMB);
        assertThat(HEAP_HUGE_PAGES_KB, with.measured("heap huge pages kb", hugeKB(with))).isAtLeast(heapMB << 10 >> 1);
        Run without = touchedHeap("without", heapMB);
        assertThat(HEAP_HUGE_PAGES_KB, without.measured("heap huge pages kb", hugeKB(without))).isAtMost(0);
    }
}
