package anatomy.isa;

import static anatomy.isa.Form.anyOf;
import static anatomy.isa.Form.insn;
import static anatomy.isa.Form.seq;
import static anatomy.isa.Form.step;

import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The code the VM puts into every nmethod, whatever the method does: the inline-cache check at the unverified
 * entry, the nmethod entry barrier, the stack bang and the return poll with its out-of-line stub. It is no evidence
 * about the method: a field load, a branch or a fence found there would anchor or satisfy any claim. The method's own
 * code, which assertions search, is the main code without these parts ({@code anatomy.Operation}); an operation
 * about them (a poll) says so and is searched in all of the main code.
 *
 * <p>Each part is recognised here once, per ISA where its shape is the ISA's (a form, as in the vocabulary), or
 * by the VM's labels and notes where they mark it on every ISA. An ISA without a form for a part says why.
 */
public enum VmCode {
    /**
     * The unverified entry of an instance method: the receiver's class word loaded and compared with the inline
     * cache's, a branch to the miss handler. Everything printed before the {@code [Verified Entry Point]} label
     * (NMethod#beforeVerifiedEntry); where the labels are missing, everything up to the call or jump the VM notes
     * as its miss handler ({@code {runtime_call ic_miss_stub}}, 17 to 21; {@code Shared Runtime ic_miss_blob}, 25 and
     * later). Measured: x86_64 17 {@code movl 8(%rsi), %r10d ; movabsq ; addq ; cmpq %r10, %rax ; jne}, 25 {@code movl
     * 8(%rsi), %r10d ; cmpl 8(%rax), %r10d ; jne}; AArch64 17 {@code ldr w8, [x1, #8] ; cmp w9, w8 ; b.eq ; b}.
     */
    INLINE_CACHE_CHECK("the inline-cache check at the unverified entry"),
    /**
     * The nmethod entry barrier: a guard the VM patches, compared with the thread's disarmed value, and a call of
     * the barrier's stub when they differ. x86_64 (G1 since JDK 20 for virtual threads; ZGC, Shenandoah): {@code cmpl
     * $0, 0x20(%r15) ; jne} to an out-of-line {@code callq Stub::method_entry_barrier ; jmp back} (25.0.3,
     * 28-ea+18). AArch64: the guard read pc-relative, the thread's value from x28, compared, a branch; where the
     * collector patches the guard concurrently (ZGC, Shenandoah: 17's conc_data_patch) a {@code dmb ishld} orders the
     * guard's load before the method's loads: {@code ldr w8, #guard ; dmb ishld ; ldr w9, [x28, #0x24] ; cmp w8,
     * w9 ; b.eq} and the stub's call inline after it (17.0.21 under ZGC, lib/test/fixtures/aarch64-jdk17-zgc-hex.out),
     * {@code ldr w8, #guard ; ldr w9, [x28, #0x20] ; cmp x8, x9 ; b.ne} (28-ea+18 under G1).
     * The stub's call and the jump back are the barrier's too, wherever C2 lays them.
     */
    ENTRY_BARRIER("the nmethod entry barrier"),
    /**
     * The stack bang: a store far below the stack pointer, so that a stack overflow faults in the prologue, where
     * the VM can throw it. x86_64 {@code movl %eax, -0x14000(%rsp)}; AArch64 {@code sub x9, sp, #0x14, lsl #12 ;
     * str xzr, [x9]} (17 to 28-ea).
     */
    STACK_BANG("the stack bang"),
    /**
     * The return poll ({@code {poll_return}}): the instruction the VM notes, the compare and branch after it, and the
     * stub it branches to, which records the poll's address ({@code {internal_word}}) and jumps to the VM's handler.
     * x86_64 {@code cmpq 0x28(%r15), %rsp ; ja}; AArch64 {@code ldr x8, [x28, #0x28] ; cmp sp, x8 ; b.hi}.
     */
    RETURN_POLL("the return poll");

    private final String meaning;

    VmCode(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }

