/*
 * Decode core shared by the hsdis plugin (hsdis.c), the command-line front end (hsdis-decode.c),
 * the fixture tests and the fuzz harness.
 *
 * hsdis_decode() implements the whole plugin contract of decode_instructions_virtual() for an ISA
 * chosen at run time: the plugin fixes the ISA at compile time, the CLI takes it from its command line.
 * Nothing here is exported from the plugin (it is built with -fvisibility=hidden).
 */
#ifndef HSDIS_DECODE_H
#define HSDIS_DECODE_H

#include <stdint.h>

#define HSDIS_PLUGIN_VERSION "1.0"

enum hsdis_isa {
    HSDIS_ISA_X86_64 = 1,
    HSDIS_ISA_AARCH64 = 2
};

typedef void *(*hsdis_event_fn)(void *ev_stream, const char *tag, void *arg);
typedef int (*hsdis_printf_fn)(void *pr_stream, const char *format, ...);

/*
 * Decodes buffer[0 .. length) as code that lives at start_va, driving the JVM's event protocol
 * (see docs/hsdis.md). NULL callbacks select the raw modes: text goes to the FILE* pr_stream, events
 * to the FILE* ev_stream as XML when ev_stream is not NULL. Returns the VA just past the last
 * decoded instruction.
 */
uintptr_t hsdis_decode(enum hsdis_isa isa,
                       uintptr_t start_va, uintptr_t end_va,
                       unsigned char *buffer, uintptr_t length,
                       hsdis_event_fn event_cb, void *ev_stream,
                       hsdis_printf_fn printf_cb, void *pr_stream,
                       const char *options, int newline);

/* "x86_64" / "aarch64", or NULL for an unknown value. */
const char *hsdis_isa_name(enum hsdis_isa isa);

/* Version of the capstone library actually linked, as "major.minor". */
const char *hsdis_capstone_version(void);

#endif
