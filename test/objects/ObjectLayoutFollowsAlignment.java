/*
 * @test id=default
 * @summary An object is its header and its fields packed into the gaps, rounded up to ObjectAlignmentInBytes, which also sets the oop shift (Quark #24)
 * @key objects
 * @requires pack.whitebox
 * @modules java.base/jdk.internal.misc java.base/jdk.internal.vm.annotation
 * @library /lib
 * @run driver ObjectLayoutFollowsAlignment
 */
/*
 * @test id=align16
 * @summary An object is its header and its fields packed into the gaps, rounded up to ObjectAlignmentInBytes, which also sets the oop shift (Quark #24)
 * @key objects
 * @requires pack.whitebox & pack.coops & pack.heapSizeUnset & pack.objectAlignment == "8"
 * @modules java.base/jdk.internal.misc java.base/jdk.internal.vm.annotation
 * @library /lib
 * @run driver ObjectLayoutFollowsAlignment -XX:ObjectAlignmentInBytes=16 -Xmx48g
 */
/*
 * @test id=align32
 * @summary An object is its header and its fields packed into the gaps, rounded up to ObjectAlignmentInBytes, which also sets the oop shift (Quark #24)
 * @key objects
 * @requires pack.whitebox & pack.coops & pack.heapSizeUnset & pack.objectAlignment == "8"
 * @modules java.base/jdk.internal.misc java.base/jdk.internal.vm.annotation
 * @library /lib
 * @run driver ObjectLayoutFollowsAlignment -XX:ObjectAlignmentInBytes=32 -Xmx96g
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HEADER_FOLLOWS_MODE;
import static anatomy.Fact.OOPS_RANGE_FOLLOWS_ALIGNMENT;
import static anatomy.Fact.OOP_SHIFT_FOLLOWS_ALIGNMENT;
import static anatomy.Fact.PACKED_LAYOUT;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;
import java.util.ArrayList;
import java.util.List;
import jdk.internal.misc.Unsafe;

/*
 * Every object starts on a multiple of ObjectAlignmentInBytes (8 unless set): sizes round up to it. The header is
 * 12 bytes with compressed class pointers, 16 without, 8 with compact headers (default since JDK 27, JEP 534; see
 * docs/objects.md); fields fill its gaps. From the mode we predict header, offsets and sizes; the VM measures them.
 *   x86_64 and aarch64, JDK 17 to 26:  header 12; Object 16, {int} 16 (int at 12), {long} 24 (at 16)
 *   JDK 27, 28-ea:  header 8; Object 8, {int} 16 (at 8), {long} 16 (at 8), {byte}+{byte} 16 (at 8 and 9)
 *   {byte b; int i; long l}: largest first, the long 8-aligned (16; 8), the int in a gap (12), then the byte: 32 (24)
 *   align16, 48 GB:  {long} 32, the rest 16; "Zero based", shift 4   align32, 96 GB: all 32, shift 5
 * A compressed oop counts in alignment units, shift log2 of it: 3 reaches 32 GB, 4 64, 5 128 (-Xlog:gc+heap+coops).
 * align16/32 run past 32 GB (reserved only; 8 has no compressed oops there): references stay 4 bytes.
 * Controls: an unrestricted @Contended field is padded; JDK 17 to 21 fill gaps only with UseEmptySlotsInSupers.
 */
@NegativeControl(flags = "-XX:-RestrictContended", killsFact = PACKED_LAYOUT, why = "the @Contended field is then padded")
@NegativeControl(flags = "-XX:-UseEmptySlotsInSupers", killsFact = PACKED_LAYOUT, requires = "pack.jdk <= 21",
        why = "a subclass's byte then starts past its superclass's gap")
public class ObjectLayoutFollowsAlignment {
    static class OneInt { int x; }    static class OneLong { long x; }    static class OneRef { Object r; }
    static class OneByte { byte a; }
    static class ByteOnByte extends OneByte { byte b; }
    static class SmallFirst { byte b; int i; long l; }
    static class Contended { @jdk.internal.vm.annotation.Contended int x; }

