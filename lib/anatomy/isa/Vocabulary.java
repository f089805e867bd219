package anatomy.isa;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One ISA's instruction patterns for the pack's arch-neutral operations. Patterns are matched with
 * {@code find()} against an instruction's text, mnemonic and operands separated by single spaces, as the
 * pack's hsdis prints them (AT&amp;T syntax on x86_64).
 */
public interface Vocabulary {
    /** Operation name to pattern, for every operation this ISA recognises by one instruction. */
    Map<String, Pattern> instructions();

    /** An add of an immediate to a register or memory; group {@code imm} is the immediate as printed. */
    Pattern addImmediate();

    /** A load from the current thread's structure; group {@code off} is the offset as printed. */
    Pattern loadFromThread();

    /** A store to the current thread's structure; group {@code off} is the offset as printed. */
    Pattern storeToThread();

    /** The compare of a bumped pointer with a limit (the TLAB end), between the load and the store back. */
    Pattern limitCompare();

    /** An instruction with a memory operand (it can fault on a null base). */
    Pattern memoryAccess();

    /** An instruction or stub call that clears memory by itself (bulk zeroing). */
    Pattern zeroingStore();

    /** A vector register zeroed by the xor idiom; group {@code reg} names it. Never matches where unused. */
    Pattern zeroedVectorRegister();

    /** A vector store to memory; group {@code reg} names the source register. */
    Pattern vectorStore();

    /** The shift of an address by the card size (2^9 = 512 bytes) that finds its card. */
    Pattern cardShift();

    /** The store of the dirty value (zero) to a card. */
    Pattern dirtyCardStore();
}
