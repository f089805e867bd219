/*
 * @test id=default
 * @summary A new array takes align(header + n) bytes and is zeroed, straight-line when small and constant, in bulk otherwise; one allocated uninitialized, or filled at once by Arrays.copyOf, is not zeroed at all (Quark #7)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & !pack.zeroTlab & (pack.isa != "riscv64" | !(pack.cpu.extensions ~= ".*,v,.*"))
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver NewArrayIsZeroedUnlessOverwritten
 */

/*
 * @test id=rvv
 * @summary A new array takes align(header + n) bytes and is zeroed, straight-line when small and constant, in bulk otherwise; one allocated uninitialized, or filled at once by Arrays.copyOf, is not zeroed at all (Quark #7)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & !pack.zeroTlab & pack.isa == "riscv64" & pack.cpu.extensions ~= ".*,v,.*"
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver NewArrayIsZeroedUnlessOverwritten rvv
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.ARRAY_BASE_FOLLOWS_HEADER;
import static anatomy.Fact.ARRAY_SIZE_FOLLOWS_LENGTH;
import static anatomy.Op.TLAB_ALLOCATION;
import static anatomy.Op.ZEROING;
import static anatomy.Op.ZERO_STORE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Scope;
import anatomy.Vm;
import java.util.Arrays;
import jdk.internal.misc.Unsafe;

/*
 * Java promises that a new array reads as zeros, so after the TLAB bump and the header C2 clears the body: for a
 * length known only at run time, one bulk zeroing whose form depends on the CPU and flags; a constant small one
 * straight-line. Its elements start after the header the layout gives (Vm.byteArrayBaseByLayout), its size is that
 * plus its elements, rounded up to ObjectAlignmentInBytes (Unsafe, WhiteBox). Forms per JDK and flag: docs/memory.md.
 *
 *   x86_64, JDK 25:   vpxor %ymm0, %ymm0, %ymm0 ; vmovdqu %ymm0, (%rdi) ; ... ; byte[16]: vmovdqu64 %xmm0, 0x10(obj)
 *   aarch64, 17, 25:  bl Stub::zero_blocks ; stp xzr, xzr, [x10], #0x10 ... str xzr, [x10]
 *   riscv64, 25, 28:  RVV, a byte[16] too: vsetvli ; vxor.vv v4, v4, v4 ; vse64.v v4, (t3) ; bnez (a loop: Op.ZERO_STORE)
 * Variant rvv: riscv64 with V clears a small constant array with that strip-mined loop (riscv.ad's ClearArray under
 * UseRVV), not straight-line; it asserts the clear reaches the last byte. Two ways skip the zeroing:
 * Unsafe.allocateUninitializedArray (an intrinsic, inlined by name), and a new array whose only use is an arraycopy
 * covering it (Arrays.copyOf; ReduceBulkZeroing); both still bump the TLAB inline. Controls: -XX:-ReduceBulkZeroing
 * and DisableIntrinsic kill the contrasts; -Dmemory.uninitialized=true the headline, which no product flag takes away
 * but -XX:+ZeroTLAB, a precondition (!pack.zeroTlab). The straight line has none (InitArrayShortSize is not product).
 */
@NegativeControl(flags = "-Dmemory.uninitialized=true", kills = ZEROING, in = "newArray",
        why = "program change: newArray then allocates with allocateUninitializedArray, which does not clear")
@NegativeControl(flags = "-XX:-ReduceBulkZeroing", kills = ZEROING, in = "copied",
        why = "C2 then zeroes the array before the copy overwrites it")
@NegativeControl(flags = "-XX:+UnlockDiagnosticVMOptions -XX:DisableIntrinsic=_allocateUninitializedArray", kills = ZEROING, in = "uninitialized",
        why = "without the intrinsic the uninitialized array is allocated, and zeroed, like any other")
public class NewArrayIsZeroedUnlessOverwritten {
    static final boolean UNINITIALIZED = Boolean.getBoolean("memory.uninitialized");   // the control

    static byte[] newArray(int length) {
        return UNINITIALIZED ? uninitialized(length) : new byte[length];
    }

    static byte[] smallArray() {
        return new byte[16];
    }

    static byte[] largeArray() {
        return new byte[4096];
    }

    static byte[] uninitialized(int length) {
        return (byte[]) Unsafe.getUnsafe().allocateUninitializedArray(byte.class, length);
    }

    static byte[] copied(byte[] source) {
        return Arrays.copyOf(source, source.length);
    }
    static final int[] LENGTHS = {0, 1, 4, 7, 8, 9, 15, 16, 17, 100, 4096};

    public static class Workload {
        public static void main(String[] args) throws ReflectiveOperationException {
            byte[] source = newArray(64);
            for (int i = 0, end = Jit.rounds(2000); i < end; i++) {      // warm call sites, so that C2 inlines the JDK's methods
                source = copied(uninitialized(64 + (i & 7)));
            }
            // int up to 26, long since 27: called by reflection, read as a number
            Jit.measure("byte[] base", ((Number) Unsafe.class.getMethod("arrayBaseOffset", Class.class).invoke(Unsafe.getUnsafe(), byte[].class)).longValue());
            Jit.measure("byte[] base by layout", Vm.byteArrayBaseByLayout());
            Jit.measure("alignment", ((Number) Vm.flag("ObjectAlignmentInBytes")).intValue());
            for (int n : LENGTHS) {
                Jit.measure("sizeof byte[" + n + "]", Vm.sizeOf(new byte[n]));
            }
            for (String shape : new String[] {"newArray", "smallArray", "largeArray", "uninitialized", "copied"}) {
                Jit.compileAtC2(NewArrayIsZeroedUnlessOverwritten.class, shape);
            }
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
                "-XX:CompileCommand=inline,jdk.internal.misc.Unsafe::allocateUninitializedArray");
        long base = (long) run.measure("byte[] base").value();
        assertThat(ARRAY_BASE_FOLLOWS_HEADER, run.measure("byte[] base")).isEqualTo(run.measure("byte[] base by layout").value());
        long alignment = (long) run.measure("alignment").value();
        for (int n : LENGTHS) {
            long expected = (base + n + alignment - 1) / alignment * alignment;
            assertThat(ARRAY_SIZE_FOLLOWS_LENGTH, run.measure("sizeof byte[" + n + "]")).isEqualTo(expected);
        }
        assertThat(run.c2("newArray")).has(ZEROING);
        assertThat(run.c2("largeArray")).has(TLAB_ALLOCATION).has(ZEROING);
        assertThat(run.c2("uninitialized")).has(TLAB_ALLOCATION).hasNo(ZEROING);
        assertThat(run.c2("copied")).has(TLAB_ALLOCATION).hasNo(ZEROING);
        var small = assertThat(run.c2("smallArray")).has(TLAB_ALLOCATION).has(ZERO_STORE.at(base + 15));
        if (args.length == 0) {    // not rvv: straight-line
            small.hasNo(Scope.LOOP_BODY.itself());
        }
    }
}
