/*
 * The pack's hsdis plugin for HotSpot's -XX:+PrintAssembly, on capstone or LLVM (make/platforms says which
 * per ISA).
 *
 * The JVM loads hsdis-<arch>.so and looks up exactly one symbol, decode_instructions_virtual.
 * That is the only symbol this library exports (everything else is built with -fvisibility=hidden).
 * The ISA is the one make compiles it for: HSDIS_TARGET_ISA, a name of make/platforms ("x86_64", ...).
 * The tests and the fuzz harness use it to run another ISA's entry point on the host.
 */
#include "decode.h"

#include <stdint.h>

#ifndef HSDIS_TARGET_ISA
#  error "hsdis: define HSDIS_TARGET_ISA, the ISA's name in make/platforms (make/hsdis.mk does)"
#endif

#ifdef __cplusplus
extern "C"
#endif
__attribute__((visibility("default")))
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va,
                                  unsigned char *buffer, uintptr_t length,
                                  void *(*event_cb)(void *, const char *, void *),
                                  void *ev_stream,
                                  int (*printf_cb)(void *, const char *, ...),
                                  void *pr_stream,
                                  const char *options, int newline);

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va,
                                  unsigned char *buffer, uintptr_t length,
                                  void *(*event_cb)(void *, const char *, void *),
                                  void *ev_stream,
                                  int (*printf_cb)(void *, const char *, ...),
                                  void *pr_stream,
                                  const char *options, int newline)
{
    static const struct hsdis_isa *isa;
    if (isa == NULL) {
        isa = hsdis_isa_find(HSDIS_TARGET_ISA);  /* racing threads find the same row */
    }
    return (void *) hsdis_decode(isa, start_va, end_va, buffer, length,
                                 event_cb, ev_stream, printf_cb, pr_stream, options, newline);
}
