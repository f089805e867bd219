package anatomy;

import anatomy.capture.ChildVm;
import anatomy.capture.Disassembly;
import anatomy.capture.Facts;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.ClassHistogram;
import anatomy.model.CompilationLog;
import anatomy.model.ConstantPool;
import anatomy.model.NMethod;
import anatomy.model.NativeMemory;
import anatomy.model.ParseException;
import anatomy.model.Smaps;
import anatomy.model.StringTable;
import anatomy.model.UnifiedLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One finished child VM of a test: the code it printed, its compilation log, its unified log, and the facts
 * and reports it recorded. Tests obtain one from {@link Jit#run} and ask it for compiled code (by exact
 * method), method states, measurements and runtime evidence.
 */
public final class Run {
    private final Class<?> testClass;
    private final ChildVm.Output output;
    private final Path logFile;
    private final Path vmLogFile;
    private final Facts facts;
    private final Isa isa;
    private final Disassembly disassembly;
    private List<NMethod> nmethods;
    private CompilationLog log;

    Run(Class<?> testClass, ChildVm.Output output, Path logFile, Path vmLogFile, Facts facts, Isa isa, Disassembly disassembly) {
        this.testClass = testClass;
        this.output = output;
        this.logFile = logFile;
        this.vmLogFile = vmLogFile;
        this.facts = facts;
        this.isa = isa;
        this.disassembly = disassembly;
    }

    /**
     * A child's run read back from what it left (its stdout, its facts file, its compilation log), to judge again
     * what was recorded: the library's unit tests replay recordings, and a retained run can be re-read by hand.
     */
    public static Run replay(Class<?> testClass, Path stdout, Path facts, Path compilationLog) {
        return replay(testClass, stdout, facts, compilationLog, false);
    }

    /**
     * As {@link #replay}, for a recording of the pack's own plugin made before it signed its text (the library's
     * fixtures): text that is not the VM's hex is read as printed.
     */
    public static Run replayUnsigned(Class<?> testClass, Path stdout, Path facts, Path compilationLog) {
        return replay(testClass, stdout, facts, compilationLog, true);
    }

    private static Run replay(Class<?> testClass, Path stdout, Path facts, Path compilationLog, boolean unsigned) {
        Facts recorded = Facts.read(facts);
        Isa isa = Isa.ofOsArch(recorded.last("os.arch"));
        ChildVm.Output output = new ChildVm.Output(List.of(), 0, stdout, stdout);
        String printed = output.stdoutText();
        Disassembly code = unsigned && !anatomy.capture.OfflineDecoder.hasHexCode(printed)
                ? new Disassembly(Disassembly.Mode.PLUGIN, printed, "the pack's plugin (a recording from before it signed)")
                : Disassembly.of(printed, isa, anatomy.capture.CodeBytes.read(recorded));
        return new Run(testClass, output, compilationLog, compilationLog.resolveSibling("no-vm-log"), recorded, isa, code);
    }

    /**
     * What this run's configuration says about registers the vocabulary reads as values (x86_64's r12: zero only with
     * zero-based compressed references), from how the child VM set up compressed references (the zero-based reading
     * for a recording that has no such fact).
     */
    public anatomy.isa.Registers registers() {
        List<String> mode = facts.all(anatomy.capture.ChildMain.COMPRESSED_OOPS);
        return anatomy.isa.Registers.ofCompressedOops(mode.isEmpty() ? null : mode.get(mode.size() - 1));
    }

    /**
     * Every name the child VM gave its compressed-oops mode, in order: its log's (gc+heap+coops, gc+init: {@link
     * UnifiedLog#compressedOopsNames}, as far as the test logged them) and the system property java.vm.compressedOopsMode's.
     */
    public List<String> compressedOopsNames() {
        List<String> names = new ArrayList<>(vmLog().compressedOopsNames());
        names.add(facts.last(anatomy.capture.ChildMain.COMPRESSED_OOPS_MODE_PROPERTY));
        return names;
    }

    public Class<?> testClass() {
        return testClass;
    }

