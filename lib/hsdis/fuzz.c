/*
 * Fuzz harness for the pack's hsdis plugin: random buffers through decode_instructions_virtual.
 *
 *   fuzz-<isa> <buffers> [seed]
 *
 *   fuzz-<isa> <buffers> [seed [capstone|llvm]]    (the backend: the ISA's own unless named)
 *
 * Built together with hsdis.c (HSDIS_TARGET_ISA picks the ISA) and the decode core under
 * -fsanitize=address,undefined -fno-sanitize-recover=all, so any out-of-bounds access, use of freed
 * memory or undefined behaviour in the plugin aborts the run. Each buffer is malloc'ed to its exact
 * length (0 included). Besides memory safety the harness checks the protocol invariants: instructions
 * are contiguous, cover exactly the bytes the plugin may read, and the return value is the VA after
 * the last one. Buffers mix pure noise, bytes biased towards interesting opcodes (EVEX/VEX prefixes,
 * SVE and branch encodings) and mutated real code; start VAs include 0 and addresses that wrap.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

typedef void *(*event_fn)(void *, const char *, void *);
typedef int (*printf_fn)(void *, const char *, ...);
void *decode_instructions_virtual(uintptr_t, uintptr_t, unsigned char *, uintptr_t, event_fn, void *, printf_fn,
                                  void *, const char *, int);

/* Real code of each ISA (from the fixtures), for mutation, and the bytes its interesting encodings start
 * with. An ISA without a seed here is fuzzed with noise only. */
struct seed {
    const char *isa;
    unsigned maxlen;
    const char *hex;
    const unsigned char *hot;
    size_t hot_count;
};
static const unsigned char hot_x86_64[] = { 0x62, 0xc4, 0xc5, 0x8f, 0x0f, 0x38, 0x3a, 0x66, 0xf2, 0xf3, 0xf0, 0x48,
                                            0x4c, 0x41, 0x49, 0xe8, 0xe9, 0xeb, 0x70, 0x7f, 0xff, 0xd5, 0x26, 0x2e,
                                            0x64, 0x67 };
/* Top bytes of SVE, SVE2, SME, branch, atomic and load/store encodings. */
static const unsigned char hot_aarch64[] = { 0x04, 0x05, 0x25, 0x24, 0x44, 0x45, 0x64, 0x65, 0x84, 0x85, 0xa4, 0xa5,
                                             0xc4, 0xc5, 0xe4, 0xe5, 0x14, 0x17, 0x54, 0x94, 0x97, 0xb4, 0xb5, 0x36,
                                             0x37, 0x88, 0xc8, 0xd5, 0xd6, 0xc0, 0xe0, 0x1e, 0x4e, 0x6e };
/* Low bytes of RISC-V opcodes: loads, stores, AMO, OP, branches, JAL(R), SYSTEM, vector, and RVC quadrants. */
static const unsigned char hot_riscv64[] = { 0x03, 0x23, 0x2f, 0x33, 0x3b, 0x13, 0x1b, 0x63, 0x6f, 0x67, 0x73, 0x0f,
                                             0x57, 0x07, 0x27, 0x01, 0x02, 0x05, 0x41, 0x82, 0x85, 0xa0, 0xc1 };
/* Top bytes (last in memory) of POWER loads/stores, branches, X-form atomics and syncs, prefixes. */
static const unsigned char hot_ppc64le[] = { 0x7c, 0x7d, 0x4c, 0x4e, 0x48, 0x4b, 0x40, 0x41, 0x42, 0xe8, 0xf8, 0x80,
                                             0x90, 0x38, 0x3c, 0x78, 0x04, 0x06, 0xf0, 0x10, 0x60 };
/* First bytes of z/Architecture RR, RX, RIL, RXY, RSY (cs, laa, ...), RIE and vector formats. */
static const unsigned char hot_s390x[] = { 0x07, 0x0d, 0x18, 0xa7, 0xba, 0xbb, 0xc0, 0xc4, 0xe3, 0xeb, 0xec, 0xe7,
                                           0xb9, 0xb2, 0x58, 0x50, 0x41, 0x47, 0xed, 0xe5 };
static const struct seed seeds[] = {
    { "x86_64", 15,
      "62917e486f84a81000000062f16d49fed962f17f4a7f2ff04d0fb113f00fb14a100f45c64d0f4cc8f0834424c000488703"
      "4d8b974003000041850249ba981b4799fd7e0000493b672877097508e802000000eb01c3660f1f0400f348abf4ff5010"
      "41ffe20f8500010000e800f0ffff62f37d4825c0ffc4e1fb93c1",
      hot_x86_64, sizeof hot_x86_64 },
    { "aarch64", 4,
      "70bc40a51002b104e0e3982567e11825e8e33004411ca525905c42e562fce188e8fd5fc8eafd09c82010821a7f000071"
      "88000054600000b46500183702000094c0035fd6bf3b03d588a341f9a8ffff101db990d200013fd6faffff1700000000"
      "ffffffff",
      hot_aarch64, sizeof hot_aarch64 },
    { "riscv64", 4, HSDIS_SEED_riscv64, hot_riscv64, sizeof hot_riscv64 },
    { "ppc64le", 8, HSDIS_SEED_ppc64le, hot_ppc64le, sizeof hot_ppc64le },
    { "s390x", 6, HSDIS_SEED_s390x, hot_s390x, sizeof hot_s390x },
};

