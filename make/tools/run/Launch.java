package run;

import anatomy.capture.Machine;
import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdks.Homes;
import jdks.JdkTable;
import results.Selection;

/**
 * make test's entry (make/jtreg.sh starts it, in the host's tool VM): what the user typed checked first, each mistake one
 * line and exit 2, before anything is built; then what the run needs provisioned (the JDK under test, fetched for ARCH=,
 * behind a qemu facade for another ISA; the host's JDK; jtreg; the hsdis plugins when make built none for it; the JNI
 * libraries), and the run itself (PackRun, in this VM). Its exit status is the run's.
 *
 * <pre>
 *   Launch                 the run (TEST, JDK, ARCH, VM_OPTIONS, JAVA_OPTIONS, CONC, TIMEOUT_FACTOR, JTREG_HOME, BUILD: as make
 *                          test takes them; the rest as PackRun reads them)
 *   Launch --check-only    the checks only, the last of them a VM of the JDK under test started with the user's options:
 *                          its answer on one line, "checked: KEY\036LINES" (lines separated by \036)
 *   Launch jdk | resolve [DIR] | check-home LABEL PATH | key HOME | version HOME | isa HOME | check-selection | selection |
 *          check-numbers | jtreg-home
 *                          the one question make/lib.sh's function of that name asks (jdk_under_test, resolve_jdk, ...):
 *                          its answer on stdout, or its one line and exit 2
 * </pre>
 *
 * The options' answer (the flags ergonomics chose and the version, for make report) is kept under PACK_CHECKED by a key
 * of the JDK's files, the options and this machine ({@link #optionsKey}): the next run with the same key starts no VM
 * for it.
 */
public final class Launch {
    private final Map<String, String> env;
    private final Path root = Path.of("").toAbsolutePath();

    Launch(Map<String, String> env) {
        this.env = new HashMap<>(env);
    }

    String get(String name) {
        return env.getOrDefault(name, "");
    }

    public static void main(String[] args) {
        int status;
        try {
            status = new Launch(System.getenv()).main(List.of(args));
        } catch (Quiet e) {
            status = 2;
        } catch (Homes.Bad | PackRun.Stop | IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            status = 2;
        } catch (IOException | UncheckedIOException | InterruptedException e) {
            System.err.println("error: " + e);
            status = 2;
        }
        System.out.flush();
        System.exit(status);
    }

    /** The command line: the run, --check-only, or one of the questions make/lib.sh's functions ask (their one answer). */
    int main(List<String> args) throws IOException, InterruptedException {
        String op = args.isEmpty() ? "" : args.get(0);
        List<String> a = args.isEmpty() ? List.of() : args.subList(1, args.size());
        String build = get("BUILD").isEmpty() ? "build" : get("BUILD");
        switch (op) {
            case "", "--check-only" -> {
                return run(op.equals("--check-only"));
            }
            case "jdk" -> System.out.println(underTest());
            case "resolve" -> System.out.println(Homes.resolve(a.isEmpty() ? "" : a.get(0), get("JAVA_HOME"),
                    () -> need("openjdk-17-jdk-headless=javac"), this::isJdkName, build));
            case "check-home" -> Homes.check(a.get(0), a.get(1), this::isJdkName, build);
            case "key" -> System.out.println(Homes.key(Path.of(a.get(0))));
            case "version" -> System.out.println(Homes.version(Path.of(a.get(0))));
            case "isa" -> System.out.println(Homes.isa(Path.of(a.get(0))));
            case "check-selection" -> checkSelection(get("TEST"));
            case "selection" -> selection(get("TEST").isEmpty() ? "all" : get("TEST")).forEach(System.out::println);
            case "check-numbers" -> checkNumbers();
            case "jtreg-home" -> System.out.println(jtregHome());
            default -> throw new IllegalArgumentException("usage: Launch [--check-only | jdk | resolve [DIR] | check-home LABEL PATH | key HOME"
                    + " | version HOME | isa HOME | check-selection | selection | check-numbers | jtreg-home]");
        }
        return 0;
    }

