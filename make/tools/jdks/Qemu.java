package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The qemu-user a facade of make/jdks.sh runs a JDK under, and the CPU it emulates. The binary is make/platforms' qemu
 * column for the ISA (or a CPU model's of make/cpus, how qemu:&lt;suite&gt;/&lt;binary&gt;): a command of the host's
 * qemu-user-static, installed through make/need.sh when missing, or &lt;suite&gt;/&lt;binary&gt; of that Debian suite's
 * qemu-user, unpacked under $BUILD/jdks (Debian.qemuUser). The CPU is the cpu column, QEMU_CPU_&lt;isa&gt; (QEMU_CPU for
 * AArch64, the old name), a variant's (the variants column) or the model's, and must be on the binary's -cpu help.
 */
record Qemu(Path binary, String cpu) {
    /** The qemu for a JDK of ISA, with its VARIANT's CPU or its CPU MODEL's (each "" for none). */
    static Qemu of(Provision p, String isa, String variant, String model) throws IOException {
        Platforms.Row row = Provision.platform(isa);
        String col = row.qemu(), what = "";
        if (!model.isEmpty()) {
            CpuTable.Model m = p.models.stream().filter(c -> c.isa().equals(isa) && c.name().equals(model)).findFirst()
                    .orElseThrow(() -> Provision.die("make/cpus has no model '" + model + "' for " + isa));
            if (!m.emulated()) {
                throw Provision.die(model + " of make/cpus runs on the real CPU (how " + m.how() + "), not under qemu");
            }
            col = m.how().equals("qemu") ? col : m.how().replaceFirst("^qemu:", "");
            what = m.what();
        }
        if (col.equals("-")) {
            throw Provision.die("make/platforms names no qemu for " + isa);
        }
        Path binary;
        int slash = col.indexOf('/');
        if (slash >= 0) {
            String suite = col.substring(0, slash), name = col.substring(slash + 1);
            binary = p.debian.qemuUser(suite).resolve(name);
            if (!Files.isExecutable(binary)) {
                throw Provision.die("qemu-user of Debian's " + suite + " suite has no " + name);
            }
        } else {
            if (Homes.onPath(col).isEmpty()) {
                p.need("qemu-user-static=" + col);
            }
            String command = col;
            binary = Homes.onPath(col).orElseThrow(() -> Provision.die(command + " not found after installing qemu-user-static"));
        }
        String variable = "QEMU_CPU_" + isa, cpu = p.env.getOrDefault(variable, "");
        if (cpu.isEmpty() && isa.equals("aarch64")) {
            cpu = p.env.getOrDefault("QEMU_CPU", "");
        }
        cpu = cpu.isEmpty() ? row.cpu() : cpu;
        if (!variant.isEmpty()) {
            cpu = List.of(row.variants().split(";")).stream().filter(v -> v.startsWith(variant + "="))
                    .map(v -> v.substring(variant.length() + 1)).findFirst().orElse("");
            if (cpu.isEmpty()) {
                throw Provision.die("make/platforms declares no variant '" + variant + "' for " + isa);
            }
        }
        if (!model.isEmpty()) {
            cpu = what;
            variable = "the CPU model " + model + " of make/cpus: -cpu";
        }
        // x86_64's list prefixes each model with "x86 "
        String help = Provision.ran(Provision.command(null, List.of(binary.toString(), "-cpu", "help")).redirectErrorStream(true)).out();
        String first = cpu.split(",", -1)[0];
        if (!Pattern.compile("^ *(x86 +)?" + Pattern.quote(first) + "( |$)", Pattern.MULTILINE).matcher(help).find()) {
            throw Provision.die(variable + "=" + cpu + " is not a CPU of " + binary + " (see: " + binary.getFileName() + " -cpu help)");
        }
        return new Qemu(binary, cpu);
    }

    /** What the facade tells the probe it runs on (PACK_EMULATOR): the binary's name, its version and the CPU. */
    String emulator() {
        String out = Provision.ran(Provision.command(null, List.of(binary.toString(), "--version"))).out();
        Matcher m = Pattern.compile(".*version ([^ ]*).*").matcher(out.lines().findFirst().orElse(""));
        return binary.getFileName() + " " + (m.matches() ? m.group(1) : "") + " -cpu " + cpu;
    }
}
