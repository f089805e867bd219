package anatomy;

import static anatomy.isa.Form.anyOf;
import static anatomy.isa.Form.insn;
import static anatomy.isa.Form.seq;
import static anatomy.isa.Form.step;
import static anatomy.isa.Isa.AARCH64;
import static anatomy.isa.Isa.PPC64LE;
import static anatomy.isa.Isa.RISCV64;
import static anatomy.isa.Isa.S390X;
import static anatomy.isa.Isa.X86_64;

import anatomy.isa.Form;
import anatomy.isa.Isa;
import anatomy.isa.Role;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pack's arch-neutral vocabulary of machine code: each operation is declared once, here, with its form on
 * every ISA beside it (see {@link Form}: sequences, captures such as "the same register", windows). An ISA left
 * out is an error when this class loads, naming the operation and how to fix it; an ISA where the pack does not
 * assert the operation says so with its reason ({@code notOn}), and any assertion over it there is skipped with that
 * reason. Instruction texts are as the pack's hsdis prints them: AT&amp;T syntax on x86_64
 * ({@code cmovnel %r11d, %eax}), capstone's on AArch64 ({@code csel w0, w1, w2, ne}), LLVM's on riscv64, ppc64le and
 * s390x ({@code divw a0, a1, a2}, {@code isel 3, 3, 14, 26}, {@code dsgfr %r4, %r3}); HotSpot keeps the current
 * thread in {@code %r15}, {@code x28}, {@code s7}, {@code 16} and {@code %r8}.
 */
