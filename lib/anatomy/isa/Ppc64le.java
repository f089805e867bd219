package anatomy.isa;

import java.util.regex.Pattern;

/**
 * POWER (little-endian, ISA 3.0 and later) as LLVM's disassembler prints it through the pack's backend: registers
 * by name ({@code r3}, {@code cr6}, {@code f1}, {@code vs34}), LLVM's extended mnemonics ({@code mr}, {@code li},
 * {@code clrldi}, {@code blr}; a shift right by n stays {@code rldicl rA, rS, 64-n, n}), and the conditional branches
 * as binutils names them ({@code beq}, {@code bge- cr7, 0x...}, {@code bnectrl}, {@code beqlr}):
 * {@code ld r3, 8(r4)}, {@code stdx r3, r4, r5}, {@code isel r3, r3, r14, 4*cr6+eq}, {@code bl 0x...} (read from
 * C2's code of Debian's 25.0.5 and 28-ea+18 under qemu 10, -cpu power9). HotSpot keeps the current thread in
 * {@code r16} (R16_thread) and the stack pointer in {@code r1}.
 */
final class Ppc64le {
    /** The conditions of the extended conditional branches. */
    private static final String CONDITION = "(lt|le|eq|ge|gt|nl|ne|ng|so|ns|un|nu)";
    /** bl (and bla), or a branch to the count or link register that links, conditional ones too ({@code bnectrl}). */
    private static final Pattern CALL = Pattern.compile("^(bla?|bctrl|blrl|bcctrl|bclrl|b" + CONDITION + "(ctrl|lrl)[+-]?)( |$)");
    /** Any branch but a call or a return: b, the conditional forms, bctr and the conditional ones to ctr. */
    private static final Pattern JUMP = Pattern.compile(
            "^(b|ba|bc|bca|bctr|bcctr|bdn?z[a-z]*[+-]?|b" + CONDITION + "(ctr)?[+-]?)( |$)");
    /** What never falls through: b, ba, bctr and blr. */
    private static final Pattern ALWAYS = Pattern.compile("^(b|ba|bctr|blr)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(b|bc \\d+, \\d+,|bdn?z[a-z]*[+-]?( \\d\\*cr[0-7]\\+[a-z]+,)?|b" + CONDITION + "[+-]?( cr[0-7],)?) 0x(?<target>[0-9a-f]+)$");
    /** blr, or a conditional return ({@code beqlr}). */
    private static final Pattern RET = Pattern.compile("^(blr|b" + CONDITION + "lr[+-]?)$");
    /**
     * A displacement and a base register in parentheses (a prefixed load or store adds {@code , 0}), an indexed
     * (x-form) load or store, the reservation pair, dcbz (it writes a cache block of zeros).
     */
    private static final Pattern MEMORY = Pattern.compile("(, -?\\d+\\(r\\d+\\)(, [01])?$|^(l[bhwd][a-z]*x|st[bhwd][a-z]*x"
            + "|l[bhwdq]arx|st[bhwdq]cx\\.|lf[sd]u?x|stf[sd]u?x|lxv[a-z0-9]*x|stxv[a-z0-9]*x|dcbzl?) )");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, ALWAYS, BRANCH_TO, RET, MEMORY, Syntax.NONE, Syntax.NONE, Syntax.NONE, Syntax.NONE);
}
