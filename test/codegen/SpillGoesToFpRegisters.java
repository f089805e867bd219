/*
 * @test id=default
 * @summary Under integer register pressure C2 spills to FP/SIMD registers rather than to the stack, where UseFPUForSpilling is on (Quark #20)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.fpuSpilling & (pack.isa == "x86_64" | pack.isa == "aarch64")
 * @library /lib
 * @run driver SpillGoesToFpRegisters default
 */

/*
 * @test id=defaultOff
 * @summary Under integer register pressure C2 spills to FP/SIMD registers rather than to the stack, where UseFPUForSpilling is on (Quark #20)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & !pack.fpuSpilling & (pack.isa != "aarch64" | pack.jdk < 24 | pack.jdk >= 26) & pack.isa != "ppc64le" & pack.isa != "s390x"
 * @library /lib
 * @run driver SpillGoesToFpRegisters defaultOff
 */

/*
 * @test id=forced
 * @summary Under integer register pressure C2 spills to FP/SIMD registers rather than to the stack, where UseFPUForSpilling is on (Quark #20)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & (pack.isa != "aarch64" | pack.jdk < 24 | pack.jdk >= 26) & pack.isa != "ppc64le" & pack.isa != "s390x"
 * @library /lib
 * @run driver SpillGoesToFpRegisters forced
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.atLeast;
import static anatomy.Op.RELOAD_FROM_FP_REGISTER;
import static anatomy.Op.SPILL_TO_FP_REGISTER;
import static anatomy.Op.SPILL_TO_STACK;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import anatomy.Vm;

/*
 * copyAcrossVolatileRead loads 36 fields, reads a volatile (which later loads may not move above) and stores the 36
 * values: 36 integers live at once, more than the general-purpose registers C2 can give them. The surplus has to live
 * elsewhere until the stores. With UseFPUForSpilling C2 parks them in FP/SIMD registers, a register-to-register move
 * each way, instead of a store to and a load from the stack: we assert the move out, the move back, and the stack only
 * once every FP register (Vm.fpRegisters: 32 with AVX-512 and on AArch64, 16 with SSE to AVX2) holds a spill.
 *
 *   x86_64, JDK 17 to 27:  vmovd %r11d, %xmm0 ; vmovd %r10d, %xmm2 ; ... vmovd %xmm2, %r10d   (16 out, 16 back)
 *   x86_64, JDK 28:        default (off here): movl %r11d, (%rsp) ; ... movl 0x60(%rsp), %r10d (25 out, 25 back)
 *                          forced: vmovd, 25 out and 25 back, no stack slot
 *   x86_64, AVX2, 28:      vmovd into xmm0-15 (16 out, 16 back), then movl %r10d, (%rsp) ... for the other nine
 *   aarch64, JDK 17 and 28, forced:  fmov s16, w11 ; fmov s17, w11 ; ... fmov w11, s25   (11 out, 11 back)
 *   aarch64, JDK 25, forced:  the VM crashes, barrierSetAssembler_aarch64.cpp:428 ShouldNotReachHere
 *   ppc64le, JDK 25, forced:  the VM aborts, ppc.ad:1815 Unimplemented (MachSpillCopyNode has no GPR-to-FPR copy);
 *                             default off there: stw r14, 32(r1) ... lwz r14, 36(r1) (#defaultOff's first child;
 *                             its second, forced, aborts too, so both variants skip on ppc64le)
 *   s390x, JDK 25, forced:    the same, s390.ad:1413 Unimplemented (MachSpillCopyNode has no copy between a
 *                             general and an FP register); default off there: st %r12, 16(%r15) ... llgf %r13,
 *                             16(%r15) (a 4-byte slot reloads zero-extended); both variants skip on s390x
 *
 * The other ports never turn it on by default (measured off on riscv64, ppc64le and s390x, 25.0.5 and 28-ea+18):
 * #default is not about them, so it skips there by the ISA rather than reporting their default as a finding;
 * #defaultOff and #forced are (ppc64le and s390x abort under the flag, above). The flag's default is the VM's choice
 * for the CPU, and it has changed: JDK 17 to 27 turn it on for the x86_64 families HotSpot measured it on (Intel and
 * AMD), off on AArch64 but ThunderX2. JDK 28 turns it off again on Intel from Haswell (JDK-8388882) and on AMD Zen 3
 * and later (JDK-8390818, measured on a Zen 5, family 1Ah): there the spills go to the stack. Each variant asserts what
 * the VM's default is here: `default` where it is on (pack.fpuSpilling), FP spills; `defaultOff` where it is off, stack
 * spills and no FP spill, and the flag still bringing the FP spills back. `forced` sets the flag on any CPU, except
 * AArch64 JDK 24 and 25: there C2 crashes compiling this method with it (JDK-8359378, G1's late barrier expansion meets
 * an integer in an FP register; fixed in 26; measured on 25.0.2). The control turns the flag off (after the tests' own
 * flags): the spills go to the stack.
 */
