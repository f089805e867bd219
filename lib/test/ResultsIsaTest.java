/*
 * @test
 * @summary make report and make compare highlight a run's code with its own ISA's forms: every ISA the pack has a vocabulary for, none for another
 * @library /lib /make/tools
 * @build Results
 * @run testng ResultsIsaTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;

import anatomy.isa.Isa;
import org.testng.annotations.Test;

/* Before, every label but "aarch64" was read as x86_64: riscv64, ppc64le and s390x code was highlighted with x86 forms. */
public class ResultsIsaTest {
    @Test
    public void eachIsaByItsProbeName() {
        assertEquals(Results.isa("x86_64"), Isa.X86_64);
        assertEquals(Results.isa("aarch64"), Isa.AARCH64);
        assertEquals(Results.isa("riscv64"), Isa.RISCV64);
        assertEquals(Results.isa("ppc64le"), Isa.PPC64LE);
        assertEquals(Results.isa("s390x"), Isa.S390X);
    }

    @Test
    public void anIsaWithoutVocabularyHighlightsNothing() {
        assertNull(Results.isa("mips64el"));
    }
}
