package anatomy.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** This machine as a VM's ergonomics read it, for the keys of what the harness keeps between runs. */
public final class Machine {
    private static final List<String> LIMITS = List.of("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/cpu.max",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us");

    private Machine() {
    }

    /**
     * What sizes a VM's defaults (its heap, its collector's and compiler's threads): the processors this process may use,
     * the memory (MemTotal) and the cgroup limits, v2's or v1's, as lines of text.
     */
    public static String ergonomics() {
        StringBuilder s = new StringBuilder("processors " + Runtime.getRuntime().availableProcessors() + "\n");
        for (String f : LIMITS) {
            try {
                s.append(f).append(": ").append(Files.readString(Path.of(f)).strip()).append('\n');
            } catch (IOException e) {
                s.append(f).append(": none\n");
            }
        }
        try {
            Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal")).forEach(l -> s.append(l).append('\n'));
        } catch (IOException e) {
            s.append("MemTotal: unknown\n");
        }
        return s.toString();
    }
}
