/*
 * @test
 * @summary The probe's pack.cpu names the CPU as the VM saw it: qemu's model under emulation, else the host's; HotSpot's own reading; the vector settings
 * @library /lib
 * @run testng CpuDescriptionTest
 */

import static org.testng.Assert.assertEquals;

import anatomy.probe.Probe;
import java.util.Map;
import org.testng.annotations.Test;

public class CpuDescriptionTest {
    static final String X86 = "(2 cores per cpu, 1 threads per core) family 6 model 207 stepping 2 microcode 0x1, cx8, cmov, avx2";

    @Test
    public void nativeX86NamesTheModelHotSpotsReadingAndTheVectorFlags() {
        assertEquals(Probe.cpuDescription(null, X86, "Intel(R) Xeon(R) Processor", Map.of("UseSSE", "4", "UseAVX", "2", "MaxVectorSize", "32")::get),
                "Intel(R) Xeon(R) Processor; family 6 model 207 stepping 2 microcode 0x1; UseSSE=4 UseAVX=2 MaxVectorSize=32");
    }

    @Test
    public void underQemuTheEmulatedModelNotTheHosts() {
        assertEquals(Probe.cpuDescription("qemu-aarch64-static 7.2.22 -cpu neoverse-n1", "0x41:0x3:0xd0c:1, fp, asimd, lse",
                        "Intel(R) Xeon(R) Processor", Map.of("UseSVE", "0", "MaxVectorSize", "16")::get),
                "qemu -cpu neoverse-n1; 0x41:0x3:0xd0c:1; UseSVE=0 MaxVectorSize=16");
    }

    @Test
    public void aFeatureListWithoutAModelAddsNothingOfHotSpots() {
        assertEquals(Probe.cpuDescription(null, "rv64 rvi rvm rva", "", Map.<String, String>of()::get), "");
        assertEquals(Probe.cpuDescription(null, "fp, asimd", "implementer 0x41 part 0xd0c", Map.<String, String>of()::get),
                "implementer 0x41 part 0xd0c");
    }
}
