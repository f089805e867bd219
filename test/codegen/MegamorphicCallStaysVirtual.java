/*
 * @test
 * @summary C2 inlines a call site that saw one or two receiver classes, leaves one that saw more a virtual call, unless one class dominates (Quark #16)
 * @key codegen
 * @requires pack.c2 & pack.whitebox & pack.profiled
 * @library /lib
 * @run driver MegamorphicCallStaysVirtual
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Count.exactly;
import static anatomy.Logged.INLINE_SUCCESS;
import static anatomy.Logged.TRAP_COMPILED;
import static anatomy.Logged.VIRTUAL_CALL;
import static anatomy.Op.INLINE_CACHE_CALL;

import anatomy.Compiled;
import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;

/*
 * Three subclasses of Shape are loaded, so class hierarchy analysis cannot bind s.area() to one method:
 * C2 decides from the receiver classes the call site's profile recorded (two rows and a count of others).
 * One class seen: C2 inlines it behind a class check that traps otherwise (<uncommon_trap reason='class_check'>).
 * Two: both inlined. More: the call stays virtual, an inline cache and then the vtable for an invokevirtual, the
 * itable for an invokeinterface (the site's bytecode, the log's <bc code='182'> or '185' before <virtual_call>),
 * unless one class takes TypeProfileMajorReceiverPercent (default 90) of the calls: that one is inlined.
 *
 *   log, JDK 17 and 25:  mono:  <predicted_call bci='1' exact='1' .../> <inline_success reason='inline (hot)'/>
 *                        mega:  <inline_fail reason='virtual call'/> <virtual_call bci='1'/>
 *   x86_64, JDK 25:      skewed: cmpl $<Square>, %r11d ; jne OTHER ; ... retq ; OTHER: callq ... {virtual_call}
 *   aarch64, JDK 17:     monomorphic: cmp w11, w10 ; b.ne TRAP ; mov w0, #4 ; ... ret   (more: docs/codegen.md)
 * Each control takes one decision away (docs/codegen.md).
 */
@NegativeControl(flags = "-XX:-UseTypeProfile", killsEvent = INLINE_SUCCESS, in = "monomorphic", why = "without receiver profiles no virtual call is inlined")
@NegativeControl(flags = "-XX:-UseBimorphicInlining", killsEvent = INLINE_SUCCESS, in = "bimorphic", why = "a site with two classes then stays virtual")
@NegativeControl(flags = "-XX:TypeProfileMajorReceiverPercent=30", killsEvent = INLINE_SUCCESS, in = "megamorphic",
        why = "a third of the calls then makes a major receiver, inlined at the megamorphic site")
@NegativeControl(flags = "-XX:TypeProfileMajorReceiverPercent=100", killsEvent = INLINE_SUCCESS, in = "skewed",
        why = "no class then dominates the skewed site, which stays purely virtual")
@NegativeControl(flags = "-XX:PerMethodTrapLimit=0", killsEvent = TRAP_COMPILED, in = "monomorphic",
        why = "C2 then may plant no uncommon trap: the class check's other side is a virtual call")
@NegativeControl(flags = "-Dcodegen.interfaceAsClass=true", killsEvent = VIRTUAL_CALL, in = "megamorphicInterface",
        why = "program change: megamorphicInterface then calls area() through the class Shape, an invokevirtual")
public class MegamorphicCallStaysVirtual {
    interface HasArea { int area(); }

    abstract static class Shape implements HasArea {
        public abstract int area();
    }

    static class Square extends Shape {
        public int area() { return 4; }
    }

    static class Circle extends Shape {
        public int area() { return 3; }
    }

    static class Triangle extends Shape {
        public int area() { return 2; }
    }

    /* Copies of one call site, so that each gets a profile of its own; the last calls through the interface. */
    static int monomorphic(Shape s) {
        return s.area();
    }

    static int bimorphic(Shape s) {
        return s.area();
    }

    static int megamorphic(Shape s) {
        return s.area();
    }

    static int skewed(Shape s) {
        return s.area();
    }

    static final boolean INTERFACE_AS_CLASS = Boolean.getBoolean("codegen.interfaceAsClass");   // a control
    static int megamorphicInterface(HasArea s) {
        return INTERFACE_AS_CLASS ? ((Shape) s).area() : s.area();
    }

    public static class Workload {
        public static void main(String[] args) {
            Shape[] shapes = {new Square(), new Circle(), new Triangle()};
            int sink = 0;
            for (int i = 0, end = Jit.rounds(20_000); i < end; i++) {
                int rare = i % 50;
                sink += monomorphic(shapes[0]) + bimorphic(shapes[i % 2]) + megamorphic(shapes[i % 3])
                        + skewed(shapes[rare < 2 ? rare + 1 : 0]) + megamorphicInterface(shapes[i % 3]);
            }
            for (String shape : new String[] {"monomorphic", "bimorphic", "megamorphic", "skewed", "megamorphicInterface"}) {
                Jit.compileAtC2(MegamorphicCallStaysVirtual.class, shape);
            }
            Jit.measure("sink", sink);
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        inlinedBehindClassCheck(run.c2("monomorphic"));
        assertThat(run.c2("bimorphic")).has(exactly(2), INLINE_SUCCESS).hasNo(INLINE_CACHE_CALL);
        staysVirtual(run.c2("megamorphic"), "invokevirtual");    // the vtable's
        assertThat(run.c2("skewed")).has(exactly(1), INLINE_SUCCESS).has(INLINE_CACHE_CALL);
        staysVirtual(run.c2("megamorphicInterface"), "invokeinterface");    // the itable's
    }

    /* The claims on the code. lib/test/NearMissTest runs them on recorded code edited into what a regression emits. */
    static void inlinedBehindClassCheck(Compiled monomorphic) {
        assertThat(monomorphic).has(exactly(1), INLINE_SUCCESS).has(TRAP_COMPILED.reason("class_check")).hasNo(INLINE_CACHE_CALL);
    }

    static void staysVirtual(Compiled megamorphic, String invoke) {
        assertThat(megamorphic).has(VIRTUAL_CALL.where("invoke", invoke)).hasNo(INLINE_SUCCESS).has(INLINE_CACHE_CALL);
    }
}
