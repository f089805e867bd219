package anatomy.capture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the pack's hsdis build is: the plugin directories a child VM gets on its library path
 * ({@code PACK_HSDIS_PATH}, colon separated) and the offline decoder ({@code PACK_HSDIS_DECODE}). The Makefile
 * passes both to jtreg; without them the default build directory under the test root is used.
 */
public final class Hsdis {
    private Hsdis() {
    }

    private static Path defaultBuild() {
        return Path.of(System.getProperty("test.root", "."), "build", "hsdis");
    }

    /** make hsdis builds the decoder for the host, beside the host's plugin (make/platforms names the ISAs). */
    private static Path defaultDecoder() {
        String host = Platforms.byName(System.getProperty("os.arch")).map(Platforms.Row::isa).orElse("x86_64");
        return defaultBuild().resolve(host).resolve("hsdis-decode");
    }

    /** The directories holding {@code hsdis-<arch>.so}, in search order. */
    public static List<String> libraryPath() {
        String env = System.getenv("PACK_HSDIS_PATH");
        if (env != null && !env.isBlank()) {
            return List.of(env.split(":"));
        }
        List<String> dirs = new ArrayList<>();
        for (String isa : Platforms.rows().keySet()) {   // make/platforms: build/hsdis/<isa> for each ISA
            Path d = defaultBuild().resolve(isa);
            if (Files.isDirectory(d)) {
                dirs.add(d.toAbsolutePath().toString());
            }
        }
        return dirs;
    }

    /** The offline decoder, or null when there is none. */
    public static Path decoder() {
        String env = System.getenv("PACK_HSDIS_DECODE");
        Path p = env != null && !env.isBlank() ? Path.of(env) : defaultDecoder();
        return Files.isExecutable(p) ? p.toAbsolutePath() : null;
    }

    public static String whereLooked() {
        String env = System.getenv("PACK_HSDIS_DECODE");
        return env != null ? "PACK_HSDIS_DECODE=" + env : "no PACK_HSDIS_DECODE; looked at " + defaultDecoder();
    }

    /** LD_LIBRARY_PATH for a child: the plugin directories before whatever the caller had. */
    public static String childLibraryPath() {
        List<String> dirs = new ArrayList<>(libraryPath());
        String old = System.getenv("LD_LIBRARY_PATH");
        if (old != null && !old.isBlank()) {
            dirs.add(old);
        }
        return String.join(":", dirs);
    }
}
