/*
 * @test
 * @summary a shard's bundle written as .tar.gz reads back as the directory form does, make report FROM= refuses a bundle of another commit or a path that is no bundle, and the pack's identity names its commit as git does
 * @library /lib /make/tools
 * @build report.Bundles results.PackIdentity report.Report report.ReportCheck run.Shards SyntheticMatrix
 * @run testng BundlesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.testng.annotations.Test;
import report.Bundles;
import report.ReportModel;
import results.PackIdentity;
import results.Results;
import run.Shards;

/*
 * The bundles hold ReportCheck's synthetic matrix (SyntheticMatrix); the identity is read from a git repository made
 * here, outside the pack's checkout.
 */
public class BundlesTest {
    @Test
    public void aTarGzBundleReadsBackAsItsDirectoryForm() throws Exception {
        Path whole = SyntheticMatrix.write(Path.of("synthetic"));
        List<Results.Run> single = ReportModel.runs(whole);
        Path plan = Path.of("plan.txt");
        Shards.writePlan(plan, Shards.plan(List.of(new Shards.Unit("", "test/a/First.java", 1, true)), 1), 1);
        List<String> dirs = single.stream().map(r -> "matrix/" + r.label()).toList();
        Bundles.writeAs(Path.of("as-dir"), whole, "matrix", plan, "c0ffee", dirs);
        Bundles.writeAs(Path.of("out/as.tar.gz"), whole, "matrix", plan, "c0ffee", dirs);
        assertTrue(Files.isRegularFile(Path.of("out/as.tar.gz")), "the .tar.gz is a file");
        assertTrue(!Files.exists(whole.resolve("bundle.tmp")), "the directory it was packed from is gone");

        List<Path> read = Bundles.unpacked(List.of("as-dir", "out/as.tar.gz"), Path.of("report/bundles"));
        assertEquals(read.get(0), Path.of("as-dir"));
        assertEquals(read.get(1), Path.of("report/bundles/2"));
        Map<String, String> fromDir = tree(read.get(0)), fromTar = tree(read.get(1));
        assertTrue(fromDir.containsKey("bundle.properties") && fromDir.size() > 10, "bundle files: " + fromDir.keySet());
        assertEquals(fromTar, fromDir, "the unpacked .tar.gz and the directory, file by file");

        ShardsTest.assertSameVerdicts(Bundles.merge(List.of(read.get(1)), "c0ffee", Path.of("merged").toAbsolutePath()).runs(), single);
        Bundles.Refused other = expectThrows(Bundles.Refused.class,
                () -> Bundles.merge(List.of(read.get(1)), "badcafe+uncommitted", Path.of("m2").toAbsolutePath()));
        assertTrue(other.getMessage().contains("is of pack commit c0ffee, this checkout is badcafe+uncommitted"), other.getMessage());
    }

    @Test
    public void fromRefusesWhatIsNoBundleInOneLine() throws Exception {
        Bundles.Refused missing = expectThrows(Bundles.Refused.class, () -> Bundles.unpacked(List.of("no-such-bundle"), Path.of("r1")));
        assertEquals(missing.getMessage(), "FROM=no-such-bundle is no bundle: a directory or .tar.gz that make test or make matrix BUNDLE= wrote");
        Files.writeString(Path.of("broken.tar.gz"), "not gzip\n");
        Bundles.Refused broken = expectThrows(Bundles.Refused.class, () -> Bundles.unpacked(List.of("broken.tar.gz"), Path.of("r2")));
        assertTrue(broken.getMessage().startsWith("FROM=broken.tar.gz cannot be unpacked (tar: "), broken.getMessage());
        assertEquals(broken.getMessage().lines().count(), 1L, broken.getMessage());
    }

    @Test
    public void theIdentityNamesTheCommitAndUncommittedChanges() throws Exception {
        // outside every git work tree (the scratch directory is inside the checkout's), deleted at the end
        Path repo = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "pack-identity");
        try {
            assertEquals(PackIdentity.commit(repo), "unknown", "outside git");
            assertEquals(PackIdentity.version(repo), "commit unknown");
            git(repo, "init", "-q");
            Files.writeString(repo.resolve("f"), "1\n");
            git(repo, "add", "f");
            git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
            String head = PackIdentity.commit(repo);
            assertTrue(head.matches("[0-9a-f]{40}"), head);
            assertEquals(PackIdentity.version(repo), "commit " + head.substring(0, 12));
            Files.writeString(repo.resolve("untracked"), "x\n");
            assertEquals(PackIdentity.commit(repo), head, "an untracked file changes nothing");
            Files.writeString(repo.resolve("f"), "2\n");
            assertEquals(PackIdentity.commit(repo), head + "+uncommitted");
            assertEquals(PackIdentity.version(repo), "commit " + head.substring(0, 12) + " (with uncommitted changes)");

            Path script = repo.resolve("capstone.sh");
            Files.writeString(script, "#!/bin/sh\nCAPSTONE_VERSION=9.8.7\n");
            assertEquals(PackIdentity.capstone(repo.resolve("build"), script), "capstone 9.8.7 (not built here)");
            Files.createDirectories(repo.resolve("build/capstone/aarch64"));
            Files.writeString(repo.resolve("build/capstone/aarch64/SOURCE"), "capstone 9.8.7 from a tarball\nmore\n");
            assertEquals(PackIdentity.capstone(repo.resolve("build"), script), "aarch64: capstone 9.8.7 from a tarball");
        } finally {
            Bundles.delete(repo);
        }
    }

    static void git(Path repo, String... args) throws Exception {
        String[] cmd = Stream.concat(Stream.of("git", "-C", repo.toString()), Arrays.stream(args)).toArray(String[]::new);
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        assertEquals(p.waitFor(), 0, String.join(" ", cmd));
    }

    /** Each regular file under DIR, by its relative path, with its text. */
    static Map<String, String> tree(Path dir) throws Exception {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(p).toString(), Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }
}
