/*
 * @test
 * @summary Whatever disassembler the VM loads, the library reads only the pack's: its plugin by its signature, any
 *          other's code decoded from the bytes with the VM's notes kept; code it cannot read (a foreign line without
 *          bytes, bytes its decoder leaves as .byte) makes an absence or a miss inconclusive, never a pass
 * @library /lib
 * @run testng ForeignDisassemblyTest
 */

import static anatomy.Assertions.assertThat;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Compiled;
import anatomy.Count;
import anatomy.Inconclusive;
import anatomy.Op;
import anatomy.Run;
import anatomy.capture.Disassembly;
import anatomy.capture.Hsdis;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.testng.SkipException;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class ForeignDisassemblyTest {
    /**
     * The recordings of lib/test/fixtures/record-foreign.sh: Shapes' code as a VM printed it with the disassembler
     * it loaded, and the bytes of the compiles ForeignShapes requested.
     */
    record Recording(String name, Disassembly.Mode mode, String what) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final List<Recording> ALL = List.of(
            // Debian's fcml (libhsdis0-fcml) in a copy of JDK 17, behind an adapter to the JDK 9+ entry point: GNU as
            // syntax as binutils prints it (mov 0x8(%rsi),%r10d; lock addl $0x0,-0x40(%rsp); jnbe)
            new Recording("foreign-fcml-gas-jdk17", Disassembly.Mode.FOREIGN, "fcml, AT&T without suffixes"),
            // the same in 25 with -XX:PrintAssemblyOptions=intel: mov dword ptr [rsp+0fffffffffffec000h],eax
            new Recording("foreign-fcml-intel-jdk25", Disassembly.Mode.FOREIGN, "fcml, Intel"),
            // the pack's own plugin under a user's -XX:PrintAssemblyOptions=capstone-intel, which replaces the pack's
            // capstone-sign: unsigned, so decoded from the bytes like a foreign plugin's
            new Recording("plugin-intel-jdk17", Disassembly.Mode.FOREIGN, "the pack's plugin in Intel syntax, unsigned"),
            // the pack's plugin as the pack runs it: signed, read as printed
            new Recording("plugin-signed-jdk25", Disassembly.Mode.PLUGIN, "the pack's plugin, signed"));

    /** Per requested method, operations the pack's plugin finds in its C2 code on x86_64 17 and 25. */
    static final Map<String, List<Op>> FOUND = Map.of(
            "select", List.of(Op.CMOV, Op.RETURN_POLL),
            "publish", List.of(Op.VOLATILE_STORE, Op.FULL_FENCE),
            "locked", List.of(Op.MARK_WORD_CAS),
            "divide", List.of(Op.INTEGER_DIVISION),
            "allocate", List.of(Op.TLAB_ALLOCATION, Op.ALLOCATION_SLOW_CALL),
            "storeRef", List.of(Op.CARD_MARK),
            "sum", List.of(Op.SAFEPOINT_POLL));

    @DataProvider
    public static Object[][] recordings() {
        return ALL.stream().map(r -> new Object[] {r}).toArray(Object[][]::new);
    }

    @DataProvider
    public static Object[][] foreign() {
        return ALL.stream().filter(r -> r.mode() == Disassembly.Mode.FOREIGN).map(r -> new Object[] {r}).toArray(Object[][]::new);
    }

    @Test(dataProvider = "recordings")
    public void trustsOnlyThePacksSignedPlugin(Recording r) {
        Run run = replay(r);
        assertEquals(run.disassemblyMode(), r.mode(), r.what() + ": " + run.disassembly());
        if (r.mode() == Disassembly.Mode.FOREIGN) {
            assertTrue(run.disassembly().startsWith("foreign: "), run.disassembly());
            assertTrue(run.disassembly().contains("9 requested compile(s) decoded from their bytes"), run.disassembly());
        } else {
            assertTrue(run.disassembly().startsWith("the pack's plugin (hsdis-anatomy "), run.disassembly());
        }
    }

    /** No instruction of the model is a foreign disassembler's text: Intel's "ptr [", binutils' operands without blanks. */
    @Test(dataProvider = "recordings")
    public void readsNoForeignText(Recording r) {
        for (NMethod n : replay(r).nmethods()) {
            for (Instruction i : n.instructions()) {
                assertFalse(i.text().contains(" ptr ") || i.text().matches(".*,[^ ].*") || i.text().matches(".*\\b[0-9a-f]+h\\b.*"),
                        r + ": " + n.describe() + ": foreign text read as the pack's: " + i);
            }
        }
    }

    @Test(dataProvider = "recordings")
    public void findsWhatThePacksPluginFinds(Recording r) {
        Run run = replay(r);
        FOUND.forEach((method, ops) -> {
            Compiled code = requested(run, r, method);
            for (Op op : ops) {
                assertFalse(op.find(code.nmethod().instructions(), run.isa()).isEmpty(),
                        r + ": no " + op + " in " + code + ":\n" + String.join("\n", code.nmethod().mainCode().stream().map(Instruction::toString).toList()));
                assertThat(code).has(op);
            }
        });
        // the absence that foreign text made vacuous: fcml's "lock addl $0x0,-0x40(%rsp)" is no FULL_FENCE to the vocabulary
        Compiled publish = requested(run, r, "publish");
        expectThrows(AssertionError.class, () -> assertThat(publish).hasNo(Op.FULL_FENCE));
    }

    /** Every requested compile is decoded whole, stubs included (read from the blob), and no line of it is unread. */
    @Test(dataProvider = "foreign")
    public void decodesEveryRequestedCompileFromItsBytes(Recording r) {
        Run run = replay(r);
        for (String method : ForeignShapesNames.REQUESTED) {
            NMethod n = requested(run, r, method).nmethod();
            assertTrue(n.instructions().stream().noneMatch(Instruction::isUnread), r + ": " + n.describe() + " has unread code");
            assertTrue(n.sections().stream().anyMatch(s -> !s.isMainCode()), r + ": " + n.describe() + " lost its stubs");
        }
    }

    /** The VM's notes of a foreign line go to the decoded instruction at its address: the same notes, at the same pcs. */
    @Test(dataProvider = "foreign")
    public void keepsTheVmsNotesOnTheirInstructions(Recording r) {
        Run run = replay(r);
        List<NMethod> asPrinted = AssemblyParser.parse(text(r.name() + ".out.gz"), r.name());
        for (String method : ForeignShapesNames.REQUESTED) {
            NMethod decoded = requested(run, r, method).nmethod();
            NMethod printed = asPrinted.stream().filter(n -> n.compileId() == decoded.compileId()).findFirst().orElseThrow();
            assertEquals(notesByAddress(decoded), notesByAddress(printed), r + ": " + decoded.describe());
        }
        // compiles the test did not request have no bytes: their lines keep their notes, their text is not read
        NMethod other = run.nmethods().stream().filter(n -> !n.instructions().isEmpty()
                && n.instructions().stream().allMatch(Instruction::isUnread)).findFirst().orElseThrow();
        NMethod otherPrinted = asPrinted.stream().filter(n -> n.compileId() == other.compileId()).findFirst().orElseThrow();
        assertEquals(notesByAddress(other), notesByAddress(otherPrinted), r + ": " + other.describe());
        expectThrows(Inconclusive.class, () -> assertThat(new Compiled(other, run)).hasNo(Op.FULL_FENCE));
    }

    /**
     * Bytes the pack's decoder cannot decode (here APX's add %rax, %r16, d5 18 01 c0, which capstone 5 prints as
     * ".byte 0xd5", a bogus "sbbb %al, (%rcx)", ".byte 0xc0", spliced into the signed plugin's select): an absence or
     * a miss over them is inconclusive (anatomy.Inconclusive naming them), evidence found stands, and what the VM's notes show is
     * judged as ever.
     */
    @Test
    public void undecodedBytesMakeAnAbsenceInconclusive() throws IOException {
        Recording signed = ALL.get(3);
        Run clean = replay(signed);
        NMethod select = requested(clean, signed, "select").nmethod();
        Instruction first = select.mainCode().get(select.mainCode().size() / 2);
        String at = String.format("  0x%016x:   ", first.address());
        String printed = text(signed.name() + ".out.gz");
        int line = printed.indexOf(at);
        assertTrue(line > 0, "no line " + at);
        String apx = at + ".byte\t0xd5\n" + at + "sbbb\t%al, (%rcx)\n" + at + ".byte\t0xc0\n";
        Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), "undecodable");
        Files.writeString(dir.resolve("undecodable.out"), printed.substring(0, line) + apx + printed.substring(line));
        Files.writeString(dir.resolve("undecodable.facts"), text(signed.name() + ".facts.gz"));
        Run run = Run.replay(ForeignDisassemblyTest.class, dir.resolve("undecodable.out"), dir.resolve("undecodable.facts"),
                dir.resolve("none.xml"));
        assertEquals(run.disassemblyMode(), Disassembly.Mode.PLUGIN);
        Compiled code = requested(run, signed, "select");
        assertTrue(code.nmethod().instructions().stream().anyMatch(Instruction::isUnread));

        Inconclusive absence = expectThrows(Inconclusive.class, () -> assertThat(code).hasNo(Op.INTEGER_DIVISION));
        assertTrue(absence.getMessage().startsWith("no INTEGER_DIVISION"), absence.getMessage());
        assertTrue(absence.getMessage().contains("could not decode (.byte)") && absence.getMessage().contains("the pack's plugin"),
                absence.getMessage());
        expectThrows(Inconclusive.class, () -> assertThat(code).has(Op.INTEGER_DIVISION));
        expectThrows(Inconclusive.class, () -> assertThat(code).has(Count.exactly(1), Op.CMOV));
        assertThat(code).has(Op.CMOV);                                      // evidence found stands
        expectThrows(AssertionError.class, () -> assertThat(code).hasNo(Op.CMOV));
        assertThat(code).has(Op.RETURN_POLL).has(Op.CMOV).hasNo(Op.UNCOMMON_TRAP);   // the VM's notes are judged as ever
        // the same code without the splice: the absence holds
        assertThat(requested(clean, signed, "select")).has(Op.CMOV).hasNo(Op.INTEGER_DIVISION);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    /** The requested methods, as ForeignShapes lists them (that class is not compiled into the unit tests). */
    static final class ForeignShapesNames {
        static final List<String> REQUESTED = List.of("select", "publish", "locked", "divide", "allocate", "storeRef",
                "load", "sum", "zeroed");
    }

    private static final Map<String, Run> RUNS = new java.util.concurrent.ConcurrentHashMap<>();

    static Run replay(Recording r) {
        if (Hsdis.decoder() == null) {
            throw new SkipException("hsdis-decode not built: " + Hsdis.whereLooked());
        }
        return RUNS.computeIfAbsent(r.name(), k -> {
            try {
                Path dir = Files.createTempDirectory(Path.of("").toAbsolutePath(), k);
                Files.writeString(dir.resolve(k + ".out"), text(k + ".out.gz"));
                Files.writeString(dir.resolve(k + ".facts"), text(k + ".facts.gz"));
                return Run.replay(ForeignDisassemblyTest.class, dir.resolve(k + ".out"), dir.resolve(k + ".facts"),
                        dir.resolve("none.xml"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The code of the last compile ForeignShapes requested of the Shapes method. */
    static Compiled requested(Run run, Recording r, String method) {
        String prefix = "compile:4:Shapes::" + method + "(";
        String id = text(r.name() + ".facts.gz").lines().filter(l -> l.startsWith(prefix))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError(r + " requested no " + method)).replaceAll(".*=", "");
        NMethod n = run.nmethods().stream().filter(m -> m.compileId() == Integer.parseInt(id)).findFirst()
                .orElseThrow(() -> new AssertionError(r + ": compile id " + id + " of " + method + " not printed"));
        return new Compiled(n, run);
    }

    static Map<Long, List<String>> notesByAddress(NMethod n) {
        Map<Long, List<String>> notes = new TreeMap<>();
        for (Instruction i : n.instructions()) {
            if (!i.annotations().isEmpty()) {
                notes.computeIfAbsent(i.address(), k -> new ArrayList<>()).addAll(i.annotations());
            }
        }
        return notes;
    }

    static String text(String file) {
        Path p = Path.of(System.getProperty("test.src", "lib/test"), "fixtures", file);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
