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
 * @param mainCodeStart where the method's own code begins, as the header's {@code main code [start,end]} says
 *                      (-1 when the header does not say)
 * @param mainCodeEnd   where it ends: the stub code (exception and deopt handlers, call stubs) follows
 * @param fromHexDump true when the VM printed the code as hex ({@code [MachCode]}), even if it was decoded
 *                    offline since: the hex dump drops notes whose pc is not on a 4-byte step
 */
public record NMethod(String method, String compiler, int level, int compileId, int osrBci, int nullCheckTableBytes,
                      long mainCodeStart, long mainCodeEnd, boolean fromHexDump, List<Section> sections) {
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

    /**
     * Whether a note of the VM may be missing: its hex dump prints notes only on 4-byte steps, so one is lost when
     * some instruction starts off a step (s390x, riscv64 with compressed instructions); ppc64le's fixed 4-byte words
     * lose none.
     */
    public boolean notesMayBeDropped() {
        return fromHexDump && instructions().stream().anyMatch(i -> (i.address() & 3) != 0);
    }

    public List<Instruction> instructions() {
        List<Instruction> all = new ArrayList<>();
        sections.forEach(s -> all.addAll(s.instructions()));
        return all;
    }

    /**
     * The method's own code: its entry and body, with the out-of-line paths C2 lays after the return (its slow
     * paths, uncommon-trap calls, poll and barrier stubs), as the header's {@code main code} range says; without
     * that line, the sections labelled as entry or body ({@link Section#isMainCode}). Not the nmethod's stub code:
     * the exception and deopt handlers, static call stubs and trampolines, which are the VM's, not the method's.
     */
    public List<Instruction> mainCode() {
        if (mainCodeEnd > mainCodeStart && mainCodeStart >= 0) {
            return instructions().stream().filter(this::inMainCode).toList();
        }
        List<Instruction> all = new ArrayList<>();
        sections.stream().filter(Section::isMainCode).forEach(s -> all.addAll(s.instructions()));
        return all;
    }

    /**
     * The code printed before the {@code [Verified Entry Point]} label: the unverified entry of an instance method,
     * where the VM checks the receiver's class against the inline cache before the method's code proper (a load of
     * the receiver's class word, a compare, a branch to the miss handler, padding). Empty when the method has one
     * entry (a static method: the labels share an address) or the labels were not printed.
     */
    public List<Instruction> beforeVerifiedEntry() {
        List<Instruction> before = new ArrayList<>();
        for (Section s : sections) {
            if (s.name().equals(Section.VERIFIED_ENTRY)) {
                return before;
            }
            before.addAll(s.instructions());
        }
        return List.of();
    }

    /** Everything printed outside the main code: the exception and deopt handlers and the stubs. */
    public List<Instruction> stubCode() {
        if (mainCodeEnd > mainCodeStart && mainCodeStart >= 0) {
            return instructions().stream().filter(i -> !inMainCode(i)).toList();
        }
        List<Instruction> all = new ArrayList<>();
        sections.stream().filter(s -> !s.isMainCode()).forEach(s -> all.addAll(s.instructions()));
        return all;
    }

    private boolean inMainCode(Instruction i) {
        return Long.compareUnsigned(i.address(), mainCodeStart) >= 0 && Long.compareUnsigned(i.address(), mainCodeEnd) < 0;
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
