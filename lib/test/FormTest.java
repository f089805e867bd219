/*
 * @test
 * @summary A form's data-flow bounds: a capture in a none-between regex, no branch target between, every store of a zeroed register, and one form's occurrences except another's
 * @library /lib
 * @build Fixtures
 * @run testng FormTest
 */

import static anatomy.isa.Form.anyOf;
import static anatomy.isa.Form.insn;
import static anatomy.isa.Form.seq;
import static anatomy.isa.Form.step;
import static anatomy.isa.Isa.PPC64LE;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.expectThrows;

import anatomy.isa.Form;
import anatomy.model.Instruction;
import java.util.List;
import org.testng.annotations.Test;

public class FormTest {
    static List<Instruction> code(String... texts) {
        return Fixtures.code(texts);
    }

    static List<Long> at(Form form, List<Instruction> code) {
        return form.find(code, PPC64LE).stream().map(Instruction::address).toList();
    }

    /** A register set to zero, then stored; nothing between may write that register. */
    static final Form ZEROED_THEN_STORED = seq(step("li (?<z>r\\d+), 0$"),
            step("stw {z}, \\d+\\(r3\\)$").withNoneBetween("[a-z]+ {z},"));

    @Test
    public void aNoneBetweenRegexReadsTheCapturesBeforeIt() {
        assertEquals(at(ZEROED_THEN_STORED, code("li r15, 0", "li r14, 1", "stw r15, 12(r3)")), List.of(0x1008L));
        assertEquals(at(ZEROED_THEN_STORED, code("li r15, 0", "lwz r15, 32(r1)", "stw r15, 12(r3)")), List.of());
    }

    @Test
    public void aNoneBetweenRegexWithAnUncapturedNameIsRefusedWhenMatched() {
        Form f = seq(step("li (?<z>r\\d+), 0$"), step("stw ").withNoneBetween("[a-z]+ {y},"));
        expectThrows(IllegalStateException.class, () -> f.find(code("li r15, 0", "stw r15, 12(r3)"), PPC64LE));
    }

    @Test
    public void everyOneCountsEachStoreUntilTheRegisterIsWritten() {
        Form each = seq(step("li (?<z>r\\d+), 0$"), step("st[wd] {z}, \\d+\\(r3\\)$").withNoneBetween("(?!st)[a-z]+ {z},").everyOne());
        List<Instruction> code = code("li r14, 0", "std r14, 16(r3)", "std r14, 24(r3)", "li r14, 7", "std r14, 32(r3)");
        assertEquals(at(each, code), List.of(0x1004L, 0x1008L));
        assertEquals(at(ZEROED_THEN_STORED, code("li r14, 0", "stw r14, 16(r3)", "stw r14, 24(r3)")), List.of(0x1004L),
                "without everyOne, the nearest one only");
    }

    @Test
    public void everyOneIsForTheLastStepOnly() {
        expectThrows(IllegalArgumentException.class, () -> seq(step("li r3, 0$").everyOne(), step("stw r3, ")));
        expectThrows(IllegalArgumentException.class, () -> seq(step("li r3, 0$"), step("stw r3, ").anchor(), step("blr").everyOne()));
    }

    @Test
    public void noJoinStopsAtABranchTarget() {
        Form f = seq(step("li (?<z>r\\d+), 0$"), step("stw {z}, \\d+\\(r3\\)$").withNoJoinBetween().everyOne());
        // 0x1000 li ; 0x1004 stw ; 0x1008 stw (a branch's target: another path may come with another r15) ; 0x100c b 0x1008
        assertEquals(at(f, code("li r15, 0", "stw r15, 12(r3)", "stw r15, 16(r3)", "b 0x1008")), List.of(0x1004L));
        // the target at the store itself
        assertEquals(at(f, code("li r15, 0", "stw r15, 12(r3)", "b 0x1004")), List.of());
        // a branch to the li itself is no join between
        assertEquals(at(f, code("li r15, 0", "stw r15, 12(r3)", "b 0x1000")), List.of(0x1004L));
    }

    @Test
    public void exceptDropsTheOccurrencesOfTheOtherForm() {
        Form stores = insn("stw r\\d+, \\d+\\(r3\\)$");
        List<Instruction> code = code("li r15, 0", "stw r15, 12(r3)", "lwz r15, 32(r1)", "stw r15, 12(r3)");
        assertEquals(at(stores, code), List.of(0x1004L, 0x100cL));
        assertEquals(at(stores.except(ZEROED_THEN_STORED), code), List.of(0x100cL));
        assertEquals(at(stores.except(anyOf(ZEROED_THEN_STORED, insn("lwz "))), code), List.of(0x100cL));
        expectThrows(IllegalArgumentException.class, () -> stores.except(Form.absent("none")));
    }
}
