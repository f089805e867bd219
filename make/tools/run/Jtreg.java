package run;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * jtreg run in the harness's own VM, through its public entry point ({@code com.sun.javatest.regtest.Main}: a
 * constructor taking the two writers and {@code int run(String[])}, jtreg 4.2 to 7.5), in a class loader of its own over
 * lib/jtreg.jar (its manifest's Class-Path brings javatest.jar and asmtools.jar). What jtreg's {@code main} adds is done
 * here: the exceptions {@code run} throws become its exit statuses and one line, as {@code jtreg} prints them (no tests
 * 1, bad arguments 4, a fault 5, anything else 6); nothing calls System.exit.
 *
 * <p>What the harness knows of the JDK under test already, jtreg is told before it asks a VM ({@link #know}): two VMs
 * fewer a run (under qemu-user, seconds). And its agent VMs load the test library once each, not once per test
 * ({@link #libraryInAgents}).
 */
final class Jtreg {
    private final Constructor<?> main;
    private final Method run;
    private final ClassLoader loader;

    private Jtreg(ClassLoader loader, Constructor<?> main, Method run) {
        this.loader = loader;
        this.main = main;
        this.run = run;
    }

    /** jtreg of HOME (its lib/jtreg.jar), or null when it has none or no such entry point: then jtreg runs in a VM of its own. */
    static Jtreg of(Path home) {
        Path jar = home.resolve("lib").resolve("jtreg.jar");
        if (!Files.isRegularFile(jar)) {
            return null;
        }
        try {
            ClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> c = Class.forName("com.sun.javatest.regtest.Main", false, loader);
            return new Jtreg(loader, c.getConstructor(PrintWriter.class, PrintWriter.class), c.getMethod("run", String[].class));
        } catch (MalformedURLException | ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    /**
     * Tells jtreg, before it runs, two answers about the JDK at HOME (as -jdk: names it) that it would otherwise start a
     * VM for each: {@code java.specification.version} (SPEC, the feature release from the release file: jtreg starts
     * GetSystemProperty for it before anything else) and what {@code java OPTIONS -version} prints (VERSION, the lines
     * the options' check printed with those options: jtreg starts it once for every run, for the header of each .jtr,
     * with its -vmoptions). jtreg keeps
     * both in its JDK object (config.JDK: a private field each, read once and cached, jtreg 6 to 7.5); where those fields
     * are not there, or hold an answer already, nothing is changed and jtreg asks its VMs as before: the answers are
     * the same either way, only the VMs are saved.
     */
    void know(Path home, String spec, String version, List<String> options) {
        try {
            Class<?> jdkClass = Class.forName("com.sun.javatest.regtest.config.JDK", true, loader);
            Object jdk = jdkClass.getMethod("of", String.class).invoke(null, home.toString());
            Field specField = jdkClass.getDeclaredField("javaSpecificationVersion");
            Field versions = jdkClass.getDeclaredField("fullVersions");
            if (specField.getType() != String.class || versions.getType() != Map.class) {
                return;
            }
            specField.setAccessible(true);
            versions.setAccessible(true);
            if (specField.get(jdk) == null) {
                specField.set(jdk, spec);
            }
            if (version != null && !version.isEmpty()) {
                if (versions.get(jdk) == null) {
                    versions.set(jdk, new HashMap<>());
                }
                @SuppressWarnings("unchecked")
                Map<Object, String> byOptions = (Map<Object, String>) versions.get(jdk);
                byOptions.putIfAbsent(new LinkedHashSet<String>(options), version);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // another jtreg: it asks its own VMs, with the same answers
        }
    }

    /**
     * Puts the test library on the class path of jtreg's agent VMs, so that each agent loads and compiles it once for
     * all the tests it runs. jtreg's agentvm mode loads a test's class path, its libraries included, in a class loader
     * of its own for each test, whose parent is the agent's class path: without this every test loaded some seventy
     * library classes afresh, ran them interpreted and had C2 compile the parser again (measured on JDK 17, 20 runs of
     * one test in one VM: 4.9 s against 3.5 s, 115 ms of CPU a test).
     *
     * <p>jtreg makes an agent's class path from where its own classes are: ProductInfo's {@code javatestClassDir} (a
     * private static field of JT Harness, cached there once found; read so in jtreg 7.5.2's javatest.jar 6.0), which is
     * javatest.jar, then jtreg.jar beside it or, without one, jtreg's own jar. Here that field
     * names WORK/agent-classpath/javatest.jar, a jar of a manifest only, whose Class-Path is the real javatest.jar and
     * WORK/lib-classes: the library as the run compiles it before jtreg starts (PackRun, again after any change under
     * lib/), so that no agent starts with a stale copy, and with its string concatenations inlined, as the children get
     * it ({@code anatomy.capture.ChildVm.testClassPath} adds the directory the library came from). A test's own classes
     * still come from its own loader; the library's from the agent's (parents first). jtreg's other VMs made from
     * that path (the probe's) find the same classes first, which its extraPropDefns copy compiled from the same
     * sources. jtreg also sets an agent's CLASSPATH variable to that path, so a test's subprocess inherits it: the
     * pack's own javac runs drop it. Where the field is not there (another jtreg) nothing changes: each test loads the
     * library as before.
     */
    void libraryInAgents(Path work) {
        try {
            Field dir = Class.forName("com.sun.javatest.ProductInfo", false, loader).getDeclaredField("javatestClassDir");
            Path jar = agentJar(work);
            if (jar != null && dir.getType() == java.io.File.class) {
                dir.setAccessible(true);
                dir.set(null, jar.toFile());
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // another jtreg: each test loads the library itself, as jtreg does by default
        }
    }

    /**
     * Writes WORK/agent-classpath/javatest.jar ({@link #libraryInAgents}) and returns it, or null where this jtreg's
     * classes are not in a javatest.jar or the jar cannot be written. jtreg run in a VM of its own is told it by the
     * system property of the same field, {@code -DjavatestClassDir=}, which ProductInfo reads first.
     */
    Path agentJar(Path work) {
        try {
            Class<?> info = Class.forName("com.sun.javatest.ProductInfo", false, loader);
            Path javatest = Path.of(info.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!javatest.getFileName().toString().equals("javatest.jar")) {
                return null;
            }
            Path jar = work.resolve("agent-classpath").resolve("javatest.jar");
            Files.createDirectories(jar.getParent());
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH,
                    relative(jar.getParent(), javatest, false) + " " + relative(jar.getParent(), work.resolve("lib-classes"), true));
            Path written = Files.createTempFile(jar.getParent(), "javatest", ".jar");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(written), manifest)) {
                // a manifest only
            }
            Files.move(written, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return jar;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError | IOException | URISyntaxException e) {
            return null;
        }
    }

    /** TARGET as a Class-Path entry relative to FROM (the jar's directory), a directory's with its trailing slash. */
    static String relative(Path from, Path target, boolean directory) throws URISyntaxException {
        String path = from.toAbsolutePath().normalize().relativize(target.toAbsolutePath().normalize()).toString()
                .replace(java.io.File.separatorChar, '/');
        return new URI(null, null, path + (directory ? "/" : ""), null).getRawPath();
    }

    /** jtreg ARGS, its output on this VM's; its exit status. */
    int run(List<String> args) throws InterruptedException {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        Thread self = Thread.currentThread();
        ClassLoader before = self.getContextClassLoader();
        self.setContextClassLoader(loader);
        try {
            return (Integer) run.invoke(main.newInstance(out, err), (Object) args.toArray(String[]::new));
        } catch (InvocationTargetException e) {
            Throwable why = e.getCause();
            if (why instanceof InterruptedException i) {
                throw i;
            }
            String kind = why.getClass().getSimpleName();
            int status = switch (kind) {
                case "NoTests" -> 1;
                case "BadArgs" -> 4;
                case "Fault" -> 5;
                default -> 6;
            };
            err.println("Error: " + (status == 6 ? why : why.getMessage()));
            if (status == 6) {
                why.printStackTrace(System.err);
            }
            return status;
        } catch (ReflectiveOperationException e) {
            err.println("Error: jtreg could not be started in this VM: " + e);
            return 6;
        } finally {
            self.setContextClassLoader(before);
            out.flush();
            err.flush();
        }
    }
}
