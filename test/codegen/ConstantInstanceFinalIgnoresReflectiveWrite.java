/*
 * @test
 * @summary An instance final with a constant initializer is a constant variable: javac copies its value into each read, so a reflective write changes the field but not what the code reads; a blank final is read (Quark #14)
 * @key codegen
 * @requires pack.whitebox & pack.finalFieldMutation == "allowed"
 * @library /lib
 * @run driver ConstantInstanceFinalIgnoresReflectiveWrite
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.CONSTANT_INLINED_BY_JAVAC;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.lang.reflect.Field;

/*
 * JLS 4.12.4 makes no distinction between static and instance fields: a final of primitive or String type whose
 * initializer is a constant expression is a constant variable, and javac compiles each read of it as the value
 * (a bipush), not a getfield. The field still exists, with a ConstantValue attribute, and deep reflection can
 * write it; only nobody reads it. A blank final, set in the constructor, is read with a getfield like any field.
 *
 *   javap -c ConstantInstanceFinalIgnoresReflectiveWrite$Holder, JDK 17 and 25 (any ISA):
 *     constant():  bipush 42 ; ireturn
 *     blank():     aload_0 ; getfield #n // Field blank:I ; ireturn
 *
 * (The class file cannot tell them apart by its constant pool: the constructor's putfield of the initializer
 * references `constant` too.) We write 9000 into both fields of one holder through Field.setInt: the reflective read of `constant` answers
 * 9000 (the storage did change), its method still answers 42; `blank` answers 9000 both ways. No JIT is
 * involved: the reads run interpreted, and C2 would only fold the bipush javac wrote.
 *
 * Since JDK 26 such a write warns by default and `--illegal-final-field-mutation=deny` refuses it (JEP 500,
 * "Prepare to make final mean final"): the test requires pack.finalFieldMutation == "allowed" and skips naming
 * the option otherwise (a later release that denies by default makes it a finding).
 *
 * No VM flag changes what javac emits, so the control changes the source: with -Dcodegen.constantExpression=false
 * the child writes into a twin whose initializer is Integer.valueOf(42), no constant expression, which its
 * method reads like the blank final.
 */
@NegativeControl(flags = "-Dcodegen.constantExpression=false", killsFact = CONSTANT_INLINED_BY_JAVAC,
        why = "the twin's initializer is a method call, so javac emits a getfield and the write is seen")
public class ConstantInstanceFinalIgnoresReflectiveWrite {

    static class Holder {
        final int constant = 42;
        final int blank;

        Holder() {
            blank = 42;
        }

        int constant() {
            return constant;
        }

        int blank() {
            return blank;
        }
    }

    /* The control's twin: the same field, initialized by a call. */
    static class ComputedHolder extends Holder {
        final int constant = Integer.valueOf(42);

        @Override
        int constant() {
            return constant;
        }
    }

    public static class Workload {
        public static void main(String[] args) throws Exception {
            boolean constant = Boolean.parseBoolean(System.getProperty("codegen.constantExpression", "true"));
            Holder holder = constant ? new Holder() : new ComputedHolder();
            for (String name : new String[] {"constant", "blank"}) {
                Class<?> declaring = name.equals("constant") ? holder.getClass() : Holder.class;
                Field field = declaring.getDeclaredField(name);
                field.setAccessible(true);
                field.setInt(holder, 9000);
                Jit.measure(name + " read reflectively", field.getInt(holder));
            }
            Jit.measure("constant()", holder.constant());
            Jit.measure("blank()", holder.blank());
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class, "-XX:CompileCommand=exclude,*::*");
        assertThat(run.measure("constant read reflectively")).isEqualTo(9000);
        assertThat(CONSTANT_INLINED_BY_JAVAC, run.measure("constant()")).isEqualTo(42);
        assertThat(run.measure("blank read reflectively")).isEqualTo(9000);
        assertThat(run.measure("blank()")).isEqualTo(9000);
    }
}
