package anatomy.isa;

import java.util.regex.Pattern;

/**
 * The few instruction classes of one ISA that the rest of the library builds on, as the pack's hsdis prints
 * them (mnemonic and operands separated by single spaces; AT&amp;T syntax on x86_64). Each ISA's class declares
 * its {@code SYNTAX} with every component, so a new class is a compile error until each ISA has it.
 *
 * @param call         a call, direct or indirect
 * @param jump         a jump or branch, conditional or not
 * @param always       a jump or return that never falls through to the next instruction (the unconditional ones)
 * @param branchTo     a branch to a printed address, conditional or not; group {@code target} is the address in hex,
 *                     without {@code 0x}
 * @param ret          the return from the method
 * @param memoryAccess an instruction with a memory operand (it can fault on a null base)
 * @param dataLoad     the first of a pair that loads a doubleword kept among the instructions (riscv64: auipc ; ld)
 * @param dataAfter    an instruction the VM follows with a doubleword of data (riscv64's stop and its message)
 * @param relocated    in an instruction the VM notes as loading a constant it relocates (a class, a method, its
 *                     profile, an oop: {@code {metadata(...)}}, {@code {oop(...)}}), the constant's immediate, group
 *                     {@code imm} (every match is one); group {@code reg}, where the ISA builds such a constant in parts,
 *                     the register it builds it in
 * @param constantPart an instruction that writes the next part of a constant into a register, unnoted: group
 *                     {@code reg} the register, group {@code imm} the part's immediate
 */
record Syntax(Pattern call, Pattern jump, Pattern always, Pattern branchTo, Pattern ret, Pattern memoryAccess, Pattern dataLoad, Pattern dataAfter,
              Pattern relocated, Pattern constantPart) {
    /**
     * Matches no instruction: the dataLoad and dataAfter of an ISA whose compiled code keeps no data among its
     * instructions; the constantPart of one that loads a relocated constant whole; the relocated form of one whose
     * form is not written (its relocated constants then stay as printed, which can only show a difference).
     */
    static final Pattern NONE = Pattern.compile("(?!)");

}
