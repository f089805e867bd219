package anatomy.isa;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * AArch64 instruction patterns (as capstone prints them: {@code csel w0, w1, w2, ne}, immediates as
 * {@code #0x108}). HotSpot keeps the current thread in {@code x28}.
 */
final class AArch64 implements Vocabulary {
    private static final Map<String, Pattern> INSTRUCTIONS = Map.of(
            // Conditional select; cset/csinc materialise a flag and are not a select of two values.
            "CMOV", Pattern.compile("^f?csel "),
            // LSE compare-and-swap, or the load-exclusive that opens an LL/SC loop without LSE.
            "CAS", Pattern.compile("^(cas(a|al|l)?[bh]?|ld(a)?xr[bh]?) "),
            // Compare-and-branch on zero: the explicit null check.
            "EXPLICIT_NULL_CHECK", Pattern.compile("^cbn?z "),
            "FULL_FENCE", Pattern.compile("^dmb ish$"),
            "INTEGER_DIVISION", Pattern.compile("^[su]div "),
            // A volatile store is a store-release (stlr), which with ldar needs no separate StoreLoad fence.
            "VOLATILE_STORE_BARRIER", Pattern.compile("^(stlr[bh]? |dmb ish$)"));

    @Override
    public Map<String, Pattern> instructions() {
        return INSTRUCTIONS;
    }

    @Override
    public Pattern addImmediate() {
        return Pattern.compile("^add [wx]\\d+, [wx]\\d+, #(?<imm>-?(0x[0-9a-f]+|\\d+))$");
    }

    @Override
    public Pattern loadFromThread() {
        return Pattern.compile("^ldr x\\d+, \\[x28, #(?<off>0x[0-9a-f]+|\\d+)\\]$");
    }

    @Override
    public Pattern limitCompare() {
        return Pattern.compile("^cmp x\\d+, x\\d+$");
    }

    @Override
    public Pattern zeroingStore() {
        return Pattern.compile("^(stp xzr, xzr, |dc zva|bl .*zero_blocks)");
    }

    @Override
    public Pattern zeroedVectorRegister() {
        return Pattern.compile("(?!)(?<reg>)");
    }

    @Override
    public Pattern vectorStore() {
        return Pattern.compile("(?!)(?<reg>)");
    }

    @Override
    public Pattern cardShift() {
        return Pattern.compile("^lsr x\\d+, x\\d+, #9$");
    }

    @Override
    public Pattern dirtyCardStore() {
        return Pattern.compile("^strb wzr, \\[");
    }

    @Override
    public Pattern memoryAccess() {
        return Pattern.compile("\\[[xw]\\d+|\\[sp");
    }

    @Override
    public Pattern storeToThread() {
        return Pattern.compile("^str x\\d+, \\[x28, #(?<off>0x[0-9a-f]+|\\d+)\\]$");
    }
}
