/*
 * @test
 * @summary Text signed by a stale or another ISA's build of the pack's plugin is not read as the pack's: the verdict is inconclusive naming the plugin and what differs
 * @library /lib
 * @run testng PluginSignatureTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import anatomy.capture.Disassembly;
import anatomy.isa.Isa;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.testng.annotations.Test;

/*
 * fixtures/plugin-signed-jdk25.out.gz was printed by version 1.0 of the pack's plugin (x86_64, JDK 25): exactly what
 * a stale build left in a plugin directory prints. Before, anatomy.Jit read such text as the pack's whatever its
 * version or ISA said.
 */
public class PluginSignatureTest {
    private static final Path ROOT = Path.of(System.getProperty("test.root", "."));

    @Test
    public void theLibraryReadsTheVersionThePluginIsBuiltAs() throws IOException {
        Matcher m = Pattern.compile("#define HSDIS_PLUGIN_VERSION \"([^\"]+)\"").matcher(Files.readString(ROOT.resolve("lib/hsdis/decode.h")));
        assertTrue(m.find(), "lib/hsdis/decode.h defines no HSDIS_PLUGIN_VERSION");
        assertEquals(Disassembly.PLUGIN_VERSION, m.group(1), "anatomy.capture.Disassembly.PLUGIN_VERSION and lib/hsdis/decode.h");
    }

    @Test
    public void aStaleSignatureIsNamedWithWhatDiffers() {
        String printed = fixture("plugin-signed-jdk25.out.gz");
        String why = Disassembly.signatureMismatch(printed, Isa.X86_64);
        assertTrue(why != null && why.contains("hsdis-anatomy 1.0 (capstone, x86_64 att)")
                && why.contains("version 1.0 where the pack reads " + Disassembly.PLUGIN_VERSION), String.valueOf(why));
    }

    @Test
    public void anotherIsasSignatureIsNamed() {
        String printed = fixture("plugin-signed-jdk25.out.gz").replace("# hsdis-anatomy 1.0", "# hsdis-anatomy " + Disassembly.PLUGIN_VERSION);
        assertNull(Disassembly.signatureMismatch(printed, Isa.X86_64));   // the current version, the VM's ISA: read
        String why = Disassembly.signatureMismatch(printed, Isa.AARCH64);
        assertTrue(why != null && why.contains("ISA x86_64 where the VM runs aarch64") && !why.contains("version"), String.valueOf(why));
    }

    private static String fixture(String name) {
        Path p = Path.of(System.getProperty("test.src", "lib/test"), "fixtures", name);
        try (var in = new GZIPInputStream(Files.newInputStream(p))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
