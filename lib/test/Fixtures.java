import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.CompilationLog;
import anatomy.model.NMethod;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The recorded fixtures of lib/test/fixtures (see record.sh there): Shapes on each JDK and ISA. */
final class Fixtures {
    /** The fixtures printed through the pack's hsdis, with their ISA. */
    static final List<String> DISASSEMBLED = List.of("x86_64-jdk17", "x86_64-jdk25", "aarch64-jdk17");

    private Fixtures() {
    }

    static Path dir() {
        return Path.of(System.getProperty("test.src", "lib/test"), "fixtures");
    }

    static String text(String name) {
        try {
            return Files.readString(dir().resolve(name + ".out"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<NMethod> nmethods(String name) {
        return AssemblyParser.parse(text(name), name + ".out");
    }

    static CompilationLog log(String name) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir().resolve(name + ".xml.gz")))) {
            return CompilationLog.parse(in, name + ".xml.gz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Isa isa(String name) {
        return name.startsWith("aarch64") ? Isa.AARCH64 : Isa.X86_64;
    }

    /** The C2 code of a Shapes method. */
    static NMethod c2(List<NMethod> nmethods, String method) {
        return nmethods.stream().filter(n -> n.compiler().equals("c2") && n.methodName().equals(method))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no C2 code of " + method + " in " + nmethods));
    }
}
