package anatomy.isa;

import java.util.Map;

/**
 * What a run's configuration says about a register the vocabulary reads as a value rather than as any register:
 * x86_64's r12. With compressed references on, HotSpot keeps their heap base in r12 and never allocates it; when
 * that base is zero (the VM's "32-bit" and "Zero based" modes) C2 stores r12 as a zero ({@code movl %r12d,
 * 0xc(%rax)}, {@code movb %r12b, (card)}). Otherwise r12 is no zero: with a non-zero base it holds the base, and with
 * compressed references off ({@code -XX:-UseCompressedOops}, a heap past 32 GB, ZGC) it is allocatable and holds any
 * value. Measured on 17.0.15 under {@code -XX:-UseCompressedOops}, ReferenceStoreIsCardMarked::storeIntoExisting:
 * {@code movq %rdx, %r12 ; ... movq %r12, 0x10(%rbx)}, the reference stored into the field
 * (lib/test/fixtures/x86_64-jdk17-nocoops-r12.out).
 *
 * <p>A form writes {@code {heapZero}} where it means "r12 holding zero"; the run's configuration binds it to
 * {@code r12} or to nothing any instruction names. The assertions use the configuration of the run whose code they
 * read ({@code anatomy.Run#registers}); code read outside a run is read as the recordings were made, zero based.
 */
public record Registers(boolean r12HoldsZero) {
    /** The placeholder a form writes for r12 holding zero. */
    public static final String HEAP_ZERO = "heapZero";
    public static final Registers ZERO_BASED = new Registers(true);
    public static final Registers NO_ZERO_REGISTER = new Registers(false);

    private static final ThreadLocal<Registers> CURRENT = ThreadLocal.withInitial(() -> ZERO_BASED);

    /**
     * From the VM's own words for its compressed references, as gc+init logs them after "Compressed Oops: "
     * ({@code Enabled (Zero based)}, {@code Enabled (32-bit)}, {@code Enabled (Non-zero disjoint base)},
     * {@code Disabled}); null when the run recorded none (a recording from before they were recorded: the default
     * configuration, zero based). Anything else, a mode not logged included, is read as no zero register.
     */
    public static Registers ofCompressedOops(String mode) {
        if (mode == null) {
            return ZERO_BASED;
        }
        return mode.startsWith("Enabled") && (mode.contains("Zero based") || mode.contains("32-bit")) ? ZERO_BASED : NO_ZERO_REGISTER;
    }

    /** The configuration the forms read now on this thread. */
    public static Registers current() {
        return CURRENT.get();
    }

    /** Reads the code that follows on this thread under this configuration. */
    public void use() {
        CURRENT.set(this);
    }

    /** The values of the placeholders this configuration binds, for a form's first step. */
    Map<String, String> bindings() {
        return Map.of(HEAP_ZERO, r12HoldsZero ? "r12" : "(no zero register)");
    }
}
