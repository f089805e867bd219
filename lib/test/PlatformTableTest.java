/*
 * @test
 * @summary The shell reads the platform table (make/platforms) through the library's reader: platform and platform_isas answer from PlatformTable's rows for every key, a bad row is one line, and the tools' JDK is found without the table
 * @library /lib /make/tools
 * @build jdks.PlatformTable anatomy.capture.Platforms JdkTableTest
 * @run testng PlatformTableTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.capture.Platforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jdks.PlatformTable;
import org.testng.annotations.Test;

public class PlatformTableTest {
    static final List<String> COLUMNS = List.of("isa", "aliases", "elf", "debian", "triple", "qemu", "cpu", "backend", "variants");

    /** Every ISA by each of its names and its ELF machine, every column: the shell's answer is the library's row. */
    @Test
    public void everyKeyAndColumnIsTheLibrarysRow() throws Exception {
        StringBuilder script = new StringBuilder(". make/lib.sh\n");
        List<String> expected = new ArrayList<>();
        for (Platforms.Row r : Platforms.rows().values()) {
            List<String> keys = new ArrayList<>(r.names());
            keys.add("elf=" + r.elf());
            String[] cols = PlatformTable.format(List.of(r)).strip().split(" ");
            for (String key : keys) {
                for (int c = 0; c < COLUMNS.size(); c++) {
                    script.append("platform '").append(key).append("' ").append(COLUMNS.get(c)).append('\n');
                    expected.add(cols[c]);
                }
            }
        }
        script.append("platform sparc isa || echo \"none $?\"\nplatform_isas backend capstone | tr '\\n' ' '; echo\nplatform_isas | tr '\\n' ' '\n");
        expected.add("none 1");
        expected.add("x86_64 aarch64 ");
        expected.add(String.join(" ", Platforms.rows().keySet()) + " ");
        JdkTableTest.Run shell = JdkTableTest.bash(Map.of(), script.toString());
        assertEquals(shell.out(), String.join("\n", expected), shell.err());
        assertEquals(Platforms.byName("arm64").orElseThrow().isa(), "aarch64");
        assertTrue(expected.contains("183") && expected.contains("nolse=cortex-a72") && expected.contains("powerpc64le-linux-gnu"));
    }

    /** A row of 8 columns: one line naming the file and line, from the reader and from the shell; nothing answered. */
    @Test
    public void aBadRowIsOneLine() throws Exception {
        Path t = Files.createTempDirectory("platforms").resolve("platforms");
        Files.writeString(t, Files.readString(JdkTableTest.PLATFORMS) + "sparc - 2 sparc sparc-linux-gnu - - llvm\n");
        int line = Files.readAllLines(t).size();
        JdkTableTest.Run shell = JdkTableTest.bash(Map.of("PLATFORMS_FILE", t.toString()), ". make/lib.sh; platform x86_64 isa; echo \"status $?\"");
        assertEquals(shell.out(), "status 2\n");
        assertEquals(shell.err(), t + ":" + line + ": 8 columns, expected 9 (isa aliases elf debian triple qemu cpu backend variants)");
    }

    /** The tools' JDK (use_runs, which reads the table for the shell) is the host's by its ELF machine, not by the table. */
    @Test
    public void theToolsJdkIsFoundWithoutTheTable() throws Exception {
        JdkTableTest.Run shell = JdkTableTest.bash(Map.of("PLATFORMS_FILE", "/nonexistent/platforms"),
                ". make/lib.sh; host_jdk \"$JAVA_HOME\" >/dev/null && echo found");
        assertEquals(shell.out(), "found\n", shell.err());
    }
}