    int run(boolean checkOnly) throws IOException, InterruptedException {
        checkSelection(get("TEST"));
        checkNumbers();
        if (get("TEST").isEmpty()) {
            env.put("TEST", "all");
        }
        if (get("CONC").isEmpty()) {
            env.put("CONC", Integer.toString(Runtime.getRuntime().availableProcessors()));
        }
        Path jdk = underTest();
        String isa = Homes.isa(jdk);
        Path testJdk = jdk;
        if (!isa.equals(Homes.hostIsa()) && !Files.exists(jdk.resolve("pack-facade"))) {
            testJdk = Path.of(provision("facade", jdk.toString()));
        }
        Path host = Homes.host(jdk.toString(), get("JAVA_HOME")).orElseThrow(() -> new Homes.Bad("no JDK 17+ for " + Homes.hostIsa()
                + " to run jtreg with: install one (Debian package openjdk-17-jdk-headless)"));
        String key = optionsKey(testJdk);
        String answer = optionsAnswer(jdk, testJdk, key);
        if (checkOnly) {
            System.out.println("checked: " + key + "\036" + answer.replace('\n', '\036'));
            return 0;
        }
        env.put("JTREG_HOME", jtregHome().toString());
        env.put("JDK", jdk.toString());
        env.put("TEST_JDK", testJdk.toString());
        env.put("HOST_JDK", host.toString());
        env.put("ARCH_UNDER_TEST", isa);
        env.put("FEATURE", Integer.toString(Homes.feature(jdk)));
        env.put("EMULATED", Boolean.toString(Homes.emulated(testJdk)));
        env.put("OPTIONS_ANSWER", answer);
        // The run itself in the JDK's own work area: one per JDK path and version, so that classes compiled for one JDK
        // never meet another, and alternating between two builds needs no make clean and recompiles nothing.
        env.put("AREA", Path.of(get("BUILD")).resolve("jtreg").resolve(Homes.key(testJdk)).toString());
        plugins(isa);
        // The JNI libraries of lib/native, built for the ISA under test; a test passes test.nativepath to its child VM.
        env.put("NATIVE", command(List.of("bash", "make/native.sh", isa,
                Path.of(get("BUILD")).resolve("native").resolve(isa).toString(), host.toString())));
        return new PackRun(env).run(selection(get("TEST")));
    }

    /** TEST's words: files and directories that exist, or groups of TEST.groups (headline, :headline). */
    void checkSelection(String test) throws IOException {
        Set<String> groups = new LinkedHashSet<>();
        Path file = root.resolve("TEST.groups");
        if (Files.exists(file)) {
            Matcher m = Pattern.compile("(?m)^([A-Za-z0-9_.-]+)\\s*=").matcher(Files.readString(file).replaceAll("#.*", ""));
            while (m.find()) {
                groups.add(m.group(1));
            }
        }
        for (String t : words(test.isEmpty() ? "all" : test)) {
            if (Selection.isPath(t)) {
                Path named = root.resolve(Selection.file(t));
                if (!Files.exists(named)) {
                    throw new Homes.Bad("TEST=" + t + ": no such file or directory");
                }
                if (Selection.id(t) != null) {   // one test of a file, by its id (jtreg's and OpenJDK's Test.java#id)
                    List<String> ids = Summary.requirements(named, Selection.file(t)).keySet().stream().map(Selection::id)
                            .filter(java.util.Objects::nonNull).toList();
                    if (!ids.contains(Selection.id(t))) {
                        throw new Homes.Bad("TEST=" + t + ": " + Selection.file(t) + " has no test of that id ("
                                + (ids.isEmpty() ? "its tests have no ids" : "ids: " + String.join(" ", ids)) + ")");
                    }
                }
            } else if (!groups.contains(t.replaceFirst("^:", ""))) {
                throw new Homes.Bad("TEST=" + t + " is neither a file, a directory nor a group (groups: " + String.join(" ", groups) + ")");
            }
        }
    }

    /** TEST as jtreg takes it, word by word: a group (headline or :headline) becomes ROOT:group; files and directories pass. */
    List<String> selection(String test) {
        return selection(root, test);
    }

    /** TEST under the suite ROOT as jtreg takes it (make matrix's cells too); a file's test by id passes as it is. */
    public static List<String> selection(Path root, String test) {
        return words(test).stream().map(t -> Selection.isPath(t) ? t
                : t.startsWith(":") ? root + t : root + ":" + t).toList();
    }

