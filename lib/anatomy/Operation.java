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

    /** The occurrences inside the scope, e.g. {@code SAFEPOINT_POLL.inside(Scope.LOOP_BODY)}. */
    default Operation inside(Scope scope) {
        return new Narrowed(this, "inside " + scope.describe(), (code, isa, i) -> scope.contains(code, isa, i), null, true);
    }

    /** The occurrences earlier in the code than some occurrence of {@code other}. */
    default Operation before(Operation other) {
        return new Narrowed(this, "before " + other.name(), (code, isa, i) -> other.find(code, isa).stream()
                .anyMatch(o -> o.address() > i.address()), other);
    }

    /** The occurrences later in the code than some occurrence of {@code other}. */
    default Operation after(Operation other) {
        return new Narrowed(this, "after " + other.name(), (code, isa, i) -> other.find(code, isa).stream()
                .anyMatch(o -> o.address() < i.address()), other);
    }
}
