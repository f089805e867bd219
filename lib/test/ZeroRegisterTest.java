/*
 * @test
 * @summary x86_64's r12 is read as zero only where the run's compressed references make it so: allocated under -XX:-UseCompressedOops, a stored r12 is a field store, not a zero store
 * @library /lib
 * @run testng ZeroRegisterTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.isa.Registers;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.List;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.Test;

/*
 * lib/test/fixtures/x86_64-jdk17-nocoops-r12.out: ReferenceStoreIsCardMarked::storeIntoExisting (G1) on 17.0.15
 * under -XX:-UseCompressedOops, where C2 allocated r12 to the reference and stored it into the field:
 * movq %rdx, %r12 ; ... movq %r12, 0x10(%rbx). Read as zero based (the old, fixed reading), that store was a
 * ZERO_STORE at 0x10 and no FIELD_STORE.
 */
public class ZeroRegisterTest {
    private static final Isa X86 = Isa.X86_64;

    @AfterMethod
    public void readZeroBasedAgain() {
        Registers.ZERO_BASED.use();
    }

    private static List<Instruction> storeIntoExisting() {
        List<NMethod> all = AssemblyParser.parse(Fixtures.read("x86_64-jdk17-nocoops-r12.out"), "x86_64-jdk17-nocoops-r12.out");
        return all.stream().filter(n -> n.method().endsWith("::storeIntoExisting")).findFirst().orElseThrow().mainCode();
    }

    private static List<String> found(Op op, long offset, List<Instruction> code) {
        return op.at(offset).find(code, X86).stream().map(Instruction::text).toList();
    }

    @Test
    public void allocatedR12StoredIntoAFieldIsAFieldStore() {
        Registers.ofCompressedOops("Disabled").use();
        List<Instruction> code = storeIntoExisting();
        assertEquals(found(Op.FIELD_STORE, 0x10, code).size(), 1, "FIELD_STORE at 0x10");
        assertEquals(found(Op.ZERO_STORE, 0x10, code), List.of(), "ZERO_STORE at 0x10");
        assertTrue(Op.CARD_MARK.find(code, X86).size() >= 1, "the card mark is an immediate zero: movb $0, (%rdi)");
    }

    @Test
    public void theZeroBasedReadingTookItForAZeroStore() {
        Registers.ZERO_BASED.use();
        List<Instruction> code = storeIntoExisting();
        assertEquals(found(Op.ZERO_STORE, 0x10, code).size(), 1);
        assertEquals(found(Op.FIELD_STORE, 0x10, code), List.of());
    }

    @Test
    public void r12IsZeroOnlyWithZeroBasedCompressedReferences() {
        assertEquals(Registers.ofCompressedOops("Enabled (Zero based)"), Registers.ZERO_BASED);
        assertEquals(Registers.ofCompressedOops("Enabled (32-bit)"), Registers.ZERO_BASED);
        assertEquals(Registers.ofCompressedOops("Enabled (Non-zero disjoint base)"), Registers.NO_ZERO_REGISTER);
        assertEquals(Registers.ofCompressedOops("Enabled (Non-zero based)"), Registers.NO_ZERO_REGISTER);
        assertEquals(Registers.ofCompressedOops("Disabled"), Registers.NO_ZERO_REGISTER);
        assertEquals(Registers.ofCompressedOops("Enabled (mode not logged)"), Registers.NO_ZERO_REGISTER);
        assertEquals(Registers.ofCompressedOops(null), Registers.ZERO_BASED, "a recording made before the fact: the default configuration");
    }

    @Test
    public void aZeroBasedR12StaysAZeroStore() {
        Registers.ofCompressedOops("Enabled (Zero based)").use();
        List<Instruction> code = List.of(new Instruction(0x1000, "movl", "%r12d, 0xc(%rax)", List.of()));
        assertEquals(Op.ZERO_STORE.at(0xc).find(code, X86).size(), 1);
        assertEquals(Op.FIELD_STORE.at(0xc).find(code, X86).size(), 0);
    }
}
