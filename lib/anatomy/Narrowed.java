package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.List;

/** An operation's occurrences that also satisfy a condition on their place in the code (scope, order). */
final class Narrowed implements Operation {
    interface Where {
        boolean test(List<Instruction> code, Isa isa, Instruction at);
    }

    private final Operation base;
    private final String how;
    private final Where where;
    private final Operation other;
    /** A scope (a loop's body) is found from the branches: it needs disassembled instructions, even for a note. */
    private final boolean scoped;

    Narrowed(Operation base, String how, Where where) {
        this(base, how, where, null, false);
    }

    Narrowed(Operation base, String how, Where where, Operation other) {
        this(base, how, where, other, false);
    }

    Narrowed(Operation base, String how, Where where, Operation other, boolean scoped) {
        this.base = base;
        this.how = how;
        this.where = where;
        this.other = other;
        this.scoped = scoped;
    }

    @Override
    public String name() {
        return base.name() + " " + how;
    }

    @Override
    public String meaning() {
        return base.meaning() + ", " + how;
    }

    @Override
    public List<Instruction> find(List<Instruction> code, Isa isa) {
        return base.find(code, isa).stream().filter(i -> where.test(code, isa, i)).toList();
    }

    @Override
    public String patterns(Isa isa) {
        return base.patterns(isa) + (other == null ? "" : "\n" + how + ": " + other.patterns(isa));
    }

    @Override
    public List<String> related(List<Instruction> code, Isa isa) {
        return base.related(code, isa);
    }

    @Override
    public boolean needsInstructions(Isa isa) {
        return scoped || base.needsInstructions(isa) || (other != null && other.needsInstructions(isa));
    }

    @Override
    public String hiddenIn(NMethod code) {
        return base.hiddenIn(code);
    }

    @Override
    public String toString() {
        return name() + " (" + meaning() + ")";
    }
}
