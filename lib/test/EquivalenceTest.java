/*
 * @test
 * @summary make mutants proves a surviving mutant equivalent only by the same compiled code and measures as the baseline's, run-to-run addresses aside, and shows the first difference otherwise
 * @library /lib /make/tools
 * @build mutants.Equivalence report.Compare
 * @run testng EquivalenceTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import mutants.Equivalence;
import org.testng.annotations.Test;

/*
 * Issue 42: "equivalent" was a reading of HotSpot's source. Trivial Compiler Equivalence, applied to the JIT: a mutant
 * whose tests' methods compile to the same code (and measure the same numbers) is equivalent for this program. The
 * code texts are the pack's disassembly as a child VM prints it, of one small method, loaded at another address in
 * each run: the entry, the compressed class base, the runtime stub and the method's own branch target move.
 */
public class EquivalenceTest {
    static String code(long base, String third) {
        return String.format("""
                ----------------------------------- Assembly -----------------------------------

                Compiled method (c2)     270  159       4       T::sum (12 bytes)
                 total in heap  [0x%x,0x%x] = 384
                 main code      [0x%x,0x%x] = 32

                [Disassembly]
                --------------------------------------------------------------------------------
                [Constant Pool (empty)]

                --------------------------------------------------------------------------------

                # hsdis-anatomy 2.0 (capstone 5.0) x86_64 att: [0x%x, 0x%x)
                [Entry Point]
                  # {method} {0x%x} 'sum' '(I)I' in 'T'
                  0x%x:   movl	8(%%rsi), %%r10d
                  0x%x:   movabsq	$0x%x, %%rdx          ;   {metadata('T$Point')}
                  0x%x:   movabsq	$0x%x, %%r11
                  0x%x:   movl	$0x%x, %%r10d
                  0x%x:   %s
                  0x%x:   jne	0x%x          ;   {runtime_call ic_miss_stub}
                  0x%x:   je	0x%x
                  0x%x:   retq
                  0x%x:   hlt
                [/Disassembly]
                """, base - 0x100, base + 0x80, base, base + 0x20, base, base + 0x20, base + 0x7000000,
                base, base + 1, base >>> 24, base + 4, base + 0x5000000000L, base + 8, (((base >>> 24) & 0xf) + 1) << 24,
                base + 14, third, base + 17, base + 0x9990000, base + 23, base + 4, base + 25, base + 26);
    }

    static Equivalence.Capture capture(String stdout, String... facts) {
        Map<String, List<String>> into = new java.util.LinkedHashMap<>();
        Equivalence.add(into, 1, stdout, List.of(facts));
        return new Equivalence.Capture(into);
    }

    static Equivalence.Judgement judge(Equivalence.Capture base, Equivalence.Capture mutant) {
        return Equivalence.compare(Map.of("test/x/T.java", base), Map.of("test/x/T.java", mutant), List.of("test/x/T.java"));
    }

    @Test
    public void theSameCodeAtOtherAddressesIsIdentical() {
        Equivalence.Capture base = capture(code(0x7f6ae4ed2b80L, "addq\t%r11, %r10"), "measure:FP registers=32.0", "code=328 7f28500dd900 66");
        Equivalence.Capture mutant = capture(code(0x7f11aabb1c00L, "addq\t%r11, %r10"), "measure:FP registers=32.0", "code=327 7f7b700dd900 66");
        Equivalence.Judgement j = judge(base, mutant);
        assertEquals(j.kind(), Equivalence.Judgement.IDENTICAL, j.detail());
        assertEquals(j.detail(), "identical code: 1 compiled method, 8 instructions, and 1 measure as the baseline's");
        // the method's own branch target is kept as its offset, an address outside it as ADDR
        assertTrue(base.listings().get("vm 1: T::sum (c2, level 4)").contains("je @+0x4"), base.listings().toString());
        assertTrue(base.listings().get("vm 1: T::sum (c2, level 4)").contains("jne ADDR ;{runtime_call ic_miss_stub}"), base.listings().toString());
        // the compressed class space's base, 16 MB aligned, moves below 4 GB (measured: 0x1f000000, 0x9f000000, 0xa000000)
        assertTrue(base.listings().get("vm 1: T::sum (c2, level 4)").contains("movl $ADDR, %r10d"), base.listings().toString());
        // a class the VM relocates moves below 4 GB too (measured: 0x49045400 in one run, 0x9a045400 in the next)
        assertTrue(base.listings().get("vm 1: T::sum (c2, level 4)").contains("movabsq $ADDR, %rdx ;{metadata('T$Point')}"), base.listings().toString());
    }

