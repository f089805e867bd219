package anatomy;

import static anatomy.isa.Form.anyOf;
import static anatomy.isa.Form.insn;
import static anatomy.isa.Form.note;
import static anatomy.isa.Form.seq;
import static anatomy.isa.Form.step;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.X86_64;

import anatomy.isa.Form;
import anatomy.isa.Isa;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The pack's arch-neutral vocabulary of machine code: each operation is declared once, here, with its form on
 * every ISA beside it (see {@link Form}: sequences, captures such as "the same register", windows). An ISA left
 * out is an error when this class loads, naming the operation and how to fix it. Instruction texts are as the
 * pack's hsdis prints them: AT&amp;T syntax on x86_64 ({@code cmovnel %r11d, %eax}), capstone's on AArch64
 * ({@code csel w0, w1, w2, ne}); HotSpot keeps the current thread in {@code %r15} and {@code x28}.
 */
public enum Op implements Formed {
    /** A conditional move or select; cset/csinc materialise a flag and are no select of two values. */
    CMOV("conditional move or select",
            on(X86_64, insn("cmov[a-z]+ ")),
            on(AARCH64, insn("f?csel "))),
    /** A compare-and-swap: the monitors', Unsafe's and the atomics'. */
    CAS("compare-and-swap",
            on(X86_64, insn("lock cmpxchg")),
            on(AARCH64, insn("(cas(a|al|l)?[bh]?|ld(a)?xr[bh]?) "))),
    /** A full (StoreLoad) fence: mfence, or the locked no-op add on the stack HotSpot prefers; dmb ish. */
    FULL_FENCE("full memory fence",
            on(X86_64, insn(Forms.X86_FENCE)),
            on(AARCH64, insn("dmb ish$"))),
    /** A store that carries release (or stronger) ordering itself: stlr; on x86_64 the locked xchg to memory. */
    RELEASE_STORE("store with release ordering built in",
            on(X86_64, insn("xchg[bwlq]? %\\w+, .*\\(")),
            on(AARCH64, insn("stlr[bh]? "))),
    /**
     * A store ordered as a volatile store is: a release store, or a plain store followed at once by a full
     * fence. x86_64 C2 emits mov + lock add; AArch64 C2 emits stlr (with ldar elsewhere, no fence needed).
     */
    VOLATILE_STORE("store with volatile ordering (release store, or store then full fence)",
            on(X86_64, anyOf(insn("xchg[bwlq]? %\\w+, .*\\("),
                    seq(step("mov[bwlq]? (%\\w+|\\$\\S+), .*\\("), step(Forms.X86_FENCE).within(2)))),
            on(AARCH64, anyOf(insn("stlr[bh]? "), seq(step("str[bh]? \\w+, \\["), step("dmb ish$").within(2))))),
    INTEGER_DIVISION("integer division",
            on(X86_64, insn("i?div[bwlq]? ")),
            on(AARCH64, insn("[su]div "))),
    /**
     * A reference tested against null and then dereferenced: the test (counted here), its branch, and right
     * after it (one instruction may come between) a memory access based on the same register. A test of a number against zero (a divisor)
     * is no null check.
     */
    EXPLICIT_NULL_CHECK("explicit null check (a reference tested, then dereferenced)",
            on(X86_64, anyOf(
                    seq(step("testq %(?<ref>r\\w+), %\\k<ref>$").anchor(), step("j(e|ne) ").within(1),
                            step(".*\\(%{ref}[,)]").within(2)),
                    seq(step("cmpq \\$0, %(?<ref>r\\w+)$").anchor(), step("j(e|ne) ").within(1),
                            step(".*\\(%{ref}[,)]").within(2)))),
            on(AARCH64, seq(step("cbn?z (?<ref>x\\d+), ").anchor(), step("\\S+ .*\\[{ref}[,\\]]").within(2)))),
    /**
     * A memory access whose fault the nmethod maps to a handler, the JVM's note "implicit exception" on it
     * (x86_64 also maps a faulting idiv, a zero check, which is no memory access and not this).
     */
    IMPLICIT_NULL_CHECK("implicit null check (faulting memory access)",
            anyIsa(Form.noteOnMemoryAccess("implicit exception: dispatches to"))) {
        /** The hex dump prints a note only on a 4-byte step; the header still says the table is there. */
        @Override
        public String hiddenIn(NMethod code) {
            return code.fromHexDump() && code.nullCheckTableBytes() > 0
                    ? "it has an implicit exception table, but the VM's hex dump drops its notes off 4-byte steps,"
                            + " so the faulting access cannot be placed" : null;
        }
    },
    /** A safepoint poll in a loop or body ({poll}). */
    SAFEPOINT_POLL("safepoint poll", anyIsa(note("\\{poll}"))),
    /** The poll at a method's return ({poll_return}). */
    RETURN_POLL("return poll", anyIsa(note("\\{poll_return}"))),
    /** A call into the uncommon-trap blob: the compiled code gives up and deoptimizes here. */
    UNCOMMON_TRAP("uncommon trap", anyIsa(note("\\{runtime_call UncommonTrapBlob}"))),
    /** The out-of-line call that allocates an object or array in the runtime (JDK 17 and JDK 21+ names). */
    ALLOCATION_SLOW_CALL("allocation slow-path call", anyIsa(note("\\{runtime_call (_new_instance_Java|_new_array_Java"
            + "|_new_array_nozero_Java|_multianewarray\\d_Java|C2 Runtime (new_instance|new_array|new_array_nozero"
            + "|multianewarray\\d|multianewarrayN))"))),
    /**
     * The inline TLAB bump: the thread's TLAB top loaded, compared with the TLAB end, stored back to the same
     * offset. The compare tells it from G1's SATB queue update, another read-modify-write of a thread field.
     */
    TLAB_ALLOCATION("TLAB bump-pointer allocation",
            on(X86_64, seq(step("mov[lq]? (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\), %r"),
                    step("cmp[lq]? (0x[0-9a-f]+|\\d+)\\(%r15\\), %r").within(8), step("mov[lq]? %r\\w+, {off}\\(%r15\\)$").within(8))),
            on(AARCH64, seq(step("ldr x\\d+, \\[x28, #(?<off>0x[0-9a-f]+|\\d+)\\]$"),
                    step("cmp x\\d+, x\\d+$").within(8), step("str x\\d+, \\[x28, #{off}\\]$").within(8)))),
    /** Bulk zeroing of new memory: rep stos, or vector stores of a zeroed register; stp xzr, dc zva, zero_blocks. */
    ZEROING("bulk zeroing of memory",
            on(X86_64, anyOf(insn("rep stos"), seq(step("v?p?xor(ps|pd)? %(?<reg>[xyz]mm\\d+), %\\k<reg>(, %\\k<reg>)?$"),
                    step("v?movdq[au]\\d* %{reg}, .*\\(")))),
            on(AARCH64, insn("(stp xzr, xzr, |dc zva|bl .*zero_blocks)"))),
    /**
     * G1's card mark: the card of an updated reference's address (shifted right by 9) found in the card table
     * by an add, and the dirty value (zero) stored to exactly that card (counted at the store). Other
     * collectors' card marks get their forms with the test and fixture that show them.
     */
    CARD_MARK("card mark (G1 post-write barrier)",
            on(X86_64, anyOf(
                    seq(step("shr[lq]? \\$9, %(?<idx>\\w+)$"), step("add[lq]? %{idx}, %(?<card>\\w+)$").within(3),
                            step("movb (\\$(0x)?0|%r12b), \\(%{card}\\)$")),
                    seq(step("shr[lq]? \\$9, %(?<card>\\w+)$"), step("add[lq]? %\\w+, %{card}$").within(3),
                            step("movb (\\$(0x)?0|%r12b), \\(%{card}\\)$")))),
            on(AARCH64, seq(step("lsr (?<idx>x\\d+), x\\d+, #9$"), step("add (?<card>x\\d+), x\\d+, {idx}$").within(4),
                    step("strb wzr, \\[{card}\\]$")))),
    // concurrency (issue #14): ordered loads, atomic adds, the monitor's slow path
    /**
     * A load that carries acquire ordering itself: ldar. x86_64 has no such instruction because it needs none:
     * under TSO every load is already ordered like an acquire, so a volatile load there is a plain mov.
     */
    LOAD_ACQUIRE("load with acquire ordering built in",
            on(X86_64, Form.absent("every x86_64 load is ordered like an acquire (TSO); a volatile load is a plain mov")),
            on(AARCH64, insn("ldar[bh]? "))),
    /**
     * An atomic read-modify-write add to memory: lock xadd (or a locked add when the old value is unused, not
     * the fence's locked add on the stack); ldadd with the LSE atomics, else an exclusive-pair loop, the loaded
     * value added to and stored back to the same address (counted at the store).
     */
    ATOMIC_ADD("atomic add to memory",
            on(X86_64, anyOf(insn("lock xadd[bwlq]? "), insn("lock (add|sub|inc|dec)[bwlq]? (?!.*\\(%rsp\\)).*\\("))),
            on(AARCH64, anyOf(insn("ldadd(a|al|l)?[bh]? "),
                    seq(step("ld(a)?xr[bh]? (?<old>[wx]\\d+), \\[(?<addr>x\\d+)\\]$"),
                            step("(add|sub) (?<new>[wx]\\d+), ({old}, \\S+|\\S+, {old})$").within(2),
                            step("st(l)?xr[bh]? w\\d+, {new}, \\[{addr}\\]$").within(2))))),
    /**
     * A compare-and-swap on an object's mark word, its header's first word, as fast locking (stack or
     * lightweight) does: the mark loaded from offset 0 of a register, then a CAS at offset 0 of the same register
     * (counted at the CAS). A CAS on an inflated monitor's owner field is elsewhere and is not this.
     */
    MARK_WORD_CAS("compare-and-swap on an object's mark word (fast locking)",
            on(X86_64, seq(step("movq \\(%(?<obj>r\\w+)\\), %r\\w+$"),
                    step("lock cmpxchgq %\\w+, \\(%{obj}\\)$").within(16))),
            on(AARCH64, seq(step("ldr x\\d+, \\[(?<obj>x\\d+)\\]$"),
                    step("(cas(a|al|l)? x\\d+, x\\d+|ld(a)?xr x\\d+), \\[{obj}\\]$").within(16)))),
    /** The out-of-line call that enters a monitor in the runtime, C2's locking slow path (JDK 17 and JDK 21+ names). */
    MONITOR_ENTER_SLOW_CALL("monitor-enter slow-path call",
            anyIsa(note("\\{runtime_call (_complete_monitor_locking_Java|C2 Runtime complete_monitor_locking)\\}")));

