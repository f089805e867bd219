/*
 * The ISAs the decoder knows: the rows of make/platforms (through platforms.h, which make generates
 * from it: name, aliases, triple, backend), and per ISA what a decoder needs beyond that row.
 */
#include "backend.h"

#include <string.h>

/* ---------------------------------------------------------------------------------------------- */
/* What the decoder knows of each ISA (found by name; docs/hsdis.md says why each value)            */

static const struct hsdis_isa_traits known_traits[] = {
    { "x86_64",  "i386:x86-64",      HSDIS_UNIT_BYTE,    15, "", "", 1 },
    { "aarch64", "aarch64",          HSDIS_UNIT_WORD_LE, 4,  "", "+all", 0 },
    /* LLVM 15 knows the ratified extensions C2 emits up to Zfh and V; Zicond and Zacas it does not, the
     * backend decodes those two itself (llvm.c). */
    { "riscv64", "riscv:rv64",       HSDIS_UNIT_RISCV,   4,  "generic-rv64",
      "+m,+a,+f,+d,+c,+v,+zba,+zbb,+zbs,+zfh,+zfhmin,+zicbom,+zicboz,+zicbop,+zihintpause,+experimental-zvfh", 0 },
    /* POWER10 decodes everything POWER9 has, and the prefixed (8-byte) instructions of POWER10. */
    { "ppc64le", "powerpc:common64", HSDIS_UNIT_WORD_LE, 8,  "pwr10", "", 0 },
    /* z16 (arch14) decodes everything z15 (arch13) has. */
    { "s390x",   "s390:64-bit",      HSDIS_UNIT_S390,    6,  "z16", "", 0 },
};

const struct hsdis_isa_traits hsdis_default_traits = { "", NULL, HSDIS_UNIT_BYTE, 16, "", "", 0 };

static const struct hsdis_isa_traits *traits_of(const char *name)
{
    for (size_t i = 0; i < sizeof known_traits / sizeof known_traits[0]; i++) {
        if (strcmp(known_traits[i].name, name) == 0) {
            return &known_traits[i];
        }
    }
    return &hsdis_default_traits;
}

/* ---------------------------------------------------------------------------------------------- */
/* The rows of make/platforms                                                                       */

struct row {
    const char *name, *aliases, *triple, *backend;
};

static const struct row rows[] = {
#define HSDIS_PLATFORM(name, aliases, triple, backend) { name, aliases, triple, backend },
#include "platforms.h"
#undef HSDIS_PLATFORM
};

#define ROWS (sizeof rows / sizeof rows[0])

static struct hsdis_isa isas[ROWS];
static int isas_ready;

static void fill(void)
{
    if (__atomic_load_n(&isas_ready, __ATOMIC_ACQUIRE)) {
        return;
    }
    /* Racing threads write the same values. */
    for (size_t i = 0; i < ROWS; i++) {
        isas[i].name = rows[i].name;
        isas[i].aliases = rows[i].aliases;
        isas[i].triple = rows[i].triple;
        isas[i].backend = hsdis_backend_parse(rows[i].backend);
        isas[i].index = (int) i;
        isas[i].traits = traits_of(rows[i].name);
    }
    __atomic_store_n(&isas_ready, 1, __ATOMIC_RELEASE);
}

const struct hsdis_isa *hsdis_isa_all(size_t *count)
{
    fill();
    *count = ROWS;
    return isas;
}

static int in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    while (*list != '\0') {
        size_t len = strcspn(list, ",");
        if (len == n && n > 0 && memcmp(list, name, n) == 0) {
            return 1;
        }
        list += len;
        if (*list == ',') {
            list++;
        }
    }
    return 0;
}

const struct hsdis_isa *hsdis_isa_find(const char *name)
{
    fill();
    if (name == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < ROWS; i++) {
        if (strcmp(isas[i].name, name) == 0 || in_list(isas[i].aliases, name)) {
            return &isas[i];
        }
    }
    return NULL;
}

const char *hsdis_backend_name(enum hsdis_backend backend)
{
    switch (backend) {
    case HSDIS_BACKEND_CAPSTONE: return "capstone";
    case HSDIS_BACKEND_LLVM: return "llvm";
    case HSDIS_BACKEND_DEFAULT: break;
    }
    return NULL;
}

enum hsdis_backend hsdis_backend_parse(const char *name)
{
    if (name != NULL && strcmp(name, "capstone") == 0) {
        return HSDIS_BACKEND_CAPSTONE;
    }
    if (name != NULL && strcmp(name, "llvm") == 0) {
        return HSDIS_BACKEND_LLVM;
    }
    return HSDIS_BACKEND_DEFAULT;
}

/* ---------------------------------------------------------------------------------------------- */

int hsdis_starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

void hsdis_copy_trimmed(char *dst, size_t cap, const char *src)
{
    while (*src == ' ' || *src == '\t') {
        src++;
    }
    size_t n = strlen(src);
    while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\t' || src[n - 1] == '\n')) {
        n--;
    }
    if (n >= cap) {
        n = cap - 1;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static int one_of(const char *word, const char *const *list)
{
    for (; *list != NULL; list++) {
        if (strcmp(word, *list) == 0) {
            return 1;
        }
    }
    return 0;
}

int hsdis_is_direct_branch(const struct hsdis_isa *isa, const char *mnemonic)
{
    const char *name = isa->name;
    if (strcmp(name, "x86_64") == 0) {
        const char *word = strrchr(mnemonic, ' ');  /* skip prefixes: "bnd jmp", "notrack jmp" */
        word = word != NULL ? word + 1 : mnemonic;
        return word[0] == 'j' || hsdis_starts_with(word, "call") || hsdis_starts_with(word, "loop") ||
               hsdis_starts_with(word, "xbegin");
    }
    if (strcmp(name, "aarch64") == 0) {
        return strcmp(mnemonic, "b") == 0 || strcmp(mnemonic, "bl") == 0 || hsdis_starts_with(mnemonic, "b.") ||
               hsdis_starts_with(mnemonic, "bc.") || hsdis_starts_with(mnemonic, "cb") ||
               hsdis_starts_with(mnemonic, "tb");
    }
    if (strcmp(name, "riscv64") == 0) {
        /* Not the Zbs/Zbkb b-instructions (bset, bclr, binv, bext, brev8): only branches and jumps. */
        static const char *const branches[] = {
            "j", "jal", "beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz", "bgtz",
            "bgt", "ble", "bgtu", "bleu", "c.j", "c.jal", "c.beqz", "c.bnez", NULL
        };
        return one_of(mnemonic, branches);
    }
    if (strcmp(name, "ppc64le") == 0) {
        /* b, bl, ba, bc..., the extended b<cond>[l][+-] and bdnz..., but not the register forms. */
        return mnemonic[0] == 'b' && strstr(mnemonic, "lr") == NULL && strstr(mnemonic, "ctr") == NULL &&
               strcmp(mnemonic, "brd") != 0 && strcmp(mnemonic, "brw") != 0 && strcmp(mnemonic, "brh") != 0;
    }
    if (strcmp(name, "s390x") == 0) {
        /* Relative branches: j<cond>, jg<cond>, brc, brcl, bras, brasl, brct[g], crj..., cij..., ... */
        return mnemonic[0] == 'j' || hsdis_starts_with(mnemonic, "br") || hsdis_starts_with(mnemonic, "bras") ||
               strstr(mnemonic, "rj") != NULL || strstr(mnemonic, "ij") != NULL;
    }
    return 0;
}
