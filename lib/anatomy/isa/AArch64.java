package anatomy.isa;

import java.util.regex.Pattern;

/**
 * AArch64 as capstone prints it: {@code bl 0x...}, {@code b.ne 0x...}, {@code cbz x1, 0x...},
 * {@code ldr w0, [x1, #0xc]}. HotSpot keeps the current thread in {@code x28}.
 */
final class AArch64 {
    private static final Pattern CALL = Pattern.compile("^blr? ");
    private static final Pattern JUMP = Pattern.compile("^(b|br|b\\.[a-z]+|cbn?z|tbn?z) ");
    /** What never falls through: b, br and ret. */
    private static final Pattern ALWAYS = Pattern.compile("^(b|br|ret)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(b|b\\.[a-z]+|cbn?z [wx]\\d+,|tbn?z [wx]\\d+, #\\w+,) #?0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^ret");
    private static final Pattern MEMORY = Pattern.compile("\\[([xw]\\d+|sp)");

    /**
     * HotSpot's stop on AArch64: {@code dcps1 #0xdeae}, then the 8-byte address of its message (17.0.21 under qemu:
     * {@code dcps1 #0xdeae ; .inst 0x03975228 ; udf #0x55}, the message at 0x5503975228, after a far jump in C2's
     * lockedRead under ZGC).
     */
    private static final Pattern DATA_AFTER = Pattern.compile("^dcps1 #0xdeae$");

    /**
     * A relocated constant is built in a register in 16-bit parts: the VM notes the first, a {@code mov} (movz), and
     * the {@code movk}s right after it complete the same register, unnoted (MacroAssembler::movptr, 48 bits in three;
     * a compressed class in two, its high half first). JDK 17 under qemu (lib/test/fixtures/aarch64-jdk17.out):
     * {@code mov x0, #0x1ba0 ;{metadata(method data for {method} ...)}}, {@code movk x0, #0x6140, lsl #16},
     * {@code movk x0, #0x55, lsl #32}; {@code mov x1, #0xb118 ;{oop(a 'java/lang/Object'{...})}},
     * {@code movk x1, #0x9ec1, lsl #16}, {@code movk x1, #6, lsl #32}; {@code movz x10, #0, lsl #16
     * ;{metadata({type array int})}}, {@code movk x10, #0x6c28}. The shift belongs to the instruction, not the constant.
     */
    private static final Pattern RELOCATED = Pattern.compile("^movz? (?<reg>[wx]\\d+), #(?<imm>0x[0-9a-f]+|\\d+)(?=$|, lsl #\\d+$)");
    private static final Pattern CONSTANT_PART = Pattern.compile("^movk (?<reg>[wx]\\d+), #(?<imm>0x[0-9a-f]+|\\d+)(?=$|, lsl #\\d+$)");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, ALWAYS, BRANCH_TO, RET, MEMORY, Syntax.NONE, DATA_AFTER, RELOCATED, CONSTANT_PART);
}
