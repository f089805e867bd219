/*
 * @test
 * @summary INNERMOST_LOOP follows the control flow: a strip-mined loop whose outer loop C2 enters in the middle of the strip's code keeps its poll outside the innermost loop, and a poll in the strip is inside it
 * @library /lib
 * @run testng LoopsTest
 */

import static anatomy.Op.SAFEPOINT_POLL;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.X86_64;
import static org.testng.Assert.assertEquals;

import anatomy.Scope;
import anatomy.isa.Isa;
import anatomy.model.Instruction;
import java.util.ArrayList;
import java.util.List;
import org.testng.annotations.Test;

public class LoopsTest {
    /*
     * x86_64 28-ea+18, StripMinedLoopPollsOncePerStrip::sum (int[10000], AVX-512), cut to its branches: the method
     * jumps into the outer loop's tail, which jumps into the strip at 0x1022; the strip's own back branch goes to
     * 0x1020, one move before. The two address ranges overlap without nesting, so a rule by ranges takes the outer
     * loop for an innermost one and finds its poll there.
     */
    static final String[] ROTATED = {
            "1000 jmp 0x1060",
            "1020 movl %edx, %ebx",
            "1022 vpaddd 0xc(%rsi, %rbx, 4), %zmm0, %zmm0",
            "1030 cmpl %r9d, %edx",
            "1034 jl 0x1020",
            "1040 movq 0x30(%r15), %r8",
            "1044 testl %eax, (%r8) ;{poll}",
            "1048 cmpl %ebp, %edx",
            "104c jge 0x1070",
            "1050 movl %edx, %ebx",
            "1060 addl %ebx, %r9d",
            "1064 jmp 0x1022",
            "1070 retq"};

    @Test
    public void rotatedStripKeepsItsPollOutside() {
        List<Instruction> code = code(ROTATED);
        assertEquals(SAFEPOINT_POLL.inside(Scope.LOOP_BODY).find(code, X86_64).size(), 1);
        assertEquals(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP).find(code, X86_64).size(), 0);
        assertEquals(Scope.INNERMOST_LOOP.itself().find(code, X86_64).stream().map(Instruction::address).toList(), List.of(0x1022L));
    }

    @Test
    public void pollInTheStripIsInside() {
        List<String> lines = new ArrayList<>(List.of(ROTATED));
        lines.add(3, "102c testl %eax, (%r8) ;{poll}");
        assertEquals(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP).find(code(lines.toArray(String[]::new)), X86_64).size(), 1);
    }

    /* Strip mining off (-XX:LoopStripMiningIter=0), AArch64: one loop, its poll inside; b never falls through. */
    @Test
    public void unstrippedLoopPollsInside() {
        List<Instruction> code = code("1000 b 0x1010", "1004 ldr w0, [x1]", "1008 add w2, w2, w0",
                "100c ldr wzr, [x9] ;{poll}", "1010 cmp w3, w4", "1014 b.lt 0x1004", "1018 ret");
        assertEquals(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP).find(code, AARCH64).size(), 1);
    }

    /* A jump the ISA's unconditional forms do not match is taken to fall through: an edge more, never a loop invented. */
    @Test
    public void straightCodeHasNoLoop() {
        List<Instruction> code = code("1000 cmpl %eax, %ebx", "1004 jl 0x100c", "1008 testl %eax, (%r8) ;{poll}", "100c retq");
        assertEquals(Scope.INNERMOST_LOOP.itself().find(code, X86_64).size(), 0);
        assertEquals(SAFEPOINT_POLL.inside(Scope.INNERMOST_LOOP).find(code, X86_64).size(), 0);
    }

    /* "address mnemonic operands ;{note}" */
    static List<Instruction> code(String... lines) {
        List<Instruction> code = new ArrayList<>();
        for (String line : lines) {
            String[] noted = line.split(" ;", 2);
            String[] parts = noted[0].split(" ", 3);
            code.add(new Instruction(Long.parseLong(parts[0], 16), parts[1], parts.length > 2 ? parts[2] : "",
                    noted.length > 1 ? List.of(noted[1]) : List.of()));
        }
        return code;
    }
}
