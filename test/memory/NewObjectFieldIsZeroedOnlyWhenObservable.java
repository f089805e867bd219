/*
 * @test
 * @summary A new object's field is written once, by its constructor, unless a call that could observe the object comes first: then C2 zeroes it before the call (Quark #6)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @modules java.base/jdk.internal.misc
 * @run driver NewObjectFieldIsZeroedOnlyWhenObservable
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Op.FIELD_STORE;
import static anatomy.Op.ZERO_STORE;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import jdk.internal.misc.Unsafe;

/*
 * `new` has stages: allocate, write the header, zero the fields, run the constructor. The zeroing is only
 * needed if someone can read a field before the constructor writes it. In `plain` nobody can, so C2 drops
 * the zeroing store and the constructor's store is the field's only write. In `called` the constructor
 * first calls a method C2 does not inline, which could read `x` through `this`: the field must read 0
 * there, so C2 stores zero before the call and the value after it.
 *
 *   x86_64, JDK 25:   plain:  movq $1, (%rax) ; movl $KLASS, 8(%rax) ; movl %ebp, 0xc(%rax)
 *                     called: ... movl $KLASS, 8(%rax) ; movl %r12d, 0xc(%rax) ; callq neverInlined
 *                             movl (%rsp), %r11d ; movl %r11d, 0xc(%rbp)
 *   x86_64, JDK 17:   the same (with a heap base in r12, the zero is movl $0, 0xc(%rax))
 *   aarch64, JDK 17:  plain:  str x10, [x0] ; str w10, [x0, #8] ; str w29, [x0, #0xc]
 *                     called: ... str wzr, [x0, #0xc] ; dmb ishst ; bl neverInlined ; str w10, [x29, #0xc]
 *   aarch64, JDK 25:  the same
 *   x86_64, JDK 25, -XX:+UseCompactObjectHeaders: the field moves to offset 8 and its zeroing merges with
 *                     the padding: movq %r12, 8(%rax) ; callq ... ; movl %r11d, 8(%rbp)
 *   x86_64, JDK 27 and 28 (compact headers by default, JEP 534; 26 with the flag), on an AVX-512 CPU: the
 *                     body from offset 8 is cleared by a vector store through the object's address plus 8:
 *                     movq %rax, %r10 ; addq $8, %r10 ; ... vpxord %zmm0, %zmm0, %zmm0 ; vmovq %xmm0, (%r10)
 *                     (26: vpxor %ymm0); with -XX:UseAVX=2, 28 stores movq %r12, 8(%rax) as 25 did
 *   plain, JDK 28:    movq %r10, (%rax) ; movl %r12d, 0xc(%rax) (the padding) ; movl %ebp, 8(%rax)
 *
 * The field's offset is the VM's (Unsafe.objectFieldOffset), never a constant: object headers differ by
 * JDK and flags. A zero store is at the field when the bytes it writes cover the field's offset, whether its
 * address is the object's plus a displacement or a register the object's address plus an offset was put in.
 * The control -XX:-ReduceFieldZeroing keeps every zeroing store, so `plain` writes its field twice.
 */
@NegativeControl(flags = "-XX:-ReduceFieldZeroing", kills = ZERO_STORE, in = "plain",
        why = "C2 then zeroes every field at allocation, even one the constructor overwrites at once")
public class NewObjectFieldIsZeroedOnlyWhenObservable {
    static class Plain {
        int x;

        Plain(int x) {
            this.x = x;
        }
    }

    static class Called {
        int x;

        Called(int x) {
            neverInlined();
            this.x = x;
        }
    }

    static void neverInlined() {
    }

    static Object plain(int x) {
        return new Plain(x);
    }

    static Object called(int x) {
        return new Called(x);
    }

    public static class Workload {
        public static void main(String[] args) {
            Unsafe unsafe = Unsafe.getUnsafe();
            Jit.measure("Plain.x", unsafe.objectFieldOffset(Plain.class, "x"));
            Jit.measure("Called.x", unsafe.objectFieldOffset(Called.class, "x"));
            Jit.measure("objects", plain(1).hashCode() ^ called(2).hashCode());
            Jit.compileAtC2(NewObjectFieldIsZeroedOnlyWhenObservable.class, "plain");
            Jit.compileAtC2(NewObjectFieldIsZeroedOnlyWhenObservable.class, "called");
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
                "-XX:CompileCommand=dontinline," + NewObjectFieldIsZeroedOnlyWhenObservable.class.getName() + "::neverInlined");
        writtenOnce(run.c2("plain"), (long) run.measure("Plain.x").value());
        zeroedBeforeTheCall(run.c2("called"), (long) run.measure("Called.x").value());
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void writtenOnce(Compiled plain, long x) {
        assertThat(plain).has(exactly(1), FIELD_STORE.at(x)).hasNo(ZERO_STORE.at(x));
    }

    static void zeroedBeforeTheCall(Compiled called, long x) {
        assertThat(called).has(exactly(1), ZERO_STORE.at(x).before(FIELD_STORE.at(x))).has(exactly(1), FIELD_STORE.at(x));
    }
}
