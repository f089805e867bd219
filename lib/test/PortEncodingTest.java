/*
 * @test
 * @summary A port's own encoding of an operation is judged, never a skip: s390x's CMove of an immediate is a CMOV whose branch is no CONDITIONAL_BRANCH, riscv64's vector clear is a ZERO_STORE of the bytes its registers say; a regression into either shape fails the test's own assertion, an extent the code does not say is inconclusive
 * @library /lib
 * @build Fixtures
 * @run testng PortEncodingTest
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.CMOV;
import static anatomy.Op.CONDITIONAL_BRANCH;
import static anatomy.Op.FIELD_STORE;
import static anatomy.Op.ZERO_STORE;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Compiled;
import anatomy.Inconclusive;
import anatomy.Run;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

/*
 * Each case takes a recorded method (lib/test/fixtures, Shapes), edits its decoded text into the shape a regression
 * would emit, replays it as a run, and runs the pack test's own assertion chain over it:
 *
 *   UnpredictableBranchBecomesCmov, biased:  has(CONDITIONAL_BRANCH.comparing(MARK)).hasNo(CMOV)
 *                                   fair:    has(CMOV).hasNo(CONDITIONAL_BRANCH)
 *   NewObjectFieldIsZeroedOnlyWhenObservable, plain: has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x))
 *
 * Before, CMOV on s390x and ZERO_STORE on riscv64 declared these shapes not judged: both regressions were a skip.
 */
public class PortEncodingTest {
    static final int MARK = 1234;

    @DataProvider
    public Object[][] s390x() {
        return Fixtures.rows(f -> f.isa() == anatomy.isa.Isa.S390X);
    }

    @DataProvider
    public Object[][] riscv64() {
        return Fixtures.rows(f -> f.isa() == anatomy.isa.Isa.RISCV64);
    }

    /* Shapes::select is b ? 1 : 2: lghi %r2, 2 ; ltr %r12, %r12 ; je +8 ; lghi %r2, 1 (25.0.5 and 28-ea+18). */

    @Test(dataProvider = "s390x")
    public void s390xImmediateCMoveIsTheFairSelect(Fixtures.Fixture f) {
        assertThat(edited(f, "select", UnaryOperator.identity())).has(CMOV).hasNo(CONDITIONAL_BRANCH);
    }

    /* The regression: biasedSelect (x == MARK ? 1 : 2) compiled as the CMove: its compare is with MARK. */
    @Test(dataProvider = "s390x")
    public void s390xBiasedSelectTurnedCMoveFails(Fixtures.Fixture f) {
        Compiled regression = edited(f, "select", line -> line.replace("ltr %r12, %r12", "chi %r12, " + MARK));
        AssertionError failed = expectThrows(AssertionError.class,
                () -> assertThat(regression).has(CONDITIONAL_BRANCH.comparing(MARK)).hasNo(CMOV));
        assertTrue(failed.getMessage().contains("CONDITIONAL_BRANCH comparing " + MARK), failed.getMessage());
        // the line a negative control's kill is matched by (make/tools/sensitivity/Sensitivity.java): the operation's own name, the method
        assertTrue(failed.getMessage().matches("(?s).*\\nassertion\\s*: CONDITIONAL_BRANCH in select\\n.*"), failed.getMessage());
        AssertionError cmov = expectThrows(AssertionError.class, () -> assertThat(regression).given(CMOV).hasNo(CMOV));
        assertTrue(cmov.getMessage().contains("expected not to contain"), cmov.getMessage());
    }

    /* The biased select as C2 keeps it: the branch goes out of line (here: past the return), and no CMove is seen. */
    @Test(dataProvider = "s390x")
    public void s390xBiasedBranchPasses(Fixtures.Fixture f) {
        NMethod select = f.c2("select");
        Instruction ret = select.mainCode().stream().filter(i -> i.text().equals("br %r14")).findFirst().orElseThrow();
        Compiled biased = edited(f, "select", line -> line.replace("ltr %r12, %r12", "chi %r12, " + MARK)
                .replaceFirst("(je) 0x[0-9a-f]+$", "jne " + String.format("0x%016x", ret.address())));
        assertThat(biased).has(CONDITIONAL_BRANCH.comparing(MARK)).hasNo(CMOV);
    }

