/*
 * @test
 * @summary make report and make compare highlight a run's code with its own ISA's forms: every ISA the pack has a vocabulary for, none for another
 * @library /lib /make/tools
 * @build results.Results report.Report
 * @run testng ResultsIsaTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import anatomy.Op;
import anatomy.isa.Isa;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.Test;
import report.HtmlPage;
import results.Results;

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
        assertTrue(Results.noVocabulary("mips64el").startsWith("the pack has no vocabulary for os.arch=mips64el"), Results.noVocabulary("mips64el"));
        assertNull(Results.noVocabulary("riscv64"));
    }

    /**
     * The page's machine code of a cell whose child VM printed x86_64 code with a cmov (a fixture): highlighted under
     * its own ISA; under an ISA the pack has no vocabulary for, shown unhighlighted with the page saying why.
     */
    @Test
    public void thePageSaysWhyItHighlightsNothing() throws Exception {
        Path out = Files.createDirectories(Path.of("T")).resolve("child.stdout");   // where jtreg retains a child VM's output
        Files.copy(Path.of(System.getProperty("test.src"), "fixtures", "x86_64-jdk25-cmov.out"), out);
        Path jtr = Files.writeString(Path.of("T.jtr"), "#Test Results (version 2)\n[child VM] output in /tmp/gone/child.stdout\n");
        String own = HtmlPage.code(jtr, List.of(Op.CMOV), "x86_64");
        assertTrue(own.contains("<mark") && own.contains("cmovnel"), own);
        assertFalse(own.contains("not highlighted"), own);
        String none = HtmlPage.code(jtr, List.of(Op.CMOV), "mips64el");
        assertTrue(none.contains("cmovnel"), "the code is shown all the same");
        assertFalse(none.contains("<mark"), none);
        assertTrue(none.contains("not highlighted: the pack has no vocabulary for os.arch=mips64el"), none);
    }
}
