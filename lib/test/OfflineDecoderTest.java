/*
 * @test
 * @summary The JVM's hex fallback, decoded offline by hsdis-decode, gives the plugin's instructions and annotations
 * @library /lib
 * @build Fixtures
 * @run junit OfflineDecoderTest
 */

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import anatomy.Op;
import anatomy.capture.Hsdis;
import anatomy.capture.OfflineDecoder;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

public class OfflineDecoderTest {
    static List<NMethod> decoded;

    @BeforeAll
    static void decode() {
        Path decoder = Hsdis.decoder();
        if (decoder == null) {
            throw new jtreg.SkippedException("hsdis-decode not built: " + Hsdis.whereLooked());
        }
        String text = new OfflineDecoder(decoder, Isa.X86_64).decode(Fixtures.text("x86_64-jdk17-hex"));
        decoded = AssemblyParser.parse(text, "x86_64-jdk17-hex.out (decoded)");
    }

    @Test
    void decodesEveryNMethod() {
        assertEquals(17, decoded.size());
        decoded.forEach(n -> assertFalse(n.isHexOnly(), n.describe()));
    }

    @Test
    void givesTheSameInstructionsAsThePlugin() {
        List<String> offline = texts(Fixtures.c2(decoded, "select"));
        List<String> plugin = texts(Fixtures.c2(Fixtures.nmethods("x86_64-jdk17"), "select"));
        assertEquals(plugin.subList(0, 10), offline.subList(0, 10));
    }

    @Test
    void placesAnnotationsOnTheirInstructions() {
        NMethod select = Fixtures.c2(decoded, "select");
        List<Instruction> polls = Op.RETURN_POLL.find(select.instructions(), Isa.X86_64);
        assertEquals(1, polls.size(), select.instructions().toString());
        assertTrue(polls.get(0).text().startsWith("cmpq"), polls.get(0).toString());
        NMethod allocate = Fixtures.c2(decoded, "allocate");
        List<Instruction> calls = Op.ALLOCATION_SLOW_CALL.find(allocate.instructions(), Isa.X86_64);
        assertEquals(1, calls.size(), allocate.instructions().toString());
        assertTrue(calls.get(0).text().startsWith("call"), calls.get(0).toString());
        assertTrue(calls.get(0).hasAnnotation("ImmutableOopMap"), calls.get(0).toString());
        assertFalse(Op.CMOV.find(select.instructions(), Isa.X86_64).isEmpty());
    }

    private static List<String> texts(NMethod n) {
        return n.instructions().stream().map(Instruction::text).map(t -> t.replaceAll("0x[0-9a-f]{8,}", "ADDR")).toList();
    }
}
