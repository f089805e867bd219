package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.LogEvent;
import anatomy.model.NMethod;
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

    /** Assertions on one nmethod's machine code and on what the log recorded for its compile. */
    public static final class CodeAssert {
        private final Compiled code;

        CodeAssert(Compiled code) {
            this.code = code;
        }

        /** At least one occurrence. */
        public CodeAssert has(Operation op) {
            return has(Count.atLeast(1), op);
        }

        /** As many occurrences as the count says: {@code has(exactly(1), CARD_MARK)}. */
        public CodeAssert has(Count count, Operation op) {
            List<Instruction> found = find(op);
            if (!count.test(found.size())) {
                throw codeFailure("expected to contain", count + " x " + op, op, found);
            }
            return this;
        }

        public CodeAssert hasNo(Operation op) {
            List<Instruction> found = find(op);
            if (!found.isEmpty()) {
                throw codeFailure("expected not to contain", op.toString(), op, found);
            }
            return this;
        }

        /** The compile's log holds the event (in its task, or at run time under its compile id). */
        public CodeAssert has(LoggedEvent event) {
            return has(Count.atLeast(1), event);
        }

        public CodeAssert has(Count count, LoggedEvent event) {
            List<LogEvent> found = code.events().stream().filter(event::matches).toList();
            if (!count.test(found.size())) {
                throw logFailure("expected the log to contain", count + " x " + event.name(), event, found);
            }
            return this;
        }

        public CodeAssert hasNo(LoggedEvent event) {
            List<LogEvent> found = code.events().stream().filter(event::matches).toList();
            if (!found.isEmpty()) {
                throw logFailure("expected the log not to contain", event.name(), event, found);
            }
            return this;
        }

        private List<Instruction> find(Operation op) {
            NMethod n = code.nmethod();
            Isa isa = code.run().isa();
            if (op.needsInstructions(isa) && n.isHexOnly()) {
                throw new jtreg.SkippedException("hsdis not usable: " + op.name() + " needs disassembled instructions and "
                        + code.run().disassembly());
            }
            List<Instruction> found = op.find(n.instructions(), isa);
            String hidden = found.isEmpty() ? op.hiddenIn(n) : null;
            if (hidden != null) {
                throw new jtreg.SkippedException("hsdis not usable for " + op.name() + ": " + n.describe() + ": " + hidden
                        + " (" + code.run().disassembly() + ")");
            }
            return found;
        }

        private AssertionError codeFailure(String expectation, String what, Operation op, List<Instruction> found) {
            NMethod n = code.nmethod();
            Failure f = new Failure()
                    .fact(expectation, what)
                    .fact("patterns (" + code.run().isa().label() + ")", op.patterns(code.run().isa()))
                    .fact("but was", found.size() + " found in " + n.instructions().size() + " instructions"
                            + (found.isEmpty() ? "" : ", first: " + found.get(0)));
            List<String> related = found.isEmpty() ? op.related(n.instructions(), code.run().isa()) : List.of();
            if (!related.isEmpty()) {
                f.fact("notes of that kind", String.join("\n", related));
            }
            where(f);
            return f.evidence("code (" + n.describe() + ")", n.mainCode().stream()
                    .filter(i -> !i.mnemonic().equals("hlt")).map(Instruction::toString).toList()).error();
        }

        private AssertionError logFailure(String expectation, String what, LoggedEvent event, List<LogEvent> found) {
            NMethod n = code.nmethod();
            List<LogEvent> events = code.events();
            Failure f = new Failure()
                    .fact(expectation, what)
                    .fact("log element", event.element())
                    .fact("but was", found.size() + " found among " + events.size() + " events of compile id " + n.compileId()
                            + (found.isEmpty() ? "" : ", first: " + found.get(0)));
            where(f);
            return f.evidence("events of compile id " + n.compileId(), events.stream().map(LogEvent::toString).toList()).error();
        }

        private void where(Failure f) {
            NMethod n = code.nmethod();
            f.fact("method", n.method() + (n.isOsr() ? " @ " + n.osrBci() : ""))
             .fact("compiler", n.compiler() + (n.level() >= 0 ? ", level " + n.level() : "") + ", compile id " + n.compileId());
            code.run().context(f);
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
            if (!(measure.value() == expected)) {
                throw failure("exactly " + expected);
            }
            return this;
        }

        public MeasureAssert isAtMost(double limit) {
            if (!(measure.value() <= limit)) {
                throw failure("at most " + limit);
            }
            return this;
        }

        public MeasureAssert isAtLeast(double limit) {
            if (!(measure.value() >= limit)) {
                throw failure("at least " + limit);
            }
            return this;
        }

        private AssertionError failure(String bound) {
            Failure f = fact == null ? new Failure().fact("expected " + measure.key(), bound)
                    : new Failure().fact("expected " + fact.name(), measure.key() + ": " + bound).fact("fact", fact.description());
            f.fact("but was", measure.value());
            measure.run().context(f);
            return f.error();
        }
    }
}
