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
    LOOP_BODY("LOOP_BODY");

    private final String description;

    Scope(String description) {
        this.description = description;
    }

    String describe() {
        return description;
    }

    boolean contains(List<Instruction> code, Isa isa, Instruction at) {
        for (Instruction branch : code) {
            long target = isa.branchTarget(branch.text());
            if (target >= 0 && target <= at.address() && at.address() <= branch.address() && code.stream().noneMatch(
                    i -> i.address() >= target && i.address() <= branch.address() && isa.isReturn(i.text()))) {
                return true;
            }
        }
        return false;
    }
}
