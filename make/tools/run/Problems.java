package run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The pack's problem lists (make/problems, docs/running.md "Known problems"): known problems of a JDK or of the
 * emulator, in jtreg's ProblemList format, one entry a line, {@code <test>[#id] <bug id>[,<bug id>...]
 * <platform>[,<platform>...]}, the comment lines just above an entry being its reason. A file applies to a run by
 * its name: ProblemList.txt always; each qualifier after "ProblemList-" narrows it: {@code jdkN} to JDK feature N,
 * {@code qemu} to a JDK run under qemu-user (ProblemList-qemu-jdk25.txt: 25 under qemu). A platform is
 * {@code generic-all}, {@code linux-all}, {@code linux-<isa>} or {@code generic-<isa>}, the ISA by the pack's name
 * (make/platforms) or os.arch's.
 *
 * <p>A run (make/tools/run/PackRun.java) asks for {@link #excludeFile}: the entries of DIR's files that apply, with
 * their comments, go to OUT for jtreg's {@code -exclude:} (their platforms rewritten to generic-all: jtreg would
 * match them against the host that runs it, not the JDK under qemu); its path, or nothing when no entry applies. The summary reads OUT back ({@link #read}) and reports each excluded test as {@code problem}.
 *
 * <p>The narrowest scope is one assertion: {@code <test>[#id]@<NAME>:<method>} (or {@code @<FACT>} for a fact), the
 * assertion as its failure's {@code assertion} line names it ({@code ZEROING in uninitialized}, lib/anatomy/Assertions).
 * Such an entry excludes nothing: the test runs, and the assertion's failure or inconclusive verdict is reported as not
 * judged while the rest of the test is judged (lib/anatomy/ProblemListed.java). {@link #assertionsFile} writes them
 * for the tests (PACK_PROBLEM_ASSERTIONS); the summary names what was left unjudged. List a variant ({@code #id}) or
 * an assertion, not the whole test, where the problem is there.
 */
public class Problems {
    /** One entry: the test (file or file#id), its bug ids, its platforms and the reason above it. */
    public record Entry(String test, String bugs, String platforms, String comment) {
        /** The assertion an entry of that scope names, as its failure's assertion line does ("ZEROING in copied"), or null. */
        public String assertion() {
            int at = test.indexOf('@');
            return at < 0 ? null : test.substring(at + 1).replaceFirst(":", " in ");
        }

        /** The test (file, or file#id) the entry is about. */
        public String testFile() {
            int at = test.indexOf('@');
            return at < 0 ? test : test.substring(0, at);
        }

        /** "JDK-8359378: the reason", as the summary shows it (a bug id that is not a number stays as it is). */
        public String reason() {
            List<String> ids = new ArrayList<>();
            for (String b : bugs.split(",")) {
                ids.add(b.matches("\\d+") ? "JDK-" + b : b);
            }
            return String.join(", ", ids) + (comment.isEmpty() ? "" : ": " + comment);
        }
    }

    /**
     * The exclude file for jtreg of the entries of DIR's problem lists that apply to a run of JDK FEATURE on ISA
     * (emulated or not), written to OUT; its path, or nothing (and no file) when none applies.
     */
    public static String excludeFile(Path out, Path dir, String isa, int feature, boolean emulated) throws IOException {
        List<Entry> chosen = select(dir, isa, feature, emulated).stream().filter(e -> e.assertion() == null).toList();
        StringBuilder text = new StringBuilder("# The problem-list entries that apply to this run (make/tools/run/Problems.java)\n");
        for (Entry e : chosen) {
            text.append("\n# ").append(e.comment()).append("\n").append(e.test()).append(' ').append(e.bugs()).append(" generic-all\n");
        }
        Files.deleteIfExists(out);
        if (chosen.isEmpty()) {
            return "";
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, text);
        return out.toString();
    }

    /**
     * The assertion-scoped entries of DIR's problem lists that apply to the run, written to OUT one a line as {@code
     * test TAB assertion TAB reason} (lib/anatomy/ProblemListed.java reads it); its path, or nothing (and no file) when
     * none applies.
     */
    public static String assertionsFile(Path out, Path dir, String isa, int feature, boolean emulated) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Entry e : select(dir, isa, feature, emulated)) {
            if (e.assertion() != null) {
                text.append(e.testFile()).append('\t').append(e.assertion()).append('\t').append(e.reason()).append('\n');
            }
        }
        Files.deleteIfExists(out);
        if (text.length() == 0) {
            return "";
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, text);
        return out.toString();
    }

    /**
     * The entries of DIR's problem lists that apply to a run of JDK FEATURE on ISA (emulated or not), in file order,
     * each with its reason (the file's name where the entry has no comment).
     */
    public static List<Entry> select(Path dir, String isa, int feature, boolean emulated) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("ProblemList.*\\.txt")).sorted().toList();
        }
        List<Entry> chosen = new ArrayList<>();
        for (Path file : files) {
            if (applies(file.getFileName().toString(), feature, emulated) != null) {
                for (Entry e : entries(file)) {
                    if (onPlatform(e.platforms(), isa)) {
                        chosen.add(e.comment().isEmpty() ? new Entry(e.test(), e.bugs(), e.platforms(), "(" + file.getFileName() + ")") : e);
                    }
                }
            }
        }
        return chosen;
    }

    /**
     * Whether a problem list of that name applies to a run of JDK FEATURE (emulated or not): null when not, else the
     * name. A qualifier the pack does not know is an error naming it.
     */
    static String applies(String name, int feature, boolean emulated) {
        String q = name.replaceFirst("^ProblemList", "").replaceFirst("\\.txt$", "");
        for (String part : q.isEmpty() ? new String[0] : q.substring(1).split("-")) {
            if (part.equals("qemu")) {
                if (!emulated) {
                    return null;
                }
            } else if (part.matches("jdk\\d+")) {
                if (Integer.parseInt(part.substring(3)) != feature) {
                    return null;
                }
            } else {
                throw new IllegalArgumentException(name + ": unknown qualifier '" + part + "' (ProblemList[-qemu][-jdkN].txt)");
            }
        }
        return name;
    }

    /** Whether an entry's platform list holds for the ISA under test (the pack's name or any name of its row). */
    static boolean onPlatform(String platforms, String isa) {
        for (String p : platforms.split(",")) {
            String[] osArch = p.split("-", 2);
            if (osArch.length != 2 || !(osArch[0].equals("generic") || osArch[0].equals("linux"))) {
                continue;
            }
            String a = osArch[1];
            if (a.equals("all") || a.equals(isa) || a.equals("x64") && isa.equals("x86_64")
                    || anatomy.capture.Platforms.byName(a).map(r -> r.isa().equals(isa)).orElse(false)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The entries of one problem list, each with the comment lines just above it (joined) as its reason. A line that
     * is no entry (fewer than three fields, a test that is no .java file, a platform that is not
     * {@code generic|linux-all|<isa>}, an ISA the platform table does not know) is an error naming the file and line.
     */
    static List<Entry> entries(Path file) throws IOException {
        List<Entry> found = new ArrayList<>();
        List<String> comment = new ArrayList<>();
        int number = 0;
        for (String line : Files.readAllLines(file)) {
            number++;
            String l = line.strip();
            if (l.isEmpty()) {
                comment.clear();
            } else if (l.startsWith("#")) {
                comment.add(l.replaceFirst("^#+\\s*", ""));
            } else {
                String[] f = l.split("\\s+");
                String where = file + ":" + number + ": '" + l + "'";
                if (f.length != 3) {
                    throw new IllegalArgumentException(where + " is not <test>[#id] <bug id>[,<bug id>...] <platform>[,<platform>...]");
                }
                if (!f[0].matches("[^#@]+\\.java(#[\\w.-]+)?(@[A-Z][A-Z0-9_]*(:[\\w$]+)?)?")) {
                    throw new IllegalArgumentException(where + ": the test is not <file>.java[#id][@<NAME>:<method>]");
                }
                for (String p : f[2].split(",")) {
                    String unknown = platformError(p);
                    if (unknown != null) {
                        throw new IllegalArgumentException(where + ": " + unknown);
                    }
                }
                found.add(new Entry(f[0], f[1], f[2], String.join(" ", comment).trim()));
                comment.clear();
            }
        }
        return found;
    }

    /** What is wrong with a platform of an entry ({@code generic-all}, {@code linux-<isa>}), or null. */
    static String platformError(String platform) {
        String[] osArch = platform.split("-", 2);
        if (osArch.length != 2 || !(osArch[0].equals("generic") || osArch[0].equals("linux"))) {
            return "platform '" + platform + "' is not generic-<arch> or linux-<arch>";
        }
        String a = osArch[1];
        if (a.equals("all") || a.equals("x64") || anatomy.capture.Platforms.byName(a).isPresent()) {
            return null;
        }
        return "platform '" + platform + "' names an ISA the platform table (make/platforms) does not know";
    }

    /** The entries of the exclude file make/jtreg.sh gave jtreg, by test; none when the path is empty or absent. */
    public static Map<String, Entry> read(String path) throws IOException {
        Map<String, Entry> byTest = new LinkedHashMap<>();
        if (!path.isEmpty() && Files.exists(Path.of(path))) {
            for (Entry e : entries(Path.of(path))) {
                byTest.put(e.test(), e);
            }
        }
        return byTest;
    }
}
