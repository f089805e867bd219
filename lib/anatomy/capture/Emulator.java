package anatomy.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether this VM runs under an emulator (qemu-user) rather than on a CPU of its own ISA, and which. */
public final class Emulator {
    private Emulator() {
    }

    /**
     * The emulator this VM runs under: the JDK facade's PACK_EMULATOR (make/jdks.sh: qemu's binary, version and
     * CPU), else "detected from /proc/cpuinfo" when the host's CPU is not of the VM's ISA; null on the hardware.
     */
    public static String current() {
        String named = System.getenv("PACK_EMULATOR");
        if (named != null && !named.isBlank()) {
            return named;
        }
        try {
            String cpu = Files.readString(Path.of("/proc/cpuinfo"));
            boolean x86Host = cpu.contains("vendor_id") || cpu.contains("GenuineIntel") || cpu.contains("AuthenticAMD");
            var vm = Platforms.byName(System.getProperty("os.arch"));   // make/platforms: the VM's ISA
            if (vm.isEmpty()) {
                return null;
            }
            boolean x86Vm = vm.get().isa().equals("x86_64");
            return x86Host != x86Vm ? "detected from /proc/cpuinfo" : null;
        } catch (IOException e) {
            return null;
        }
    }
}