static const char *isa = HSDIS_TARGET_ISA;
static unsigned maxlen = 16;
static const char *seed_hex = "00";
static const unsigned char *hot;
static size_t hot_count;
static unsigned char noise_hot[1] = { 0 };

static uint64_t rng_state;

/* The buffer being decoded, for the crash report (a crash inside a backend's library names its input). */
static const unsigned char *volatile crash_buf;
static volatile size_t crash_len;
static volatile uintptr_t crash_va;
static volatile unsigned long crash_it;

static void on_crash(int sig)
{
    char line[96];
    int n = snprintf(line, sizeof line, "fuzz-%s: signal %d at buffer %lu, va 0x%" PRIxPTR ", %zu bytes: ", isa, sig,
                     crash_it, crash_va, crash_len);
    ssize_t w = write(2, line, (size_t) n);
    for (size_t i = 0; i < crash_len && crash_buf != NULL && i < 4096; i++) {
        n = snprintf(line, sizeof line, "%02x", crash_buf[i]);
        w = write(2, line, (size_t) n);
    }
    w = write(2, "\n", 1);
    (void) w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void pick_seed(void)
{
    hot = noise_hot;
    hot_count = 1;
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        if (strcmp(seeds[i].isa, isa) == 0) {
            maxlen = seeds[i].maxlen;
            seed_hex = seeds[i].hex;
            hot = seeds[i].hot;
            hot_count = seeds[i].hot_count;
        }
    }
}

