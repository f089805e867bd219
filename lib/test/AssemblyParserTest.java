/*
 * @test
 * @summary The PrintAssembly parser reads recorded output of JDK 17 and 25, x86_64 and AArch64, plugin and hex
 * @library /lib
 * @build Fixtures
 * @run junit AssemblyParserTest
 */

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import anatomy.model.ParseException;
import anatomy.model.Section;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

public class AssemblyParserTest {

    @ParameterizedTest
    @ValueSource(strings = {"x86_64-jdk17", "x86_64-jdk25", "aarch64-jdk17", "x86_64-jdk17-hex"})
    void readsEveryNMethodWithItsHeader(String fixture) {
        List<NMethod> all = Fixtures.nmethods(fixture);
        assertEquals(17, all.size(), "nmethods printed in " + fixture);
        for (NMethod n : all) {
            assertTrue(n.method().startsWith("Shapes::"), n.method());
            assertTrue(n.compiler().equals("c1") || n.compiler().equals("c2"), n.compiler());
            assertTrue(n.level() >= 1 && n.level() <= 4, n.describe());
            assertFalse(n.instructions().isEmpty(), n.describe());
        }
        NMethod select = Fixtures.c2(all, "select");
        assertEquals(4, select.level());
        assertTrue(select.sections().stream().anyMatch(s -> s.name().equals(Section.VERIFIED_ENTRY)), select.sections().toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"x86_64-jdk17", "x86_64-jdk25", "aarch64-jdk17"})
    void putsAnnotationsOnTheirInstruction(String fixture) {
        NMethod select = Fixtures.c2(Fixtures.nmethods(fixture), "select");
        List<Instruction> polls = select.instructions().stream().filter(i -> i.hasAnnotation("{poll_return}")).toList();
        assertEquals(1, polls.size(), select.instructions().toString());
        // The return poll compares the stack pointer with the thread's poll word: on x86_64 that is the
        // annotated instruction itself; on AArch64 the annotated load of the poll word precedes the cmp.
        String text = polls.get(0).text();
        assertTrue(fixture.startsWith("aarch64") ? text.startsWith("ldr x") && text.contains("[x28,")
                : text.startsWith("cmpq") && text.contains("(%r15), %rsp"), text);
    }

    @Test
    void keepsHexAndAnnotationsWithoutAPlugin() {
        NMethod select = Fixtures.c2(Fixtures.nmethods("x86_64-jdk17-hex"), "select");
        assertTrue(select.isHexOnly());
        assertTrue(select.instructions().stream().anyMatch(i -> i.hasAnnotation("{poll_return}")));
    }

    @Test
    void joinsLockPrefixWithItsMnemonic() {
        NMethod locked = Fixtures.c2(Fixtures.nmethods("x86_64-jdk25"), "locked");
        assertTrue(locked.instructions().stream().anyMatch(i -> i.mnemonic().equals("lock cmpxchgq")),
                locked.instructions().toString());
    }

    @Test
    void truncatedOutputIsAClearError() {
        String text = Fixtures.text("x86_64-jdk17");
        String cut = text.substring(0, text.indexOf("[/Disassembly]"));
        ParseException e = assertThrows(ParseException.class, () -> AssemblyParser.parse(cut, "cut.out"));
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertTrue(e.getMessage().startsWith("cut.out:"), e.getMessage());
    }

    @Test
    void mangledHeaderIsAClearError() {
        String text = "Compiled method (c2) 12 oops Shapes::select (10 bytes)\n[Disassembly]\n[/Disassembly]\n";
        ParseException e = assertThrows(ParseException.class, () -> AssemblyParser.parse(text, "bad.out"));
        assertTrue(e.getMessage().contains("unreadable nmethod header"), e.getMessage());
    }

    @Test
    void outputWithoutNMethodsIsEmpty() {
        assertTrue(AssemblyParser.parse("hello\nworld\n", "plain.out").isEmpty());
        assertTrue(AssemblyParser.parse("", "empty.out").isEmpty());
    }
}
