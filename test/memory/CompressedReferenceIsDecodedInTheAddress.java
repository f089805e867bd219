/*
 * @test
 * @summary A compressed reference is decoded as base + offset * 8, folded into the next access's address on x86_64 (one lsl #3 on AArch64), and not at all in 32-bit mode (Quark #23)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.coops & pack.gc != "shenandoah" & pack.objectAlignment == "8" & pack.heapSizeUnset & pack.heapBaseUnset
 * @library /lib
 * @run driver CompressedReferenceIsDecodedInTheAddress
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.NARROW_OOP_AS_ADDRESS;
import static anatomy.Op.NARROW_OOP_DECODE;

import anatomy.Compiled;
import anatomy.Inconclusive;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;
import anatomy.model.UnifiedLog;

/*
 * With compressed references a field holds 32 bits: the object's address divided by the object alignment
 * (8 bytes), minus the heap base. The VM picks the cheapest encoding the heap's place allows, and says so
 * (-Xlog:gc+heap+coops): "32-bit" when the heap ends below 4 GB (the reference is the address), "Zero based"
 * below 32 GB (shift by 3), "Non-zero based" above (shift, add the base), and none past 32 GB of heap.
 * Decoding then costs nothing on x86_64: r12 holds the base (zero in zero-based mode) and the address
 * mode base + index * 8 + offset does the rest. AArch64 has no such mode with an offset: one lsl #3, or an
 * add of the base register x27 with lsl #3.
 *
 *   x86_64, JDK 17 and 25, -Xmx8g:   movl 0xc(%rsi), %r11d ; movl 0xc(%r12, %r11, 8), %eax     (Zero based, shift 3)
 *   -Xmx1g -XX:HeapBaseMinAddress=40g: the same                                      (Non-zero based, shift 3)
 *   -Xmx1g:                           movl 0xc(%rsi), %r11d ; movl 0xc(%r11), %eax   (32-bit: no decode)
 *   -Xmx33g:                          movq 0x10(%rsi), %r10 ; movl 0xc(%r10), %eax   (no compressed oops)
 *   aarch64, JDK 17 and 25, -Xmx8g:  ldr w11, [x1, #0xc] ; lsl x10, x11, #3 ; ldr w0, [x10, #0xc]
 *   aarch64, heap-based:              ldr w11, [x1, #0xc] ; add x10, x27, x11, lsl #3 ; ldr w0, [x10, #0xc]
 *   aarch64, 28-ea, -Xmx1g:           ldr w11, [x1, #8] ; ldr w0, [x11, #8]          (32-bit: no decode)
 *
 * In 32-bit mode the claim is NARROW_OOP_AS_ADDRESS: the register the reference is loaded into is, in the very
 * next instruction, the whole address of the next load (no index, no scale), its null check that load's fault.
 * A decode kept apart (a copy, movq %r11, %r10 or mov x10, x11, the access through the copy, an explicit null
 * check: AArch64's mutant decode-not-folded) fails it, which "no shift decodes" let pass. ppc64le's port copies
 * the reference (mr) even here; its form allows that one copy.
 *
 * The test sizes the heap itself, in two child VMs: 8 GB (reserved, not committed), zero based, for the decode,
 * and 1 GB, placed below 4 GB in 32-bit mode, for its absence; the mode and shift it asserts on are the VM's own,
 * read from its log. A heap size in the user's options would replace the test's (pack.heapSizeUnset: the test
 * skips naming it; until 2026-11-28 a user -Xmx below about 3 GB silently turned the headline into the 32-bit
 * absence), and a HeapBaseMinAddress would move the 1 GB heap off 32-bit mode (pack.heapBaseUnset). A heap that
 * came up in another mode (the OS did not let a 1 GB heap sit below 4 GB) is no verdict on the JIT: inconclusive,
 * naming the mode. The claim needs the 8-byte object alignment:
 * -XX:ObjectAlignmentInBytes=16 makes the shift 4, which no x86_64 address mode scales by, so a separate
 * shlq $4 (lsl #4) decodes; with another alignment in the VM options the test skips, naming it.
 *
 * No flag moves the decode out of the address while the shift is 3 (C2's x86_64 address operands depend on
 * the shift alone), so the control changes the program: with -Dmemory.referenceAsValue=true deref hands the
 * reference to a call, which needs the whole address in a register: shlq $3, %rsi, no decode in an address.
 * On AArch64 the decode is a separate lsl #3 either way, so the control applies to x86_64 only.
 */
@NegativeControl(flags = "-Dmemory.referenceAsValue=true", kills = NARROW_OOP_DECODE, in = "deref", requires = "pack.isa == \"x86_64\"",
        why = "a program change (no flag exists): the reference is passed to a call, so it is decoded by a shift, not in an address")
public class CompressedReferenceIsDecodedInTheAddress {
    static class Inner {
        int value;
    }

    static class Holder {
        Inner inner = new Inner();
    }

    static final boolean AS_VALUE = Boolean.getBoolean("memory.referenceAsValue");

    static int deref(Holder holder) {
        return AS_VALUE ? neverInlined(holder.inner) : holder.inner.value;
    }

    static int neverInlined(Inner inner) {
        return inner.value;
    }

    public static class Workload {
        public static void main(String[] args) {
            Jit.measure("oopBytes", Vm.heapOopSize());
            Jit.measure("value", deref(new Holder()));
            Jit.compileAtC2(CompressedReferenceIsDecodedInTheAddress.class, "deref");
        }
    }

    public static void main(String[] args) {
        for (boolean unscaled : new boolean[] {false, true}) {
            String mode = unscaled ? "32-bit" : "zero-based";
            Run run = Jit.run(Workload.class, unscaled ? "-Xmx1g" : "-Xmx8g", "-Xlog:gc+heap+coops=debug",
                    "-XX:CompileCommand=dontinline,CompressedReferenceIsDecodedInTheAddress::neverInlined");
            UnifiedLog.CompressedOops coops = run.vmLog().compressedOops()
                    .orElseThrow(() -> new AssertionError("the VM logged no compressed-oops mode (gc+heap+coops)"));
            if (unscaled != (coops.shift() == 0)) {
                throw new Inconclusive("the heap of " + (unscaled ? "1 GB" : "8 GB") + " came up in the compressed-oops mode '"
                        + coops.mode() + "' (shift " + coops.shift() + "), not the " + mode + " mode it is asked for");
            }
            isDecodedInTheAddress(run.c2("deref"), unscaled);
            assertThat(run.measure("oopBytes")).isAtMost(4);
        }
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void isDecodedInTheAddress(Compiled deref, boolean unscaled) {
        if (unscaled) {    // the reference is the address
            assertThat(deref).has(exactly(1), NARROW_OOP_AS_ADDRESS);
        } else {
            assertThat(deref).has(exactly(1), NARROW_OOP_DECODE);
        }
    }
}
