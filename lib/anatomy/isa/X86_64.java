package anatomy.isa;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * x86_64 instruction patterns (AT&amp;T syntax, as capstone prints it: {@code cmovnel}, {@code lock cmpxchgq},
 * immediates as {@code $0x108}). HotSpot keeps the current thread in {@code %r15}.
 */
final class X86_64 implements Vocabulary {
    /** mfence, or the locked no-op add on the stack that HotSpot prefers as a StoreLoad fence. */
    private static final String FENCE = "mfence|lock add[lq] \\$(0x)?0, .*\\(%rsp\\)";

    private static final Map<String, Pattern> INSTRUCTIONS = Map.of(
            // cmovCC for integers; C2 selects floats with branches or blends, not with cmov.
            "CMOV", Pattern.compile("^cmov[a-z]+ "),
            // lock cmpxchg{b,w,l,q,8b,16b}: the compare-and-swap of monitors, Unsafe and atomics.
            "CAS", Pattern.compile("^lock cmpxchg"),
            // A register tested against itself, the shape of an explicit null (or zero) check.
            "EXPLICIT_NULL_CHECK", Pattern.compile("^test[lq]? %(\\w+), %\\1$"),
            "FULL_FENCE", Pattern.compile("^(" + FENCE + ")"),
            "INTEGER_DIVISION", Pattern.compile("^i?div[bwlq]? "),
            // A volatile store is a plain mov followed by a StoreLoad fence (x86 orders everything else).
            "VOLATILE_STORE_BARRIER", Pattern.compile("^(" + FENCE + "|xchg[bwlq]? %\\w+, .*\\()"));

    @Override
    public Map<String, Pattern> instructions() {
        return INSTRUCTIONS;
    }

    @Override
    public Pattern addImmediate() {
        return Pattern.compile("^add[bwlq]? \\$(?<imm>-?(0x[0-9a-f]+|\\d+)), ");
    }

    @Override
    public Pattern loadFromThread() {
        return Pattern.compile("^mov[lq]? (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\), %r");
    }

    @Override
    public Pattern limitCompare() {
        return Pattern.compile("^cmp[lq]? (0x[0-9a-f]+|\\d+)\\(%r15\\), %r");
    }

    @Override
    public Pattern zeroingStore() {
        return Pattern.compile("^rep stos");
    }

    @Override
    public Pattern zeroedVectorRegister() {
        return Pattern.compile("^v?p?xor(ps|pd)? %(?<reg>[xyz]mm\\d+), %\\k<reg>(, %\\k<reg>)?$");
    }

    @Override
    public Pattern vectorStore() {
        return Pattern.compile("^v?movdq[au]\\d* %(?<reg>[xyz]mm\\d+), .*\\(");
    }

    @Override
    public Pattern cardShift() {
        return Pattern.compile("^shr[lq]? \\$9, %");
    }

    @Override
    public Pattern dirtyCardStore() {
        // Dirty is 0: an immediate, or r12, the zero heap base of compressed oops.
        return Pattern.compile("^movb (\\$(0x)?0|%r12b), .*\\(");
    }

    @Override
    public Pattern memoryAccess() {
        return Pattern.compile("\\(%\\w+");
    }

    @Override
    public Pattern storeToThread() {
        return Pattern.compile("^mov[lq]? %r\\w+, (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\)$");
    }
}
