/*
 * The capstone/LLVM cross-check: decodes the same bytes with both backends of an ISA and sorts every
 * disagreement into a class that says what it is (docs/hsdis.md, "Cross-check").
 *
 *   crosscheck <isa> <generated buffers> <seed> <corpus.in>...
 *
 * The corpus files (the fixtures, and real C2 code captured from JDKs: corpus/) are read first; then
 * <generated buffers> buffers are made from their bytes, mutated, and from noise. Instructions are
 * compared where both backends start one at the same address (they resynchronise after a length
 * disagreement). Classes:
 *   syntax (the same instruction, spelt two ways):
 *     number-spelling   the same operands but a number in another radix or sign (capstone $0xfffffff8,
 *                       LLVM $-8; #0xb and #11); equal modulo 2^8, 2^16, 2^32 or 2^64
 *     mov-alias         AArch64 "mov Rd, #imm" (capstone) for "orr Rd, wzr/xzr, #imm" (LLVM 15 prints the
 *                       mov alias only where movz/movn could not make the value)
 *     bfc-alias         AArch64 "bfc Rd, #lsb, #width" (capstone) for "bfi/bfxil Rd, wzr/xzr, ..." (LLVM)
 *     unnamed-prefetch  AArch64 prefetch operations without a name: capstone prints nothing, LLVM "#imm"
 *     implicit-operand  x86 shift/rotate by one (capstone "$1, %eax", LLVM "%eax"); x87's %st/%st(0) and
 *                       capstone's "tbyte ptr" in AT&T
 *     operand-order     x86 xchg, which is symmetric, with its operands the other way round
 *     segment-spelling  x86 cs/ds/es/ss overrides, which 64-bit mode ignores, printed or placed differently
 *     prefix-spelling   x86 legacy prefixes an instruction ignores (repne/bnd/rep/notrack/data16 on a
 *                       non-string instruction) printed by one backend only
 *     register-spelling x86 lar/lsl's 16-bit source as %bp or %ebp; an empty SIB index as %eiz/%riz
 *   decode (the backends read the bytes differently):
 *     validity          one backend rejects an encoding the other decodes (reserved or unallocated
 *                       encodings, or ones newer than capstone 5's tables)
 *     length            both decode, with different lengths
 *     other             both decode at the same length to different instructions (the fixtures or real code
 *                       never may; in generated noise these are listed)
 *   unexplained         anything else
 * Exit status 1 when there is an unexplained disagreement, or any disagreement but a syntax one in the
 * corpus files (real code, and the fixtures): those are what the pack decodes.
 */
#include "decode.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct insn {
    uint64_t va;
    unsigned len;
    char text[256];
};

struct listing {
    struct insn *v;
    size_t n, cap;
    char text[512];
    size_t used;
    uint64_t va;
};

static void *on_event(void *stream, const char *tag, void *arg)
{
    struct listing *l = stream;
    uintptr_t value = (uintptr_t) arg;
    if (strcmp(tag, "insn") == 0) {
        l->va = value;
        l->used = 0;
        l->text[0] = '\0';
    } else if (strcmp(tag, "/insn") == 0) {
        if (l->n == l->cap) {
            l->cap = l->cap ? l->cap * 2 : 256;
            l->v = realloc(l->v, l->cap * sizeof *l->v);
        }
        struct insn *i = &l->v[l->n++];
        i->va = l->va;
        i->len = (unsigned) (value - l->va);
        snprintf(i->text, sizeof i->text, "%.255s", l->text);
    }
    return NULL;
}

static int on_printf(void *stream, const char *format, ...)
{
    struct listing *l = stream;
    va_list ap;
    va_start(ap, format);
    int n = hsdis_text_append(l->text, sizeof l->text, &l->used, format, ap);
    va_end(ap);
    return n;
}

enum klass {
    K_NUMBER, K_MOV_ALIAS, K_BFC_ALIAS, K_PREFETCH, K_IMPLICIT, K_ORDER, K_SEGMENT, K_PREFIX, K_REGISTER,
    K_VALIDITY, K_LENGTH, K_OTHER, K_UNEXPLAINED, K_COUNT
};
static const char *const class_name[K_COUNT] = {
    "number-spelling", "mov-alias", "bfc-alias", "unnamed-prefetch", "implicit-operand", "operand-order",
    "segment-spelling", "prefix-spelling", "register-spelling", "validity", "length", "other", "unexplained"
};
static const int class_is_syntax[K_COUNT] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0 };

