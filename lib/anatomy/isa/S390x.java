package anatomy.isa;

import java.util.regex.Pattern;

/**
 * IBM Z (z/Architecture) as LLVM's disassembler prints it: {@code %r} registers, the extended branch mnemonics
 * ({@code je}, {@code jne}, {@code j}, {@code br %r14}): {@code lg %r1, 8(%r2)}, {@code stg %r14, 8(%r15)},
 * {@code brasl %r14, 0x...}. HotSpot keeps the current thread in {@code %r8}, the stack pointer in {@code %r15}
 * and the return address in {@code %r14}.
 */
final class S390x {
    private static final Pattern CALL = Pattern.compile("^(brasl?|basr|balr|bas|bal) %r14, ");
    /**
     * A relative jump (j, jg, the conditional j&lt;cond&gt; and jg&lt;cond&gt;, brc, brcl), a branch to a register
     * (b&lt;cond&gt;r, br, bcr) that is not the return, and the compare-and-branch forms (cgrj, cij, clgij, ...). A
     * branch on mask 0 ({@code bcr 0, %r0}, LLVM's text for nopr) never branches: it is HotSpot's padding before a
     * call, and not a jump.
     */
    private static final Pattern JUMP = Pattern.compile(
            "^(?!bcr? 0, )(j|jg|j[a-z]{1,3}|jg[a-z]{1,3}|brcl?|brctg?|bcr?|b[a-z]{0,3}r|c[lg]*[ri]?[ij][a-z]{0,3}|c[lg]*r[bj][a-z]{0,3}) (?!%r14$)");
    /** What never falls through: j, jg, br and the branches on mask 15 (always), the return br %r14 among them. */
    private static final Pattern ALWAYS = Pattern.compile("^(j|jg|br|bcr 15,|brc 15,|brcl 15,)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(j|jg|j[a-z]{1,3}|jg[a-z]{1,3}|brcl? \\d+,|c[lg]*[ri]?j[a-z]{0,3} %r\\d+, [^,]+,) 0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^br %r14$");
    /** A displacement and a base register (maybe an index) in parentheses: D(X,B) or D(B). */
    private static final Pattern MEMORY = Pattern.compile("-?\\d*\\(%r\\d+(,%r\\d+)?\\)");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, ALWAYS, BRANCH_TO, RET, MEMORY, Syntax.NONE, Syntax.NONE, Syntax.NONE, Syntax.NONE);
}
