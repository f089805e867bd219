package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.LogEvent;
import anatomy.model.NMethod;
import java.util.ArrayList;
import java.util.List;

/**
 * Fluent assertions in the pack's vocabulary: {@code assertThat(run.c2("select")).has(CMOV)},
 * {@code .has(exactly(1), CARD_MARK)}, {@code .has(SAFEPOINT_POLL.inside(LOOP_BODY))}, {@code .hasNo(TRAP_COMPILED)}. A failure
 * names the expectation, what was found, the method, ISA, JDK, the VM options, the test's negative controls
 * and an excerpt of the code or log searched.
 */
public final class Assertions {
    private Assertions() {
    }

    public static CodeAssert assertThat(Compiled code) {
        return new CodeAssert(code);
    }

    public static StateAssert assertThat(MethodState state) {
        return new StateAssert(state);
    }

    public static MeasureAssert assertThat(Measure measure) {
        return new MeasureAssert(null, measure);
    }

    /** A number asserted as the evidence of a runtime fact; a failure's first line names the fact. */
    public static MeasureAssert assertThat(Fact fact, Measure measure) {
        return new MeasureAssert(fact, measure);
    }

    /**
     * Assertions on one nmethod's machine code and on what the log recorded for its compile. Operations are
     * searched in the method's own code ({@code main code}: entry, body and its out-of-line paths), not in the
     * nmethod's handlers and stubs unless an operation says so ({@link Operation#inStubCode}).
     *
     * <p>An absence is evidence only with an anchor: something present that shows the code searched is the code
     * the claim is about (the call inlined, the store made, the branch kept). It is a presence asserted earlier in
     * the chain ({@code has(...)}), a premise stated with {@link #given} ({@code given(INLINE_SUCCESS.callee(
     * StampedLock.class, "validate")).hasNo(FULL_FENCE)}), or the operation's own ({@code X.after(Y)} needs a
     * Y). The operation is searched first: found, the claim fails whatever the anchor. Not found, a missing
     * anchor makes the verdict inconclusive ({@link Inconclusive}, naming the anchor), never a pass: whether the
     * user's VM options took it away is decided by running the test again without them (make/jtreg.sh), not guessed
     * here. An {@code hasNo} with no anchor at all fails as a test error; an operation with no form on the ISA
     * ({@code Form.absent}) makes it inconclusive.
     */
    public static final class CodeAssert {
        private final Compiled code;
        /** Premises stated with given(...), checked the first time an absence needs them. */
        private final List<Premise> premises = new ArrayList<>();
        /** What the chain has shown present so far, each as one line for failure messages. */
        private final List<String> anchors = new ArrayList<>();
        /** Of those, what only the VM's own code showed (a poll): it anchors no absence of the method's own operations. */
        private final List<String> vmAnchors = new ArrayList<>();
        /** The instructions of the main code that are the VM's (anatomy.isa.VmCode), found once. */
        private java.util.Set<Instruction> vmCode;

        CodeAssert(Compiled code) {
            code.run().registers().use();    // the forms read r12 as this run's configuration has it
            this.code = code;
        }

        /**
         * States a premise of the absences that follow: the operation is in the method's code. It is checked when
         * an absence needs it (after the absent operation was searched, so that a negative control that brings the
         * operation in still fails the claim); missing, the absence is inconclusive.
         */
        public CodeAssert given(Operation anchor) {
            premises.add(new Premise(anchor.name(), anchor.isVmCode(), "the " + anchor.part(), () -> {
                List<Instruction> found = find(anchor);
                return found.isEmpty() ? null : anchor.name() + ": " + found.size() + " found, first: " + found.get(0);
            }, () -> anchor.patterns(code.run().isa())));
            return this;
        }

        /** States a premise of the absences that follow: the compile's log holds the event (e.g. a call inlined). */
        public CodeAssert given(LoggedEvent anchor) {
            premises.add(new Premise(anchor.name(), false, "the compile's log", () -> {
                List<LogEvent> found = code.events().stream().filter(anchor::matches).toList();
                return found.isEmpty() ? null : anchor.name() + ": " + found.size() + " in the log, first: " + found.get(0);
            }, anchor::element));
            return this;
        }

