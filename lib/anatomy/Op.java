package anatomy;

import static anatomy.isa.Form.anyOf;
import static anatomy.isa.Form.insn;
import static anatomy.isa.Form.seq;
import static anatomy.isa.Form.step;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.X86_64;

import anatomy.isa.Form;
import anatomy.isa.Isa;
import anatomy.isa.Role;
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
    /**
     * A compare-and-swap with acquire and release, as Java's compareAndSet needs (a volatile read and a volatile
     * write in one): Unsafe's, the atomics', VarHandles', AQS's. On x86_64 lock cmpxchg, a full barrier by
     * itself. On AArch64 the ordering is in the instruction: casal with the LSE atomics; without them the
     * exclusive pair, ldaxr (acquire), the loaded value compared, stlxr (release) to the same address, with no
     * memory access between (the architecture's condition for the pair to succeed); counted at the swap. A
     * relaxed or half-ordered CAS (cas, casa, casl; ldxr, stxr) is not this: a C2 that dropped the ordering from
     * compareAndSet would emit one. Measured (AArch64 17, 25, 28-ea; without LSE 25): casal, or ldaxr ... stlxr,
     * for AtomicLong's and VarHandle's compareAndSet and the AQS and StampedLock state CAS. A lock's entry needs
     * acquire only (MARK_WORD_CAS); a claim that no CAS is left searches for ANY_CAS.
     */
    CAS("compare-and-swap with acquire and release",
            on(X86_64, insn("lock cmpxchg")),
            on(AARCH64, anyOf(insn("casal[bh]? "), Forms.exclusiveCas("ldaxr", "stlxr")))),
    /**
     * A compare-and-swap of any ordering, relaxed ones included (cas, casa, casl, casal; an exclusive pair of any
     * ordering): what an assertion that no CAS is left must search for. A presence claim asserts CAS (or
     * MARK_WORD_CAS), which prove the ordering too.
     */
    ANY_CAS("compare-and-swap of any memory ordering",
            on(X86_64, insn("lock cmpxchg")),
            on(AARCH64, anyOf(insn("cas(a|al|l)?[bh]? "), Forms.exclusiveCas("ld(a)?xr", "st(l)?xr")))),
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
    // The JVM's notes, by role: every name a role has had across releases is declared once, in anatomy.isa.Role.
    /** A safepoint poll in a loop or body ({poll}). */
    SAFEPOINT_POLL("safepoint poll", anyIsa(Role.SAFEPOINT_POLL.form())),
    /** The poll at a method's return ({poll_return}). */
    RETURN_POLL("return poll", anyIsa(Role.RETURN_POLL.form())),
    /** A call into the uncommon-trap blob: the compiled code gives up and deoptimizes here. */
    UNCOMMON_TRAP("uncommon trap", anyIsa(Role.UNCOMMON_TRAP.form())),
    /** C2's out-of-line call that allocates an object or array in the runtime (its names per release: Role). */
    ALLOCATION_SLOW_CALL("allocation slow-path call", anyIsa(Role.ALLOCATION_SLOW_PATH.form())),
    /**
     * The inline TLAB bump: the thread's TLAB top loaded, compared with the TLAB end, stored back to the same
     * offset. The compare tells it from G1's SATB queue update, another read-modify-write of a thread field.
     */
    TLAB_ALLOCATION("TLAB bump-pointer allocation",
            on(X86_64, seq(step("mov[lq]? (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\), %r"),
                    step("cmp[lq]? (0x[0-9a-f]+|\\d+)\\(%r15\\), %r").within(8), step("mov[lq]? %r\\w+, {off}\\(%r15\\)$").within(8))),
            on(AARCH64, seq(step("ldr x\\d+, \\[x28, #(?<off>0x[0-9a-f]+|\\d+)\\]$"),
                    step("cmp x\\d+, x\\d+$").within(8), step("str x\\d+, \\[x28, #{off}\\]$").within(8)))),
    /**
     * Bulk zeroing of new memory, in every form C2's clear_mem takes: rep stos (-XX:-UseXMMForObjInit, or stosb
     * with -XX:+UseFastStosb); a vector register zeroed by xor then stored (SSE movdqu with -XX:UseAVX=0, AVX
     * vmovdqu, AVX-512 vmovdqu8..64 with or without a mask, the vmovq tail); the short loop storing an xor-zeroed
     * general register by index. AArch64: stp xzr pairs, dc zva, or a call of the zero_blocks stub.
     */
    ZEROING("bulk zeroing of memory",
            on(X86_64, anyOf(insn("rep stos"),
                    seq(step("(v?pxor[dq]?|v?xorp[sd]) %[xyz]mm(?<vz>\\d+), %[xyz]mm\\k<vz>(, %[xyz]mm\\k<vz>)?$"),
                            step("v?mov(dq[au](8|16|32|64)?|[au]p[sd]|q) %[xyz]mm{vz}, .*\\(").within(8)),
                    seq(step("xorq %(?<z>r\\w+), %\\k<z>$"), step("movq %{z}, \\(%\\w+, %\\w+, 8\\)$").within(6)))),
            on(AARCH64, insn("(stp xzr, xzr, |dc zva|bl .*zero_blocks)"))),
    // memory (#12): card marks and the G1 filter before them (ZEROING, above, widened for #12 too)
    /**
     * A card mark: an address shifted right by log2 of the card size (128 to 2048 bytes) indexes the card
     * table, and the dirty value (zero) is stored as a byte to exactly that card; counted at the store. Serial
     * and Parallel index the table base with the shifted address in the store itself; G1 and -XX:+UseCondCardMark
     * add them first and store through the sum (G1 out of line, after its filters). Since JDK 26 (JEP 522) G1
     * reads the table's base from the thread, where it swaps tables: on x86_64 an add from a field of r15
     * ({@code addq 0x50(%r15), %r10}), on AArch64 an indexed store with the index first
     * ({@code strb wzr, [x13, x11]}).
     */
    CARD_MARK("card mark (dirty byte stored to the card of an address)",
            on(X86_64, anyOf(
                    seq(Forms.cardShift("shr[lq]? \\$(?<shift>0x[0-9a-f]+|\\d+), %(?<idx>\\w+)$"),
                            step("movb " + Forms.X86_DIRTY + ", \\(%\\w+, %{idx}(, 1)?\\)$").within(3)),
                    seq(Forms.cardShift("shr[lq]? \\$(?<shift>0x[0-9a-f]+|\\d+), %(?<idx>\\w+)$"),
                            step("add[lq]? %{idx}, %(?<card>\\w+)$").within(3),
                            step("movb " + Forms.X86_DIRTY + ", \\(%{card}\\)$").within(Forms.OUT_OF_LINE)),
                    seq(Forms.cardShift("shr[lq]? \\$(?<shift>0x[0-9a-f]+|\\d+), %(?<card>\\w+)$"),
                            step("add[lq]? (%\\w+|" + Forms.X86_THREAD_FIELD + "), %{card}$").within(3),
                            step("movb " + Forms.X86_DIRTY + ", \\(%{card}\\)$").within(Forms.OUT_OF_LINE)))),
            on(AARCH64, anyOf(
                    seq(Forms.cardShift("lsr (?<idx>x\\d+), x\\d+, #(?<shift>0x[0-9a-f]+|\\d+)$"),
                            step("strb wzr, \\[(x\\d+, {idx}|{idx}, x\\d+)(, lsl #0)?\\]$").within(6)),
                    seq(Forms.cardShift("lsr (?<idx>x\\d+), x\\d+, #(?<shift>0x[0-9a-f]+|\\d+)$"),
                            step("add (?<card>x\\d+), x\\d+, {idx}$").within(4),
                            step("strb wzr, \\[{card}\\]$").within(Forms.OUT_OF_LINE)),
                    seq(Forms.cardShift("lsr (?<card>x\\d+), x\\d+, #(?<shift>0x[0-9a-f]+|\\d+)$"),
                            step("add {card}, {card}, x\\d+$").within(4),
                            step("strb wzr, \\[{card}\\]$").within(Forms.OUT_OF_LINE))))),
    /**
     * A card mark that reads the card first and stores only when it is not dirty yet (-XX:+UseCondCardMark;
     * G1 always): the card read and compared with a card value the VM defines, a branch over the store, the
     * dirty store to the same card. The value compared is not matched: it has changed with the barrier's design
     * (JDK 17 to 25: the card compared with dirty, zero, {@code cmpb $0, (%r10) ; je}; since JDK 26, JEP 522,
     * G1 compares with clean, {@code cmpb $0xff, (%r10) ; jne}, and AArch64 tests the clean value's low bit,
     * {@code ldrb w8, [x13, x11] ; tbz w8, #0}). G1 before JDK 26 also compares with its young value (2) first;
     * that compare branches out of line, not over a store, and is not counted.
     */
    CONDITIONAL_CARD_MARK("conditional card mark (card read, dirty byte stored only if not dirty)",
            // The store follows the branch on its fall-through path, no other branch between; C2's scheduler may put
            // a few instructions there (JDK 17 under -XX:+StressLCM, seed 2018: movq ; addq between je and movb).
            on(X86_64, seq(step("cmpb \\$(?<value>-?(0x[0-9a-f]+|\\d+)), \\(%(?<card>\\w+)\\)$"), step("j(e|ne) ").within(4),
                    step("movb " + Forms.X86_DIRTY + ", \\(%{card}\\)$").within(8).withNoneBetween(Forms.X86_CONTROL_TRANSFER))),
            on(AARCH64, anyOf(
                    seq(step("ldrs?b (?<v>w\\d+), \\[(?<card>x\\d+(, x\\d+)?)\\]$"), step("(cbn?z {v}, |tbn?z {v}, #\\d+, )").within(3),
                            step("strb wzr, \\[{card}\\]$").within(8).withNoneBetween(Forms.AARCH64_CONTROL_TRANSFER)),
                    seq(step("ldrs?b (?<v>w\\d+), \\[(?<card>x\\d+(, x\\d+)?)\\]$"), step("cmp {v}, #").within(3),
                            step("b\\.(eq|ne) ").within(4),
                            step("strb wzr, \\[{card}\\]$").within(8).withNoneBetween(Forms.AARCH64_CONTROL_TRANSFER))))),
    /**
     * G1's cross-region filter: the field's and the new value's addresses xor-ed, shifted right by log2 of the
     * region size (1 to 512 MB), and a branch on zero (same region: no card). Counted at the branch.
     */
    // The windows leave room for C2's scheduler: under -XX:+StressLCM (seed 2008, JDK 17) the shift came 3
    // instructions after the xor and the test 3 after the shift. The register ties the steps; a bare je (flags
    // of the shift, JDK 25's form) must follow the shift at once.
    CROSS_REGION_FILTER("G1 cross-region filter (xor of the addresses, shifted by the region size, tested)",
            on(X86_64, anyOf(
                    seq(step("xor[lq]? %\\w+, %(?<x>\\w+)$"),
                            Forms.regionShift("shr[lq]? \\$(?<shift>0x[0-9a-f]+|\\d+), %{x}$").within(8),
                            step("test[lq]? %{x}, %{x}$").within(8)),
                    seq(step("xor[lq]? %\\w+, %(?<x>\\w+)$"),
                            Forms.regionShift("shr[lq]? \\$(?<shift>0x[0-9a-f]+|\\d+), %{x}$").within(8),
                            step("je ").within(1)))),
            on(AARCH64, seq(step("eor (?<x>x\\d+), x\\d+, x\\d+$"),
                    Forms.regionShift("lsr (?<y>x\\d+), {x}, #(?<shift>0x[0-9a-f]+|\\d+)$").within(8),
                    step("cbn?z {y}, ").within(8)))),
    /**
     * A store of zero into an object (not the stack): the zero immediate, HotSpot's zero register (r12 holds
     * the heap base, zero in zero-based and 32-bit compressed-oops modes), a register just xor-ed to zero;
     * wzr/xzr. Also a vector register zeroed and stored through the object's address plus an offset
     * ({@code movq %rax, %r10 ; addq $8, %r10 ; ... vpxord %zmm0, %zmm0, %zmm0 ; vmovq %xmm0, (%r10)}): C2
     * clearing an object's body that starts 8-aligned (compact object headers, on by default since JDK 27,
     * JEP 534) on a CPU with AVX-512. Narrow it to a field with {@link #at}.
     */
    ZERO_STORE("store of zero into an object",
            on(X86_64, anyOf(insn("mov[bwlq] (\\$(0x)?0|%r12[dwb]?), " + Forms.X86_OBJECT_SLOT),
                    seq(step("xor[lq] %(?<z>\\w+), %\\k<z>$"), step("mov[bwlq] %{z}, " + Forms.X86_OBJECT_SLOT).within(4)),
                    seq(step("movq %(?!rsp)r\\w+, %(?<p>r\\w+)$"), step("addq \\$(?<off>0x[0-9a-f]+|\\d+), %{p}$").within(1),
                            Forms.vectorZeroed().within(6), Forms.vectorStoreTo("\\(%{p}\\)$").within(2)),
                    seq(step("leaq (?<off>0x[0-9a-f]+|\\d+)\\(%(?!rsp)r\\w+\\), %(?<p>r\\w+)$"),
                            Forms.vectorZeroed().within(6), Forms.vectorStoreTo("\\(%{p}\\)$").within(2)))),
            on(AARCH64, insn("(str[bh]? [wx]zr|stp ([wx]zr), \\2), " + Forms.AARCH64_OBJECT_SLOT))),
    /**
     * A compressed reference loaded (a 32-bit load) and decoded with a shift of 3: on x86_64 folded into the
     * next access's address, (%r12, %r, 8), r12 holding the heap base (zero in zero-based mode), or (, %r, 8)
     * with no base at all, a zero-based decode C2 has not been seen to choose; the reference in any general
     * register, its 32-bit name in the load (%eax, %esi, %r11d) and its 64-bit one in the address (%rax, %rsi,
     * %r11). On AArch64 an lsl #3 (zero-based) or an add to the heap base in x27 with lsl #3. Counted at the
     * decode.
     */
    NARROW_OOP_DECODE("compressed reference decoded (times 8, plus the heap base)",
            on(X86_64, anyOf(
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %e(?<n>[a-z]{2})$"), step(Forms.x86DecodedIn("%r{n}")).within(2)),
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %r(?<n>\\d+)d$"), step(Forms.x86DecodedIn("%r{n}")).within(2)))),
            on(AARCH64, seq(step("ldr w(?<n>\\d+), \\[x\\d+"),
                    step("(lsl x\\d+, x{n}, #3|add x\\d+, x27, x{n}, (lsl|uxtw) #3)$").within(2)))),
    /** A store of a value held in a register (not the zero register) into an object; narrow it with {@link #at}. */
    FIELD_STORE("store of a register's value into an object",
            on(X86_64, insn("mov[bwlq] %(?!r12)\\w+, " + Forms.X86_OBJECT_SLOT)),
            on(AARCH64, insn("str[bh]? (?![wx]zr)[wx]\\d+, " + Forms.AARCH64_OBJECT_SLOT))),

    // codegen (issue #13): calls, constants and code shape
    /** A call the runtime dispatches on the receiver's class, through an inline cache ({virtual_call}). */
    INLINE_CACHE_CALL("virtual call dispatched through an inline cache", anyIsa(Role.VIRTUAL_CALL.form())),
    /** A direct call to a statically bound Java method ({static_call}). */
    STATIC_CALL("direct call to a static Java method", anyIsa(Role.STATIC_CALL.form())),
    /** An integer multiply: imul; mul, madd or a widening multiply. */
    INTEGER_MULTIPLICATION("integer multiplication",
            on(X86_64, insn("imul[bwlq]? ")),
            on(AARCH64, insn("(mul|madd|msub|[su]mull|[su]maddl) [wx]"))),
    /** A general-purpose register copied into an FP/SIMD register, C2's spill there instead of the stack. */
    SPILL_TO_FP_REGISTER("general-purpose register spilled to an FP/SIMD register",
            on(X86_64, insn("v?mov[dq] %[re]?\\w+, %xmm\\d+$")),
            on(AARCH64, insn("(fmov [sd]\\d+, [wx]\\d+|mov v\\d+\\.[sd]\\[\\d+\\], [wx]\\d+)$"))),
    /**
     * A general-purpose register stored to a stack slot and loaded back from that slot later, counted at the
     * load: C2's spill to the stack. The frame pointer's save in the prologue and its restore are no spill.
     */
    SPILL_TO_STACK("general-purpose register spilled to a stack slot and reloaded",
            on(X86_64, seq(step("mov[lq] %(?![re]bp\\b)\\w+, (?<slot>(0x[0-9a-f]+|\\d+)?)\\(%rsp\\)$"),
                    step("mov[lq] {slot}\\(%rsp\\), %(?![re]bp\\b)\\w+$"))),
            on(AARCH64, seq(step("str (?![wx]zr)[wx]\\d+, \\[sp(?<slot>(, #(0x[0-9a-f]+|\\d+))?)\\]$"),
                    step("ldr [wx]\\d+, \\[sp{slot}\\]$")))),

    // concurrency (issue #14): ordered loads, atomic adds, the monitor's slow path
    /**
     * A load that carries acquire ordering itself: ldar. x86_64 has no such instruction because it needs none:
     * under TSO every load is already ordered like an acquire, so a volatile load there is a plain mov.
     */
    LOAD_ACQUIRE("load with acquire ordering built in",
            on(X86_64, Form.absent("every x86_64 load is ordered like an acquire (TSO); a volatile load is a plain mov")),
            on(AARCH64, insn("ldar[bh]? "))),
    /**
     * An atomic read-modify-write add to memory with acquire and release, as getAndAdd and incrementAndGet
     * need: lock xadd (or a locked add when the old value is unused, not the fence's locked add on the stack),
     * full barriers by themselves; ldaddal with the LSE atomics, else the exclusive pair, ldaxr, the loaded value
     * added to, stlxr of the sum to the same address, with no memory access between (counted at the store).
     * Relaxed or half-ordered forms (ldadd, ldadda, ldaddl; ldxr, stxr) are not this. Measured (AArch64 17, 25,
     * 28-ea; without LSE 25): ldaddal, or ldaxr, add, stlxr, for getAndAdd and incrementAndGet.
     */
    ATOMIC_ADD("atomic add to memory with acquire and release",
            on(X86_64, anyOf(insn("lock xadd[bwlq]? "), insn("lock (add|sub|inc|dec)[bwlq]? (?!.*\\(%rsp\\)).*\\("))),
            on(AARCH64, anyOf(insn("ldaddal[bh]? "),
                    seq(step("ldaxr[bh]? (?<old>[wx]\\d+), \\[(?<addr>x\\d+)\\]$"),
                            step("(add|sub) (?<new>[wx]\\d+), ({old}, \\S+|\\S+, {old})$").withNoneBetween(Forms.AARCH64_MEMORY),
                            step("stlxr[bh]? w\\d+, {new}, \\[{addr}\\]$").withNoneBetween(Forms.AARCH64_MEMORY))))),
    /**
     * A compare-and-swap with acquire on an object's mark word, its header's first word, as a lock's entry by
     * fast locking (stack or lightweight) does: the mark loaded from offset 0 of a register, then, later in the
     * code, a CAS at offset 0 of the same register (counted at the CAS). Entering a lock needs acquire; C2 adds
     * release where the locking mode needs it. On x86_64 lock cmpxchgq (a full barrier). On AArch64 casal (stack
     * locking, JDK 17 and 21) or casa (lightweight locking, JDK 25 to 28-ea); without LSE the exclusive pair
     * ldaxr ... stlxr (stack locking) or ldaxr ... stxr (lightweight), the loaded mark compared, no memory access
     * between. The exit's CAS, with release only (casl; ldxr ... stlxr), and a relaxed one are not this; nor is a
     * CAS on an inflated monitor's owner field, at another offset.
     */
    MARK_WORD_CAS("compare-and-swap with acquire on an object's mark word (a lock's fast-path entry)",
            on(X86_64, seq(step("movq \\(%(?<obj>r\\w+)\\), %r\\w+$"),
                    step("lock cmpxchgq %\\w+, \\(%{obj}\\)$"))),
            on(AARCH64, anyOf(
                    seq(step("ldr x\\d+, \\[(?<obj>x\\d+)\\]$"), step("casa(l)? x\\d+, x\\d+, \\[{obj}\\]$")),
                    Forms.exclusiveCas(step("ldr x\\d+, \\[(?<obj>x\\d+)\\]$"), "ldaxr", "st(l)?xr")))),
    /** C2's out-of-line call that enters a monitor in the runtime, its locking slow path (its names per release: Role). */
    MONITOR_ENTER_SLOW_CALL("monitor-enter slow-path call", anyIsa(Role.MONITOR_ENTER_SLOW_PATH.form()));

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
        /** The dirty card value, zero: an immediate or HotSpot's zero register r12 (its low byte). */
        static final String X86_DIRTY = "(\\$(0x)?0|%r12b)";
        /** An instruction that leaves the straight line: a jump, a call, a return. */
        static final String X86_CONTROL_TRANSFER = "(j[a-z]+|call[q]?|ret[q]?|hlt)\\b";
        static final String AARCH64_CONTROL_TRANSFER = "((b|bl|br|blr|ret|cbz|cbnz|tbz|tbnz)\\b|b\\.)";
        /** A field of the current thread (r15), e.g. {@code 0x50(%r15)}. */
        static final String X86_THREAD_FIELD = "(0x[0-9a-f]+|\\d+)?\\(%r15\\)";
        /** A memory operand based on a register other than the stack pointer; its displacement is group "off". */
        static final String X86_OBJECT_SLOT = "(?<off>-?(0x[0-9a-f]+|\\d+))?\\(%(?!rsp)\\w+\\)$";
        static final String AARCH64_OBJECT_SLOT = "\\[x\\d+(, #(?<off>-?(0x[0-9a-f]+|\\d+)))?\\]$";
        /** A memory operand to load from: displacement, base, maybe index and scale. */
        static final String X86_LOAD_SOURCE = "(-?(0x[0-9a-f]+|\\d+))?\\(%\\w+(, %\\w+, \\d)?\\)";

        /** An instruction whose address scales {@code reg} by 8 and adds the heap base r12, or nothing. */
        static String x86DecodedIn(String reg) {
            return ".*\\((%r12)?, " + reg + ", 8\\)";
        }

        /** Any AArch64 instruction with a memory operand, which must not come between an exclusive pair. */
        static final String AARCH64_MEMORY = ".*\\[";

        /**
         * A compare-and-swap as an exclusive pair, counted at the store: a load-exclusive ({@code load}, a regex
         * of the mnemonic) of an address, the loaded value compared (cmp; a byte or short is xor-ed with the
         * expected value, then masked), and a store-exclusive ({@code store}) to the same address, with no memory
         * access anywhere between. That is the pair's bound, by structure rather than by a count of instructions:
         * Arm has software keep every explicit memory access out of an exclusive pair (Programmer's Guide for
         * ARMv8-A, 6.3.11, "Synchronization primitives"), and a pair succeeds reliably only on one address (Arm
         * ARM, B2.9), so C2 lays its loop out so. The address is captured as {addr}, or, after {@code first},
         * is the register that step captured as {obj}.
         */
        static Form exclusiveCas(String load, String store) {
            return seq(exclusivePair(load, "(?<addr>x\\d+)", store, "{addr}"));
        }

        static Form exclusiveCas(Form.Step first, String load, String store) {
            Form.Step[] pair = exclusivePair(load, "{obj}", store, "{obj}");
            return seq(first, pair[0], pair[1], pair[2]);
        }

        private static Form.Step[] exclusivePair(String load, String address, String store, String sameAddress) {
            return new Form.Step[] {step(load + "[bh]? (?<old>[wx]\\d+), \\[" + address + "\\]$"),
                    step("(cmp|eor [wx]\\d+,) ({old}, \\S+|\\S+, {old})$").withNoneBetween(AARCH64_MEMORY),
                    step(store + "[bh]? w\\d+, [wx]\\d+, \\[" + sameAddress + "\\]$").withNoneBetween(AARCH64_MEMORY)};
        }

        /** A vector register zeroed by xor with itself (SSE, AVX, AVX-512); its number is group "vz". */
        static Form.Step vectorZeroed() {
            return step("(v?pxor[dq]?|v?xorp[sd]) %[xyz]mm(?<vz>\\d+), %[xyz]mm\\k<vz>(, %[xyz]mm\\k<vz>)?$");
        }

        /** A store of the zeroed vector register (whole, or its low 8 or 4 bytes) to that operand. */
        static Form.Step vectorStoreTo(String operand) {
            return step("v?mov(dq[au](8|16|32|64)?|[au]p[sd]|q|d) %[xyz]mm{vz}, " + operand);
        }

        /** How many bytes a store writes, from its mnemonic and its source register; 0 when unknown. */
        static int storeWidth(Isa isa, String text) {
            java.util.regex.Matcher m;
            if (isa == X86_64) {
                if ((m = java.util.regex.Pattern.compile("^v?mov(q|d)? %([xyz])mm").matcher(text)).find() || (m = java.util.regex
                        .Pattern.compile("^v?mov(dq[au](?:8|16|32|64)?|[au]p[sd]) %([xyz])mm").matcher(text)).find()) {
                    return "q".equals(m.group(1)) ? 8 : "d".equals(m.group(1)) ? 4 : switch (m.group(2)) {
                        case "x" -> 16;
                        case "y" -> 32;
                        default -> 64;
                    };
                }
                m = java.util.regex.Pattern.compile("^mov([bwlq]) ").matcher(text);
                return m.find() ? switch (m.group(1)) {
                    case "b" -> 1;
                    case "w" -> 2;
                    case "l" -> 4;
                    default -> 8;
                } : 0;
            }
            m = java.util.regex.Pattern.compile("^(str|stp)([bh]?) ([wxsdq])").matcher(text);
            if (!m.find()) {
                return 0;
            }
            int one = m.group(2).equals("b") ? 1 : m.group(2).equals("h") ? 2 : switch (m.group(3)) {
                case "w", "s" -> 4;
                case "q" -> 16;
                default -> 8;
            };
            return m.group(1).equals("stp") ? 2 * one : one;
        }

        /** How far out of line G1 lays its card store after the card's address is formed. */
        static final int OUT_OF_LINE = 100;

        /** A shift by log2 of a card size HotSpot accepts (GCCardSizeInBytes: 128 to 2048). */
        static Form.Step cardShift(String regex) {
            return step(regex).where("shift", s -> s >= 7 && s <= 11, "between 7 and 11 (cards of 128 to 2048 bytes)");
        }

        /** A shift by log2 of a G1 region size (1 to 512 MB). */
        static Form.Step regionShift(String regex) {
            return step(regex).where("shift", s -> s >= 20 && s <= 29, "between 20 and 29 (regions of 1 to 512 MB)");
        }
    }

    @Override
    public String meaning() {
        return meaning;
    }

    /**
     * The stores that write the byte at {@code offset} from the object's address, e.g. into the field there
     * (read it from the VM: Unsafe.objectFieldOffset): the store's displacement (or the offset added to the
     * address it stores through) and its width cover it. For ZERO_STORE, FIELD_STORE.
     */
    public Operation at(long offset) {
        return new AtOffset(this, offset);
    }

    /** A store's occurrences narrowed to those covering one offset of the object. */
    private record AtOffset(Op base, long offset) implements Operation {
        @Override
        public String name() {
            return base.name() + " at offset " + offset;
        }

        @Override
        public String meaning() {
            return base.meaning() + ", writing offset " + offset;
        }

        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            return base.form(isa).matches(code, isa).stream().filter(m -> covers(m, isa)).map(Form.Match::at).toList();
        }

        private boolean covers(Form.Match m, Isa isa) {
            String off = m.captured().get("off");
            long start = off == null ? 0 : off.startsWith("-") ? -Long.decode(off.substring(1)) : Long.decode(off);
            int width = Forms.storeWidth(isa, m.at().text());
            return start == offset || (start < offset && offset < start + width);
        }

        @Override
        public String patterns(Isa isa) {
            return base.patterns(isa) + "\nat offset " + offset + ": the store's displacement (or the offset added to the"
                    + " register it stores through) and its width cover offset " + offset;
        }

        @Override
        public boolean needsInstructions(Isa isa) {
            return base.needsInstructions(isa);
        }

        @Override
        public String toString() {
            return name() + " (" + meaning() + ")";
        }
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
