package anatomy.isa;

import anatomy.capture.InstructionKinds;
import java.util.Locale;
import java.util.regex.Pattern;

/** The instruction set architectures the pack asserts on, each with its few basic instruction classes. */
public enum Isa implements InstructionKinds {
    X86_64(new X86_64()),
    AARCH64(new AArch64());

    private final Syntax syntax;

    Isa(Syntax syntax) {
        this.syntax = syntax;
    }

    /** The ISA of a VM's {@code os.arch}; fails naming the value for any other. */
    public static Isa ofOsArch(String osArch) {
        return switch (osArch) {
            case "amd64", "x86_64" -> X86_64;
            case "aarch64", "arm64" -> AARCH64;
            default -> throw new IllegalArgumentException("the pack has no vocabulary for os.arch=" + osArch);
        };
    }

    /** The name users see: {@code x86_64}, {@code aarch64}. */
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public boolean isCall(String instruction) {
        return syntax.call().matcher(instruction).find();
    }

    @Override
    public boolean isJump(String instruction) {
        return syntax.jump().matcher(instruction).find();
    }

    @Override
    public boolean accessesMemory(String instruction) {
        return syntax.memoryAccess().matcher(instruction).find();
    }

    /** The address a branch goes to, or -1 when the instruction is no branch to a printed address. */
    public long branchTarget(String instruction) {
        var m = syntax.branchTo().matcher(instruction);
        return m.find() ? Long.parseUnsignedLong(m.group("target"), 16) : -1;
    }

    public boolean isReturn(String instruction) {
        return syntax.ret().matcher(instruction).find();
    }

    Pattern memoryAccess() {
        return syntax.memoryAccess();
    }
}
