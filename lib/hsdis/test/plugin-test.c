/*
 * Fixture test of the plugin entry point, decode_instructions_virtual, the way the JVM drives it.
 *
 *   plugin-test [<plugin.so>] <isa> <att|intel> <fixture.in>      (the .so only when built with PLUGIN_DLOPEN)
 *
 * Reads the fixture (the CLI's input format: "0x<addr> <hexbytes>" per line), calls the entry point
 * once per line and prints what the JVM would get, in the CLI's output format
 * ("0x<addr>\t<length>\t<text>"), so that run.sh can compare it with the same expected file as the CLI.
 * On the way it checks the event protocol and the other modes (JVM naming targets, capstone-noaddr,
 * newline=1, the raw modes with NULL callbacks); any violation prints "plugin-test: FAIL ..." and exits 1.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef PLUGIN_DLOPEN
#include <dlfcn.h>
#endif

typedef void *(*event_fn)(void *, const char *, void *);
typedef int (*printf_fn)(void *, const char *, ...);
typedef void *(*entry_fn)(uintptr_t, uintptr_t, unsigned char *, uintptr_t, event_fn, void *, printf_fn, void *,
                          const char *, int);

#ifndef PLUGIN_DLOPEN
void *decode_instructions_virtual(uintptr_t, uintptr_t, unsigned char *, uintptr_t, event_fn, void *, printf_fn,
                                  void *, const char *, int);
#endif

static entry_fn entry;
static const char *isa;

/* What the JVM must be told and the instruction lengths, per ISA (the test's own statement of them). */
struct expectation {
    const char *isa, *mach;
    unsigned maxlen, unit;
};
static const struct expectation expectations[] = {
    { "x86_64", "i386:x86-64", 15, 1 }, { "aarch64", "aarch64", 4, 4 }, { "riscv64", "riscv:rv64", 4, 2 },
    { "ppc64le", "powerpc:common64", 8, 4 }, { "s390x", "s390:64-bit", 6, 2 },
};

static const struct expectation *expect(void)
{
    static const struct expectation unknown = { "", "", 16, 1 };
    for (size_t i = 0; i < sizeof expectations / sizeof expectations[0]; i++) {
        if (strcmp(expectations[i].isa, isa) == 0) {
            return &expectations[i];
        }
    }
    return &unknown;
}
static unsigned long fixture_line;
static int failures;

#define MAX_INSNS 4096
#define TEXT_MAX 512

struct insn {
    uintptr_t va, end;
    char text[TEXT_MAX];
    int has_addr;
    uintptr_t addr;
    size_t addr_pos;  /* where in text the addr/ event happened */
};

struct recorder {
    int mode_name;    /* addr/ answered by printing NAMED and returning non-NULL */
    int newline_seen; /* count of "\n" printed after /insn */
    int state;        /* 0 before insns, 1 after insns, 2 after mach, 3 inside insn, 4 done */
    uintptr_t start, next;
    int count;
    struct insn insns[MAX_INSNS];
    char help[TEXT_MAX];
};

static void fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "plugin-test: FAIL (%s, fixture line %lu): ", isa, fixture_line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    failures++;
}