    /*
     * Shapes::allocate is new Holder() with x = 42 (riscv64 25.0.5: addiw t2, zero, 42 ; sw t2, 12(a0); 28-ea+18, with
     * compact headers: sd t2, 8(a0), the field and the padding after it): the constructor's store is the field's only
     * write, as in NewObjectFieldIsZeroedOnlyWhenObservable's plain. The field's offset is read from that store.
     */
    @Test(dataProvider = "riscv64")
    public void riscvPlainPasses(Fixtures.Fixture f) {
        long x = fieldOffset(f);
        assertThat(edited(f, "allocate", UnaryOperator.identity())).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x));
    }

    /* The regression: the body cleared by RVV from the field's offset, for one int, before the constructor's store. */
    @Test(dataProvider = "riscv64")
    public void riscvVectorClearOfTheFieldFails(Fixtures.Fixture f) {
        long x = fieldOffset(f);
        Compiled regression = withVectorClear(f, "addi t4, a0, " + x, "li t5, 1");
        AssertionError failed = expectThrows(AssertionError.class,
                () -> assertThat(regression).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x)));
        assertTrue(failed.getMessage().contains("vse32.v v4, (t4)"), failed.getMessage());
        assertTrue(failed.getMessage().matches("(?s).*\\nassertion\\s*: ZERO_STORE in allocate\\n.*"), failed.getMessage());
    }

    /* A clear from below the field whose length is in a register the code computed: it cannot be read, so no pass. */
    @Test(dataProvider = "riscv64")
    public void riscvVectorClearOfUnreadLengthIsInconclusive(Fixtures.Fixture f) {
        long x = fieldOffset(f);
        Compiled unread = withVectorClear(f, "addi t4, a0, " + (x - 4), "add t5, a1, a2");
        Inconclusive inconclusive = expectThrows(Inconclusive.class,
                () -> assertThat(unread).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x)));
        assertTrue(inconclusive.getMessage().contains("how far it goes from offset " + (x - 4)), inconclusive.getMessage());
    }

    /* A clear that starts past the field does not write it; one from below of a length the code says, does. */
    @Test(dataProvider = "riscv64")
    public void riscvVectorClearIsReadByItsExtent(Fixtures.Fixture f) {
        long x = fieldOffset(f);
        assertThat(withVectorClear(f, "addi t4, a0, " + (x + 4), "add t5, a1, a2")).has(exactly(1), FIELD_STORE.at(x))
                .hasNo(ZERO_STORE.at(x)).has(ZERO_STORE);
        Compiled covering = withVectorClear(f, "addi t4, a0, " + (x - 4), "li t5, 2");
        expectThrows(AssertionError.class, () -> assertThat(covering).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x)));
        assertThat(withVectorClear(f, "addi t4, a0, " + (x - 4), "li t5, 1")).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x));
    }

    /** The offset of the constructor's store of 42 in allocate. */
    private static long fieldOffset(Fixtures.Fixture f) {
        return Long.parseLong(fieldStore(f.c2("allocate")).text().replaceAll("^s[wd] t2, (\\d+)\\(a0\\)$", "$1"));
    }

    private static Instruction fieldStore(NMethod allocate) {
        List<Instruction> code = allocate.mainCode();
        for (int i = 1; i < code.size(); i++) {
            if (code.get(i - 1).text().equals("addiw t2, zero, 42") && code.get(i).text().matches("s[wd] t2, \\d+\\(a0\\)")) {
                return code.get(i);
            }
        }
        throw new AssertionError("no store of 42 in " + allocate.describe());
    }

    /*
     * The five instructions of allocate's fast path three before the field's store (25.0.5: li t2, 1 up to the mark
     * word's store; 28-ea+18: the mark word's constant and the TLAB top's store; no assertion here reads them) become the
     * clear: its start, its length, vsetvli, the zeroed register and its store.
     */
    private static Compiled withVectorClear(Fixtures.Fixture f, String start, String length) {
        NMethod allocate = f.c2("allocate");
        List<Instruction> code = allocate.mainCode();
        int field = code.indexOf(fieldStore(allocate));
        assertTrue(field >= 7, "allocate's field store in " + f);
        List<String> clear = List.of(start, length, "vsetvli t0, t5, e32, m1, tu, mu", "vxor.vv v4, v4, v4", "vse32.v v4, (t4)");
        java.util.Map<Long, String> edits = new java.util.HashMap<>();
        for (int k = 0; k < clear.size(); k++) {
            edits.put(code.get(field - 7 + k).address(), clear.get(k));
        }
        return edited(f, "allocate", line -> {
            for (var e : edits.entrySet()) {
                String at = String.format("0x%016x:", e.getKey());
                if (line.contains(at)) {
                    return line.substring(0, line.indexOf(at) + at.length()) + "   " + e.getValue();
                }
            }
            return line;
        });
    }

    /**
     * The fixture's C2 code of {@code method}, each line of that nmethod's decoded text passed through {@code edit},
     * replayed as a run of its own.
     */
    private static Compiled edited(Fixtures.Fixture f, String method, UnaryOperator<String> edit) {
        NMethod original = f.c2(method);
        String text = Fixtures.decoded(f.name() + ".out", f.isa());
        String first = String.format("0x%016x:", original.mainCode().get(0).address());
        String last = String.format("0x%016x:", original.mainCode().get(original.mainCode().size() - 1).address());
        java.util.regex.Pattern header = java.util.regex.Pattern.compile("Compiled method \\(c2\\)\\s+\\d+\\s+" + original.compileId() + "\\s");
        StringBuilder out = new StringBuilder();
        boolean seen = false;
        boolean inside = false;
        for (String line : text.split("\n", -1)) {
            seen |= header.matcher(line).find();
            inside |= seen && line.contains(first);
            out.append(inside ? edit.apply(line) : line).append('\n');
            if (inside && line.contains(last)) {
                inside = false;
                seen = false;
            }
        }
        try {
            Path dir = Files.createDirectories(Path.of("replay", f.name() + "-" + method + "-" + Integer.toHexString(out.toString().hashCode())));
            Files.writeString(dir.resolve("stdout"), out);
            Files.writeString(dir.resolve("compilation.xml"), "<hotspot_log></hotspot_log>");
            Files.writeString(dir.resolve("facts"), "os.arch=" + f.isa().label() + "\njava.runtime.version=" + f.name() + "\n");
            Run run = Run.replayUnsigned(PortEncodingTest.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
            NMethod replayed = run.nmethods().stream().filter(n -> n.compileId() == original.compileId() && n.compiler().equals("c2"))
                    .findFirst().orElseThrow();
            assertEquals(replayed.mainCode().size(), original.mainCode().size());
            return new Compiled(replayed, run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
