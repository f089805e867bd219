/*
 * A foreign-style hsdis plugin for x86_64: the smallest plugin someone might write on LLVM's disassembler
 * C API. It prints LLVM's own text exactly as LLVMDisasmInstruction returns it (a leading TAB, LLVM's
 * operand spelling, its own branch target form, "lock" as an instruction of its own) and carries none of
 * the pack's conventions or marks. It is not the pack's decoder: the pack's tests use it to show that a
 * JDK loading a plugin that is not the pack's gets the same verdicts (docs/hsdis.md, `make hsdis-foreign`).
 */
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void *(*event_fn)(void *, const char *, void *);
typedef int (*printf_fn)(void *, const char *, ...);

__attribute__((visibility("default")))
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_fn event_cb, void *ev_stream, printf_fn printf_cb, void *pr_stream,
                                  const char *options, int newline);

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_x86(void)
{
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86Disassembler();
}

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_fn event_cb, void *ev_stream, printf_fn printf_cb, void *pr_stream,
                                  const char *options, int newline)
{
    (void) options;
    pthread_once(&once, init_x86);
    LLVMDisasmContextRef dc = LLVMCreateDisasm("x86_64-linux-gnu", NULL, 0, NULL, NULL);
    uintptr_t n = buffer != NULL ? length : 0;
    if (end_va >= start_va && end_va - start_va < n) {
        n = end_va - start_va;
    }
    FILE *out = pr_stream != NULL ? (FILE *) pr_stream : stdout;
    if (event_cb != NULL) {
        event_cb(ev_stream, "insns", (void *) start_va);
        event_cb(ev_stream, "mach name='%s'", (void *) "i386:x86-64");
    }
    uintptr_t off = 0;
    while (off < n) {
        char text[256] = "<unknown>";
        size_t len = dc != NULL ? LLVMDisasmInstruction(dc, buffer + off, n - off, start_va + off, text, sizeof text) : 0;
        if (len == 0) {
            len = 1;
            snprintf(text, sizeof text, "<unknown>");
        }
        if (event_cb != NULL) {
            event_cb(ev_stream, "insn", (void *) (start_va + off));
        }
        if (printf_cb != NULL) {
            printf_cb(pr_stream, "%s", text);
        } else {
            fprintf(out, "  0x%016lx:\t%s\n", (unsigned long) (start_va + off), text);
        }
        if (event_cb != NULL) {
            event_cb(ev_stream, "/insn", (void *) (start_va + off + len));
        }
        if (newline && printf_cb != NULL) {
            printf_cb(pr_stream, "%s", "\n");
        }
        off += len;
    }
    if (event_cb != NULL) {
        event_cb(ev_stream, "/insns", (void *) (start_va + off));
    }
    if (dc != NULL) {
        LLVMDisasmDispose(dc);
    }
    return (void *) (start_va + off);
}