        /**
         * States a premise of the whole claim and checks it now, before anything is asserted: the compile's log
         * holds the event (the constructor inlined, without which the object escapes into the call). Missing, the
         * claim cannot be judged: inconclusive, so that a user's option that takes the premise away (-XX:-Inline)
         * is a skip naming it (make/jtreg.sh's rerun), never the claim's failure. A negative control keeps it.
         */
        public CodeAssert assuming(LoggedEvent premise) {
            List<LogEvent> found = code.events().stream().filter(premise::matches).toList();
            if (found.isEmpty()) {
                NMethod n = code.nmethod();
                Failure f = new Failure()
                        .fact("inconclusive claim", "its premise " + premise.name() + " does not hold")
                        .fact("premise missing", premise.element() + " is not in the compile's log");
                where(f);
                throw f.evidence("events of compile id " + n.compileId(), code.events().stream().map(Object::toString).toList())
                        .inconclusive();
            }
            anchors.add(premise.name() + ": " + found.size() + " in the log, first: " + found.get(0));
            return this;
        }

        /** At least one occurrence. */
        public CodeAssert has(Operation op) {
            return has(Count.atLeast(1), op);
        }

        /** As many occurrences as the count says: {@code has(exactly(1), CARD_MARK)}. A count that allows none is an absence. */
        public CodeAssert has(Count count, Operation op) {
            return judged(op.name(), () -> hasNow(count, op));
        }

        private void hasNow(Count count, Operation op) {
            List<Instruction> found = find(op);
            boolean evidence = count.comparison() == Count.Comparison.AT_LEAST && count.test(found.size());
            boolean tooMany = count.comparison() != Count.Comparison.AT_LEAST && !count.test(found.size())
                    && found.size() > count.n();
            if (!evidence && !tooMany) {
                inconclusiveIfUnread(op, count + " x " + op, found);
            }
            if (!count.test(found.size())) {
                throw codeFailure("expected to contain", count + " x " + op, op, found);
            }
            if (found.isEmpty()) {
                anchored(op.name(), op);
            } else {
                (op.isVmCode() ? vmAnchors : anchors).add(op.name() + ": " + found.size() + " found, first: " + found.get(0));
            }
        }

        /**
         * No {@code absent} unless the code has {@code count} x {@code enough}: what a resource the CPU has a number of
         * must use up first, e.g. {@code hasNoUnless(SPILL_TO_STACK, atLeast(16), SPILL_TO_FP_REGISTER)}, the stack only
         * once each of 16 FP registers holds a spill. A count the code cannot reach is a plain {@code hasNo(absent)}.
         */
        public CodeAssert hasNoUnless(Operation absent, Count count, Operation enough) {
            // one assertion, under the absent operation's name (a problem list names it so)
            return judged(absent.name(), () -> {
                List<Instruction> found = find(enough);
                if (!count.test(found.size())) {
                    hasNoNow(absent);
                    return;
                }
                anchors.add(enough.name() + ": " + found.size() + " found (" + count + ": " + absent.name() + " allowed), first: "
                        + found.get(0));
            });
        }

        public CodeAssert hasNo(Operation op) {
            return judged(op.name(), () -> hasNoNow(op));
        }

        private void hasNoNow(Operation op) {
            Isa isa = code.run().isa();
            String absent = op.absentOn(isa);
            if (absent != null) {
                throw new Inconclusive(op.name() + " has no form on " + isa.label() + " (" + absent
                        + "), so its absence from " + code.nmethod().describe() + " proves nothing");
            }
            List<Instruction> found = find(op);
            if (!found.isEmpty()) {
                throw codeFailure("expected not to contain", op.toString(), op, found);
            }
            inconclusiveIfUnread(op, "no " + op, found);
            anchored(op.name(), op);
        }

        /**
         * Runs one assertion. Where a problem list that applies to this run names it (ProblemListed), its failure or
         * inconclusive verdict is reported as not judged and the chain goes on; it anchors nothing then.
         */
        private CodeAssert judged(String name, Runnable assertion) {
            String reason = ProblemListed.reason(assertion(name));
            if (reason == null) {
                assertion.run();
                return this;
            }
            try {
                assertion.run();
            } catch (AssertionError | Inconclusive e) {
                ProblemListed.notJudged(assertion(name), reason, e);
            }
            return this;
        }

