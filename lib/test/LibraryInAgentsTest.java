/*
 * @test
 * @summary make/tools/run/Jtreg.java libraryInAgents puts the test library on jtreg's agent class path: a manifest-only javatest.jar whose Class-Path is the real javatest.jar and the library the run compiled (work/lib-classes), named to jtreg as where its classes are; the agent running this test loads the library once, from its own class loader
 * @library /make/tools /lib
 * @build run.Jtreg
 * @run testng LibraryInAgentsTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNotEquals;
import static org.testng.Assert.assertTrue;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarFile;
import org.testng.SkipException;
import org.testng.annotations.Test;

/*
 * jtreg's agentvm mode gives every test a class loader of its own over the test's class path, the library included;
 * its parent is the agent's class path, which jtreg makes from where its own classes are (javatest.jar, then jtreg.jar).
 * The run (PackRun, jtreg in its VM) names a jar of its own as that place, and its manifest brings the library. Here:
 * the jar's manifest resolves to the two places, also under a path with a space; jtreg asked where its classes are
 * answers that jar; and the agent this test runs in, when started that way, has the library in its own loader.
 */
public class LibraryInAgentsTest {
    private static final String AGENT_JAR = "agent-classpath" + File.separator + "javatest.jar";

    /** jtreg's installation: the directory above the lib/ that holds the jtreg.jar this VM runs. */
    private static Path jtregHome() throws Exception {
        Path jar = Path.of(Class.forName("com.sun.javatest.regtest.agent.AgentServer").getProtectionDomain().getCodeSource().getLocation().toURI());
        return jar.toAbsolutePath().getParent().getParent();
    }

    /** Where jtreg, in run.Jtreg's loader, says its classes are after libraryInAgents(WORK), and where javatest.jar really is. */
    private record Shared(Path named, Path javatest) {
    }

    /** Run.Jtreg.of(HOME).libraryInAgents(WORK), asked through that Jtreg's own loader. */
    private static Shared share(Path work) throws Exception {
        Class<?> jtreg = Class.forName("run.Jtreg");
        Method of = jtreg.getDeclaredMethod("of", Path.class);
        of.setAccessible(true);
        Object instance = of.invoke(null, jtregHome());
        Method share = jtreg.getDeclaredMethod("libraryInAgents", Path.class);
        share.setAccessible(true);
        share.invoke(instance, work);
        Field loader = jtreg.getDeclaredField("loader");
        loader.setAccessible(true);
        Class<?> info = Class.forName("com.sun.javatest.ProductInfo", true, (ClassLoader) loader.get(instance));
        return new Shared(((File) info.getMethod("getJavaTestClassDir").invoke(null)).toPath(),
                Path.of(info.getProtectionDomain().getCodeSource().getLocation().toURI()));
    }

    /** The jar's Class-Path entries, each resolved against the jar's directory as the VM resolves them. */
    private static List<Path> classPath(Path jar) throws Exception {
        try (JarFile file = new JarFile(jar.toFile())) {
            String entries = file.getManifest().getMainAttributes().getValue("Class-Path");
            return Arrays.stream(entries.trim().split(" "))
                    .map(e -> Path.of(jar.getParent().toUri().resolve(e)).normalize())
                    .toList();
        }
    }

    private static void sharesTheLibraryOf(Path work) throws Exception {
        Shared shared = share(work);
        Path jar = work.resolve(AGENT_JAR);
        assertEquals(shared.named(), jar, "jtreg's own classes are named as the jar's");
        assertEquals(classPath(jar), List.of(shared.javatest().toAbsolutePath().normalize(),
                work.resolve("lib-classes").toAbsolutePath().normalize()));
    }

    @Test
    public void theAgentJarNamesJavatestAndTheLibrary() throws Exception {
        sharesTheLibraryOf(Path.of("work").toAbsolutePath());
    }

    @Test
    public void aPathWithASpaceStaysOnePath() throws Exception {
        Path work = Path.of("a work dir").toAbsolutePath();
        sharesTheLibraryOf(work);
        String entries;
        try (JarFile file = new JarFile(work.resolve(AGENT_JAR).toFile())) {
            entries = file.getManifest().getMainAttributes().getValue("Class-Path");
        }
        assertEquals(entries.trim().split(" ").length, 2, entries);
    }

    @Test
    public void thisAgentLoadsTheLibraryOnce() {
        // this VM's class path as it was started (jtreg sets java.class.path to each test's)
        List<String> args = ProcessHandle.current().info().arguments().map(List::of).orElse(List.of());
        int at = args.indexOf("-classpath");
        String first = at < 0 ? "(unknown)" : args.get(at + 1).split(File.pathSeparator)[0];
        if (!first.endsWith(AGENT_JAR)) {
            try {
                Class.forName("com.sun.javatest.ProductInfo").getDeclaredField("javatestClassDir");
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new SkipException("this jtreg's harness keeps no javatestClassDir (" + e + "): each test loads the library");
            }
            // the pack's run (make/jtreg.sh exports PACK_PROBE_REPORT, jtreg hands it down) always shares the library
            assertTrue(System.getenv("PACK_PROBE_REPORT") == null, "the pack's run started this agent without the library: its class path starts " + first);
            throw new SkipException("this agent was not started by the pack's run (its class path starts " + first + ")");
        }
        assertTrue(Files.isRegularFile(Path.of(first)), first);
        assertEquals(anatomy.Jit.class.getClassLoader(), ClassLoader.getSystemClassLoader(),
                "the library comes from the agent's own class loader");
        assertTrue(anatomy.Jit.class.getProtectionDomain().getCodeSource().getLocation().getPath().endsWith("/lib-classes/"),
                "the library the run compiled (its concatenations inlined), not another copy: "
                + anatomy.Jit.class.getProtectionDomain().getCodeSource().getLocation());
        assertNotEquals(LibraryInAgentsTest.class.getClassLoader(), ClassLoader.getSystemClassLoader(),
                "a test's own classes still come from its own loader");
    }
}
