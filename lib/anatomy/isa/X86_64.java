package anatomy.isa;

import java.util.regex.Pattern;

/** x86_64 as capstone prints it in AT&amp;T syntax: {@code callq 0x...}, {@code jne 0x...}, {@code movl 0xc(%rsi), %eax}. */
final class X86_64 implements Syntax {
    private static final Pattern CALL = Pattern.compile("^call");
    private static final Pattern JUMP = Pattern.compile("^j[a-z]+ ");
    private static final Pattern BRANCH_TO = Pattern.compile("^j[a-z]+ 0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^ret");
    private static final Pattern MEMORY = Pattern.compile("\\(%\\w+");

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