struct tally {
    unsigned long count[K_COUNT];
    char example[K_COUNT][3][600];
    int examples[K_COUNT];
};

static int undecoded(const char *t)
{
    return strncmp(t, ".byte", 5) == 0 || strncmp(t, ".inst", 5) == 0;
}

/* Replaces each number of s by '#N' and collects the numbers (as 64-bit patterns). */
static size_t skeleton(const char *s, char *out, size_t cap, uint64_t *nums, size_t max)
{
    size_t n = 0, at = 0;
    const char *start = s;
    while (*s != '\0' && at + 3 < cap) {
        int neg = s[0] == '-' && isdigit((unsigned char) s[1]);
        const char *p = s + neg;
        /* a number starts after a non-alphanumeric (so not the 13 of x13 or %r13) */
        int starts = isdigit((unsigned char) *p) && (s == start || !(isalnum((unsigned char) s[-1]) || s[-1] == '_'));
        if (starts) {
            char *end;
            uint64_t v = strtoull(p, &end, 0);
            if (n < max) nums[n] = neg ? (uint64_t) -(int64_t) v : v;
            n++;
            out[at++] = '#';
            out[at++] = 'N';
            s = end;
            continue;
        }
        out[at++] = *s++;
    }
    out[at] = '\0';
    return n;
}

static int same_value(uint64_t a, uint64_t b)
{
    static const uint64_t masks[] = { 0xff, 0xffff, 0xffffffffULL, ~0ULL };
    for (int i = 0; i < 4; i++) {
        uint64_t m = masks[i];
        /* both fit (as signed or unsigned) in the width, and agree there */
        if ((a & m) == (b & m)) {
            return 1;
        }
    }
    return 0;
}

static int numbers_agree(const char *x, const char *y)
{
    char sx[600], sy[600];
    uint64_t nx[16], ny[16];
    size_t cx = skeleton(x, sx, sizeof sx, nx, 16);
    size_t cy = skeleton(y, sy, sizeof sy, ny, 16);
    if (cx != cy || cx > 16 || strcmp(sx, sy) != 0) {
        return 0;
    }
    for (size_t i = 0; i < cx; i++) {
        if (!same_value(nx[i], ny[i])) {
            return 0;
        }
    }
    return 1;
}

/* AArch64: capstone "mov Rd, #imm", LLVM "orr Rd, wzr, #imm" / "orr Rd, xzr, #imm". */
static int mov_alias(const char *cap, const char *llvm)
{
    char rd[16];
    const char *rest;
    if (strncmp(cap, "mov\t", 4) != 0 || strncmp(llvm, "orr\t", 4) != 0) {
        return 0;
    }
    size_t r = strcspn(cap + 4, ",");
    if (r >= sizeof rd) return 0;
    snprintf(rd, sizeof rd, "%.*s", (int) r, cap + 4);
    if (strncmp(llvm + 4, rd, r) != 0 || strncmp(llvm + 4 + r, ", ", 2) != 0) return 0;
    rest = llvm + 4 + r + 2;
    const char *zr = rd[0] == 'w' ? "wzr, " : "xzr, ";
    if (strncmp(rest, zr, 5) != 0) return 0;
    char a[300], b[300];
    snprintf(a, sizeof a, "mov\t%s, %s", rd, rest + 5);
    snprintf(b, sizeof b, "%s", cap);
    return strcmp(a, b) == 0 || numbers_agree(a, b);
}

static void cut_all(char *s, const char *what)
{
    size_t n = strlen(what);
    for (char *p = strstr(s, what); p != NULL; p = strstr(p, what)) {
        memmove(p, p + n, strlen(p + n) + 1);
    }
}

/* AArch64 bfi/bfxil Rd, wzr/xzr, ... as bfc Rd, ... */
static int bfc_alias(const char *cap, const char *llvm)
{
    char b[300];
    if (strncmp(cap, "bfc\t", 4) != 0 || !(strncmp(llvm, "bfi\t", 4) == 0 || strncmp(llvm, "bfxil\t", 6) == 0)) {
        return 0;
    }
    snprintf(b, sizeof b, "bfc\t%s", strchr(llvm, '\t') + 1);
    cut_all(b, ", wzr");
    cut_all(b, ", xzr");
    return numbers_agree(cap, b);
}

