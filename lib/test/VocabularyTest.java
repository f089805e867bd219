/*
 * @test
 * @summary Each vocabulary operation finds the real instructions recorded on x86_64 and AArch64, and only where expected
 * @library /lib
 * @build Fixtures
 * @run junit VocabularyTest
 */

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.model.NMethod;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

public class VocabularyTest {

    /** (fixture, Shapes method, operation, expected to be found) over the three recorded JDK x ISA. */
    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        Op mergedAdd = Op.addImmediate("0x42", v -> v == 0x42);
        for (String f : Fixtures.DISASSEMBLED) {
            b.add(Arguments.of(f, "select", Op.CMOV, true));
            b.add(Arguments.of(f, "oneSided", Op.CMOV, false));
            b.add(Arguments.of(f, "locked", Op.CAS, true));
            b.add(Arguments.of(f, "publish", Op.CAS, false));
            b.add(Arguments.of(f, "divide", Op.INTEGER_DIVISION, true));
            b.add(Arguments.of(f, "select", Op.INTEGER_DIVISION, false));
            b.add(Arguments.of(f, "allocate", Op.TLAB_ALLOCATION, true));
            b.add(Arguments.of(f, "allocate", Op.ALLOCATION_SLOW_CALL, true));
            b.add(Arguments.of(f, "select", Op.TLAB_ALLOCATION, false));
            b.add(Arguments.of(f, "storeRef", Op.TLAB_ALLOCATION, false)); // G1's SATB queue update is no bump
            b.add(Arguments.of(f, "select", Op.ALLOCATION_SLOW_CALL, false));
            b.add(Arguments.of(f, "oneSided", Op.UNCOMMON_TRAP, true));
            b.add(Arguments.of(f, "select", Op.UNCOMMON_TRAP, false));
            b.add(Arguments.of(f, "select", Op.RETURN_POLL, true));
            b.add(Arguments.of(f, "divide", Op.IMPLICIT_NULL_CHECK, false));
            b.add(Arguments.of(f, "locked", mergedAdd, true));
            b.add(Arguments.of(f, "divide", Op.EXPLICIT_NULL_CHECK, true));
            b.add(Arguments.of(f, "zeroed", Op.ZEROING, true));
            b.add(Arguments.of(f, "select", Op.ZEROING, false));
            b.add(Arguments.of(f, "storeRef", Op.CARD_MARK, true));
            b.add(Arguments.of(f, "publish", Op.CARD_MARK, false));
            b.add(Arguments.of(f, "publish", Op.VOLATILE_STORE_BARRIER, true));
            b.add(Arguments.of(f, "select", Op.VOLATILE_STORE_BARRIER, false));
        }
        // A volatile store: x86_64 follows it with a locked add on the stack; AArch64 uses stlr and no fence.
        b.add(Arguments.of("x86_64-jdk17", "publish", Op.FULL_FENCE, true));
        b.add(Arguments.of("x86_64-jdk25", "publish", Op.FULL_FENCE, true));
        b.add(Arguments.of("aarch64-jdk17", "publish", Op.FULL_FENCE, false));
        b.add(Arguments.of("x86_64-jdk25", "select", Op.FULL_FENCE, false));
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("cases")
    void findsWhatTheJitEmitted(String fixture, String method, Op op, boolean expected) {
        NMethod code = Fixtures.c2(Fixtures.nmethods(fixture), method);
        Isa isa = Fixtures.isa(fixture);
        int found = op.find(code.instructions(), isa).size();
        assertEquals(expected, found > 0, op + " in " + code.describe() + " on " + isa.label() + ":\n"
                + String.join("\n", code.instructions().stream().map(Object::toString).toList()));
    }

    @ParameterizedTest
    @MethodSource("patternCases")
    void patternsMatchInstructionTexts(Isa isa, Op op, String text, boolean expected) {
        var insn = new anatomy.model.Instruction(0x1000, text.split(" ", 2)[0], text.contains(" ") ? text.split(" ", 2)[1] : "", List.of());
        assertEquals(expected, !op.find(List.of(insn), isa).isEmpty(), op + " on '" + text + "'");
    }

    /** Instruction texts copied from the fixtures and from C2 output of the headline tests. */
    static Stream<Arguments> patternCases() {
        return Stream.of(
                Arguments.of(Isa.X86_64, Op.CMOV, "cmovnel %r11d, %eax", true),
                Arguments.of(Isa.X86_64, Op.CMOV, "movl $2, %eax", false),
                Arguments.of(Isa.AARCH64, Op.CMOV, "csel w0, w11, w10, ne", true),
                Arguments.of(Isa.AARCH64, Op.CMOV, "cset w0, ne", false),
                Arguments.of(Isa.X86_64, Op.CAS, "lock cmpxchgq %r10, (%r11)", true),
                Arguments.of(Isa.AARCH64, Op.CAS, "casal x0, x2, [x9]", true),
                Arguments.of(Isa.AARCH64, Op.CAS, "ldaxr x8, [x10]", true),
                Arguments.of(Isa.X86_64, Op.FULL_FENCE, "lock addl $0, -0x40(%rsp)", true),
                Arguments.of(Isa.X86_64, Op.FULL_FENCE, "mfence", true),
                Arguments.of(Isa.AARCH64, Op.FULL_FENCE, "dmb ish", true),
                Arguments.of(Isa.AARCH64, Op.FULL_FENCE, "dmb ishst", false),
                Arguments.of(Isa.X86_64, Op.EXPLICIT_NULL_CHECK, "testl %esi, %esi", true),
                Arguments.of(Isa.X86_64, Op.EXPLICIT_NULL_CHECK, "testl %esi, %edx", false),
                Arguments.of(Isa.AARCH64, Op.EXPLICIT_NULL_CHECK, "cbz w1, 0x0000005513eaba84", true),
                Arguments.of(Isa.X86_64, Op.INTEGER_DIVISION, "idivl %edi", true),
                Arguments.of(Isa.AARCH64, Op.INTEGER_DIVISION, "sdiv w0, w1, w2", true),
                Arguments.of(Isa.X86_64, Op.addImmediate("0x108", v -> v == 0x108), "addl $0x108, 0xc(%rbx)", true),
                Arguments.of(Isa.X86_64, Op.addImmediate("0x108", v -> v == 0x108), "addl $0x42, 0xc(%rbx)", false),
                Arguments.of(Isa.AARCH64, Op.addImmediate("0x108", v -> v == 0x108), "add w11, w10, #0x108", true));
    }
}
