/*
 * The capstone backend: authoritative on x86_64 and AArch64 (make/platforms), a cross-check elsewhere.
 * Its text is the pack's syntax on x86_64 and AArch64 by definition (docs/hsdis.md).
 */
#include "backend.h"

#include <capstone/capstone.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A capstone handle with two instruction buffers: "plain" is decoded without detail (fast), "full" with
 * detail; only instructions that look like direct branches are decoded a second time into "full", to
 * read their target.
 */
struct hsdis_engine {
    csh handle;
    cs_insn *plain;
    cs_insn *full;
    const struct hsdis_isa *isa;
};

/* capstone's arch and mode for an ISA of make/platforms; 0 when capstone has none. */
static int cs_target(const struct hsdis_isa *isa, cs_arch *arch, cs_mode *mode)
{
    const char *n = isa->name;
    if (strcmp(n, "x86_64") == 0) {
        *arch = CS_ARCH_X86;
        *mode = CS_MODE_64;
    } else if (strcmp(n, "aarch64") == 0) {
        *arch = CS_ARCH_ARM64;
        *mode = CS_MODE_LITTLE_ENDIAN;
#if CS_API_MAJOR >= 5
    } else if (strcmp(n, "riscv64") == 0) {
        *arch = CS_ARCH_RISCV;
        *mode = (cs_mode) (CS_MODE_RISCV64 | CS_MODE_RISCVC);
    } else if (strcmp(n, "ppc64le") == 0) {
        *arch = CS_ARCH_PPC;
        *mode = (cs_mode) (CS_MODE_64 | CS_MODE_LITTLE_ENDIAN);
    } else if (strcmp(n, "s390x") == 0) {
        *arch = CS_ARCH_SYSZ;
        *mode = CS_MODE_BIG_ENDIAN;
#endif
    } else {
        return 0;
    }
    return cs_support((int) *arch);
}

static int cap_available(const struct hsdis_isa *isa, char *why, size_t cap)
{
    cs_arch arch;
    cs_mode mode;
    if (!cs_target(isa, &arch, &mode)) {
        snprintf(why, cap, "capstone %s has no decoder for %s", hsdis_backend_version(HSDIS_BACKEND_CAPSTONE),
                 isa->name);
        return 0;
    }
    return 1;
}

static struct hsdis_engine *cap_open(const struct hsdis_isa *isa, int intel)
{
    cs_arch arch;
    cs_mode mode;
    if (!cs_target(isa, &arch, &mode)) {
        return NULL;
    }
    struct hsdis_engine *e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    e->isa = isa;
    if (cs_open(arch, mode, &e->handle) != CS_ERR_OK) {
        free(e);
        return NULL;
    }
    if (arch == CS_ARCH_X86) {
        cs_option(e->handle, CS_OPT_SYNTAX, intel ? CS_OPT_SYNTAX_INTEL : CS_OPT_SYNTAX_ATT);
    }
    /* cs_malloc gives an instruction a detail area only while detail is on. */
    cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_ON);
    e->full = cs_malloc(e->handle);
    cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_OFF);
    e->plain = cs_malloc(e->handle);
    if (e->full == NULL || e->plain == NULL || e->full->detail == NULL) {
        if (e->full != NULL) cs_free(e->full, 1);
        if (e->plain != NULL) cs_free(e->plain, 1);
        cs_close(&e->handle);
        free(e);
        return NULL;
    }
    return e;
}

static void cap_close(struct hsdis_engine *e)
{
    if (e == NULL) {
        return;
    }
    cs_free(e->full, 1);
    cs_free(e->plain, 1);
    cs_close(&e->handle);
    free(e);
}

static int in_group(const cs_detail *d, uint8_t group)
{
    for (uint8_t i = 0; i < d->groups_count && i < sizeof d->groups; i++) {
        if (d->groups[i] == group) {
            return 1;
        }
    }
    return 0;
}