        /**
         * The instructions the pack could not read, less the data the VM puts right after an instruction, which the ISA
         * declares ({@code Isa.embedsDataAfter}: AArch64's stop, {@code dcps1 #0xdeae}, then the 8-byte address of its
         * message, printed by the plugin as {@code .inst 0x03975228 ; udf #0x55} on 17): read, no code that runs. The
         * offline decoder marks the same bytes as data when it decodes (OfflineDecoder.markData).
         */
        public static List<Instruction> unread(List<Instruction> code, Isa isa) {
            List<Instruction> unread = new ArrayList<>();
            long dataFrom = -1;
            long dataTo = -1;
            for (int k = 0; k < code.size(); k++) {
                Instruction i = code.get(k);
                if (i.isUnread() && !(i.address() >= dataFrom && i.address() < dataTo)) {
                    unread.add(i);
                }
                if (k + 1 < code.size() && isa.embedsDataAfter(i.text())) {
                    dataFrom = code.get(k + 1).address();
                    dataTo = dataFrom + 8;
                }
            }
            return unread;
        }

        /**
         * Only evidence found stands over code the pack could not read (bytes its decoder left as {@code .byte} /
         * {@code .inst}, a foreign disassembler's lines it has no bytes for): an absence, a count or a miss there is
         * no verdict, so the test is inconclusive naming what was not read, with the excerpt.
         */
        private void inconclusiveIfUnread(Operation op, String expectation, List<Instruction> found) {
            if (!op.needsInstructions(code.run().isa())) {
                return;   // found by the VM's notes, which stay on unread instructions too
            }
            List<Instruction> searched = searched(op);
            List<Instruction> unread = unread(searched, code.run().isa());
            if (unread.isEmpty()) {
                return;
            }
            NMethod n = code.nmethod();
            java.util.Set<String> kinds = new java.util.LinkedHashSet<>();
            unread.forEach(i -> kinds.add(i.mnemonic().equals(Instruction.UNREAD)
                    ? "lines of a disassembler that is not the pack's, without their bytes"
                    : i.isHex() ? "hex" : "bytes the pack's decoder could not decode (" + i.mnemonic() + ")"));
            List<String> excerpt = new java.util.ArrayList<>();   // each unread instruction with two either side
            int shownUpTo = -1;
            for (int k = 0; k < searched.size() && excerpt.size() < 40; k++) {
                if (unread.contains(searched.get(k))) {
                    for (int j = Math.max(k - 2, shownUpTo + 1); j <= Math.min(k + 2, searched.size() - 1) && excerpt.size() < 40; j++) {
                        excerpt.add((unread.contains(searched.get(j)) ? "? " : "  ") + searched.get(j));
                        shownUpTo = j;
                    }
                }
            }
            System.out.println("Inconclusive: " + expectation + " in " + n.describe() + "; " + unread.size()
                    + " of its " + searched.size() + " instructions unread (marked ?):\n  " + String.join("\n  ", excerpt));
            throw new Inconclusive(expectation + " (" + found.size() + " found) cannot be judged in "
                    + n.describe() + ": " + unread.size() + " of " + searched.size() + " instructions unread, "
                    + String.join(", ", kinds) + "; first: " + unread.get(0) + " (" + code.run().disassembly() + ")");
        }

        /**
         * The instructions an operation is searched in: its part of the nmethod, without the VM's own code (the
         * inline-cache check, the entry barrier, the stack bang, the return poll) unless the operation is about it.
         */
        private List<Instruction> searched(Operation op) {
            List<Instruction> part = op.part().of(code.nmethod());
            return op.isVmCode() ? part : part.stream().filter(i -> !vmCode().contains(i)).toList();
        }

        private java.util.Set<Instruction> vmCode() {
            if (vmCode == null) {
                vmCode = anatomy.isa.VmCode.all(code.nmethod(), code.run().isa());
            }
            return vmCode;
        }

        /** Where the operation is searched, for failure messages: the main code, or the method's own code in it. */
        private String searchedIn(Operation op) {
            return op.isVmCode() || op.part() != Operation.Part.MAIN_CODE ? op.part().toString()
                    : op.part() + " without the VM's parts (" + vmCode().size() + " instructions: inline-cache check, entry barrier,"
                            + " stack bang, return poll)";
        }

        /** The compile's log holds the event (in its task, or at run time under its compile id). */
        public CodeAssert has(LoggedEvent event) {
            return has(Count.atLeast(1), event);
        }

        public CodeAssert has(Count count, LoggedEvent event) {
            return judged(event.name(), () -> hasNow(count, event));
        }