    /** The VM's notes that mark a part on every ISA: the miss handler, the barrier's stub, the poll and its stub. */
    private static final Pattern IC_MISS = Pattern.compile("\\{runtime_call [^}]*ic_miss");
    private static final Pattern ENTRY_BARRIER_STUB = Pattern.compile("\\{runtime_call [^}]*entry_barrier");
    private static final Pattern POLL_RETURN = Pattern.compile("\\{poll_return}");
    private static final Pattern INTERNAL_WORD = Pattern.compile("\\{internal_word}");

    /** The parts whose shape is the ISA's: a form for each ISA, or why there is none. */
    private static final Map<Isa, Map<VmCode, Form>> FORMS = new EnumMap<>(Isa.class);

    private static void declare(Isa isa, VmCode part, Form form) {
        FORMS.computeIfAbsent(isa, k -> new EnumMap<>(VmCode.class)).put(part, form);
    }

    static {
        declare(Isa.X86_64, ENTRY_BARRIER, seq(step("cmpl \\$(0x)?[0-9a-f]+, (0x[0-9a-f]+|\\d+)\\(%r15\\)$"), step("j(ne|e) ").within(1)));
        declare(Isa.X86_64, STACK_BANG, insn("movl %eax, -(0x[0-9a-f]+|\\d+)\\(%rsp\\)$"));
        // the guard is a literal the VM patches, read pc-relative (capstone prints its address: ldr w8, #0x...)
        declare(Isa.AARCH64, ENTRY_BARRIER, anyOf(
                seq(step("ldr (?<g>w\\d+), #"), step("ldr (?<t>w\\d+), \\[x28, #(0x[0-9a-f]+|\\d+)\\]$").within(3),
                        step("cmp [wx]\\d+, [wx]\\d+$").within(1), step("b\\.(eq|ne) ").within(1))));
        declare(Isa.AARCH64, STACK_BANG, seq(step("sub (?<b>x\\d+), sp, #"), step("str xzr, \\[{b}\\]$").within(1)));
        String byRegister = "not declared as a form: the vocabulary's forms on this ISA leave out the registers its"
                + " parts use (the thread, the stack pointer, the macro assembler's scratch registers)";
        for (Isa isa : List.of(Isa.RISCV64, Isa.PPC64LE, Isa.S390X)) {
            declare(isa, ENTRY_BARRIER, Form.notOn(byRegister));
            declare(isa, STACK_BANG, Form.notOn(byRegister));
        }
        for (Isa isa : Isa.values()) {
            if (!FORMS.containsKey(isa) || !FORMS.get(isa).containsKey(ENTRY_BARRIER) || !FORMS.get(isa).containsKey(STACK_BANG)) {
                throw new IllegalStateException("lib/anatomy/isa/VmCode.java declares no entry barrier or stack bang for "
                        + isa.label() + ": add a form, or Form.notOn(\"why\")");
            }
        }
    }

    /** The form of a part whose shape is the ISA's, or a Form.notOn saying why there is none; null for the others. */
    public static Form formOn(Isa isa, VmCode part) {
        return FORMS.get(isa).get(part);
    }

    /**
     * The instructions of the nmethod's main code that are the VM's, by part, in code order: what an assertion about
     * the method's own code leaves out.
     */
    public static Map<VmCode, Set<Instruction>> in(NMethod n, Isa isa) {
        List<Instruction> main = n.mainCode();
        Map<VmCode, Set<Instruction>> parts = new EnumMap<>(VmCode.class);
        for (VmCode part : values()) {
            parts.put(part, new LinkedHashSet<>());
        }
        inlineCacheCheck(n, main, parts.get(INLINE_CACHE_CHECK));
        for (VmCode part : List.of(ENTRY_BARRIER, STACK_BANG)) {
            Form form = formOn(isa, part);
            if (form.notOnReason() == null) {
                for (List<Instruction> span : form.spans(main, isa)) {
                    parts.get(part).addAll(span);
                    if (part == ENTRY_BARRIER) {
                        skippedOver(main, isa, span.get(span.size() - 1), parts.get(part));
                    }
                }
            }
        }
        barrierStub(main, isa, parts.get(ENTRY_BARRIER));
        returnPoll(main, isa, parts.get(RETURN_POLL));
        return parts;
    }

