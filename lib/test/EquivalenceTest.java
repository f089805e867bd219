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
import anatomy.isa.Isa;
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
        return capture(Isa.X86_64, stdout, facts);
    }

    static Equivalence.Capture capture(Isa isa, String stdout, String... facts) {
        Map<String, List<String>> into = new java.util.LinkedHashMap<>();
        Equivalence.add(into, 1, stdout, List.of(facts), isa);
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
        Equivalence.Capture c = Equivalence.capture(dir, Isa.X86_64);
        assertEquals(List.copyOf(c.listings().keySet()), List.of("vm 1: measured", "vm 1: T::sum (c2, level 4)", "vm 2: measured", "vm 2: T::sum (c2, level 4)"));
        assertEquals(c.listings().get("vm 1: measured"), List.of("measure:n=1.0"));
        assertTrue(c.listings().get("vm 2: T::sum (c2, level 4)").contains("subq %r11, %r10"));
    }

    /*
     * AArch64 builds a relocated constant in a register 16 bits at a time: the VM notes the first part, a mov (movz),
     * and the movk's right after it complete the same register, unnoted (MacroAssembler::movptr, 48 bits in three; a
     * compressed class in two, its high half first). The lines are the form of C1's Shapes::sum on JDK 17
     * (lib/test/fixtures/aarch64-jdk17.out) in a C2 method; the constants differ as make mutants saw them on 28-ea:
     * the method data's low part #0x3210 against #0x3220, the class space's high part #0xc0 against #0x100.
     */
    static String a64(long base, long mdo, long klass, long method) {
        long[] at = new long[13];
        for (int k = 0; k < at.length; k++) {
            at[k] = base + 4L * k;
        }
        return String.format("""
                ----------------------------------- Assembly -----------------------------------

                Compiled method (c2)     270  159       4       Shapes::sum (38 bytes)
                 total in heap  [0x%x,0x%x] = 384
                 main code      [0x%x,0x%x] = 52

                [Disassembly]
                --------------------------------------------------------------------------------
                [Constant Pool (empty)]

                --------------------------------------------------------------------------------

                [Verified Entry Point]
                  # {method} {0x%016x} 'sum' '([I)J' in 'Shapes'
                  0x%016x:   sub	sp, sp, #0x20
                  0x%016x:   mov	x0, %s                 ;   {metadata(method data for {method} {0x%016x} 'sum' '([I)J' in 'Shapes')}
                  0x%016x:   movk	x0, %s, lsl #16
                  0x%016x:   movk	x0, %s, lsl #32
                  0x%016x:   ldr	w2, [x0, #0xfc]
                  0x%016x:   movz	x10, %s, lsl #16            ;   {metadata({type array int})}
                  0x%016x:   movk	x10, %s
                  0x%016x:   movk	x1, #0x55, lsl #32
                  0x%016x:   cmp	w11, w10
                  0x%016x:   mov	x3, #0x3f
                  0x%016x:   movk	x3, #0x7, lsl #16
                  0x%016x:   b.ne	0x%016x
                  0x%016x:   ret
                [/Disassembly]
                """, base - 0x100, base + 0x80, base, base + 52, method,
                at[0], at[1], imm(mdo & 0xffff), method, at[2], imm(mdo >>> 16 & 0xffff), at[3], imm(mdo >>> 32 & 0xffff),
                at[4], at[5], imm(klass >>> 16), at[6], imm(klass & 0xffff), at[7], at[8], at[9], at[10], at[11], at[0], at[12]);
    }

    /** An A64 immediate as capstone prints it: decimal up to 9, hex above. */
    static String imm(long v) {
        return v <= 9 ? "#" + v : "#0x" + Long.toHexString(v);
    }

    /** The code with the noted move's last part after the load that follows it. */
    static String partApart(String code) {
        String moved = code.replaceAll("(movk\tx0, #\\w+, lsl #32)(\n\\s+0x\\w+:   )(ldr\tw2, \\[x0, #0xfc\\])", "$3$2$1");
        assertTrue(!moved.equals(code), code);
        return moved;
    }

    static final long MDO = 0xc0_6140_3210L, KLASS = 0x0000_6c28L, METHOD = 0xc0_6140_1158L;

    static Equivalence.Judgement judgeA64(String base, String mutant) {
        return judge(capture(Isa.AARCH64, base), capture(Isa.AARCH64, mutant));
    }

    @Test
    public void a64RelocatedConstantsBuiltInPartsAreAddresses() {
        String base = a64(0x5513eaaf40L, MDO, KLASS, METHOD);
        // another run: the code elsewhere, the method data at another low part, the class space at another base
        String mutant = a64(0x551b970980L, 0x100_6140_3220L, 0x1_6c30L, 0x100_6140_1168L);
        Equivalence.Judgement j = judgeA64(base, mutant);
        assertEquals(j.kind(), Equivalence.Judgement.IDENTICAL, j.detail());
        List<String> listing = capture(Isa.AARCH64, base).listings().get("vm 1: Shapes::sum (c2, level 4)");
        assertEquals(listing, List.of(
                "sub sp, sp, #0x20",
                "mov x0, #ADDR ;{metadata(method data for {method} {ADDR} 'sum' '([I)J' in 'Shapes')}",
                "movk x0, #ADDR, lsl #16",
                "movk x0, #ADDR, lsl #32",
                "ldr w2, [x0, #0xfc]",
                "movz x10, #ADDR, lsl #16 ;{metadata({type array int})}",
                "movk x10, #ADDR",
                "movk x1, #0x55, lsl #32",
                "cmp w11, w10",
                "mov x3, #0x3f",
                "movk x3, #0x7, lsl #16",
                "b.ne @+0x0",
                "ret"));
        // read as x86_64, the same lines keep their A64 immediates: the rule is the ISA's
        assertEquals(judge(capture(Isa.X86_64, base), capture(Isa.X86_64, mutant)).kind(), Equivalence.Judgement.DIFFERENT);
    }

    /** Near misses: code C2 emitted differently, not a constant the VM moved, is still a difference. */
    @Test
    public void a64ConstantsNotCompletingANotedMoveStay() {
        String base = a64(0x5513eaaf40L, MDO, KLASS, METHOD);
        String elsewhere = a64(0x551b970980L, 0x100_6140_3220L, 0x1_6c30L, 0x100_6140_1168L);
        Map<String, String> edits = new java.util.LinkedHashMap<>();
        // an unnoted move's immediate, and a movk that completes it
        edits.put("mov\tx3, #0x3f", "mov\tx3, #0x40");
        edits.put("movk\tx3, #0x7, lsl #16", "movk\tx3, #0x8, lsl #16");
        // a movk into another register right after a noted move's parts
        edits.put("movk\tx1, #0x55, lsl #32", "movk\tx1, #0x56, lsl #32");
        // the constant's first part moved into another register (the movk's then complete none)
        edits.put("mov\tx0, #0x3220", "mov\tx2, #0x3220");
        // a part shifted elsewhere
        edits.put("movk\tx0, #0x100, lsl #32", "movk\tx0, #0x100, lsl #48");
        for (Map.Entry<String, String> e : edits.entrySet()) {
            String from = e.getKey().startsWith("mov\tx0") || e.getKey().startsWith("movk\tx0") ? elsewhere : base;
            assertTrue(from.contains(e.getKey()), e.getKey());
            Equivalence.Judgement j = judgeA64(base, from.replace(e.getKey(), e.getValue()));
            assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, e.getValue() + ": " + j.detail());
        }
        // the whole constant built in another register
        Equivalence.Judgement j = judgeA64(base, elsewhere.replace("\tx0, #", "\tx2, #"));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertTrue(j.detail().contains("- mov x0, #ADDR") && j.detail().contains("+ mov x2, #ADDR"), j.detail());
        // a movk after another instruction is no part of the noted move's constant: its class space part stays
        j = judgeA64(partApart(base), partApart(elsewhere));
        assertEquals(j.kind(), Equivalence.Judgement.DIFFERENT, j.detail());
        assertTrue(j.detail().contains("- movk x0, #0xc0, lsl #32") && j.detail().contains("+ movk x0, #0x100, lsl #32"), j.detail());
        // nor is a fourth movk: a 64-bit register has four parts, the noted move's and three
        assertEquals(Isa.AARCH64.relocatedConstant(List.of("mov x0, #0x3210", "movk x0, #0x6140, lsl #16", "movk x0, #0xc0, lsl #32",
                "movk x0, #0x1, lsl #48", "movk x0, #0x2, lsl #48"), 0, "ADDR"),
                List.of("mov x0, #ADDR", "movk x0, #ADDR, lsl #16", "movk x0, #ADDR, lsl #32", "movk x0, #ADDR, lsl #48"));
    }

    /*
     * The recorded code (JDK 17 under qemu, lib/test/fixtures/aarch64-jdk17.out): each noted move's parts read ADDR,
     * and no movk right after them into the same register keeps its number; a runtime call's address, which the VM
     * notes as {runtime_call ...}, is built the same way and reads ADDR too, its target named by the note.
     */
    @Test
    public void a64RecordedConstantsAreWhole() throws Exception {
        String out = Files.readString(Path.of(System.getProperty("test.root", "."), "lib/test/fixtures/aarch64-jdk17.out"));
        Map<String, List<String>> into = new java.util.LinkedHashMap<>();
        Equivalence.add(into, 1, out, null, Isa.AARCH64);
        java.util.regex.Pattern part = java.util.regex.Pattern.compile("^movk (x\\d+), #(0x[0-9a-f]+|\\d+)");
        int noted = 0, parts = 0;
        for (List<String> listing : into.values()) {
            String register = null;
            for (String line : listing) {
                java.util.regex.Matcher m = part.matcher(line);
                if (line.matches("^movz? x\\d+, #ADDR.*")) {
                    noted++;
                    register = line.replaceAll("^movz? (x\\d+),.*", "$1");
                } else if (line.startsWith("movk " + register + ", #ADDR")) {
                    parts++;
                } else {
                    assertTrue(!m.find() || !m.group(1).equals(register), "a noted move's part kept its number: " + line + " in " + listing);
                    register = null;
                }
            }
        }
        System.out.println("noted moves " + noted + ", their movk parts " + parts);
        assertTrue(noted > 0 && parts >= noted, noted + " noted moves, " + parts + " parts");
        // a runtime call's address built the same way is ADDR too: the note names it (2026-11-30; before, it stayed as
        // printed, and a C1 stub at another address under qemu read as a difference)
        assertTrue(into.values().stream().anyMatch(l -> l.contains("mov x8, #ADDR ;{runtime_call SharedRuntime::OSR_migration_end(long*)}")
                && l.contains("movk x8, #ADDR, lsl #16")), into.keySet().toString());
    }

    /*
     * A VM that printed hex (no plugin for its ISA: AArch64 28-ea under qemu, lib/test/fixtures/aarch64-jdk28-hex.out)
     * is decoded as the tests decode it, so its relocated constants read ADDR as the plugin's text does; left as hex, a
     * mutant whose code moved in the code cache read "different" in every call's bytes (the AArch64 run of 2026-11-30).
     */
    @Test
    public void hexCodeIsDecodedBeforeItIsCompared() throws Exception {
        Path decoder = anatomy.capture.Hsdis.decoder();
        if (decoder == null) {
            throw new org.testng.SkipException("no hsdis-decode: " + anatomy.capture.Hsdis.whereLooked());
        }
        String out = Files.readString(Path.of(System.getProperty("test.root", "."), "lib/test/fixtures/aarch64-jdk28-hex.out"));
        Map<String, List<String>> hex = new java.util.LinkedHashMap<>(), decoded = new java.util.LinkedHashMap<>();
        Equivalence.add(hex, 1, out, null, Isa.AARCH64);
        Equivalence.add(decoded, 1, out, null, Isa.AARCH64, decoder);
        assertTrue(hex.values().stream().flatMap(List::stream).anyMatch(l -> l.startsWith(".hex")), "the fixture is hex");
        assertEquals(decoded.keySet(), hex.keySet());
        assertTrue(decoded.values().stream().flatMap(List::stream).noneMatch(l -> l.startsWith(".hex")), decoded.toString());
        assertTrue(decoded.values().stream().flatMap(List::stream).anyMatch(l -> l.matches("^movz? x\\d+, #ADDR.*")), decoded.toString());
    }
}
