/*
 * @test
 * @summary Compiled `new` bumps the thread's TLAB pointer inline; the runtime is called only out of line (Quark #4)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver CompiledNewIsInlineTlabBump
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.ALLOCATION_SLOW_CALL;
import static anatomy.Op.RETURN_POLL;
import static anatomy.Op.TLAB_ALLOCATION;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * Each Java thread owns a thread-local allocation buffer (TLAB), a chunk of eden only it allocates
 * from. So C2 allocates with no lock and no atomic: it loads the TLAB top from the thread, adds the
 * object's size, compares with the TLAB end and stores the new top back. Only when the buffer is
 * full does the code branch to the runtime, which refills the TLAB or allocates elsewhere; C2 lays
 * that call out after the method's return, off the fast path.
 *
 *   x86_64, JDK 25:   movq 0x1c8(%r15), %rax ; movq %rax, %r10 ; addq $0x10, %r10
 *                     cmpq 0x1d8(%r15), %r10 ; jae SLOW ; movq %r10, 0x1c8(%r15)
 *                     ... retq ; SLOW: callq ... {runtime_call C2 Runtime new_instance}
 *   x86_64, JDK 17:   the same with 0x108/0x118(%r15) and {runtime_call _new_instance_Java}
 *   aarch64, JDK 17:  ldr x0, [x28, #0x108] ; ldr x10, [x28, #0x118] ; add x11, x0, #0x10
 *                     cmp x11, x10 ; b.hs SLOW ; str x11, [x28, #0x108] ... ret ; SLOW: bl ...
 *   aarch64, JDK 25:  the same with #0x1c8/#0x1d8 and {runtime_call C2 Runtime new_instance}
 *   x86_64, JDK 26:   the same with 0x1b0/0x1c0(%r15) and {runtime_call C2 Runtime new_instance_blob}
 *   x86_64, JDK 28:   the same with 0x1a8/0x1b8(%r15) and {runtime_call new_instance_blob (C2 runtime)}
 *                     (the 27 name too); aarch64, JDK 28: the same
 *
 * The call is found by its role, the allocation slow path, under every name a release gave it
 * (anatomy.isa.Role), and the TLAB's fields by the shape, never by their offsets.
 *
 * The offsets in the thread differ per JDK, so the vocabulary matches the shape: one offset loaded,
 * compared with another, stored back to the first. Every collector HotSpot ships allocates so
 * (measured under G1, Serial, Z, Shenandoah and Epsilon). The code needs Point's constant pool
 * entry resolved, or C2 compiles a trap in place of the `new`: -Xcomp skips (pack.profiled).
 *
 * The control is -XX:-UseTLAB. Under G1, Z and Shenandoah, and on any JDK from 20, compiled code
 * then calls the runtime for every object. On JDK 17 with Serial or Parallel, C2 instead inlines a
 * CAS on the shared eden top (lock cmpxchg / casal), which JDK 20 removed: an inline allocation that
 * is no TLAB bump. The assertion names the TLAB bump, not the absence of a call, and fails there too.
 */
@NegativeControl(flags = "-XX:-UseTLAB", kills = TLAB_ALLOCATION, in = "allocate", why = "without TLABs no thread-local pointer is bumped")
public class CompiledNewIsInlineTlabBump {
    static class Point {
        int x;

        Point(int x) {
            this.x = x;
        }
    }

    static Object allocate(int x) {
        return new Point(x);
    }

    static Object sink;

    public static class Workload {
        public static void main(String[] args) {
            sink = allocate(1);
            Jit.compileAtC2(CompiledNewIsInlineTlabBump.class, "allocate");
            sink = allocate(2);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        allocationIsInline(run.c2("allocate"));
    }

    /* The claim on the code. lib/test/NearMissTest runs it on recorded code edited into what a regression emits. */
    static void allocationIsInline(Compiled allocate) {
        assertThat(allocate).has(exactly(1), TLAB_ALLOCATION.before(ALLOCATION_SLOW_CALL))
                .has(exactly(1), ALLOCATION_SLOW_CALL.after(RETURN_POLL));
    }
}