    static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    /** CONC a positive whole number; TIMEOUT_FACTOR, when given, a positive number. */
    void checkNumbers() {
        if (!get("CONC").isEmpty() && !get("CONC").matches("[1-9][0-9]*")) {
            throw new Homes.Bad("CONC=" + get("CONC") + " is not a positive whole number");
        }
        String f = get("TIMEOUT_FACTOR");
        if (!f.isEmpty() && (!f.matches("([0-9]*[.])?[0-9]+") || f.matches("[0.]*"))) {
            throw new Homes.Bad("TIMEOUT_FACTOR=" + f + " is not a positive number (jtreg's -timeoutFactor)");
        }
    }

    /**
     * The JDK home a run is about, resolved: JDK= if given, else for an ARCH= other than the host's that ISA's JDK on the
     * list arch of make/jdk-table (fetched by make/jdks.sh), else JAVA_HOME or the java on PATH.
     */
    Path underTest() throws IOException, InterruptedException {
        String jdk = get("JDK");
        String arch = get("ARCH");
        String isa = Homes.isaOf(arch.isEmpty() ? Homes.hostIsa() : arch);
        if (jdk.isEmpty() && !isa.equals(Homes.hostIsa())) {
            if (!Platforms.rows().containsKey(isa)) {
                throw new Homes.Bad("ARCH=" + arch + " is no ISA of make/platforms (" + String.join(" ", Platforms.rows().keySet()) + ")");
            }
            List<String> names = JdkTable.rows().stream().filter(r -> r.isa().equals(isa) && r.on("arch")).map(JdkTable.Row::name).toList();
            if (names.isEmpty()) {
                throw new Homes.Bad("ARCH=" + arch + ": no " + isa + " JDK is on the list arch of " + JdkTable.file() + " (give JDK=)");
            }
            jdk = provision(names.get(0));
        }
        return Homes.resolve(jdk, get("JAVA_HOME"), () -> need("openjdk-17-jdk-headless=javac"), this::isJdkName,
                get("BUILD").isEmpty() ? "build" : get("BUILD"));
    }

    /** Is NAME a name make/jdks.sh prepares (nothing is downloaded)? */
    boolean isJdkName(String name) {
        try {
            new jdks.Provision(root, env).run(List.of("check", name));
            return true;
        } catch (IOException | RuntimeException e) {   // its Failure: no such name
            return false;
        }
    }

    /** make/jdks.sh ARGS, in this VM (jdks.Provision): the home it prepared; a refusal is its one line, and the run stops. */
    String provision(String... args) throws IOException {
        try {
            return new jdks.Provision(root, env).run(List.of(args));
        } catch (jdks.Provision.Failure | IllegalStateException | IllegalArgumentException | UncheckedIOException e) {
            throw new Homes.Bad("make/jdks.sh " + String.join(" ", args) + ": " + e.getMessage());
        }
    }

