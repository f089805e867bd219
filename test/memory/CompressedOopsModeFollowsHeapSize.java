/*
 * @test
 * @summary The compressed-oops mode follows the heap's size and place: 32-bit below 4 GB, zero based below 32 GB, heap based higher, off past 32 GB of heap (Quark #23)
 * @key memory
 * @requires pack.whitebox & pack.coops & pack.heapSizeUnset & pack.heapBaseUnset & pack.objectAlignment == "8"
 * @library /lib
 * @run driver CompressedOopsModeFollowsHeapSize
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.COMPRESSED_OOPS_MODE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;
import java.util.ArrayList;
import java.util.List;

/*
 * A compressed reference is 32 bits: an object's offset from the heap base in units of the 8-byte object
 * alignment. The VM reserves the heap where the cheapest decoding works, and logs the mode it got
 * (-Xlog:gc+heap+coops=debug). A heap that ends below 4 GB needs no decoding at all ("32-bit": the
 * reference is the address). One that ends below 32 GB (2^32 * 8) needs a shift by 3 ("Zero based"). A
 * heap placed higher needs the base added too ("Non-zero based", or "Non-zero disjoint base" when the base's
 * bits do not overlap the shifted offset's). Past 32 GB of heap no 32-bit offset reaches every object:
 * references are 8 bytes, uncompressed. We start one small interpreted VM per row of the quark's table.
 *
 * The quark's table is these names, and the VM says the name three times, each worked out where it is said: in
 * the coops line, in gc+init's "Compressed Oops: Enabled (...)", and as the system property
 * java.vm.compressedOopsMode. Each must be the name the coops line's own shift and base make.
 *
 *   x86_64 and aarch64, JDK 17 and 25 (the same lines; x86_64 21, 26 and 28-ea the same names):
 *   -Xmx1g:    Heap address: 0x00000000c0000000, size: 1024 MB, Compressed Oops mode: 32-bit
 *              gc+init: Compressed Oops: Enabled (32-bit); java.vm.compressedOopsMode = 32-bit
 *   -Xmx8g:    Heap address: 0x0000000600000000, size: 8192 MB, Compressed Oops mode: Zero based, Oop shift amount: 3
 *   -Xmx1g -XX:HeapBaseMinAddress=40g:
 *              Heap address: 0x0000000a00200000, size: 1024 MB, Compressed Oops mode: Non-zero based: 0x0000000a00000000, Oop shift amount: 3
 *   -Xmx33g:   no coops line; gc+init: Compressed Oops: Disabled; WhiteBox heap oop size 8
 *
 * A heap size, a heap base (HeapBaseMinAddress) or an object alignment in the VM options replaces the rows'
 * own, so the test then skips naming it: each is a deployment choice, under which the table does not apply. The
 * mode follows those three (and compressed oops, on); no other product flag changes it (HeapSearchSteps=1 does
 * not, 0 is refused), so only a program change kills the claim: -Dmemory.placeHigh=true makes the test ask every
 * row's VM for a heap at 64 GB or higher (HeapBaseMinAddress=64g among the row's own flags), and the 1 GB and
 * 8 GB heaps decode with a base too.
 */
@NegativeControl(flags = "-Dmemory.placeHigh=true", killsFact = COMPRESSED_OOPS_MODE,
        why = "every row's heap is then placed at 64 GB or higher: no 32-bit or zero-based mode is possible")
public class CompressedOopsModeFollowsHeapSize {
    /** A row of the quark's table: the heap asked for, and the oop size, shift and base the VM should pick. */
    record Row(String heap, int oopBytes, int shift, boolean based) {
    }

    static final List<Row> TABLE = List.of(
            new Row("-Xmx1g", 4, 0, false),                               // 32-bit
            new Row("-Xmx8g", 4, 3, false),                               // zero based
            new Row("-Xmx1g -XX:HeapBaseMinAddress=40g", 4, 3, true),     // heap based
            new Row("-Xmx33g", 8, -1, false));                            // off

    public static class Workload {
        public static void main(String[] args) {
            Jit.measure("oopBytes", Vm.heapOopSize());
        }
    }

    /* The control, given like a VM option: jtreg passes it to the rows' VMs, and names it to this driver in test.vm.opts. */
    static final boolean PLACE_HIGH = (System.getProperty("test.vm.opts", "") + " "
            + System.getProperty("test.java.opts", "")).contains("-Dmemory.placeHigh=true");

    public static void main(String[] args) {
        for (Row row : TABLE) {
            List<String> flags = new ArrayList<>(List.of(row.heap().split(" ")));
            if (PLACE_HIGH) {
                flags.add("-XX:HeapBaseMinAddress=64g");
            }
            flags.addAll(List.of("-Xint", "-Xlog:gc+heap+coops=debug,gc+init"));
            Run run = Jit.run(Workload.class, flags.toArray(String[]::new));
            UnifiedLog.CompressedOops coops = run.vmLog().compressedOops().orElse(new UnifiedLog.CompressedOops(false, "not logged", -1));
            String under = row.heap() + " (" + coops.mode() + ")";
            assertThat(COMPRESSED_OOPS_MODE, run.measured("heap oop bytes, " + under, run.measure("oopBytes").value())).isEqualTo(row.oopBytes());
            if (row.oopBytes() == 4) {
                assertThat(COMPRESSED_OOPS_MODE, run.measured("oop shift, " + under, coops.shift())).isEqualTo(row.shift());
                assertThat(COMPRESSED_OOPS_MODE, run.measured("heap base set (1) or 0, " + under, coops.base() != 0 ? 1 : 0)).isEqualTo(row.based() ? 1 : 0);
                List<String> names = run.compressedOopsNames();   // the coops line's, gc+init's, java.vm.compressedOopsMode
                assertThat(COMPRESSED_OOPS_MODE, run.measured("names not " + coops.impliedName() + " among " + names + ", " + under, coops.misnamed(names).size())).isEqualTo(0);
            }
        }
    }
}