    private final String meaning;
    private final IsaForms forms;

    Op(String meaning, IsaForm... declared) {
        this.meaning = meaning;
        Map<Isa, Form> all = new EnumMap<>(Isa.class);
        for (IsaForm f : declared) {
            for (Isa isa : f.isa() == null ? Isa.values() : new Isa[] {f.isa()}) {
                all.put(isa, f.form());
            }
        }
        this.forms = new IsaForms("Op." + name(), all);
    }

    /** An ISA and the operation's form on it; a null ISA means the same form on all. */
    record IsaForm(Isa isa, Form form) {
    }

    static IsaForm on(Isa isa, Form form) {
        return new IsaForm(isa, form);
    }

    static IsaForm anyIsa(Form form) {
        return new IsaForm(null, form);
    }

    /** Patterns more than one operation shares. */
    private static final class Forms {
        static final String X86_FENCE = "(mfence|lock add[lq] \\$(0x)?0, .*\\(%rsp\\))";
    }

    @Override
    public String meaning() {
        return meaning;
    }

    @Override
    public Form form(Isa isa) {
        return forms.of(isa);
    }

    @Override
    public String toString() {
        return name() + " (" + meaning + ")";
    }

    /** An operation's forms, one for every ISA: one missing is an error saying how to add it. */
    record IsaForms(String declared, Map<Isa, Form> forms) {
        IsaForms {
            for (Isa isa : Isa.values()) {
                if (!forms.containsKey(isa)) {
                    throw new IllegalStateException(declared + " declares no form for " + isa.label() + ": add on("
                            + isa.name() + ", ...) beside its other forms in lib/anatomy/Op.java, or on(" + isa.name()
                            + ", Form.absent(\"why\")) if " + isa.label() + " has no such instruction");
                }
            }
        }