    /** A provisioning command's one line of output; it says its own errors on stderr, and a failure stops the run. */
    static String command(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0 || out.isEmpty()) {
            throw new Quiet();
        }
        return out.lines().reduce((a, b) -> b).orElse("");
    }

    /** A stop whose one line its command said already: exit 2, nothing more printed. */
    static final class Quiet extends PackRun.Stop {
        Quiet() {
            super("");
        }
    }

    /** make/need.sh SPEC: a Debian package installed when missing, or one line and the run stops. */
    static void need(String spec) {
        try {
            if (new ProcessBuilder("sh", "make/need.sh", spec).inheritIO().start().waitFor() != 0) {
                throw new Quiet();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Quiet();
        }
    }

    /** The directory holding lib/jtreg.jar: JTREG_HOME, else Debian's jtreg7 (installed when missing). */
    Path jtregHome() {
        if (!get("JTREG_HOME").isEmpty()) {
            if (!Files.isRegularFile(Path.of(get("JTREG_HOME"), "lib", "jtreg.jar"))) {
                throw new Homes.Bad("JTREG_HOME=" + get("JTREG_HOME") + " has no lib/jtreg.jar");
            }
            return Path.of(get("JTREG_HOME"));
        }
        Path debian = Path.of("/usr/share/jtreg");
        if (!Files.isRegularFile(debian.resolve("lib/jtreg.jar"))) {
            need("jtreg7=/usr/share/jtreg/lib/jtreg.jar");
        }
        return debian;
    }

    /**
     * The JDK must start a VM with the user's options: a mistyped flag is one line now, not six failed tests. The same
     * VM prints the flags ergonomics chose (the line starting -XX:) and the version. Kept by key for the next run.
     */
    String optionsAnswer(Path jdk, Path testJdk, String key) throws IOException, InterruptedException {
        Path kept = Path.of(get("PACK_CHECKED").isEmpty() ? Path.of(get("BUILD").isEmpty() ? "build" : get("BUILD"), "checked").toString()
                : get("PACK_CHECKED")).resolve(key);
        if (Files.isRegularFile(kept)) {
            return Files.readString(kept);
        }
        List<String> c = new ArrayList<>(List.of(testJdk.resolve("bin/java").toString()));
        c.addAll(words(get("VM_OPTIONS")));
        c.addAll(words(get("JAVA_OPTIONS")));
        c.addAll(List.of("-XX:+PrintCommandLineFlags", "-version"));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            String first = out.lines().filter(l -> !l.isBlank() && !l.startsWith("-XX:")).findFirst().orElse("");
            throw new Homes.Bad("JDK=" + jdk + " cannot start a VM" + (get("VM_OPTIONS").isEmpty() ? "" : " with VM_OPTIONS=" + get("VM_OPTIONS"))
                    + (get("JAVA_OPTIONS").isEmpty() ? "" : " JAVA_OPTIONS=" + get("JAVA_OPTIONS")) + ": " + first);
        }
        Files.createDirectories(kept.getParent());
        Path tmp = kept.resolveSibling("." + ProcessHandle.current().pid());
        Files.writeString(tmp, out);
        Files.move(tmp, kept, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return out;
    }

    /**
     * What a check of the user's options is valid for: the JDK's path, release file and libjvm.so (a rebuilt VM may have
     * lost a flag), its facade's stamp (a qemu CPU), VM_OPTIONS and JAVA_OPTIONS, and what the VM's ergonomics read of
     * the machine (its CPUs, memory and cgroup limits: the flags it chose are part of the answer).
     */
    String optionsKey(Path testJdk) throws IOException {
        StringBuilder s = new StringBuilder(testJdk + "\n" + get("VM_OPTIONS") + "\n" + get("JAVA_OPTIONS") + "\n" + Machine.ergonomics());
        String real = Homes.stamp(testJdk, "real.home");
        for (Path f : List.of(testJdk.resolve("release"), testJdk.resolve("lib/server/libjvm.so"),
                Path.of(real.isEmpty() ? testJdk.toString() : real).resolve("lib/server/libjvm.so"))) {
            if (Files.exists(f)) {
                Map<String, Object> a = Files.readAttributes(f, "unix:ino,size,lastModifiedTime");
                s.append(f).append(' ').append(a.get("lastModifiedTime")).append('.').append(a.get("size")).append('.').append(a.get("ino")).append('\n');
            }
        }
        if (Files.exists(testJdk.resolve("pack-facade"))) {
            s.append(Files.readString(testJdk.resolve("pack-facade")));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(s.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The hsdis plugins of every capstone ISA and the host's decoder (HSDIS_PATH, HSDIS_DECODE): make's, or a mode's,
     * when given; else this BUILD's, where one `make hsdis` for the ISA under test builds what is missing or stale (after
     * the checks: nothing is built for a run whose input is wrong).
     */
    void plugins(String isa) throws IOException, InterruptedException {
        if (!get("PACK_BUILD_PLUGINS").equals("yes")) {
            return;
        }
        Process p = new ProcessBuilder("make", "--no-print-directory", "-s", "hsdis", "BUILD=" + get("BUILD"), "ARCH=" + isa).inheritIO().start();
        if (p.waitFor() != 0) {
            throw new PackRun.Stop("make hsdis ARCH=" + isa + " failed: no hsdis plugin in " + Path.of(get("BUILD"), "hsdis"));
        }
    }
}
