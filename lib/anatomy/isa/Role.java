package anatomy.isa;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What an instruction of compiled code is for, as the JVM's note beside it says: a poll, or a call into the
 * runtime for one job (allocate, enter a monitor, deoptimize). The notes read the same on every ISA, but the
 * names in them are HotSpot's and change between releases. Each role declares here, once, every name it has
 * had and the first release the pack measured printing it, so that a test asserts the role ("the allocation
 * slow path"), never one release's name. A release that renames a stub fails the tests asserting its role,
 * and the failure lists the notes of that kind the code did carry: the new name is one more row here.
 *
 * <p>Measured with the pack on x86_64 (AArch64 prints the same notes): JDK 17.0.15, 21.0.2, 25.0.3, 26.0.2,
 * 27.0.1 and 28-ea+18.
 */
public enum Role {
    /** A poll for a safepoint or handshake in a loop or a body: its relocation's own note, the same since JDK 10. */
    SAFEPOINT_POLL("safepoint poll", "poll", List.of(), List.of()),
    /** The poll at a method's return: its relocation's note. */
    RETURN_POLL("return poll", "poll_return", List.of(), List.of()),
    /** A call the runtime dispatches on the receiver's class, through an inline cache: its relocation's note. */
    VIRTUAL_CALL("virtual call through an inline cache", "virtual_call", List.of(), List.of()),
    /** A direct call to a statically bound Java method: its relocation's note. */
    STATIC_CALL("direct call to a static Java method", "static_call", List.of(), List.of()),
    /** A call into the uncommon-trap blob, where compiled code gives up and deoptimizes: one name so far. */
    UNCOMMON_TRAP("uncommon trap", "runtime_call", List.of("UncommonTrapBlob"), Names.AS_IS),
    /** C2's out-of-line call that allocates an instance or an array when the inline TLAB bump cannot. */
    ALLOCATION_SLOW_PATH("C2's allocation slow-path call", "runtime_call", List.of("new_instance", "new_array",
            "new_array_nozero", "multianewarray2", "multianewarray3", "multianewarray4", "multianewarray5",
            "multianewarrayN"), Names.C2_STUB),
    /** C2's out-of-line call that enters a monitor when the inline fast path cannot. */
    MONITOR_ENTER_SLOW_PATH("C2's monitor-enter slow-path call", "runtime_call", List.of("complete_monitor_locking"),
            Names.C2_STUB);

    /** How a stub's name shows in the note from a release on: a format of the stub's own name. */
    public record Naming(int since, String format, String why) {
        String name(String stub) {
            return String.format(format, stub);
        }
    }

    /** The namings, declared once for every role that uses them. */
    private static final class Names {
        static final List<Naming> AS_IS = List.of(new Naming(17, "%s", "the blob's name"));
        /**
         * C2's runtime stubs (OptoRuntime): the stub's own name (new_instance) has stayed, its decoration has
         * not. JDK 17 and 21 measured with the first; 25.0.3 with the second (C2's stubs are declared in one
         * table and named from it since JDK-8339849, JDK 24); 26.0.2 with the third; 27.0.1 and 28-ea+18 with
         * the last, where the owner follows the name as for C1's and the shared runtime's blobs.
         */
        static final List<Naming> C2_STUB = List.of(
                new Naming(17, "_%s_Java", "OptoRuntime's own names"),
                new Naming(25, "C2 Runtime %s", "named from the stub declarations (JDK-8339849, JDK 24)"),
                new Naming(26, "C2 Runtime %s_blob", "the blob suffix"),
                new Naming(27, "%s_blob (C2 runtime)", "the owner after the name"));
    }

    private final String meaning;
    private final String kind;
    private final List<String> stubs;
    private final List<Naming> namings;

    Role(String meaning, String kind, List<String> stubs, List<Naming> namings) {
        this.meaning = meaning;
        this.kind = kind;
        this.stubs = stubs;
        this.namings = namings;
    }

    public String meaning() {
        return meaning;
    }

    /** How the stubs' names have shown, oldest first; empty for a relocation's note ({poll}). */
    public List<Naming> namings() {
        return namings;
    }

    /** Every name the role has had under every naming, e.g. {@code C2 Runtime new_instance}. */
    public List<String> names() {
        return namings.stream().flatMap(n -> stubs.stream().map(n::name)).distinct().toList();
    }

    /** The role's form, the same on every ISA: an instruction carrying a note with any of its names. */
    public Form form() {
        if (stubs.isEmpty()) {
            // a relocation's note, maybe with details after its kind ({virtual_call} has none on 17 to 28)
            return Form.role(Pattern.compile("\\{" + kind + "( [^}]*)?}"), "the JVM's note {" + kind + "}",
                    Pattern.compile(kind.startsWith("poll") ? "\\{poll[a-z_]*}" : "\\{[a-z_]*_call( [^}]*)?}"));
        }
        String alternatives = names().stream().map(Pattern::quote).collect(Collectors.joining("|"));
        String described = namings.stream().allMatch(n -> n.format().equals("%s"))
                ? "the JVM's note {" + kind + " " + String.join("|", stubs) + "} (JDK " + namings.get(0).since() + "+)"
                : "the JVM's note {" + kind + " NAME} for the stub " + String.join(", ", stubs) + "; NAME, by release: "
                        + namings.stream().map(n -> "'" + n.format().replace("%s", "<stub>") + "' (JDK " + n.since() + "+)")
                                .collect(Collectors.joining(", "));
        return Form.role(Pattern.compile("\\{" + kind + " (" + alternatives + ")}"), described,
                Pattern.compile("\\{" + kind + " [^}]*}"));
    }
}
