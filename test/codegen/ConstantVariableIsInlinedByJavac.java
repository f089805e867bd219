/*
 * @test
 * @summary javac copies a constant variable's value into the classes that use it, so they keep the old value when only its declaring class is recompiled; a static final set by a method call is read (Quark #14)
 * @key codegen
 * @requires pack.whitebox & pack.javac
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
import java.util.Arrays;
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

    static Path write(String dir, String className, String source) throws Exception {
        Path file = Files.createDirectories(DIR.resolve(dir)).resolve(className + ".java");
        return Files.writeString(file, source);
    }

    /*
     * javac runs in a VM of its own, with the JDK's default options: what it emits does not depend on them,
     * and in the child under -Xcomp it would be compiled method by method (minutes). The same JDK's launcher,
     * with C1 alone: two small compiles never repay C2 (0.49 s of CPU against 0.77 s, JDK 17).
     */
    public static class Javac {
        public static void main(String[] args) {
            javac(DIR.resolve("v10/Limits.java"), DIR.resolve("v10/User.java"));
            javac(DIR.resolve("v20/Limits.java")); // only the declaring class is recompiled
        }

        static void javac(Path... sources) {
            List<String> args = new ArrayList<>(List.of("-d", DIR.toString(), "-cp", DIR.toString()));
            Arrays.stream(sources).forEach(source -> args.add(source.toString()));
            if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("javac " + args + " failed in " + DIR.toAbsolutePath());
            }
        }
    }

    public static class Workload {
        public static void main(String[] args) throws Exception {
            if (ToolProvider.getSystemJavaCompiler() == null) {
                throw new jtreg.SkippedException("this JDK has no javac to call (no jdk.compiler module), though the probe found one");
            }
            write("v10", "Limits", limits(10));
            write("v10", "User", USER);
            write("v20", "Limits", limits(20));
            List<String> command = List.of(Path.of(System.getProperty("codegen.jdk"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Javac.class.getName());
            Process javac = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(javac.getInputStream().readAllBytes());
            if (javac.waitFor() != 0) {
                throw new IllegalStateException("Command line: " + command + " failed:\n" + output);
            }
            try (URLClassLoader fresh = new URLClassLoader(new URL[] {DIR.toUri().toURL()}, null)) {
                Class<?> user = fresh.loadClass("User");
                Jit.measure("User.limit()", (Integer) user.getMethod("limit").invoke(null));
                Jit.measure("User.computed()", (Integer) user.getMethod("computed").invoke(null));
            }
        }
    }

    public static void main(String[] args) {
        // The child needs no compiled code (its claim is javac's): under -Xcomp it stays cheap, interpreted.
        Run run = Jit.run(Workload.class, "-XX:CompileCommand=exclude,*::*", "-Dcodegen.jdk=" + System.getProperty("test.jdk"));
        Path user = DIR.resolve("User.class");
        assertThat(CONSTANT_INLINED_BY_JAVAC, run.fieldReferences(user, "Limits.LIMIT")).isEqualTo(0);
        assertThat(CONSTANT_INLINED_BY_JAVAC, run.measure("User.limit()")).isEqualTo(10);
        assertThat(run.fieldReferences(user, "Limits.COMPUTED")).isEqualTo(1);
        assertThat(run.measure("User.computed()")).isEqualTo(20);
    }
}