static void *on_event(void *stream, const char *tag, void *arg)
{
    struct recorder *r = stream;
    uintptr_t v = (uintptr_t) arg;
    if (strcmp(tag, "insns") == 0) {
        if (r->state != 0) fail("'insns' not first");
        if (v != r->start) fail("'insns' arg 0x%" PRIxPTR " != start 0x%" PRIxPTR, v, r->start);
        r->state = 1;
    } else if (strncmp(tag, "mach", 4) == 0 && (tag[4] == ' ' || tag[4] == '\0')) {
        if (r->state != 1) fail("'mach' not right after 'insns'");
        const char *want = expect()->mach;
        if (arg == NULL || strcmp((const char *) arg, want) != 0) fail("'mach' arg is not \"%s\"", want);
        r->state = 2;
    } else if (strcmp(tag, "insn") == 0) {
        if (r->state != 2) fail("'insn' in state %d", r->state);
        if (v != r->next) fail("'insn' at 0x%" PRIxPTR ", expected 0x%" PRIxPTR, v, r->next);
        if (r->count >= MAX_INSNS) { fail("too many instructions"); exit(1); }
        struct insn *i = &r->insns[r->count];
        memset(i, 0, sizeof *i);
        i->va = v;
        r->state = 3;
    } else if (strcmp(tag, "addr/") == 0) {
        if (r->state != 3) fail("'addr/' outside an instruction");
        struct insn *i = &r->insns[r->count];
        if (i->has_addr) fail("two 'addr/' in one instruction");
        if (v < 0x10) fail("'addr/' with a small value %" PRIuPTR, v);
        i->has_addr = 1;
        i->addr = v;
        i->addr_pos = strlen(i->text);
        if (r->mode_name) {
            strncat(i->text, "NAMED", TEXT_MAX - strlen(i->text) - 1);
            return arg;
        }
    } else if (strcmp(tag, "/insn") == 0) {
        if (r->state != 3) fail("'/insn' outside an instruction");
        struct insn *i = &r->insns[r->count];
        unsigned maxlen = expect()->maxlen;
        if (v <= i->va || v - i->va > maxlen) fail("'/insn' at 0x%" PRIxPTR " after insn at 0x%" PRIxPTR, v, i->va);
        if (expect()->unit > 1 && (v - i->va) % expect()->unit != 0 && v - i->va != 1) {
            fail("%s length %" PRIuPTR, isa, v - i->va);
        }
        i->end = v;
        r->next = v;
        r->count++;
        r->state = 2;
    } else if (strcmp(tag, "/insns") == 0) {
        if (r->state != 2) fail("'/insns' in state %d", r->state);
        if (v != r->next) fail("'/insns' arg 0x%" PRIxPTR " != 0x%" PRIxPTR, v, r->next);
        r->state = 4;
    } else {
        fail("unknown event '%s'", tag);
    }
    return NULL;
}

static int on_printf(void *stream, const char *fmt, ...)
{
    struct recorder *r = stream;
    if (strcmp(fmt, "%s") != 0) fail("printf_cb called with format \"%s\", not \"%%s\"", fmt);
    va_list ap;
    va_start(ap, fmt);
    const char *s = va_arg(ap, const char *);
    va_end(ap);
    if (r->state == 3) {
        struct insn *i = &r->insns[r->count];
        if (strlen(i->text) + strlen(s) >= TEXT_MAX) { fail("text too long"); return 0; }
        strcat(i->text, s);
    } else if (strcmp(s, "\n") == 0 && r->state == 2) {
        r->newline_seen++;
    } else if (r->state <= 1) {
        strncat(r->help, s, TEXT_MAX - strlen(r->help) - 1);
    } else {
        fail("text \"%s\" outside an instruction (state %d)", s, r->state);
    }
    return (int) strlen(s);
}

static struct recorder *run(uintptr_t va, unsigned char *code, size_t n, const char *options, int name, int newline)
{
    struct recorder *r = calloc(1, sizeof *r);
    r->start = r->next = va;
    r->mode_name = name;
    void *ret = entry(va, va + n, code, n, on_event, r, on_printf, r, options, newline);
    if (r->state != 4) fail("no '/insns' at the end");
    if ((uintptr_t) ret != va + n) fail("returned 0x%" PRIxPTR ", expected 0x%" PRIxPTR, (uintptr_t) ret, va + n);
    if (r->count > 0 && r->insns[r->count - 1].end != va + n) fail("instructions do not cover the chunk");
    return r;
}

