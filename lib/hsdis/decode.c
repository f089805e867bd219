/*
 * Decode core of the pack's hsdis plugin, on the capstone disassembly library.
 * See decode.h for the interface and docs/hsdis.md for the protocol and the options.
 */
#include "decode.h"

#include <capstone/capstone.h>

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------- */
/* Options (-XX:PrintAssemblyOptions=..., passed to us verbatim on every call)                     */

struct plugin_options {
    int intel;      /* x86 only: Intel syntax instead of AT&T */
    int no_addr;    /* do not ask the JVM to name branch targets */
    int bytes;      /* append the instruction's bytes as a comment */
    int help;       /* print the plugin's option line (once per process) */
    int sign;       /* print a line that says this plugin decoded the range, and in which form */
};

static int token_is(const char *tok, size_t len, const char *name)
{
    return strlen(name) == len && memcmp(tok, name, len) == 0;
}

static void parse_options(const char *s, struct plugin_options *o)
{
    memset(o, 0, sizeof *o);
    if (s == NULL) {
        return;
    }
    /* The JVM reacts to "help" anywhere in the string; so do we. */
    if (strstr(s, "help") != NULL) {
        o->help = 1;
    }
    while (*s != '\0') {
        size_t len = strcspn(s, ", \t\r\n");
        if (token_is(s, len, "capstone-intel") || token_is(s, len, "intel")) {
            o->intel = 1;
        } else if (token_is(s, len, "capstone-att") || token_is(s, len, "att")) {
            o->intel = 0;
        } else if (token_is(s, len, "capstone-noaddr")) {
            o->no_addr = 1;
        } else if (token_is(s, len, "capstone-bytes")) {
            o->bytes = 1;
        } else if (token_is(s, len, "capstone-sign")) {
            o->sign = 1;
        }
        /* Anything else belongs to the JVM (show-pc, print-raw, ...) and is ignored. */
        s += len;
        if (*s != '\0') {
            s++;
        }
    }
}

/* ---------------------------------------------------------------------------------------------- */
/* Output: the JVM's callbacks, or our own defaults for the raw modes (callbacks NULL)              */

struct sink {
    hsdis_event_fn event_cb;
    void *ev_stream;
    hsdis_printf_fn printf_cb;
    void *pr_stream;
    FILE *text_file;  /* when printf_cb is NULL */
    FILE *xml_file;   /* when event_cb is NULL and ev_stream is given: events as XML tags */
    int end_lines;    /* print a newline after every instruction */
    int escape_xml;   /* text goes into an XML stream */
};

static void put_text(struct sink *o, const char *s)
{
    if (o->printf_cb != NULL) {
        /* Always through "%s": AT&T text is full of '%'. */
        o->printf_cb(o->pr_stream, "%s", s);
        return;
    }
    if (!o->escape_xml) {
        fputs(s, o->text_file);
        return;
    }
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<': fputs("&lt;", o->text_file); break;
        case '>': fputs("&gt;", o->text_file); break;
        case '&': fputs("&amp;", o->text_file); break;
        case '\'': fputs("&apos;", o->text_file); break;
        default: fputc(*s, o->text_file); break;
        }
    }
}

/* Tags we send. The JVM matches the first word of the tag. */
#define TAG_INSNS      "insns"
#define TAG_MACH       "mach name='%s'"
#define TAG_INSN       "insn"
#define TAG_ADDR       "addr/"
#define TAG_END_INSN   "/insn"
#define TAG_END_INSNS  "/insns"

static void *send_event(struct sink *o, const char *tag, uintptr_t arg_value, const char *arg_text)
{
    void *arg = arg_text != NULL ? (void *) arg_text : (void *) arg_value;
    if (o->event_cb != NULL) {
        return o->event_cb(o->ev_stream, tag, arg);
    }
    if (o->xml_file != NULL) {
        FILE *f = o->xml_file;
        if (strcmp(tag, TAG_INSNS) == 0) {
            fprintf(f, "<insns start='0x%016" PRIxPTR "'>\n", arg_value);
        } else if (strcmp(tag, TAG_MACH) == 0) {
            fprintf(f, "<mach name='%s'/>\n", arg_text);
        } else if (strcmp(tag, TAG_INSN) == 0) {
            fprintf(f, "<insn pc='0x%016" PRIxPTR "'>", arg_value);
        } else if (strcmp(tag, TAG_END_INSN) == 0) {
            fputs("</insn>", f);
        } else if (strcmp(tag, TAG_END_INSNS) == 0) {
            fprintf(f, "</insns end='0x%016" PRIxPTR "'>\n", arg_value);
        }
        return NULL;
    }
    /* Plain raw mode: give every line its address. */
    if (strcmp(tag, TAG_INSN) == 0) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "  0x%016" PRIxPTR ":\t", arg_value);
        put_text(o, prefix);
    }
    return NULL;
}

