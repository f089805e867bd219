/*
 * @test
 * @summary javac copies a constant variable's value into the classes that use it, so they keep the old value when only its declaring class is recompiled; a static final set by a method call is read (Quark #14)
 * @key codegen
 * @requires pack.whitebox
 * @library /lib
 * @run driver ConstantVariableIsInlinedByJavac
 */

import static anatomy.Assertions.assertThat;
import static anatomy.Fact.CONSTANT_INLINED_BY_JAVAC;

import anatomy.Jit;
import anatomy.NegativeControl;
import anatomy.Run;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;

/*
 * A static final primitive or String whose initialiser is a constant expression is a constant variable
 * (JLS 4.12.4): javac writes its value into every class that uses it, as an iconst/bipush/ldc, and leaves
 * no field reference behind. We compile User against Limits with LIMIT = 10, then recompile Limits alone
 * with LIMIT = 20, and load both afresh: User still answers 10. COMPUTED = Integer.valueOf(10) is a static
 * final too, but no constant expression, so User reads the field (a getstatic) and sees 20.
 *
 *   javap -c User, JDK 17 and 25 (javac's output is the same on x86_64 and aarch64):
 *     limit():     bipush 10 ; ireturn
 *     computed():  getstatic #9 // Field Limits.COMPUTED:I ; ireturn
 *
 * That is javac's doing, before any JIT. Once Limits is initialised, C2 folds COMPUTED as well: a static
 * final is a constant to it whatever its initialiser (StaticFinalFieldIsFolded, Quark #15), so in C2 code
 * both methods are a constant; only the class files differ.
 *
 * No VM flag changes what javac emits, so the control changes the source: with
 * -Dcodegen.constantExpression=false the child writes LIMIT = Integer.valueOf(10), no constant expression,
 * and User reads the recompiled 20 like COMPUTED.
 */
@NegativeControl(flags = "-Dcodegen.constantExpression=false", killsFact = CONSTANT_INLINED_BY_JAVAC,
        why = "LIMIT's initialiser is then a method call, so javac emits a getstatic and User sees the new value")
public class ConstantVariableIsInlinedByJavac {
    static final Path DIR = Path.of("constvar");

    static final String USER = "public class User {\n"
            + "    public static int limit() { return Limits.LIMIT; }\n"
            + "    public static int computed() { return Limits.COMPUTED; }\n"
            + "}\n";

    static String limits(int value) {
        boolean constant = Boolean.parseBoolean(System.getProperty("codegen.constantExpression", "true"));
        return "public class Limits {\n"
                + "    public static final int LIMIT = " + (constant ? value : "Integer.valueOf(" + value + ")") + ";\n"
                + "    public static final int COMPUTED = Integer.valueOf(" + value + ");\n"
                + "}\n";
    }

    static void write(String className, String source) throws Exception {
        Files.writeString(DIR.resolve(className + ".java"), source);
    }

    static void javac(String... classNames) {
        if (ToolProvider.getSystemJavaCompiler() == null) {
            throw new jtreg.SkippedException("this JDK has no javac to call (no jdk.compiler module)");
        }
        List<String> args = new ArrayList<>(List.of("-d", DIR.toString(), "-cp", DIR.toString()));
        for (String name : classNames) {
            args.add(DIR.resolve(name + ".java").toString());
        }
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("javac " + args + " failed in " + DIR.toAbsolutePath());
        }
    }

    public static class Workload {
        public static void main(String[] args) throws Exception {
            Files.createDirectories(DIR);
            write("Limits", limits(10));
            write("User", USER);
            javac("Limits", "User");
            write("Limits", limits(20));
            javac("Limits"); // only the declaring class is recompiled
            try (URLClassLoader fresh = new URLClassLoader(new URL[] {DIR.toUri().toURL()}, null)) {
                Class<?> user = fresh.loadClass("User");
                Jit.measure("User.limit()", (Integer) user.getMethod("limit").invoke(null));
                Jit.measure("User.computed()", (Integer) user.getMethod("computed").invoke(null));
            }
        }
    }

    public static void main(String[] args) {
        Run run = Jit.run(Workload.class);
        Path user = DIR.resolve("User.class");
        assertThat(CONSTANT_INLINED_BY_JAVAC, run.fieldReferences(user, "Limits.LIMIT")).isEqualTo(0);
        assertThat(CONSTANT_INLINED_BY_JAVAC, run.measure("User.limit()")).isEqualTo(10);
        assertThat(run.fieldReferences(user, "Limits.COMPUTED")).isEqualTo(1);
        assertThat(run.measure("User.computed()")).isEqualTo(20);
    }
}