        private void hasNow(Count count, LoggedEvent event) {
            List<LogEvent> found = code.events().stream().filter(event::matches).toList();
            if (!count.test(found.size())) {
                throw logFailure("expected the log to contain", count + " x " + event.name(), event, found);
            }
            if (found.isEmpty()) {
                logged(event);
            } else {
                anchors.add(event.name() + ": " + found.size() + " in the log, first: " + found.get(0));
            }
        }

        /**
         * The compile's log does not hold the event. Its own anchor is the compile's task in the log (the log
         * detailed this compile); a premise given before is checked too.
         */
        public CodeAssert hasNo(LoggedEvent event) {
            return judged(event.name(), () -> {
                List<LogEvent> found = code.events().stream().filter(event::matches).toList();
                if (!found.isEmpty()) {
                    throw logFailure("expected the log not to contain", event.name(), event, found);
                }
                logged(event);
            });
        }

        /** An absence of a log event: the compile's task must be in the log, and every premise hold. */
        private void logged(LoggedEvent event) {
            NMethod n = code.nmethod();
            if (code.run().log().task(n.compileId()).isEmpty()) {
                inconclusive(event.name(), "the compile's task (compile id " + n.compileId() + ")",
                        "the log does not detail this compile, so an event's absence from it proves nothing", null);
            }
            checkPremises(event.name(), false);
        }

        /**
         * An absence of an operation (found nowhere): its own anchor must be in the code, the premises given must
         * hold, and there must be an anchor at all.
         */
        private void anchored(String absent, Operation op) {
            Isa isa = code.run().isa();
            String missing = op.missingAnchor(op.part().of(code.nmethod()), isa);
            if (missing != null) {
                inconclusive(absent, missing, "an absence there proves nothing", op);
            }
            if (!op.isAnchored() && anchors.isEmpty() && (!op.isVmCode() || vmAnchors.isEmpty()) && premises.isEmpty()) {
                Failure f = new Failure()
                        .fact("unanchored absence", absent)
                        .fact("but was", "no evidence that the code searched is the code the claim is about")
                        .fact("fix the test", "state a premise first, given(...) (a call inlined, the store made, the branch"
                                + " kept), assert a presence before it, or narrow the operation by an order or scope");
                where(f);
                throw f.error();
            }
            checkPremises(absent, op.isVmCode());
        }

        /**
         * Every premise must hold. A premise the VM's own code meets in every method (the return poll) anchors no
         * absence of the method's own operations: that is a test error, whatever the code.
         */
        private void checkPremises(String absent, boolean absentIsVmCode) {
            for (Premise p : premises) {
                if (p.vmCode && !absentIsVmCode) {
                    Failure f = new Failure()
                            .fact("vacuous premise", p.name)
                            .fact("but was", "code the VM puts into every compiled method, whatever the method does (anatomy.isa.VmCode):"
                                    + " it shows nothing about the code the absence of " + absent + " is claimed in")
                            .fact("fix the test", "state a premise from the method's own code (its field's load at the field's"
                                    + " offset, the call inlined, its own computation)");
                    where(f);
                    throw f.error();
                }
                if (p.shown == null) {
                    p.shown = p.check.get();
                    if (p.shown == null) {
                        inconclusive(absent, p.name + " (given as the premise)", "it is not in " + p.where
                                + ": " + p.described.get(), null);
                    }
                    anchors.add(p.shown);
                }
            }
        }

        /**
         * A verdict that cannot be reached: inconclusive, naming the missing anchor. Whether the user's options took
         * it away is not guessed here: make/jtreg.sh runs an inconclusive test once more without them and the
         * summary decides (docs/running.md).
         */
        private void inconclusive(String absent, String anchor, String why, Operation op) {
            NMethod n = code.nmethod();
            Failure f = new Failure()
                    .fact("inconclusive absence", absent)
                    .fact("anchor missing", anchor)
                    .fact("why it matters", why);
            if (op != null) {
                f.fact("patterns (" + code.run().isa().label() + ")", op.patterns(code.run().isa()));
            }
            anchors.forEach(a -> f.fact("anchored by", a));
            where(f);
            throw f.evidence("code (" + n.describe() + ", main code; 'vm' marks the VM's parts, not searched)", n.mainCode().stream()
                    .filter(i -> !i.mnemonic().equals("hlt")).map(i -> (vmCode().contains(i) ? "vm " : "   ") + i).toList()).inconclusive();
        }