/* ---------------------------------------------------------------------------------------------- */
/* capstone                                                                                         */

const char *hsdis_isa_name(enum hsdis_isa isa)
{
    switch (isa) {
    case HSDIS_ISA_X86_64: return "x86_64";
    case HSDIS_ISA_AARCH64: return "aarch64";
    }
    return NULL;
}

/* binutils' names for the machines, which is what the JVM has always been told. */
static const char *mach_name(enum hsdis_isa isa)
{
    return isa == HSDIS_ISA_X86_64 ? "i386:x86-64" : "aarch64";
}

const char *hsdis_capstone_version(void)
{
    static char buf[32];
    int major = 0, minor = 0;
    cs_version(&major, &minor);
    snprintf(buf, sizeof buf, "%d.%d", major, minor);
    return buf;
}

/*
 * A capstone handle with two instruction buffers: "plain" is decoded without detail (fast), "full" with
 * detail; only instructions that look like direct branches are decoded a second time into "full", to
 * read their target. Handles are cached per ISA and syntax; a call that finds the cached one busy
 * (another thread is decoding) opens a private one, so the plugin is thread-safe without locks.
 */
struct engine {
    csh handle;
    cs_insn *plain;
    cs_insn *full;
    int ready;
    char busy;
};

static struct engine engine_cache[2][2];

static int engine_open(struct engine *e, enum hsdis_isa isa, int intel)
{
    cs_arch arch = isa == HSDIS_ISA_X86_64 ? CS_ARCH_X86 : CS_ARCH_ARM64;
    cs_mode mode = isa == HSDIS_ISA_X86_64 ? CS_MODE_64 : CS_MODE_LITTLE_ENDIAN;
    if (cs_open(arch, mode, &e->handle) != CS_ERR_OK) {
        return 0;
    }
    if (isa == HSDIS_ISA_X86_64) {
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
        return 0;
    }
    e->ready = 1;
    return 1;
}

static void engine_close(struct engine *e)
{
    cs_free(e->full, 1);
    cs_free(e->plain, 1);
    cs_close(&e->handle);
    e->ready = 0;
}

static struct engine *engine_acquire(enum hsdis_isa isa, int intel, struct engine *private_engine)
{
    struct engine *e = &engine_cache[isa == HSDIS_ISA_X86_64][intel != 0];
    if (!__atomic_test_and_set(&e->busy, __ATOMIC_ACQUIRE)) {
        if (e->ready || engine_open(e, isa, intel)) {
            return e;
        }
        __atomic_clear(&e->busy, __ATOMIC_RELEASE);
        return NULL;
    }
    memset(private_engine, 0, sizeof *private_engine);
    return engine_open(private_engine, isa, intel) ? private_engine : NULL;
}

