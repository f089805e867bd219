/*
 * @test
 * @summary make/tools/run/CompiledCache.java: a fresh work area starts from what another compiled under the same key (times
 *          kept, so jtreg still recompiles an edited test); a changed library source is another key; a run adds only newer classes;
 *          an area keeps its key until its lib.stamp is renewed or the host JDK or jtreg is another (PackRun.compiledKey)
 * @library /make/tools /lib
 * @build run.CompiledCache run.PackRun report.Bundles
 * @run testng CompiledCacheTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotEquals;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.testng.annotations.Test;
import run.CompiledCache;
import run.PackRun;

public class CompiledCacheTest {
    private static final FileTime LONG_AGO = FileTime.from(Instant.parse("2026-01-01T00:00:00Z"));

    /** A host JDK, a jtreg jar and a library of one source, under DIR. */
    private static Path[] world(String dir) throws Exception {
        Path root = Files.createDirectories(Path.of(dir).toAbsolutePath());
        Path jdk = Files.createDirectories(root.resolve("jdk"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        Path jar = Files.writeString(root.resolve("jtreg.jar"), "jar");
        Path lib = Files.createDirectories(root.resolve("lib"));
        Files.writeString(lib.resolve("Jit.java"), "class Jit {}");
        return new Path[] {root, jdk, jar, lib};
    }

    private static CompiledCache cache(Path[] w) throws Exception {
        return new CompiledCache(w[0].resolve("compiled"), w[1], w[2], List.of(w[3]));
    }

    @Test
    public void aFreshAreaStartsFromTheCopyTimesKept() throws Exception {
        Path[] w = world("fresh");
        CompiledCache cache = cache(w);
        Path first = Files.createDirectories(w[0].resolve("area1/classes/test"));
        Files.setLastModifiedTime(Files.writeString(first.resolve("T.class"), "compiled"), LONG_AGO);
        cache.publish("classes", w[0].resolve("area1/classes"), null);

        Path second = w[0].resolve("area2/classes");
        assertTrue(cache.seed("classes", second));
        assertEquals(Files.readString(second.resolve("test/T.class")), "compiled");
        assertEquals(Files.getLastModifiedTime(second.resolve("test/T.class")), LONG_AGO);   // jtreg's staleness check still works
        assertFalse(cache.seed("classes", second));   // an area that has classes keeps its own
    }

    @Test
    public void aChangedLibrarySourceIsAnotherKey() throws Exception {
        Path[] w = world("key");
        String before = CompiledCache.key(w[1], w[2], List.of(w[3]));
        assertEquals(CompiledCache.key(w[1], w[2], List.of(w[3])), before);
        Files.writeString(w[3].resolve("Jit.java"), "class Jit { int x; }");
        assertNotEquals(CompiledCache.key(w[1], w[2], List.of(w[3])), before);
        Files.writeString(w[3].resolve("Jit.java"), "class Jit {}");
        Files.writeString(w[1].resolve("release"), "JAVA_VERSION=\"17.0.16\"\n");
        assertNotEquals(CompiledCache.key(w[1], w[2], List.of(w[3])), before);   // another host javac
    }

    @Test
    public void aRunAddsOnlyNewerClasses() throws Exception {
        Path[] w = world("newer");
        CompiledCache cache = cache(w);
        Path area = Files.createDirectories(w[0].resolve("area/classes"));
        Files.setLastModifiedTime(Files.writeString(area.resolve("A.class"), "old"), LONG_AGO);
        cache.publish("classes", area, null);
        Path held = cache.dir.resolve("classes/A.class");
        Files.writeString(held, "newer in the copy");   // now: newer than the area's
        Files.writeString(area.resolve("B.class"), "new");
        cache.publish("classes", area, null);
        assertEquals(Files.readString(held), "newer in the copy");
        assertEquals(Files.readString(cache.dir.resolve("classes/B.class")), "new");
        try (var s = Files.list(cache.dir.resolve("classes"))) {
            assertEquals(s.filter(p -> p.toString().contains(".tmp")).count(), 0L);   // no half-written file left
        }
    }

    @Test
    public void aRunPublishesWhatItCompiled() throws Exception {
        Path[] w = world("since");
        CompiledCache cache = cache(w);
        Path area = Files.createDirectories(w[0].resolve("area/classes"));
        FileTime start = FileTime.from(Instant.parse("2026-06-01T00:00:00Z"));
        Files.setLastModifiedTime(Files.writeString(area.resolve("Old.class"), "old"), LONG_AGO);
        cache.publish("classes", area, start);   // the copy has no classes yet: all of them
        assertEquals(Files.readString(cache.dir.resolve("classes/Old.class")), "old");
        Files.setLastModifiedTime(Files.writeString(area.resolve("Before.class"), "before"), LONG_AGO);
        Files.writeString(area.resolve("During.class"), "during");   // now: after the run's start
        cache.publish("classes", area, start);
        assertFalse(Files.exists(cache.dir.resolve("classes/Before.class")));   // not this run's
        assertEquals(Files.readString(cache.dir.resolve("classes/During.class")), "during");
    }

    @Test
    public void theLibraryIsPublishedWholeOnce() throws Exception {
        Path[] w = world("whole");
        CompiledCache cache = cache(w);
        Path lib = Files.createDirectories(w[0].resolve("area/lib-classes/anatomy"));
        Files.writeString(lib.resolve("Jit.class"), "one");
        cache.publishWhole("lib-classes", w[0].resolve("area/lib-classes"));
        Files.writeString(lib.resolve("Jit.class"), "two");
        cache.publishWhole("lib-classes", w[0].resolve("area/lib-classes"));
        assertEquals(Files.readString(cache.dir.resolve("lib-classes/anatomy/Jit.class")), "one");
    }

    @Test
    public void anAreaKeepsItsKeyUntilItsStampIsRenewed() throws Exception {
        Path[] w = world("kept");
        Path jtregHome = Files.createDirectories(w[0].resolve("jtreg/lib"));
        Files.copy(w[2], jtregHome.resolve("jtreg.jar"));
        PackRun run = new PackRun(Map.of("BUILD", w[0].toString(), "AREA", w[0].resolve("area").toString(),
                "HOST_JDK", w[1].toString(), "JTREG_HOME", jtregHome.getParent().toString()));
        String first = run.compiledKey(false, List.of(w[3]));
        assertEquals(first, CompiledCache.key(w[1], jtregHome.resolve("jtreg.jar"), List.of(w[3])));
        Files.writeString(w[3].resolve("Jit.java"), "class Jit { int changed; }");
        assertEquals(run.compiledKey(false, List.of(w[3])), first);   // read, not computed: the stamp decides when
        String renewed = run.compiledKey(true, List.of(w[3]));
        assertNotEquals(renewed, first);
        Files.writeString(w[1].resolve("release"), "JAVA_VERSION=\"17.0.16\"\n");
        Files.setLastModifiedTime(w[1].resolve("release"), LONG_AGO);
        assertNotEquals(run.compiledKey(false, List.of(w[3])), renewed);   // another host JDK: computed again
    }
}
