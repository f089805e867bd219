/*
 * @test
 * @summary The platform table (make/platforms) names every ISA once, the Java library reads it, and an operation
 *          declared "not on this ISA" skips with its reason
 * @library /lib
 * @run testng PlatformsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.Op;
import anatomy.isa.Isa;
import anatomy.capture.Platforms;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.testng.annotations.Test;

public class PlatformsTest {
    /** Every constant of Isa is a row of the table, by its own name, and each row's names lead back to it. */
    @Test
    public void everyIsaHasItsRow() {
        for (Isa isa : Isa.values()) {
            Platforms.Row row = isa.platform();
            assertEquals(row.isa(), isa.name().toLowerCase(Locale.ROOT));
            for (String name : row.names()) {
                assertEquals(Isa.ofOsArch(name), isa, name);
            }
        }
    }

    /** No name belongs to two rows, and every row has an ELF machine of its own. */
    @Test
    public void namesAreUnique() {
        Set<String> seen = new HashSet<>();
        Set<Integer> elf = new HashSet<>();
        for (Platforms.Row row : Platforms.rows().values()) {
            for (String name : row.names()) {
                assertTrue(seen.add(name), name + " names two rows of " + Platforms.file());
            }
            assertTrue(elf.add(row.elf()), "ELF machine " + row.elf() + " is on two rows");
            assertTrue(List.of("capstone", "llvm").contains(row.backend()), row.isa() + ": backend " + row.backend());
        }
    }

    /** The names os.arch gives on the five ports, as HotSpot's builds report them. */
    @Test
    public void osArchNames() {
        assertEquals(Isa.ofOsArch("amd64"), Isa.X86_64);
        assertEquals(Isa.ofOsArch("aarch64"), Isa.AARCH64);
        assertEquals(Isa.ofOsArch("riscv64"), Isa.RISCV64);
        assertEquals(Isa.ofOsArch("ppc64le"), Isa.PPC64LE);
        assertEquals(Isa.ofOsArch("s390x"), Isa.S390X);
        var e = expectThrows(IllegalArgumentException.class, () -> Isa.ofOsArch("sparcv9"));
        assertTrue(e.getMessage().contains("os.arch=sparcv9") && e.getMessage().contains("platforms"), e.getMessage());
    }

    /** Every operation says something for every ISA: a form, an absence, or why it is not asserted there. */
    @Test
    public void everyOperationDeclaresEveryIsa() {
        for (Op op : Op.values()) {
            for (Isa isa : Isa.values()) {
                assertNotNull(op.form(isa), op + " on " + isa.label());
            }
        }
    }

    /** A branch's target on each port: riscv64's j as its conditional branches (28-ea+18's strip-mined loop ends in j). */
    @Test
    public void readsBranchTargets() {
        assertEquals(Isa.RISCV64.branchTarget("j 0x00007fb7d00de0a2"), 0x7fb7d00de0a2L);
        assertEquals(Isa.RISCV64.branchTarget("blt s2, t4, 0x00007fb7d00dd2f8"), 0x7fb7d00dd2f8L);
        assertEquals(Isa.RISCV64.branchTarget("beqz t6, 0x00007fb7d00de15e"), 0x7fb7d00de15eL);
        assertEquals(Isa.RISCV64.branchTarget("jalr t1"), -1L);
    }

    /**
     * An operation not asserted on an ISA neither passes nor fails there: any search skips with the reason, naming
     * pack.isa, the platform property that explains the skip (a run-time skip that names none is a finding).
     */
    @Test
    public void notOnSkipsWithItsReason() {
        String why = Op.STACK_WATERMARK_POLL.form(Isa.S390X).notOnReason();
        assertNotNull(why);
        assertTrue(why.contains("polling page") && why.contains("s390.ad"), why);
        assertTrue(Op.STACK_WATERMARK_POLL.patterns(Isa.S390X).contains("not asserted on s390x"), Op.STACK_WATERMARK_POLL.patterns(Isa.S390X));
        var e = expectThrows(jtreg.SkippedException.class, () -> Op.STACK_WATERMARK_POLL.find(List.of(), Isa.S390X));
        assertEquals(e.getMessage(), why + " (pack.isa=s390x)");
        assertEquals(Op.STACK_WATERMARK_POLL.form(Isa.X86_64).notOnReason(), null);
    }

    /**
     * The ISA layer knows nothing of jtreg: its form says "not judged here" with a type of the library, and the
     * operation, a layer up, turns it into jtreg's skip with the same words (Finding.ofSkip reads them).
     */
    @Test
    public void theFormSaysNotJudgedAndTheOperationSkips() {
        var form = Op.STACK_WATERMARK_POLL.form(Isa.S390X);
        var below = expectThrows(anatomy.isa.NotJudged.class, () -> form.find(List.of(), Isa.S390X));
        var above = expectThrows(jtreg.SkippedException.class, () -> Op.STACK_WATERMARK_POLL.find(List.of(), Isa.S390X));
        assertEquals(above.getMessage(), below.getMessage());
    }
}