static void engine_release(struct engine *e, struct engine *private_engine)
{
    if (e == private_engine) {
        engine_close(e);
    } else if (e != NULL) {
        __atomic_clear(&e->busy, __ATOMIC_RELEASE);
    }
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Could this be a direct jump/branch/call? (Cheap text test; detail decides.) */
static int maybe_branch(enum hsdis_isa isa, const char *mnemonic)
{
    if (isa == HSDIS_ISA_X86_64) {
        const char *word = strrchr(mnemonic, ' ');  /* skip prefixes: "bnd jmp", "notrack jmp" */
        word = word != NULL ? word + 1 : mnemonic;
        return word[0] == 'j' || starts_with(word, "call") || starts_with(word, "loop") || starts_with(word, "xbegin");
    }
    return strcmp(mnemonic, "b") == 0 || strcmp(mnemonic, "bl") == 0 || starts_with(mnemonic, "b.") ||
           starts_with(mnemonic, "bc.") || starts_with(mnemonic, "cb") || starts_with(mnemonic, "tb");
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

/* The absolute target of a direct jump, branch or call, if this is one. */
static int direct_target(enum hsdis_isa isa, const cs_insn *ci, uint64_t *target)
{
    const cs_detail *d = ci->detail;
    if (d == NULL) {
        return 0;
    }
    if (!in_group(d, CS_GRP_JUMP) && !in_group(d, CS_GRP_CALL) && !in_group(d, CS_GRP_BRANCH_RELATIVE)) {
        return 0;
    }
    if (isa == HSDIS_ISA_X86_64) {
        const cs_x86 *x = &d->x86;
        if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM) {
            *target = (uint64_t) x->operands[0].imm;
            return 1;
        }
        return 0;
    }
    const cs_arm64 *a = &d->arm64;
    if (a->op_count >= 1 && a->op_count <= 8 && a->operands[a->op_count - 1].type == ARM64_OP_IMM) {
        *target = (uint64_t) a->operands[a->op_count - 1].imm;
        return 1;
    }
    return 0;
}

/* One instruction's text, split around the branch target (if any) so that the JVM can name it. */
struct insn_text {
    char head[256];      /* mnemonic, tab, operands up to the target */
    char tail[160];      /* what follows the target (instruction bytes) */
    int has_target;
    uint64_t target;
};

static void copy_trimmed(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\t')) {
        n--;
    }
    if (n >= cap) {
        n = cap - 1;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static void format_decoded(enum hsdis_isa isa, const cs_insn *ci, struct insn_text *t)
{
    char mnemonic[sizeof ci->mnemonic + 1];
    char ops[sizeof ci->op_str + 1];
    copy_trimmed(mnemonic, sizeof mnemonic, ci->mnemonic);
    copy_trimmed(ops, sizeof ops, ci->op_str);

    uint64_t target;
    if (direct_target(isa, ci, &target)) {
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
            if (isa == HSDIS_ISA_AARCH64) {
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

static void format_bytes(const unsigned char *p, size_t len, char *dst, size_t cap)
{
    size_t at = 0;
    int n = snprintf(dst, cap, "\t;");
    if (n < 0) {
        dst[0] = '\0';
        return;
    }
    at = (size_t) n;
    for (size_t i = 0; i < len && at + 4 < cap; i++) {
        n = snprintf(dst + at, cap - at, " %02x", p[i]);
        if (n < 0) {
            break;
        }
        at += (size_t) n;
    }
}

/* ---------------------------------------------------------------------------------------------- */

static int help_printed;

static void print_help(struct sink *o, enum hsdis_isa isa)
{
    if (__atomic_exchange_n(&help_printed, 1, __ATOMIC_RELAXED)) {
        return;
    }
    char line[512];
    snprintf(line, sizeof line,
             "hsdis-capstone %s (%s, capstone %s) options, comma separated in -XX:PrintAssemblyOptions: "
             "capstone-att (default) | capstone-intel (x86 syntax; also: att | intel), "
             "capstone-noaddr (print branch targets as hex, do not let the JVM name them), "
             "capstone-bytes (append each instruction's bytes), "
             "capstone-sign (a line before the code naming this plugin, the range and the text's form)\n",
             HSDIS_PLUGIN_VERSION, hsdis_isa_name(isa), hsdis_capstone_version());
    put_text(o, line);
}

/*
 * The signature a reader of the JVM's output uses to tell this plugin's text from another disassembler's
 * (docs/hsdis.md): one line before the code, naming the plugin, the range it decodes and the form of the
 * text (syntax, and the options that add to it). The JVM prints it where the call starts, on a line of its
 * own after the nmethod's header.
 */
static void print_sign(struct sink *o, enum hsdis_isa isa, const struct plugin_options *opt,
                       uintptr_t from, uintptr_t to)
{
    char line[256];
    snprintf(line, sizeof line,
             "# hsdis-capstone %s (capstone %s) %s %s%s%s: [0x%016" PRIxPTR ", 0x%016" PRIxPTR ")\n",
             HSDIS_PLUGIN_VERSION, hsdis_capstone_version(), hsdis_isa_name(isa),
             isa == HSDIS_ISA_X86_64 ? (opt->intel ? "intel" : "att") : "a64",
             opt->bytes ? "+bytes" : "", opt->no_addr ? "+noaddr" : "", from, to);
    put_text(o, line);
}

uintptr_t hsdis_decode(enum hsdis_isa isa,
                       uintptr_t start_va, uintptr_t end_va,
                       unsigned char *buffer, uintptr_t length,
                       hsdis_event_fn event_cb, void *ev_stream,
                       hsdis_printf_fn printf_cb, void *pr_stream,
                       const char *options, int newline)
{
    if (isa != HSDIS_ISA_X86_64 && isa != HSDIS_ISA_AARCH64) {
        return start_va;
    }
    struct plugin_options opt;
    parse_options(options, &opt);

    struct sink o;
    memset(&o, 0, sizeof o);
    o.event_cb = event_cb;
    o.ev_stream = ev_stream;
    o.printf_cb = printf_cb;
    o.pr_stream = pr_stream;
    if (printf_cb == NULL) {
        o.text_file = pr_stream != NULL ? (FILE *) pr_stream : stdout;
    }
    if (event_cb == NULL && ev_stream != NULL) {
        o.xml_file = (FILE *) ev_stream;
        o.escape_xml = printf_cb == NULL;
    }
    /* The JVM breaks its own lines; in the raw modes nobody does, so we do. */
    o.end_lines = newline || printf_cb == NULL || event_cb == NULL;

    /* The number of bytes we may read: never past the buffer, never past end_va. */
    uintptr_t n = buffer != NULL ? length : 0;
    if (end_va >= start_va && end_va - start_va < n) {
        n = end_va - start_va;
    }

    if (opt.help) {
        print_help(&o, isa);
    }

    if (opt.sign) {
        print_sign(&o, isa, &opt, start_va, start_va + n);
    }
    send_event(&o, TAG_INSNS, start_va, NULL);
    send_event(&o, TAG_MACH, 0, mach_name(isa));

    struct engine private_engine;
    struct engine *e = n > 0 ? engine_acquire(isa, opt.intel, &private_engine) : NULL;

    uintptr_t off = 0;
    while (off < n) {
        uintptr_t va = start_va + off;
        uintptr_t left = n - off;
        struct insn_text t;
        size_t len = 0;
        t.head[0] = '\0';
        t.tail[0] = '\0';
        t.has_target = 0;
        t.target = 0;

        const uint8_t *code = buffer + off;
        size_t size = (size_t) left;
        uint64_t address = (uint64_t) va;
        if (e != NULL && cs_disasm_iter(e->handle, &code, &size, &address, e->plain) &&
            e->plain->size > 0 && e->plain->size <= left) {
            const cs_insn *ci = e->plain;
            if (maybe_branch(isa, ci->mnemonic)) {
                const uint8_t *code2 = buffer + off;
                size_t size2 = (size_t) left;
                uint64_t address2 = (uint64_t) va;
                cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_ON);
                if (cs_disasm_iter(e->handle, &code2, &size2, &address2, e->full) && e->full->size == ci->size) {
                    ci = e->full;
                }
                cs_option(e->handle, CS_OPT_DETAIL, CS_OPT_OFF);
            }
            len = ci->size;
            format_decoded(isa, ci, &t);
        } else if (isa == HSDIS_ISA_AARCH64 && left >= 4) {
            const unsigned char *p = buffer + off;
            uint32_t word = (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
            len = 4;
            snprintf(t.head, sizeof t.head, ".inst\t0x%08" PRIx32, word);
        } else {
            len = 1;
            snprintf(t.head, sizeof t.head, ".byte\t0x%02x", buffer[off]);
        }
        if (opt.bytes) {
            format_bytes(buffer + off, len, t.tail, sizeof t.tail);
        }

        send_event(&o, TAG_INSN, va, NULL);
        put_text(&o, t.head);
        if (t.has_target) {
            void *named = NULL;
            /* The JVM prints -1..9 as decimals and takes NULL as an alignment hint: keep those. */
            if (!opt.no_addr && t.target >= 0x10 && t.target != UINT64_MAX) {
                named = send_event(&o, TAG_ADDR, (uintptr_t) t.target, NULL);
            }
            if (named == NULL) {
                char hex[24];
                snprintf(hex, sizeof hex, "0x%016" PRIx64, t.target);
                put_text(&o, hex);
            }
        }
        if (t.tail[0] != '\0') {
            put_text(&o, t.tail);
        }
        send_event(&o, TAG_END_INSN, va + len, NULL);
        if (o.end_lines) {
            put_text(&o, "\n");
        }
        off += len;
    }

    engine_release(e, &private_engine);
    send_event(&o, TAG_END_INSNS, start_va + off, NULL);
    return start_va + off;
}
