/*
 * @test
 * @summary A new array takes align(header + n) bytes and is zeroed, straight-line when small and constant, in bulk otherwise; one allocated uninitialized, or filled at once by Arrays.copyOf, is not zeroed at all (Quark #7)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled & !pack.zeroTlab
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver NewArrayIsZeroedUnlessOverwritten
 */

import static anatomy.Assertions.assertThat;
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
 * Java promises that a new array reads as zeros, so after the TLAB bump and the header C2 clears the body:
 * for a length known only at run time, one bulk zeroing whose form depends on the CPU and flags (x86_64:
 * vector stores of a zeroed register by default, rep stosq with -XX:-UseXMMForObjInit, rep stosb with
 * -XX:+UseFastStosb, a short loop of movq for a few words; AArch64: a call of the zero_blocks stub, which
 * uses dc zva, and stp xzr pairs for the tail). The cost is one write of the whole array.
 *
 *   x86_64, JDK 25:   xorq %rax, %rax ; ... movq %rax, (%rdi, %rcx, 8)        (up to 8 words)
 *                     vpxor %ymm0, %ymm0, %ymm0 ; vmovdqu %ymm0, (%rdi) ; vmovdqu %ymm0, 0x20(%rdi) ... vmovq %xmm0, (%rdi)
 *   x86_64, JDK 17:   the same; -XX:UseAVX=0: pxor %xmm0, %xmm0 ; movdqu %xmm0, (%rdi) ...
 *   aarch64, 17, 25:  bl Stub::zero_blocks ; stp xzr, xzr, [x10], #0x10 ... str xzr, [x10]
 *   riscv64, 25, 28:  RVV, a byte[16] too: vsetvli ; vxor.vv v4, v4, v4 ; vse64.v v4, (t3) ; bnez (a loop: Op.ZERO_STORE)
 *
 * Its size is the header (the element base offset: 16, 12 with compact headers, the default since JDK 27,
 * JEP 534) plus its elements, rounded up to ObjectAlignmentInBytes; all read from the VM (WhiteBox, Unsafe).
 * A constant-size byte[16] is cleared straight-line (17, 25: vpxor ; vmovdqu64 %xmm0, 0x10(obj); 27 with compact
 * headers: the length stored as movq $0x10, 8(obj) zeroes bytes 12..15 too), a byte[4096] by a loop (28-ea:
 * xorq %rax, %rax ; vpbroadcastq %rax, %zmm0 ; loop: vmovdqu64 %zmm0, (%rdi)).
 *
 * Two ways skip it. Unsafe.allocateUninitializedArray, an intrinsic, allocates without clearing (the caller
 * writes every element before anyone reads one, as the JDK's string building does); and C2 fuses a new array
 * whose only use is an arraycopy covering it (Arrays.copyOf of the whole source; ReduceBulkZeroing): the copy,
 * one call of the arraycopy stub, is the only write. Both still allocate inline (the TLAB bump is asserted, so an
 * allocation left to a call cannot pass vacuously). We inline allocateUninitializedArray by name ("too big").
 *
 * Controls: -XX:-ReduceBulkZeroing (the copy's destination zeroed first) and DisableIntrinsic (an ordinary new)
 * kill the contrasts; -Dmemory.uninitialized=true (newArray allocating uninitialized) the headline, which no
 * product flag takes away but -XX:+ZeroTLAB (TLABs zeroed when handed out), a user's choice and so a precondition
 * (!pack.zeroTlab). The small array's straight line has none (InitArrayShortSize is not a product flag).
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
            Unsafe unsafe = Unsafe.getUnsafe();
            // int up to 26, long since 27: called by reflection, read as a number
            Jit.measure("byte[] base", ((Number) Unsafe.class.getMethod("arrayBaseOffset", Class.class).invoke(unsafe, byte[].class)).longValue());
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
        long alignment = (long) run.measure("alignment").value();
        for (int n : LENGTHS) {
            long expected = (base + n + alignment - 1) / alignment * alignment;
            assertThat(ARRAY_SIZE_FOLLOWS_LENGTH, run.measure("sizeof byte[" + n + "]")).isEqualTo(expected);
        }
        assertThat(run.c2("newArray")).has(ZEROING);
        assertThat(run.c2("largeArray")).has(TLAB_ALLOCATION).has(ZEROING);
        assertThat(run.c2("uninitialized")).has(TLAB_ALLOCATION).hasNo(ZEROING);
        assertThat(run.c2("copied")).has(TLAB_ALLOCATION).hasNo(ZEROING);
        assertThat(run.c2("smallArray")).has(TLAB_ALLOCATION).has(ZERO_STORE.at(base + 15)).hasNo(Scope.LOOP_BODY.itself());
    }
}
