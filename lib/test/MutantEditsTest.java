/*
 * @test
 * @summary make mutants' machine-code edits (make/tools/mutants/Patches.java) are the instructions they claim to be, of the length they replace
 * @library /lib /make/tools
 * @build mutants.Patches
 * @run testng MutantEditsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import java.util.HexFormat;
import mutants.Patches;
import org.testng.annotations.Test;

/*
 * Each edit as bytes, worked out by hand from the ISA manuals (Intel SDM vol. 2; Arm ARM, A64 base instructions).
 * make mutants also decodes every edit it makes with the pack's decoder and refuses one that does not end where
 * the instruction it replaces did.
 */
public class MutantEditsTest {
    private static final Patches X86 = Patches.of("x86_64");
    private static final Patches A64 = Patches.of("aarch64");

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Test
    public void x86ConditionalBranchesInvertKeepTheirTargetAndLength() {
        assertTrue(X86.isConditionalBranch(hex("7408")));                 // je +8
        assertTrue(X86.isConditionalBranch(hex("0f8412345678")));         // je rel32
        assertFalse(X86.isConditionalBranch(hex("eb08")));                // jmp: not conditional
        assertEquals(hex(X86.invert(hex("7408"))), "7508");               // jne +8
        assertEquals(hex(X86.invert(hex("0f8f12345678"))), "0f8e12345678"); // jg -> jle
        assertEquals(hex(X86.always(hex("7408"))), "eb08");
        assertEquals(hex(X86.always(hex("0f8412345678"))), "90e912345678"); // nop ; jmp, ending where the jcc did
        assertEquals(hex(X86.never(hex("0f8412345678"))), "660f1f440000");
    }

    @Test
    public void x86CallsAreSkippedWithAZeroResult() {
        assertTrue(X86.isCall(hex("e800000000")));
        assertTrue(X86.isCall(hex("41ffd3")));                            // call *%r11
        assertTrue(X86.isCall(hex("ff5010")));                            // call *0x10(%rax)
        assertFalse(X86.isCall(hex("ff6010")));                           // jmp *0x10(%rax)
        assertEquals(hex(X86.skipCall(hex("e800000000"))), "31c00f1f00");
        assertEquals(hex(X86.skipCall(hex("41ffd3"))), "31c090");
        assertEquals(hex(X86.returnWith("0")), "31c0c3");
        assertEquals(hex(X86.trap(5)), "0f0b0f1f00");
        assertTrue(X86.isLandingPad(hex("f30f1efa")));
    }

    @Test
    public void a64BranchesInvertByTheirConditionBit() {
        assertTrue(A64.isConditionalBranch(hex("40000054")));             // b.eq #+8
        assertEquals(hex(A64.invert(hex("40000054"))), "41000054");       // b.ne #+8
        assertTrue(A64.isConditionalBranch(hex("600000b4")));             // cbz x0, #+12
        assertEquals(hex(A64.invert(hex("600000b4"))), "600000b5");       // cbnz x0, #+12
        assertTrue(A64.isConditionalBranch(hex("60000036")));             // tbz w0, #0, #+12
        assertEquals(hex(A64.invert(hex("60000036"))), "60000037");       // tbnz
        assertFalse(A64.isConditionalBranch(hex("4e000054")));            // b.al: not conditional
        assertEquals(hex(A64.always(hex("40000054"))), "02000014");       // b #+8
        assertEquals(hex(A64.always(hex("e0ffffb4"))), "ffffff17");       // cbz x0, #-4 -> b #-4
        assertEquals(hex(A64.always(hex("e0ff7f36"))), "ffffff17");       // tbz w0, #15, #-4 -> b #-4
    }

    @Test
    public void a64CallsAndReturns() {
        assertTrue(A64.isCall(hex("01000094")));                          // bl #+4
        assertTrue(A64.isCall(hex("00023fd6")));                          // blr x16
        assertFalse(A64.isCall(hex("00021fd6")));                         // br x16
        assertEquals(hex(A64.skipCall(hex("01000094"))), "000080d2");     // mov x0, #0
        assertEquals(hex(A64.returnWith("void")), "c0035fd6");
        assertEquals(hex(A64.returnWith("1")), "200080d2c0035fd6");
        assertEquals(hex(A64.trap(8)), "000000001f2003d5");               // udf #0 ; nop
        assertTrue(A64.isLandingPad(hex("5f2403d5")));                    // bti c
        assertFalse(A64.isLandingPad(hex("3f2303d5")));                   // paciasp: replaced, not stepped over
    }

