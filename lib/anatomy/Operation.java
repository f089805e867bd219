package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.List;

/**
 * Something the JIT may emit, found in an nmethod's code on each ISA: an operation of {@link Op}, one made
 * with a parameter ({@link Op#addImmediate}), or one narrowed to a scope or an order
 * ({@code SAFEPOINT_POLL.inside(Scope.LOOP_BODY)}, {@code ZEROING.before(ALLOCATION_SLOW_CALL)}).
 */
public interface Operation {
    /** UPPER_SNAKE, as failure messages and negative controls name it. */
    String name();

    String meaning();

    /** The instructions of {@code code} at which the operation occurs, in code order, each once. */
    List<Instruction> find(List<Instruction> code, Isa isa);

    /** What is searched for on that ISA, for failure messages. */
    String patterns(Isa isa);

    /** True when only disassembled instructions (not the JVM's notes) can show the operation. */
    boolean needsInstructions(Isa isa);

    /**
     * Why the code may hold the operation although {@link #find} sees none (the VM printed it as hex and its
     * hex dump loses what it is found by), or null when a miss is a real absence.
     */
    default String hiddenIn(NMethod code) {
        return null;
    }

    /**
     * For an operation found by a role's note (a runtime call's), the notes of that kind the code does carry, so
     * that a miss shows what was called instead (a stub a new release renamed); empty otherwise.
     */
    default List<String> related(List<Instruction> code, Isa isa) {
        return List.of();
    }

    /** A part of an nmethod an operation is searched in. */
    enum Part {
        /**
         * The main code ({@link NMethod#mainCode}): entry, body and its out-of-line paths; an operation that is not
         * about the VM's own code ({@link Operation#isVmCode}) counts only what is outside the VM's parts there.
         */
        MAIN_CODE("main code"),
        /** The nmethod's stub code ({@link NMethod#stubCode}): exception and deopt handlers, call stubs. */
        STUB_CODE("stub code");

        private final String label;

        Part(String label) {
            this.label = label;
        }

        public List<Instruction> of(NMethod code) {
            return this == MAIN_CODE ? code.mainCode() : code.stubCode();
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * The part of the nmethod the operation is searched in: the method's own code, unless the operation says it is
     * about the stub code ({@link #inStubCode}).
     */
    default Part part() {
        return Part.MAIN_CODE;
    }

    /**
     * True for an operation about code the VM puts into every method (a poll: {@code anatomy.isa.VmCode}): it is
     * searched in all of the main code, and its presence anchors no absence of the method's own operations. Any
     * other operation is searched in the method's own code only: an occurrence counted in the inline-cache check, the
     * entry barrier, the stack bang or the return poll is not the method's.
     */
    default boolean isVmCode() {
        return false;
    }

    /**
     * Why the operation has no form on that ISA ({@code Form.absent}), or null when it can be found there. Its
     * absence on that ISA proves nothing: an assertion of it is inconclusive, never a pass.
     */
    default String absentOn(Isa isa) {
        return null;
    }

    /**
     * True when the operation carries its own anchor, evidence an absence of it needs ({@code X.after(Y)} needs a
     * Y, {@code X.inside(LOOP_BODY)} a loop); an absence of any other operation needs an anchor the assertion
     * states ({@code given(...)}, or a presence asserted before it). An order on the VM's code ({@code
     * X.after(RETURN_POLL)}) carries none: every compiled method has a return poll, so the absence needs the method's
     * own evidence ({@code has(X).hasNo(X.after(RETURN_POLL))}); a missing poll still makes it inconclusive.
     */
    default boolean isAnchored() {
        return false;
    }

    /** What the operation's own anchor lacks in {@code code} (no Y for {@code after(Y)}, no loop), or null. */
    default String missingAnchor(List<Instruction> code, Isa isa) {
        return null;
    }

    /** The occurrences inside the scope, e.g. {@code SAFEPOINT_POLL.inside(Scope.LOOP_BODY)}; anchored by the scope. */
    default Operation inside(Scope scope) {
        return Narrowed.byScope(this, scope);
    }

    /**
     * The occurrences in the innermost loop around an occurrence of {@code other} (natural loops of the control flow,
     * {@link Loops}; a loop nested in that one counts, as a CAS's retry loop does on ppc64le): the lock whose loop holds
     * the merged add, not the lock of another loop (a pre- or post-loop C2 split off). Anchored by {@code other}.
     */
    default Operation inLoopWith(Operation other) {
        return Narrowed.byOrder(this, "in the innermost loop of " + other.name(), (code, isa, i) -> other.find(code, isa).stream()
                .anyMatch(o -> Loops.of(code, isa).inLoopOf(code.indexOf(i), code.indexOf(o))), other);
    }

    /** The occurrences earlier in the code than some occurrence of {@code other}; anchored by {@code other}. */
    default Operation before(Operation other) {
        return Narrowed.byOrder(this, "before " + other.name(), (code, isa, i) -> other.find(code, isa).stream()
                .anyMatch(o -> o.address() > i.address()), other);
    }

    /** The occurrences later in the code than some occurrence of {@code other}; anchored by {@code other}. */
    default Operation after(Operation other) {
        return Narrowed.byOrder(this, "after " + other.name(), (code, isa, i) -> other.find(code, isa).stream()
                .anyMatch(o -> o.address() < i.address()), other);
    }

    /**
     * The occurrences in the nmethod's stub code (exception and deopt handlers, static call stubs, trampolines)
     * instead of the method's own code: a claim about a stub says so.
     */
    default Operation inStubCode() {
        return Narrowed.inStubCode(this);
    }
}
