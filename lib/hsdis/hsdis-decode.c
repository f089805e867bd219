/*
 * hsdis-decode: offline front end of the pack's hsdis plugin.
 *
 *   hsdis-decode --isa <isa> [--syntax att|intel] [--backend capstone|llvm]
 *
 * <isa> is a name or alias of make/platforms; the backend is the one make/platforms names for it, unless
 * --backend (or HSDIS_BACKEND in the environment) asks for the other, for cross-checks.
 *
 * stdin:  lines "0x<hexaddr> <hexbytes>", one contiguous code chunk per line; empty lines are ignored.
 * stdout: one line per decoded instruction, "0x<16 hex digits>\t<length>\t<text>", where <text> is
 *         exactly what the plugin prints inside the JVM (mnemonic, a tab, operands), with direct branch
 *         and call targets as absolute 0x<16 hex digits> addresses.
 * Errors: bad usage or a bad input line -> "hsdis-decode: ..." on stderr, exit status 2.
 *
 * The text comes from the very code the plugin runs (hsdis_decode in decode.c), driven through the
 * same event/printf protocol the JVM uses, with an event callback that does not name addresses.
 */
#include "decode.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "hsdis-decode"

struct collector {
    FILE *out;
    uintptr_t va;
    char text[1024];
    size_t used;
};

static void *collect_event(void *stream, const char *tag, void *arg)
{
    struct collector *c = stream;
    uintptr_t value = (uintptr_t) arg;
    if (strcmp(tag, "insn") == 0) {
        c->va = value;
        c->used = 0;
        c->text[0] = '\0';
    } else if (strcmp(tag, "/insn") == 0) {
        fprintf(c->out, "0x%016" PRIxPTR "\t%" PRIuPTR "\t%s\n", c->va, value - c->va, c->text);
    }
    /* "addr/" and everything else: NULL, so the plugin prints branch targets as hex itself. */
    return NULL;
}

static int collect_text(void *stream, const char *format, ...)
{
    struct collector *c = stream;
    va_list ap;
    va_start(ap, format);
    int n = hsdis_text_append(c->text, sizeof c->text, &c->used, format, ap);
    va_end(ap);
    return n;
}

static void usage(FILE *f)
{
    size_t count;
    const struct hsdis_isa *isas = hsdis_isa_all(&count);
    fprintf(f, "usage: " PROG " --isa <isa> [--syntax att|intel] [--backend capstone|llvm]\n"
               "  reads lines '0x<hexaddr> <hexbytes>' on stdin, writes '0x<addr>\\t<length>\\t<text>'\n"
               "  for every instruction (hsdis-capstone %s, capstone %s, llvm %s)\n"
               "  isas (make/platforms) and their backends:",
            HSDIS_PLUGIN_VERSION, hsdis_backend_version(HSDIS_BACKEND_CAPSTONE),
            hsdis_backend_version(HSDIS_BACKEND_LLVM));
    for (size_t i = 0; i < count; i++) {
        fprintf(f, " %s (%s)", isas[i].name, hsdis_backend_name(isas[i].backend));
    }
    fputc('\n', f);
}

