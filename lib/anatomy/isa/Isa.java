package anatomy.isa;

/** The instruction set architectures the pack asserts on, each with its vocabulary. */
public enum Isa {
    X86_64(new X86_64()),
    AARCH64(new AArch64());

    private final Vocabulary vocabulary;

    Isa(Vocabulary vocabulary) {
        this.vocabulary = vocabulary;
    }

    public Vocabulary vocabulary() {
        return vocabulary;
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
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
