/*
 * @test
 * @summary The JVM's hex fallback, decoded offline by hsdis-decode, gives the plugin's instructions and annotations on each ISA
 * @library /lib
 * @build Fixtures
 * @run testng OfflineDecoderTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.Op;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.List;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class OfflineDecoderTest {
    @DataProvider
    public static Object[][] hex() {
        return Fixtures.rows(Fixtures.Fixture::hex);
    }

    @Test(dataProvider = "hex")
    public void decodesEveryNMethod(Fixtures.Fixture f) {
        List<NMethod> decoded = f.nmethods();
        assertEquals(decoded.size(), f.printed().size());
        decoded.forEach(n -> assertFalse(n.isHexOnly(), n.describe()));
    }

    @Test(dataProvider = "hex")
    public void placesAnnotationsOnTheirInstructions(Fixtures.Fixture f) {
        NMethod select = f.c2("select");
        List<Instruction> polls = Op.RETURN_POLL.find(select.instructions(), f.isa());
        assertEquals(polls.size(), 1, select.instructions().toString());
        NMethod allocate = f.c2("allocate");
        List<Instruction> calls = Op.ALLOCATION_SLOW_CALL.find(allocate.instructions(), f.isa());
        if (calls.isEmpty() && Op.ALLOCATION_SLOW_CALL.hiddenIn(allocate) != null) {
            throw new org.testng.SkipException(f + ": " + Op.ALLOCATION_SLOW_CALL.hiddenIn(allocate));
        }
        assertEquals(calls.size(), 1, allocate.instructions().toString());
        // the note sits on the call; on riscv64 on the auipc that starts the far call (auipc, ld of the target, jalr)
        List<Instruction> all = allocate.instructions();
        int at = all.indexOf(calls.get(0));
        boolean call = f.isa().isCall(calls.get(0).text()) || (f.isa() == anatomy.isa.Isa.RISCV64
                && calls.get(0).mnemonic().equals("auipc") && all.subList(at + 1, Math.min(all.size(), at + 3)).stream()
                        .anyMatch(i -> f.isa().isCall(i.text())));
        assertTrue(call, calls.get(0).toString());
        // riscv64's recordings run without -XX:+UseZicond: C2's CMove is then a branch over one mv
        if (Op.CMOV.form(f.isa()).notOnReason() == null && f.isa() != anatomy.isa.Isa.RISCV64) {
            assertFalse(Op.CMOV.find(select.instructions(), f.isa()).isEmpty());   // s390x: a branch over one lghi
        }
    }

    @Test
    public void givesTheSameInstructionsAsThePlugin() {
        List<String> offline = texts(Fixtures.named("x86_64-jdk17-hex").c2("select"));
        List<String> plugin = texts(Fixtures.named("x86_64-jdk17").c2("select"));
        assertEquals(offline.subList(0, 10), plugin.subList(0, 10));
    }

    /**
     * riscv64 25.0.5 calls a runtime stub through an address it keeps among the instructions (auipc ; ld ; jalr):
     * those 8 bytes are data, read as such, not words the decoder could not decode.
     */
    @Test
    public void readsTheAddressesRiscv64CallsThroughAsData() {
        List<NMethod> all = Fixtures.named("riscv64-jdk25-hex").nmethods();
        int loads = 0;
        for (NMethod n : all) {
            List<Instruction> code = n.instructions();
            for (int i = 0; i + 1 < code.size(); i++) {
                long at = anatomy.isa.Isa.RISCV64.dataLoadedBy(code.get(i).text(), code.get(i).address(), code.get(i + 1).text());
                if (at < 0) {
                    continue;
                }
                loads++;
                for (Instruction x : code) {
                    if (x.address() == at) {
                        assertEquals(x.mnemonic(), Instruction.DATA, n.describe() + ": " + x);
                    }
                    assertFalse(x.address() > at && x.address() < at + 8, n.describe() + ": an instruction inside the data: " + x);
                }
            }
        }
        assertTrue(loads > 0, "the fixture has riscv64 25's runtime calls through an address in the code");
        // HotSpot's stop: an illegal instruction, then its message's address
        for (NMethod n : all) {
            List<Instruction> code = n.instructions();
            for (int i = 0; i + 1 < code.size(); i++) {
                if (anatomy.isa.Isa.RISCV64.embedsDataAfter(code.get(i).text())) {
                    assertEquals(code.get(i + 1).mnemonic(), Instruction.DATA, n.describe() + ": " + code.get(i + 1));
                }
            }
        }
    }

    private static List<String> texts(NMethod n) {
        return n.instructions().stream().map(Instruction::text).map(t -> t.replaceAll("0x[0-9a-f]{8,}", "ADDR")).toList();
    }
}
