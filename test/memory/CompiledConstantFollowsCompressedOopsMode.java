/*
 * @test
 * @summary C2 compares a compressed field with a constant object, and an object's class with a constant class, in their compressed forms, each encoded for the VM's own mode when the code is installed: the answers hold in 32-bit, zero-based and heap-based mode (Quark #23)
 * @key memory
 * @requires pack.c2 & pack.whitebox & pack.coops & pack.heapSizeUnset & pack.heapBaseUnset & pack.objectAlignment == "8"
 * @library /lib
 * @run driver CompiledConstantFollowsCompressedOopsMode
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.COMPRESSED_CONSTANT_IN_MODE;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.util.ArrayList;
import java.util.List;

/*
 * With compressed oops a field holds an object's 32-bit form, so C2 compares it with a constant without decoding
 * it: the constant is written into the code compressed, as an immediate, and so is a constant class against the
 * compressed class pointer. Both encodings depend on where the VM put the heap and the class space
 * (CompressedOopsModeFollowsHeapSize): the code is built with a placeholder and the VM encodes the real value,
 * the object's with the heap's base and shift and the class's with the class space's, as it installs the code
 * (and again when a collection moves the object). Which of the two a relocation holds, the VM tells by whether the
 * value is an address in the heap.
 *
 *   x86_64, 28-ea+18 (the heap's mode: the object's address -> the immediate):
 *     -Xmx1g (32-bit):                         cmpl $0xc070f9b0, %r10d    {oop(... {0x00000000c070f9b0})}
 *     -Xmx8g (zero based, shift 3):            cmpl $0xc0081f36, %r10d    {oop(... {0x000000060040f9b0})}
 *     -Xmx1g -XX:HeapBaseMinAddress=40g (base 0xa00000000, shift 3):
 *                                              cmpl $0x121f36, %r10d      {oop(... {0x0000000a0090f9b0})}
 *     the class (compact headers): shrl $0xa, %r10d ; cmpl $0x4101, %r10d  {metadata('...$Final')}
 *
 * In each mode both methods are compiled at C2 and asked 2,000 questions each, whose answers are known; a constant
 * encoded for another mode compares unequal to every field, and the answers go wrong. The control is a program
 * change, -Dmemory.copiedConstant=true: the field that should hold the constant holds another object.
 */
@NegativeControl(flags = "-Dmemory.copiedConstant=true", killsFact = COMPRESSED_CONSTANT_IN_MODE,
        why = "program change: the field then holds a copy, not the constant, and the compiled compare is (rightly) unequal")
public class CompiledConstantFollowsCompressedOopsMode {
    static final Object CONSTANT = new Object();
    static final boolean COPIED = Boolean.getBoolean("memory.copiedConstant");   // the control

    static final class Final {
    }

    Object field;

    CompiledConstantFollowsCompressedOopsMode(Object field) {
        this.field = field;
    }

    static boolean holdsConstant(CompiledConstantFollowsCompressedOopsMode h) {
        return h.field == CONSTANT;
    }

    static boolean holdsFinal(CompiledConstantFollowsCompressedOopsMode h) {
        return h.field instanceof Final;
    }

    public static class Workload {
        public static void main(String[] args) {
            var constant = new CompiledConstantFollowsCompressedOopsMode(COPIED ? new Object() : CONSTANT);
            var plain = new CompiledConstantFollowsCompressedOopsMode(new Object());
            var fin = new CompiledConstantFollowsCompressedOopsMode(new Final());
            Class<?> c = CompiledConstantFollowsCompressedOopsMode.class;
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                holdsConstant(constant);
                holdsConstant(plain);
                holdsFinal(fin);
                holdsFinal(plain);
            }
            Jit.compileAtC2(c, "holdsConstant", c);
            Jit.compileAtC2(c, "holdsFinal", c);
            int wrongObject = 0;
            int wrongClass = 0;
            for (int i = 0; i < 1000; i++) {
                wrongObject += (holdsConstant(constant) ? 0 : 1) + (holdsConstant(plain) ? 1 : 0);
                wrongClass += (holdsFinal(fin) ? 0 : 1) + (holdsFinal(plain) ? 1 : 0);
            }
            Jit.measure("wrongObject", wrongObject);
            Jit.measure("wrongClass", wrongClass);
            Jit.snapshot("holdsConstant after", c, "holdsConstant", c);
            Jit.snapshot("holdsFinal after", c, "holdsFinal", c);
        }
    }

    public static void main(String[] args) {
        for (String heap : List.of("-Xmx1g", "-Xmx8g", "-Xmx1g -XX:HeapBaseMinAddress=40g")) {   // 32-bit, zero based, heap based
            List<String> flags = new ArrayList<>(List.of(heap.split(" ")));
            flags.add("-Xlog:gc+heap+coops=debug");
            Run run = Jit.run(Workload.class, flags.toArray(String[]::new));
            String mode = run.vmLog().compressedOops().map(m -> m.mode()).orElse("mode not logged");
            assertThat(run.state("holdsConstant after")).isRunningCompileAt(Jit.C2);
            assertThat(run.state("holdsFinal after")).isRunningCompileAt(Jit.C2);
            String under = heap + " (" + mode + ")";
            assertThat(COMPRESSED_CONSTANT_IN_MODE, run.measured("wrong answers of 2000 from C2's compare with the constant object, " + under,
                    run.measure("wrongObject").value())).isEqualTo(0);
            assertThat(COMPRESSED_CONSTANT_IN_MODE, run.measured("wrong answers of 2000 from C2's compare with the constant class, " + under,
                    run.measure("wrongClass").value())).isEqualTo(0);
        }
    }
}
