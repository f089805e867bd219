/*
 * @test
 * @summary The CPU models (make/cpus) have one reader, CpuTable, which the shell runs: its rows are the shell's, a bad row is one line naming its file and line, and a new model is one row
 * @library /lib /make/tools
 * @build jdks.CpuTable jdks.JdkNames jdks.Provision JdkTableTest
 * @run testng CpuTableTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.capture.Platforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import jdks.CpuTable;
import org.testng.annotations.Test;

public class CpuTableTest {
    static final Path CPUS = JdkTableTest.ROOT.resolve("make/cpus");

    static List<CpuTable.Model> java(Path cpus) {
        return CpuTable.parse(cpus, List.copyOf(Platforms.rows().keySet()));
    }

    static Path cpusWith(String... rows) throws Exception {
        Path t = Files.createTempDirectory(Path.of("").toAbsolutePath(), "cpus").resolve("cpus");
        Files.writeString(t, Files.readString(CPUS) + String.join("\n", rows) + "\n");
        return t;
    }

    /** The pack's own models: the shell's rows are CpuTable's (run, then kept). */
    @Test
    public void theShellReadsTheRowsOfCpuTable() throws Exception {
        List<CpuTable.Model> models = java(CPUS);
        assertEquals(models.get(0), new CpuTable.Model("avx2", "x86_64", "switches", "-XX:UseAVX=2", "avx2", List.of("fleet", "check-fleet")));
        for (int twice = 0; twice < 2; twice++) {
            JdkTableTest.Run shell = JdkTableTest.bash(Map.of("CPUS_FILE", CPUS.toString()), ". make/lib.sh; cpu_rows");
            assertEquals(shell.status(), 0, shell.err());
            assertEquals(shell.out(), CpuTable.format(models));
        }
    }

    /** Each bad row is refused with one line, the same from CpuTable and make/jdks.sh: the file, the line, what is wrong. */
    @Test
    public void aBadRowIsOneLineNamingFileAndLine() throws Exception {
        String[][] cases = {
            {"zen9 x86_64 switches -XX:UseAVX=3 avx512f fleet", "a row needs 7 columns (name isa how what needs lists why), not 6"},
            {"-zen9 x86_64 switches -XX:UseAVX=3 avx512f fleet why", "bad model name -zen9 (letters, digits, '.', '_', '-')"},
            {"zen9 sparc switches -XX:UseAVX=3 avx512f fleet why", "isa sparc is no ISA of make/platforms ( x86_64 aarch64 riscv64 ppc64le s390x  )"},
            {"avx2 x86_64 switches -XX:UseAVX=2 avx2 fleet why", "model avx2 of x86_64 is declared twice"},
            {"zen9 x86_64 switches UseAVX=3 avx512f fleet why", "switches UseAVX=3 are not VM options separated by commas"},
            {"zen9 x86_64 qemu EPYC avx512f fleet why", "a qemu model needs no host flag (needs is avx512f, not -)"},
            {"zen9 x86_64 qemu:Trixie/qemu-x86_64 EPYC - fleet why", "how qemu:Trixie/qemu-x86_64 is neither qemu, qemu:<suite>/<binary> nor switches"},
            {"zen9 x86_64 kvm EPYC - fleet why", "how kvm is neither qemu, qemu:<suite>/<binary> nor switches"},
            {"zen9 x86_64 qemu EPYC - fleet,,x why", "lists fleet,,x is neither - nor names separated by commas"},
        };
        int line = Files.readAllLines(CPUS).size() + 1;
        for (String[] c : cases) {
            Path t = cpusWith(c[0]);
            String javaLine = expectThrows(IllegalArgumentException.class, () -> java(t)).getMessage();
            assertEquals(javaLine, t + ":" + line + ": " + c[1], c[0]);
            JdkTableTest.Run shell = JdkTableTest.bash(Map.of("CPUS_FILE", t.toString()), ". make/lib.sh; cpu_rows");
            assertEquals(shell.status(), 1, c[0]);
            assertEquals(shell.out(), "", c[0]);
            assertEquals(shell.err(), javaLine, c[0]);
            JdkTableTest.Run jdks = JdkTableTest.bash(Map.of("CPUS_FILE", t.toString()), "bash make/jdks.sh x86_64-17");
            assertEquals(jdks.status(), 1, c[0]);
            assertEquals(jdks.err(), "make/jdks.sh: " + javaLine, c[0]);
        }
    }

    /** A new model is one row: the shell's rows and make/jdks.sh's names show it, its JDK names resolve. */
    @Test
    public void aNewModelIsOneRow() throws Exception {
        Map<String, String> env = Map.of("CPUS_FILE", cpusWith("zen9 x86_64 switches -XX:UseAVX=3 avx512f fleet a new one  # comment").toString());
        assertTrue(JdkTableTest.bash(env, ". make/lib.sh; cpu_rows").out().strip().endsWith("zen9 x86_64 switches -XX:UseAVX=3 avx512f fleet"));
        assertTrue(Arrays.asList(JdkTableTest.bash(env, "bash make/jdks.sh names").out().split("\n")).contains("x86_64-25@zen9"));
        assertTrue(!JdkTableTest.bash(Map.of(), "bash make/jdks.sh names").out().contains("@zen9"));
    }
}
