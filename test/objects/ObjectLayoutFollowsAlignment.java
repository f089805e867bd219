/*
 * @test
 * @summary An object is its header and its fields packed into the gaps, rounded up to ObjectAlignmentInBytes, which also sets the oop shift (Quark #24)
 * @key objects
 * @requires pack.whitebox
 * @modules java.base/jdk.internal.vm.annotation
 * @library /lib
 * @run driver ObjectLayoutFollowsAlignment
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.OOP_SHIFT_FOLLOWS_ALIGNMENT;
import static anatomy.Fact.PACKED_LAYOUT;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;
import java.util.List;

/*
 * Every object starts on a multiple of ObjectAlignmentInBytes (8 unless set), so every size is rounded up to
 * it. The header is 12 bytes with compressed class pointers (8 mark + 4 class), 16 without them, 8 with
 * compact headers (JDK 24 on, product in 25). The layout fills the gaps: an int goes into the 4 bytes after a
 * 12-byte header, a subclass's byte next to its superclass's. We predict each size from the settings the VM
 * reports and compare with WhiteBox's size of a live object.
 *
 *   x86_64, JDK 17 and 25:  Object 16, {int} 16, {long} 24, {Object} 16, {byte}+{byte} 16
 *   -XX:-UseCompressedClassPointers:  Object 16, {int} 24, {Object} 24;  -XX:ObjectAlignmentInBytes=16: {long} 32
 *   JDK 25, -XX:+UseCompactObjectHeaders:  Object 8, {int} 16, {long} 16
 *   aarch64, JDK 17 and 25:  the same sizes
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

        static void size(String shape, Object o, long packed) {
            Jit.measure(shape + " bytes", Vm.sizeOf(o));
            Jit.measure(shape + " bytes predicted", up(packed, align));
        }

        public static void main(String[] args) {
            align = (Long) Vm.flag("ObjectAlignmentInBytes");
            boolean compact = Boolean.TRUE.equals(Vm.flag("UseCompactObjectHeaders"));
            long header = compact ? 8 : Boolean.FALSE.equals(Vm.flag("UseCompressedClassPointers")) ? 16 : 12;
            long oop = Vm.heapOopSize();
            Jit.measure("alignment", align);
            size("Object", new Object(), header);
            size("OneInt", new OneInt(), header + 4);
            size("OneLong", new OneLong(), up(header, 8) + 8);
            size("OneRef", new OneRef(), up(header, oop) + oop);
            size("ByteOnByte", new ByteOnByte(), header + 2);
            size("Contended", new Contended(), header + 4);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-Xlog:gc+heap+coops=debug");
        for (String shape : SHAPES) {
            assertThat(PACKED_LAYOUT, run.measure(shape + " bytes")).isEqualTo(run.measure(shape + " bytes predicted").value());
        }
        UnifiedLog.CompressedOops coops = run.vmLog().compressedOops().orElse(null);
        if (coops != null && coops.enabled() && !coops.mode().equals("32-bit")) {
            int log2 = Long.numberOfTrailingZeros((long) run.measure("alignment").value());
            assertThat(OOP_SHIFT_FOLLOWS_ALIGNMENT, run.measured("oop shift, log2(alignment) " + log2, coops.shift())).isEqualTo(log2);
        }
    }
}