public enum Op implements Formed {
    /**
     * A conditional move or select; cset/csinc materialise a flag and are no select of two values. On s390x a
     * load-on-condition (z196; lochi/locghi and selgr from later facilities): C2's CMove of two registers is locgr
     * (s390.ad z_enc_cmov_reg; b ? x : y is {@code lgr %r2, %r4 ; locgrne %r2, %r3}, Math.min is locrhe, measured on
     * 25.0.5 and 28-ea+18), but its CMove of an immediate, as in b ? 1 : 2, is a branch over one lghi
     * (z_enc_cmov_imm: {@code lghi %r2, 2 ; ltr %r12, %r12 ; je +8 ; lghi %r2, 1}, the same on both). That shape is
     * C2's select, the port's encoding of it, and is counted as one, at its branch (CONDITIONAL_BRANCH leaves that
     * branch out): a C2 that turned a biased branch into a CMove is then found, where before the shape made the
     * claim a skip. An if of C2's own puts each value in a block of its own and branches further (biased b ? 1 : 2:
     * {@code ltr %r2, %r2 ; je <out of line>}). The
     * VM's own flag materialisations load on condition from its scratch registers r0 and r1 (z_enc_cctobool, the
     * float compares), which C2 never allocates: they are no select.
     * RISC-V has one only with Zicond, which C2 uses under -XX:+UseZicond (a diagnostic flag, off by default in 25 and 28-ea; without
     * it C2's CMove is a branch over one mv, HotSpot's riscv.ad enc_cmove, and pack.cmov is false): each value zeroed
     * on the opposite outcome of one condition register, czero.nez and czero.eqz, and the two combined, counted there.
     * Measured (b ? 1 : 2): 25.0.5 {@code xor t0, a1, t2 ; czero.nez a0, a0, t0 ; czero.eqz t0, t3, t0 ; or a0, a0, t0};
     * 28-ea+18 the same with {@code add a0, a0, t0} (one of the two is zero: or and add agree; not pinned to a bug).
     */
    CMOV("conditional move or select",
            on(X86_64, insn("cmov[a-z]+ ")),
            on(AARCH64, insn("f?csel ")),
            on(RISCV64, anyOf(Forms.riscvZeroedPair("nez", "eqz"), Forms.riscvZeroedPair("eqz", "nez"))),
            on(PPC64LE, insn("isel(lt|gt|eq)? ")),
            on(S390X, anyOf(insn("(loc(g|fh)?r|sel(g|fh)?r)[a-z]{1,3} %r\\d+, (%r(?![01]\\b)\\d+(, )?){1,2}$"),
                    insn("loc(g|h)?hi[a-z]{1,3} %r\\d+, -?\\d+$"), Forms.S390X_IMMEDIATE_CMOVE))),
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
            on(AARCH64, anyOf(insn("casal[bh]? "), Forms.exclusiveCas("ldaxr", "stlxr"))),
            on(RISCV64, anyOf(insn("amocas\\.[wdq]\\.aqrl "), Forms.riscvReservedCas("\\.aq(rl)?", "\\.(aq)?rl"))),
            on(PPC64LE, Ppc.reservedCas(true)),
            on(S390X, insn(Forms.S390X_CAS))),
    /**
     * A compare-and-swap of any ordering, relaxed ones included (cas, casa, casl, casal; an exclusive pair of any
     * ordering): what an assertion that no CAS is left must search for. A presence claim asserts CAS (or
     * MARK_WORD_CAS), which prove the ordering too.
     */
    ANY_CAS("compare-and-swap of any memory ordering",
            on(X86_64, insn("lock cmpxchg")),
            on(AARCH64, anyOf(insn("cas(a|al|l)?[bh]? "), Forms.exclusiveCas("ld(a)?xr", "st(l)?xr"))),
            on(RISCV64, anyOf(insn("amocas\\.[wdq](\\.aq|\\.rl|\\.aqrl)? "), Forms.riscvReservedCas("(\\.aq|\\.rl|\\.aqrl)?", "(\\.aq|\\.rl|\\.aqrl)?"))),
            on(PPC64LE, Ppc.reservedCas(false)),
            on(S390X, insn(Forms.S390X_CAS))),
    /** A full (StoreLoad) fence: mfence, or the locked no-op add on the stack HotSpot prefers; dmb ish. */
    FULL_FENCE("full memory fence",
            on(X86_64, insn(Forms.X86_FENCE)),
            on(AARCH64, insn("dmb ish$")),
            on(RISCV64, insn(Forms.RISCV64_FULL_FENCE)),
            on(PPC64LE, insn("(hw)?sync$")),
            on(S390X, insn(Forms.S390X_FENCE))),
    /**
     * A load-load fence on its own, as Unsafe.loadFence and VarHandle.acquireFence ask for (StampedLock.validate):
     * dmb ishld on AArch64, which orders earlier loads before later loads and stores, no full fence. x86_64 emits
     * none: every load there is ordered after earlier loads already, so the fence only keeps C2 from moving loads
     * across it; nor does s390x, for the same reason.
     * riscv64 emits fence r, rw (measured for StampedLock.validate, 25.0.5 and 28-ea+18), the same
     * instruction that ends each volatile load there (riscv.ad's load_fence and membar_acquire both order LoadLoad and
     * LoadStore): a claim of a standalone fence on riscv64 must count beyond the volatile loads.
     * POWER's is lwsync (C2's MemBarAcquire), the same instruction that orders a release and a
     * StoreStore, so there a presence of it says less than dmb ishld does.
     */
    LOAD_FENCE("load-load fence",
            on(X86_64, Form.absent("x86-TSO orders loads; the fence is compiler-only")),
            on(AARCH64, insn("dmb ishld$")),
            on(RISCV64, insn("fence r, rw$")),
            on(PPC64LE, insn("lwsync$")),
            on(S390X, Form.absent("z/Architecture keeps every load in order after earlier loads (only a load may pass an earlier"
                    + " store): C2's acquire barrier emits nothing (s390.ad membar_acquire), as on x86_64"))),
    /** A store that carries release (or stronger) ordering itself: stlr; on x86_64 the locked xchg to memory. */
    RELEASE_STORE("store with release ordering built in",
            on(X86_64, insn("xchg[bwlq]? %\\w+, .*\\(")),
            on(AARCH64, insn("stlr[bh]? ")),
            on(RISCV64, Form.absent("RVWMO in RVA23 has no store-release instruction (Zalasr is not in the profile and HotSpot"
                    + " does not use it): C2's releasing store is fence rw, w then a plain store (riscv.ad membar_release)")),
            on(PPC64LE, Form.absent("POWER has no store with release built in: a release store is lwsync, then a plain store")),
            on(S390X, Form.absent("z/Architecture keeps stores in order after earlier loads and stores (only a later"
                    + " load may pass a store): a release store is a plain st, and HotSpot emits none"))),
    /**
     * A store ordered as a volatile store is: a release store, or a plain store followed at once by a full
     * fence. x86_64 C2 emits mov + lock add; AArch64 C2 emits stlr (with ldar elsewhere, no fence needed).
     */
    VOLATILE_STORE("store with volatile ordering (release store, or store then full fence)",
            // the fence at once or one instruction on, and no memory access between: a load there could pass the store
            on(X86_64, anyOf(insn("xchg[bwlq]? %\\w+, .*\\("),
                    seq(step("mov[bwlq]? (%\\w+|\\$\\S+), .*\\("), step(Forms.X86_FENCE).within(2).withNoneBetween(Forms.X86_MEMORY)))),
            on(AARCH64, anyOf(insn("stlr[bh]? "), seq(step("str[bh]? \\w+, \\["), step("dmb ish$").within(2).withNoneBetween(Forms.AARCH64_MEMORY)))),
            on(RISCV64, seq(step("fence (i?o?)?rw, (i?o?)?w$"), step("s[bhwd] [a-z][a-z0-9]*, -?\\d+\\([a-z][a-z0-9]*\\)$").within(8),
                    step(Forms.RISCV64_FULL_FENCE).within(2).withNoneBetween(Forms.RISCV64_MEMORY))),
            notOn(PPC64LE, "a volatile store is lwsync then the store; the StoreLoad sync comes before volatile loads instead"
                    + " (support_IRIW_for_not_multiple_copy_atomic_cpu, HotSpot's globalDefinitions_ppc.hpp)"),
            on(S390X, seq(step(Forms.S390X_STORE + "-?\\d*\\(%r"), step(Forms.S390X_FENCE).within(2).withNoneBetween(Forms.S390X_MEMORY)))),
    INTEGER_DIVISION("integer division",
            on(X86_64, insn("i?div[bwlq]? ")),
            on(AARCH64, insn("[su]div ")),
            on(RISCV64, insn("divu?w? ")),
            on(PPC64LE, insn("div[wd]u?\\.? ")),
            on(S390X, insn("(d|dl|dsg|dlg)f?g?r "))),
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
            on(AARCH64, seq(step("cbn?z (?<ref>x\\d+), ").anchor(), step("\\S+ .*\\[{ref}[,\\]]").within(2))),
            on(RISCV64, seq(step("(beqz|bnez) (?<ref>[a-z][a-z0-9]*), ").anchor(), step("\\S+ .*\\({ref}\\)$").within(2))),
            on(PPC64LE, seq(step("cmpl?di (cr[0-7], )?(?<ref>r\\d+), 0$").anchor(), step("b(eq|ne)[+-]? ").within(1),
                    step("\\S+ r\\d+, -?\\d+\\({ref}\\)$").within(2))),
            on(S390X, anyOf(
                    seq(step("ltg?r (?<ref>%r\\d+), \\k<ref>$").anchor(), step("jg?(e|lh|ne) ").within(1),
                            step(Forms.s390xBasedOn("{ref}")).within(2)),
                    seq(step("lgr (?<copy>%r\\d+), (?<ref>%r\\d+)$"), step("ltg?r {ref}, {ref}$").within(1).anchor(),
                            step("jg?(e|lh|ne) ").within(1), step(Forms.s390xBasedOn("{copy}")).within(2)),
                    seq(step("cg?ij(e|lh|ne) (?<ref>%r\\d+), 0, ").anchor(), step(Forms.s390xBasedOn("{ref}")).within(2))))),
    /**
     * A memory access whose fault the nmethod maps to a handler, the JVM's note "implicit exception" on it
     * (x86_64 also maps a faulting idiv, a zero check, which is no memory access and not this).
     */
    IMPLICIT_NULL_CHECK("implicit null check (faulting memory access)",
            anyIsa(Form.noteOnMemoryAccess("implicit exception: dispatches to")),
            // s390x: also a compare-and-trap, cgite %r2, 0 (TrapBasedNullChecks, on by default: globals_s390.hpp),
            // where C2 cannot fold the check into the access (measured on 25.0.5, Shapes.field)
            on(S390X, Form.note("implicit exception: dispatches to"))) {
        /** The hex dump prints a note only on a 4-byte step; the header still says the table is there. */
        @Override
        public String hiddenIn(NMethod code) {
            return code.notesMayBeDropped() && code.nullCheckTableBytes() > 0
                    ? "it has an implicit exception table, but the VM's hex dump drops its notes off 4-byte steps,"
                            + " so the faulting access cannot be placed" : null;
        }
    },
    // The JVM's notes, by role: every name a role has had across releases is declared once, in anatomy.isa.Role.
    /** A safepoint poll in a loop or body ({poll}). */
    SAFEPOINT_POLL("safepoint poll", anyIsa(Role.SAFEPOINT_POLL.form())),
    /** The poll at a method's return ({poll_return}). */
    RETURN_POLL("return poll", anyIsa(Role.RETURN_POLL.form())),
    /**
     * A poll through the thread's own polling page (thread-local handshakes, JEP 312, JDK 10; the global page
     * went in JDK 14): the page's address is loaded from the thread (r15, x28, s7, %r8), then read. Measured 17 to 28-ea;
     * riscv64 25.0.5 and 28-ea+18: {@code ld t2, 48(s7) ; lwu zero, 0(t2)}, the load up to 4 instructions before the
     * read in a vectorized loop.
     * s390x reads it with a test under mask, in loops and at the return alike ({@code lg %r12, 48(%r8) ; tm 0(%r12),
     * 111}, 25.0.5 and 28-ea+18).
     * On ppc64le the word is loaded from the thread (r16) and trapped on, the page never read (UseSIGTRAP, on by
     * default): {@code ld r15, 48(r16) ; tdi 5, r15, 1}, 25.0.5 and 28-ea+18.
     */
    THREAD_LOCAL_POLL("safepoint poll through the page the thread points to",
            on(X86_64, seq(step("movq (0x[0-9a-f]+|\\d+)\\(%r15\\), %(?<page>\\w+)$"), step("testl %eax, \\(%{page}\\)").within(32))),
            on(AARCH64, seq(step("ldr x(?<page>\\d+), \\[x28, #(0x[0-9a-f]+|\\d+)\\]$"), step("ldr wzr, \\[x{page}\\]").within(32))),
            on(RISCV64, seq(step("ld (?<page>[a-z][a-z0-9]*), \\d+\\(s7\\)$"), step("lwu zero, 0\\({page}\\)$").within(32))),
            // the load may be scheduled to the loop's head, far from its trap (25.0.5, -XX:+UseCountedLoopSafepoints: 28 apart)
            on(PPC64LE, seq(step("ld (?<page>r\\d+), \\d+\\(r16\\)$"),
                    step("tdi \\d+, {page}, \\d+$").within(32).withNoneBetween(Ppc.writes("{page}")))),
            on(S390X, seq(step("lg (?<page>%r\\d+), \\d+\\(%r8\\)$"), step("tm 0\\({page}\\), \\d+$").within(32)))),
    /**
     * The return poll as a stack-watermark check (since JDK 16, JEP 376, JDK-8253180): the stack pointer
     * compared with the thread's watermark, branching out of line when above it; no page is read. riscv64 (25.0.5,
     * 28-ea+18) branches to the return while the watermark is at or above sp: {@code ld t0, 40(s7) ; bgeu t0, sp, ...}.
     * On ppc64le a
     * trap instead of the branch: {@code ld r12, 40(r16) ; tdlgt r1, r12} (25.0.5, 28-ea+18; with -XX:-UseSIGTRAP
     * a cmpld of r1 and a bgt).
     */
    STACK_WATERMARK_POLL("return poll comparing the stack pointer with the thread's watermark",
            on(X86_64, seq(step("cmpq (0x[0-9a-f]+|\\d+)\\(%r15\\), %rsp$"), step("ja ").within(1))),
            on(AARCH64, seq(step("ldr x(?<mark>\\d+), \\[x28, #(0x[0-9a-f]+|\\d+)\\]$"), step("cmp sp, x{mark}$").within(2),
                    step("b\\.hi ").within(1))),
            on(RISCV64, seq(step("ld (?<mark>[a-z][a-z0-9]*), \\d+\\(s7\\)$"), step("(bgeu {mark}, sp|bltu sp, {mark}), ").within(1))),
            on(PPC64LE, anyOf(seq(step("ld (?<mark>r\\d+), \\d+\\(r16\\)$"), step("tdlgt r1, {mark}$").within(2)),
                    seq(step("ld (?<mark>r\\d+), \\d+\\(r16\\)$"), step("cmpld (cr[0-7], )?r1, {mark}$").within(2),
                            step("bgt[+-]? (cr[0-7], )?0x").within(1)))),
            notOn(S390X, "C2's return poll on s390x reads the thread's polling page, with no watermark compare (HotSpot's"
                    + " s390.ad, MachEpilogNode::emit: load_from_polling_page; lg %r1, 48(%r8) ; tm 0(%r1), 111 ; br %r14 on 25.0.5"
                    + " and 28-ea+18): the port has no stack-watermark return poll in compiled code")),
    /** A call into the uncommon-trap blob: the compiled code gives up and deoptimizes here. */
    UNCOMMON_TRAP("uncommon trap", anyIsa(Role.UNCOMMON_TRAP.form())) {
        @Override
        public String hiddenIn(NMethod code) {
            return Forms.runtimeCallsUnnamed(code);
        }
    },
    /** C2's out-of-line call that allocates an object or array in the runtime (its names per release: Role). */
    ALLOCATION_SLOW_CALL("allocation slow-path call", anyIsa(Role.ALLOCATION_SLOW_PATH.form())) {
        @Override
        public String hiddenIn(NMethod code) {
            return Forms.runtimeCallsUnnamed(code);
        }
    },
    /**
     * The inline TLAB bump: the thread's TLAB top loaded, compared with the TLAB end, stored back to the same
     * offset. The compare tells it from G1's SATB queue update, another read-modify-write of a thread field.
     */
    TLAB_ALLOCATION("TLAB bump-pointer allocation",
            on(X86_64, seq(step("mov[lq]? (?<off>0x[0-9a-f]+|\\d+)\\(%r15\\), %r"),
                    step("cmp[lq]? (0x[0-9a-f]+|\\d+)\\(%r15\\), %r").within(8), step("mov[lq]? %r\\w+, {off}\\(%r15\\)$").within(8))),
            on(AARCH64, seq(step("ldr x\\d+, \\[x28, #(?<off>0x[0-9a-f]+|\\d+)\\]$"),
                    step("cmp x\\d+, x\\d+$").within(8), step("str x\\d+, \\[x28, #{off}\\]$").within(8))),
            on(RISCV64, seq(step("ld (?<top>[a-z][a-z0-9]*), (?<off>\\d+)\\(s7\\)$"),
                    step("ld (?<end>[a-z][a-z0-9]*), \\d+\\(s7\\)$").within(4), step("bgeu [a-z][a-z0-9]*, {end}, ").within(4),
                    step("sd [a-z][a-z0-9]*, {off}\\(s7\\)$").within(8))),
            on(PPC64LE, seq(step("ld r\\d+, (?<off>\\d+)\\(r16\\)$"), step("cmpld (cr[0-7], )?r\\d+, r\\d+$").within(8),
                    step("std r\\d+, {off}\\(r16\\)$").within(8))),
            on(S390X, seq(step("lg %r\\d+, (?<off>\\d+)\\(%r8\\)$"),
                    step("clg %r\\d+, \\d+\\(%r8\\)$").within(8), step("stg %r\\d+, {off}\\(%r8\\)$").within(8)))),
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
                    seq(step("xorq %(?<z>r\\w+), %\\k<z>$"), step("movq %{z}, \\(%\\w+, %\\w+, 8\\)$").within(6)),
                    // JDK 28-ea+18: a zeroed general register put into the vector register, then stored. With
                    // 64-byte vectors (AVX-512, MaxVectorSize 64) it is broadcast: vpbroadcastq %rax, %zmm0; with
                    // 32-byte ones (AVX2, or AVX-512 with MaxVectorSize 32, as C2 runs on an AMD Zen 4) it is moved and
                    // widened in place: vmovq %rax, %xmm0 ; vpunpcklqdq %xmm0, %xmm0, %xmm0 ; vinserti128 $1, %xmm0,
                    // %ymm0, %ymm0 (fixtures x86_64-jdk28-avx2, x86_64-jdk28-avx512-256)
                    seq(step("xor[lq] %(?<z>[re]\\w+), %\\k<z>$"), step("(vpbroadcast[bwdq]|v?movq) %{z}, %[xyz]mm(?<vz>\\d+)$").within(2),
                            step("v?mov(dq[au](8|16|32|64)?|[au]p[sd]|q) %[xyz]mm{vz}, .*\\(").within(8)))),
            on(AARCH64, insn("(stp xzr, xzr, |dc zva|bl .*zero_blocks)")),
            on(RISCV64, anyOf(
                    seq(step("vxor\\.vv (?<vz>v\\d+), \\k<vz>, \\k<vz>$"), step("vse\\d+\\.v {vz}, \\(").within(3)),
                    seq(step("vmv\\.v\\.i (?<vz>v\\d+), 0$"), step("vse\\d+\\.v {vz}, \\(").within(3)),
                    insn("(cbo\\.zero |jalr? .*zero_blocks)"))),
            on(PPC64LE, anyOf(insn("dcbzl? "), seq(step("li (?<z>r\\d+), 0$"), step("std {z}, -?\\d+\\((?<p>r\\d+)\\)$").within(4),
                    step("addi {p}, {p}, 8$").within(1), step("bdnz ").within(1)))),
            on(S390X, anyOf(insn("mvcle %r\\d+, %r\\d+, 0$"),
                    insn("xc (?<d>\\d+)\\(\\d+,(?<b>%r\\d+)\\), \\k<d>\\(\\k<b>\\)$")))) {
        /** One form is a call of the zero_blocks stub, by name: a runtime call the VM did not name may be it. */
        @Override
        public String hiddenIn(NMethod code) {
            return Forms.runtimeCallsUnnamed(code);
        }
    },
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
                            step("strb wzr, \\[{card}\\]$").within(Forms.OUT_OF_LINE)))),
            on(RISCV64, anyOf(
                    seq(Forms.cardShift("srli (?<idx>[a-z][a-z0-9]*), [a-z][a-z0-9]*, (?<shift>\\d+)$"),
                            step("add (?<card>[a-z][a-z0-9]*), ({idx}, [a-z][a-z0-9]*|[a-z][a-z0-9]*, {idx})$").within(8),
                            step("sb zero, 0\\({card}\\)$").within(Forms.OUT_OF_LINE)))),
            on(PPC64LE, anyOf(
                    seq(step("(rldicl|srdi) (?<idx>r\\d+), r\\d+, " + Ppc.shiftRight(7, 11) + "$"), step("li (?<z>r\\d+), 0$").within(Forms.OUT_OF_LINE),
                            step("stbx {z}, (r\\d+, {idx}|{idx}, r\\d+)$").within(2)),
                    seq(step("(rldicl|srdi) (?<idx>r\\d+), r\\d+, " + Ppc.shiftRight(7, 11) + "$"),
                            step("add (?<card>r\\d+), (r\\d+, {idx}|{idx}, r\\d+)$").within(Forms.OUT_OF_LINE),
                            step("li (?<z>r\\d+), 0$").within(6), step("stb {z}, 0\\({card}\\)$").within(2)),
                    seq(step("(rldicl|srdi) (?<idx>r\\d+), r\\d+, " + Ppc.shiftRight(7, 11) + "$"), step("li (?<z>r\\d+), 0$").within(8),
                            step("add (?<card>r\\d+), (r\\d+, {idx}|{idx}, r\\d+)$").within(8), step("stb {z}, 0\\({card}\\)$").within(2)))),
            // s390x, 25.0.5: G1 adds the base (algrk %r13, %r12, %r13) and stores mvi; Serial and Parallel store a zeroed
            // register indexed by the shifted address: srlg %r13, %r2, 9 ; xgr %r11, %r11 ; lgrl %r12, ... ; stc %r11, 0(%r13,%r12)
            on(S390X, anyOf(
                    seq(Forms.cardShift("sr[al]g (?<card>%r\\d+), %r\\d+, (?<shift>\\d+)$"),
                            step("(algr?k?|agr?k?) {card}, ").within(4),
                            step("mvi 0\\({card}\\), 0$").within(Forms.OUT_OF_LINE)),
                    seq(Forms.cardShift("sr[al]g (?<idx>%r\\d+), %r\\d+, (?<shift>\\d+)$"),
                            step("(xg?r|lg?hi) (?<z>%r\\d+), (\\k<z>|0)$").within(4),
                            step("stc {z}, 0\\(({idx},%r\\d+|%r\\d+,{idx})\\)$").within(4))))),
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
                            step("strb wzr, \\[{card}\\]$").within(8).withNoneBetween(Forms.AARCH64_CONTROL_TRANSFER)))),
            // riscv64: G1 reads the card with lbu; -XX:+UseCondCardMark under Serial and Parallel with lb (25.0.5)
            on(RISCV64, seq(step("lbu? (?<v>[a-z][a-z0-9]*), 0\\((?<card>[a-z][a-z0-9]*)\\)$"), step("(beqz|bnez) {v}, ").within(2),
                    step("sb zero, 0\\({card}\\)$").within(2))),
            on(PPC64LE, anyOf(
                    seq(step("lbzx (?<v>r\\d+), (?<card>r\\d+, r\\d+)$"), step("cmpwi (cr[0-7], )?{v}, -?\\d+$").within(3),
                            step("b(eq|ne)[+-]? ").within(1), step("li (?<z>r\\d+), 0$").within(1), step("stbx {z}, {card}$").within(1)),
                    seq(step("lbz r\\d+, 0\\((?<card>r\\d+)\\)$"), step("cmpwi (cr[0-7], )?r\\d+, -?\\d+$").within(3),
                            step("b(eq|ne)[+-]? ").within(1), step("li (?<z>r\\d+), 0$").within(1), step("stb {z}, 0\\({card}\\)$").within(1)))),
            // s390x: G1 compares the card in memory (cli); -XX:+UseCondCardMark under Serial and Parallel loads and tests it
            // (25.0.5: lb %r12, 0(%r13) ; ltr %r12, %r12 ; je ; mvi 0(%r13), 0)
            on(S390X, anyOf(
                    seq(step("cli 0\\((?<card>%r\\d+)\\), (?<value>\\d+)$"), step("jg?(e|lh|ne) ").within(1),
                            step("mvi 0\\({card}\\), 0$").within(1)),
                    seq(step("(lb|llc|llgc|lgb) (?<v>%r\\d+), 0\\((?<card>%r\\d+)\\)$"), step("ltg?r {v}, {v}$").within(1),
                            step("jg?(e|lh|ne) ").within(1), step("mvi 0\\({card}\\), 0$").within(1))))),
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
                    step("cbn?z {y}, ").within(8))),
            on(RISCV64, seq(step("xor (?<x>[a-z][a-z0-9]*), [a-z][a-z0-9]*, [a-z][a-z0-9]*$"),
                    Forms.regionShift("srli (?<y>[a-z][a-z0-9]*), {x}, (?<shift>\\d+)$").within(3),
                    step("(beqz|bnez) {y}, ").within(3))),
            on(PPC64LE, seq(step("xor (?<x>r\\d+), r\\d+, r\\d+$"),
                    step("(rldicl|srdi)\\. r\\d+, {x}, " + Ppc.shiftRight(20, 29) + "$").within(3), step("b(eq|ne)[+-]? ").within(1))),
            on(S390X, seq(step("xgr(k)? (?<x>%r\\d+), "),
                    Forms.regionShift("sr[al]g (?<y>%r\\d+), {x}, (?<shift>\\d+)$").within(2),
                    step("(jg?(e|lh|ne) |ltgr {y}, {y}$)").within(2)))),
    /**
     * A store of zero into an object (not the stack): the zero immediate, r12 where the run's configuration makes it
     * zero (the heap base of compressed references in their zero-based and 32-bit modes; allocatable without them:
     * anatomy.isa.Registers), a register just xor-ed to zero;
     * wzr/xzr. Also a vector register zeroed and stored through the object's address plus an offset
     * ({@code movq %rax, %r10 ; addq $8, %r10 ; ... vpxord %zmm0, %zmm0, %zmm0 ; vmovq %xmm0, (%r10)}): C2
     * clearing an object's body that starts 8-aligned (compact object headers, on by default since JDK 27,
     * JEP 534) on a CPU with AVX-512; the header's stores and prefetches may come between the add and the zeroed
     * register (a new byte[16] on JDK 27: 7 instructions), and so may the TLAB's end check (StressLCM, seed 3001
     * on 17.0.15: {@code addq $0x10, %r11 ; cmpq 0x118(%r15), %r10 ; jae ; ...}; seed 3005 on 28-ea+18 puts 12
     * instructions between: the window is 32, the data flow bounds it), but nothing that writes the
     * address register or compares it (the end check adds to a copy of the object's address too, and compares
     * that copy with the TLAB's end: AT&T puts both the written and the compared register last); each store of the
     * zeroed register there is one (a field zeroed twice is two: NearMissTest). Narrow it to a field with {@link #at}. POWER has no zero register:
     * there a register set to zero, then stored with nothing writing it and no branch target between (Ppc.zeroStore).
     */
    ZERO_STORE("store of zero into an object",
            on(X86_64, anyOf(insn("mov[bwlq] (\\$(0x)?0|%{heapZero}[dwb]?), " + Forms.X86_OBJECT_SLOT),
                    seq(step("xor[lq] %(?<z>\\w+), %\\k<z>$"), step("mov[bwlq] %{z}, " + Forms.X86_OBJECT_SLOT).within(4)),
                    seq(step("movq %(?!rsp)r\\w+, %(?<p>r\\w+)$"), step("addq \\$(?<off>0x[0-9a-f]+|\\d+), %{p}$").within(1),
                            Forms.vectorZeroed().within(32).withNoneBetween(".*, %{p}[dwb]?$"), Forms.vectorStoreTo("\\(%{p}\\)$").within(2).everyOne()),
                    seq(step("leaq (?<off>0x[0-9a-f]+|\\d+)\\(%(?!rsp)r\\w+\\), %(?<p>r\\w+)$"),
                            Forms.vectorZeroed().within(6), Forms.vectorStoreTo("\\(%{p}\\)$").within(2).everyOne()))),
            // at a displacement (offset 0 is the mark word, never zeroed); or, as AArch64 28-ea+18 (compact headers)
            // zeroes a small array's payload, through the object's address plus the offset: add x10, x0, #0x10 ;
            // stp xzr, xzr, [x10]
            on(AARCH64, anyOf(insn("(str[bh]? [wx]zr|stp ([wx]zr), \\2), \\[x\\d+, #(?<off>-?(0x[0-9a-f]+|\\d+))\\]$"),
                    seq(step("add (?<p>x\\d+), x(?!28\\b)\\d+, #(?<off>0x[0-9a-f]+|\\d+)$"),
                            step("(str[bh]? [wx]zr|stp [wx]zr, [wx]zr), \\[{p}\\]$").within(4)))),
            // riscv64 also clears memory with RVV: C2 clears a new array of any length, a constant one too, with a
            // strip-mined vector loop (riscv.ad's ClearArray under UseRVV, on by default on a CPU with V; 25.0.5 and
            // 28-ea+18, a new byte[16]: addi t3, a0, 16 ; li t4, 2 ; vsetvli t0, t4, e64, m4 ; vxor.vv v4, v4, v4 ;
            // vsetvli ; vse64.v v4, (t3) ; sub ; sh3add ; bnez), counted at its store; its start and length are read
            // back from the registers it uses (Forms.riscvVectorClears), and at(offset) is inconclusive where they cannot be
            on(RISCV64, anyOf(insn("s[bhwd] zero, " + Forms.RISCV64_OBJECT_SLOT), Form.shape(Forms::riscvVectorClears,
                    "a vector register zeroed (vxor.vv v, v, v or vmv.v.i v, 0) and stored (vse8..64.v) within three instructions:"
                            + " RVV's clear of memory (riscv.ad ClearArray), from the offset added to its address register (addi) for"
                            + " the length its vsetvli was given (li), where those are read"))),
            // POWER has no zero register: a register set to zero (li, lis or xor), then stored, by data flow (Ppc.zeroStore)
            on(PPC64LE, Ppc.zeroStore()),
            // s390x also clears a block with an exclusive-or of itself, its length in the instruction (25.0.5, a new
            // byte[16]: alghsik %r12, %r2, 16 ; ... ; xc 0(16,%r12), 0(%r12))
            on(S390X, anyOf(insn("(mv[gh]?hi|mviy?) " + Forms.S390X_OBJECT_SLOT + ", 0$"),
                    seq(step("(xg?r|lg?hi) (?<z>%r\\d+), (\\k<z>|0)$"),
                            step("st[cghy]{0,2} {z}, " + Forms.S390X_OBJECT_SLOT + "$").within(4)),
                    seq(step("(alg?hsik|ag?hik) (?<p>%r\\d+), %r(?!15\\b)\\d+, (?<off>\\d+)$"),
                            step("xc 0\\(\\d+,{p}\\), 0\\({p}\\)$").within(8)),
                    // at a displacement (offset 0 is the mark word, never cleared: a base of 0 is an address formed before)
                    insn("xc (?<off>[1-9]\\d*)\\(\\d+,(?<b>%r(?!15\\b)\\d+)\\), \\k<off>\\(\\k<b>\\)$")))),
    /**
     * A compressed reference loaded (a 32-bit load) and decoded with a shift of 3: on x86_64 folded into the
     * next access's memory operand, (%r12, %r, 8), r12 holding the heap base (zero in zero-based mode), or (, %r, 8)
     * with no base at all, a zero-based decode C2 has not been seen to choose; the reference in any general
     * register, its 32-bit name in the load (%eax, %esi, %r11d) and its 64-bit one in the address (%rax, %rsi,
     * %r11). A decode apart from the access is not this on x86_64: a shlq $3 of the register, or a leaq (%r12, %r,
     * 8) into another register that the access then goes through (issue 40's near misses). On AArch64 an lsl #3
     * (zero-based) or an add to the heap base in x27 with lsl #3. Counted at the decode.
     */
    NARROW_OOP_DECODE("compressed reference decoded (times 8, plus the heap base)",
            on(X86_64, anyOf(
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %e(?<n>[a-z]{2})$"), step(Forms.x86DecodedIn("%r{n}")).within(2)),
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %r(?<n>\\d+)d$"), step(Forms.x86DecodedIn("%r{n}")).within(2)))),
            on(AARCH64, seq(step("ldr w(?<n>\\d+), \\[x\\d+"),
                    step("(lsl x\\d+, x{n}, #3|add x\\d+, x27, x{n}, (lsl|uxtw) #3)$").within(2))),
            on(RISCV64, seq(step("lwu (?<n>[a-z][a-z0-9]*), -?\\d+\\([a-z][a-z0-9]*\\)$"),
                    step("(slli [a-z][a-z0-9]*, {n}, 3|sh3add [a-z][a-z0-9]*, {n}, s9)$").within(2))),
            on(PPC64LE, seq(step("lwz (?<n>r\\d+), "), step("(sldi r\\d+, {n}, 3|rldimi r\\d+, {n}, 3, \\d+)$").within(2))),
            on(S390X, seq(step("llgf (?<n>%r\\d+), "),
                    step("(sllg %r\\d+, {n}, 3|risbgn? %r\\d+, {n}, .*, 3)$").within(2)))),
    /**
     * A compressed reference used as it is, as the address: loaded (32 bits, zero-extended) and, in the very next
     * instruction, the base of a load from an offset off that same register, with no index, no scale and no
     * instruction between, so that nothing computes the address and the load's own fault is the reference's null
     * check: what 32-bit mode ("32-bit", shift 0) lets C2 emit, the DecodeN matched into the load's address. Counted
     * at the second load. x86_64 {@code movl 0xc(%rsi), %r11d ; movl 0xc(%r11), %eax} (17, 25, 28-ea+18); AArch64
     * {@code ldr w11, [x1, #0xc] ; ldr w0, [x11, #0xc]} (28-ea+18); riscv64 {@code lwu t3, 12(a1) ; lw a0, 12(t3)},
     * s390x {@code llgf %r12, 12(%r2) ; l %r2, 12(%r12)} (25.0.5). A decode apart from the load is not this: a copy
     * into another register that the load goes through ({@code mov x10, x11}, {@code movq %r11, %r10},
     * {@code leaq (%r11), %r10}), an explicit null check before it ({@code cbz w11}, {@code testl ; je}), a shift.
     * ppc64le is the exception the recordings show: its port decodes a 32-bit reference by a register copy, one
     * {@code mr} between the two loads, both null checks still implicit ({@code lwz r15, 12(r3) ; mr r14, r15 ;
     * lwz r3, 12(r14)}, 25.0.5), so there the copy, and only it, may stand between.
     */
    NARROW_OOP_AS_ADDRESS("compressed reference used as the address of the next load (no decode between)",
            on(X86_64, anyOf(
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %e(?<n>[a-z]{2})$"), step(Forms.x86LoadBasedOn("%r{n}")).within(1)),
                    seq(step("movl " + Forms.X86_LOAD_SOURCE + ", %r(?<n>\\d+)d$"), step(Forms.x86LoadBasedOn("%r{n}")).within(1)))),
            on(AARCH64, seq(step("ldr w(?<n>\\d+), \\[x(?!28\\b)\\d+(, #-?(0x[0-9a-f]+|\\d+))?\\]$"),
                    step("ldr(s?[bh]|sw)? [wx]\\d+, \\[x{n}(, #-?(0x[0-9a-f]+|\\d+))?\\]$").within(1))),
            on(RISCV64, seq(step("lwu (?<n>[a-z][a-z0-9]*), -?\\d+\\((?!(sp|s7|t0|t1)\\))[a-z][a-z0-9]*\\)$"),
                    step("l(b|bu|h|hu|w|wu|d) [a-z][a-z0-9]*, -?\\d+\\({n}\\)$").within(1))),
            on(PPC64LE, anyOf(seq(step(Forms.PPC64LE_NARROW_LOAD), step(Forms.ppcLoadBasedOn("{n}")).within(1)),
                    seq(step(Forms.PPC64LE_NARROW_LOAD), step("mr (?<m>r\\d+), {n}$").within(1), step(Forms.ppcLoadBasedOn("{m}")).within(1)))),
            on(S390X, seq(step("llgf (?<n>%r\\d+), -?\\d+\\((%r\\d+,)?%r(?!8\\)|15\\))\\d+\\)$"),
                    step("(l|ly|lg|lgf|llgf|lh|lhy|lgh|llh|llgh|lb|lgb|llc|llgc|lt|ltg|ltgf) %r\\d+, -?\\d+\\({n}\\)$").within(1)))),
    /**
     * A load of a field from an object into a register: a plain load from a displacement off a register (not the
     * stack, not the current thread: r15, x28), or, on AArch64, a load-acquire through the object's address plus the offset ({@code add x8, x1,
     * #0xc ; ldar w0, [x8]}); narrow it with {@link #at}. The anchor of a claim about how a field is read. On s390x
     * any load of a register from a displacement off a base that is neither the thread (r8) nor the stack (r15):
     * {@code l %r10, 12(%r2)}, {@code llgf %r1, 12(%r2)} (a narrow reference), a volatile one the same (25.0.5).
     * On riscv64
     * (25.0.5, 28-ea+18: {@code lw a0, 12(a1)}) not the loads of the macro assembler's scratch registers t0 and t1 either:
     * the nmethod entry barrier's guard and the inline-cache check, which every method has, would anchor anything.
     * On ppc64le a D-form load off a register other than r1 and r16 ({@code lwz r22, 12(r3)}; a Power10 pld too).
     */
    FIELD_LOAD("load of a field from an object",
            on(X86_64, insn("mov([bwlq]|[sz]b[wlq]?|[sz]w[lq]?|slq)? (?<off>-?(0x[0-9a-f]+|\\d+))?\\(%(?!rsp\\b|r15\\b)\\w+\\), %\\w+$")),
            on(AARCH64, anyOf(insn("ldr(s?[bh]|sw)? [wx]\\d+, \\[x(?!28\\b)\\d+(, #(?<off>-?(0x[0-9a-f]+|\\d+)))?\\]$"),
                    seq(step("add (?<p>x\\d+), x(?!28\\b)\\d+, #(?<off>0x[0-9a-f]+|\\d+)$"), step("ldar[bh]? [wx]\\d+, \\[{p}\\]$").within(4)))),
            on(RISCV64, insn("l(b|bu|h|hu|w|wu|d) (?!(zero|t0|t1),)[a-z][a-z0-9]*, " + Forms.RISCV64_LOAD_SLOT)),
            on(PPC64LE, insn("p?l(bz|hz|ha|wz|wa|d) r\\d+, " + Ppc.OBJECT_SLOT)),
            on(S390X, insn("(l|ly|lg|lgf|llgf|lh|lhy|lgh|llh|llgh|lb|lgb|llc|llgc|lt|ltg|ltgf|le|ley|ld|ldy) %[rf]\\d+,"
                    + " (?<off>-?\\d+)\\((%r\\d+,)?%r(?!8\\)|15\\))\\d+\\)$"))),
    /**
     * A store of a value held in a register (not r12 where it holds zero: anatomy.isa.Registers) into an object;
     * narrow it with {@link #at}.
     */
    FIELD_STORE("store of a register's value into an object",
            on(X86_64, insn("mov[bwlq] %(?!{heapZero})\\w+, " + Forms.X86_OBJECT_SLOT)),
            on(AARCH64, insn("str[bh]? (?![wx]zr)[wx]\\d+, " + Forms.AARCH64_OBJECT_SLOT)),
            on(RISCV64, insn("s[bhwd] (?!zero,)[a-z][a-z0-9]*, " + Forms.RISCV64_OBJECT_SLOT)),
            on(PPC64LE, Ppc.fieldStore()),
            on(S390X, insn("st[cghy]{0,2} %r\\d+, " + Forms.S390X_OBJECT_SLOT + "$"))),

    // codegen (issue #13): calls, constants and code shape
    /** A call the runtime dispatches on the receiver's class, through an inline cache ({virtual_call}). */
    INLINE_CACHE_CALL("virtual call dispatched through an inline cache", anyIsa(Role.VIRTUAL_CALL.form())),
    /** A direct call to a statically bound Java method ({static_call}). */
    STATIC_CALL("direct call to a static Java method", anyIsa(Role.STATIC_CALL.form())),
    /**
     * An integer multiply: imul; mul, madd, a widening multiply or the high half of one (smulh: C2's division of a
     * long by a constant).
     */
    INTEGER_MULTIPLICATION("integer multiplication",
            on(X86_64, insn("imul[bwlq]? ")),
            on(AARCH64, insn("(mul|madd|msub|[su]mull|[su]maddl|[su]mulh) [wx]")),
            on(RISCV64, insn("(mulw?|mulhu?|mulhsu) ")),
            on(PPC64LE, insn("mul(l[wd]|h[wd]u?|li)\\.? ")),
            on(S390X, insn("(ms[gfrkc]*|mg?hi|mgrk|mlg?r?|msgf?i) %r"))),
    /**
     * A two-way branch on a value the method computed: a compare or test, then a conditional jump; cbz, cbnz,
     * tbz, tbnz. The VM's own checks are not this: the return poll (the stack pointer compared with the thread's
     * watermark, {@code cmpq 0x28(%r15), %rsp ; ja}, {@code cmp sp, x8 ; b.hi}) and the nmethod entry barrier (its
     * guard compared with the thread's, {@code cmpl $0, 0x20(%r15) ; jne}; on AArch64 right after the load of the
     * thread's value, {@code ldr w9, [x28, #0x20] ; cmp w8, w9 ; b.ne}). On s390x a compare, load-and-test or test
     * under mask then a j&lt;cond&gt; ({@code ltr %r2, %r2 ; je}, {@code chi %r3, -1 ; jlh}), or a compare-and-branch
     * (cij, cgrj, ...); the entry barrier compares a value loaded from the thread and branches to a register
     * ({@code lg %r0, 32(%r8) ; cfi %r0, -1 ; larl %r14, ... ; blhr %r1}), the return poll reads a page and does not
     * branch, and a CAS's retry loop (cs, csg, cdsg ; jne) is no branch on a computed value (25.0.5, 28-ea+18).
     * riscv64 compares in the branch itself ({@code beqz a1, ...}, {@code blt s2, t3, ...}); its return poll is {@code bgeu t0, sp} and its entry barrier a
     * branch right after the thread's value is loaded, {@code lwu t1, 32(s7) ; beq t0, t1} (25.0.5, 28-ea+18).
     * On ppc64le a compare into a condition
     * field and a branch on it ({@code cmpw cr6, r27, r14 ; blt cr6, 0x...}); the entry barrier there is a
     * conditional call, {@code ld r0, 32(r16) ; cmpw r0, r22 ; bnectrl}, the return poll a trap (Ppc.conditionalBranch).
     */
    CONDITIONAL_BRANCH("conditional branch on a computed value",
            on(X86_64, seq(step("(test|cmp)[bwlq]? (?!.*%r15\\b)(?!.*, %rsp$)"), step("j(?!mp)[a-z]{1,3} ").within(1))),
            on(AARCH64, anyOf(insn("(cbn?z|tbn?z) "),
                    seq(step("(?!ldr [wx]\\d+, \\[x28\\b)"), step("(cmp|cmn|tst) (?!sp,)[wx]\\d+, ").within(1),
                            step("b\\.[a-z]{2} ").within(1)))),
            on(RISCV64, seq(step("(?!l[bhwd]u? [a-z][a-z0-9]*, -?\\d+\\(s7\\)$)"),
                    step("b(eq|ne|lt|ge|ltu|geu|gt|le|gtu|leu|eqz|nez|lez|gez|ltz|gtz) (?!.*\\bsp\\b)").within(1))),
            on(PPC64LE, Ppc.conditionalBranch()),
            // s390x: not the branch of C2's CMove of an immediate (CMOV), a branch over one lghi
            on(S390X, anyOf(seq(step("(?!l[a-z]* %r\\d+, -?\\d*\\(%r8\\)$)"),
                            step("(c(?!d?sg?y? )[a-z]*|lt[a-z]*|tm[a-z]*) (?!.*%r(8|15)\\b)").within(1), step("j(?!g? )g?[a-z]{1,3} ").within(1)),
                    insn("cl?g?[ri]j[a-z]{1,3} (?!.*%r(8|15)\\b)")).except(Forms.S390X_IMMEDIATE_CMOVE))),
    /** A general-purpose register copied into an FP/SIMD register, C2's spill there instead of the stack. */
    SPILL_TO_FP_REGISTER("general-purpose register spilled to an FP/SIMD register",
            on(X86_64, insn("v?mov[dq] %[re]?\\w+, %xmm\\d+$")),
            on(AARCH64, insn("(fmov [sd]\\d+, [wx]\\d+|mov v\\d+\\.[sd]\\[\\d+\\], [wx]\\d+)$")),
            on(RISCV64, insn("fmv\\.[wd]\\.x f[a-z0-9]+, [a-z][a-z0-9]*$")),
            on(PPC64LE, insn("(mtfpr[dw][az]?|mtvsr[dw][az]?) (f|vs)\\d+, r\\d+$")),
            on(S390X, insn("ldgr %f\\d+, %r\\d+$"))),
    /**
     * An FP/SIMD register copied back into a general-purpose register: the reload of SPILL_TO_FP_REGISTER (riscv64,
     * 25.0.5: {@code fmv.x.w t3, fa1}). On ppc64le mffprd or mfvsr*, though C2 does not spill there (ppc.ad has no
     * GPR-to-FPR spill copy).
     */
    RELOAD_FROM_FP_REGISTER("general-purpose register reloaded from an FP/SIMD register",
            on(X86_64, insn("v?mov[dq] %xmm\\d+, %[re]?\\w+$")),
            on(AARCH64, insn("(fmov [wx]\\d+, [sd]\\d+|(u|s)?mov [wx]\\d+, v\\d+\\.[sd]\\[\\d+\\])$")),
            on(RISCV64, insn("fmv\\.x\\.[wd] [a-z][a-z0-9]*, f[a-z0-9]+$")),
            on(PPC64LE, insn("(mffpr[dw]z?|mfvsr[dw]z?|mfvsrld) r\\d+, (f|vs|v)\\d+$")),
            notOn(S390X, "C2 has no copy from a floating-point to a general register on s390x: a spill there goes through"
                    + " the stack (s390.ad, MachSpillCopyNode::implementation: float->int is Unimplemented(), int->float has no"
                    + " case), so no reload from an FP register is emitted")),
    /**
     * A general-purpose register stored to a stack slot and loaded back from that slot later, counted at the
     * load: C2's spill to the stack. The frame pointer's save in the prologue and its restore are no spill.
     */
    SPILL_TO_STACK("general-purpose register spilled to a stack slot and reloaded",
            on(X86_64, seq(step("mov[lq] %(?![re]bp\\b)\\w+, (?<slot>(0x[0-9a-f]+|\\d+)?)\\(%rsp\\)$"),
                    step("mov[lq] {slot}\\(%rsp\\), %(?![re]bp\\b)\\w+$"))),
            on(AARCH64, seq(step("str (?![wx]zr)[wx]\\d+, \\[sp(?<slot>(, #(0x[0-9a-f]+|\\d+))?)\\]$"),
                    step("ldr [wx]\\d+, \\[sp{slot}\\]$"))),
            on(RISCV64, seq(step("s[wd] (?!(zero|ra|s0),)[a-z][a-z0-9]*, (?<slot>\\d+)\\(sp\\)$"),
                    step("l[wd]u? (?!(ra|s0),)[a-z][a-z0-9]*, {slot}\\(sp\\)$"))),
            on(PPC64LE, seq(step("st[wd] (?!r0,)r\\d+, (?<slot>\\d+)\\(r1\\)$"), step("l(wz|wa|d) r\\d+, {slot}\\(r1\\)$"))),
            on(S390X, seq(step("stg? %r(?!14,|0,)\\d+, (?<slot>\\d+)\\(%r15\\)$"),
                    step("(lg?|ly|llgf) %r(?!15,)\\d+, {slot}\\(%r15\\)$")))),

    // concurrency (issue #14): ordered loads, atomic adds, the monitor's slow path
    /**
     * A load that carries acquire ordering itself: ldar. x86_64 has no such instruction because it needs none:
     * under TSO every load is already ordered like an acquire, so a volatile load there is a plain mov.
     */
    LOAD_ACQUIRE("load with acquire ordering built in",
            on(X86_64, Form.absent("every x86_64 load is ordered like an acquire (TSO); a volatile load is a plain mov")),
            on(AARCH64, insn("ldar[bh]? ")),
            on(RISCV64, Form.absent("RVWMO in RVA23 has no load-acquire instruction (Zalasr is not in the profile and HotSpot"
                    + " does not use it): C2's volatile load is a plain load then fence r, rw (riscv.ad membar_acquire)")),
            on(PPC64LE, seq(step("l(bz|hz|ha|wz|wa|d) (?<v>r\\d+), "), step("(twi 0, {v}, 0|cmp[wd] (cr[0-7], )?{v}, {v})$").within(1),
                    step("(bne[+-]? .*|isync)$").within(1))),
            on(S390X, Form.absent("z/Architecture orders every load after earlier loads (only a load may pass an earlier"
                    + " store): a volatile load is a plain l or lg"))),
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
                            step("stlxr[bh]? w\\d+, {new}, \\[{addr}\\]$").withNoneBetween(Forms.AARCH64_MEMORY)))),
            on(RISCV64, insn("amoadd\\.[wd]\\.aqrl ")),
            on(PPC64LE, Ppc.reservedAdd()),
            on(S390X, insn("laa(g)? %r\\d+, %r\\d+, "))),
    /**
     * An atomic read-modify-write of memory of any kind and any ordering: what a claim that code takes no atomic
     * (writes no shared state with an interlocked instruction) must search for. A CAS (ANY_CAS), an atomic add
     * (ATOMIC_ADD), a swap, any other atomic operation on memory, relaxed ones included, and the locked no-op on
     * the stack that x86_64 uses as its fence. x86_64: any lock-prefixed instruction (lock cmpxchg, lock xadd,
     * lock add/or/and/xor/inc/dec, to an object or to the stack), and xchg with a memory operand (locked without
     * the prefix). AArch64: the LSE atomics (cas*, casp*, swp*, ld&lt;op&gt;*, st&lt;op&gt;*, any ordering) and, without LSE,
     * a store-exclusive (stxr, stlxr, stxp, stlxp), counted at it: it only ever ends an ldxr/ldaxr loop. riscv64: the
     * A extension's amo*.w/.d (amoswap, amoadd, amoor, ..., amocas with Zacas) and sc.w/sc.d. ppc64le: a
     * store-conditional (stbcx., sthcx., stwcx., stdcx., stqcx.), which ends every lbarx..ldarx loop. s390x: cs,
     * csy, csg, cds, cdsy, cdsg and the interlocked-access facility's load-and-&lt;op&gt; (laa, laag, laal, laalg, lan,
     * lang, lao, laog, lax, laxg). Not included: s390x's add-immediate to storage (asi, agsi), interlocked only with
     * the facility and then used by HotSpot for its own counters, never by C2 for a Java atomic.
     */
    ANY_ATOMIC("atomic read-modify-write of memory, any kind and ordering (CAS, add, swap, locked instruction)",
            on(X86_64, anyOf(insn("lock "), insn("xchg[bwlq]? (%\\w+, .*\\(|.*\\), %\\w+$)"))),
            on(AARCH64, anyOf(insn("(casp?|swp|ld(add|clr|eor|set|smax|smin|umax|umin))(a|al|l)?[bh]? "),
                    insn("st(add|clr|eor|set|smax|smin|umax|umin)l?[bh]? "), insn("stl?x(r[bh]?|p) "))),
            on(RISCV64, anyOf(insn("amo[a-z]+\\.[bhwdq](\\.aq|\\.rl|\\.aqrl)? "), insn("sc\\.[wd](\\.aq|\\.rl|\\.aqrl)? "))),
            on(PPC64LE, insn("st[bhwdq]cx\\. ")),
            on(S390X, insn("(cs[gy]?|cds[gy]?|la(a|al|n|o|x)g?|laalg) %r"))),
    /**
     * A compare-and-swap with acquire on an object's mark word, its header's first word, as a lock's entry by
     * fast locking (stack or lightweight) does: the mark loaded from offset 0 of a register, then, later in the
     * code, a CAS at offset 0 of the same register (counted at the CAS). Entering a lock needs acquire; C2 adds
     * release where the locking mode needs it. On x86_64 lock cmpxchgq (a full barrier). On AArch64 casal (stack
     * locking, JDK 17 and 21) or casa (lightweight locking, JDK 25 to 28-ea); without LSE the exclusive pair
     * ldaxr ... stlxr (stack locking) or ldaxr ... stxr (lightweight), the loaded mark compared, no memory access
     * between. The exit's CAS, with release only (casl; ldxr ... stlxr), and a relaxed one are not this; nor is a
     * CAS on an inflated monitor's owner field, at another offset.
     * <p>
     * x86_64 and s390x have one CAS for the entry and the exit alike (lock cmpxchgq, csg: the ordering cannot tell
     * them apart), so there the entry is told by what it expects: the mark as loaded with its unlocked bit set (lock
     * bits 01), the value it compares in rax (x86_64) or in its first register (s390x csg), with nothing writing that
     * register between the or and the CAS (and no jump, call or return), and the object's register not written since
     * its mark was loaded. The exit expects the locked state: the displaced header's box (stack locking: {@code
     * leaq (%rsp), %rax ; movq (%rax), %r10 ; lock cmpxchgq %r10, (%r11)}) or the mark with its lock bits clear
     * (lightweight: {@code andq $-4, %rax ; orq $1, %r10 ; lock cmpxchgq %r10, (%r11)}; s390x {@code lgr %r12, %r13 ;
     * oill %r12, 1 ; csg %r13, %r12, 0(%r11)}, the or on the new value). Measured: x86_64 17
     * ({@code movq (%r8), %rax ; testq $2, %rax ; jne ; orq $1, %rax ; movq %rax, (%rbx) ; lock cmpxchgq %rbx, (%r8)}),
     * 25, 26, 28-ea ({@code movq (%r11), %r10 ; ... movq %r10, %rax ; orq $1, %rax ; andq $-2, %r10 ; lock cmpxchgq
     * %r10, (%r11)}); s390x 25.0.5, 28-ea+18 ({@code lg %r12, 0(%r11) ; tmll %r12, 2 ; jne ; oill %r12, 1 ; lgr %r13,
     * %r12 ; xilf %r13, 1 ; csg %r12, %r13, 0(%r11)}). JDK 21's lightweight locking (not its default) loads the mark
     * into rax and clears its lock bits before the or (HotSpot's MacroAssembler::lightweight_lock): an and on rax
     * may come between the load and the or. Before this tie both CASes of a synchronized method were counted.
     * riscv64 tells them the same way: the entry's pair (or amocas, under -XX:+UseZacas) compares with the mark made
     * unlocked, {@code ori exp, mark, 1}; the exit's, which 21's lightweight locking also orders .aqrl ({@code ld t3,
     * 0(a1) ; ori t4, t3, 1 ; lr.d.aqrl t2, (a1) ; bne t2, t3 ; sc.d.rl t2, t4, (a1)}, 21.0.13), with the mark as
     * loaded, storing the ori's result.
     */
    MARK_WORD_CAS("compare-and-swap with acquire on an object's mark word (a lock's fast-path entry)",
            on(X86_64, anyOf(
                    // the mark loaded into rax itself (stack locking, JDK 17 and 21; 21's lightweight locking)
                    seq(step("movq \\(%(?<obj>r\\w+)\\), %rax$"),
                            step("orq \\$1, %rax$").withNoneBetween(Forms.x86WritesExceptAnd("rax|eax|ax|al") + "|" + Forms.x86Writes("{obj}")),
                            step("lock cmpxchgq %\\w+, \\(%{obj}\\)$").withNoneBetween(Forms.X86_KEEPS_EXPECTED)),
                    // the mark loaded into another register and copied into rax (lightweight locking, JDK 24 to 28-ea)
                    seq(step("movq \\(%(?<obj>r\\w+)\\), %(?<mark>r\\w+)$"),
                            step("movq %{mark}, %rax$").withNoneBetween(Forms.x86Writes("{mark}") + "|" + Forms.x86Writes("{obj}") + "|" + Forms.X86_JUMP),
                            step("orq \\$1, %rax$").within(1),
                            step("lock cmpxchgq %\\w+, \\(%{obj}\\)$").withNoneBetween(Forms.X86_KEEPS_EXPECTED)))),
            on(AARCH64, anyOf(
                    seq(step("ldr x\\d+, \\[(?<obj>x\\d+)\\]$"), step("casa(l)? x\\d+, x\\d+, \\[{obj}\\]$")),
                    Forms.exclusiveCas(step("ldr x\\d+, \\[(?<obj>x\\d+)\\]$"), "ldaxr", "st(l)?xr"))),
            // riscv64: the expected value is the mark with its unlocked bit set (ori 1); the exit's CAS (21's lightweight
            // locking orders its pair .aqrl too) expects the mark as loaded and stores that ori's result
            on(RISCV64, anyOf(
                    Forms.riscvMarkWordEntry(step("amocas\\.d\\.aq(rl)? {exp}, [a-z][a-z0-9]*, \\({obj}\\)$").within(4)),
                    Forms.riscvMarkWordEntry(step("mv (?<cmp>[a-z][a-z0-9]*), {exp}$").within(3),
                            step("amocas\\.d\\.aq(rl)? {cmp}, [a-z][a-z0-9]*, \\({obj}\\)$").within(1)),
                    Forms.riscvMarkWordEntry(step("lr\\.d\\.aq(rl)? [a-z][a-z0-9]*, \\({obj}\\)$").within(4),
                            step("bne [a-z][a-z0-9]*, {exp}, ").withNoneBetween(Forms.RISCV64_MEMORY),
                            step("sc\\.d(\\.rl|\\.aqrl)? [a-z][a-z0-9]*, [a-z][a-z0-9]*, \\({obj}\\)$").withNoneBetween(Forms.RISCV64_MEMORY)))),
            on(PPC64LE, Ppc.markWordCas()),
            on(S390X, seq(step("lg (?<mark>%r\\d+), 0\\((?<obj>%r\\d+)\\)$"),
                    step("oill {mark}, 1$").withNoneBetween(Forms.s390xWrites("{mark}") + "|" + Forms.s390xWrites("{obj}") + "|" + Forms.S390X_JUMP),
                    step("csg {mark}, %r\\d+, 0\\({obj}\\)$").withNoneBetween(Forms.s390xWrites("{mark}") + "|" + Forms.S390X_BRANCH)))),
    /**
     * The lock's entry CAS (MARK_WORD_CAS) whose failure leads out of line and whose success goes on inline: C2's
     * FastLock leaves its outcome in the flags, and C2's own branch on them (jne) goes to the locking call's block,
     * laid out after the return. Counted at the CAS. x86_64, lightweight locking (HotSpot's fast_lock_lightweight, 24
     * to 28-ea): {@code lock cmpxchgq ; jne T}, T that branch of C2's, {@code T: jne S}, S after a return. Stack
     * locking (17, 21): {@code lock cmpxchgq ; je C} (success, inline), and on failure the recursion test, {@code subq
     * %rsp, %rax ; andq $imm, %rax ; movq %rax, (%box) ; jmp T} (a recursive lock is a success there), from T through
     * jne to S. Measured on lockedIncrement: 17.0.15 ({@code je a7b0 ; ... jmp a7b0 ; a7b0: jne a865}, the call at
     * a86b after the retq at a864), 21.0.8 ({@code je 54b6 ; ... jmp 54b4 ; 54b4: jne 54bf ; 54b6: incq
     * 0x548(%r15) ; xorl %eax, %eax ; 54bf: jne 5571}: the held-monitor count between), 25.0.3 ({@code jne 7a1d ;
     * 7a1d: jne 7ac9}), 26.0.2, 27.0.1 and 28-ea ({@code jne ea1b ; ea1b: jne ead0}, with the object monitor table). AArch64 the same, the CAS's compare (LSE) or the exclusive pair's retry between (HotSpot's
     * cmpxchg without LSE branches on a mismatch to just past its cbnz, so the b.ne there reads either way): 17.0.x
     * ({@code casal x11, x12, [x1] ; cmp x11, x10 ; b.eq T ; mov x8, sp ; sub ; mov ; ands x10, x11, x10 ; str ; b T
     * ; T: b.ne S}), 25.0.x and 28-ea ({@code casa x8, x10, [x1] ; cmp x8, x11 ; b.ne T ; T: b.ne S}), 28-ea on a
     * Cortex-A72 without LSE ({@code ldaxr x8, [x1] ; cmp ; b.ne D ; stxr w8, x10, [x1] ; cbnz w8 ; D: b.ne T ; T:
     * b.ne S}). riscv64 keeps the outcome in C2's flag register t1 (1 until a success clears it): 25.0.x and 28-ea
     * ({@code lr.d.aq t0, (a1) ; bne t0, t3, X ; sc.d t0, t5, (a1) ; bnez t0, <retry> ; mv t5, t3 ; j Y ; X: mv t5,
     * t0 ; Y: bne t3, t5, T ; ... T: beqz t1, L ; j S}), 25.0.x with -XX:LockingMode=1 ({@code Y: beq t3, t4, C ; sub ;
     * lui ; addiw ; and t4, t3, t4 ; sd ; beqz t4, C ; j T}); 21.0.13, stack locking by default ({@code Y: li t1, 0 ;
     * beq t3, t4, C ; sub ; lui ; addiw ; and t4, t3, t4 ; sd ; mv t1, t4 ; j C ; ... C: bnez t1, D ; <the held-monitor
     * count> ; D: beqz t1, L ; j S}), and its lightweight locking (experimental) inside the pair ({@code lr.d.aqrl t4,
     * (a1) ; bne t4, t3, F ; sc.d.rl ; beqz t4, <inline> ; j <retry> ; F: fence ; mv ; j E ; ... E: li t1, 1 ; j G ; ...
     * G: beqz t1, L ; j S}). ppc64le branches inside its pair: 25.0.x and 28-ea
     * ({@code ldarx r15, 0, r3 ; xori r15, r15, 1 ; andi. r0, r15, 131 ; bne T ; stdcx. ; bne <retry> ; isync ; ... T:
     * bne S}), 25.0.x stack locking ({@code ldarx r0, 0, r3 ; cmpd r0, r14 ; bne- R ; stdcx. ; ... R: sub ; li ; and. ;
     * std ; beq C ; b T ; T: bne S}). s390x 25.0.x and 28-ea ({@code csg %r12, %r13, 0(%r2) ; jlh T ; ... T: jne S}),
     * 25.0.x stack locking ({@code csg %r12, %r11, 0(%r2) ; je T ; sgr ; lghi ; ngr %r12, %r13 ; stg ; j T ; T: jne
     * S}). Read on lockedIncrement under qemu-user, 2026-11-29 (riscv64 also with -XX:+UseZacas, below the pair's
     * form). A CAS followed by the opposite condition (success to the slow path, failure on as if locked) is not this.
     */
    MARK_WORD_CAS_FAILING_OUT_OF_LINE("a lock's entry CAS on the mark word whose failure branches to the slow path after the return",
            on(X86_64, Form.shape(code -> Forms.failingOutOfLine(X86_64, code, new Forms.CasBranches(null, "$^", "jne ", "je ",
                    "andq \\$\\S+, %rax", "jmp ", 6, "$^")), "MARK_WORD_CAS, then jne T (lightweight), or je to inline code and the"
                    + " recursion test's andq $imm, %rax and jmp T within 6 (stack locking), where T's jne branches lead to S after a return")),
            on(AARCH64, Form.shape(code -> Forms.failingOutOfLine(AARCH64, code, new Forms.CasBranches(null,
                    "cmp x\\d+, x\\d+|cbnz w\\d+, 0x[0-9a-f]+", "b\\.ne ", "b\\.eq ", "ands x\\d+, x\\d+, x\\d+", "b ", 6, "$^")),
                    "MARK_WORD_CAS, its compare (LSE) or the pair's retry, then b.ne T (lightweight), or b.eq to inline code and the"
                    + " recursion test's ands and b T within 6 (stack locking), where T's b.ne branches lead to S after a return")),
            on(RISCV64, Form.shape(code -> Forms.failingOutOfLine(RISCV64, code, new Forms.CasBranches("lr\\.[dw].*",
                    "bnez (?!t1,)[a-z][a-z0-9]*, 0x[0-9a-f]+|mv [a-z][a-z0-9]*, [a-z][a-z0-9]*|j 0x[0-9a-f]+|li t1, 0", "(bne |bnez t1, )",
                    "beq ", "and [a-z][a-z0-9]*, [a-z][a-z0-9]*, [a-z][a-z0-9]*", "j ", 8,
                    "beqz t1, 0x[0-9a-f]+|fence|mv [a-z][a-z0-9]*, [a-z][a-z0-9]*|li t1, 1")),
                    "MARK_WORD_CAS, the pair's retry, the moves of the value found and C2's flag t1 cleared, then bne T"
                    + " (lightweight), or beq to inline code and the recursion test's and and j T within 8 (stack locking); or"
                    + " the pair's own bne T (21's lightweight locking); where T's path (moves, a fence, t1 set to 1, jumps, and"
                    + " t1's tests: bnez taken, beqz not) leads to S after a return")),
            on(PPC64LE, Form.shape(code -> Forms.failingOutOfLine(PPC64LE, code, new Forms.CasBranches("ldarx .*",
                    "(xori|andi\\.|cmp[a-z]*) .*", "bne[-+]? ", "beq[-+]? ", "and\\. r\\d+, r\\d+, r\\d+", "b ", 8, "$^")),
                    "MARK_WORD_CAS, whose pair branches on its compare with bne T: T's bne (lightweight), or the recursion test's"
                    + " and. and b within 8 (stack locking) then bne, leads to S after a return")),
            on(S390X, Form.shape(code -> Forms.failingOutOfLine(S390X, code, new Forms.CasBranches(null, "$^", "(jne|jlh) ", "je ",
                    "ngr %r\\d+, %r\\d+", "j ", 6, "$^")), "MARK_WORD_CAS, then jlh T (lightweight), or je to T and the recursion"
                    + " test's ngr and j T within 6 (stack locking), where T's jne branches lead to S after a return"))),
    /** C2's out-of-line call that enters a monitor in the runtime, its locking slow path (its names per release: Role). */
    MONITOR_ENTER_SLOW_CALL("monitor-enter slow-path call", anyIsa(Role.MONITOR_ENTER_SLOW_PATH.form())) {
        @Override
        public String hiddenIn(NMethod code) {
            return Forms.runtimeCallsUnnamed(code);
        }
    };

    private final String meaning;
    private final IsaForms forms;

    Op(String meaning, IsaForm... declared) {
        this.meaning = meaning;
        Map<Isa, Form> all = new EnumMap<>(Isa.class);
        for (IsaForm f : declared) {
            for (Isa isa : f.isa() == null ? Isa.values() : new Isa[] {f.isa()}) {
                all.put(isa, f.notOn() == null ? f.form()
                        : Form.notOn("Op." + name() + " is not asserted on " + isa.label() + ": " + f.notOn()));
            }
        }
        this.forms = new IsaForms("Op." + name(), all);
    }

    /**
     * An ISA and the operation's form on it; a null ISA means the same form on all. {@code notOn}, when given, is
     * why the operation is not asserted on that ISA (and the form is null).
     */
    record IsaForm(Isa isa, Form form, String notOn) {
    }

    static IsaForm on(Isa isa, Form form) {
        return new IsaForm(isa, form, null);
    }

    /**
     * The operation is not asserted on this ISA, for the reason given: the port lacks the behaviour (name the
     * HotSpot source of the difference, e.g. {@code "no conditional move without Zicond (HotSpot's riscv.ad)"}), or
     * its form is not written yet while the ISA is brought up. An assertion over it there is skipped with the
     * reason, never passed or failed (Form.notOn).
     */
    static IsaForm notOn(Isa isa, String why) {
        return new IsaForm(isa, null, why);
    }

    static IsaForm anyIsa(Form form) {
        return new IsaForm(null, form, null);
    }

    /** Patterns more than one operation shares. */
    private static final class Forms {
        static final String X86_FENCE = "(mfence|lock add[lq] \\$(0x)?0, .*\\(%rsp\\))";
        /** A fence ordering earlier stores before later loads (StoreLoad), e.g. fence w, r or fence rw, rw. */
        static final String RISCV64_FULL_FENCE = "fence i?o?r?w, i?o?rw?$";
        /** A memory operand based on a register other than sp and the thread (s7); its displacement is group "off". */
        static final String RISCV64_OBJECT_SLOT = "(?<off>-?\\d+)\\((?!(sp|s7)\\))[a-z][a-z0-9]*\\)$";
        /**
         * A load's memory operand based on a register C2 allocates: not sp, not the thread (s7), and not t0 or t1, the
         * macro assembler's scratch registers, through which the nmethod entry barrier reads its guard
         * ({@code auipc t0, 0 ; lwu t0, 86(t0)}) and the inline-cache check its data; its displacement is group "off".
         */
        static final String RISCV64_LOAD_SLOT = "(?<off>-?\\d+)\\((?!(sp|s7|t0|t1)\\))[a-z][a-z0-9]*\\)$";
        /**
         * Zicond's select: czero.{first} and czero.{second} of two values on the same condition register, then the two
         * results combined, either order: or-ed (25.0.5) or added (28-ea+18), the same where one of them is zero.
         */
        static Form riscvZeroedPair(String first, String second) {
            String reg = "[a-z][a-z0-9]*";
            return seq(step("czero\\." + first + " (?<kept>" + reg + "), " + reg + ", (?<cond>" + reg + ")$"),
                    step("czero\\." + second + " (?<other>" + reg + "), " + reg + ", {cond}$").within(2),
                    step("(or|add) " + reg + ", ({kept}, {other}|{other}, {kept})$").within(2));
        }

        /** Any RISC-V instruction with a memory operand, which must not come between lr and sc. */
        static final String RISCV64_MEMORY = ".*\\(";

        /**
         * A compare-and-swap as a reserved pair, counted at the store-conditional: lr.w or lr.d (its ordering suffix
         * a regex, e.g. {@code \\.aq(rl)?}) of an address, a bne on the loaded (maybe masked) value, and sc of the same
         * width to the same address, with no memory access between (RVWMO's constrained LR/SC loop, which C2's
         * MacroAssembler::cmpxchg emits; a byte or short CAS works on the aligned word around it).
         */
        static Form riscvReservedCas(String lrOrder, String scOrder) {
            return seq(riscvReservedPair(step("lr\\.(?<w>[wd])" + lrOrder + " [a-z][a-z0-9]*, \\((?<addr>[a-z][a-z0-9]*)\\)$"), scOrder));
        }

        /**
         * A lock's entry CAS on riscv64: the mark loaded from {obj}, the expected value {exp} made of it with the unlocked
         * bit set ({@code ori exp, mark, 1}), then the CAS's own steps (amocas, or an exclusive pair comparing what it
         * reserved with {exp}).
         */
        static Form riscvMarkWordEntry(Form.Step... cas) {
            List<Form.Step> steps = new ArrayList<>(List.of(step("ld (?<mark>[a-z][a-z0-9]*), 0\\((?<obj>[a-z][a-z0-9]*)\\)$"),
                    step("ori (?<exp>[a-z][a-z0-9]*), {mark}, 1$").within(10)));
            steps.addAll(List.of(cas));
            return seq(steps.toArray(Form.Step[]::new));
        }

        private static Form.Step[] riscvReservedPair(Form.Step lr, String scOrder) {
            return new Form.Step[] {lr, step("bne [a-z][a-z0-9]*, [a-z][a-z0-9]*, ").withNoneBetween(RISCV64_MEMORY),
                    step("sc\\.{w}" + scOrder + " [a-z][a-z0-9]*, [a-z][a-z0-9]*, \\({addr}\\)$").withNoneBetween(RISCV64_MEMORY)};
        }

        /**
         * Why a runtime call's role cannot be read from the code's notes, or null: a {runtime_call nmethod} note is a
         * call whose destination the VM read as a stub of the calling nmethod itself, so its note names no stub. Measured
         * on riscv64 with 25.0.5 (every C2 runtime call is auipc, ld of the target from an address stub, jalr or jal,
         * JDK-8343430), where 28-ea+18 names the stub (JDK-8392364, RISC-V: Merge reloc_destination into destination).
         * Only the main code's calls count: a static call's stub in the nmethod's stub section is an unpatched jump to
         * itself noted {runtime_call nmethod} on every ISA (x86_64 25.0.3: {@code jmp <itself>}), in every nmethod with
         * a static call, and says nothing about the method's runtime calls.
         */
        static String runtimeCallsUnnamed(NMethod code) {
            return code.mainCode().stream().flatMap(i -> i.annotations().stream()).anyMatch(a -> a.contains("{runtime_call nmethod}"))
                    ? "its runtime calls are noted {runtime_call nmethod}: the VM read their destination as an address stub of the"
                            + " nmethod itself and named no stub (riscv64 before JDK-8392364), so the call's role cannot be read" : null;
        }

        /** The dirty card value, zero: an immediate or r12's low byte where r12 holds zero (anatomy.isa.Registers). */
        static final String X86_DIRTY = "(\\$(0x)?0|%{heapZero}b)";
        /** An instruction that leaves the straight line: a jump, a call, a return. */
        static final String X86_CONTROL_TRANSFER = "(j[a-z]+|call[q]?|ret[q]?|hlt)\\b";
        /** An instruction with a memory operand (lea only computes an address; nop's operand is padding). */
        static final String X86_MEMORY = "(?!(lea[lq]?|nop[wlq]?) )[a-z ]+ .*\\(";
        /** An instruction with a memory operand D(X,B) (la and lay only compute an address). */
        static final String S390X_MEMORY = "(?!la[y]? )[a-z]+ .*\\(";
        /**
         * An x86_64 instruction that writes the register, at any width (AT&amp;T: the destination is the last operand;
         * a compare or test writes none). {@code reg} is a capture such as {@code {mark}} (r10: r10d, r10w, r10b too)
         * or alternatives of names.
         */
        static String x86Writes(String reg) {
            return "(?!(test|cmp)[bwlq]? )[a-z]+ (.*, )?%(" + reg + ")[dwb]?$";
        }

        /** As {@link #x86Writes}, an and with an immediate left out (lock bits cleared in place, JDK 21's lightweight locking). */
        static String x86WritesExceptAnd(String reg) {
            return "(?!(test|cmp|and)[bwlq]? )[a-z]+ (.*, )?%(" + reg + ")[dwb]?$|" + X86_JUMP;
        }

        /** An unconditional transfer: a jump, a call, a return (a conditional jump may leave the path, and come back). */
        static final String X86_JUMP = "(jmp[q]?|call[q]?|ret[q]?)\\b";

        /** Between a CAS's expected value set in rax and the CAS: nothing writes rax, no other locked instruction, no jump, call or return. */
        static final String X86_KEEPS_EXPECTED = x86Writes("rax|eax|ax|al") + "|lock |j[a-z]+ |call[q]?\\b|ret[q]?\\b";
        static final String AARCH64_CONTROL_TRANSFER = "((b|bl|br|blr|ret|cbz|cbnz|tbz|tbnz)\\b|b\\.)";
        /** A field of the current thread (r15), e.g. {@code 0x50(%r15)}. */
        static final String X86_THREAD_FIELD = "(0x[0-9a-f]+|\\d+)?\\(%r15\\)";
        /** A memory operand based on a register other than the stack pointer; its displacement is group "off". */
        static final String X86_OBJECT_SLOT = "(?<off>-?(0x[0-9a-f]+|\\d+))?\\(%(?!rsp)\\w+\\)$";
        static final String AARCH64_OBJECT_SLOT = "\\[x\\d+(, #(?<off>-?(0x[0-9a-f]+|\\d+)))?\\]$";
        /** A memory operand to load from: displacement, base, maybe index and scale. */
        static final String X86_LOAD_SOURCE = "(-?(0x[0-9a-f]+|\\d+))?\\(%\\w+(, %\\w+, \\d)?\\)";

        /** A load into a register from a displacement off {@code reg} alone: no index, no scale (the register is the address). */
        static String x86LoadBasedOn(String reg) {
            return "mov([bwlq]|[sz]b[wlq]?|[sz]w[lq]?|slq)? (-?(0x[0-9a-f]+|\\d+))?\\(" + reg + "\\), %\\w+$";
        }

        /** ppc64le's load of a compressed reference: lwz from an offset off a register other than the stack (r1) and the thread (r16). */
        static final String PPC64LE_NARROW_LOAD = "lwz (?<n>r\\d+), -?\\d+\\((?!r1\\)|r16\\))r\\d+\\)$";

        /** A ppc64le D-form load from an offset off {@code reg}. */
        static String ppcLoadBasedOn(String reg) {
            return "p?l(bz|hz|ha|wz|wa|d) r\\d+, -?\\d+\\(" + reg + "\\)$";
        }

        /**
         * An access whose memory operand scales {@code reg} by 8 and adds the heap base r12, or nothing. Not a leaq:
         * that puts the decoded address into a register, as MacroAssembler::decode_heap_oop_not_null(dst, src) does
         * when C2 decodes apart from the access (a DecodeN not folded into the address); the access then goes through
         * that register.
         */
        static String x86DecodedIn(String reg) {
            return "(?!lea)\\S+ .*\\((%r12)?, " + reg + ", 8\\)";
        }

        /**
         * s390x's compare-and-swap, cs, csy or csg: z/Architecture performs a serialization before and after it, so
         * every cs is ordered both ways (there is no relaxed one); C2 emits it for compareAndSet and a lock's entry.
         */
        static final String S390X_CAS = "cs[gy]? %r\\d+, %r\\d+, ";
        /**
         * An s390x instruction that writes the register: one naming it first, other than a store, a compare or a
         * test under mask (which read it); a CAS does write it (the value found, on a miss).
         */
        static String s390xWrites(String reg) {
            return "(?!(st[a-z]*|tm[a-z]*|c(?!s)[a-z]*) )[a-z]+ " + reg + "(,|$)";
        }

        /** A branch, jump or call (a relative jump j..., a branch on a register b...r, brasl). */
        static final String S390X_BRANCH = "(j[a-z]*|brasl|b[a-z]*r) ";

        /** An unconditional jump, call or return (j, jg, brasl, br, basr): a conditional jump may leave the path, and come back. */
        static final String S390X_JUMP = "(jg?|brasl|br|basr) ";
        /** s390x's serialization, bcr 14,0 (LLVM: bnor %r0) or bcr 15,0 (bor %r0): HotSpot's z_fence. */
        static final String S390X_FENCE = "(bnor %r0|bcr 1[45], %r0|bor %r0)$";
        /** A memory operand not based on the stack pointer (%r15); its displacement is group "off". */
        static final String S390X_OBJECT_SLOT = "(?<off>-?\\d+)?\\((%r\\d+,)?%r(?!15\\))\\d+\\)";
        /** A store to memory on s390x (st, sty, stg, sth, stc, ste, std, ...; mvhi, mvghi, mvhhi, mvi of an immediate). */
        static final String S390X_STORE = "(st[cdeghy]{0,2}|mv[gh]?hi|mviy?) [^,]+, ";
        /** An s390x memory operand with {@code reg} (a placeholder or a register) as its base or index. */
        static String s390xBasedOn(String reg) {
            return ".*-?\\d*\\(([^)]*,)?" + reg + "(,[^)]*)?\\)";
        }

        /**
         * The branches of s390x's CMoves of an immediate (s390.ad z_enc_cmov_imm): a conditional relative branch
         * (j&lt;cond&gt;, brc) to the instruction right after the next one, which loads an immediate (lghi, lhi). An if
         * of C2's own puts each value in its own block, and its branch goes further.
         */
        static List<Form.Match> s390xBranchesOverOneLoad(List<Instruction> code) {
            List<Form.Match> found = new java.util.ArrayList<>();
            for (int i = 0; i + 2 < code.size(); i++) {
                Instruction branch = code.get(i);
                if (branch.mnemonic().matches("j(?!g?$)g?[a-z]{1,3}|brcl?") && code.get(i + 1).text().matches("lg?hi %r\\d+, -?\\d+")
                        && S390X.branchTarget(branch.text()) == code.get(i + 2).address()) {
                    found.add(new Form.Match(branch, Map.of()));
                }
            }
            return found;
        }

        /**
         * How C2's code on one ISA branches on a lock's entry CAS (MARK_WORD_CAS_FAILING_OUT_OF_LINE). The branch is
         * the first instruction after the CAS that {@code skip} does not match (AArch64's compare of the old value, the
         * pair's retry, riscv64's moves of the value found), or else, where {@code pairStart} names the exclusive pair's
         * load, the first after that load (ppc64le's compare sits inside its pair, as riscv64's does in 21's lightweight
         * locking). It is {@code failed} T (lightweight locking; from inside a pair T may be the recursion test, ppc64le's
         * stack locking), or {@code succeeded} to an inline target with the failure falling into the recursion test
         * ({@code recursion}, then {@code jump} within {@code window}: stack locking). On its way to the slow path the
         * failure follows {@code failed} branches (the outcome unchanged: C2's branch on FastLock's), unconditional
         * jumps, and the instructions {@code passes} names (riscv64's moves, a fence, C2's flag register t1 set to 1 or
         * tested by {@code beqz t1}: not taken on a failure, which left the flag set), at most eight steps.
         */
        record CasBranches(String pairStart, String skip, String failed, String succeeded, String recursion, String jump, int window,
                String passes) {
        }

        /**
         * The entry CASes of MARK_WORD_CAS_FAILING_OUT_OF_LINE: each MARK_WORD_CAS whose outcome the branch after it
         * reads as the operation says (CasBranches), the failure leading to code after a return.
         */
        static List<Form.Match> failingOutOfLine(Isa isa, List<Instruction> code, CasBranches how) {
            Map<Long, Integer> at = new java.util.HashMap<>();
            for (int i = 0; i < code.size(); i++) {
                at.put(code.get(i).address(), i);
            }
            List<Form.Match> found = new java.util.ArrayList<>();
            for (Form.Match cas : MARK_WORD_CAS.form(isa).matches(code, isa)) {
                int anchor = code.indexOf(cas.at());
                int pair = anchor;
                while (how.pairStart() != null && pair > 0 && !code.get(pair).text().matches(how.pairStart())) {
                    pair--;
                }
                if (branchReads(isa, code, at, anchor + 1, false, how)
                        || how.pairStart() != null && pair > 0 && branchReads(isa, code, at, pair + 1, true, how)) {
                    found.add(cas);
                }
            }
            return found;
        }

        /**
         * Whether the first instruction from {@code from} that {@code skip} does not match branches on the CAS's outcome
         * as CasBranches says; {@code inPair}: a branch inside the exclusive pair, whose failure may go to the recursion
         * test first (ppc64le's stack locking).
         */
        private static boolean branchReads(Isa isa, List<Instruction> code, Map<Long, Integer> at, int from, boolean inPair, CasBranches how) {
            int b = from;
            while (b < code.size() && code.get(b).text().matches(how.skip())) {
                b++;
            }
            String branch = b < code.size() ? code.get(b).text() : "";
            long t = isa.branchTarget(branch);
            long recursionTest = recursionTestJump(isa, code, b + 1, how);
            if (recursionTest >= 0) {
                // the failure falls into the recursion test: the branch is the success's, to inline code
                return branch.matches(how.succeeded() + ".*") && t >= 0 && !afterReturn(isa, code, b, t)
                        && afterReturn(isa, code, b, followed(isa, code, at, recursionTest, how));
            }
            // the branch is the failure's: to the slow path, or from inside the pair to the recursion test first
            long pastRecursion = inPair && at.containsKey(t) && !code.get(at.get(t)).text().matches(how.failed() + ".*")
                    ? recursionTestJump(isa, code, at.get(t), how) : -1;
            return branch.matches(how.failed() + ".*") && t >= 0
                    && afterReturn(isa, code, b, followed(isa, code, at, pastRecursion >= 0 ? pastRecursion : t, how));
        }

        /** Stack locking's failure path from {@code from}: the recursion test, then a jump within the window; where it jumps, or -1. */
        private static long recursionTestJump(Isa isa, List<Instruction> code, int from, CasBranches how) {
            boolean recursionTest = false;
            for (int i = from; i < Math.min(from + how.window(), code.size()); i++) {
                String text = code.get(i).text();
                recursionTest |= text.matches(how.recursion());
                if (text.matches(how.jump() + ".*")) {
                    return recursionTest ? isa.branchTarget(text) : -1;
                }
            }
            return -1;
        }

        /**
         * Where a path that arrives at {@code target} with the failure's outcome goes: through {@code failed} branches,
         * unconditional jumps and the instructions {@code passes} names, at most eight steps.
         */
        private static long followed(Isa isa, List<Instruction> code, Map<Long, Integer> at, long target, CasBranches how) {
            for (int hops = 0; hops < 8 && at.containsKey(target); hops++) {
                int i = at.get(target);
                String text = code.get(i).text();
                if (text.matches(how.failed() + ".*") || isa.neverFallsThrough(text) && !isa.isReturn(text) && isa.branchTarget(text) >= 0) {
                    target = isa.branchTarget(text);
                } else if (text.matches(how.passes()) && i + 1 < code.size()) {
                    target = code.get(i + 1).address();
                } else {
                    break;
                }
            }
            return target;
        }

        /** {@code target} lies after a return that comes after instruction {@code from}: out of line. */
        private static boolean afterReturn(Isa isa, List<Instruction> code, int from, long target) {
            return code.subList(from, code.size()).stream().anyMatch(i -> isa.isReturn(i.text()) && i.address() < target);
        }

        /** s390x's CMove of an immediate, counted at its branch (s390xBranchesOverOneLoad). */
        static final Form S390X_IMMEDIATE_CMOVE = Form.shape(Forms::s390xBranchesOverOneLoad, "a conditional branch to the"
                + " instruction after the next, which loads an immediate (lghi, lhi): C2's CMove of an immediate (s390.ad,"
                + " z_enc_cmov_imm: lghi %r2, 2 ; ltr %r12, %r12 ; je +8 ; lghi %r2, 1), counted at the branch");

        /** A vector register zeroed on riscv64: vxor.vv v, v, v or vmv.v.i v, 0. */
        private static final Pattern RISCV64_VECTOR_ZEROED = Pattern.compile("vxor\\.vv (v\\d+), \\1, \\1|vmv\\.v\\.i (v\\d+), 0");
        private static final Pattern RISCV64_VECTOR_STORE = Pattern.compile("vse(8|16|32|64)\\.v (v\\d+), \\(([a-z][a-z0-9]*)\\)");
        private static final Pattern RISCV64_VSETVLI = Pattern.compile("vsetvli [a-z][a-z0-9]*, ([a-z][a-z0-9]*), e(8|16|32|64)\\b.*");

        /**
         * The stores of riscv64's vector clears of memory (riscv.ad, ClearArray under UseRVV): a vector register zeroed
         * and stored (vse8..64.v) within three instructions, each with what the code says of its extent. "clear" is
         * always captured; "off", the offset the address register was given ({@code addi p, base, off}), and "bytes",
         * the length its last vsetvli was given ({@code li n, N} or {@code addiw n, zero, N}: N elements of its width), where the instruction that
         * last wrote that register before is one of those: the clear then covers [off, off + bytes), strip-mined or not.
         */
        static List<Form.Match> riscvVectorClears(List<Instruction> code) {
            List<Form.Match> found = new java.util.ArrayList<>();
            for (int i = 0; i < code.size(); i++) {
                Matcher zeroed = RISCV64_VECTOR_ZEROED.matcher(code.get(i).text());
                if (!zeroed.matches()) {
                    continue;
                }
                String v = zeroed.group(1) != null ? zeroed.group(1) : zeroed.group(2);
                for (int j = i + 1; j < Math.min(code.size(), i + 4); j++) {
                    Matcher store = RISCV64_VECTOR_STORE.matcher(code.get(j).text());
                    if (store.matches() && store.group(2).equals(v)) {
                        Map<String, String> read = new java.util.HashMap<>(Map.of("clear", code.get(j).mnemonic()));
                        Matcher start = lastWriteOf(code, j, store.group(3), "addi [a-z][a-z0-9]*, (?!sp\\b)[a-z][a-z0-9]*, (\\d+)");
                        if (start != null) {
                            read.put("off", start.group(1));
                        }
                        for (int k = j - 1; k >= 0; k--) {
                            Matcher vl = RISCV64_VSETVLI.matcher(code.get(k).text());
                            if (vl.matches()) {
                                Matcher n = lastWriteOf(code, k, vl.group(1), "(?:li [a-z][a-z0-9]*|addiw? [a-z][a-z0-9]*, zero), (\\d+)");
                                if (n != null) {
                                    read.put("bytes", Long.toString(Long.parseLong(n.group(1)) * Integer.parseInt(vl.group(2)) / 8));
                                }
                                break;
                            }
                        }
                        found.add(new Form.Match(code.get(j), Map.copyOf(read)));
                        break;
                    }
                }
            }
            return found;
        }

        /**
         * The instruction before index {@code before} that last wrote {@code reg} (riscv64 puts the written register
         * first), matched against {@code regex}, or null when it is not one of those or none is found.
         */
        private static Matcher lastWriteOf(List<Instruction> code, int before, String reg, String regex) {
            for (int k = before - 1; k >= 0; k--) {
                String text = code.get(k).text();
                if (text.matches("[a-z.]+ " + Pattern.quote(reg) + ",.*")) {
                    Matcher m = Pattern.compile(regex).matcher(text);
                    return m.matches() ? m : null;
                }
            }
            return null;
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
            if (isa == PPC64LE || isa == RISCV64) {    // stb, sth, stw, std (ppc: u, x, ux forms); sb ... sd, fsw, fsd
                m = java.util.regex.Pattern.compile(isa == PPC64LE ? "^st([bhwd])(u|x|ux)? " : "^f?s([bhwd]) ").matcher(text);
                return !m.find() ? 0 : switch (m.group(1)) {
                    case "b" -> 1;
                    case "h" -> 2;
                    case "w" -> 4;
                    default -> 8;
                };
            }
            if (isa == S390X) {   // xc d(len,b): len bytes; mvghi/stg 8, mvhi/st(y) 4, mvhhi/sth(y) 2, mvi(y)/stc(y) 1
                m = java.util.regex.Pattern.compile("^xc \\d+\\((\\d+),").matcher(text);
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
                m = java.util.regex.Pattern.compile("^(mvghi|stg|mvhi|sty?|mvhhi|sthy?|mviy?|stcy?) ").matcher(text);
                return !m.find() ? 0 : switch (m.group(1)) {
                    case "mvghi", "stg" -> 8;
                    case "mvhi", "st", "sty" -> 4;
                    case "mvhhi", "sth", "sthy" -> 2;
                    default -> 1;
                };
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

    /**
     * POWER's forms (LLVM's text, registers by name): the reservation pair, lXarx ... stXcx. on one address with no
     * memory access between (a store-conditional fails on a reservation lost to another access), and the barriers
     * HotSpot's PPC port orders it with (MacroAssembler::cmpxchgd, ppc.ad): a release before it, sync (a
     * MemBarVolatile: support_IRIW_for_not_multiple_copy_atomic_cpu is true on PPC) or lwsync, and an acquire after
     * it, isync behind the loop's branch (sync where IRIW support is off). Counted at the store-conditional.
     */
    private static final class Ppc {
        /** Any POWER instruction that reads or writes memory: a displacement on a base, an x-form, the pair, dcbz. */
        static final String MEMORY = "(.*, -?\\d+\\(r\\d+\\)(, [01])?$|(l[bhwdq][a-z]*x|st[bhwdq][a-z]*x\\.?|lf[sd]u?x|stf[sd]u?x"
                + "|lxv[a-z0-9]*x|stxv[a-z0-9]*x|dcbzl?) )";
        /** The release before the pair (a full or lightweight sync) and the acquire after it. */
        private static final String RELEASE = "(hw|lw)?sync$";
        private static final String ACQUIRE = "i?sync$";
        /** The loaded value compared: with a register or an immediate, or masked (andi.) as the mark word is. */
        private static final String COMPARE = "(cmpl?[wd]i? (cr[0-7], )?({old}, \\S+|\\S+, {old})|andi\\. r\\d+, {old}, \\d+)$";

        /** A memory operand off a register other than the stack pointer (r1) and the thread (r16); its displacement is "off". */
        static final String OBJECT_SLOT = "(?<off>-?\\d+)\\((?!r1\\)|r16\\))r\\d+\\)(, 0)?$";

        /**
         * An instruction that may write register {@code reg} (a placeholder such as {z}): one whose first operand
         * is that register, as every POWER instruction that writes a general register has it, but for the ones whose
         * first operand they only read (stores, compares, traps, moves to a special register); a load or store with
         * update through it; any call (C2's Java calls keep no value in a register: ppc.ad's registers are all
         * save-on-call for Java).
         */
        static String writes(String reg) {
            return "((?!st|cmp(?!b )|t[wd]|mt)[a-z][a-z0-9.]*[+-]? " + reg + "(,|$)|(l[a-z]*u|st[a-z]*u)x? r\\d+, (-?\\d+\\(" + reg
                    + "\\)|" + reg + ",)|(bla?|bctrl|blrl|bcctrl|bclrl|b[a-z]*(ctrl|lrl)[+-]?)( |$))";
        }

        /**
         * A store of zero into an object, by data flow: POWER has no zero register, so C2 sets one to zero (li rZ, 0;
         * lis rZ, 0, as its header and array zeroing does; xor rZ, rX, rX) and stores it (stb, sth, stw, std at a
         * displacement off a register that is not r1 or r16), with no instruction between that writes rZ
         * ({@link #writes}) and no branch target between (no other path joins with another value in rZ). Every such
         * store of the register counts. Measured on 25.0.5 and 28-ea+18: {@code li r15, 0 ... stw r15, 12(r3)}
         * (a field zeroed before a call that could read it), {@code lis r14, 0 ; ... std r14, 16(r3) ; std r14,
         * 24(r3)} (a small array's payload).
         */
        static Form zeroStore() {
            Form.Step store = step("p?st[bhwd] {z}, " + OBJECT_SLOT).withNoneBetween(writes("{z}")).withNoJoinBetween().everyOne();
            return anyOf(seq(step("lis? (?<z>r\\d+), 0$"), store), seq(step("xor (?<z>r\\d+), (?<x>r\\d+), \\k<x>$"), store))
                    .except(stackStore());
        }

        /** A store of a general register into an object that is not a store of a register known to hold zero. */
        static Form fieldStore() {
            return insn("p?st[bhwd] r\\d+, " + OBJECT_SLOT).except(anyOf(zeroStore(), stackStore()));
        }

        /**
         * A store into the stack through a register the stack pointer was copied to or offset into, by data flow as
         * in {@link #zeroStore}: the prologue's stack bang ({@code addis r11, r1, -1 ; std r0, -16384(r11)}) and its
         * save of the return address in the caller's frame ({@code mr r21, r1 ; ... std r20, 16(r21)}).
         */
        static Form stackStore() {
            Form.Step store = step("st[bhwd] r\\d+, -?\\d+\\({b}\\)$").withNoneBetween(writes("{b}")).withNoJoinBetween().everyOne();
            return anyOf(seq(step("mr (?<b>r\\d+), r1$"), store), seq(step("addis? (?<b>r\\d+), r1, -?\\d+$"), store));
        }

        /** The conditions of POWER's extended conditional branches. */
        private static final String CONDITION = "(lt|le|eq|ge|gt|nl|ne|ng|so|ns|un|nu)";

        /**
         * A compare into a condition field (cmpw, cmpld, cmpwi, ...; a record form, andi. or rldicl., into cr0), then
         * a conditional branch on that field to an address, the field's compare the latest before it: the VM's own
         * checks are excluded by what they compare and how they branch (the nmethod entry barrier, {@code ld r0,
         * 32(r16) ; cmpw r0, r22 ; bnectrl}, a conditional call; the return poll, {@code ld r12, 40(r16) ; tdlgt r1,
         * r12}, a trap, or with -XX:-UseSIGTRAP a compare of r1, the stack pointer). Counted at the branch.
         */
        static Form conditionalBranch() {
            String cmp = "cmpl?[wd]i? ";
            String notVm = "(?!.*\\br1\\b)";
            return anyOf(seq(step("(?!ld r\\d+, \\d+\\(r16\\))"), step(cmp + notVm + "(?<cr>cr[0-7]), ").within(1),
                            step("b" + CONDITION + "[+-]? {cr}, 0x").within(8).withNoneBetween(cmp + "{cr},")),
                    seq(step("(?!ld r\\d+, \\d+\\(r16\\))"), step("(" + cmp + notVm + "(?!cr[0-7],)r\\d+, |[a-z]+\\. r\\d+, )").within(1),
                            step("b" + CONDITION + "[+-]? 0x").within(4).withNoneBetween("(" + cmp + "(?!cr[1-7],)|[a-z]+\\. )")));
        }

        /** {@code rldicl rA, rS, 64-n, n} (a logical shift right by n, as LLVM prints srdi) for n from lo to hi. */
        static String shiftRight(int lo, int hi) {
            StringBuilder alternatives = new StringBuilder("(");
            for (int n = lo; n <= hi; n++) {
                alternatives.append(n == lo ? "" : "|").append(64 - n).append(", ").append(n).append("|").append(n);
            }
            return alternatives.append(")").toString();
        }

        private static Form.Step[] pair(String address, String middle, String stored) {
            return new Form.Step[] {step("l(?<w>[bhwd])arx (?<old>r\\d+), 0, " + address + "(, [01])?$"),
                    step(middle).withNoneBetween(MEMORY),
                    step("st{w}cx\\. " + stored + ", 0, {addr}$").withNoneBetween(MEMORY).anchor()};
        }

        /**
         * A CAS: the pair with a compare between; ordered: a release before it, no store between (which it would not
         * order), and an acquire within 4 after. C2 may schedule the address's computation and cmpxchgd's contention
         * hint (a plain load of the value, compared, an early exit) between the sync and the pair: 11 instructions for
         * the AQS state's CAS in ReentrantReadWriteLock's read lock, 28-ea+18.
         */
        static Form reservedCas(boolean ordered) {
            Form.Step[] pair = pair("(?<addr>r\\d+)", COMPARE, "r\\d+");
            return ordered ? seq(step(RELEASE), pair[0].within(16).withNoneBetween(STORE), pair[1], pair[2], step(ACQUIRE).within(4))
                    : seq(pair);
        }

        /** A store to memory (D-form, indexed, with update, conditional, floating-point, vector; dcbz clears a block). */
        private static final String STORE = "(p?st[bhwdq][a-z]*\\.?|stf[sd][a-z]*|stxv[a-z0-9]*|dcbzl?) ";

        /** An atomic add with release and acquire: the loaded value added to, the sum stored conditionally. */
        static Form reservedAdd() {
            Form.Step[] pair = pair("(?<addr>r\\d+)", "addi? (?<new>r\\d+), ({old}, \\S+|r\\d+, {old})$", "{new}");
            return seq(step(RELEASE), pair[0].within(8), pair[1], pair[2], step(ACQUIRE).within(4));
        }

        /**
         * The mark word loaded from offset 0 of an object and its lock bits tested (lightweight locking: andi. with
         * the lock mask, 3, or, 21's experimental lightweight locking, with the monitor bit, 2: {@code ld r14, 0(r3) ;
         * andi. r15, r14, 2 ; bne ; ... ; ldarx r14, 0, r3}, 21.0.13) or set (stack locking: ori with unlocked, 1), then
         * its CAS with acquire at offset 0 of the same register. The lock bits tell it from cmpxchgd's own plain load
         * before its pair (the contention hint), which also reads offset 0 of the register it CASes through.
         */
        static Form markWordCas() {
            return seq(step("ld (?<mark>r\\d+), 0\\((?<addr>r\\d+)\\)$"), step("(andi\\. r\\d+, {mark}, [23]|ori {mark}, {mark}, 1)$").within(3),
                    step("ldarx (?<old>r\\d+), 0, {addr}(, [01])?$"), step(COMPARE).withNoneBetween(MEMORY),
                    step("stdcx\\. r\\d+, 0, {addr}$").withNoneBetween(MEMORY).anchor(), step(ACQUIRE).within(4));
        }
    }

    /**
     * The polls are the VM's safepoint mechanism, at the return of every method (and in loops): searched in all of the
     * main code, the return poll's too ({@code anatomy.isa.VmCode}); their presence anchors no claim about the
     * method's own code.
     */
    @Override
    public boolean isVmCode() {
        return switch (this) {
            case SAFEPOINT_POLL, RETURN_POLL, THREAD_LOCAL_POLL, STACK_WATERMARK_POLL -> true;
            default -> false;
        };
    }

    @Override
    public String meaning() {
        return meaning;
    }

    /**
     * The stores that write the byte at {@code offset} from the object's address, e.g. into the field there
     * (read it from the VM: Unsafe.objectFieldOffset): the store's displacement (or the offset added to the
     * address it stores through) and its width cover it. For ZERO_STORE, FIELD_STORE; for FIELD_LOAD the loads
     * from exactly that offset, the field's own load (a premise tied to the field the claim is about, where a bare
     * FIELD_LOAD would be met by any load).
     */
    public Operation at(long offset) {
        if (this != ZERO_STORE && this != FIELD_STORE && this != FIELD_LOAD) {
            throw new IllegalArgumentException(name() + ".at(offset): only ZERO_STORE, FIELD_STORE and FIELD_LOAD have an offset");
        }
        return new AtOffset(this, offset);
    }

    /** A store's occurrences narrowed to those covering one offset of the object; a load's to those from it. */
    private record AtOffset(Op base, long offset) implements Operation {
        @Override
        public String name() {
            return base.name() + " at offset " + offset;
        }

        @Override
        public String meaning() {
            return base.meaning() + (isLoad() ? ", reading offset " : ", writing offset ") + offset;
        }

        private boolean isLoad() {
            return base == FIELD_LOAD;
        }

        @Override
        public List<Instruction> find(List<Instruction> code, Isa isa) {
            return Formed.judged(() -> base.form(isa).matches(code, isa)).stream().filter(m -> covers(m, isa)).map(Form.Match::at).toList();
        }

        private boolean covers(Form.Match m, Isa isa) {
            String off = m.captured().get("off");
            long start = off == null ? 0 : off.startsWith("-") ? -Long.decode(off.substring(1)) : Long.decode(off);
            if (m.captured().containsKey("clear")) {     // a clear of memory upwards from its start (riscv64's RVV)
                String bytes = m.captured().get("bytes");
                if (off != null && start >= offset) {
                    return start == offset;
                }
                if (off != null && bytes != null) {
                    return offset < start + Long.parseLong(bytes);
                }
                throw new Inconclusive(name() + " cannot be judged: a clear of memory (" + m.at() + ") may write offset " + offset
                        + ", and the code does not say " + (off == null ? "where it starts" : "how far it goes from offset " + start)
                        + " (" + base.form(isa).describe(isa).lines().filter(l -> l.contains("vse")).findFirst().orElse("") + ")");
            }
            int width = isLoad() ? 1 : Forms.storeWidth(isa, m.at().text());
            return start == offset || (start < offset && offset < start + width);
        }

        @Override
        public String patterns(Isa isa) {
            return base.patterns(isa) + "\nat offset " + offset + (isLoad() ? ": the load's displacement (or the offset added to"
                    + " the register it loads through) is " + offset : ": the store's displacement (or the offset added to the"
                    + " register it stores through) and its width cover offset " + offset);
        }

        @Override
        public boolean needsInstructions(Isa isa) {
            return base.needsInstructions(isa);
        }

        @Override
        public String absentOn(Isa isa) {
            return base.absentOn(isa);
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

    /**
     * An operation's forms, one for every ISA: a form, an absence (the ISA has no such instruction) or a declared
     * "not on this ISA" with its reason. An ISA none of these names is an error saying how to add it, so a new ISA
     * is brought up one operation at a time, each one's state stated.
     */
    record IsaForms(String declared, Map<Isa, Form> forms) {
        IsaForms {
            for (Isa isa : Isa.values()) {
                if (!forms.containsKey(isa)) {
                    throw new IllegalStateException(declared + " declares nothing for " + isa.label() + ": add on("
                            + isa.name() + ", ...) beside its other forms in lib/anatomy/Op.java, on(" + isa.name()
                            + ", Form.absent(\"why\")) if " + isa.label() + " has no such instruction, or notOn("
                            + isa.name() + ", \"why\") if the pack does not assert it there (yet)");
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
                AARCH64, seq(step("add [wx]\\d+, [wx]\\d+, #(?<imm>-?(0x[0-9a-f]+|\\d+))$").where("imm", immediate, described)),
                RISCV64, seq(step("addiw? [a-z][a-z0-9]*, [a-z][a-z0-9]*, (?<imm>-?\\d+)$").where("imm", immediate, described)),
                PPC64LE, seq(step("addi r\\d+, r\\d+, (?<imm>-?\\d+)$").where("imm", immediate, described)),
                // s390x: an add of the immediate to a register or to memory; or the immediate loaded into a register
                // that is then added to a value from memory (25.0.5: lghi %r13, 264 ; a %r13, 12(%r11))
                S390X, anyOf(seq(step("((a|ag)(hi|fi|hik) %r\\d+, (%r\\d+, )?|a(g)?si -?\\d*\\(%r\\d+\\), )(?<imm>-?\\d+)$")
                                .where("imm", immediate, described)),
                        seq(step("lg?hi (?<r>%r\\d+), (?<imm>-?\\d+)$").where("imm", immediate, described),
                                step("ag?r?k? {r}, ").within(2)))));
    }

    /**
     * The conditional branches whose condition compares a value with {@code constant}: the compare of an immediate
     * and the jump on its flags, or (riscv64, which compares in the branch) a branch on a register loaded with the
     * constant just before. It ties a branch to the bytecode it stands for, as {@link #at} ties a load to its field:
     * the inline-cache check, the entry barrier, a loop's back-edge or a range check compare other things, so they
     * cannot meet it. A test compares with a constant of its own; zero is refused (a test against zero has forms of
     * its own, test, cbz, beqz, and is what a length check or a count-down loop does too).
     */
    public Operation comparing(long constant) {
        if (this != CONDITIONAL_BRANCH) {
            throw new IllegalArgumentException(name() + ".comparing(constant): only CONDITIONAL_BRANCH has a compared value");
        }
        if (constant == 0) {
            throw new IllegalArgumentException("CONDITIONAL_BRANCH.comparing(0): a test against zero is what a length check or a"
                    + " count-down loop does too; compare with a constant of the test's own");
        }
        String eq = "== " + constant;
        // a 32-bit compare's immediate may be printed as its unsigned bits ($0xffffffff for -1)
        LongPredicate is = v -> v == constant || v == (constant & 0xffffffffL);
        LongPredicate negated = v -> v == -constant;
        String imm = "(?<imm>-?(0x[0-9a-f]+|\\d+))";
        return new Parameterized("CONDITIONAL_BRANCH comparing " + constant, "conditional branch on a value compared with " + constant, Map.of(
                X86_64, seq(step("cmp[bwlq]? \\$" + imm + ", (?!.*%(r15|rsp)\\b).+$").where("imm", is, eq), step("j(?!mp)[a-z]{1,3} ").within(1)),
                AARCH64, anyOf(seq(step("cmp (?!sp,)[wx]\\d+, #" + imm + "$").where("imm", is, eq), step("b\\.[a-z]{2} ").within(1)),
                        seq(step("cmn (?!sp,)[wx]\\d+, #" + imm + "$").where("imm", negated, "== -(" + constant + ")"),
                                step("b\\.[a-z]{2} ").within(1))),
                // the constant loaded into a register (LLVM prints addi rd, zero, imm as li; C2 also writes addiw rd, zero,
                // imm, printed as it is: 25.0.5), then a branch on it
                RISCV64, seq(step("(li|addiw?) (?<k>[a-z][a-z0-9]*), (zero, )?(?<imm>-?\\d+)$").where("imm", is, eq),
                        step("b(eq|ne|lt|ge|ltu|geu|gt|le|gtu|leu) ([a-z][a-z0-9]*, {k}|{k}, [a-z][a-z0-9]*), ").within(3)
                                .withNoneBetween("[a-z.]+ {k},")),
                PPC64LE, seq(step("cmpl?[wd]i (?<cr>(cr[0-7], )?)r\\d+, (?<imm>-?\\d+)$").where("imm", is, eq),
                        step("b" + Ppc.CONDITION + "[+-]? {cr}0x").within(4)),
                S390X, anyOf(seq(step("(c|cg|cl|clg)(h|f|gf)?i %r(?!(8|15)\\b)\\d+, (?<imm>-?\\d+)$").where("imm", is, eq),
                                step("j(?!g? )g?[a-z]{1,3} ").within(1)),
                        seq(step("cl?g?ij[a-z]{1,3} %r(?!(8|15)\\b)\\d+, (?<imm>-?\\d+), ").where("imm", is, eq)))
                        .except(Forms.S390X_IMMEDIATE_CMOVE)));
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
