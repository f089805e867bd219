package anatomy.model;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One machine instruction as printed by the disassembler, with the JVM's annotations for it.
 *
 * <p>{@code text} is the mnemonic and operands with white space folded to single spaces, e.g.
 * {@code lock cmpxchgq %r10, (%r11)} or {@code csel w0, w1, w2, ne}. Without a disassembler the JVM
 * prints raw bytes: such an entry has the mnemonic {@value #HEX} and the bytes as its operands, and still
 * carries its annotations. Annotations are the JVM's comments without the leading {@code ;}, e.g.
 * {@code {poll_return}}, {@code ImmutableOopMap {}}, {@code *invokestatic callee {reexecute=0 ...}},
 * {@code - T::caller@1 (line 9)}, {@code implicit exception: dispatches to 0x...}.
 */
public record Instruction(long address, String mnemonic, String operands, List<String> annotations) {
    public static final String HEX = ".hex";
    /**
     * An instruction line printed by a disassembler that is not the pack's, for code the pack has no bytes of
     * (anatomy.capture.Disassembly): the line's address and the VM's notes are kept, its text is not read.
     */
    public static final String UNREAD = ".unread";
    /** Data the VM keeps among the instructions, loaded by them (an address a call goes through): read, not code. */
    public static final String DATA = ".data";
    /** What the pack's decoder prints for bytes it cannot decode: one byte on x86, one word on AArch64 (lib/hsdis). */
    private static final List<String> UNDECODED = List.of(".byte", ".inst");
    /** Undecoded zeros: fill, not an operation ({@link #isUnread}). */
    private static final Pattern ZERO_FILL = Pattern.compile("0x0+|0|0x00[0-9a-f]{2}");

    public Instruction {
        annotations = List.copyOf(annotations);
    }

    public String text() {
        return operands.isEmpty() ? mnemonic : mnemonic + " " + operands;
    }

    public boolean isHex() {
        return HEX.equals(mnemonic);
    }

    /**
     * True when the pack could not read this instruction: hex the VM printed, bytes the decoder could not decode
     * ({@code .byte}, {@code .inst}: an instruction newer than the decoder), or a foreign disassembler's line
     * without bytes ({@value #UNREAD}). An operation could hide in it, so an absence over such code is no evidence.
     * Zeros the decoder could not decode are read: they are fill, no operation (s390x pads code with its all-zero
     * illegal instruction, HotSpot's illtrap; measured after the last jump of 25.0.5's nmethods). So is a halfword
     * whose first byte is zero: s390x's opcode 0, the illtrap with an id in its second byte, which HotSpot puts after
     * the call of its stop ({@code basr %r14, %r1 ; .inst 0x00ff ; .inst 0x00ff}, 25.0.5 under
     * -XX:DisableIntrinsic=_compareAndSetInt); on riscv64 an undecodable one is a reserved compressed encoding. So is a word the
     * VM itself notes as its post-call nop ({@code {post_call_nop}}, since JDK 19's virtual threads): a marker that
     * carries data in its operand fields, no operation; on ppc64le a compare whose reserved bit is set, which LLVM
     * refuses ({@code .inst 0x28400079}, 25.0.5 and 28-ea+18).
     */
    public boolean isUnread() {
        return isHex() || UNREAD.equals(mnemonic)
                || UNDECODED.contains(mnemonic) && !ZERO_FILL.matcher(operands).matches() && !hasAnnotation(POST_CALL_NOP);
    }

    /** The VM's note on the marker word after a call (relocInfo's post_call_nop). */
    private static final String POST_CALL_NOP = "{post_call_nop}";

    public boolean hasAnnotation(String fragment) {
        for (String a : annotations) {
            if (a.contains(fragment)) {
                return true;
            }
        }
        return false;
    }

    /** The line as a reader expects it: address, text, then the annotations after {@code ;}. */
    public String toString() {
        StringBuilder sb = new StringBuilder(String.format("0x%x: %-40s", address, text()));
        for (String a : annotations) {
            sb.append(" ;").append(a);
        }
        return sb.toString().stripTrailing();
    }
}
