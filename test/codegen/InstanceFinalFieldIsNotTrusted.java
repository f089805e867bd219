/*
 * @test
 * @summary C2 does not fold an instance final field of a constant object, unless the object is a record or of a hidden class, or TrustFinalNonStaticFields is on (Quark #17)
 * @key codegen
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver InstanceFinalFieldIsNotTrusted
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Op.INTEGER_DIVISION;
import static anatomy.Op.INTEGER_MULTIPLICATION;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.lang.invoke.MethodHandles;

/*
 * BOX and RECORD are static finals, so to C2 they are constant objects (Quark #15). Their divisor fields
 * are final too, yet a final instance field can still be written through reflection, so C2 does not
 * trust it in general: viaFinalField loads the field from the constant box and divides. Records are
 * different: reflection cannot write their fields, and C2 trusts them, so viaRecord folds the divisor and
 * divides by multiplying with a magic number. So does viaHiddenClass: HIDDEN is an instance of a hidden class
 * (defined by Lookup.defineHiddenClass from HiddenDivisor's own class file), whose finals C2 trusts too.
 * The experimental -XX:+TrustFinalNonStaticFields makes C2 trust every instance final.
 *
 *   x86_64, JDK 17 and 25:   viaFinalField: ... idivl %r11d   viaRecord, viaHiddenClass: imulq $0x10624dd3, %r10, %r10
 *   aarch64, JDK 17 and 25:  viaFinalField: ldr w10, [x10, #0xc] ; sdiv w0, w1, w10
 *                            viaRecord, viaHiddenClass: mul x10, x10, x11 ; asr x10, x10, #0x26 ; sub w0, w10, w1, asr #31
 *
 * With the flag viaFinalField folds too and its divide goes: the control.
 */
@NegativeControl(flags = "-XX:+UnlockExperimentalVMOptions -XX:+TrustFinalNonStaticFields", kills = INTEGER_DIVISION, in = "viaFinalField",
        why = "C2 then trusts the box's final field and folds it like the record's")
public class InstanceFinalFieldIsNotTrusted {
    static final class Box {
        final int divisor;

        Box(int divisor) {
            this.divisor = divisor;
        }
    }

    record Divisor(int divisor) {
    }

    interface HasDivisor {
        int divisor();
    }

    /* Never used as it is: its class file is read back and defined again as a hidden class. */
    static final class HiddenDivisor implements HasDivisor {
        final int divisor;

        HiddenDivisor(int divisor) {
            this.divisor = divisor;
        }

        public int divisor() {
            return divisor;
        }
    }

    static final Box BOX = new Box(Integer.getInteger("codegen.divisor", 1000));
    static final Divisor RECORD = new Divisor(Integer.getInteger("codegen.divisor", 1000));
    static final HasDivisor HIDDEN = newHiddenDivisor(Integer.getInteger("codegen.divisor", 1000));

    static HasDivisor newHiddenDivisor(int divisor) {
        String classFile = HiddenDivisor.class.getName() + ".class";
        try (var in = InstanceFinalFieldIsNotTrusted.class.getResourceAsStream(classFile)) {
            Class<?> hidden = MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true).lookupClass();
            return (HasDivisor) hidden.getDeclaredConstructor(int.class).newInstance(divisor);
        } catch (ReflectiveOperationException | java.io.IOException e) {
            throw new AssertionError("cannot define a hidden copy of " + classFile, e);
        }
    }

    static int viaFinalField(int x) {
        return x / BOX.divisor;
    }

    static int viaRecord(int x) {
        return x / RECORD.divisor();
    }

    static int viaHiddenClass(int x) {
        return x / HIDDEN.divisor();
    }

    public static class Workload {
        public static void main(String[] args) {
            int sink = 0;
            for (int i = 0, end = Jit.rounds(10_000); i < end; i++) {
                sink += viaFinalField(i) + viaRecord(i) + viaHiddenClass(i);
            }
            Jit.compileAtC2(InstanceFinalFieldIsNotTrusted.class, "viaFinalField");
            Jit.compileAtC2(InstanceFinalFieldIsNotTrusted.class, "viaRecord");
            Jit.compileAtC2(InstanceFinalFieldIsNotTrusted.class, "viaHiddenClass");
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        dividesByTheField(run.c2("viaFinalField"));
        foldsTheDivisor(run.c2("viaRecord"));
        foldsTheDivisor(run.c2("viaHiddenClass"));
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void dividesByTheField(Compiled viaFinalField) {
        assertThat(viaFinalField).has(INTEGER_DIVISION);
    }

    static void foldsTheDivisor(Compiled folded) {
        assertThat(folded).given(INTEGER_MULTIPLICATION).hasNo(INTEGER_DIVISION);
    }
}
