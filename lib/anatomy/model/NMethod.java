package anatomy.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One compiled method as printed by {@code -XX:+PrintAssembly}: who compiled it, at which tier, under which
 * compile id, for which method (and OSR bci), and its code in sections.
 *
 * @param method   the holder's name and the method's, as the JVM prints it: {@code pkg.Outer$Inner::name}
 * @param compiler {@code c1}, {@code c2} or {@code jvmci}
 * @param level    the tier (1..4), or -1 when the VM does not print one (no tiered compilation)
 * @param osrBci   the entry bci of an on-stack-replacement compile, or -1
 * @param nullCheckTableBytes the size of the implicit-exception table the header reports (0 when absent)
 * @param fromHexDump true when the VM printed the code as hex ({@code [MachCode]}), even if it was decoded
 *                    offline since: the hex dump drops notes whose pc is not on a 4-byte step
 */
public record NMethod(String method, String compiler, int level, int compileId, int osrBci, int nullCheckTableBytes,
                      boolean fromHexDump, List<Section> sections) {
    public NMethod {
        sections = List.copyOf(sections);
    }

    public boolean isOsr() {
        return osrBci >= 0;
    }

    /** Just the method's simple name, the part after {@code ::}. */
    public String methodName() {
        return method.substring(method.indexOf("::") + 2);
    }

    public List<Instruction> instructions() {
        List<Instruction> all = new ArrayList<>();
        sections.forEach(s -> all.addAll(s.instructions()));
        return all;
    }

    /** The instructions of the entry and body, without exception/deopt handlers and stubs. */
    public List<Instruction> mainCode() {
        List<Instruction> all = new ArrayList<>();
        sections.stream().filter(Section::isMainCode).forEach(s -> all.addAll(s.instructions()));
        return all;
    }

    /** True when the JVM printed raw bytes only (no disassembler was used). */
    public boolean isHexOnly() {
        List<Instruction> all = instructions();
        return !all.isEmpty() && all.stream().allMatch(Instruction::isHex);
    }

    /** A one-line description: {@code T::sel (c2, level 4, compile id 11)}. */
    public String describe() {
        return method + (isOsr() ? " @ " + osrBci : "") + " (" + compiler
                + (level >= 0 ? ", level " + level : "") + ", compile id " + compileId + (isOsr() ? ", OSR" : "") + ")";
    }

    @Override
    public String toString() {
        return describe();
    }
}
