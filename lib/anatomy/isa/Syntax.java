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
 */
record Syntax(Pattern call, Pattern jump, Pattern always, Pattern branchTo, Pattern ret, Pattern memoryAccess, Pattern dataLoad, Pattern dataAfter) {
    /** Matches no instruction: the dataLoad and dataAfter of an ISA whose compiled code keeps no data among its instructions. */
    static final Pattern NONE = Pattern.compile("(?!)");

}