static const char *isa_names(void)
{
    static char buf[256];
    size_t count, at = 0;
    const struct hsdis_isa *isas = hsdis_isa_all(&count);
    buf[0] = '\0';
    for (size_t i = 0; i < count && at < sizeof buf; i++) {
        int n = snprintf(buf + at, sizeof buf - at, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ", isas[i].name);
        if (n < 0) break;
        at += (size_t) n;
    }
    return buf;
}

static void die_usage(const char *why, const char *what)
{
    fprintf(stderr, PROG ": %s%s%s\n", why, what != NULL ? ": " : "", what != NULL ? what : "");
    usage(stderr);
    exit(2);
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

static void bad_line(unsigned long lineno, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, PROG ": line %lu: ", lineno);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* Parses "0x<hexaddr> <hexbytes>" in place; the bytes are written over the start of the line. */
static size_t parse_line(char *line, size_t len, unsigned long lineno, uintptr_t *addr)
{
    char *p = line;
    char *end = line + len;
    while (end > p && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t')) {
        end--;
    }
    while (p < end && (*p == ' ' || *p == '\t')) {
        p++;
    }
    if (p == end) {
        return 0;
    }
    if (memchr(p, '\0', (size_t) (end - p)) != NULL) {
        bad_line(lineno, "NUL character in the line");
    }
    if (end - p < 2 || p[0] != '0' || (p[1] != 'x' && p[1] != 'X')) {
        bad_line(lineno, "expected '0x<hexaddr> <hexbytes>', the line does not start with 0x");
    }
    p += 2;
    uint64_t a = 0;
    int digits = 0;
    while (p < end && hexval((unsigned char) *p) >= 0) {
        if (++digits > 16) {
            bad_line(lineno, "the address has more than 16 hex digits");
        }
        a = a << 4 | (uint64_t) hexval((unsigned char) *p);
        p++;
    }
    if (digits == 0) {
        bad_line(lineno, "no hex digits after 0x in the address");
    }
    if (p == end) {
        bad_line(lineno, "no code bytes after the address");
    }
    if (*p != ' ' && *p != '\t') {
        bad_line(lineno, "bad character '%c' in the address", *p);
    }
    while (p < end && (*p == ' ' || *p == '\t')) {
        p++;
    }
    size_t nbytes = 0;
    for (char *q = p; q < end; q += 2) {
        int hi = hexval((unsigned char) q[0]);
        if (hi < 0) {
            bad_line(lineno, "bad character '%c' in the code bytes (one run of hex digits, no spaces)", q[0]);
        }
        if (q + 1 == end) {
            bad_line(lineno, "odd number of hex digits in the code bytes");
        }
        int lo = hexval((unsigned char) q[1]);
        if (lo < 0) {
            bad_line(lineno, "bad character '%c' in the code bytes (one run of hex digits, no spaces)", q[1]);
        }
        line[nbytes++] = (char) (hi << 4 | lo);
    }
    if (nbytes > 0 && a + (nbytes - 1) < a) {
        bad_line(lineno, "the code chunk runs past the end of the address space");
    }
    *addr = (uintptr_t) a;
    return nbytes;
}

int main(int argc, char **argv)
{
    const char *isa_arg = NULL;
    const char *syntax_arg = "att";
    const char *backend_arg = getenv("HSDIS_BACKEND");
    if (backend_arg != NULL && backend_arg[0] == '\0') {
        backend_arg = NULL;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        const char *value = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strncmp(a, "--isa", 5) == 0 && (a[5] == '\0' || a[5] == '=')) {
            slot = &isa_arg;
            value = a[5] == '=' ? a + 6 : NULL;
        } else if (strncmp(a, "--syntax", 8) == 0 && (a[8] == '\0' || a[8] == '=')) {
            slot = &syntax_arg;
            value = a[8] == '=' ? a + 9 : NULL;
        } else if (strncmp(a, "--backend", 9) == 0 && (a[9] == '\0' || a[9] == '=')) {
            slot = &backend_arg;
            value = a[9] == '=' ? a + 10 : NULL;
        } else {
            die_usage("unknown argument", a);
        }
        if (value == NULL) {
            if (i + 1 >= argc) {
                die_usage("missing value after", a);
            }
            value = argv[++i];
        }
        *slot = value;
    }
    if (isa_arg == NULL) {
        die_usage("--isa is required", NULL);
    }
    const struct hsdis_isa *isa = hsdis_isa_find(isa_arg);
    if (isa == NULL) {
        char why[320];
        snprintf(why, sizeof why, "--isa must be %s (or an alias in make/platforms), not", isa_names());
        die_usage(why, isa_arg);
    }
    char options[64];
    if (strcmp(syntax_arg, "att") == 0) {
        snprintf(options, sizeof options, "capstone-att");
    } else if (strcmp(syntax_arg, "intel") == 0) {
        snprintf(options, sizeof options, "capstone-intel");
    } else {
        die_usage("--syntax must be att or intel, not", syntax_arg);
    }
    enum hsdis_backend backend = isa->backend;
    if (backend_arg != NULL) {
        backend = hsdis_backend_parse(backend_arg);
        if (backend == HSDIS_BACKEND_DEFAULT) {
            die_usage("--backend (or HSDIS_BACKEND) must be capstone or llvm, not", backend_arg);
        }
        size_t at = strlen(options);
        snprintf(options + at, sizeof options - at, ",decoder-%s", backend_arg);
    }
    /* Bad input is one line and exit 2 before anything is decoded; so is a backend that cannot run here. */
    char why[320];
    if (!hsdis_backend_available(isa, backend, why, sizeof why)) {
        fprintf(stderr, PROG ": the %s backend cannot decode %s: %s\n", hsdis_backend_name(backend), isa->name, why);
        return 2;
    }

    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    struct collector c;
    memset(&c, 0, sizeof c);
    c.out = stdout;

    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    unsigned long lineno = 0;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        uintptr_t addr;
        size_t n = parse_line(line, (size_t) got, lineno, &addr);
        if (n == 0) {
            continue;
        }
        hsdis_decode(isa, addr, addr + n, (unsigned char *) line, n,
                     collect_event, &c, collect_text, &c, options, 0);
    }
    if (ferror(stdin)) {
        fprintf(stderr, PROG ": reading stdin: %s\n", strerror(errno));
        return 1;
    }
    free(line);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": writing stdout: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
