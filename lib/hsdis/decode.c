/*
 * Decode core of the pack's hsdis plugin: options, the JVM's event protocol, the raw modes, undecodable
 * bytes, and the choice of backend (capstone.c, llvm.c) per ISA.
 * See decode.h for the interface and docs/hsdis.md for the protocol and the options.
 */
#include "backend.h"

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
    enum hsdis_backend backend;  /* decoder-capstone, decoder-llvm: not the ISA's own */
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
        } else if (token_is(s, len, "decoder-capstone")) {
            o->backend = HSDIS_BACKEND_CAPSTONE;
        } else if (token_is(s, len, "decoder-llvm")) {
            o->backend = HSDIS_BACKEND_LLVM;
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
/* Backends and their engines                                                                       */

static const struct hsdis_backend_ops *ops_of(enum hsdis_backend b)
{
    return b == HSDIS_BACKEND_LLVM ? &hsdis_llvm_ops : &hsdis_capstone_ops;
}

int hsdis_backend_available(const struct hsdis_isa *isa, enum hsdis_backend backend, char *why, size_t cap)
{
    if (backend == HSDIS_BACKEND_DEFAULT) {
        backend = isa->backend;
    }
    if (backend == HSDIS_BACKEND_DEFAULT) {
        snprintf(why, cap, "make/platforms names no backend (capstone or llvm) for %s", isa->name);
        return 0;
    }
    return ops_of(backend)->available(isa, why, cap);
}

const char *hsdis_backend_version(enum hsdis_backend backend)
{
    return backend == HSDIS_BACKEND_DEFAULT ? "unavailable" : ops_of(backend)->version();
}

/*
 * Engines are cached per backend, ISA and syntax; a call that finds the cached one busy (another thread
 * is decoding) opens a private one, so the plugin is thread-safe without locks.
 */
#define CACHED_ISAS 16

struct cached_engine {
    struct hsdis_engine *engine;
    char busy;
};

static struct cached_engine engine_cache[2][CACHED_ISAS][2];

static struct hsdis_engine *engine_acquire(const struct hsdis_backend_ops *ops, const struct hsdis_isa *isa,
                                           int intel, struct cached_engine **slot)
{
    *slot = NULL;
    if (isa->index < CACHED_ISAS) {
        struct cached_engine *c = &engine_cache[ops->id == HSDIS_BACKEND_LLVM][isa->index][intel != 0];
        if (!__atomic_test_and_set(&c->busy, __ATOMIC_ACQUIRE)) {
            if (c->engine == NULL) {
                c->engine = ops->open(isa, intel);
            }
            if (c->engine != NULL) {
                *slot = c;
                return c->engine;
            }
            __atomic_clear(&c->busy, __ATOMIC_RELEASE);
            return NULL;
        }
    }
    return ops->open(isa, intel);
}

static void engine_release(const struct hsdis_backend_ops *ops, struct hsdis_engine *e, struct cached_engine *slot)
{
    if (slot != NULL) {
        __atomic_clear(&slot->busy, __ATOMIC_RELEASE);
    } else if (e != NULL) {
        ops->close(e);
    }
}

/* Bytes no instruction starts with, cut by the ISA's encoding unit. Returns their length. */
static size_t format_undecodable(const struct hsdis_isa *isa, const unsigned char *p, size_t left, char *dst,
                                 size_t cap)
{
    size_t unit = 1;
    int big_endian = 0;
    switch (isa->traits->unit) {
    case HSDIS_UNIT_BYTE: unit = 1; break;
    case HSDIS_UNIT_WORD_LE: unit = 4; break;
    case HSDIS_UNIT_RISCV: unit = (p[0] & 3) == 3 ? 4 : 2; break;
    case HSDIS_UNIT_S390: unit = (p[0] >> 6) == 0 ? 2 : (p[0] >> 6) == 3 ? 6 : 4; big_endian = 1; break;
    }
    if (unit == 1 || left < unit) {
        snprintf(dst, cap, ".byte\t0x%02x", p[0]);
        return 1;
    }
    int at = snprintf(dst, cap, ".inst\t0x");
    for (size_t i = 0; i < unit && at > 0 && (size_t) at + 3 < cap; i++) {
        at += snprintf(dst + at, cap - (size_t) at, "%02x", p[big_endian ? i : unit - 1 - i]);
    }
    return unit;
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

static void print_help(struct sink *o, const struct hsdis_isa *isa, enum hsdis_backend backend)
{
    if (__atomic_exchange_n(&help_printed, 1, __ATOMIC_RELAXED)) {
        return;
    }
    char line[768];
    snprintf(line, sizeof line,
             "hsdis-capstone %s (%s, decoding with %s; capstone %s, llvm %s) options, comma separated in "
             "-XX:PrintAssemblyOptions: "
             "capstone-att (default) | capstone-intel (x86 syntax; also: att | intel), "
             "capstone-noaddr (print branch targets as hex, do not let the JVM name them), "
             "capstone-bytes (append each instruction's bytes), "
             "decoder-capstone | decoder-llvm (decode with this backend instead of the ISA's own, %s), "
             "capstone-sign (a line before the code naming this plugin, its backend, the range and the text's form)\n",
             HSDIS_PLUGIN_VERSION, isa->name, hsdis_backend_name(backend),
             hsdis_backend_version(HSDIS_BACKEND_CAPSTONE), hsdis_backend_version(HSDIS_BACKEND_LLVM),
             hsdis_backend_name(isa->backend));
    put_text(o, line);
}

/*
 * The signature a reader of the JVM's output uses to tell this plugin's text from another disassembler's
 * (docs/hsdis.md): one line before the code, naming the plugin, the backend that decodes, the range and the
 * form of the text (syntax, and the options that add to it). The JVM prints it where the call starts, on a
 * line of its own after the nmethod's header.
 */
static void print_sign(struct sink *o, const struct hsdis_isa *isa, enum hsdis_backend backend, int intel,
                       const struct plugin_options *opt, uintptr_t from, uintptr_t to)
{
    char line[256];
    snprintf(line, sizeof line,
             "# hsdis-anatomy %s (%s %s) %s %s%s%s: [0x%016" PRIxPTR ", 0x%016" PRIxPTR ")\n",
             HSDIS_PLUGIN_VERSION, hsdis_backend_name(backend), hsdis_backend_version(backend), isa->name,
             isa->traits->intel_syntax ? (intel ? "intel" : "att") : "text",
             opt->bytes ? "+bytes" : "", opt->no_addr ? "+noaddr" : "", from, to);
    put_text(o, line);
}

uintptr_t hsdis_decode(const struct hsdis_isa *isa,
                       uintptr_t start_va, uintptr_t end_va,
                       unsigned char *buffer, uintptr_t length,
                       hsdis_event_fn event_cb, void *ev_stream,
                       hsdis_printf_fn printf_cb, void *pr_stream,
                       const char *options, int newline)
{
    if (isa == NULL) {
        return start_va;
    }
    struct plugin_options opt;
    parse_options(options, &opt);
    enum hsdis_backend backend = opt.backend != HSDIS_BACKEND_DEFAULT ? opt.backend : isa->backend;
    if (backend == HSDIS_BACKEND_DEFAULT) {
        backend = HSDIS_BACKEND_LLVM;
    }
    const struct hsdis_backend_ops *ops = ops_of(backend);
    int intel = opt.intel && isa->traits->intel_syntax;

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
        print_help(&o, isa, backend);
    }

    if (opt.sign) {
        print_sign(&o, isa, backend, intel, &opt, start_va, start_va + n);
    }
    send_event(&o, TAG_INSNS, start_va, NULL);
    send_event(&o, TAG_MACH, 0, isa->traits->mach != NULL ? isa->traits->mach : isa->name);

    struct cached_engine *slot = NULL;
    struct hsdis_engine *e = n > 0 ? engine_acquire(ops, isa, intel, &slot) : NULL;

    uintptr_t off = 0;
    while (off < n) {
        uintptr_t va = start_va + off;
        uintptr_t left = n - off;
        struct hsdis_insn t;
        char tail[160];
        size_t len = 0;
        t.head[0] = '\0';
        t.rest[0] = '\0';
        t.has_target = 0;
        t.target = 0;
        tail[0] = '\0';

        if (e != NULL && ops->decode(e, buffer + off, (size_t) left, (uint64_t) va, &t) && t.len > 0 && t.len <= left) {
            len = t.len;
        } else {
            t.has_target = 0;
            t.rest[0] = '\0';
            len = format_undecodable(isa, buffer + off, (size_t) left, t.head, sizeof t.head);
        }
        if (opt.bytes) {
            format_bytes(buffer + off, len, tail, sizeof tail);
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
        if (t.rest[0] != '\0') {
            put_text(&o, t.rest);
        }
        if (tail[0] != '\0') {
            put_text(&o, tail);
        }
        send_event(&o, TAG_END_INSN, va + len, NULL);
        if (o.end_lines) {
            put_text(&o, "\n");
        }
        off += len;
    }

    engine_release(ops, e, slot);
    send_event(&o, TAG_END_INSNS, start_va + off, NULL);
    return start_va + off;
}

int hsdis_text_append(char *text, size_t cap, size_t *used, const char *format, va_list ap)
{
    size_t room = cap - *used;
    int n = vsnprintf(text + *used, room, format, ap);
    if (n > 0) {
        *used += (size_t) n < room ? (size_t) n : room - 1;
    }
    return n;
}
