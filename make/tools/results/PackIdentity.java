package results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which pack wrote a report or a bundle, read once from the checkout (the working directory, the pack's root) and
 * the build directory: the commit (for bundles: make report FROM= merges only the bundles of the commit checked out
 * here), the report's header line (its short form) and the tools line (the hsdis plugin's last commit, the capstone
 * the plugins were built against). An environment variable of the same name overrides each: PACK_COMMIT,
 * PACK_VERSION, PACK_TOOLS (make report-check's synthetic page sets PACK_VERSION; tests set PACK_COMMIT).
 */
public final class PackIdentity {
    private PackIdentity() {
    }

    public static final Path HERE = Path.of("");

    /** PACK_COMMIT when set, else this checkout's commit (commit(HERE)). */
    public static String commit() {
        return or(System.getenv("PACK_COMMIT"), commit(HERE));
    }

    /** The commit checked out in ROOT, "+uncommitted" appended when tracked files differ from it; "unknown" outside git. */
    public static String commit(Path root) {
        String head = git(root, "rev-parse", "HEAD");
        return head.isEmpty() ? "unknown" : head + (dirty(root) ? "+uncommitted" : "");
    }

    /** PACK_VERSION when set, else version(HERE). */
    public static String version() {
        return or(System.getenv("PACK_VERSION"), version(HERE));
    }

    /** The report's "Pack ..." words: "commit" and twelve hex digits, "(with uncommitted changes)" when so. */
    public static String version(Path root) {
        String head = git(root, "rev-parse", "--short=12", "HEAD");
        return "commit " + (head.isEmpty() ? "unknown" : head + (dirty(root) ? " (with uncommitted changes)" : ""));
    }

    /** The report's tools line: lib/hsdis's last commit and date; each ISA's capstone source under BUILD, else the pinned version. */
    public static String tools(Path build) {
        String set = System.getenv("PACK_TOOLS");
        if (set != null && !set.isEmpty()) {
            return set;
        }
        String hsdis = git(HERE, "log", "-1", "--format=%h %cs", "--", "lib/hsdis");
        return "hsdis plugin: lib/hsdis at " + (hsdis.isEmpty() ? "unknown" : hsdis) + "; capstone (" + capstone(build, Path.of("make/capstone.sh")) + ")";
    }

    /**
     * "x86_64: SOURCE; aarch64: SOURCE" for the capstone builds under BUILD/capstone (each SOURCE file's first line,
     * written by make/capstone.sh), or "capstone V (not built here)" with V the CAPSTONE_VERSION that script pins.
     */
    public static String capstone(Path build, Path script) {
        List<String> built = new ArrayList<>();
        for (String isa : List.of("x86_64", "aarch64")) {
            Path source = build.resolve("capstone").resolve(isa).resolve("SOURCE");
            try {
                if (Files.isRegularFile(source)) {
                    built.add(isa + ": " + Files.readAllLines(source).stream().findFirst().orElse(""));
                }
            } catch (IOException e) {
                built.add(isa + ": unreadable (" + e.getMessage() + ")");
            }
        }
        if (!built.isEmpty()) {
            return String.join("; ", built);
        }
        String pinned = "";
        try {
            pinned = Files.readAllLines(script).stream().filter(l -> l.startsWith("CAPSTONE_VERSION=")).map(l -> l.substring(17)).findFirst().orElse("");
        } catch (IOException e) {
            pinned = "(unknown: " + script + " unreadable)";
        }
        return "capstone " + pinned + " (not built here)";
    }

    static String or(String set, String otherwise) {
        return set != null && !set.isEmpty() ? set : otherwise;
    }

    static boolean dirty(Path root) {
        return !git(root, "status", "--porcelain", "--untracked-files=no").isEmpty();
    }

    /** git's output in ROOT, trimmed; "" when git is missing, fails, or takes more than a minute. */
    public static String git(Path root, String... args) {
        List<String> cmd = new ArrayList<>(List.of("git", "-C", root.toAbsolutePath().toString()));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).trim() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