static uint64_t rnd(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t below(uint64_t n)
{
    return n == 0 ? 0 : rnd() % n;
}

struct state {
    uintptr_t start, next, last_end;
    int in_insn;
    int events_ok;
    unsigned long insns;
    int name_targets;
    char scratch[1024];
    unsigned long iteration;
};

static void die(struct state *s, const char *what, uintptr_t v)
{
    fprintf(stderr, "fuzz-%s: FAIL at buffer %lu: %s (0x%" PRIxPTR ")\n", isa, s->iteration, what, v);
    abort();
}

static void *ev(void *stream, const char *tag, void *arg)
{
    struct state *s = stream;
    uintptr_t v = (uintptr_t) arg;
    if (strcmp(tag, "insn") == 0) {
        if (s->in_insn) die(s, "nested insn", v);
        if (v != s->next) die(s, "insn not contiguous", v);
        s->in_insn = 1;
    } else if (strcmp(tag, "/insn") == 0) {
        if (!s->in_insn) die(s, "/insn without insn", v);
        uintptr_t len = v - s->next;
        if (len == 0 || len > maxlen) die(s, "bad instruction length", len);
        s->next = v;
        s->in_insn = 0;
        s->insns++;
    } else if (strcmp(tag, "addr/") == 0) {
        if (!s->in_insn) die(s, "addr/ outside insn", v);
        if (s->name_targets) {
            return arg;
        }
    } else if (strncmp(tag, "mach", 4) == 0) {
        if (arg == NULL) die(s, "mach with NULL", 0);
    }
    return NULL;
}

static int pr(void *stream, const char *fmt, ...)
{
    struct state *s = stream;
    va_list ap;
    if (strcmp(fmt, "%s") != 0) die(s, "printf format is not %s", 0);
    va_start(ap, fmt);
    int n = vsnprintf(s->scratch, sizeof s->scratch, fmt, ap);
    va_end(ap);
    return n;
}

static const char *const fixed_options[] = {
    "", "capstone-intel", "intel", "capstone-att", "att", "capstone-att,capstone-noaddr", "capstone-bytes",
    "show-bytes,capstone-bytes,capstone-intel", "help", ",,,", "capstone-intelx,xcapstone-bytes", "print-raw",
    "capstone-intel capstone-bytes\tcapstone-noaddr",
};

static int hexv(char c)
{
    return c <= '9' ? c - '0' : c - 'a' + 10;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: fuzz-%s <buffers> [seed [capstone|llvm]]\n", isa);
        return 2;
    }
    pick_seed();
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    unsigned long iterations = strtoul(argv[1], NULL, 10);
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    /* A backend named on the command line is asked for before any other option. */
    const char *backend = argc > 3 ? argv[3] : "own";
    char forced[4200];
    rng_state = seed * 0x2545f4914f6cdd1dULL + 0x1234567;

    size_t seed_len = strlen(seed_hex) / 2;
    unsigned char *seed_code = malloc(seed_len);
    for (size_t i = 0; i < seed_len; i++) {
        seed_code[i] = (unsigned char) (hexv(seed_hex[2 * i]) << 4 | hexv(seed_hex[2 * i + 1]));
    }
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull == NULL) {
        perror("/dev/null");
        return 1;
    }
    char *long_opts = malloc(4097);
    for (int i = 0; i < 4096; i++) long_opts[i] = ",capstone-intel"[i % 15];
    long_opts[4096] = '\0';
    char garbage[80];

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long long total_bytes = 0, total_insns = 0;
    struct state s;

    for (unsigned long it = 0; it < iterations; it++) {
        /* Length: 0, short, medium, occasionally long; odd sizes included. */
        uint64_t pick = below(100);
        size_t len = pick < 6 ? 0 : pick < 60 ? 1 + below(16) : pick < 95 ? 17 + below(240) : 257 + below(1800);
        unsigned char *buf = len > 0 || below(2) ? malloc(len) : NULL;

        /* Content. */
        uint64_t kind = below(4);
        for (size_t i = 0; i < len; i++) {
            if (kind == 0) {
                buf[i] = (unsigned char) rnd();
            } else if (kind == 1) {
                buf[i] = below(3) == 0 ? hot[below(hot_count)] : (unsigned char) rnd();
            } else if (kind == 2) {
                /* word-structured: aarch64 top bytes / x86 prefixes at word starts */
                buf[i] = (i % 4 == 3 || below(5) == 0) ? hot[below(hot_count)] : (unsigned char) rnd();
            } else {
                buf[i] = seed_code[(i + (size_t) it) % seed_len];
                if (below(12) == 0) buf[i] ^= (unsigned char) (1u << below(8));
            }
        }

        /* Addresses. */
        uint64_t vk = below(10);
        uintptr_t start = vk == 0 ? (uintptr_t) below(64)
                        : vk == 1 ? UINTPTR_MAX - (uintptr_t) below(len + 32)
                        : vk < 5 ? (uintptr_t) (0x7f0000000000ULL + (below(1ULL << 36) & ~(uint64_t) 31))
                        : (uintptr_t) rnd();
        uint64_t ek = below(20);
        uintptr_t end = ek == 0 ? (uintptr_t) rnd() : ek == 1 ? start : ek == 2 ? start + len / 2 : start + len;

        /* Options. */
        uint64_t ok = below(40);
        const char *options;
        if (ok == 0) {
            options = NULL;
        } else if (ok == 1) {
            options = long_opts;
        } else if (ok < 5) {
            size_t glen = (size_t) below(sizeof garbage);
            for (size_t i = 0; i < glen; i++) garbage[i] = (char) (1 + below(255));
            garbage[glen] = '\0';
            options = garbage;
        } else {
            options = fixed_options[below(sizeof fixed_options / sizeof fixed_options[0])];
        }

        if (argc > 3 && options != NULL) {
            snprintf(forced, sizeof forced, "decoder-%s,%s", backend, options);
            options = forced;
        } else if (argc > 3) {
            snprintf(forced, sizeof forced, "decoder-%s", backend);
            options = forced;
        }

        memset(&s, 0, sizeof s);
        s.start = s.next = start;
        s.iteration = it;
        s.name_targets = (int) below(2);

        /* Bytes the plugin may consume: the buffer, bounded by end when end is not below start. */
        uintptr_t expect = buf != NULL ? len : 0;
        if (end >= start && end - start < expect) expect = end - start;

        crash_buf = buf;
        crash_len = buf != NULL ? len : 0;
        crash_va = start;
        crash_it = it;
        uint64_t mode = below(20);
        void *ret;
        if (mode == 0) {
            ret = decode_instructions_virtual(start, end, buf, len, NULL, NULL, NULL, devnull, options, 0);
        } else if (mode == 1) {
            ret = decode_instructions_virtual(start, end, buf, len, NULL, devnull, NULL, devnull, options, 0);
        } else {
            ret = decode_instructions_virtual(start, end, buf, len, ev, &s, pr, &s, options, mode == 2);
            if (s.in_insn) die(&s, "unterminated insn", s.next);
            if (s.next != start + expect) die(&s, "instructions do not cover the range", s.next - start);
            total_insns += s.insns;
        }
        if ((uintptr_t) ret != start + expect) die(&s, "wrong return value", (uintptr_t) ret);
        total_bytes += len;
        free(buf);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double) (t1.tv_sec - t0.tv_sec) + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("fuzz-%s (%s backend): %lu buffers, %llu bytes, %llu instructions (callback mode) in %.1f s, seed %" PRIu64
           ": OK\n", isa, backend, iterations, total_bytes, total_insns, secs, seed);
    fclose(devnull);
    free(long_opts);
    free(seed_code);
    return 0;
}