    public Isa isa() {
        return isa;
    }

    /** The full version of the JDK under test, e.g. {@code 25.0.3+9-LTS}. */
    public String jdk() {
        return facts.last("java.runtime.version");
    }

    /** How the code was disassembled: by the plugin in the VM, offline, or not at all. */
    public Disassembly.Mode disassemblyMode() {
        return disassembly.mode();
    }

    /** {@link #disassemblyMode} in words, with the decoder's path or where one was looked for. */
    public String disassembly() {
        return disassembly.detail();
    }

    public List<NMethod> nmethods() {
        if (nmethods == null) {
            nmethods = AssemblyParser.parse(disassembly.text(), output.stdout().toString());
        }
        return nmethods;
    }

    public CompilationLog log() {
        if (log == null) {
            log = CompilationLog.read(logFile);
        }
        return log;
    }

    /** The unified log of the test's own {@code -Xlog:<selection>} flags (empty when it gave none). */
    public UnifiedLog vmLog() {
        return UnifiedLog.parse(Files.exists(vmLogFile) ? read(vmLogFile) : "");
    }

    /** The C2 code of the test class's method of that (unique) name, from its last {@link Jit#compileAtC2}. */
    public Compiled c2(String method) {
        return c2(Jit.method(testClass, method));
    }

    /** The C2 code of the method's {@code nth} (0-based) {@link Jit#compileAtC2}. */
    public Compiled c2(String method, int nth) {
        return compiled(Jit.method(testClass, method), Jit.C2, nth);
    }

    /** The C2 code of any method (a nested class's, an overload) from its last {@link Jit#compileAtC2}. */
    public Compiled c2(Method method) {
        return compiled(method, Jit.C2, -1);
    }

    /** The C1 code of the method from its last {@link Jit#compileAtC1}. */
    public Compiled c1(Method method) {
        return compiled(method, Jit.C1, -1);
    }

    /**
     * The code printed for a compile the child requested at that level, found by compile id; fails unless it is
     * the method asked for and the compiler and level the request named (level 4 is C2; 1 to 3 are C1).
     */
    private Compiled compiled(Method method, int level, int nth) {
        String id = Jit.id(method);
        List<String> ids = facts.all(Jit.compileKey(method, level));
        int index = nth < 0 ? ids.size() - 1 : nth;
        if (index < 0 || index >= ids.size()) {
            throw new IllegalArgumentException("the child compiled " + id + " at level " + level + " " + ids.size()
                    + " times" + (nth < 0 ? "" : ", not " + (nth + 1)) + " (request compiles with Jit.compileAt"
                    + (level == Jit.C2 ? "C2" : "C1") + ")");
        }
        int compileId = Integer.parseInt(ids.get(index));
        String printedName = method.getDeclaringClass().getName() + "::" + method.getName();
        for (NMethod n : nmethods()) {
            if (n.compileId() == compileId) {
                String compiler = level == Jit.C2 ? "c2" : "c1";
                boolean levelOk = n.level() == level || (n.level() < 0 && level == Jit.C2);
                if (!n.method().equals(printedName) || !n.compiler().equals(compiler) || !levelOk) {
                    throw new AssertionError(context(new Failure()
                            .fact("expected", compiler + " code (level " + level + ") of " + id + ", compile id " + compileId)
                            .fact("but was", n.describe())).error().getMessage());
                }
                return new Compiled(n, this);
            }
        }
        throw new AssertionError(context(new Failure()
                .fact("expected", "printed code for compile id " + compileId + " of " + id)
                .fact("but was", "not printed; printed were " + nmethods())).error().getMessage());
    }

    /** The last value the child recorded under the key (see {@code anatomy.capture.Facts}). */
    public String fact(String key) {
        return facts.last(key);
    }

    /**
     * The compile ids of the compiles the child requested for the method (its {@link Jit#id}) at the level, in
     * request order; empty if it requested none.
     */
    List<Integer> requestedCompiles(String methodId, int level) {
        return facts.all("compile:" + level + ":" + methodId).stream().map(Integer::parseInt).toList();
    }

