/*
 * Decode core shared by the hsdis plugin (hsdis.c), the command-line front end (hsdis-decode.c),
 * the fixture tests and the fuzz harness.
 *
 * hsdis_decode() implements the whole plugin contract of decode_instructions_virtual() for an ISA
 * chosen at run time: the plugin fixes the ISA at compile time, the CLI takes it from its command line.
 * The ISAs are the rows of make/platforms (make generates platforms.h from it); each row names the
 * backend the pack trusts for it (capstone or llvm), and either backend can be asked for instead.
 * Nothing here is exported from the plugin (it is built with -fvisibility=hidden).
 */
#ifndef HSDIS_DECODE_H
#define HSDIS_DECODE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define HSDIS_PLUGIN_VERSION "2.0"

enum hsdis_backend {
    HSDIS_BACKEND_DEFAULT = 0,  /* the one make/platforms names for the ISA */
    HSDIS_BACKEND_CAPSTONE = 1,
    HSDIS_BACKEND_LLVM = 2
};

/* One row of make/platforms, as far as the decoder is concerned, and what the decoder knows about it. */
struct hsdis_isa {
    const char *name;          /* the pack's name: x86_64, aarch64, riscv64, ... */
    const char *aliases;       /* comma separated */
    const char *triple;        /* GNU triple; LLVM takes it as its target triple */
    enum hsdis_backend backend;/* the authoritative backend */
    int index;                 /* row number, from 0 */
    const struct hsdis_isa_traits *traits;
};

typedef void *(*hsdis_event_fn)(void *ev_stream, const char *tag, void *arg);
typedef int (*hsdis_printf_fn)(void *pr_stream, const char *format, ...);

/* The ISA of a name or alias of make/platforms (case-sensitive), or NULL. */
const struct hsdis_isa *hsdis_isa_find(const char *name);

/* The rows of make/platforms, in order; *count gets their number. */
const struct hsdis_isa *hsdis_isa_all(size_t *count);

/* "capstone", "llvm" (HSDIS_BACKEND_DEFAULT gives NULL). */
const char *hsdis_backend_name(enum hsdis_backend backend);

/* HSDIS_BACKEND_CAPSTONE or _LLVM for "capstone" / "llvm", else HSDIS_BACKEND_DEFAULT. */
enum hsdis_backend hsdis_backend_parse(const char *name);

/*
 * Decodes buffer[0 .. length) as code that lives at start_va, driving the JVM's event protocol
 * (see docs/hsdis.md). NULL callbacks select the raw modes: text goes to the FILE* pr_stream, events
 * to the FILE* ev_stream as XML when ev_stream is not NULL. Returns the VA just past the last
 * decoded instruction. The backend is the ISA's own unless the options ask for the other one
 * (decoder-capstone, decoder-llvm).
 */
uintptr_t hsdis_decode(const struct hsdis_isa *isa,
                       uintptr_t start_va, uintptr_t end_va,
                       unsigned char *buffer, uintptr_t length,
                       hsdis_event_fn event_cb, void *ev_stream,
                       hsdis_printf_fn printf_cb, void *pr_stream,
                       const char *options, int newline);

/*
 * Whether the backend can decode the ISA here (library found, ISA known to it); when it cannot,
 * why (one line) goes to why[0 .. cap).
 */
int hsdis_backend_available(const struct hsdis_isa *isa, enum hsdis_backend backend, char *why, size_t cap);

/* Version of the library behind a backend, as "major.minor[.patch]", or "unavailable". */
const char *hsdis_backend_version(enum hsdis_backend backend);

/*
 * For a caller's printf callback: appends the formatted text to text[0 .. cap), of which *used bytes
 * are taken, and keeps it NUL-terminated; what does not fit is cut off. Returns vsnprintf's count.
 */
int hsdis_text_append(char *text, size_t cap, size_t *used, const char *format, va_list ap);

#endif