    /** All of the VM's instructions of the nmethod's main code, whatever their part. */
    public static Set<Instruction> all(NMethod n, Isa isa) {
        Set<Instruction> all = new LinkedHashSet<>();
        in(n, isa).values().forEach(all::addAll);
        return all;
    }

    private static void inlineCacheCheck(NMethod n, List<Instruction> main, Set<Instruction> out) {
        List<Instruction> before = n.beforeVerifiedEntry();
        if (!before.isEmpty()) {
            out.addAll(before);
            return;
        }
        int miss = -1;
        for (int i = 0; i < main.size(); i++) {
            if (noted(main.get(i), IC_MISS)) {
                miss = i;
            }
        }
        for (int i = 0; i <= miss; i++) {
            out.add(main.get(i));
        }
    }

    /**
     * What the barrier's branch skips when it jumps a few instructions ahead: the call of its stub laid inline and
     * the guard word after it (AArch64 17 under ZGC: {@code b.eq L ; mov x8, #stub ; movk ; movk ; blr x8 ; b L ;
     * udf #guard ; L:}), up to the branch's target.
     */
    private static void skippedOver(List<Instruction> main, Isa isa, Instruction branch, Set<Instruction> out) {
        long target = isa.branchTarget(branch.text());
        int from = main.indexOf(branch);
        for (int k = from + 1; target > branch.address() && k < Math.min(from + 9, main.size()); k++) {
            if (main.get(k).address() == target) {
                out.addAll(main.subList(from + 1, k));
                return;
            }
        }
    }

    /** The call of the barrier's stub and the jump back after it (C2 lays them out of line since JDK 20). */
    private static void barrierStub(List<Instruction> main, Isa isa, Set<Instruction> out) {
        for (int i = 0; i < main.size(); i++) {
            if (noted(main.get(i), ENTRY_BARRIER_STUB)) {
                out.add(main.get(i));
                if (i + 1 < main.size() && isa.isJump(main.get(i + 1).text())) {
                    out.add(main.get(i + 1));
                }
            }
        }
    }

    /**
     * The noted instruction, then up to two more to the first jump (the compare and the branch to the stub; none
     * where the poll is a page read or a trap), and the stub that branch goes to: from its first instruction, which
     * the VM notes {@code {internal_word}} (the poll's address), to the jump or call to the handler.
     */
    private static void returnPoll(List<Instruction> main, Isa isa, Set<Instruction> out) {
        for (int i = 0; i < main.size(); i++) {
            if (!noted(main.get(i), POLL_RETURN)) {
                continue;
            }
            out.add(main.get(i));
            for (int j = i + 1; j < Math.min(i + 3, main.size()) && !isa.isReturn(main.get(j).text()); j++) {
                String text = main.get(j).text();
                if (isa.isJump(text)) {
                    out.add(main.get(j));
                    stub(main, isa, isa.branchTarget(text), out);
                    break;
                }
                if (j == i + 2) {
                    break;
                }
                out.add(main.get(j));
            }
        }
    }

    private static void stub(List<Instruction> main, Isa isa, long target, Set<Instruction> out) {
        for (int k = 0; k < main.size(); k++) {
            if (main.get(k).address() == target && noted(main.get(k), INTERNAL_WORD)) {
                for (int m = k; m < Math.min(k + 4, main.size()); m++) {
                    out.add(main.get(m));
                    if (isa.isJump(main.get(m).text()) || isa.isCall(main.get(m).text())) {
                        return;
                    }
                }
                return;
            }
        }
    }

    private static boolean noted(Instruction i, Pattern note) {
        return i.annotations().stream().anyMatch(a -> note.matcher(a).find());
    }
}
