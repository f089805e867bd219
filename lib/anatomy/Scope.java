package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import java.util.List;

/** A part of an nmethod's code that an operation can be asserted to lie in. */
public enum Scope {
    /**
     * The body of a loop: from the target of a backward branch to the branch itself, in code order, with no
     * return between (a slow path placed after the return that jumps back into the method is no loop). The
     * outer loop of a strip-mined counted loop counts, as does every unrolled copy.
     */
    LOOP_BODY("LOOP_BODY"),
    /**
     * The body of a loop that holds no other loop: the strip of a strip-mined counted loop, not the outer loop
     * around it; a loop without strip mining, whose body is innermost too. Found from the control flow (natural
     * loops, {@link Loops}), since C2 may enter an outer loop in the middle of the inner one's code.
     */
    INNERMOST_LOOP("INNERMOST_LOOP");

    private final String description;

    Scope(String description) {
        this.description = description;
    }

    String describe() {
        return description;
    }

    /**
     * The part itself as an operation: for LOOP_BODY each loop's backward branch. A claim that code runs straight
     * (no loop at all) is {@code hasNo(LOOP_BODY.itself())}, anchored like any absence.
     */
    public Operation itself() {
        Scope scope = this;
        return new Operation() {
            @Override
            public String name() {
                return scope == LOOP_BODY ? "LOOP" : scope.describe();
            }

            @Override
            public String meaning() {
                return scope == LOOP_BODY ? "a loop: a backward branch with no return between its target and itself"
                        : "an innermost loop's header: a block that dominates a branch to it, with no other such loop within";
            }

            @Override
            public List<Instruction> find(List<Instruction> code, Isa isa) {
                if (scope == INNERMOST_LOOP) {
                    return Loops.of(code, isa).innermostHeaders().stream().map(code::get).toList();
                }
                return code.stream().filter(branch -> isLoopBranch(code, isa, branch)).toList();
            }

            @Override
            public String patterns(Isa isa) {
                return "a branch to an earlier address of the method with no return between (" + scope.describe() + ")";
            }

            @Override
            public boolean needsInstructions(Isa isa) {
                return true;
            }

            @Override
            public String toString() {
                return name() + " (" + meaning() + ")";
            }
        };
    }

    /** True when the code has such a part at all: a loop (any loop holds an innermost one). */
    boolean existsIn(List<Instruction> code, Isa isa) {
        return this == LOOP_BODY ? code.stream().anyMatch(branch -> isLoopBranch(code, isa, branch)) : Loops.of(code, isa).any();
    }

    boolean contains(List<Instruction> code, Isa isa, Instruction at) {
        if (this == INNERMOST_LOOP) {
            return Loops.of(code, isa).inInnermost(code.indexOf(at));
        }
        return code.stream().anyMatch(branch -> branch.address() >= at.address() && isLoopBranch(code, isa, branch)
                && isa.branchTarget(branch.text()) <= at.address());
    }

    /** A backward branch with no return between its target and itself. */
    private static boolean isLoopBranch(List<Instruction> code, Isa isa, Instruction branch) {
        long target = isa.branchTarget(branch.text());
        return target >= 0 && target <= branch.address() && code.stream().noneMatch(
                i -> i.address() >= target && i.address() <= branch.address() && isa.isReturn(i.text()));
    }
}
