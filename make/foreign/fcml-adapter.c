/*
 * An adapter that lets JDK 9+ load Debian's fcml hsdis plugin (libhsdis0-fcml), which exports only the
 * entry point of the JDK 8 era, decode_instructions(start, end, ...), for code decoded where it lives.
 * HotSpot 17+ asks for decode_instructions_virtual(start_va, end_va, buffer, length, ...) and, when it
 * prints compiled code, passes the code in place (buffer == start_va), which is what the old entry point
 * reads. make/foreign-hsdis.sh builds it, to show a foreign disassembler's text in a JDK copy under build/.
 */
#include <stdint.h>

typedef void *(*event_fn)(void *, const char *, void *);
typedef int (*printf_fn)(void *, const char *, ...);

extern void *decode_instructions(void *start, void *end, event_fn event_cb, void *ev_stream,
                                 printf_fn printf_cb, void *pr_stream, const char *options);

__attribute__((visibility("default")))
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_fn event_cb, void *ev_stream, printf_fn printf_cb, void *pr_stream,
                                  const char *options, int newline)
{
    (void) end_va;
    (void) newline;
    if (buffer == 0 || (uintptr_t) buffer != start_va) {
        return (void *) start_va;  /* code not in place: the old entry point cannot place it; decode nothing */
    }
    return decode_instructions(buffer, buffer + length, event_cb, ev_stream, printf_cb, pr_stream, options);
}
