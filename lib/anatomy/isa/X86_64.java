package anatomy.isa;

import java.util.regex.Pattern;

/** x86_64 as capstone prints it in AT&amp;T syntax: {@code callq 0x...}, {@code jne 0x...}, {@code movl 0xc(%rsi), %eax}. */
final class X86_64 {
    private static final Pattern CALL = Pattern.compile("^call");
    private static final Pattern JUMP = Pattern.compile("^j[a-z]+ ");
    /** What never falls through: jmp (direct or through a register or memory) and ret. */
    private static final Pattern ALWAYS = Pattern.compile("^(jmp[a-z]*|ret[a-z]*)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile("^j[a-z]+ 0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^ret");
    private static final Pattern MEMORY = Pattern.compile("\\(%\\w+");

    /**
     * A relocated constant is one immediate, whole: {@code movabsq $0x..., %rdx ;{metadata('T$Point')}}; below 4 GB
     * too (a class in metaspace at 0x49045400 in one run of AllocationIsScalarReplaced, 0x9a045400 in the next).
     */
    private static final Pattern RELOCATED = Pattern.compile("\\$(?<imm>0x[0-9a-fA-F]+)");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, ALWAYS, BRANCH_TO, RET, MEMORY, Syntax.NONE, Syntax.NONE, RELOCATED, Syntax.NONE);
}
