package anatomy.probe;

import anatomy.Jit;
import anatomy.Run;
import anatomy.capture.ChildVm;
import anatomy.capture.ChildVmException;
import anatomy.capture.Disassembly;
import anatomy.capture.Emulator;
import anatomy.capture.Facts;
import anatomy.capture.Hsdis;
import anatomy.isa.Isa;
import anatomy.model.NMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pack's probe of the JDK under test, run by jtreg ({@code requires.extraPropDefns}) in a VM started with
 * the tests' VM options, so that {@code VM_OPTIONS=-XX:TieredStopAtLevel=1} really means "no C2" here too.
 *
 * <p>It starts one child VM like a test's: with WhiteBox it compiles a tiny method at C2 and at C1 and prints
 * their code. That decides {@code pack.c2}, {@code pack.c1}, {@code pack.whitebox} and {@code pack.hsdis}
 * (mnemonics seen, from the plugin in the VM or decoded offline), not the presence of files. Each property has
 * a reason and a {@link Cause}: the platform, this JDK's default, or the user's options (a flag they set, or a
 * value that a VM of the same JDK started without their options does not have: a second, plain VM prints its
 * flags, only when there are user options). With the environment variable {@code PACK_PROBE_REPORT} set, all
 * are written to that file: {@code <property>}, {@code .why}, {@code .cause} (platform / default / options),
 * {@code .cause.why} and {@code .flags} (the flags the value was read from). With {@code PACK_PROBE_CACHE} set, an
 * answer is kept for the next probe of the same VM, which then starts no child ({@link ProbeCache}).
 */
public class Probe implements Callable<Map<String, String>> {
    private final Map<String, String> props = new LinkedHashMap<>();
    private final Map<String, String> why = new LinkedHashMap<>();
    private final Flags flags;
    private final Map<String, List<String>> flagsOf = new LinkedHashMap<>();   // the flags each property was read from
    private Run lastRun;   // the WhiteBox child's run, null when it did not run

    public Probe() {
        this(Flags.thisVm());
    }

    private Probe(Flags flags) {
        this.flags = flags;
    }

    @Override
    public Map<String, String> call() {
        long start = System.nanoTime();
        // the same VM probed before (ProbeCache's key: the JDK's files, these arguments, the machine): its answer
        ProbeCache cache = ProbeCache.here();
        Map<String, String> kept = cache == null ? null : cache.read();
        if (kept != null) {
            return kept;
        }
        List<String> options = userOptions();
        PlainVm plain = options.isEmpty() ? null : new PlainVm();   // runs while this VM probes
        put("pack.jdk", Integer.toString(Runtime.version().feature()), "java.runtime.version=" + System.getProperty("java.runtime.version"));
        String arch = System.getProperty("os.arch");
        String isa;
        try {
            isa = Isa.ofOsArch(arch).label();
        } catch (IllegalArgumentException e) {
            isa = "other";
        }
        put("pack.isa", isa, "os.arch=" + arch);
        // a port's memory model (#23): where the VM orders a volatile load with a full fence before it
        boolean syncFirst = isa.equals("ppc64le");
        put("pack.syncBeforeVolatileLoad", String.valueOf(syncFirst), syncFirst ? "HotSpot's PPC port puts a sync (a full"
                + " fence) before every volatile load: support_IRIW_for_not_multiple_copy_atomic_cpu (globalDefinitions_ppc.hpp)"
                : "a volatile load on " + isa + " has no full fence before it");
        collector();
        put("pack.thp", thpMode(), "the host's /sys/kernel/mm/transparent_hugepage/enabled");
        boolean javac = ModuleLayer.boot().findModule("jdk.compiler").isPresent();
        put("pack.javac", String.valueOf(javac), javac ? "the JDK under test has javac (module jdk.compiler)"
                : "the JDK under test has no javac to call (no jdk.compiler module: a runtime image)");
        configuration();
        String emulator = Emulator.current();
        put("pack.emulated", Boolean.toString(emulator != null), emulator != null ? "running under qemu-user (" + emulator + ")" : "native");
        probeWithChild(emulator);
        cpuExtensions(isa);
        cmov(isa);
        finalFieldMutation(options);
        writeReport(causes(options, plain == null ? null : plain.values()), (System.nanoTime() - start) / 1_000_000);
        if (cache != null) {
            cache.keep(props, emulator != null);
        }
        return props;
    }

    /**
     * Writes the properties, {@code key=value} a line in key order, to the file ARGS[0]: make sensitivity's question
     * whether a negative control changes any of them (make/tools/sensitivity/Sensitivity.java), asked of a VM started
     * as jtreg starts the probe's (the options as its own and as {@code test.vm.opts}, {@code test.jdk} set).
     */
    public static void main(String[] args) throws IOException {
        StringBuilder out = new StringBuilder();
        new java.util.TreeMap<>(new Probe().call()).forEach((k, v) -> out.append(k).append('=').append(v).append('\n'));
        Files.writeString(Path.of(args[0]), out);
    }

    private void put(String key, String value, String reason) {
        props.put(key, value);
        why.put(key, reason);
        flagsOf.put(key, flags.taken());
    }

    /**
     * {@code pack.c2} or {@code pack.c1} from what the WhiteBox child found (Compiler decides): not built or switched
     * off by the child's final flags is a property; built, on and not compiling the probe's method stops the run,
     * whatever the user's options (issue 40). The flags of this VM are read too, so that the property's cause
     * (platform, default, options) names them.
     */
    private void compiler(Compiler compiler, Run run, String emulator) {
        String key = compiler.name().toLowerCase(java.util.Locale.ROOT);
        java.util.function.Function<String, String> childFlag = name -> {
            String v = run.fact("flag." + name);
            return v == null || v.equals("none") ? null : v;
        };
        String hasC2 = run.fact("hasC2");
        Compiler.Decision decision = compiler.decide(new Compiler.Facts(
                compiler.missing(childFlag, System.getProperty("java.vm.name", ""), hasC2 == null || hasC2.equals("unknown") ? null : Boolean.valueOf(hasC2)),
                compiler.switchedOffBy(childFlag, run.fact("vm.info")),
                Boolean.parseBoolean(run.fact(key)), Boolean.parseBoolean(run.fact(key + ".gaveUp")),
                Boolean.parseBoolean(run.fact(key + ".queued")), reason(String.valueOf(run.fact(key + ".why"))),
                emulator, Compiler.flagsText(childFlag), String.join(" ", userOptions())));
        if (decision.stop() != null) {
            throw new IllegalStateException(decision.stop() + "; the command and output are in " + ChildVm.workFile("probe", "").getParent());
        }
        onByFlags(compiler);   // the flags this VM read decide the property's cause
        put(compiler.property(), Boolean.toString(decision.available()), decision.reason());
    }

