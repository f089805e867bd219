/*
 * @test
 * @summary The PrintAssembly parser reads recorded output of every JDK and ISA, plugin and hex, nested classes included
 * @library /lib
 * @build Fixtures
 * @run testng AssemblyParserTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import anatomy.model.ParseException;
import anatomy.model.Section;
import java.util.List;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class AssemblyParserTest {
    @DataProvider
    public static Object[][] all() {
        return Fixtures.rows(f -> true);
    }

    @DataProvider
    public static Object[][] disassembled() {
        return Fixtures.rows(f -> !f.hex());
    }

    /**
     * Bytes a decoder could not decode are unread, except an all-zero unit (s390x's fill), a halfword with a zero
     * first byte (s390x's illtrap and its id) and the VM's noted post-call nop.
     */
    /**
     * AArch64's stop (dcps1 #0xdeae) is followed by the 8-byte address of its message, which the plugin prints as
     * words it cannot decode (17 under qemu, C2's readLocked without LSE): data, not unread code; an undecodable word
     * elsewhere stays unread.
     */
    @Test
    public void theStopsMessageAddressIsNoUnreadCode() {
        List<Instruction> code = List.of(new Instruction(0x100, "br", "x8", List.of()), new Instruction(0x104, "dcps1", "#0xdeae", List.of()),
                new Instruction(0x108, ".inst", "0x03975228", List.of()), new Instruction(0x10c, "udf", "#0x55", List.of()),
                new Instruction(0x110, ".inst", "0x03975228", List.of()));
        assertEquals(anatomy.Assertions.CodeAssert.unread(code, anatomy.isa.Isa.AARCH64), List.of(code.get(4)));
        assertEquals(anatomy.Assertions.CodeAssert.unread(code, anatomy.isa.Isa.X86_64).size(), 2);
    }

    @Test
    public void zeroFillIsReadOtherUndecodedBytesAreNot() {
        assertFalse(new Instruction(0x1000, ".inst", "0x0000", List.of()).isUnread());
        assertFalse(new Instruction(0x1000, ".inst", "0x00000000", List.of()).isUnread());
        // s390x 25.0.5, after the call of HotSpot's stop: basr %r14, %r1 ; .inst 0x00ff ; .inst 0x00ff
        assertFalse(new Instruction(0x1000, ".inst", "0x00ff", List.of()).isUnread());
        assertTrue(new Instruction(0x1000, ".inst", "0x000000ff", List.of()).isUnread());
        assertTrue(new Instruction(0x1000, ".inst", "0x01ff", List.of()).isUnread());
        assertTrue(new Instruction(0x1000, ".inst", "0xb9e80021", List.of()).isUnread());
        assertTrue(new Instruction(0x1000, ".byte", "0xd5", List.of()).isUnread());
        // the VM's own post-call nop (ppc64le 25.0.5: a compare with a reserved bit set, refused by LLVM)
        assertFalse(new Instruction(0x1000, ".inst", "0x28400079", List.of("{post_call_nop}")).isUnread());
        assertTrue(new Instruction(0x1000, ".inst", "0x28400079", List.of("{other_note}")).isUnread());
    }

    /** The hex dump prints notes on 4-byte steps: none is lost when every instruction starts on one (ppc64le). */
    @Test
    public void hexDumpLosesNotesOnlyOffFourByteSteps() {
        List<Instruction> words = List.of(new Instruction(0x1000, "ld", "r3, 0(r4)", List.of()),
                new Instruction(0x1004, "blr", "", List.of()));
        List<Instruction> halves = List.of(new Instruction(0x1000, "lgr", "%r2, %r3", List.of()),
                new Instruction(0x1002, "lg", "%r2, 8(%r2)", List.of()));
        assertFalse(nmethod(true, words).notesMayBeDropped());
        assertTrue(nmethod(true, halves).notesMayBeDropped());
        assertFalse(nmethod(false, halves).notesMayBeDropped());
    }

    private static NMethod nmethod(boolean fromHexDump, List<Instruction> code) {
        return new NMethod("Shapes::m", "c2", 4, 1, -1, 8, -1, -1, fromHexDump, List.of(new Section(Section.UNLABELLED, code)));
    }

    @Test(dataProvider = "all")
    public void readsEveryNMethodWithItsHeader(Fixtures.Fixture f) {
        List<NMethod> all = f.printed();
        assertEquals(all.size(), f.text().split("\nCompiled method \\(", -1).length - 1, "nmethods printed in " + f);
        for (NMethod n : all) {
            assertTrue(n.method().startsWith("Shapes::") || n.method().startsWith("Shapes$"), n.method());
            assertTrue(n.compiler().equals("c1") || n.compiler().equals("c2"), n.compiler());
            assertTrue(n.level() >= 1 && n.level() <= 4, n.describe());
            assertFalse(n.instructions().isEmpty(), n.describe());
            assertEquals(n.isHexOnly(), f.hex(), n.describe());
        }
        NMethod select = f.c2("select");
        assertEquals(select.level(), 4);
        assertTrue(select.sections().stream().anyMatch(s -> s.name().equals(Section.VERIFIED_ENTRY)), select.sections().toString());
    }

    @Test(dataProvider = "all")
    public void namesNestedHoldersAndOsrCompiles(Fixtures.Fixture f) {
        if (f.hasC2("Shapes$Twice::apply")) {
            assertEquals(f.c2("Shapes$Twice::apply").methodName(), "apply");
        }
        assertTrue(f.printed().stream().noneMatch(n -> n.isOsr() && n.osrBci() < 0));
    }

    @Test(dataProvider = "disassembled")
    public void putsAnnotationsOnTheirInstruction(Fixtures.Fixture f) {
        NMethod select = f.c2("select");
        List<Instruction> polls = select.instructions().stream().filter(i -> i.hasAnnotation("{poll_return}")).toList();
        assertEquals(polls.size(), 1, select.instructions().toString());
        // The return poll compares the stack pointer with the thread's poll word: on x86_64 that is the
        // annotated instruction itself; on AArch64 the annotated load of the poll word precedes the cmp.
        String text = polls.get(0).text();
        assertTrue(f.isa() == anatomy.isa.Isa.AARCH64 ? text.startsWith("ldr x") && text.contains("[x28,")
                : text.startsWith("cmpq") && text.contains("(%r15), %rsp"), text);
    }

    @Test
    public void joinsLockPrefixWithItsMnemonic() {
        NMethod locked = Fixtures.named("x86_64-jdk25").c2("locked");
        assertTrue(locked.instructions().stream().anyMatch(i -> i.mnemonic().equals("lock cmpxchgq")), locked.instructions().toString());
    }

    @Test
    public void truncatedOutputIsAClearError() {
        String text = Fixtures.named("x86_64-jdk17").text();
        String cut = text.substring(0, text.indexOf("[/Disassembly]"));
        ParseException e = expectThrows(() -> AssemblyParser.parse(cut, "cut.out"));
        assertTrue(e.getMessage().contains("truncated") && e.getMessage().startsWith("cut.out:"), e.getMessage());
    }

    /*
     * Temurin 17.0.2 prints the plugin's code with no [Disassembly] line before it and no [/Disassembly] after it
     * (17.0.15 and 21.0.2 print both): the code follows the constant pool and ends at the rule of dashes. Every
     * nmethod must still be read whole, its handlers and stubs in their sections, and nothing after its rule.
     */
    @Test
    public void readsCodePrintedWithoutDisassemblyLines() {
        Fixtures.Fixture old = Fixtures.named("x86_64-jdk17.0.2");
        assertFalse(old.text().contains("[Disassembly]"), "the recording of " + old + " is not of the unmarked form");
        for (NMethod n : old.printed()) {
            List<String> names = n.sections().stream().map(Section::name).toList();
            assertTrue(names.contains(Section.VERIFIED_ENTRY) && names.contains(Section.DEOPT_HANDLER), n.describe() + ": " + names);
            assertTrue(names.stream().noneMatch(s -> s.startsWith("Constant Pool")), n.describe() + ": " + names);
        }
        String unmarked = String.join("\n", "Compiled method (c2)      61   49       4       T::f (6 bytes)",
                " total in heap  [0x00007f0000001000,0x00007f0000001100] = 256", "",
                "-".repeat(80), "[Constant Pool (empty)]", "", "-".repeat(80), "",
                "[Verified Entry Point]", "  0x00007f0000001080:   leal\t1(%rsi, %rsi, 2), %eax",
                "  0x00007f0000001084:   retq", "[Exception Handler]", "  0x00007f0000001090:   hlt", "-".repeat(80), "",
                "  0x00007f00000010a0:   this line follows the nmethod and is not its code", "");
        NMethod f = AssemblyParser.parse(unmarked, "unmarked.out").get(0);
        assertEquals(f.mainCode().stream().map(Instruction::mnemonic).toList(), List.of("leal", "retq"), f.sections().toString());
        assertEquals(f.instructions().size(), 3, f.sections().toString());
    }

    @Test
    public void truncatedUnmarkedOutputIsAClearError() {
        String text = Fixtures.named("x86_64-jdk17.0.2").text();
        String cut = text.substring(0, text.indexOf("[Deopt Handler Code]"));
        ParseException e = expectThrows(() -> AssemblyParser.parse(cut, "cut.out"));
        assertTrue(e.getMessage().contains("truncated") && e.getMessage().startsWith("cut.out:"), e.getMessage());
    }

    @Test
    public void mangledHeaderIsAClearError() {
        String text = "Compiled method (c2) 12 oops Shapes::select (10 bytes)\n[Disassembly]\n[/Disassembly]\n";
        ParseException e = expectThrows(() -> AssemblyParser.parse(text, "bad.out"));
        assertTrue(e.getMessage().contains("unreadable nmethod header"), e.getMessage());
    }

    @Test
    public void outputWithoutNMethodsIsEmpty() {
        assertTrue(AssemblyParser.parse("hello\nworld\n", "plain.out").isEmpty());
        assertTrue(AssemblyParser.parse("", "empty.out").isEmpty());
    }

    private static ParseException expectThrows(Runnable r) {
        try {
            r.run();
        } catch (ParseException e) {
            return e;
        }
        throw new AssertionError("no ParseException");
    }
}
