/*
 * The LLVM backend, on the disassembler C API of Debian's LLVM (llvm-15-dev): authoritative where
 * make/platforms says llvm (riscv64, ppc64le, s390x), a cross-check of capstone on x86_64 and AArch64.
 *
 * libLLVM is opened with dlopen the first time an LLVM engine is needed, so a plugin that decodes with
 * capstone never maps it into the JVM. Its text is brought to the pack's syntax for each ISA
 * (docs/hsdis.md): one TAB after the mnemonic, branch targets cut out for the JVM to name, and on
 * x86_64 and AArch64 capstone's spelling of the same operands, so that one vocabulary reads both.
 */
#include "backend.h"

#include <llvm-c/Disassembler.h>
#include <llvm/Config/llvm-config.h>

#include <ctype.h>
#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HSDIS_LLVM_LIB
#define HSDIS_LLVM_LIB "libLLVM-" LLVM_VERSION_STRING ".so"
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Loading libLLVM                                                                                  */

static struct {
    LLVMDisasmContextRef (*create)(const char *, const char *, const char *, void *, int, LLVMOpInfoCallback,
                                   LLVMSymbolLookupCallback);
    int (*set_options)(LLVMDisasmContextRef, uint64_t);
    void (*dispose)(LLVMDisasmContextRef);
    size_t (*disasm)(LLVMDisasmContextRef, uint8_t *, uint64_t, uint64_t, char *, size_t);
    int loaded;
    char error[256];
} llvm;

static pthread_once_t llvm_once = PTHREAD_ONCE_INIT;

typedef void (*init_fn)(void);

static void init_component(void *lib, const char *prefix, const char *target, const char *suffix)
{
    char name[128];
    snprintf(name, sizeof name, "%s%s%s", prefix, target, suffix);
    init_fn f;
    *(void **) &f = dlsym(lib, name);
    if (f != NULL) {
        f();
    }
}

