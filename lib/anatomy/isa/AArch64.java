package anatomy.isa;

import java.util.regex.Pattern;

/**
 * AArch64 as capstone prints it: {@code bl 0x...}, {@code b.ne 0x...}, {@code cbz x1, 0x...},
 * {@code ldr w0, [x1, #0xc]}. HotSpot keeps the current thread in {@code x28}.
 */
final class AArch64 {
    private static final Pattern CALL = Pattern.compile("^blr? ");
    private static final Pattern JUMP = Pattern.compile("^(b|br|b\\.[a-z]+|cbn?z|tbn?z) ");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(b|b\\.[a-z]+|cbn?z [wx]\\d+,|tbn?z [wx]\\d+, #\\w+,) #?0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^ret");
    private static final Pattern MEMORY = Pattern.compile("\\[([xw]\\d+|sp)");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, BRANCH_TO, RET, MEMORY, Syntax.NONE, Syntax.NONE);
}