    @Test
    public void x86BoundariesMoveAndEqualityHasNone() {
        assertEquals(hex(X86.boundary(hex("7c08"))), "7e08");               // jl -> jle
        assertEquals(hex(X86.boundary(hex("0f8d12345678"))), "0f8f12345678"); // jge -> jg
        assertEquals(hex(X86.boundary(hex("7208"))), "7608");               // jb -> jbe
        assertEquals(hex(X86.boundary(hex("7708"))), "7308");               // ja -> jae
        assertEquals(X86.boundary(hex("7408")), null);                      // je: no boundary
        assertEquals(X86.boundary(hex("0f8812345678")), null);              // js: no boundary
    }

    @Test
    public void x86ConstantsInARegisterAreReplacedInPlace() {
        assertEquals(X86.immediate(hex("be05000000")), Long.valueOf(5));     // mov $0x5,%esi
        assertEquals(X86.immediate(hex("41b8ff000000")), Long.valueOf(255)); // mov $0xff,%r8d
        assertEquals(X86.immediate(hex("48c7c005000000")), null);           // mov $5,%rax (REX.W C7): not this form
        assertEquals(X86.immediate(hex("e800000000")), null);               // a call
        assertEquals(hex(X86.withImmediate(hex("be05000000"), 4)), "be04000000");
        assertEquals(hex(X86.withImmediate(hex("41b8ff000000"), -1)), "41b8ffffffff");
        assertEquals(X86.withImmediate(hex("be05000000"), 1L << 33), null);  // does not fit
    }

    @Test
    public void a64BoundariesAndConstants() {
        assertEquals(hex(A64.boundary(hex("4b000054"))), "4d000054");       // b.lt -> b.le
        assertEquals(hex(A64.boundary(hex("42000054"))), "48000054");       // b.hs -> b.hi
        assertEquals(hex(A64.boundary(hex("49000054"))), "43000054");       // b.ls -> b.lo
        assertEquals(A64.boundary(hex("40000054")), null);                  // b.eq: no boundary
        assertEquals(A64.boundary(hex("600000b4")), null);                  // cbz: no boundary
        assertEquals(A64.immediate(hex("a1008052")), Long.valueOf(5));      // movz w1, #5
        assertEquals(A64.immediate(hex("a00080d2")), Long.valueOf(5));      // movz x0, #5
        assertEquals(A64.immediate(hex("a1008072")), null);                 // movk: keeps other bits, not this form
        assertEquals(A64.immediate(hex("a100a052")), null);                 // movz w1, #5, lsl #16: not this form
        assertEquals(hex(A64.withImmediate(hex("a1008052"), 4)), "81008052"); // movz w1, #4
        assertEquals(A64.withImmediate(hex("a1008052"), 0x10000), null);    // does not fit 16 bits
    }

    @Test
    public void x86GlobalsAreReadAtAnotherAddress() {
        // lea 0x11967b9(%rip),%rdx at 0x7af798: 28-ea+18's CollectedHeap::fill_with_object taking &Universe::_fillerArrayKlass
        assertEquals(X86.globalAddress(hex("488d15b9671901"), 0x7af798), Long.valueOf(0x1945f58));
        assertEquals(X86.globalAddress(hex("8b05f0ffffff"), 0x1000), Long.valueOf(0x1000 + 6 - 16));  // mov -0x10(%rip),%eax
        assertEquals(X86.globalAddress(hex("488b4508"), 0x1000), null);                               // mov 0x8(%rbp),%rax: no global
        assertEquals(X86.globalAddress(hex("c705f0ffffff01000000"), 0x1000), null);                   // movl $1,-0x10(%rip): an immediate after it
        assertEquals(hex(X86.withGlobalAddress(hex("488d15b9671901"), 0x7af798, 0x1945fd0)), "488d1531681901");
        assertEquals(X86.withGlobalAddress(hex("488d15b9671901"), 0x7af798, 0x7af798L + (1L << 32)), null);  // out of reach
        assertEquals(A64.globalAddress(hex("00000090"), 0x1000), null);    // adrp: A64 reaches statics through the GOT, refused
    }
}