/* capstone "prfm\t, [x0]" for LLVM "prfm\t#0x1f, [x0]" */
static int unnamed_prefetch(const char *cap, const char *llvm)
{
    const char *ct = strchr(cap, '\t'), *lt = strchr(llvm, '\t');
    if (strncmp(cap, "prf", 3) != 0 || ct == NULL || lt == NULL || ct[1] != ',' || lt[1] != '#') return 0;
    if ((ct - cap) != (lt - llvm) || strncmp(cap, llvm, (size_t) (ct - cap)) != 0) return 0;
    const char *lrest = strchr(lt, ',');
    return lrest != NULL && strcmp(ct + 1, lrest) == 0;
}

/* cut_all of each piece of a NULL-ended list, in order; 1 when s changed */
static int cut_each(char *s, const char *const *pieces)
{
    char before[300];
    snprintf(before, sizeof before, "%s", s);
    for (; *pieces != NULL; pieces++) {
        cut_all(s, *pieces);
    }
    return strcmp(before, s) != 0;
}

/* x86 canonical forms for the syntax classes: each changes s in place and says whether it did. */
static int canon_implicit(char *s)
{
    char before[300];
    snprintf(before, sizeof before, "%s", s);
    char *t = strchr(s, '\t');
    if (t != NULL && strncmp(t + 1, "$1, ", 4) == 0 &&
        (s[0] == 's' || s[0] == 'r')) {  /* sal/sar/shl/shr/rol/ror/rcl/rcr */
        memmove(t + 1, t + 5, strlen(t + 5) + 1);
    }
    cut_all(s, "tbyte ptr ");
    cut_all(s, "(0)");          /* %st(0) -> %st */
    size_t n = strlen(s);
    if (s[0] == 'f' && n > 5 && strcmp(s + n - 5, ", %st") == 0) s[n - 5] = '\0';
    t = strchr(s, '\t');
    if (s[0] == 'f' && t != NULL && strncmp(t + 1, "%st, ", 5) == 0) memmove(t + 1, t + 6, strlen(t + 6) + 1);
    return strcmp(before, s) != 0;
}

static int canon_order(char *s)
{
    if (strncmp(s, "xchg", 4) != 0) return 0;
    char *t = strchr(s, '\t');
    char *comma = t != NULL ? strstr(t, ", ") : NULL;
    if (comma == NULL || strstr(comma + 2, ", ") != NULL) return 0;
    char a[128], b[128];
    snprintf(a, sizeof a, "%.*s", (int) (comma - t - 1), t + 1);
    snprintf(b, sizeof b, "%s", comma + 2);
    if (strcmp(a, b) <= 0) return 0;
    char swapped[300];
    snprintf(swapped, sizeof swapped, "%.140s, %.140s", b, a);  /* the smaller first: the same length as before */
    memcpy(t + 1, swapped, strlen(swapped) + 1);
    return 1;
}

static int canon_segment(char *s)
{
    static const char *const segments[] = { "%es:", "%cs:", "%ss:", "%ds:", NULL };
    return cut_each(s, segments);
}

static int canon_prefix(char *s)
{
    static const char *const ignored[] = { "repne ", "rep ", "repe ", "repz ", "repnz ", "bnd ", "notrack ", "data16 ", "addr32 ",
                                           "xacquire ", "xrelease ", NULL };
    int changed = 0;
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; ignored[i] != NULL; i++) {
            if (strncmp(s, ignored[i], strlen(ignored[i])) == 0) {
                memmove(s, s + strlen(ignored[i]), strlen(s + strlen(ignored[i])) + 1);
                changed = again = 1;
            }
        }
    }
    return changed;
}

