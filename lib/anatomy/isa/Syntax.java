package anatomy.isa;

import java.util.regex.Pattern;

/**
 * The few instruction classes of one ISA that the rest of the library builds on, as the pack's hsdis prints
 * them (mnemonic and operands separated by single spaces; AT&amp;T syntax on x86_64). Each ISA implements every
 * method, so a new class is a compile error until each ISA has it.
 */
interface Syntax {
    /** A call, direct or indirect. */
    Pattern call();

    /** A jump or branch, conditional or not. */
    Pattern jump();

    /** A branch to a printed address, conditional or not; group {@code target} is the address in hex, without {@code 0x}. */
    Pattern branchTo();

    /** The return from the method. */
    Pattern ret();

    /** An instruction with a memory operand (it can fault on a null base). */
    Pattern memoryAccess();
}