        Form of(Isa isa) {
            return forms.get(isa);
        }
    }

    /** A call to a named runtime stub, e.g. {@code runtimeCall("SafepointBlob")}. */
    public static Operation runtimeCall(String stub) {
        return new Parameterized("RUNTIME_CALL(" + stub + ")", "call to runtime stub " + stub,
                Map.of(X86_64, note("\\{runtime_call " + java.util.regex.Pattern.quote(stub)),
                        AARCH64, note("\\{runtime_call " + java.util.regex.Pattern.quote(stub))));
    }

    /** An add of an immediate that satisfies the predicate, described for failure messages. */
    public static Operation addImmediate(String described, LongPredicate immediate) {
        return new Parameterized("ADD_IMMEDIATE(" + described + ")", "add of an immediate " + described, Map.of(
                X86_64, seq(step("add[bwlq]? \\$(?<imm>-?(0x[0-9a-f]+|\\d+)), ").where("imm", immediate, described)),
                AARCH64, seq(step("add [wx]\\d+, [wx]\\d+, #(?<imm>-?(0x[0-9a-f]+|\\d+))$").where("imm", immediate, described))));
    }

    /** An operation made from a parameter; its forms are checked like the constants' when it is made. */
    private record Parameterized(String name, String meaning, IsaForms forms) implements Formed {
        Parameterized(String name, String meaning, Map<Isa, Form> forms) {
            this(name, meaning, new IsaForms(name, forms));
        }

        @Override
        public Form form(Isa isa) {
            return forms.of(isa);
        }

        @Override
        public String toString() {
            return name + " (" + meaning + ")";
        }
    }
}