/* The absolute target of a direct jump, branch or call, if this is one (x86_64 and AArch64 only). */
static int direct_target(const struct hsdis_engine *e, const cs_insn *ci, uint64_t *target)
{
    const cs_detail *d = ci->detail;
    if (d == NULL) {
        return 0;
    }
    if (!in_group(d, CS_GRP_JUMP) && !in_group(d, CS_GRP_CALL) && !in_group(d, CS_GRP_BRANCH_RELATIVE) &&
        !(strcmp(e->isa->name, "aarch64") == 0 && hsdis_starts_with(ci->mnemonic, "bc."))) {
        return 0;  /* capstone 5 puts Armv8.8's bc.<cond> in no group */
    }
    if (strcmp(e->isa->name, "x86_64") == 0) {
        const cs_x86 *x = &d->x86;
        if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM) {
            *target = (uint64_t) x->operands[0].imm;
            return 1;
        }
        return 0;
    }
    if (strcmp(e->isa->name, "aarch64") == 0) {
        const cs_arm64 *a = &d->arm64;
        if (a->op_count >= 1 && a->op_count <= 8 && a->operands[a->op_count - 1].type == ARM64_OP_IMM) {
            *target = (uint64_t) a->operands[a->op_count - 1].imm;
            return 1;
        }
    }
    return 0;
}

static void format_decoded(const struct hsdis_engine *e, const cs_insn *ci, struct hsdis_insn *t)
{
    char mnemonic[sizeof ci->mnemonic + 1];
    char ops[sizeof ci->op_str + 1];
    hsdis_copy_trimmed(mnemonic, sizeof mnemonic, ci->mnemonic);
    hsdis_copy_trimmed(ops, sizeof ops, ci->op_str);
    int aarch64 = strcmp(e->isa->name, "aarch64") == 0;

    uint64_t target;
    if (direct_target(e, ci, &target)) {
        /* capstone ends the operands with the target: 0x<hex>, or a decimal for small values;
         * on aarch64 with a '#' in front. We cut it off and print it ourselves (or let the JVM). */
        char forms[2][24];
        snprintf(forms[0], sizeof forms[0], "0x%" PRIx64, target);
        snprintf(forms[1], sizeof forms[1], "%" PRIu64, target);
        size_t opslen = strlen(ops);
        for (int f = 0; f < 2 && !t->has_target; f++) {
            size_t flen = strlen(forms[f]);
            if (opslen < flen || strcmp(ops + opslen - flen, forms[f]) != 0) {
                continue;
            }
            size_t cut = opslen - flen;
            if (aarch64) {
                if (cut == 0 || ops[cut - 1] != '#') {
                    continue;
                }
                cut--;
            }
            if (cut == 0 || ops[cut - 1] == ' ') {
                ops[cut] = '\0';
                t->has_target = 1;
                t->target = target;
            }
        }
    }
    if (ops[0] != '\0' || t->has_target) {
        snprintf(t->head, sizeof t->head, "%s\t%s", mnemonic, ops);
    } else {
        snprintf(t->head, sizeof t->head, "%s", mnemonic);
    }
}

static int cap_decode(struct hsdis_engine *e, const uint8_t *code, size_t left, uint64_t va, struct hsdis_insn *out)
{
    const uint8_t *p = code;
    size_t size = left;
    uint64_t address = va;
    if (!cs_disasm_iter(e->handle, &p, &size, &address, e->plain) || e->plain->size == 0 || e->plain->size > left) {
        return 0;
    }
    const cs_insn *ci = e->plain;
    if (hsdis_is_direct_branch(e->isa, ci->mnemonic)) {
        const uint8_t *p2 = code;
        size_t size2 = left;
        uint64_t address2 = va;
        cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_ON);
        if (cs_disasm_iter(e->handle, &p2, &size2, &address2, e->full) && e->full->size == ci->size) {
            ci = e->full;
        }
        cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_OFF);
    }
    out->len = ci->size;
    format_decoded(e, ci, out);
    return 1;
}

static const char *cap_version(void)
{
    static char buf[32];
    int major = 0, minor = 0;
    cs_version(&major, &minor);
    snprintf(buf, sizeof buf, "%d.%d", major, minor);
    return buf;
}

const struct hsdis_backend_ops hsdis_capstone_ops = {
    HSDIS_BACKEND_CAPSTONE, cap_available, cap_open, cap_decode, cap_close, cap_version,
};