        /**
         * The operation's occurrences in the method's own code. It is matched over all of the part (an order's other
         * end may be the return poll), and an occurrence counted at an instruction of the VM's parts is dropped.
         */
        private List<Instruction> find(Operation op) {
            NMethod n = code.nmethod();
            Isa isa = code.run().isa();
            if (op.needsInstructions(isa) && n.isHexOnly()) {
                // A skip only where the probe found no disassembler (pack.hsdis=false, the platform's tools); where it
                // read code, this code it could not read: no verdict.
                String hsdis = Jit.probeProperty("pack.hsdis");
                String why = op.name() + " needs disassembled instructions and " + code.run().disassembly();
                if (!"false".equals(hsdis)) {
                    throw new Inconclusive("hsdis not usable for " + n.describe() + ": " + why + " (the probe read code: pack.hsdis="
                            + hsdis + ")");
                }
                throw new jtreg.SkippedException("hsdis not usable (pack.hsdis=false): " + why);
            }
            List<Instruction> found = op.find(op.part().of(n), isa);
            if (!op.isVmCode()) {
                found = found.stream().filter(i -> !vmCode().contains(i)).toList();
            }
            String hidden = found.isEmpty() ? op.hiddenIn(n) : null;
            if (hidden != null) {
                throw new Inconclusive("hsdis not usable for " + op.name() + ": " + n.describe() + ": " + hidden
                        + " (" + code.run().disassembly() + ")");
            }
            return found;
        }

        private AssertionError codeFailure(String expectation, String what, Operation op, List<Instruction> found) {
            NMethod n = code.nmethod();
            List<Instruction> searched = searched(op);
            Failure f = new Failure()
                    .fact(expectation, what)
                    .fact("assertion", assertion(op.name()))
                    .fact("patterns (" + code.run().isa().label() + ")", op.patterns(code.run().isa()))
                    .fact("but was", found.size() + " found in " + searched.size() + " instructions of the " + searchedIn(op) + (found.isEmpty() ? "" : ", first: " + found.get(0)));
            List<String> related = found.isEmpty() ? op.related(searched, code.run().isa()) : List.of();
            if (!related.isEmpty()) {
                f.fact("notes of that kind", String.join("\n", related));
            }
            anchors.forEach(a -> f.fact("anchored by", a));
            where(f);
            return f.evidence("code (" + n.describe() + ", " + searchedIn(op) + ")", searched.stream()
                    .filter(i -> !i.mnemonic().equals("hlt")).map(Instruction::toString).toList()).error();
        }

        private AssertionError logFailure(String expectation, String what, LoggedEvent event, List<LogEvent> found) {
            NMethod n = code.nmethod();
            List<LogEvent> events = code.events();
            Failure f = new Failure()
                    .fact(expectation, what)
                    .fact("assertion", assertion(event.name()))
                    .fact("log element", event.element())
                    .fact("but was", found.size() + " found among " + events.size() + " events of compile id " + n.compileId()
                            + (found.isEmpty() ? "" : ", first: " + found.get(0)));
            where(f);
            return f.evidence("events of compile id " + n.compileId(), events.stream().map(LogEvent::toString).toList()).error();
        }

        /**
         * The assertion as a negative control names it ({@link NegativeControl#in}): the vocabulary's own name of what
         * was asserted (the first word of a narrowed or parameterised operation's name: ZERO_STORE of "ZERO_STORE at
         * offset 12 before ..."), then the method's name.
         */
        private String assertion(String name) {
            java.util.regex.Matcher own = java.util.regex.Pattern.compile("^[A-Z][A-Z0-9_]*").matcher(name);
            String method = code.nmethod().method();
            return (own.find() ? own.group() : name) + " in " + method.substring(method.lastIndexOf(':') + 1);
        }

        private void where(Failure f) {
            NMethod n = code.nmethod();
            f.fact("method", n.method() + (n.isOsr() ? " @ " + n.osrBci() : ""))
             .fact("compiler", n.compiler() + (n.level() >= 0 ? ", level " + n.level() : "") + ", compile id " + n.compileId());
            code.run().context(f);
        }
    }

    /** A premise of the absences of one chain, checked once when first needed. */
    private static final class Premise {
        final String name;
        /** A premise only the VM's own code shows (a poll): it anchors no absence of the method's own operations. */
        final boolean vmCode;
        final String where;
        final java.util.function.Supplier<String> check;
        final java.util.function.Supplier<String> described;
        /** What showed it, once checked and present. */
        String shown;

