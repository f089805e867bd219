package anatomy.isa;

import java.util.regex.Pattern;

/**
 * POWER (little-endian, ISA 3.0 and later) as LLVM's disassembler prints it: registers as bare numbers, the
 * extended mnemonics ({@code mr}, {@code li}, {@code beq}, {@code blr}): {@code ld 3, 8(4)}, {@code stdx 3, 4, 5},
 * {@code isel 3, 3, 14, 26}, {@code bl 0x...}. HotSpot keeps the current thread in {@code 16} (R16) and the stack
 * pointer in {@code 1}.
 */
final class Ppc64le implements Syntax {
    /** bl (and bla), or a branch to the count or link register that links. */
    private static final Pattern CALL = Pattern.compile("^(bla?|bctrl|blrl|bcctrl|bclrl) ?");
    /** Any branch but a call or the return: b, the conditional forms, bctr. */
    private static final Pattern JUMP = Pattern.compile(
            "^(b|ba|bc|bca|bctr|bcctr|bdn?z[a-z+-]*|b(lt|le|eq|ge|gt|nl|ne|ng|so|ns|un|nu)[+-]?)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(b|bc [0-9]+, [0-9]+,|bdn?z[a-z]*|b(lt|le|eq|ge|gt|nl|ne|ng|so|ns|un|nu)[+-]?( [0-9]+,)?) 0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^blr$");
    /** A displacement and a base register in parentheses, or an indexed (x-form) load or store. */
    private static final Pattern MEMORY = Pattern.compile(
            "(, -?\\d+\\(\\d+\\)$|^(l[bhwd][a-z]*x|st[bhwd][a-z]*x|l[bhwd]arx|st[bhwd]cx\\.|lfdx|lfsx|stfdx|stfsx|lxv[a-z]*x?|stxv[a-z]*x?) )");

    @Override
    public Pattern call() {
        return CALL;
    }

    @Override
    public Pattern jump() {
        return JUMP;
    }

    @Override
    public Pattern branchTo() {
        return BRANCH_TO;
    }

    @Override
    public Pattern ret() {
        return RET;
    }

    @Override
    public Pattern memoryAccess() {
        return MEMORY;
    }
}