/* Raw mode: NULL callbacks, output to a FILE*; returns the file's content. */
static char *run_raw(uintptr_t va, unsigned char *code, size_t n, const char *options, int xml)
{
    FILE *f = tmpfile();
    if (f == NULL) { perror("tmpfile"); exit(1); }
    void *ret = entry(va, va + n, code, n, NULL, xml ? f : NULL, NULL, f, options, 0);
    if ((uintptr_t) ret != va + n) fail("raw mode returned 0x%" PRIxPTR, (uintptr_t) ret);
    long size = ftell(f);
    char *buf = calloc(1, (size_t) size + 1);
    rewind(f);
    if (fread(buf, 1, (size_t) size, f) != (size_t) size) { perror("fread"); exit(1); }
    fclose(f);
    return buf;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void check_chunk(uintptr_t va, unsigned char *code, size_t n, const char *syntax)
{
    /* PLUGIN_TEST_BACKEND=capstone|llvm: the same checks on the other backend (decoder-<backend>). */
    const char *backend = getenv("PLUGIN_TEST_BACKEND");
    char decoder[32] = "";
    if (backend != NULL && backend[0] != '\0') {
        snprintf(decoder, sizeof decoder, ",decoder-%s", backend);
    }
    char options[96];
    snprintf(options, sizeof options, "capstone-%s%s", syntax, decoder);

    struct recorder *plain = run(va, code, n, options, 0, 0);
    for (int k = 0; k < plain->count; k++) {
        struct insn *i = &plain->insns[k];
        printf("0x%016" PRIxPTR "\t%" PRIuPTR "\t%s\n", i->va, i->end - i->va, i->text);
        if (i->has_addr) {
            char hex[24];
            snprintf(hex, sizeof hex, "0x%016" PRIxPTR, i->addr);
            if (strncmp(i->text + i->addr_pos, hex, strlen(hex)) != 0) {
                fail("after addr/ returned NULL the plugin did not print %s: \"%s\"", hex, i->text);
            }
        }
    }

    /* The JVM names the target: the name replaces the hex address, nothing else changes. */
    struct recorder *named = run(va, code, n, options, 1, 0);
    if (named->count != plain->count) fail("naming changed the instruction count");
    for (int k = 0; k < plain->count && k < named->count; k++) {
        struct insn *p = &plain->insns[k], *q = &named->insns[k];
        char want[TEXT_MAX];
        if (p->has_addr) {
            snprintf(want, sizeof want, "%.*sNAMED%s", (int) p->addr_pos, p->text, p->text + p->addr_pos + 18);
        } else {
            snprintf(want, sizeof want, "%s", p->text);
        }
        if (strcmp(want, q->text) != 0) fail("named text \"%s\", expected \"%s\"", q->text, want);
    }

    /* capstone-noaddr: no addr/ events, same text. */
    char opt2[160];
    snprintf(opt2, sizeof opt2, "show-bytes,%s,capstone-noaddr", options);
    struct recorder *noaddr = run(va, code, n, opt2, 1, 0);
    for (int k = 0; k < plain->count && k < noaddr->count; k++) {
        if (noaddr->insns[k].has_addr) fail("addr/ sent despite capstone-noaddr");
        if (strcmp(noaddr->insns[k].text, plain->insns[k].text) != 0) fail("capstone-noaddr changed the text");
    }

    /* The bare aliases att / intel give the same as capstone-att / capstone-intel. */
    char bare[64];
    snprintf(bare, sizeof bare, "%s%s", strcmp(syntax, "intel") == 0 ? "print-x,intel" : "att", decoder);
    struct recorder *alias = run(va, code, n, bare, 0, 0);
    for (int k = 0; k < plain->count && k < alias->count; k++) {
        if (strcmp(alias->insns[k].text, plain->insns[k].text) != 0) fail("alias '%s' differs", syntax);
    }

    /* newline=1: the plugin ends every instruction with "\n". */
    struct recorder *nl = run(va, code, n, options, 0, 1);
    if (nl->newline_seen != plain->count) fail("newline=1: %d newlines for %d instructions", nl->newline_seen, plain->count);

    /* Raw mode: "  0x<addr>:\t<text>\n" per instruction, to the FILE*. */
    char *raw = run_raw(va, code, n, options, 0);
    char *p = raw;
    for (int k = 0; k < plain->count; k++) {
        char want[TEXT_MAX + 64];
        snprintf(want, sizeof want, "  0x%016" PRIxPTR ":\t%s\n", plain->insns[k].va, plain->insns[k].text);
        if (strncmp(p, want, strlen(want)) != 0) { fail("raw line %d: got \"%.60s\", want \"%s\"", k, p, want); break; }
        p += strlen(want);
    }
    if (*p != '\0' && failures == 0) fail("raw mode: extra output \"%.60s\"", p);
    free(raw);

    /* Raw XML mode: one <insn pc=...>...</insn> per instruction inside <insns> (not for a foreign plugin). */
    if (getenv("PLUGIN_TEST_FOREIGN") != NULL) {
        free(plain);
        free(named);
        free(noaddr);
        free(alias);
        free(nl);
        return;
    }
    char *xml = run_raw(va, code, n, options, 1);
    int opens = 0, closes = 0;
    for (char *q = xml; (q = strstr(q, "<insn pc=")) != NULL; q++) opens++;
    for (char *q = xml; (q = strstr(q, "</insn>")) != NULL; q++) closes++;
    if (opens != plain->count || closes != plain->count || strstr(xml, "<insns") == NULL ||
        strstr(xml, "</insns") == NULL || strstr(xml, "<mach name=") == NULL) {
        fail("raw xml mode: %d/%d tags for %d instructions", opens, closes, plain->count);
    }
    free(xml);

    free(plain);
    free(named);
    free(noaddr);
    free(alias);
    free(nl);
}

int main(int argc, char **argv)
{
    int a = 1;
#ifdef PLUGIN_DLOPEN
    if (argc != 5) {
        fprintf(stderr, "usage: plugin-test <plugin.so> <isa> <att|intel> <fixture.in>\n");
        return 2;
    }
    void *lib = dlopen(argv[a], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "plugin-test: FAIL: dlopen %s: %s\n", argv[a], dlerror());
        return 1;
    }
    *(void **) &entry = dlsym(lib, "decode_instructions_virtual");
    if (entry == NULL) {
        fprintf(stderr, "plugin-test: FAIL: %s has no decode_instructions_virtual\n", argv[a]);
        return 1;
    }
    a++;
#else
    if (argc != 4) {
        fprintf(stderr, "usage: entry-<isa> <isa> <att|intel> <fixture.in>\n");
        return 2;
    }
    entry = decode_instructions_virtual;
#endif
    isa = argv[a];
    const char *syntax = argv[a + 1];
    FILE *in = fopen(argv[a + 2], "r");
    if (in == NULL) {
        perror(argv[a + 2]);
        return 2;
    }

    /* "help" in the options: one line naming the plugin's options, before the first instruction. */
    {
        unsigned char nop[4] = { 0x1f, 0x20, 0x03, 0xd5 };
        struct recorder *h = run(0x1000, nop, sizeof nop, "help", 0, 0);
        if (getenv("PLUGIN_TEST_FOREIGN") == NULL &&
            (strstr(h->help, "capstone-intel") == NULL || strstr(h->help, "capstone-noaddr") == NULL)) {
            fail("'help' did not print the option line (got \"%s\")", h->help);
        }
        free(h);
        /* capstone-sign: one line before the code naming the plugin, its backend, the ISA, the form, the range. A
         * foreign-style plugin must print no such line: the pack tells its own plugin's text by it. */
        h = run(0x1000, nop, sizeof nop, "show-pc,capstone-sign", 0, 0);
        const char *want = "# hsdis-anatomy ";
        int foreign = getenv("PLUGIN_TEST_FOREIGN") != NULL;
        if (foreign && strstr(h->help, want) != NULL) {
            fail("a foreign-style plugin printed the pack's sign line (\"%s\")", h->help);
        } else if (!foreign && (strncmp(h->help, want, strlen(want)) != 0 || strstr(h->help, isa) == NULL
                || strstr(h->help, ": [0x0000000000001000, 0x0000000000001004)\n") == NULL
                || strstr(h->help, strcmp(isa, "x86_64") == 0 ? " att:" : " text:") == NULL)) {
            fail("'capstone-sign' did not print the sign line (got \"%s\")", h->help);
        }
        free(h);
        h = run(0x1000, nop, sizeof nop, "capstone-sign,capstone-intel,capstone-bytes", 0, 0);
        if (!foreign && strcmp(isa, "x86_64") == 0 && strstr(h->help, " intel+bytes:") == NULL) {
            fail("the sign line does not name the form intel+bytes (got \"%s\")", h->help);
        }
        free(h);
        /* An empty range and a NULL buffer: only insns, mach, /insns. */
        h = run(0x2000, nop, 0, "", 0, 0);
        if (h->count != 0) fail("empty range decoded something");
        free(h);
        h = calloc(1, sizeof *h);
        h->start = h->next = 0x3000;
        void *ret = entry(0x3000, 0x3004, NULL, 4, on_event, h, on_printf, h, "", 0);
        if ((uintptr_t) ret != 0x3000 || h->count != 0 || h->state != 4) fail("NULL buffer decoded something");
        free(h);
    }

    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, in)) >= 0) {
        fixture_line++;
        char *p = line;
        if (strncmp(p, "0x", 2) != 0 && strncmp(p, "0X", 2) != 0) continue;
        uintptr_t va = (uintptr_t) strtoull(p + 2, &p, 16);
        while (*p == ' ' || *p == '\t') p++;
        size_t n = 0;
        unsigned char *code = malloc(strlen(p) / 2 + 1);
        while (hexval((unsigned char) p[0]) >= 0 && hexval((unsigned char) p[1]) >= 0) {
            code[n++] = (unsigned char) (hexval((unsigned char) p[0]) << 4 | hexval((unsigned char) p[1]));
            p += 2;
        }
        check_chunk(va, code, n, syntax);
        free(code);
    }
    free(line);
    fclose(in);
    if (failures > 0) {
        fprintf(stderr, "plugin-test: %d failure(s)\n", failures);
        return 1;
    }
    return 0;
}