        Premise(String name, boolean vmCode, String where, java.util.function.Supplier<String> check,
                java.util.function.Supplier<String> described) {
            this.name = name;
            this.vmCode = vmCode;
            this.where = where;
            this.check = check;
            this.described = described;
        }
    }

    /** Assertions on whether a method was compiled at a labelled point of the child's run. */
    public static final class StateAssert {
        private final MethodState state;

        StateAssert(MethodState state) {
            this.state = state;
        }

        public StateAssert isCompiled() {
            if (!state.compiled()) {
                throw failure("expected", state.method() + " compiled at '" + state.label() + "'");
            }
            return this;
        }

        public StateAssert isNotCompiled() {
            if (state.compiled()) {
                throw failure("expected", state.method() + " deoptimized (not compiled) at '" + state.label() + "'");
            }
            return this;
        }

        /**
         * The method no longer runs that code: the compile was made not entrant (another compile, the VM's own
         * policy's with eager thresholds, may have replaced it since).
         */
        public StateAssert isNotRunning(Compiled code) {
            if (state.compiled() && state.compileId() == code.nmethod().compileId()) {
                throw failure("expected", state.method() + " no longer running compile id " + code.nmethod().compileId()
                        + " at '" + state.label() + "' (made not entrant)");
            }
            return this;
        }

        /** The method still runs that code, the compile the workload asked for. */
        public StateAssert isRunning(Compiled code) {
            if (!state.compiled() || state.compileId() != code.nmethod().compileId()) {
                throw failure("expected", state.method() + " running compile id " + code.nmethod().compileId()
                        + " at '" + state.label() + "'");
            }
            return this;
        }

        /**
         * The method runs, at the labelled point, the code of the workload's last {@link Jit#compile} at that level
         * (its compile id, read with WhiteBox): the calls made since that compile ran it, not the interpreter, code
         * of another level, or a compile that replaced it. Level 4 is C2's.
         */
        public StateAssert isRunningCompileAt(int level) {
            List<Integer> requested = state.run().requestedCompiles(state.method(), level);
            String expected = state.method() + " running the workload's level-" + level + (level == Jit.C2 ? " (C2)" : "")
                    + " compile" + (requested.isEmpty() ? "" : ", compile id " + requested.get(requested.size() - 1))
                    + ", at '" + state.label() + "'";
            if (requested.isEmpty() || !state.compiled() || state.level() != level
                    || state.compileId() != requested.get(requested.size() - 1)) {
                throw failure("expected", expected);
            }
            return this;
        }

        private AssertionError failure(String key, String expectation) {
            Failure f = new Failure().fact(key, expectation).fact("but was", state.toString()).fact("method", state.method());
            state.run().context(f);
            return f.error();
        }
    }

    /** Assertions on a number the child measured, optionally as the evidence of a {@link Fact}. */
    public static final class MeasureAssert {
        private final Fact fact;
        private final Measure measure;

        MeasureAssert(Fact fact, Measure measure) {
            this.fact = fact;
            this.measure = measure;
        }

        public MeasureAssert isEqualTo(double expected) {
            return check(measure.value() == expected, "exactly " + expected);
        }

        public MeasureAssert isAtMost(double limit) {
            return check(measure.value() <= limit, "at most " + limit);
        }

        public MeasureAssert isAtLeast(double limit) {
            return check(measure.value() >= limit, "at least " + limit);
        }

        /** A fact's assertion a problem list names (ProblemListed) is reported as not judged where it fails. */
        private MeasureAssert check(boolean holds, String bound) {
            if (!holds) {
                String reason = fact == null ? null : ProblemListed.reason(fact.name());
                if (reason == null) {
                    throw failure(bound);
                }
                ProblemListed.notJudged(fact.name(), reason, failure(bound));
            }
            return this;
        }

        private AssertionError failure(String bound) {
            Failure f = fact == null ? new Failure().fact("expected " + measure.key(), bound)
                    : new Failure().fact("expected " + fact.name(), measure.key() + ": " + bound).fact("assertion", fact.name())
                            .fact("fact", fact.description());
            f.fact("but was", measure.value());
            measure.run().context(f);
            return f.error();
        }
    }
}
