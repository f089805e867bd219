package anatomy.capture;

/**
 * What the offline decoder must know of an ISA to place the JVM's notes: which instructions are calls, jumps
 * and memory accesses. The ISA layer ({@code anatomy.isa.Isa}) supplies it; capture keeps no mnemonics.
 */
public interface InstructionKinds {
    /** The name hsdis-decode takes for {@code --isa}: {@code x86_64}, {@code aarch64}. */
    String label();

    boolean isCall(String instruction);

    boolean isJump(String instruction);

    boolean accessesMemory(String instruction);

    /**
     * The address of the doubleword that {@code first}, at {@code address}, and the instruction after it,
     * {@code second}, load pc-relatively (data the VM keeps among the instructions), or -1 when they are no such load.
     */
    long dataLoadedBy(String first, long address, String second);

    /** True when the VM puts a doubleword of data right after this instruction (an address its handler reads). */
    boolean embedsDataAfter(String instruction);
}