    /** What the child recorded with {@link Jit#snapshot} under this label. */
    public MethodState state(String label) {
        String[] v = facts.last("state:" + label).split(",");
        return new MethodState(label, v[0], Boolean.parseBoolean(v[1]), Integer.parseInt(v[2]), Integer.parseInt(v[3]), this);
    }

    /** What the child recorded with {@link Jit#measure} under this key. */
    public Measure measure(String key) {
        return new Measure(key, Double.parseDouble(facts.last("measure:" + key)), this);
    }

    /**
     * A number the driver read from the run's evidence (its unified log, a histogram, an NMT summary), to assert
     * like a measurement: {@code assertThat(run.measured("heap page", pageSize)).isAtLeast(2 << 20)}.
     */
    public Measure measured(String what, double value) {
        return new Measure(what, value, this);
    }


    /**
     * How many references to the field ({@code Owner.name}) the constant pool of a class file the run wrote holds:
     * javac adds one for each field the class reads, none for a constant variable it inlined.
     */
    public Measure fieldReferences(Path classFile, String field) {
        try {
            long n = ConstantPool.of(Files.readAllBytes(classFile), classFile.toString()).countRefs(field);
            return new Measure("references to " + field + " in " + classFile.getFileName() + "'s constant pool", n, this);
        } catch (IOException e) {
            throw new UncheckedIOException("the run left no class file " + classFile, e);
        }
    }

    /** The class histogram the child recorded with {@link Vm#recordClassHistogram} under this label. */
    public ClassHistogram classHistogram(String label) {
        return ClassHistogram.parse(report("histogram", label), label);
    }

    /**
     * The NMT summary the child VM printed at its exit (run with {@code -XX:NativeMemoryTracking=summary
     * -XX:+PrintNMTStatistics}), or empty where it tracked no native memory. The VM's own report, where asking for it
     * through the DiagnosticCommand MBean cost the child some 0.17 s of CPU (the platform MBean server).
     */
    public Optional<NativeMemory> nativeMemoryAtExit() {
        return NativeMemory.atExit(output.stdoutText(), output.stdout().toString());
    }

    /** The string table statistics the child recorded with {@link Vm#recordStringTable} under this label. */
    public StringTable stringTable(String label) {
        String text = report("stringtable", label);
        return StringTable.parse(text).orElseThrow(() -> new ParseException(label, 0, "no string table statistics: " + text));
    }

    /** The mappings the child recorded with {@link Vm#recordSmaps} under this label. */
    public Smaps smaps(String label) {
        return Smaps.parse(report("smaps", label), label);
    }

    private String report(String kind, String label) {
        return read(Path.of(facts.last(Vm.reportKey(kind, label))));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The options the child VM reports it ran with (its RuntimeMXBean input arguments), in order. */
    public List<String> vmOptions() {
        return facts.all(Facts.VM_OPTION);
    }

    /** The facts common to every failure: where, on what, with which options, and the files to look at. */
    Failure context(Failure f) {
        f.fact("isa", isa.label())
         .fact("cpu", Jit.probeProperty("pack.cpu") == null ? "(not probed)" : Jit.probeProperty("pack.cpu"))
         .fact("jdk", jdk())
         .fact("vm options", vmOptions().isEmpty() ? "(not reported)" : String.join(" ", vmOptions()))
         .fact("disassembly", disassembly.detail());
        List<String> controls = new ArrayList<>();
        for (NegativeControl c : testClass.getAnnotationsByType(NegativeControl.class)) {
            controls.add(c.flags() + "  (kills " + Jit.killed(c) + (c.requires().isEmpty() ? "" : ", where " + c.requires())
                    + ": " + c.why() + ")");
        }
        f.fact("negative control", controls.isEmpty() ? "(none declared)" : String.join("\n", controls));
        f.fact("output", output.stdout() + " (log " + logFile + (Files.exists(logFile) ? "" : ", missing") + ")");
        if (Files.exists(vmLogFile)) {
            f.fact("vm log", vmLogFile);
        }
        return f;
    }
}