@NegativeControl(flags = "-XX:-UseFPUForSpilling", kills = SPILL_TO_FP_REGISTER, in = "copyAcrossVolatileRead", why = "C2 then spills to the stack only")
public class SpillGoesToFpRegisters {
    int a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17;
    int a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35;
    int b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17;
    int b18, b19, b20, b21, b22, b23, b24, b25, b26, b27, b28, b29, b30, b31, b32, b33, b34, b35;
    volatile int fence;
    int seen;

    void copyAcrossVolatileRead() {
        int v0 = a0; int v1 = a1; int v2 = a2; int v3 = a3; int v4 = a4; int v5 = a5; int v6 = a6; int v7 = a7; int v8 = a8;
        int v9 = a9; int v10 = a10; int v11 = a11; int v12 = a12; int v13 = a13; int v14 = a14; int v15 = a15; int v16 = a16; int v17 = a17;
        int v18 = a18; int v19 = a19; int v20 = a20; int v21 = a21; int v22 = a22; int v23 = a23; int v24 = a24; int v25 = a25; int v26 = a26;
        int v27 = a27; int v28 = a28; int v29 = a29; int v30 = a30; int v31 = a31; int v32 = a32; int v33 = a33; int v34 = a34; int v35 = a35;
        seen = fence;
        b0 = v0; b1 = v1; b2 = v2; b3 = v3; b4 = v4; b5 = v5; b6 = v6; b7 = v7; b8 = v8; b9 = v9; b10 = v10; b11 = v11;
        b12 = v12; b13 = v13; b14 = v14; b15 = v15; b16 = v16; b17 = v17; b18 = v18; b19 = v19; b20 = v20; b21 = v21; b22 = v22; b23 = v23;
        b24 = v24; b25 = v25; b26 = v26; b27 = v27; b28 = v28; b29 = v29; b30 = v30; b31 = v31; b32 = v32; b33 = v33; b34 = v34; b35 = v35;
    }

    public static class Workload {
        public static void main(String[] args) {
            SpillGoesToFpRegisters o = new SpillGoesToFpRegisters();
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                o.copyAcrossVolatileRead();
            }
            Jit.compileAtC2(SpillGoesToFpRegisters.class, "copyAcrossVolatileRead");
            Jit.measure("FP registers", Vm.fpRegisters());
        }
    }

    public static void main(String[] args) {
        if (args[0].equals("defaultOff")) {
            spillsToStack(Jit.run(Workload.class).c2("copyAcrossVolatileRead"));
        }
        Run run = args[0].equals("default") ? Jit.run(Workload.class) : Jit.run(Workload.class, "-XX:+UseFPUForSpilling");
        spillsToFp(run.c2("copyAcrossVolatileRead"), (int) run.measure("FP registers").value());
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void spillsToFp(Compiled code, int fpRegisters) {
        assertThat(code).has(SPILL_TO_FP_REGISTER).has(RELOAD_FROM_FP_REGISTER)
                .hasNoUnless(SPILL_TO_STACK, atLeast(fpRegisters), SPILL_TO_FP_REGISTER);   // the stack once they are full
    }

    static void spillsToStack(Compiled code) {
        assertThat(code).has(SPILL_TO_STACK).hasNo(SPILL_TO_FP_REGISTER);
    }
}
