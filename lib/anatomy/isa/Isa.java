package anatomy.isa;

import anatomy.capture.InstructionKinds;
import anatomy.capture.Platforms;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The instruction set architectures the pack asserts on, each with its few basic instruction classes. Their names,
 * qemu CPUs and decoders are rows of the platform table ({@link Platforms}, {@code make/platforms}); a constant
 * here is the row's name in upper case, and a row without one is an ISA whose vocabulary is not written yet.
 */
public enum Isa implements InstructionKinds {
    X86_64(anatomy.isa.X86_64.SYNTAX),
    AARCH64(AArch64.SYNTAX),
    RISCV64(RiscV64.SYNTAX),
    PPC64LE(Ppc64le.SYNTAX),
    S390X(S390x.SYNTAX);

    private final Syntax syntax;

    Isa(Syntax syntax) {
        this.syntax = syntax;
    }

    /**
     * The ISA of a VM's {@code os.arch} (any name of its row in the platform table); fails naming the value for an
     * ISA the table does not know, or one it knows that has no constant here yet.
     */
    public static Isa ofOsArch(String osArch) {
        Platforms.Row row = Platforms.byName(osArch).orElseThrow(() -> new IllegalArgumentException(
                "the pack has no vocabulary for os.arch=" + osArch + ": no row of " + Platforms.file() + " names it"));
        for (Isa isa : values()) {
            if (isa.label().equals(row.isa())) {
                return isa;
            }
        }
        throw new IllegalArgumentException("the pack has no vocabulary for os.arch=" + osArch + ": " + Platforms.file()
                + " knows it as " + row.isa() + ", but lib/anatomy/isa/Isa.java has no " + row.isa().toUpperCase(Locale.ROOT)
                + " yet (docs/library.md, \"Bringing up an ISA\")");
    }

    /** This ISA's row of the platform table. */
    public Platforms.Row platform() {
        Platforms.Row row = Platforms.rows().get(label());
        if (row == null) {
            throw new IllegalStateException(Platforms.file() + " has no row for " + label() + ", which lib/anatomy/isa/Isa.java declares");
        }
        return row;
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

    @Override
    public long dataLoadedBy(String first, long address, String second) {
        var m = syntax.dataLoad().matcher(first + "\n" + second);
        return m.find() ? address + (Long.parseLong(m.group("hi")) << 12) + Long.parseLong(m.group("lo")) : -1;
    }

    @Override
    public boolean embedsDataAfter(String instruction) {
        return syntax.dataAfter().matcher(instruction).find();
    }

    /** The address a branch goes to, or -1 when the instruction is no branch to a printed address. */
    public long branchTarget(String instruction) {
        var m = syntax.branchTo().matcher(instruction);
        return m.find() ? Long.parseUnsignedLong(m.group("target"), 16) : -1;
    }

    /** Whether control never goes on to the next instruction: an unconditional jump or a return. */
    public boolean neverFallsThrough(String instruction) {
        return syntax.always().matcher(instruction).find();
    }

    public boolean isReturn(String instruction) {
        return syntax.ret().matcher(instruction).find();
    }

    /**
     * The instructions that load a constant the VM relocates (a class, a method, its profile, an oop: an address in
     * metaspace or the heap, which moves from run to run), from the one it notes ({@code {metadata(...)}},
     * {@code {oop(...)}}) at {@code code.get(noted)}: that one, then, on an ISA that builds such a constant in parts
     * (AArch64's {@code movk}s), each instruction right after it that writes the next part into the same register, at
     * most three (a 64-bit register has four 16-bit parts); the first that is not such a part ends them. Each is given
     * as its text with the constant's immediate written as {@code with}, the rest as printed (mnemonic, registers, a
     * shift). A noted instruction of no form this ISA declares is given alone, as printed.
     */
    public List<String> relocatedConstant(List<String> code, int noted, String with) {
        List<String> out = new ArrayList<>(List.of(withImmediates(syntax.relocated(), code.get(noted), with)));
        Matcher first = syntax.relocated().matcher(code.get(noted));
        if (syntax.constantPart() == Syntax.NONE || !first.find()) {
            return out;
        }
        String register = first.group("reg");
        for (int i = noted + 1; i < code.size() && out.size() < 4; i++) {
            Matcher part = syntax.constantPart().matcher(code.get(i));
            if (!part.find() || !part.group("reg").equals(register)) {
                break;
            }
            out.add(withImmediates(syntax.constantPart(), code.get(i), with));
        }
        return out;
    }

    /** The text with group {@code imm} of each match of the form written as {@code with}. */
    private static String withImmediates(Pattern form, String text, String with) {
        Matcher m = form.matcher(text);
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (m.find()) {
            out.append(text, from, m.start("imm")).append(with);
            from = m.end("imm");
        }
        return out.append(text.substring(from)).toString();
    }

    Pattern memoryAccess() {
        return syntax.memoryAccess();
    }
}
