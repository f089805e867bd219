/*
 * @test
 * @summary make mutants counts a survivor as failed in its totals line, even one its set expects, and passes a mutant by its verdict and the set's expectation
 * @library /lib /make/tools
 * @build mutants.Mutants mutants.MutantSet
 * @run testng MutantTotalsTest
 */

import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import mutants.Mutants;
import org.testng.annotations.Test;

/*
 * Issue 42: `make mutants` on the chosen set printed "score 53/60 = 88 %" and then "82 passed, 0 failed": the seven
 * survivors the set declared were counted as passed and the run exited 0. A survivor is a survivor in the totals.
 */
public class MutantTotalsTest {
    @Test
    public void aSurvivorIsFailedWhateverTheSetExpects() {
        assertFalse(Mutants.passes("survived", "survived"));
        assertFalse(Mutants.passes("survived", "-"));
        assertFalse(Mutants.passes("survived", "killed"));
        assertFalse(Mutants.passes("refused", "-"));
    }

    @Test
    public void aDetectionPassesWhereTheSetExpectsIt() {
        for (String v : new String[] {"killed", "crashed", "stopped", "unreached"}) {
            assertTrue(Mutants.passes(v, "-"), v);
            assertTrue(Mutants.passes(v, v), v);
        }
        // the set's expectation only adds failures: killed where a crash was expected is still a difference to read
        assertFalse(Mutants.passes("killed", "crashed"));
        assertFalse(Mutants.passes("unreached", "killed"));
        // a survivor the set declared, now killed: the reading is to be checked again
        assertFalse(Mutants.passes("killed", "survived"));
    }

    @Test
    public void anEquivalentMutantPassesUnlessADetectionWasExpected() {
        assertTrue(Mutants.passes("equivalent", "survived"));
        assertTrue(Mutants.passes("equivalent", "equivalent"));
        assertTrue(Mutants.passes("equivalent", "-"));
        assertFalse(Mutants.passes("equivalent", "killed"));
    }

    @Test
    public void identicalCodeProvesEquivalenceOnlyForTheJitsOwnCode() {
        // paths as the -dbg file's DWARF names them (28-ea+18: make/hotspot/src/hotspot/share/...)
        String src = "make/hotspot/src/hotspot/";
        for (String jit : new String[] {"share/opto/block.cpp", "share/c1/c1_LIR.cpp", "share/ci/ciField.cpp",
                "share/compiler/compileBroker.cpp", "share/gc/g1/c2/g1BarrierSetC2.cpp", "cpu/x86/c2_MacroAssembler_x86.cpp"}) {
            assertTrue(Mutants.jit(src + jit), jit);
        }
        assertTrue(Mutants.jit("make/hotspot/ad_x86.cpp"));   // ADLC's matcher, out of the source tree
        assertTrue(Mutants.jit(src + "cpu/x86/x86.ad"));
        for (String runtime : new String[] {"share/gc/g1/g1CollectedHeap.inline.hpp", "share/runtime/synchronizer.cpp",
                "cpu/x86/macroAssembler_x86.cpp", "share/classfile/stringTable.cpp", "share/gc/shared/memAllocator.cpp"}) {
            assertFalse(Mutants.jit(src + runtime), runtime);
        }
        assertFalse(Mutants.jit(""));
    }
}
