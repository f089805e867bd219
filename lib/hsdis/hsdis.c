/*
 * The pack's hsdis plugin for HotSpot's -XX:+PrintAssembly, on the capstone disassembly library.
 *
 * The JVM loads hsdis-<arch>.so and looks up exactly one symbol, decode_instructions_virtual.
 * That is the only symbol this library exports (everything else is built with -fvisibility=hidden).
 * The ISA is the one the plugin is compiled for; HSDIS_TARGET_ISA (1 = x86_64, 2 = aarch64) overrides
 * it, which the tests and the fuzz harness use to run the aarch64 entry point on an x86_64 host.
 */
#include "decode.h"

#include <stdint.h>

#ifndef HSDIS_TARGET_ISA
#  if defined(__x86_64__)
#    define HSDIS_TARGET_ISA HSDIS_ISA_X86_64
#  elif defined(__aarch64__)
#    define HSDIS_TARGET_ISA HSDIS_ISA_AARCH64
#  else
#    error "hsdis: unsupported target; define HSDIS_TARGET_ISA"
#  endif
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
    return (void *) hsdis_decode((enum hsdis_isa) HSDIS_TARGET_ISA, start_va, end_va, buffer, length,
                                 event_cb, ev_stream, printf_cb, pr_stream, options, newline);
}