    public static class Workload {
        static long align;

        static long up(long bytes, long to) { return (bytes + to - 1) / to * to; }

        static void layout(String shape, Object o, Class<?> c, String field, long at, long packed) {
            Jit.measure(shape + " bytes", Vm.sizeOf(o));
            Jit.measure(shape + " bytes predicted", up(packed, align));
            if (field == null) return;    // an Object has no field: its size only
            Jit.measure(shape + " field offset", Unsafe.getUnsafe().objectFieldOffset(c, field));
            Jit.measure(shape + " field offset predicted", at);
        }

        public static void main(String[] args) {
            align = (Long) Vm.flag("ObjectAlignmentInBytes");
            boolean compact = Boolean.TRUE.equals(Vm.flag("UseCompactObjectHeaders"));
            boolean ccp = !Boolean.FALSE.equals(Vm.flag("UseCompressedClassPointers"));   // no flag since 27: always
            long header = compact ? 8 : ccp ? 12 : 16;    // the mode's; every prediction below follows from it
            long oop = Vm.heapOopSize();
            Jit.measure("alignment", align);
            Jit.measure("header bytes", Unsafe.getUnsafe().objectFieldOffset(OneByte.class, "a"));
            Jit.measure("header bytes of the mode", header);
            Jit.measure("oop bytes", oop);
            layout("Object", new Object(), null, null, header, header);
            layout("OneInt", new OneInt(), OneInt.class, "x", header, header + 4);
            layout("OneLong", new OneLong(), OneLong.class, "x", up(header, 8), up(header, 8) + 8);
            layout("OneRef", new OneRef(), OneRef.class, "r", up(header, oop), up(header, oop) + oop);
            layout("ByteOnByte", new ByteOnByte(), ByteOnByte.class, "b", header + 1, header + 2);
            layout("SmallFirst", new SmallFirst(), SmallFirst.class, "l", up(header, 8), header + 13);
            layout("Contended", new Contended(), Contended.class, "x", header, header + 4);
        }
    }

    public static void main(String[] args) {
        List<String> flags = new ArrayList<>(List.of(args));    // a variant's alignment and heap
        flags.addAll(List.of("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xlog:gc+heap+coops=debug"));
        Run run = Jit.run(Workload.class, flags.toArray(String[]::new));
        if (args.length > 0 && !args[0].endsWith("=" + (long) run.measure("alignment").value()))
            throw new jtreg.SkippedException("the VM options replace the variant's " + args[0]);
        assertThat(HEADER_FOLLOWS_MODE, run.measure("header bytes")).isEqualTo(run.measure("header bytes of the mode").value());
        assertThat(PACKED_LAYOUT, run.measure("Object bytes")).isEqualTo(run.measure("Object bytes predicted").value());
        for (String shape : List.of("OneInt", "OneLong", "OneRef", "ByteOnByte", "SmallFirst", "Contended")) {
            assertThat(PACKED_LAYOUT, run.measure(shape + " field offset")).isEqualTo(run.measure(shape + " field offset predicted").value());
            assertThat(PACKED_LAYOUT, run.measure(shape + " bytes")).isEqualTo(run.measure(shape + " bytes predicted").value());
        }
        UnifiedLog.CompressedOops coops = run.vmLog().compressedOops().orElse(null);
        if (coops != null && coops.enabled() && !coops.mode().equals("32-bit")) {
            int log2 = Long.numberOfTrailingZeros((long) run.measure("alignment").value());
            assertThat(OOP_SHIFT_FOLLOWS_ALIGNMENT, run.measured("oop shift, log2(alignment) " + log2, coops.shift())).isEqualTo(log2);
        }
        if (args.length > 0) {    // a heap past 32 GB
            assertThat(OOPS_RANGE_FOLLOWS_ALIGNMENT, run.measure("oop bytes")).isEqualTo(4);
        }
    }
}
