package sensitivity;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The negative controls of test files, read from their compiled classes: the tests and the library are
 * compiled with this JDK's javac, each test class is loaded (not initialised), and its
 * {@code anatomy.NegativeControl} annotations are read through reflection.
 */
public final class Controls {
    private Controls() {
    }

    /** Test file (as given, relative) to its controls, in declaration order. */
    public static Map<String, List<Sensitivity.Control>> read(List<Path> tests, Path classes) throws IOException {
        List<String> sources = new ArrayList<>();
        try (Stream<Path> lib = Files.walk(Path.of("lib"))) {
            lib.filter(p -> p.toString().endsWith(".java") && !p.startsWith("lib/test") && !p.startsWith("lib/hsdis"))
                    .forEach(p -> sources.add(p.toString()));
        }
        tests.forEach(t -> sources.add(t.toString()));
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-nowarn", "-XDsuppressNotes", "-proc:none"));
        args.addAll(exports(tests));
        args.addAll(sources);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, System.err, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("the tests do not compile (see above): their controls cannot be read");
        }
        Map<String, List<Sensitivity.Control>> out = new LinkedHashMap<>();
        // The platform loader as parent: the library's classes come from these sources, never from the tools' own
        // class path (which holds the parts of lib/anatomy the report tools use).
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            for (Path t : tests) {
                String name = Path.of("").toAbsolutePath().relativize(t.toAbsolutePath()).toString();
                String stem = t.getFileName().toString().replaceAll("\\.java$", "");
                out.put(name, of(Class.forName(stem, false, loader), name));
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the controls: " + e, e);
        }
        return out;
    }

    /** What jtreg's {@code @modules module/package} lines give javac: the package exported to the tests. */
    private static List<String> exports(List<Path> tests) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path t : tests) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*\\*\\s*@modules\\s+(.+)$").matcher(Files.readString(t));
            while (m.find()) {
                for (String entry : m.group(1).trim().split("\\s+")) {
                    if (entry.contains("/")) {
                        out.addAll(List.of("--add-exports", entry.replaceAll(":.*$", "") + "=ALL-UNNAMED"));
                    }
                }
            }
        }
        return out;
    }

    private static List<Sensitivity.Control> of(Class<?> test, String name) throws ReflectiveOperationException {
        List<Sensitivity.Control> list = new ArrayList<>();
        for (Annotation a : test.getAnnotations()) {
            String type = a.annotationType().getName();
            if (type.equals("anatomy.NegativeControl")) {
                list.add(control(a, name));
            } else if (type.equals("anatomy.NegativeControl$List")) {
                for (Annotation c : (Annotation[]) value(a, "value")) {
                    list.add(control(c, name));
                }
            }
        }
        return list;
    }

    private static Sensitivity.Control control(Annotation a, String test) throws ReflectiveOperationException {
        Object[] ops = (Object[]) value(a, "kills");
        Object[] events = (Object[]) value(a, "killsEvent");
        Object[] facts = (Object[]) value(a, "killsFact");
        if (ops.length + events.length + facts.length != 1) {
            throw new IllegalArgumentException(test + ": a @NegativeControl names exactly one kills, killsEvent or killsFact: " + a);
        }
        String kills = ((Enum<?>) (ops.length > 0 ? ops[0] : events.length > 0 ? events[0] : facts[0])).name();
        String in = (String) value(a, "in");
        if (facts.length == 0 && in.isEmpty()) {
            throw new IllegalArgumentException(test + ": a @NegativeControl that kills " + kills + " names the method whose assertion"
                    + " it fails (in = \"...\", as run.c2 names it): " + a);
        }
        if (facts.length > 0 && !in.isEmpty()) {
            throw new IllegalArgumentException(test + ": a @NegativeControl that kills the fact " + kills + " takes no in=: the fact"
                    + " names its assertion: " + a);
        }
        return new Sensitivity.Control((String) value(a, "flags"), kills, in, (String) value(a, "why"), (String) value(a, "requires"));
    }

    private static Object value(Annotation a, String element) throws ReflectiveOperationException {
        Method m = a.annotationType().getMethod(element);
        m.setAccessible(true);
        return m.invoke(a);
    }
}