    /**
     * What went wrong with a VM that started, behind the exception: "crashed (its fatal error)" on the hardware or under
     * an emulator, or "did not finish" (a hang, cut at the child-VM limit); null for a VM that would not start (no
     * WhiteBox in this build, options it refuses), which the probe reports as a property. Public for
     * lib/test/ProbeCrashTest.java.
     */
    public static String crashOf(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ChildVmException c && c.fatalError() != null) {
                return "crashed (" + c.fatalError() + ")";
            }
            if (t instanceof ChildVmException c && c.getMessage() != null && c.getMessage().startsWith("child VM did not finish")) {
                return c.getMessage().lines().findFirst().orElse("").replaceFirst("^child VM ", "");
            }
        }
        return null;
    }

    /**
     * Why the probe's WhiteBox child ending with E stops the run, or null when E says this JDK cannot run it (a property,
     * pack.whitebox=false): a VM that would not start (no -XX:+WhiteBoxAPI in this build, options it refuses) or a
     * WhiteBox without the natives the child uses (the child's recorded skip). A VM that crashed or hung (crashOf), or
     * that started and then threw out of the child's code, or any other end, is a broken build or a broken pack: were
     * it a property, every test that needs WhiteBox would skip and the run be green (issue 40). Public for
     * lib/test/ProbeCrashTest.java.
     */
    public static String stopReason(Throwable e) {
        String crash = crashOf(e);
        if (crash != null) {
            return crash;
        }
        if (e instanceof jtreg.SkippedException) {
            return null;
        }
        if (e instanceof ChildVmException c) {
            String thrown = c.stderrText().lines().filter(l -> l.startsWith("Exception in thread \"main\"")).findFirst().orElse(null);
            return thrown == null ? null : "started and then threw (" + thrown + ")";
        }
        return "failed (" + (e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("")) + ")";
    }

    private void collector() {
        put("pack.gc", gc(), "the collector selected in the probe VM");
        put("pack.gcs", builtCollectors(), "the collectors this build has: Serial and Parallel always, the others where the VM"
                + " knows one of their own flags (a build without a collector has none of them: s390x has no Z, no Shenandoah)");
        String chosen = gcChosen();
        put("pack.gcChosen", Boolean.toString(chosen != null), chosen != null ? "the VM options select it: -XX:+" + chosen
                : "no VM option selects a collector: the VM chose it (a test may then pick its own)");
    }

    private void probeWithChild(String emulator) {
        Run run;
        Path osLog = ChildVm.workFile("probe-os", ".log");
        try {
            // the child knows no make/platforms (no test.root): it is told whether it runs under an emulator
            run = Jit.run(ProbeChild.Workload.class, List.of("-Xlog:os=info:file=" + osLog), emulator == null ? "hardware" : "emulated");
            lastRun = run;
        } catch (AssertionError | RuntimeException e) {
            String first = e.getMessage() == null ? e.toString() : e.getMessage();
            String stop = stopReason(e);
            if (stop != null) {
                // A VM that dies, hangs or throws is no property of the JDK's configuration: were it one, every test
                // that needs WhiteBox would skip and the run would be green. The run stops instead, naming what happened.
                throw new IllegalStateException("the probe's VM " + stop + ", so no test can be judged on this JDK;"
                        + " the command and output are in " + ChildVm.workFile("probe", "").getParent());
            }
            if (e instanceof ChildVmException c) {
                first = c.stderrText().lines().filter(l -> !l.isBlank()).findFirst().orElse(first);
            }
            String reason = "a VM with -XX:+WhiteBoxAPI did not run: " + first.lines().findFirst().orElse(first);
            put("pack.whitebox", "false", reason);
            String c2Flags = flagReason(Compiler.C2);
            put("pack.c2", Boolean.toString(c2Flags == null), "from the VM's flags (WhiteBox unusable): " + (c2Flags == null ? "C2 flags present and enabled" : c2Flags));
            put("pack.c1", "false", "cannot tell without WhiteBox");
            put("pack.hsdis", "false", "cannot tell without WhiteBox: " + reason);
            put("pack.cpu.features", "", "cannot tell without WhiteBox");
            return;
        }
        put("pack.whitebox", "true", "jdk.test.whitebox.WhiteBox bound");
        compiler(Compiler.C2, run, emulator);
        compiler(Compiler.C1, run, emulator);
        String features = run.fact("cpu.features");
        put("pack.cpu.features", cpuFeatures(features), "the CPU features the VM uses (WhiteBox.getCPUFeatures: " + features + ")");
        put("pack.cpu", cpuDescription(emulator, features, cpuinfoModel(), f -> hasFlag(f) ? flag(f) : null), "the CPU as the VM saw it: the model (qemu's -cpu under emulation,"
                + " else /proc/cpuinfo), what HotSpot read of it, its vector settings");
        NMethod printed = run.nmethods().isEmpty() ? null : run.nmethods().get(run.nmethods().size() - 1);
        if (printed == null) {
            put("pack.hsdis", "false", "hsdis not usable: no compiled code was printed");
            props.put("pack.hsdis.mode", "none");
            return;
        } else if (printed.isHexOnly()) {
            put("pack.hsdis", "false", "hsdis not usable: " + pluginTrouble(osLog) + "; and no offline decoder is built ("
                    + Hsdis.whereLooked() + ")");
        } else if (run.disassemblyMode() == Disassembly.Mode.FOREIGN) {
            // another plugin was found first (lib/server, lib/ of the JDK): its text is not read, the bytes are decoded
            put("pack.hsdis", Boolean.toString(Hsdis.decoder() != null), "the VM loaded " + loadedPlugin(osLog) + "; "
                    + run.disassembly());
        } else if (run.disassemblyMode() == Disassembly.Mode.OFFLINE) {
            put("pack.hsdis", "true", "offline: " + pluginTrouble(osLog) + "; its hex is decoded by " + Hsdis.decoder());
        } else {
            put("pack.hsdis", "true", "plugin loaded by the VM: " + loadedPlugin(osLog));
        }
        props.put("pack.hsdis.mode", run.disassemblyMode().name().toLowerCase(java.util.Locale.ROOT));
    }

    private static final java.util.regex.Pattern LOADED =
            java.util.regex.Pattern.compile("shared library load of (\\S*hsdis-[a-z0-9_]+\\.so) was successful");

    /** The hsdis file the VM loaded, from its -Xlog:os output, or null. */
    private static String loadedPlugin(Path osLog) {
        try {
            String loaded = null;
            for (String line : Files.readAllLines(osLog)) {
                java.util.regex.Matcher m = LOADED.matcher(line);
                if (m.find()) {
                    loaded = m.group(1);
                }
            }
            return loaded;
        } catch (IOException e) {
            return null;
        }
    }

    /** Why the VM printed hex: a file it loaded first that is not a usable plugin, or none found. */
    private static String pluginTrouble(Path osLog) {
        String loaded = loadedPlugin(osLog);
        if (loaded == null) {
            return "the VM found no hsdis plugin on its search path (java.home/lib/server, java.home/lib, LD_LIBRARY_PATH)";
        }
        return "the VM loaded " + loaded + " first, which it cannot use (no decode_instructions_virtual: a stale or"
                + " foreign hsdis shadowing the pack's; remove it, or `make hsdis-install` into lib/server)";
    }

    /** The launcher options that decide whether deep reflection may write a final field (JEP 500, JDK 26). */
    static final List<String> FINAL_FIELD_OPTIONS = List.of("--illegal-final-field-mutation", "--enable-final-field-mutation");

    /**
     * The newest release whose default for deep reflection's writes to finals is known: JEP 500 (26) made it "warn",
     * writes allowed with a warning, and 27 and 28 keep it. Up to this release a refusal no option asks for is not a
     * changed default.
     */
    public static final int FINAL_FIELD_DEFAULT_KNOWN_UP_TO = 28;

    /**
     * {@code pack.finalFieldMutation}: whether code on the class path may write a final instance field through
     * deep reflection ({@code Field.setInt} after {@code setAccessible(true)}): {@code allowed} (up to 25 always;
     * from 26 by default, with a warning, JEP 500) or {@code denied} ({@code --illegal-final-field-mutation=deny},
     * also through JDK_JAVA_OPTIONS, without {@code --enable-final-field-mutation}). The probe's child (a VM with the
     * user's options) tries it; a refusal that no option explains, on a release whose default is known to allow it,
     * is no precondition of the user's: the value stays {@code allowed} (the cause says what the child saw), so that
     * a test that writes a final runs and fails on it, where a HotSpot that refuses the write (Reflection::new_field
     * marking every final trusted) would otherwise turn the test into a finding. After that release, the child's
     * answer decides: a later default may deny. Without WhiteBox's child, from the options alone. Its cause names the
     * options above when the user gave one.
     */
    private void finalFieldMutation(List<String> options) {
        FinalFieldMutation decided = finalFieldMutation(lastRun == null ? null : lastRun.fact("finalFieldMutation"), options,
                System.getenv("JDK_JAVA_OPTIONS"), Runtime.version().feature());
        String value = decided.value();
        String reason = decided.reason();
        List<String> given = decided.given();
        put("pack.finalFieldMutation", value, reason + (given.isEmpty() ? "" : "; the options: " + String.join(" ", given)));
        flagsOf.put("pack.finalFieldMutation", List.of());
        launcherOptionsOf.put("pack.finalFieldMutation", given.isEmpty() ? List.of(FINAL_FIELD_OPTIONS.get(0)) : given);
        launcherOptionsSet.put("pack.finalFieldMutation", !given.isEmpty());
    }

    /** pack.finalFieldMutation's value, its cause's text, and the options of FINAL_FIELD_OPTIONS the user gave. */
    public record FinalFieldMutation(String value, String reason, List<String> given) {
    }

    /**
     * pack.finalFieldMutation from what the probe's child answered when it tried ({@code tried}: "allowed", "denied: "
     * and the VM's reason, or null without a WhiteBox child), the user's options and JDK_JAVA_OPTIONS, on this release
     * (the method above says how).
     */
    public static FinalFieldMutation finalFieldMutation(String tried, List<String> options, String jdkJavaOptions, int feature) {
        List<String> all = new ArrayList<>(options);
        if (jdkJavaOptions != null && !jdkJavaOptions.isBlank()) {
            all.addAll(List.of(jdkJavaOptions.trim().split("\\s+")));
        }
        List<String> given = new ArrayList<>();
        for (String option : all) {
            for (String name : FINAL_FIELD_OPTIONS) {
                if (option.startsWith(name + "=") || option.contains(" " + name + "=")) {
                    given.add(option);
                }
            }
        }
        boolean optionsDeny = given.stream().anyMatch(o -> o.contains("--illegal-final-field-mutation=deny"))
                && given.stream().noneMatch(o -> o.contains("--enable-final-field-mutation="));
        if (tried != null && !tried.startsWith("allowed") && !optionsDeny && feature <= FINAL_FIELD_DEFAULT_KNOWN_UP_TO) {
            return new FinalFieldMutation("allowed", "JDK " + feature + " allows it by default (JEP 500) and no option denies it, yet"
                    + " the probe's child could not write a final field through deep reflection (" + tried.substring("denied: ".length())
                    + "): the tests that write one run and show it", given);
        }
        if (tried != null) {
            return new FinalFieldMutation(tried.startsWith("allowed") ? "allowed" : "denied", tried.equals("allowed")
                    ? "the probe's child wrote a final field through deep reflection"
                    : "the probe's child could not write a final field through deep reflection (" + tried.substring("denied: ".length()) + ")", given);
        }
        return new FinalFieldMutation(optionsDeny ? "denied" : "allowed", "from the options alone (no WhiteBox child): "
                + (given.isEmpty() ? "none of " + FINAL_FIELD_OPTIONS : String.join(" ", given)), given);
    }

    /**
     * {@code pack.cpu.extensions}: the CPU's ISA extensions as the kernel lists them, whether the VM uses them or not,
     * each between commas ({@code ,i,m,a,...,zicond,zacas,}): on riscv64 the isa line of /proc/cpuinfo
     * ({@code rv64imafdcbv_zic64b_..._zicond_...}: its single letters and each name after an underscore); empty
     * elsewhere. {@code pack.cpu.features} is what the VM uses, and on riscv64 that follows its Use* flags: a test
     * that turns on a flag the VM does not check against the CPU (UseZicond) requires the extension here.
     */
    private void cpuExtensions(String isa) {
        if (!isa.equals("riscv64")) {
            put("pack.cpu.extensions", "", "the probe reads a CPU's extensions from /proc/cpuinfo on riscv64 only");
            return;
        }
        String line = null;
        try {
            line = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.matches("isa\\s*:.*")).findFirst().orElse(null);
        } catch (IOException | RuntimeException e) {
            put("pack.cpu.extensions", "", "/proc/cpuinfo unreadable: " + e);
            return;
        }
        put("pack.cpu.extensions", riscvExtensions(line), line == null ? "/proc/cpuinfo has no isa line" : "/proc/cpuinfo: " + line.trim().replaceAll("\\s+", " "));
    }

    /** {@code isa : rv64imafdc_zicond_zacas} as {@code ,i,m,a,f,d,c,zicond,zacas,}; "," without a line. */
    public static String riscvExtensions(String isaLine) {
        StringBuilder sb = new StringBuilder(",");
        if (isaLine == null) {
            return sb.toString();
        }
        String[] parts = isaLine.substring(isaLine.indexOf(':') + 1).trim().toLowerCase(java.util.Locale.ROOT).split("_");
        for (char letter : parts[0].replaceFirst("^rv(32|64|128)", "").toCharArray()) {
            sb.append(letter).append(',');
        }
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isBlank()) {
                sb.append(parts[i].trim()).append(',');
            }
        }
        return sb.toString();
    }

    /**
     * {@code pack.cmov}: whether C2 matches its CMove nodes to a conditional move or select of the ISA, here. RISC-V
     * has one only with the Zicond extension (czero.eqz, czero.nez), which C2 uses under UseZicond: a diagnostic flag,
     * off by default in 25 and 28-ea, that the VM does not check against the CPU (measured: 25.0.5 accepts
     * -XX:+UseZicond on a CPU without Zicond). So on riscv64 the value is UseZicond as the probe's child has it (the
     * user's options, diagnostic flags unlocked), and the CPU's Zicond ({@code pack.cpu.extensions}); without either
     * C2's CMove is a branch over one mv (HotSpot's riscv.ad, enc_cmove). True on the other ISAs (s390x: a CMove of
     * two registers; Op.CMOV says why one of an immediate is not asserted there).
     */
    private void cmov(String isa) {
        if (!isa.equals("riscv64")) {
            put("pack.cmov", "true", "C2 matches CMove to " + isa + "'s conditional move or select");
            put("pack.zicondFlag", "false", "UseZicond is a flag of riscv64's port only");
            return;
        }
        String zicond = hasFlag("UseZicond") ? flag("UseZicond") : lastRun == null ? null : lastRun.fact("UseZicond");
        // A variant that sets -XX:+UseZicond needs a VM that has the flag: riscv64's JDK 21 has none ("Unrecognized VM option").
        put("pack.zicondFlag", String.valueOf(zicond != null && !zicond.equals("none")), zicond == null
                ? "cannot tell without WhiteBox whether this VM has UseZicond" : zicond.equals("none")
                ? "this VM has no UseZicond flag" : "this VM has UseZicond (" + zicond + ")");
        boolean cpu = props.getOrDefault("pack.cpu.extensions", "").contains(",zicond,");
        String branch = "C2's CMove on riscv64 is then a branch over one mv (HotSpot's riscv.ad, enc_cmove)";
        if (zicond == null || zicond.equals("none")) {
            put("pack.cmov", "false", (zicond == null ? "cannot tell without WhiteBox whether UseZicond is on" : "this VM has no"
                    + " UseZicond flag") + ": " + branch);
        } else if (!zicond.equals("true")) {
            put("pack.cmov", "false", "UseZicond is off (-XX:-UseZicond; a diagnostic flag, off by default in 25 and 28-ea): "
                    + branch + "; -XX:+UnlockDiagnosticVMOptions -XX:+UseZicond on a CPU with Zicond gives czero.eqz and czero.nez");
        } else if (!cpu) {
            put("pack.cmov", "false", "the CPU has no Zicond (pack.cpu.extensions), so C2 may not use czero.eqz and czero.nez"
                    + " although -XX:+UseZicond is given (the VM does not check it): " + branch);
        } else {
            put("pack.cmov", "true", "-XX:+UseZicond on a CPU with Zicond: C2 selects with czero.eqz and czero.nez");
        }
    }

    // properties decided by launcher options (not -XX flags): the options read, and whether the user gave them
    private final Map<String, List<String>> launcherOptionsOf = new LinkedHashMap<>();
    private final Map<String, Boolean> launcherOptionsSet = new LinkedHashMap<>();

    /**
     * The configuration tests state as preconditions: how methods get compiled, and the object layout and
     * locking modes the VM runs with, all read from the VM's flags under the tests' VM options.
     */
    private void configuration() {
        String info = flags.vmInfo();
        String mode = info.contains("compiled mode") ? "comp" : info.contains("interpreted mode") ? "int" : "mixed";
        put("pack.compmode", mode, "java.vm.info=" + info);
        put("pack.profiled", Boolean.toString(mode.equals("mixed")), mode.equals("mixed")
                ? "methods run in the interpreter (and C1), which resolve their constant pools and gather a profile, before C2 compiles them"
                : mode.equals("comp") ? "-Xcomp: every method is compiled at its first call, before it ran: no profile, constant pool entries unresolved"
                : System.getProperty("java.vm.name", "").contains("Zero") ? "Zero has no JIT: nothing is compiled, so nothing is profiled for C2"
                : "-Xint: nothing is compiled, so nothing is profiled for C2");
        put("pack.tiered", String.valueOf(flagIs("TieredCompilation", "true")), "-XX:" + flagText("TieredCompilation"));
        put("pack.coops", String.valueOf(flagIs("UseCompressedOops", "true")), "-XX:" + flagText("UseCompressedOops"));
        put("pack.ccp", String.valueOf(compressedClassPointers()), hasFlag("UseCompressedClassPointers") ? "-XX:" + flagText("UseCompressedClassPointers")
                : "no UseCompressedClassPointers flag (removed in JDK 27, JDK-8363996): class pointers are always compressed"
                + (flagIs("UseCompactObjectHeaders", "true") ? ", here inside the compact header's mark word" : ""));
        // memory (#23): the heap's size, its place and the object alignment decide the compressed-oops mode
        String sized = chosenFlags("MaxHeapSize", "InitialHeapSize", "MinHeapSize");
        put("pack.heapSizeUnset", Boolean.toString(sized.isEmpty()), sized.isEmpty()
                ? "no VM option sets the heap's size: the VM chose it (a test may then pick its own)" : "the VM options set " + sized);
        String placed = chosenFlags("HeapBaseMinAddress");
        put("pack.heapBaseUnset", Boolean.toString(placed.isEmpty()), placed.isEmpty()
                ? "no VM option sets HeapBaseMinAddress: the VM places the heap where decoding is cheapest" : "the VM options set " + placed);
        put("pack.objectAlignment", hasFlag("ObjectAlignmentInBytes") ? flag("ObjectAlignmentInBytes") : "8",
                "-XX:" + flagText("ObjectAlignmentInBytes"));
        put("pack.compactHeaders", String.valueOf(flagIs("UseCompactObjectHeaders", "true")),
                hasFlag("UseCompactObjectHeaders") ? "-XX:" + flagText("UseCompactObjectHeaders") + (chosenFlags("UseCompactObjectHeaders").isEmpty()
                        ? " (this JDK's default; on by default since JDK 27, JEP 534)" : " (set by the VM options)") : "this JDK has no compact object headers");
        put("pack.freqInlineSize", hasFlag("FreqInlineSize") ? flag("FreqInlineSize") : "0", hasFlag("FreqInlineSize")
                ? "-XX:" + flagText("FreqInlineSize") + " (C2 inlines a hot callee up to this many bytes of bytecode; 325 on x86_64,"
                        + " AArch64 and riscv64, 175 on ppc64le and s390x in 25 and 325 there in 28-ea)" : "no C2 flags in this VM");
        put("pack.countedLoopSafepoints", String.valueOf(flagIs("UseCountedLoopSafepoints", "true")),
                hasFlag("UseCountedLoopSafepoints") ? "-XX:" + flagText("UseCountedLoopSafepoints")
                        + " (C2 polls inside counted loops only with it on; its default follows the collector)" : "no C2 flags in this VM");
        put("pack.loopStripMining", String.valueOf(flagIs("UseCountedLoopSafepoints", "true") && hasFlag("LoopStripMiningIter")
                && Long.parseLong(flag("LoopStripMiningIter")) > 1), hasFlag("LoopStripMiningIter") ? "-XX:" + flagText("LoopStripMiningIter")
                        + " with -XX:" + flagText("UseCountedLoopSafepoints") + " (C2 strip-mines a counted loop, polling once per strip of"
                        + " this many iterations, only with both on and more than 1; the default follows the collector)" : "no C2 flags in this VM");
        put("pack.fpuSpilling", String.valueOf(flagIs("UseFPUForSpilling", "true")),
                hasFlag("UseFPUForSpilling") ? "-XX:" + flagText("UseFPUForSpilling")
                        + " (C2 spills to FP registers only with it on; its default follows the CPU)" : "no C2 flags in this VM");
        put("pack.zeroTlab", String.valueOf(flagIs("ZeroTLAB", "true")), "-XX:" + flagText("ZeroTLAB")
                + " (with it on, a TLAB is zeroed when it is handed out, and compiled allocations skip their own zeroing)");
        put("pack.osr", String.valueOf(flagIs("UseOnStackReplacement", "true")), "-XX:" + flagText("UseOnStackReplacement")
                + " (a running loop moves into compiled code only with it on)");
        String locking;
        String lockingWhy;
        if (hasFlag("LockingMode")) {
            locking = switch (flag("LockingMode")) {
                case "0" -> "monitor";
                case "1" -> "legacy";
                default -> "lightweight";
            };
            lockingWhy = "-XX:LockingMode=" + flag("LockingMode");
        } else if (Runtime.version().feature() < 21) {
            locking = hasFlag("UseHeavyMonitors") && flagIs("UseHeavyMonitors", "true") ? "monitor" : "legacy";
            lockingWhy = "JDK " + Runtime.version().feature() + " has stack locking (no LockingMode flag)";
        } else if (Runtime.version().feature() < 23) {
            locking = "legacy";
            lockingWhy = "JDK " + Runtime.version().feature() + ": LockingMode is experimental and not unlocked, so it has its default, 1 (stack locking)";
        } else {
            locking = "lightweight";
            lockingWhy = "no LockingMode flag (obsolete in JDK 26, gone in 27): lightweight locking is the only fast path of this JDK";
        }
        put("pack.locking", locking, lockingWhy);
        // JDK 21 and 22 have LockingMode as an experimental flag, which the MXBean shows only once unlocked; a
        // control that sets it unlocks it itself, so there the flag exists all the same.
        boolean lockingModeFlag = hasFlag("LockingMode") || Runtime.version().feature() == 21 || Runtime.version().feature() == 22;
        put("pack.lockingModeFlag", String.valueOf(lockingModeFlag), hasFlag("LockingMode")
                ? "-XX:" + flagText("LockingMode") : lockingModeFlag ? "LockingMode is experimental on JDK "
                + Runtime.version().feature() + " (not unlocked)" : "this JDK has no LockingMode flag");
        put("pack.biasedLockingFlag", String.valueOf(hasFlag("UseBiasedLocking")), hasFlag("UseBiasedLocking")
                ? "-XX:" + flagText("UseBiasedLocking") : "this JDK has no UseBiasedLocking flag (removed in 18)");
    }

    /**
     * Whether object headers hold a compressed class pointer: the flag's value where it exists; since JDK 27 the
     * flag is gone and the pointer always compressed (with compact headers, inside the mark word).
     */
    private boolean compressedClassPointers() {
        return hasFlag("UseCompressedClassPointers") ? flagIs("UseCompressedClassPointers", "true") : Runtime.version().feature() >= 27;
    }

    /**
     * Each property's cause ({@link Cause}): its key (platform, default, options), the words for it and the flags
     * it was read from. A flag the user set, or a value that the plain VM (without the user's options; null when
     * there are none) does not have, makes it the options'.
     */
    private Map<String, String[]> causes(List<String> options, Map<String, String> plain) {
        Map<String, String[]> causes = new LinkedHashMap<>();
        for (String key : why.keySet()) {
            List<String> read = flagsOf.getOrDefault(key, List.of());
            List<String> userSet = new ArrayList<>();
            for (String flag : read) {
                if (flags.userSet(flag)) {
                    userSet.add(flag);
                }
            }
            if (launcherOptionsOf.containsKey(key)) {   // read from launcher options: given by the user, or the default
                List<String> launcher = launcherOptionsOf.get(key);
                String words = String.join(" ", launcher);
                Cause cause = Cause.decide(key, props.get(key), launcher, launcherOptionsSet.get(key) ? launcher : List.of(), null);
                causes.put(key, new String[] {cause.key(), cause == Cause.OPTIONS ? cause.words() + ": " + words
                        : cause == Cause.DEFAULT ? cause.words() + " (none of " + FINAL_FIELD_OPTIONS + " given)" : cause.words(), words});
                continue;
            }
            String mine = key.equals("pack.c2") ? String.valueOf(c2ByFlags()) : key.equals("pack.c1") ? String.valueOf(c1ByFlags()) : props.get(key);
            String other = plain == null ? null : plain.get(key);
            Cause cause = Cause.decide(key, mine, read, userSet, other);
            String words = switch (cause) {
                case OPTIONS -> !userSet.isEmpty() ? cause.words() + ": " + texts(userSet)
                        : other != null && !other.equals(mine) ? cause.words() + " (" + String.join(" ", options) + "): without them " + key + "=" + other
                        : "not set by " + cause.words();   // a property about the options, which leave it as it is without them
                case DEFAULT -> cause.words() + ": " + texts(read);
                case PLATFORM -> cause.words();
            };
            causes.put(key, new String[] {cause.key(), words, texts(read)});
        }
        return causes;
    }

    private String texts(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            sb.append(sb.length() == 0 ? "" : " ").append(flags.text(name));
        }
        return sb.toString();
    }

    /** The user's options as the probe VM got them: jtreg's -vmoptions and -javaoptions, and the launcher's variables. */
    private static List<String> userOptions() {
        List<String> options = new ArrayList<>(ChildVm.jtregOptions());
        for (String variable : LAUNCHER_VARIABLES) {
            String v = System.getenv(variable);
            if (v != null && !v.isBlank()) {
                options.add(variable + "=" + v.trim());
            }
        }
        return options;
    }

    private static final List<String> LAUNCHER_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");
    private String withoutOptionsWhy = "not needed: no user options";

    /**
     * A VM of the same JDK started without the user's options ({@code java -XX:+PrintFlagsFinal -version}, 0.05 to
     * 0.1 s, while this VM runs its WhiteBox child): the properties its flags decide (the collector, the
     * configuration) and whether they allow C2 and C1, computed by the same code as this VM's.
     */
    private final class PlainVm {
        private final long started = System.nanoTime();
        private final List<String> command = new ArrayList<>(List.of(ChildVm.javaLauncher().toString()));
        private final Path out = ChildVm.workFile("probe-defaults", ".out");
        private Process process;

        PlainVm() {
            for (String unlock : List.of("UnlockDiagnosticVMOptions", "UnlockExperimentalVMOptions")) {
                if (flags.userSet(unlock) && flags.value(unlock).equals("true")) {
                    command.add("-XX:+" + unlock);   // the same flags visible as here; no value changes
                }
            }
            command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
            flags.taken();   // the unlock flags read here decide no property
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
            pb.environment().keySet().removeAll(LAUNCHER_VARIABLES);
            try {
                process = pb.start();
            } catch (IOException e) {
                withoutOptionsWhy = "failed: " + command + ": " + e.getMessage();
            }
        }

        /** Its values, or null when it did not run (then a flag the user set is the only sign of the options). */
        Map<String, String> values() {
            if (process == null) {
                return null;
            }
            try {
                long limit = (long) (60 * Math.max(1, Double.parseDouble(System.getProperty("test.timeout.factor", "1"))));
                if (!process.waitFor(limit, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    withoutOptionsWhy = "failed: " + command + " did not finish within " + limit + " s";
                    return null;
                }
                String text = Files.readString(out);
                if (process.exitValue() != 0) {
                    withoutOptionsWhy = "failed: " + command + " exited with " + process.exitValue() + ": " + text.lines().findFirst().orElse("");
                    return null;
                }
                Probe plain = new Probe(Flags.parse(text));
                plain.collector();
                plain.configuration();
                Map<String, String> values = new LinkedHashMap<>(plain.props);
                values.put("pack.c2", String.valueOf(plain.c2ByFlags()));
                values.put("pack.c1", String.valueOf(plain.c1ByFlags()));
                withoutOptionsWhy = String.join(" ", command) + " (read " + (System.nanoTime() - started) / 1_000_000 + " ms after its start, the WhiteBox child ran meanwhile)";
                return values;
            } catch (IOException | RuntimeException e) {
                withoutOptionsWhy = "failed: " + command + ": " + e;
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    /**
     * {@code pack.cpu}: the CPU as the VM saw it, for failures and the report: the model (qemu's {@code -cpu} under
     * emulation, else /proc/cpuinfo's model name or, on AArch64, its implementer and part), HotSpot's own reading of it
     * (the part of WhiteBox.getCPUFeatures before the feature names: x86_64's family, model and stepping, AArch64's
     * implementer:variant:part:revision), and the vector settings the VM chose (UseSSE, UseAVX, UseSVE, MaxVectorSize, those
     * it has). E.g. {@code Intel(R) Xeon(R) Processor; family 6 model 207 stepping 2; UseSSE=4 UseAVX=3 MaxVectorSize=64}.
     */
    public static String cpuDescription(String emulator, String features, String cpuinfoModel, java.util.function.UnaryOperator<String> flags) {
        Matcher m = emulator == null ? null : Pattern.compile("-cpu (\\S+)").matcher(emulator);
        String model = m != null && m.find() ? "qemu -cpu " + m.group(1) : cpuinfoModel;
        String hotspot = features == null || !features.contains(",") ? "" : features.replaceAll("\\([^)]*\\)", "").split(",")[0].trim();
        if (!hotspot.matches(".*\\d.*")) {
            hotspot = "";   // the first item is a feature name: this VM prints no model
        }
        StringBuilder vector = new StringBuilder();
        for (String f : List.of("UseSSE", "UseAVX", "UseSVE", "MaxVectorSize")) {
            String v = flags.apply(f);
            if (v != null) {
                vector.append(vector.length() == 0 ? "" : " ").append(f).append('=').append(v);
            }
        }
        return String.join("; ", java.util.stream.Stream.of(model, hotspot, vector.toString()).filter(x -> !x.isEmpty()).toList());
    }

    private static String cpuinfoModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            String named = field(lines, "model name");
            if (named != null) {
                return named;
            }
            String implementer = field(lines, "CPU implementer");
            return implementer == null ? "" : "implementer " + implementer + " part " + field(lines, "CPU part");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String field(List<String> lines, String name) {
        return lines.stream().filter(l -> l.startsWith(name)).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
    }

    /**
     * The VM's feature names, lowercase, each between commas ({@code ,cmov,sse2,avx2,}) so that a test can
     * require one with {@code pack.cpu.features ~= ".*,avx2,.*"}; the VM's prefix about cores and the CPU model
     * (x86_64) is left out. riscv64's VM separates its names with spaces ({@code rv64 rvi rvm ... zba zbb}).
     */
    public static String cpuFeatures(String vm) {
        StringBuilder sb = new StringBuilder(",");
        for (String item : vm.toLowerCase(java.util.Locale.ROOT).replaceAll("\\([^)]*\\)", "").split(vm.contains(",") ? "," : "\\s+")) {
            String f = item.trim();
            if (f.matches("[a-z0-9_.]+")) {
                sb.append(f).append(',');
            }
        }
        return sb.toString();
    }

    private boolean flagIs(String name, String value) {
        return hasFlag(name) && value.equals(flag(name));
    }

    private String flagText(String name) {
        if (!hasFlag(name)) {
            return name + " does not exist in this VM";
        }
        String v = flag(name);
        return v.equals("true") ? "+" + name : v.equals("false") ? "-" + name : name + "=" + v;
    }

    /** The VM's reason from a failed compile request: the part after "...: it is not compiled; ". */
    private static String reason(String failure) {
        int at = failure.lastIndexOf("; ");
        return at < 0 ? failure : failure.substring(at + 2);
    }

    private boolean hasFlag(String name) {
        return flags.has(name);
    }

    private String flag(String name) {
        return flags.value(name);
    }

    private boolean c2ByFlags() {
        return onByFlags(Compiler.C2);
    }

    private boolean c1ByFlags() {
        return onByFlags(Compiler.C1);
    }

    /** Whether this VM's flags have the compiler built in and switched on (Compiler, the same rules as the child's). */
    private boolean onByFlags(Compiler compiler) {
        return flagReason(compiler) == null;
    }

    /** Why this VM's flags leave the compiler out (not built, or switched off by a flag), or null when they have it on. */
    private String flagReason(Compiler compiler) {
        java.util.function.Function<String, String> flag = name -> hasFlag(name) ? flag(name) : null;
        String missing = compiler.missing(flag, System.getProperty("java.vm.name", ""), null);
        if (missing != null) {
            return missing;
        }
        String off = compiler.switchedOffBy(flag, flags.vmInfo());
        return off == null ? null : "switched off by " + off;
    }

    private String gc() {
        for (String[] g : new String[][] {{"UseSerialGC", "serial"}, {"UseParallelGC", "parallel"}, {"UseG1GC", "g1"},
                {"UseZGC", "z"}, {"UseShenandoahGC", "shenandoah"}, {"UseEpsilonGC", "epsilon"}}) {
            if (hasFlag(g[0]) && "true".equals(flag(g[0]))) {
                return g[1];
            }
        }
        return "other";
    }

    /**
     * The collectors built into this VM, as {@code ,serial,parallel,g1,...,} (comma on both sides, for
     * {@code pack.gcs ~= ".*,shenandoah,.*"}). A collector's own flags exist only in a build that has it, so a
     * collector counts when the VM knows either of two of them; a control that selects a collector requires it.
     */
    private String builtCollectors() {
        StringBuilder sb = new StringBuilder(",serial,parallel,");
        for (String[] g : new String[][] {{"g1", "G1HeapRegionSize", "G1ConcRefinementThreads"},
                {"z", "ZUncommitDelay", "ZCollectionInterval"}, {"shenandoah", "ShenandoahGCMode", "ShenandoahGCHeuristics"},
                {"epsilon", "EpsilonPrintHeapSteps", "EpsilonElasticTLAB"}}) {
            if (hasFlag(g[1]) || hasFlag(g[2])) {
                sb.append(g[0]).append(',');
            }
        }
        return sb.toString();
    }

    /** The collector flag the VM options set (not the VM's default or ergonomic choice), or null. */
    private String gcChosen() {
        for (String g : new String[] {"UseSerialGC", "UseParallelGC", "UseG1GC", "UseZGC", "UseShenandoahGC", "UseEpsilonGC"}) {
            if (hasFlag(g) && "true".equals(flag(g)) && flags.userSet(g)) {
                return g;
            }
        }
        return null;
    }

    /** Those of the flags the VM options set (not the VM's default or ergonomic choice), as -XX:Name=value, space separated. */
    private String chosenFlags(String... names) {
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            if (hasFlag(name) && flags.userSet(name)) {
                sb.append(sb.length() == 0 ? "" : " ").append("-XX:").append(name).append('=').append(flag(name));
            }
        }
        return sb.toString();
    }

    /** The host's transparent huge page mode (always, madvise, never), or none where the kernel has no THP. */
    private static String thpMode() {
        try {
            Matcher m = Pattern.compile("\\[(\\w+)\\]").matcher(Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")));
            return m.find() ? m.group(1) : "none";
        } catch (IOException e) {
            return "none";
        }
    }

    private void writeReport(Map<String, String[]> causes, long millis) {
        String file = System.getenv("PACK_PROBE_REPORT");
        if (file == null || file.isBlank()) {
            return;
        }
        StringBuilder sb = new StringBuilder();
        props.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        why.forEach((k, v) -> sb.append(k).append(".why=").append(v.replace('\n', ' ')).append('\n'));
        causes.forEach((k, c) -> sb.append(k).append(".cause=").append(c[0]).append('\n')
                .append(k).append(".cause.why=").append(c[1]).append('\n')
                .append(k).append(".flags=").append(c[2]).append('\n'));
        sb.append("probe.options=").append(String.join(" ", userOptions())).append('\n');
        sb.append("probe.withoutOptions=").append(withoutOptionsWhy).append('\n');
        sb.append("probe.millis=").append(millis).append('\n');
        try {
            Path p = Path.of(file);
            if (p.getParent() != null) {
                Files.createDirectories(p.getParent());
            }
            Files.writeString(p, sb.toString());
        } catch (IOException e) {
            System.err.println("probe: cannot write " + file + ": " + e.getMessage());
        }
    }

    /** The probe's child: one tiny method compiled at C2 and one at C1, both printed. */
    public static final class ProbeChild {
        static int sink;

        /** A blank final, which deep reflection may write (if the VM options allow it: JEP 500, JDK 26). */
        static final class Blank {
            final int value;

            Blank() {
                value = 1;
            }
        }

        /** "allowed", or "denied: " and the VM's reason. */
        static String finalFieldMutation() {
            try {
                java.lang.reflect.Field f = Blank.class.getDeclaredField("value");
                f.setAccessible(true);
                f.setInt(new Blank(), 2);
                return "allowed";
            } catch (ReflectiveOperationException | RuntimeException e) {
                return "denied: " + e;
            }
        }

        /** A flag's value as this VM (diagnostic flags unlocked) has it, or "none". */
        static String flagValue(String name) {
            try {
                return java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                        .getVMOption(name).getValue();
            } catch (IllegalArgumentException e) {
                return "none";
            }
        }

        static int tiny(int a, int b) {
            return a * 31 + b;
        }

        static int tinyForC1(int a, int b) {
            return a * 17 + b;
        }

        public static final class Workload {
            public static void main(String[] args) {
                sink = tiny(1, 2) + tinyForC1(3, 4);
                Facts.record("cpu.features", jdk.test.whitebox.WhiteBox.getWhiteBox().getCPUFeatures());
                Facts.record("finalFieldMutation", finalFieldMutation());
                Facts.record("UseZicond", flagValue("UseZicond"));
                // the facts Compiler decides from: the build's compilers and the final flags under the user's options,
                // read before the probe compiles (a full code cache turns UseCompiler off later, by the VM itself)
                jdk.test.whitebox.WhiteBox wb = jdk.test.whitebox.WhiteBox.getWhiteBox();
                for (String name : Compiler.FLAGS) {
                    Object v = wb.getVMFlag(name);
                    Facts.record("flag." + name, v == null ? "none" : String.valueOf(v));
                }
                String hasC2;
                try {
                    hasC2 = String.valueOf(wb.hasC2());
                } catch (RuntimeException | LinkageError e) {
                    hasC2 = "unknown";
                }
                Facts.record("hasC2", hasC2);
                Facts.record("vm.info", System.getProperty("java.vm.info", ""));
                boolean emulated = args.length > 0 && args[0].equals("emulated");
                attempt(Compiler.C2, "tiny", emulated);
                attempt(Compiler.C1, "tinyForC1", emulated);
            }

            /**
             * Compiles the method at the compiler's level and records {@code c2} / {@code c1}; when that fails, what
             * the VM says of the method, read from the VM and not from the message's words: {@code .gaveUp} (marked
             * not compilable at that level: a bailout), {@code .queued} (still in the compile queue), {@code .why}.
             * A request still queued is awaited, bounded by the runtime, not by a clock of ours: on the hardware the
             * child polls until the queue serves it (a queue never served is a child that does not finish, which
             * the probe's limit cuts and the probe reports as a stop); under an emulator it stays bounded by
             * Jit.compile's 30 s, and a request still queued then is a skip with its reason, as before issue 40.
             */
            static void attempt(Compiler compiler, String name, boolean emulated) {
                String key = compiler.name().toLowerCase(java.util.Locale.ROOT);
                java.lang.reflect.Method m = Jit.method(ProbeChild.class, name, int.class, int.class);
                try {
                    Jit.compile(m, compiler.level());
                    Facts.record(key, true);
                    Facts.record(key + ".why", "compiled");
                    Facts.record(key + ".gaveUp", false);
                    Facts.record(key + ".queued", false);
                } catch (IllegalStateException e) {
                    jdk.test.whitebox.WhiteBox wb = jdk.test.whitebox.WhiteBox.getWhiteBox();
                    while (!emulated && wb.isMethodQueuedForCompilation(m)) {
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException stop) {
                            Thread.currentThread().interrupt();
                            break;
                        }
                    }
                    Facts.record(key, wb.isMethodCompiled(m) && wb.getMethodCompilationLevel(m) == compiler.level());
                    Facts.record(key + ".why", e.getMessage());
                    Facts.record(key + ".gaveUp", !wb.isMethodCompilable(m, compiler.level()));
                    Facts.record(key + ".queued", wb.isMethodQueuedForCompilation(m));
                }
            }
        }
    }
}
