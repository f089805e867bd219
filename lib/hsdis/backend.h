/*
 * Inside the decode core: what each ISA needs from a decoder beyond its row in make/platforms (isa.c),
 * and the interface the two backends (capstone.c, llvm.c) implement for decode.c.
 */
#ifndef HSDIS_BACKEND_H
#define HSDIS_BACKEND_H

#include "decode.h"

#include <stddef.h>
#include <stdint.h>

/* How bytes that no instruction starts with are cut (the ISA's encoding unit). */
enum hsdis_unit {
    HSDIS_UNIT_BYTE,     /* x86: .byte 0xNN, one byte */
    HSDIS_UNIT_WORD_LE,  /* aarch64, ppc64le: .inst 0xNNNNNNNN, one little-endian 4-byte word */
    HSDIS_UNIT_RISCV,    /* riscv64: .inst 0xNNNN or 0xNNNNNNNN, 2 or 4 bytes by the low two bits (RVC) */
    HSDIS_UNIT_S390      /* s390x: .inst 0xNNNN[NNNN[NNNN]], 2, 4 or 6 bytes by the two top bits, big-endian */
};

/*
 * The decoder's knowledge of an ISA, found by the ISA's name. A row of make/platforms without traits
 * still decodes (LLVM on its triple, .byte for undecodable bytes), only with fewer niceties.
 */
struct hsdis_isa_traits {
    const char *name;
    const char *mach;           /* binutils' name of the machine, which the JVM is told */
    enum hsdis_unit unit;
    unsigned max_len;           /* the longest instruction, in bytes */
    const char *llvm_cpu;       /* LLVMCreateDisasmCPUFeatures' CPU and features: docs/hsdis.md */
    const char *llvm_features;
    int intel_syntax;           /* the ISA has a second syntax (x86: Intel) */
};

extern const struct hsdis_isa_traits hsdis_default_traits;

/* Is this mnemonic a direct jump, branch or call whose target is an operand? (per ISA) */
int hsdis_is_direct_branch(const struct hsdis_isa *isa, const char *mnemonic);

/* What a backend makes of one instruction: the text is split around the target for the JVM to name. */
struct hsdis_insn {
    size_t len;
    char head[256];  /* mnemonic, TAB, operands up to the target */
    char rest[96];   /* operand text after the target (usually none) */
    int has_target;
    uint64_t target;
};

struct hsdis_engine;  /* a backend's decoder for one ISA and syntax */

struct hsdis_backend_ops {
    enum hsdis_backend id;
    int (*available)(const struct hsdis_isa *isa, char *why, size_t cap);
    struct hsdis_engine *(*open)(const struct hsdis_isa *isa, int intel);
    /* 1 with *out filled (0 < out->len <= left) when the bytes start with an instruction, else 0 */
    int (*decode)(struct hsdis_engine *e, const uint8_t *code, size_t left, uint64_t va, struct hsdis_insn *out);
    void (*close)(struct hsdis_engine *e);
    const char *(*version)(void);
};

extern const struct hsdis_backend_ops hsdis_capstone_ops;
extern const struct hsdis_backend_ops hsdis_llvm_ops;

/* Text helpers shared by the backends. */
void hsdis_copy_trimmed(char *dst, size_t cap, const char *src);
int hsdis_starts_with(const char *s, const char *prefix);

#endif