static int canon_register(char *s)
{
    static const char *const index_zero[] = { ", %eiz, 1", ", %eiz, 2", ", %eiz, 4", ", %eiz, 8", ", %riz, 1", ", %riz, 2",
                                              ", %riz, 4", ", %riz, 8", ", %eiz", ", %riz", NULL };
    int changed = cut_each(s, index_zero);
    if (strncmp(s, "lar", 3) == 0 || strncmp(s, "lsl", 3) == 0) {
        /* the source's 16 bits: %ebp/%rbp -> %bp */
        char *t = strchr(s, '\t');
        if (t != NULL && t[1] == '%' && (t[2] == 'e' || t[2] == 'r') && isalpha((unsigned char) t[3])) {
            memmove(t + 2, t + 3, strlen(t + 3) + 1);
            changed = 1;
        }
    }
    return changed;
}

static enum klass classify(const struct insn *c, const struct insn *l)
{
    int cu = undecoded(c->text), lu = undecoded(l->text);
    if (cu != lu) return K_VALIDITY;
    if (c->len != l->len) return cu ? K_VALIDITY : K_LENGTH;
    if (numbers_agree(c->text, l->text)) return K_NUMBER;
    if (mov_alias(c->text, l->text)) return K_MOV_ALIAS;
    if (bfc_alias(c->text, l->text)) return K_BFC_ALIAS;
    if (unnamed_prefetch(c->text, l->text)) return K_PREFETCH;
    /* x86: canonicalise both, one kind at a time; the first kind that makes them agree names the class */
    static int (*const canon[])(char *) = { canon_prefix, canon_implicit, canon_order, canon_segment, canon_register };
    static const enum klass kinds[] = { K_PREFIX, K_IMPLICIT, K_ORDER, K_SEGMENT, K_REGISTER };
    char a[300], b[300];
    snprintf(a, sizeof a, "%s", c->text);
    snprintf(b, sizeof b, "%s", l->text);
    enum klass first = K_COUNT;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        int ca = canon[k](a), cb = canon[k](b);
        if ((ca || cb) && first == K_COUNT) first = kinds[k];
        if (first != K_COUNT && (strcmp(a, b) == 0 || numbers_agree(a, b))) return first;
    }
    /* same length, different text: only a decode difference when the mnemonics differ too */
    size_t mc = strcspn(c->text, "\t"), ml = strcspn(l->text, "\t");
    if (mc != ml || strncmp(c->text, l->text, mc) != 0) return K_OTHER;
    return K_UNEXPLAINED;
}

static const char *dump_class;  /* CROSSCHECK_DUMP=<class>: every disagreement of it to stderr */

static void record(struct tally *t, enum klass k, const uint8_t *bytes, const struct insn *c, const struct insn *l)
{
    t->count[k]++;
    if (dump_class != NULL && strcmp(dump_class, class_name[k]) == 0) {
        fprintf(stderr, "%s\t%s\n", c->text, l->text);
    }
    if (t->examples[k] < 3) {
        char hex[64] = "";
        unsigned len = c->len > l->len ? c->len : l->len;
        for (unsigned i = 0; i < len && i < 16; i++) snprintf(hex + 2 * i, sizeof hex - 2 * i, "%02x", bytes[i]);
        snprintf(t->example[k][t->examples[k]++], sizeof t->example[k][0], "%s: capstone '%s' (%u) | llvm '%s' (%u)",
                 hex, c->text, c->len, l->text, l->len);
    }
}

static unsigned long compared;

/* Decodes one buffer with both backends and tallies the disagreements. */
static void check(const struct hsdis_isa *isa, uint64_t va, const uint8_t *buf, size_t n, struct tally *t)
{
    struct listing cl = { 0 }, ll = { 0 };
    hsdis_decode(isa, va, va + n, (unsigned char *) buf, n, on_event, &cl, on_printf, &cl,
                 "capstone-noaddr,decoder-capstone", 0);
    hsdis_decode(isa, va, va + n, (unsigned char *) buf, n, on_event, &ll, on_printf, &ll,
                 "capstone-noaddr,decoder-llvm", 0);
    size_t i = 0, j = 0;
    while (i < cl.n && j < ll.n) {
        const struct insn *c = &cl.v[i], *l = &ll.v[j];
        if (c->va == l->va) {
            compared++;
            if (c->len != l->len || strcmp(c->text, l->text) != 0) {
                record(t, classify(c, l), buf + (c->va - va), c, l);
            }
            i++;
            j++;
        } else if (c->va < l->va) {
            i++;
        } else {
            j++;
        }
    }
    free(cl.v);
    free(ll.v);
}

