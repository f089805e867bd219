package anatomy;

import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.List;

/**
 * An operation's occurrences that also satisfy a condition on their place in the code (scope, order), or that
 * are searched in another part of the nmethod (its stub code). A narrowing by order or scope carries its own
 * anchor: {@code X.after(Y)} means nothing where there is no Y, so an absence of it is inconclusive there.
 */
final class Narrowed implements Operation {
    interface Where {
        boolean test(List<Instruction> code, Isa isa, Instruction at);
    }

    /** What must be in the code for an absence of the narrowed operation to mean anything: null when it is. */
    interface Anchor {
        String missing(List<Instruction> code, Isa isa);
    }

    private final Operation base;
    private final String how;
    private final Where where;
    private final Operation other;
    private final Anchor anchor;
    private final Part part;
    /** A scope (a loop's body) is found from the branches: it needs disassembled instructions, even for a note. */
    private final boolean scoped;
    /**
     * Whether the anchor is evidence about the method's own code: an order whose other end is the VM's code (after
     * the return poll) has it in every compiled method, so it anchors no absence by itself.
     */
    private final boolean anchorsAbsence;

    private Narrowed(Operation base, String how, Where where, Operation other, Anchor anchor,
            Part part, boolean scoped) {
        this(base, how, where, other, anchor, part, scoped, other == null || !other.isVmCode());
    }

    private Narrowed(Operation base, String how, Where where, Operation other, Anchor anchor,
            Part part, boolean scoped, boolean anchorsAbsence) {
        this.anchorsAbsence = anchorsAbsence;
        this.base = base;
        this.how = how;
        this.where = where;
        this.other = other;
        this.anchor = anchor;
        this.part = part;
        this.scoped = scoped;
    }

    /**
     * The occurrences before or after some occurrence of {@code other}; anchored by {@code other}, unless it is the VM's
     * code (a poll), which every method has: then its absence needs an anchor of the method's own, as a bare one does.
     * A missing {@code other} still makes the absence inconclusive.
     */
    static Narrowed byOrder(Operation base, String how, Where where, Operation other) {
        return new Narrowed(base, how, where, other, (code, isa) -> {
            if (!other.find(code, isa).isEmpty()) {
                return null;
            }
            String absent = other.absentOn(isa);
            return "no " + other.name() + " in the code" + (absent == null ? "" : " (" + absent + ")")
                    + ", so nothing can be " + how;
        }, base.part(), false);
    }

    /** The occurrences inside a scope; anchored by the scope being in the code at all. */
    static Narrowed byScope(Operation base, Scope scope) {
        return new Narrowed(base, "inside " + scope.describe(), (code, isa, i) -> scope.contains(code, isa, i), null,
                (code, isa) -> scope.existsIn(code, isa) ? null : "no " + scope.describe() + " in the code", base.part(), true);
    }

    /** The occurrences in the nmethod's stub code (handlers, call stubs), not in the method's own code. */
    static Narrowed inStubCode(Operation base) {
        return new Narrowed(base, "in the stub code", (code, isa, i) -> true, null, null, Part.STUB_CODE, false);
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
    public Part part() {
        return part;
    }

    @Override
    public String absentOn(Isa isa) {
        return base.absentOn(isa);
    }

    @Override
    public boolean isVmCode() {
        return base.isVmCode();
    }

    @Override
    public boolean isAnchored() {
        return (anchor != null && anchorsAbsence) || base.isAnchored();
    }

    @Override
    public String missingAnchor(List<Instruction> code, Isa isa) {
        String mine = anchor == null ? null : anchor.missing(code, isa);
        return mine != null ? mine : base.missingAnchor(code, isa);
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

    /** The base's reason, or the other operation's: where that cannot be placed, nothing is known before or after it. */
    @Override
    public String hiddenIn(NMethod code) {
        String mine = base.hiddenIn(code);
        return mine != null || other == null ? mine : other.hiddenIn(code);
    }

    @Override
    public String toString() {
        return name() + " (" + meaning() + ")";
    }
}