    @Test
    public void oneInstructionChangedIsAGapShownAsADiff() {
        Equivalence.Judgement j = judge(capture(code(0x7f6ae4ed2b80L, "addq\t%r11, %r10")),
                capture(code(0x7f11aabb1c00L, "subq\t%r11, %r10")));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertEquals(j.detail(), """
                test/x/T.java: vm 1: T::sum (c2, level 4): 8 -> 8 lines; first difference:
                      movabsq $ADDR, %r11
                      movl $ADDR, %r10d
                    - addq %r11, %r10
                    + subq %r11, %r10
                      jne ADDR ;{runtime_call ic_miss_stub}
                      je @+0x4""");
    }

    @Test
    public void anotherMeasureOrAnotherMethodIsADifference() {
        String c = code(0x7f6ae4ed2b80L, "addq\t%r11, %r10");
        Equivalence.Judgement j = judge(capture(c, "measure:moved=0.0"), capture(c, "measure:moved=1.0"));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertTrue(j.detail().contains("- measure:moved=0.0") && j.detail().contains("+ measure:moved=1.0"), j.detail());
        // an immediate of 8 digits that is no 16 MB-aligned base stays as printed
        j = judge(capture(c.replace("addq\t%r11, %r10", "andl\t$0x7fffffff, %r10d")), capture(c.replace("addq\t%r11, %r10", "andl\t$0x7ffffffe, %r10d")));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertTrue(j.detail().contains("- andl $0x7fffffff, %r10d"), j.detail());
        // nor does a compare's 16 MB-aligned constant (Integer.MIN_VALUE before a division): only a move's is a base
        j = judge(capture(c.replace("addq\t%r11, %r10", "cmpl\t$0x80000000, %eax")), capture(c.replace("addq\t%r11, %r10", "cmpl\t$0x7f000000, %eax")));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        j = judge(capture(c), capture(c.replace("T::sum", "T::other")));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertTrue(j.detail().contains("vm 1: T::sum (c2, level 4): only on the baseline"), j.detail());
    }

    @Test
    public void noCodeCapturedProvesNothing() {
        Equivalence.Judgement j = judge(capture("", "measure:moved=0.0"), capture("", "measure:moved=0.0"));
        assertEquals(j.kind(), Equivalence.Judgement.NONE, j.detail());
        assertTrue(j.detail().startsWith("test/x/T.java: no compiled code captured on the baseline"), j.detail());
    }

    @Test
    public void aRetainedDirectoryIsReadInTheOrderItsVmsStarted() throws Exception {
        Path work = Files.createTempDirectory(Path.of("."), "work");
        Path dir = Equivalence.retained(work, "test/x/T.java#variant");
        assertEquals(work.relativize(dir).toString(), "test/x/T_variant");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("T-4242-10.stdout"), code(0x7f6ae4ed2b80L, "subq\t%r11, %r10"));
        Files.writeString(dir.resolve("T-4242-9.facts"), "measure:n=2.0\nvm.option=-Xbatch\n");
        Files.writeString(dir.resolve("T-4242-5.stdout"), code(0x7f6ae4ed2b80L, "addq\t%r11, %r10"));
        Files.writeString(dir.resolve("T-4242-4.facts"), "measure:n=1.0\n");
        Equivalence.Capture c = Equivalence.capture(dir);
        assertEquals(List.copyOf(c.listings().keySet()), List.of("vm 1: measured", "vm 1: T::sum (c2, level 4)", "vm 2: measured", "vm 2: T::sum (c2, level 4)"));
        assertEquals(c.listings().get("vm 1: measured"), List.of("measure:n=1.0"));
        assertTrue(c.listings().get("vm 2: T::sum (c2, level 4)").contains("subq %r11, %r10"));
    }
}
