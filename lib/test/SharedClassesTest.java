/*
 * @test
 * @summary make/tools/run/PackRun.java shareCompiledClasses copies what one jtreg thread compiled to the others, and only when jtreg compiled something in this run
 * @library /make/tools /lib
 * @build run.PackRun
 * @run testng SharedClassesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.testng.annotations.Test;
import run.PackRun;

/*
 * jtreg 7 gives each -conc thread a class directory (classes/0, classes/1, ...). After a run, PackRun copies
 * what any of them compiled into the others, so the next run compiles nothing. A run that compiled nothing needs
 * no copy (the copies keep their times): given the file touched before jtreg started, it copies only
 * when some class is newer than it.
 */
public class SharedClassesTest {
    private static int share(Path classes, Path since) throws Exception {
        PackRun.shareCompiledClasses(classes, since);
        return 0;
    }

    private static Path classes(String name) throws Exception {
        Path classes = Files.createDirectories(Path.of(name).toAbsolutePath().resolve("classes"));
        Files.createDirectories(classes.resolve("0/lib/anatomy"));
        Files.createDirectories(classes.resolve("1/lib"));
        return classes;
    }

    @Test
    public void aRunThatCompiledSomethingSharesIt() throws Exception {
        Path classes = classes("compiled");
        Path since = Files.createFile(classes.resolveSibling("jtreg.started"));
        Files.setLastModifiedTime(since, FileTime.from(Instant.now().minusSeconds(60)));
        Files.writeString(classes.resolve("0/lib/anatomy/Jit.class"), "new");
        assertEquals(share(classes, since), 0);
        assertEquals(Files.readString(classes.resolve("1/lib/anatomy/Jit.class")), "new");
        assertEquals(Files.readString(classes.resolve("lib/anatomy/Jit.class")), "new");
    }

    @Test
    public void aRunThatCompiledNothingCopiesNothing() throws Exception {
        Path classes = classes("nothing");
        Path old = Files.writeString(classes.resolve("0/lib/anatomy/Jit.class"), "old");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(60)));
        Path since = Files.createFile(classes.resolveSibling("jtreg.started"));
        assertEquals(share(classes, since), 0);
        assertFalse(Files.exists(classes.resolve("1/lib/anatomy/Jit.class")));
        assertEquals(share(classes, null), 0);   // without SINCE: always
        assertTrue(Files.exists(classes.resolve("1/lib/anatomy/Jit.class")));
    }
}
