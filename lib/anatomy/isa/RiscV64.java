package anatomy.isa;

import java.util.regex.Pattern;

/**
 * RISC-V (RV64GC and extensions) as LLVM's disassembler prints it: ABI register names, the assembler's aliases
 * ({@code mv}, {@code li}, {@code j}, {@code ret}, {@code beqz}), compressed instructions printed as the
 * instructions they expand to: {@code ld a0, 8(a1)}, {@code beq a1, t2, 0x...}, {@code jalr t1}. HotSpot keeps the
 * current thread in {@code s7} (x23) and the heap base in {@code s9} (x27).
 */
final class RiscV64 {
    private static final String BRANCH = "(beq|bne|blt|bge|bltu|bgeu|bgt|ble|bgtu|bleu|beqz|bnez|blez|bgez|bltz|bgtz)";
    /** jal and jalr that link (rd ra, printed without it); j and jr are the same instructions with rd zero. */
    private static final Pattern CALL = Pattern.compile("^(jal|jalr) ");
    private static final Pattern JUMP = Pattern.compile("^(j|jr|" + BRANCH + ") ");
    /** What never falls through: j, jr and ret (jal and jalr with rd zero). */
    private static final Pattern ALWAYS = Pattern.compile("^(j|jr|ret)( |$)");
    private static final Pattern BRANCH_TO = Pattern.compile(
            "^(j|" + BRANCH + ") ([a-z][a-z0-9]*, )*0x(?<target>[0-9a-f]+)$");
    private static final Pattern RET = Pattern.compile("^ret");
    /** An offset and a base register in parentheses: loads, stores, lr/sc and the AMOs. */
    private static final Pattern MEMORY = Pattern.compile("(^|, )-?\\d*\\([a-z][a-z0-9]*\\)");

    /**
     * A pc-relative load of a doubleword, two instructions joined by a newline: auipc of the upper part, ld of the
     * lower through it. HotSpot's riscv64 25 calls its runtime stubs this way, through an address it keeps in the
     * nmethod's code ({@code auipc t1, 0 ; ld t1, 64(t1) ; jalr t1}, 25.0.5; 28-ea+18 names the stub, JDK-8392364).
     */
    private static final Pattern DATA_LOAD = Pattern.compile("^auipc (?<r>[a-z][a-z0-9]*), (?<hi>-?\\d+)\nld \\k<r>, (?<lo>-?\\d+)\\(\\k<r>\\)$");

    /**
     * HotSpot's stop on riscv64: an illegal instruction (csrrw zero, time, zero, printed csrw time, zero) and, right
     * after it, the 8-byte address of its message (25.0.5, after the stack-reserved-zone check's tail jump).
     */
    private static final Pattern DATA_AFTER = Pattern.compile("^csrw time, zero$");

    static final Syntax SYNTAX = new Syntax(CALL, JUMP, ALWAYS, BRANCH_TO, RET, MEMORY, DATA_LOAD, DATA_AFTER, Syntax.NONE, Syntax.NONE);
}
