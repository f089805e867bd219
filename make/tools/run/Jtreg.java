package run;

import java.io.PrintWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * jtreg run in the harness's own VM, through its public entry point ({@code com.sun.javatest.regtest.Main}: a
 * constructor taking the two writers and {@code int run(String[])}, jtreg 4.2 to 7.5), in a class loader of its own over
 * lib/jtreg.jar (its manifest's Class-Path brings javatest.jar and asmtools.jar). What jtreg's {@code main} adds is done
 * here: the exceptions {@code run} throws become its exit statuses and one line, as {@code jtreg} prints them (no tests
 * 1, bad arguments 4, a fault 5, anything else 6); nothing calls System.exit.
 *
 * <p>What the harness knows of the JDK under test already, jtreg is told before it asks a VM ({@link #know}): two VMs
 * fewer a run (under qemu-user, seconds).
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
