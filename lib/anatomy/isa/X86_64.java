package anatomy.isa;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * x86_64 instruction patterns (AT&amp;T syntax, as capstone prints it: {@code cmovnel}, {@code lock cmpxchgq},
 * immediates as {@code $0x108}). HotSpot keeps the current thread in {@code %r15}.
 */
final class X86_64 implements Vocabulary {
    private static final Map<String, Pattern> INSTRUCTIONS = Map.of(
            // cmovCC for integers; C2 selects floats with branches or blends, not with cmov.
            "CMOV", Pattern.compile("^cmov[a-z]+ "),
            // lock cmpxchg{b,w,l,q,8b,16b}: the compare-and-swap of monitors, Unsafe and atomics.
            "CAS", Pattern.compile("^lock cmpxchg"),
            // A register tested against itself, the shape of an explicit null (or zero) check.
            "EXPLICIT_NULL_CHECK", Pattern.compile("^test[lq]? %(\\w+), %\\1$"),
            // mfence, or the locked no-op add on the stack that HotSpot prefers as a StoreLoad fence.
            "FULL_FENCE", Pattern.compile("^(mfence|lock add[lq] \\$(0x)?0, .*\\(%rsp\\))"),
            "INTEGER_DIVISION", Pattern.compile("^i?div[bwlq]? "));

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
    public Pattern memoryAccess() {
        return Pattern.compile("\\(%\\w+");
    }

    @Override
    public Pattern storeToThread() {
        return Pattern.compile("^mov[lq]? %r\\w+, (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\)$");
    }
}
