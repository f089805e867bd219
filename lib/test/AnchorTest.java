/*
 * @test
 * @summary An absence is evidence only with an anchor, searched in the method's own code: a missing anchor, an order whose other end is missing, an operation with no form on the ISA or an unanchored hasNo never pass; a stub's code never counts for the method's
 * @library /lib
 * @build Fixtures
 * @run testng AnchorTest
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.*;
import static org.testng.Assert.assertEquals;
import static org.testng.Assert.expectThrows;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.fail;

import anatomy.Compiled;
import anatomy.Inconclusive;
import anatomy.Logged;
import anatomy.Run;
import anatomy.Scope;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.LogEvent;
import anatomy.model.NMethod;
import anatomy.model.Section;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.testng.annotations.AfterMethod;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.DataProvider;
import org.testng.annotations.Test;

public class AnchorTest {
    private String vmOpts;
    private String javaOpts;

    /* A missing anchor fails under the JDK's defaults and skips under the user's options: start with none. */
    @BeforeMethod
    public void noUserOptions() {
        vmOpts = System.getProperty("test.vm.opts");
        javaOpts = System.getProperty("test.java.opts");
        System.setProperty("test.vm.opts", "");
        System.setProperty("test.java.opts", "");
    }

    @AfterMethod
    public void restoreUserOptions() {
        restore("test.vm.opts", vmOpts);
        restore("test.java.opts", javaOpts);
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @DataProvider
    public Object[][] recordings() {
        return Fixtures.rows(f -> !f.hex());
    }

    /* select is a cmov and a return: no division, no allocation, no loop. */

    @Test(dataProvider = "recordings")
    public void anAnchoredAbsencePasses(Fixtures.Fixture f) {
        assertThat(c2(f, "select")).has(CMOV).hasNo(INTEGER_DIVISION);
        assertThat(c2(f, "select")).given(CMOV).hasNo(INTEGER_DIVISION);
        assertThat(c2(f, "select")).has(CMOV).hasNo(INTEGER_DIVISION.after(RETURN_POLL));
        assertThat(c2(f, "sum")).hasNo(RETURN_POLL.inside(Scope.LOOP_BODY));
    }

    /*
     * "After the return poll" is an order on code every compiled method has: it anchors no absence by itself (it
     * did, so select, with no division at all, passed "no division after the return"). The method's own evidence
     * anchors it, e.g. the division asserted first; a presence after the poll is still a claim of layout.
     */
    @Test(dataProvider = "recordings")
    public void anOrderOnTheReturnPollAnchorsNoAbsence(Fixtures.Fixture f) {
        AssertionError e = expectFailure(() -> assertThat(c2(f, "select")).hasNo(INTEGER_DIVISION.after(RETURN_POLL)));
        assertTrue(e.getMessage().startsWith("unanchored absence") && e.getMessage().contains("INTEGER_DIVISION after RETURN_POLL"),
                e.getMessage());
        assertThat(c2(f, "divide")).has(INTEGER_DIVISION).hasNo(INTEGER_DIVISION.after(RETURN_POLL));
        assertThat(c2(f, "allocate")).has(exactly(1), ALLOCATION_SLOW_CALL.after(RETURN_POLL));
        AssertionError inline = expectFailure(() -> assertThat(c2(f, "divide")).has(INTEGER_DIVISION.after(RETURN_POLL)));
        assertTrue(inline.getMessage().startsWith("expected to contain"), inline.getMessage());
    }

    @Test(dataProvider = "recordings")
    public void afterAMissingOperationIsInconclusive(Fixtures.Fixture f) {
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(c2(f, "select")).hasNo(INTEGER_DIVISION.after(ALLOCATION_SLOW_CALL)));
        assertTrue(e.getMessage().startsWith("inconclusive absence"), e.getMessage());
        assertTrue(e.getMessage().contains("no ALLOCATION_SLOW_CALL in the code"), e.getMessage());
    }

    @Test(dataProvider = "recordings")
    public void insideAMissingScopeIsInconclusive(Fixtures.Fixture f) {
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(c2(f, "select")).hasNo(SAFEPOINT_POLL.inside(Scope.LOOP_BODY)));
        assertTrue(e.getMessage().contains("no LOOP_BODY in the code"), e.getMessage());
    }

    @Test(dataProvider = "recordings")
    public void aMissingPremiseIsInconclusive(Fixtures.Fixture f) {
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(c2(f, "select")).given(ALLOCATION_SLOW_CALL).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().contains("anchor missing") && e.getMessage().contains("ALLOCATION_SLOW_CALL (given as the premise)"),
                e.getMessage());
        Inconclusive logged = expectThrows(Inconclusive.class, () -> assertThat(c2(f, "select"))
                .given(Logged.ELIMINATED_ALLOCATION).hasNo(INTEGER_DIVISION));
        assertTrue(logged.getMessage().contains("ELIMINATED_ALLOCATION (given as the premise)"), logged.getMessage());
    }

    /*
     * A premise of the whole claim (assuming) is checked before anything is asserted: missing, the claim is
     * inconclusive, even where the claim would fail (before, -XX:-Inline failed the scalar-replacement claims: the
     * constructor not inlined, the object escaped into the call); present, it anchors the claim's absences.
     */
    @Test(dataProvider = "recordings")
    public void aMissingClaimPremiseIsInconclusiveBeforeTheClaim(Fixtures.Fixture f) {
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(c2(f, "divide"))
                .assuming(Logged.INLINE_SUCCESS.callee(AnchorTest.class, "nowhere")).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().startsWith("inconclusive claim") && e.getMessage().contains("INLINE_SUCCESS(callee=AnchorTest::nowhere)"),
                e.getMessage());
        assertThat(c2(f, "boxed")).assuming(Logged.INLINE_SUCCESS).hasNo(INTEGER_DIVISION);    // it anchors the absence too
    }

    /* The absent operation is searched first: found, the claim fails, premise or not (a negative control's kill). */
    @Test(dataProvider = "recordings")
    public void aFoundOperationFailsBeforeItsPremiseIsChecked(Fixtures.Fixture f) {
        AssertionError e = expectFailure(() -> assertThat(c2(f, "divide")).given(ALLOCATION_SLOW_CALL).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().startsWith("expected not to contain") && e.getMessage().contains("INTEGER_DIVISION"), e.getMessage());
    }

    /*
     * Under the user's options a missing anchor is inconclusive too, never a skip: whether the options took it away
     * is decided by a run without them (make/jtreg.sh, anatomy.probe.Verdict.merge), not guessed from their presence.
     */
    @Test(dataProvider = "recordings")
    public void aMissingAnchorIsInconclusiveUnderTheUsersOptions(Fixtures.Fixture f) {
        String before = System.getProperty("test.vm.opts");
        System.setProperty("test.vm.opts", "-XX:-Inline");
        try {
            Inconclusive e = expectThrows(Inconclusive.class,
                    () -> assertThat(c2(f, "select")).given(ALLOCATION_SLOW_CALL).hasNo(INTEGER_DIVISION));
            assertTrue(e.getMessage().contains("ALLOCATION_SLOW_CALL (given as the premise)"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("test.vm.opts");
            } else {
                System.setProperty("test.vm.opts", before);
            }
        }
    }

    @Test(dataProvider = "recordings")
    public void anUnanchoredAbsenceIsATestError(Fixtures.Fixture f) {
        AssertionError e = expectFailure(() -> assertThat(c2(f, "select")).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().startsWith("unanchored absence"), e.getMessage());
    }

    /* LOAD_ACQUIRE has no form on x86_64 (every load is an acquire there): its absence says nothing. */
    @Test
    public void anAbsentFormIsInconclusive() {
        Inconclusive e = expectThrows(Inconclusive.class,
                () -> assertThat(c2(Fixtures.named("x86_64-jdk25"), "select")).has(CMOV).hasNo(LOAD_ACQUIRE));
        assertTrue(e.getMessage().contains("LOAD_ACQUIRE has no form on x86_64"), e.getMessage());
    }

    @Test(dataProvider = "recordings")
    public void aLogAbsenceNeedsTheCompilesTask(Fixtures.Fixture f) {
        assertThat(c2(f, "select")).hasNo(Logged.ELIMINATED_ALLOCATION);
        Compiled untracked = new Compiled(renumbered(c2(f, "select").nmethod(), 999_999), c2(f, "select").run());
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(untracked).hasNo(Logged.ELIMINATED_ALLOCATION));
        assertTrue(e.getMessage().contains("the compile's task (compile id 999999)"), e.getMessage());
    }

    /* The log's <call method=..> names the callee of the inlining decision that follows it. */
    @Test(dataProvider = "recordings")
    public void anInliningDecisionNamesItsCallee(Fixtures.Fixture f) {
        List<LogEvent> inlined = f.log().tasks().stream().flatMap(t -> t.events().stream())
                .filter(e -> e.name().equals("inline_success")).toList();
        assertTrue(!inlined.isEmpty() && inlined.stream().allMatch(e -> e.attribute("callee") != null
                && e.attribute("callee").matches("[\\w.$]+::[\\w<>$]+")), inlined.toString());
    }

    /* A stub's instruction is no occurrence in the method's code; a claim about the stub says so. */
    @Test
    public void theStubCodeIsNotTheMethodsCode() {
        Compiled code = synthetic();
        AssertionError e = expectFailure(() -> assertThat(code).has(ANY_CAS));
        assertTrue(e.getMessage().contains("0 found in 2 instructions of the main code without the VM's parts"), e.getMessage());
        assertThat(code).has(ANY_CAS.inStubCode());
        assertThat(code).given(FIELD_LOAD).hasNo(ANY_CAS);
    }

    /*
     * The VM's own code is no evidence about the method. Twice::apply (x * 2, an instance method) loads no field and
     * branches on nothing: its only field load and branch are the inline-cache check at its unverified entry, which
     * every instance method has. A premise met only there is missing, as a premise met nowhere is.
     */
    @DataProvider
    public Object[][] instanceMethodRecordings() {
        return Fixtures.rows(f -> !f.hex() && (f.isa() == anatomy.isa.Isa.X86_64 || f.isa() == anatomy.isa.Isa.AARCH64));
    }

    @Test(dataProvider = "instanceMethodRecordings")
    public void theInlineCacheCheckAnchorsNothing(Fixtures.Fixture f) {
        Compiled apply = c2(f, "Shapes$Twice::apply");
        List<Instruction> check = List.copyOf(anatomy.isa.VmCode.in(apply.nmethod(), f.isa()).get(anatomy.isa.VmCode.INLINE_CACHE_CHECK));
        assertTrue(!FIELD_LOAD.find(check, f.isa()).isEmpty() && !CONDITIONAL_BRANCH.find(check, f.isa()).isEmpty(),
                "the inline-cache check of " + apply + " holds a field load and a branch (as the forms read it): " + check);
        for (anatomy.Operation premise : List.of(FIELD_LOAD, CONDITIONAL_BRANCH)) {
            Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(apply).given(premise).hasNo(INTEGER_DIVISION));
            assertTrue(e.getMessage().startsWith("inconclusive absence") && e.getMessage().contains("anchor missing")
                    && e.getMessage().contains(premise.name() + " (given as the premise)"), e.getMessage());
            AssertionError found = expectFailure(() -> assertThat(apply).has(premise));
            assertTrue(found.getMessage().contains("0 found") && found.getMessage().contains("without the VM's parts"), found.getMessage());
        }
    }

    /* A field's own load anchors: Shapes::field reads its field at the offset the VM gave it; any other offset is missing. */
    @Test(dataProvider = "recordings")
    public void aFieldLoadAtItsOffsetIsTheFieldsOwn(Fixtures.Fixture f) {
        Compiled field = c2(f, "field");
        List<Instruction> loads = FIELD_LOAD.find(field.nmethod().mainCode(), f.isa()).stream()
                .filter(i -> !anatomy.isa.VmCode.all(field.nmethod(), f.isa()).contains(i)).toList();
        assertTrue(!loads.isEmpty(), field + ": " + field.nmethod().mainCode());
        long offset = java.util.stream.LongStream.of(8, 12, 16, 20, 24).filter(o -> !FIELD_LOAD.at(o).find(loads, f.isa()).isEmpty())
                .findFirst().orElseThrow(() -> new AssertionError("no field load at 8 to 24 in " + loads));
        assertThat(field).given(FIELD_LOAD.at(offset)).hasNo(INTEGER_DIVISION);
        Inconclusive e = expectThrows(Inconclusive.class, () -> assertThat(field).given(FIELD_LOAD.at(4096)).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().contains("FIELD_LOAD at offset 4096 (given as the premise)"), e.getMessage());
    }

    /*
     * A branch is tied to its own condition by the value it compares with, as a load is to its field by the offset.
     * The old anchor, any CONDITIONAL_BRANCH, is met by a loop's back-edge (sum) and, as the forms read it, by the
     * inline-cache check (Twice::apply): neither compares with the test's constant. Recorded from
     * UnpredictableBranchBecomesCmov (x == 1234 ? 1 : 2): x86_64 25.0.3 (cmpl $0x4d2, %esi ; jne), AArch64 17.0.21
     * under qemu (cmp w1, #0x4d2 ; b.ne); the fair select compares too, but into a cmov, not a branch.
     */
    @Test(dataProvider = "instanceMethodRecordings")
    public void aLoopsBackEdgeOrTheInlineCacheCheckIsNoBranchOnTheTestedValue(Fixtures.Fixture f) {
        Compiled sum = c2(f, "sum");
        assertThat(sum).has(CONDITIONAL_BRANCH);    // the old anchor: met by the loop
        AssertionError e = expectFailure(() -> assertThat(sum).has(CONDITIONAL_BRANCH.comparing(1234)));
        assertTrue(e.getMessage().startsWith("expected to contain") && e.getMessage().contains("CONDITIONAL_BRANCH comparing 1234"),
                e.getMessage());
        Compiled apply = c2(f, "Shapes$Twice::apply");
        List<Instruction> check = List.copyOf(anatomy.isa.VmCode.in(apply.nmethod(), f.isa()).get(anatomy.isa.VmCode.INLINE_CACHE_CHECK));
        assertTrue(!CONDITIONAL_BRANCH.find(check, f.isa()).isEmpty() && CONDITIONAL_BRANCH.comparing(1234).find(check, f.isa()).isEmpty(), check.toString());
    }

    @DataProvider
    public Object[][] cmovRecordings() {
        return new Object[][] {{"x86_64-jdk25-cmov", "amd64"}, {"aarch64-jdk17-cmov", "aarch64"}};
    }

    @Test(dataProvider = "cmovRecordings")
    public void aBranchOnTheTestedValueComparesWithItsConstant(String name, String osArch) {
        Run run = replay(name, Fixtures.read(name + ".out"), "<hotspot_log></hotspot_log>", osArch);
        Compiled biased = lastC2(run, "biasedSelect");
        Compiled fair = lastC2(run, "fairSelect");
        assertThat(biased).has(exactly(1), CONDITIONAL_BRANCH.comparing(1234)).hasNo(CMOV);
        assertThat(fair).has(CMOV).hasNo(CONDITIONAL_BRANCH);
        AssertionError other = expectFailure(() -> assertThat(biased).has(CONDITIONAL_BRANCH.comparing(1235)));
        assertTrue(other.getMessage().contains("0 found"), other.getMessage());
        AssertionError intoCmov = expectFailure(() -> assertThat(fair).has(CONDITIONAL_BRANCH.comparing(1234)));
        assertTrue(intoCmov.getMessage().contains("0 found"), intoCmov.getMessage());
    }

    /* The other ISAs' forms, on the shapes C2 emits there for a compare with a constant and a branch. */
    @Test
    public void theComparedConstantOnEveryIsa() {
        Object[][] cases = {
                {anatomy.isa.Isa.X86_64, List.of("cmpl $0x4d2, %esi", "jne 0x1040"), 1},
                {anatomy.isa.Isa.X86_64, List.of("cmpl $0x4d2, 0xc(%rsi)", "je 0x1040"), 1},
                {anatomy.isa.Isa.X86_64, List.of("cmpl $0x4d2, 0x20(%r15)", "jne 0x1040"), 0},
                {anatomy.isa.Isa.X86_64, List.of("cmpl $0x4d2, %esi", "cmovnel %r11d, %eax"), 0},
                {anatomy.isa.Isa.X86_64, List.of("cmpl %r10d, %esi", "jne 0x1040"), 0},
                {anatomy.isa.Isa.AARCH64, List.of("cmp w1, #0x4d2", "b.ne 0x1040"), 1},
                {anatomy.isa.Isa.AARCH64, List.of("cmn w1, #0x4d2", "b.ne 0x1040"), 0},
                {anatomy.isa.Isa.AARCH64, List.of("cmp w1, #0x4d3", "b.ne 0x1040"), 0},
                {anatomy.isa.Isa.RISCV64, List.of("li t0, 1234", "bne a1, t0, 0x1040"), 1},
                // riscv64 25.0.5 (the drill's ports step, UnpredictableBranchBecomesCmov#zicond): addiw, not li
                {anatomy.isa.Isa.RISCV64, List.of("addiw t2, zero, 1234", "bne a1, t2, 0x1040"), 1},
                {anatomy.isa.Isa.RISCV64, List.of("addiw t2, t1, 1234", "bne a1, t2, 0x1040"), 0},
                {anatomy.isa.Isa.RISCV64, List.of("li t0, 1234", "addi t0, t0, 1", "bne a1, t0, 0x1040"), 0},
                {anatomy.isa.Isa.RISCV64, List.of("li t0, 1234", "xor t1, a1, t0", "czero.eqz a0, a0, t1"), 0},
                {anatomy.isa.Isa.PPC64LE, List.of("cmpwi r3, 1234", "bne 0x1040"), 1},
                {anatomy.isa.Isa.PPC64LE, List.of("cmpwi cr6, r3, 1234", "bne cr6, 0x1040"), 1},
                {anatomy.isa.Isa.PPC64LE, List.of("cmpwi cr6, r3, 1234", "bne cr5, 0x1040"), 0},
                {anatomy.isa.Isa.S390X, List.of("chi %r2, 1234", "jlh 0x1040"), 1},
                {anatomy.isa.Isa.S390X, List.of("cijlh %r2, 1234, 0x1040"), 1},
                {anatomy.isa.Isa.S390X, List.of("cfi %r0, 1234", "jlh 0x1040"), 1},
                {anatomy.isa.Isa.S390X, List.of("chi %r8, 1234", "jlh 0x1040"), 0},
        };
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            List<String> texts = (List<String>) c[1];
            assertEquals(CONDITIONAL_BRANCH.comparing(1234).find(Fixtures.code(texts.toArray(String[]::new)), (anatomy.isa.Isa) c[0]).size(),
                    c[2], c[0] + ": " + texts);
        }
        expectThrows(IllegalArgumentException.class, () -> CONDITIONAL_BRANCH.comparing(0));
        expectThrows(IllegalArgumentException.class, () -> FIELD_LOAD.comparing(1234));
    }

    private static Compiled lastC2(Run run, String method) {
        List<NMethod> all = run.nmethods().stream().filter(n -> n.compiler().equals("c2") && n.methodName().equals(method)).toList();
        return new Compiled(all.get(all.size() - 1), run);
    }

    /* The return poll is in every compiled method: as a premise of the method's own code it is a test error. */
    @Test(dataProvider = "recordings")
    public void theReturnPollIsNoPremise(Fixtures.Fixture f) {
        AssertionError e = expectFailure(() -> assertThat(c2(f, "select")).given(RETURN_POLL).hasNo(INTEGER_DIVISION));
        assertTrue(e.getMessage().startsWith("vacuous premise") && e.getMessage().contains("RETURN_POLL"), e.getMessage());
        assertThat(c2(f, "select")).has(exactly(1), RETURN_POLL).hasNo(SAFEPOINT_POLL);    // a claim about the polls sees it
    }

    /*
     * On AArch64 17 under ZGC (and Shenandoah) the entry barrier orders its guard's load with a dmb ishld in every
     * method: recorded from OptimisticReadHasNoAtomicOrFence#load-fence under -XX:+UseZGC (17.0.21, qemu). lockedRead
     * has no fence of its own, so LOAD_FENCE is not in it; optimisticRead has validate's, exactly one.
     */
    @Test
    public void theEntryBarriersFenceIsNotTheMethods() {
        Run run = replay("aarch64-jdk17-zgc", Fixtures.decoded("aarch64-jdk17-zgc-hex.out", anatomy.isa.Isa.AARCH64),
                "<hotspot_log></hotspot_log>", "aarch64");
        Compiled locked = new Compiled(run.nmethods().stream().filter(n -> n.methodName().equals("lockedRead")).findFirst().orElseThrow(), run);
        Compiled optimistic = new Compiled(run.nmethods().stream().filter(n -> n.methodName().equals("optimisticRead")).findFirst().orElseThrow(), run);
        List<Instruction> barrier = List.copyOf(anatomy.isa.VmCode.in(locked.nmethod(), anatomy.isa.Isa.AARCH64).get(anatomy.isa.VmCode.ENTRY_BARRIER));
        assertEquals(LOAD_FENCE.find(barrier, anatomy.isa.Isa.AARCH64).size(), 1, "the barrier's dmb ishld: " + barrier);
        AssertionError e = expectFailure(() -> assertThat(locked).has(LOAD_FENCE));
        assertTrue(e.getMessage().startsWith("expected to contain") && e.getMessage().contains("0 found"), e.getMessage());
        assertThat(optimistic).has(exactly(1), LOAD_FENCE);
    }

    /* The header's range decides, so a label a release adds inside the method's code cannot hide it. */
    @Test
    public void theMainCodeIsTheHeadersRange() {
        NMethod n = synthetic().nmethod();
        assertEquals(n.mainCode().stream().map(Instruction::mnemonic).toList(), List.of("movl", "cmpq", "retq"));
        assertEquals(n.stubCode().stream().map(Instruction::mnemonic).toList(), List.of("lock cmpxchgq"));
    }

    /* On every recording the header's main code is what the entry labels say for C2's code. */
    @Test(dataProvider = "recordings")
    public void theHeadersMainCodeAgreesWithTheLabels(Fixtures.Fixture f) {
        for (NMethod n : f.printed()) {
            if (n.compiler().equals("c2")) {
                List<Instruction> labelled = n.sections().stream().filter(Section::isMainCode)
                        .flatMap(s -> s.instructions().stream()).toList();
                assertEquals(n.mainCode(), labelled, n + " in " + f);
                assertTrue(n.mainCodeStart() > 0, n + " in " + f);
            }
        }
    }

    private static final String SYNTHETIC = String.join("\n",
            "Compiled method (c2)      61   49       4       T::f (6 bytes)",
            " main code      [0x0000000000001000,0x0000000000001010] = 16",
            " stub code      [0x0000000000001010,0x0000000000001020] = 16",
            "[Disassembly]",
            "[Verified Entry Point]",
            "  0x0000000000001000:   movl\t0xc(%rsi), %eax",
            "[A Label Some Release Adds]",
            "  0x0000000000001005:   cmpq\t0x28(%r15), %rsp            ;   {poll_return}",
            "  0x000000000000100b:   retq",
            "[Stub Code]",
            "  0x0000000000001010:   lock cmpxchgq\t%r10, (%r11)",
            "[/Disassembly]", "");

    /* A static call's stub, unpatched: a jump to itself noted {runtime_call nmethod} (x86_64 25.0.3, in every nmethod with a static call). */
    private static final String STATIC_STUB = String.join("\n",
            "Compiled method (c2)      61   50       4       T::g (6 bytes)",
            " main code      [0x0000000000001000,0x0000000000001010] = 16",
            " stub code      [0x0000000000001010,0x0000000000001020] = 16",
            "[Disassembly]",
            "[Verified Entry Point]",
            "  0x0000000000001000:   movl\t0xc(%rsi), %eax",
            "  0x0000000000001005:   cmpq\t0x28(%r15), %rsp            ;   {poll_return}",
            "  0x000000000000100b:   retq",
            "[Stub Code]",
            "  0x0000000000001010:   movabsq\t$0, %rbx                    ;   {static_stub}",
            "  0x000000000000101a:   jmp\t0x000000000000101a          ;   {runtime_call nmethod}",
            "[/Disassembly]", "");

    /*
     * Before, a {runtime_call nmethod} note anywhere (the stub section's unpatched static stubs, x86_64 25) made every
     * runtime-call role unreadable, so NewArrayIsZeroedUnlessOverwritten's control was inconclusive on 25.
     */
    @Test
    public void aStaticStubsNoteLeavesRuntimeCallsReadable() {
        Run run = replay("static-stub", STATIC_STUB, "<hotspot_log></hotspot_log>", "amd64");
        Compiled code = new Compiled(run.nmethods().get(0), run);
        assertThat(code).given(FIELD_LOAD).hasNo(ZEROING).hasNo(ALLOCATION_SLOW_CALL);
    }

    private static Compiled synthetic() {
        Run run = replay("synthetic", SYNTHETIC, "<hotspot_log></hotspot_log>", "amd64");
        return new Compiled(run.nmethods().get(0), run);
    }

    private static Compiled c2(Fixtures.Fixture f, String method) {
        Run run = replay(f.name(), f.text(), Fixtures.read(f.name() + ".xml.gz"), f.isa() == anatomy.isa.Isa.X86_64 ? "amd64" : "aarch64");
        NMethod n = f.c2(method);
        return new Compiled(run.nmethods().stream().filter(m -> m.compileId() == n.compileId()).findFirst().orElseThrow(), run);
    }

    private static Run replay(String name, String stdout, String log, String osArch) {
        try {
            Path dir = Files.createDirectories(Path.of("replay", name));
            Files.writeString(dir.resolve("stdout"), stdout);
            Files.writeString(dir.resolve("compilation.xml"), log);
            Files.writeString(dir.resolve("facts"), "os.arch=" + osArch + "\njava.runtime.version=" + name + "\n");
            return Run.replayUnsigned(AnchorTest.class, dir.resolve("stdout"), dir.resolve("facts"), dir.resolve("compilation.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static NMethod renumbered(NMethod n, int compileId) {
        return new NMethod(n.method(), n.compiler(), n.level(), compileId, n.osrBci(), n.nullCheckTableBytes(),
                n.mainCodeStart(), n.mainCodeEnd(), n.fromHexDump(), n.sections());
    }

    private static AssertionError expectFailure(Runnable r) {
        try {
            r.run();
        } catch (AssertionError e) {
            return e;
        }
        fail("expected the assertion to fail, but it passed");
        return null;
    }
}
