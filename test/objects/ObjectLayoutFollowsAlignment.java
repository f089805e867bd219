/*
 * @test
 * @summary An object is its header and its fields packed into the gaps, rounded up to ObjectAlignmentInBytes, which also sets the oop shift (Quark #24)
 * @key objects
 * @requires pack.whitebox
 * @modules java.base/jdk.internal.misc java.base/jdk.internal.vm.annotation
 * @library /lib
 * @run driver ObjectLayoutFollowsAlignment
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.HEADER_FOLLOWS_MODE;
import static anatomy.Fact.OOP_SHIFT_FOLLOWS_ALIGNMENT;
import static anatomy.Fact.PACKED_LAYOUT;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;
import java.util.List;
import jdk.internal.misc.Unsafe;

/*
 * Every object starts on a multiple of ObjectAlignmentInBytes (8 unless set), so every size is rounded up to
 * it. The header is a mark word and a class pointer: 12 bytes with compressed class pointers (8 + 4), 16
 * without them, 8 with compact headers, where the class pointer lives in the mark word (JEP 450, experimental
 * in 24; JEP 519, product in 25; JEP 534, the default since JDK 27, JDK-8360700). Since JDK 27 class pointers
 * are always compressed: -XX:-UseCompressedClassPointers is gone (JDK-8363996). The layout fills the gaps: an
 * int goes into the 4 bytes after a 12-byte header, a subclass's byte next to its superclass's.
 *
 * We read where the header ends from the VM (Unsafe.objectFieldOffset of a lone byte field: the first place
 * a field can go), predict each field's offset and each size from it, and compare with the offsets the VM
 * gives the other fields and WhiteBox's size of a live object.
 *
 *   x86_64, JDK 17 to 26:  header 12; Object 16, {int} 16 (int at 12), {long} 24 (at 16), {Object} 16
 *   -XX:-UseCompressedClassPointers (up to 26):  header 16; {int} 24;  -XX:ObjectAlignmentInBytes=16: {long} 32
 *   JDK 25 with -XX:+UseCompactObjectHeaders, JDK 27 and 28-ea by default:  header 8; Object 8, {int} 16
 *                          (int at 8), {long} 16 (at 8), {byte}+{byte} 16 (at 8 and 9)
 *   aarch64, JDK 17 and 25:  the same
 *
 * Alignment also buys address range: a compressed oop is an offset in units of the alignment, so the VM
 * shifts it by log2(alignment), 3 for 8 bytes (32 GB), 4 for 16 (64 GB), unless the heap fits in 4 GB
 * unshifted (mode "32-bit"). -Xlog:gc+heap+coops says which.
 *
 * @Contended outside the JDK is ignored (RestrictContended): with the restriction lifted the field gets
 * ContendedPaddingWidth bytes of padding on both sides. JDK 17 to 21 also let a subclass's fields fill its
 * superclass's gap only while UseEmptySlotsInSupers is on (JDK 25 no longer has the flag).
 */
@NegativeControl(flags = "-XX:-RestrictContended", killsFact = PACKED_LAYOUT, why = "the @Contended field is then padded")
@NegativeControl(flags = "-XX:-UseEmptySlotsInSupers", killsFact = PACKED_LAYOUT, requires = "pack.jdk <= 21",
        why = "a subclass's byte then starts past its superclass's gap")
public class ObjectLayoutFollowsAlignment {
    static class OneInt { int x; }
    static class OneLong { long x; }
    static class OneRef { Object r; }
    static class OneByte { byte a; }
    static class ByteOnByte extends OneByte { byte b; }
    static class Contended { @jdk.internal.vm.annotation.Contended int x; }

    static final List<String> SHAPES = List.of("Object", "OneInt", "OneLong", "OneRef", "ByteOnByte", "Contended");

    public static class Workload {
        static long align;

        static long up(long bytes, long to) {
            return (bytes + to - 1) / to * to;
        }

        static void layout(String shape, Object o, Class<?> c, String field, long at, long packed) {
            Jit.measure(shape + " bytes", Vm.sizeOf(o));
            Jit.measure(shape + " bytes predicted", up(packed, align));
            Jit.measure(shape + " field offset", field == null ? at : Unsafe.getUnsafe().objectFieldOffset(c, field));
            Jit.measure(shape + " field offset predicted", at);
        }

        public static void main(String[] args) {
            align = (Long) Vm.flag("ObjectAlignmentInBytes");
            long header = Unsafe.getUnsafe().objectFieldOffset(OneByte.class, "a");
            boolean compact = Boolean.TRUE.equals(Vm.flag("UseCompactObjectHeaders"));
            boolean ccp = !Boolean.FALSE.equals(Vm.flag("UseCompressedClassPointers"));   // no flag since 27: always
            long oop = Vm.heapOopSize();
            Jit.measure("alignment", align);
            Jit.measure("header bytes", header);
            Jit.measure("header bytes of the mode", compact ? 8 : ccp ? 12 : 16);
            layout("Object", new Object(), null, null, header, header);
            layout("OneInt", new OneInt(), OneInt.class, "x", header, header + 4);
            layout("OneLong", new OneLong(), OneLong.class, "x", up(header, 8), up(header, 8) + 8);
            layout("OneRef", new OneRef(), OneRef.class, "r", up(header, oop), up(header, oop) + oop);
            layout("ByteOnByte", new ByteOnByte(), ByteOnByte.class, "b", header + 1, header + 2);
            layout("Contended", new Contended(), Contended.class, "x", header, header + 4);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xlog:gc+heap+coops=debug");
        assertThat(HEADER_FOLLOWS_MODE, run.measure("header bytes")).isEqualTo(run.measure("header bytes of the mode").value());
        for (String shape : SHAPES) {
            assertThat(PACKED_LAYOUT, run.measure(shape + " field offset")).isEqualTo(run.measure(shape + " field offset predicted").value());
            assertThat(PACKED_LAYOUT, run.measure(shape + " bytes")).isEqualTo(run.measure(shape + " bytes predicted").value());
        }
        UnifiedLog.CompressedOops coops = run.vmLog().compressedOops().orElse(null);
        if (coops != null && coops.enabled() && !coops.mode().equals("32-bit")) {
            int log2 = Long.numberOfTrailingZeros((long) run.measure("alignment").value());
            assertThat(OOP_SHIFT_FOLLOWS_ALIGNMENT, run.measured("oop shift, log2(alignment) " + log2, coops.shift())).isEqualTo(log2);
        }
    }
}