static void load_llvm(void)
{
    void *lib = NULL;
    const char *tried[] = { HSDIS_LLVM_LIB,
#ifdef HSDIS_LLVM_LIB_PATH
                            HSDIS_LLVM_LIB_PATH,
#endif
                            NULL };
    for (int i = 0; tried[i] != NULL && lib == NULL; i++) {
        lib = dlopen(tried[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (lib == NULL) {
        snprintf(llvm.error, sizeof llvm.error, "cannot load %s (Debian package libllvm%d): %s", HSDIS_LLVM_LIB,
                 LLVM_VERSION_MAJOR, dlerror());
        return;
    }
    *(void **) &llvm.create = dlsym(lib, "LLVMCreateDisasmCPUFeatures");
    *(void **) &llvm.set_options = dlsym(lib, "LLVMSetDisasmOptions");
    *(void **) &llvm.dispose = dlsym(lib, "LLVMDisasmDispose");
    *(void **) &llvm.disasm = dlsym(lib, "LLVMDisasmInstruction");
    void (*parse)(int, const char *const *, const char *);
    *(void **) &parse = dlsym(lib, "LLVMParseCommandLineOptions");
    if (llvm.create == NULL || llvm.set_options == NULL || llvm.dispose == NULL || llvm.disasm == NULL) {
        snprintf(llvm.error, sizeof llvm.error, "%s lacks the disassembler C API", HSDIS_LLVM_LIB);
        return;
    }
    /* What LLVMInitializeAll{TargetInfos,TargetMCs,Disassemblers} do, by name: every target this LLVM
     * was built with (its own list, from llvm-15-dev's headers), none named here. */
#define LLVM_TARGET(t) init_component(lib, "LLVMInitialize", #t, "TargetInfo"); \
                       init_component(lib, "LLVMInitialize", #t, "TargetMC");
#include <llvm/Config/Targets.def>
#define LLVM_DISASSEMBLER(t) init_component(lib, "LLVMInitialize", #t, "Disassembler");
#include <llvm/Config/Disassemblers.def>
    /* POWER registers by name (r3, cr7, f1, v2, vs3), as binutils prints them, not as bare numbers. */
    if (parse != NULL) {
        const char *argv[] = { "hsdis", "-ppc-asm-full-reg-names" };
        parse(2, argv, NULL);
    }
    llvm.loaded = 1;
}

static int llvm_ready(char *why, size_t cap)
{
    pthread_once(&llvm_once, load_llvm);
    if (!llvm.loaded && why != NULL) {
        snprintf(why, cap, "%s", llvm.error);
    }
    return llvm.loaded;
}

/* ---------------------------------------------------------------------------------------------- */
/* Engines                                                                                          */

#define TARGET_MARK "hsdis_target"

struct hsdis_engine {
    LLVMDisasmContextRef dc;
    const struct hsdis_isa *isa;
    int x86, aarch64, riscv, ppc, intel;
    /* set by the symbol callback while an instruction is printed */
    int marked;
    uint64_t mark_value;
};

/* LLVM asks for a symbol at every address it prints; for a branch target we hand it a mark to find. */
static const char *symbol_lookup(void *info, uint64_t value, uint64_t *type, uint64_t pc, const char **name)
{
    (void) pc;
    struct hsdis_engine *e = info;
    *name = NULL;
    if (*type == LLVMDisassembler_ReferenceType_In_Branch && !e->marked) {
        *type = LLVMDisassembler_ReferenceType_InOut_None;
        e->marked = 1;
        e->mark_value = value;
        return TARGET_MARK;
    }
    *type = LLVMDisassembler_ReferenceType_InOut_None;
    return NULL;
}

static int llvm_available(const struct hsdis_isa *isa, char *why, size_t cap)
{
    if (!llvm_ready(why, cap)) {
        return 0;
    }
    LLVMDisasmContextRef dc = llvm.create(isa->triple, isa->traits->llvm_cpu, isa->traits->llvm_features, NULL, 0,
                                          NULL, NULL);
    if (dc == NULL) {
        snprintf(why, cap, "LLVM %s has no disassembler for %s (triple %s)", LLVM_VERSION_STRING, isa->name,
                 isa->triple);
        return 0;
    }
    llvm.dispose(dc);
    return 1;
}

static struct hsdis_engine *llvm_open(const struct hsdis_isa *isa, int intel)
{
    if (!llvm_ready(NULL, 0)) {
        return NULL;
    }
    struct hsdis_engine *e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    e->isa = isa;
    e->x86 = strcmp(isa->name, "x86_64") == 0;
    e->aarch64 = strcmp(isa->name, "aarch64") == 0;
    e->riscv = strcmp(isa->name, "riscv64") == 0;
    e->ppc = strcmp(isa->name, "ppc64le") == 0;
    e->dc = llvm.create(isa->triple, isa->traits->llvm_cpu, isa->traits->llvm_features, e, 0, NULL, symbol_lookup);
    if (e->dc == NULL) {
        free(e);
        return NULL;
    }
    /* One at a time: choosing the printer variant makes a new printer, which forgets the hex option. */
    if (intel) {
        llvm.set_options(e->dc, LLVMDisassembler_Option_AsmPrinterVariant);
    }
    if (e->x86 || e->aarch64) {
        llvm.set_options(e->dc, LLVMDisassembler_Option_PrintImmHex);  /* capstone prints immediates in hex */
    }
    e->intel = intel;
    return e;
}

static void llvm_close(struct hsdis_engine *e)
{
    if (e != NULL) {
        llvm.dispose(e->dc);
        free(e);
    }
}

static const char *llvm_version(void)
{
    return LLVM_VERSION_STRING;
}

/* ---------------------------------------------------------------------------------------------- */
/* Text: LLVM's spelling to the pack's                                                              */

/* Replaces s[at .. at+len) with repl, within cap. */
static void splice(char *s, size_t cap, size_t at, size_t len, const char *repl)
{
    size_t n = strlen(s);
    size_t r = strlen(repl);
    if (at + len > n || n - len + r >= cap) {
        return;
    }
    memmove(s + at + r, s + at + len, n - at - len + 1);
    memcpy(s + at, repl, r);
}

static void replace_all(char *s, size_t cap, const char *from, const char *to)
{
    size_t flen = strlen(from);
    size_t tlen = strlen(to);
    for (char *p = strstr(s, from); p != NULL; p = strstr(p + tlen, from)) {
        splice(s, cap, (size_t) (p - s), flen, to);
    }
}

/* capstone prints 0..9 (and -1..-9) in decimal and larger values in hex; LLVM's hex mode prints all in hex. */
static void small_hex_to_decimal(char *s, size_t cap)
{
    for (char *p = strstr(s, "0x"); p != NULL; p = strstr(p + 1, "0x")) {
        if (p > s && (isalnum((unsigned char) p[-1]) || p[-1] == '_')) {
            continue;
        }
        if (p[2] >= '0' && p[2] <= '9' && !isxdigit((unsigned char) p[3])) {
            splice(s, cap, (size_t) (p - s), 2, "");
        }
    }
}

/* Intel memory operands: capstone writes [r8 + r13*4], LLVM [r8 + 4*r13]. */
static void x86_intel_scale(char *s, size_t cap)
{
    for (char *p = strchr(s, '*'); p != NULL; p = strchr(p + 1, '*')) {
        if (p - s < 2 || !(p[-1] == '1' || p[-1] == '2' || p[-1] == '4' || p[-1] == '8') || p[-2] != ' ') {
            continue;
        }
        size_t reg = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz0123456789");
        if (reg == 0) {
            continue;
        }
        char swapped[40];
        snprintf(swapped, sizeof swapped, "%.*s*%c", (int) reg, p + 1, p[-1]);
        splice(s, cap, (size_t) (p - 1 - s), reg + 2, swapped);
        p += reg;
    }
}

/* x86 memory operands: capstone writes (%r8, %r13, 4) where LLVM writes (%r8,%r13,4). */
static void x86_memory_commas(char *s, size_t cap)
{
    int depth = 0;
    for (size_t i = 0; s[i] != '\0'; i++) {
        if (s[i] == '(') depth++;
        if (s[i] == ')') depth--;
        if (depth > 0 && s[i] == ',' && s[i + 1] != ' ') {
            splice(s, cap, i + 1, 0, " ");
        }
    }
}

/* AArch64 system registers without a name: capstone writes s3_2_c1_c0_0, LLVM S3_2_C1_C0_0. */
static void aarch64_sysreg_lower(char *s)
{
    for (char *p = s; *p != '\0'; p++) {
        if (*p == 'S' && isdigit((unsigned char) p[1]) && p[2] == '_' && (p == s || !isalnum((unsigned char) p[-1]))) {
            for (char *q = p; *q != '\0' && (isalnum((unsigned char) *q) || *q == '_'); q++) {
                *q = (char) tolower((unsigned char) *q);
            }
        }
    }
}

static int is_x86_prefix(const char *w)
{
    static const char *const prefixes[] = { "lock", "rep", "repe", "repz", "repne", "repnz", "notrack", "bnd",
                                            "xacquire", "xrelease", "addr32", "data16", NULL };
    for (int i = 0; prefixes[i] != NULL; i++) {
        if (strcmp(w, prefixes[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Parses a (possibly negative) decimal or 0x integer that makes up all of s. */
static int parse_int(const char *s, int64_t *v)
{
    int neg = 0;
    if (*s == '-') {
        neg = 1;
        s++;
    }
    if (*s == '\0') {
        return 0;
    }
    char *end;
    uint64_t u = strtoull(s, &end, 0);
    if (*end != '\0' || !isdigit((unsigned char) *s)) {
        return 0;
    }
    *v = neg ? -(int64_t) u : (int64_t) u;
    return 1;
}

/* The last operand of ops (after the last ", "), or ops itself. */
static char *last_operand(char *ops)
{
    char *p = strrchr(ops, ',');
    if (p == NULL) {
        return ops;
    }
    p++;
    while (*p == ' ') p++;
    return p;
}

/*
 * POWER: a conditional branch on one CR bit, which LLVM prints as bt/bf (bt eq, bf 4*cr7+lt) or, for the
 * register forms, as bclr/bcctr with the BO field (bclr 12, eq), becomes the extended mnemonic binutils
 * prints: beq, bge cr7, beqlr. BO 12 (14, 15 with the hints -, +) branches when the bit is set, 4 (6, 7)
 * when it is clear.
 */
static void ppc_extended_branch(char *mnemonic, size_t mcap, char *ops, size_t ocap)
{
    if (mnemonic[0] != 'b') {
        return;
    }
    int on_true;
    const char *suffix;
    char *bit = ops;
    char hint[2] = "";
    if (mnemonic[1] == 't' || mnemonic[1] == 'f') {
        on_true = mnemonic[1] == 't';
        suffix = mnemonic + 2;
    } else if (hsdis_starts_with(mnemonic, "bc") && (strcmp(mnemonic + 2, "lr") == 0 || strcmp(mnemonic + 2, "lrl") == 0 ||
                                                     strcmp(mnemonic + 2, "ctr") == 0 || strcmp(mnemonic + 2, "ctrl") == 0)) {
        int bo = atoi(ops);
        if (bo != 4 && bo != 6 && bo != 7 && bo != 12 && bo != 14 && bo != 15) {
            return;
        }
        on_true = bo >= 12;
        hint[0] = (bo & 3) == 2 ? '-' : (bo & 3) == 3 ? '+' : '\0';
        suffix = mnemonic + 2;
        bit = strchr(ops, ',');
        if (bit == NULL) {
            return;
        }
        bit++;
        while (*bit == ' ') bit++;
    } else {
        return;
    }
    size_t slen = strspn(suffix, "lrct");
    const char *tail = suffix + slen;
    if (hint[0] == '\0' && (strcmp(tail, "+") == 0 || strcmp(tail, "-") == 0)) {
        hint[0] = tail[0];
    } else if (tail[0] != '\0') {
        return;
    }
    if (!(slen == 0 || (slen == 1 && suffix[0] == 'l') || strncmp(suffix, "lr", slen) == 0 ||
          strncmp(suffix, "ctr", slen) == 0 || strncmp(suffix, "lrl", slen) == 0 || strncmp(suffix, "ctrl", slen) == 0)) {
        return;
    }
    /* The condition bit: "eq", or "4*crN+eq". */
    size_t bitlen = strcspn(bit, ",");
    char field[8] = "";
    const char *cond = bit;
    if (strncmp(bit, "4*cr", 4) == 0 && bit[4] >= '0' && bit[4] <= '7' && bit[5] == '+') {
        snprintf(field, sizeof field, "cr%c", bit[4]);
        cond = bit + 6;
    }
    size_t clen = bitlen - (size_t) (cond - bit);
    static const char *const names[4][3] = { { "lt", "lt", "ge" }, { "gt", "gt", "le" }, { "eq", "eq", "ne" },
                                             { "un", "un", "nu" } };
    const char *ext = NULL;
    for (int i = 0; i < 4; i++) {
        if (strlen(names[i][0]) == clen && strncmp(cond, names[i][0], clen) == 0) {
            ext = names[i][on_true ? 1 : 2];
        }
    }
    if (ext == NULL) {
        return;
    }
    char m[32];
    snprintf(m, sizeof m, "b%s%.*s%s", ext, (int) slen, suffix, hint);
    char rest[224];
    const char *after = bit + bitlen;
    if (*after == ',') after++;
    while (*after == ' ') after++;
    if (field[0] != '\0') {
        snprintf(rest, sizeof rest, "%s%s%.200s", field, *after != '\0' ? ", " : "", after);
    } else {
        snprintf(rest, sizeof rest, "%.200s", after);
    }
    snprintf(mnemonic, mcap, "%s", m);
    snprintf(ops, ocap, "%s", rest);
}

/* RISC-V instructions that LLVM 15 does not know yet: Zicond (czero.*) and Zacas (amocas.*), in its syntax. */
static int riscv_supplement(const uint8_t *code, size_t left, char *out, size_t cap)
{
    static const char *const reg[32] = { "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                         "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                         "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6" };
    if (left < 4 || (code[0] & 3) != 3) {
        return 0;
    }
    uint32_t w = (uint32_t) code[0] | (uint32_t) code[1] << 8 | (uint32_t) code[2] << 16 | (uint32_t) code[3] << 24;
    unsigned opcode = w & 0x7f, rd = (w >> 7) & 31, funct3 = (w >> 12) & 7, rs1 = (w >> 15) & 31,
             rs2 = (w >> 20) & 31, funct7 = w >> 25;
    if (opcode == 0x33 && funct7 == 0x07 && (funct3 == 5 || funct3 == 7)) {
        snprintf(out, cap, "czero.%s\t%s, %s, %s", funct3 == 5 ? "eqz" : "nez", reg[rd], reg[rs1], reg[rs2]);
        return 4;
    }
    if (opcode == 0x2f && (funct7 >> 2) == 0x05 && funct3 >= 2 && funct3 <= 4) {
        static const char *const order[4] = { "", ".rl", ".aq", ".aqrl" };
        snprintf(out, cap, "amocas.%c%s\t%s, %s, (%s)", "wdq"[funct3 - 2], order[funct7 & 3], reg[rd], reg[rs2],
                 reg[rs1]);
        return 4;
    }
    return 0;
}

/*
 * Encodings LLVM 15's printer crashes on (found by fuzz.c): we call them undecodable instead.
 * POWER mfocrf/mtocrf whose FXM field has not exactly one bit set (the ISA leaves them undefined; LLVM
 * indexes its CR table with the bit number, out of bounds for FXM 0: 0x7c700026 is a SIGSEGV).
 */
static int llvm_would_crash(const struct hsdis_engine *e, const uint8_t *code, size_t left)
{
    if (e->ppc && left >= 4) {
        uint32_t w = (uint32_t) code[0] | (uint32_t) code[1] << 8 | (uint32_t) code[2] << 16 | (uint32_t) code[3] << 24;
        unsigned xo = (w >> 1) & 0x3ff, fxm = (w >> 12) & 0xff;
        if ((w >> 26) == 31 && (xo == 19 || xo == 144) && ((w >> 20) & 1) && __builtin_popcount(fxm) != 1) {
            return 1;
        }
    }
    return 0;
}

static size_t disasm_raw(struct hsdis_engine *e, const uint8_t *code, size_t left, uint64_t va, char *out, size_t cap)
{
    e->marked = 0;
    if (llvm_would_crash(e, code, left)) {
        return 0;
    }
    size_t len = llvm.disasm(e->dc, (uint8_t *) code, left, va, out, cap);
    if (len == 0 && e->riscv) {
        len = (size_t) riscv_supplement(code, left, out, cap);
    }
    return len;
}

static int llvm_decode(struct hsdis_engine *e, const uint8_t *code, size_t left, uint64_t va, struct hsdis_insn *out)
{
    char raw[256];
    size_t len = disasm_raw(e, code, left, va, raw, sizeof raw);
    if (len == 0 || len > left) {
        return 0;
    }
    int marked = e->marked;
    uint64_t mark_value = e->mark_value;

    /* mnemonic and operands, one TAB between */
    char text[256];
    hsdis_copy_trimmed(text, sizeof text, raw);
    char mnemonic[64];
    char ops[224];
    size_t mlen = strcspn(text, " \t");
    snprintf(mnemonic, sizeof mnemonic, "%.*s", (int) mlen, text);
    hsdis_copy_trimmed(ops, sizeof ops, text + mlen);

    if (e->x86) {
        /* Prefixes belong to the mnemonic ("lock cmpxchgq", "rep stosq"), as in capstone; LLVM prints a
         * lock prefix as an instruction of its own, which we join to the one it prefixes. */
        while (is_x86_prefix(mnemonic) && ops[0] != '\0') {
            size_t w = strcspn(ops, " \t");
            char joined[64];
            snprintf(joined, sizeof joined, "%.30s %.*s", mnemonic, (int) (w < 32 ? w : 32), ops);
            snprintf(mnemonic, sizeof mnemonic, "%s", joined);
            memmove(ops, ops + w, strlen(ops + w) + 1);
            char tmp[224];
            hsdis_copy_trimmed(tmp, sizeof tmp, ops);
            snprintf(ops, sizeof ops, "%s", tmp);
        }
        if (is_x86_prefix(mnemonic) && ops[0] == '\0' && len < left) {
            struct hsdis_insn next;
            memset(&next, 0, sizeof next);
            if (llvm_decode(e, code + len, left - len, va + len, &next) && len + next.len <= left &&
                len + next.len <= e->isa->traits->max_len) {
                snprintf(out->head, sizeof out->head, "%.63s %.190s", mnemonic, next.head);
                snprintf(out->rest, sizeof out->rest, "%s", next.rest);
                out->has_target = next.has_target;
                out->target = next.target;
                out->len = len + next.len;
                return 1;
            }
        }
        if (e->intel) {
            x86_intel_scale(ops, sizeof ops);
        } else {
            x86_memory_commas(ops, sizeof ops);
        }
        if (strstr(mnemonic, "stos") || strstr(mnemonic, "movs") || strstr(mnemonic, "scas") ||
            strstr(mnemonic, "cmps") || hsdis_starts_with(mnemonic, "ins") || strstr(mnemonic, " ins")) {
            replace_all(ops, sizeof ops, "%es:(", "(");
            replace_all(ops, sizeof ops, "es:[", "[");
        }
        small_hex_to_decimal(ops, sizeof ops);
    } else if (e->aarch64) {
        /* LLVM's symbolizer comments an adrp with its page ("adrp x0, 531049 // 0x7f00cdbc3000") */
        char *comment = strstr(ops, " // ");
        uint64_t page = 0;
        int has_page = comment != NULL && sscanf(comment + 4, "0x%" SCNx64, &page) == 1;
        if (comment != NULL) {
            *comment = '\0';
        }
        replace_all(ops, sizeof ops, "{ ", "{");
        replace_all(ops, sizeof ops, " }", "}");
        small_hex_to_decimal(ops, sizeof ops);
        if (strcmp(mnemonic, "mrs") == 0 || strcmp(mnemonic, "msr") == 0) {
            for (char *q = ops; *q != '\0'; q++) *q = (char) tolower((unsigned char) *q);  /* capstone: lower case */
        }
        aarch64_sysreg_lower(ops);
        /* adr, adrp and literal loads: capstone prints the address, LLVM the offset */
        int adrp = strcmp(mnemonic, "adrp") == 0;
        int literal = (strcmp(mnemonic, "ldr") == 0 || strcmp(mnemonic, "ldrsw") == 0 ||
                       strcmp(mnemonic, "prfm") == 0) && strchr(ops, '[') == NULL;
        if (adrp || literal || strcmp(mnemonic, "adr") == 0) {
            char *last = last_operand(ops);
            int64_t off;
            int hash = last[0] == '#';
            if (parse_int(last + hash, &off)) {
                uint64_t abs = adrp ? (has_page ? page : (va & ~(uint64_t) 0xfff) + (uint64_t) off * (hash ? 1 : 4096))
                                    : va + (uint64_t) off;
                char addr[32];
                snprintf(addr, sizeof addr, "#0x%" PRIx64, abs);
                snprintf(last, sizeof ops - (size_t) (last - ops), "%s", addr);
            }
        }
    } else if (e->ppc) {
        ppc_extended_branch(mnemonic, sizeof mnemonic, ops, sizeof ops);
    }

    /* The branch target: LLVM printed our mark (x86, AArch64, s390x), or an offset (RISC-V, POWER). */
    char *mark = marked ? strstr(ops, TARGET_MARK) : NULL;
    if (mark != NULL && e->aarch64 && !hsdis_is_direct_branch(e->isa, mnemonic)) {
        /* a literal load: capstone prints its address as an operand, not as a target */
        char abs[32];
        snprintf(abs, sizeof abs, "#0x%" PRIx64, mark_value);
        splice(ops, sizeof ops, (size_t) (mark - ops), strlen(TARGET_MARK), abs);
        mark = NULL;
    } else if (mark != NULL) {
        out->has_target = 1;
        out->target = mark_value;
        snprintf(out->rest, sizeof out->rest, "%s", mark + strlen(TARGET_MARK));
        *mark = '\0';
    } else if (e->riscv && hsdis_is_direct_branch(e->isa, mnemonic)) {
        char *last = last_operand(ops);
        int64_t off;
        if (parse_int(last, &off)) {
            out->has_target = 1;
            out->target = va + (uint64_t) off;
            *last = '\0';
        }
    } else if (e->ppc) {
        char *last = last_operand(ops);
        int64_t off;
        if (last[0] == '.' && (last[1] == '+' || last[1] == '-') && parse_int(last + (last[1] == '+' ? 2 : 1), &off)) {
            out->has_target = 1;
            out->target = va + (uint64_t) off;
            *last = '\0';
        }
    }
    if (ops[0] != '\0' || out->has_target) {
        snprintf(out->head, sizeof out->head, "%.63s\t%.190s", mnemonic, ops);
    } else {
        snprintf(out->head, sizeof out->head, "%s", mnemonic);
    }
    out->len = len;
    return 1;
}

const struct hsdis_backend_ops hsdis_llvm_ops = {
    HSDIS_BACKEND_LLVM, llvm_available, llvm_open, llvm_decode, llvm_close, llvm_version,
};