static uint64_t rng;
static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int hexv(int c)
{
    return c <= '9' ? c - '0' : (c | 32) - 'a' + 10;
}

static void report(const char *what, const struct tally *t, int strict, int *failed)
{
    unsigned long total = 0;
    for (int k = 0; k < K_COUNT; k++) total += t->count[k];
    printf("crosscheck: %s: %lu disagreements", what, total);
    for (int k = 0; k < K_COUNT; k++) {
        if (t->count[k] > 0) printf(", %s %lu", class_name[k], t->count[k]);
    }
    printf("\n");
    for (int k = 0; k < K_COUNT; k++) {
        int bad = k == K_UNEXPLAINED || (strict && !class_is_syntax[k]);
        if (t->count[k] > 0 && bad) *failed = 1;
        for (int e = 0; e < t->examples[k]; e++) {
            printf("    %s%s: %s\n", bad ? "UNEXPLAINED " : "", class_name[k], t->example[k][e]);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: crosscheck <isa> <generated buffers> <seed> <corpus.in>...\n");
        return 2;
    }
    const struct hsdis_isa *isa = hsdis_isa_find(argv[1]);
    if (isa == NULL) {
        fprintf(stderr, "crosscheck: unknown isa %s\n", argv[1]);
        return 2;
    }
    char why[256];
    for (int b = HSDIS_BACKEND_CAPSTONE; b <= HSDIS_BACKEND_LLVM; b++) {
        if (!hsdis_backend_available(isa, (enum hsdis_backend) b, why, sizeof why)) {
            fprintf(stderr, "crosscheck: %s\n", why);
            return 2;
        }
    }
    dump_class = getenv("CROSSCHECK_DUMP");
    unsigned long generated = strtoul(argv[2], NULL, 10);
    rng = strtoull(argv[3], NULL, 10) * 0x2545f4914f6cdd1dULL + 7;

    struct tally corpus = { 0 }, gen = { 0 };
    uint8_t *pool = NULL;
    size_t pool_n = 0;
    unsigned long corpus_insns;
    for (int a = 4; a < argc; a++) {
        FILE *f = fopen(argv[a], "r");
        if (f == NULL) {
            perror(argv[a]);
            return 2;
        }
        char *line = NULL;
        size_t cap = 0;
        while (getline(&line, &cap, f) > 0) {
            char *sp = strpbrk(line, " \t");
            if (line[0] != '0' || sp == NULL) continue;
            uint64_t va = strtoull(line, NULL, 16);
            char *h = sp + strspn(sp, " \t");
            size_t n = strspn(h, "0123456789abcdefABCDEF") / 2;
            uint8_t *buf = malloc(n + 1);
            for (size_t i = 0; i < n; i++) buf[i] = (uint8_t) (hexv(h[2 * i]) << 4 | hexv(h[2 * i + 1]));
            check(isa, va, buf, n, &corpus);
            pool = realloc(pool, pool_n + n + 1);
            memcpy(pool + pool_n, buf, n);
            pool_n += n;
            free(buf);
        }
        free(line);
        fclose(f);
    }
    corpus_insns = compared;
    uint8_t buf[512];
    for (unsigned long g = 0; g < generated; g++) {
        size_t n = 4 + rnd() % 252;
        int noise = pool_n == 0 || rnd() % 4 == 0;
        size_t from = pool_n > n ? (size_t) (rnd() % (pool_n - n)) & ~(size_t) 1 : 0;
        for (size_t i = 0; i < n; i++) {
            buf[i] = noise ? (uint8_t) rnd() : pool[(from + i) % (pool_n ? pool_n : 1)];
            if (!noise && rnd() % 24 == 0) buf[i] ^= (uint8_t) (1u << (rnd() % 8));
        }
        check(isa, 0x7f0000000000ULL + (rnd() % (1ULL << 32) & ~3ULL), buf, n, &gen);
    }
    int failed = 0;
    char what[128];
    snprintf(what, sizeof what, "%s corpus (%lu instructions at common addresses)", isa->name, corpus_insns);
    report(what, &corpus, 1, &failed);
    snprintf(what, sizeof what, "%s generated (%lu buffers, %lu instructions)", isa->name, generated,
             compared - corpus_insns);
    report(what, &gen, 0, &failed);
    free(pool);
    return failed;
}
