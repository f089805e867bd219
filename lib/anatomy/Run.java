package anatomy;

import anatomy.capture.ChildVm;
import anatomy.capture.Facts;
import anatomy.capture.Hsdis;
import anatomy.capture.OfflineDecoder;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.CompilationLog;
import anatomy.model.NMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One finished child VM of a test: the code it printed, its compilation log, and the facts it recorded.
 * Tests obtain one from {@link Jit#run} and ask it for compiled code, method states and measurements.
 */
public final class Run {
    private final Class<?> testClass;
    private final ChildVm.Output output;
    private final Path logFile;
    private final Facts facts;
    private final Isa isa;
    private final String disassembly;
    private final List<NMethod> nmethods;
    private CompilationLog log;

    Run(Class<?> testClass, ChildVm.Output output, Path logFile, Facts facts) {
        this.testClass = testClass;
        this.output = output;
        this.logFile = logFile;
        this.facts = facts;
        this.isa = Isa.ofOsArch(facts.last("os.arch"));
        String text = output.stdoutText();
        String mode = "hsdis plugin loaded by the VM";
        if (OfflineDecoder.hasHexCode(text)) {
            Path decoder = Hsdis.decoder();
            if (decoder != null) {
                text = new OfflineDecoder(decoder, isa).decode(text);
                mode = "offline: the VM printed hex (no usable plugin), decoded by " + decoder;
            } else {
                mode = "none: the VM printed hex and no hsdis-decode was found (" + Hsdis.whereLooked() + ")";
            }
        }
        this.disassembly = mode;
        this.nmethods = AssemblyParser.parse(text, output.stdout().toString());
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

    /** How the code was disassembled: by the plugin in the VM, offline, or not at all (and why). */
    public String disassembly() {
        return disassembly;
    }

    public List<NMethod> nmethods() {
        return nmethods;
    }

    public CompilationLog log() {
        if (log == null) {
            log = CompilationLog.read(logFile);
        }
        return log;
    }

    /** The C2 code of the method's last compile requested through {@link Jit#compileAtC2}. */
    public Compiled c2(String method) {
        List<String> ids = facts.all("compile:" + method);
        return c2(method, ids.isEmpty() ? -1 : ids.size() - 1);
    }

    /**
     * The C2 code of the method's {@code nth} (0-based) compile requested through {@link Jit#compileAtC2}; with
     * no request recorded, the last C2 code printed for it.
     */
    public Compiled c2(String method, int nth) {
        List<String> ids = facts.all("compile:" + method);
        if (nth >= 0 && nth < ids.size()) {
            int id = Integer.parseInt(ids.get(nth));
            for (NMethod n : nmethods) {
                if (n.compileId() == id && n.methodName().equals(method)) {
                    return new Compiled(n, this);
                }
            }
            throw new AssertionError(new Failure()
                    .fact("expected", "printed code for compile id " + id + " of " + method)
                    .fact("but was", "not printed; printed were " + nmethods)
                    .fact("stdout", output.stdout()).error().getMessage());
        }
        if (nth >= 0) {
            throw new IllegalArgumentException("the child compiled " + method + " " + ids.size() + " times, not " + (nth + 1));
        }
        NMethod last = null;
        for (NMethod n : nmethods) {
            if (n.methodName().equals(method) && n.compiler().equals("c2") && !n.isOsr()) {
                last = n;
            }
        }
        if (last == null) {
            throw new AssertionError(new Failure()
                    .fact("expected", "C2 code of " + method)
                    .fact("but was", "no C2 compile of it was printed; printed were " + nmethods)
                    .fact("stdout", output.stdout()).error().getMessage());
        }
        return new Compiled(last, this);
    }

    /** The last value the child recorded under the key (see {@code anatomy.capture.Facts}). */
    public String fact(String key) {
        return facts.last(key);
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

    /** The facts common to every failure: where, on what, with which options, and the files to look at. */
    Failure context(Failure f) {
        f.fact("isa", isa.label())
         .fact("jdk", jdk())
         .fact("vm options", String.join(" ", ChildVm.jtregOptions()).isEmpty() ? "(none)" : String.join(" ", ChildVm.jtregOptions()))
         .fact("disassembly", disassembly);
        List<String> controls = new ArrayList<>();
        for (NegativeControl c : testClass.getAnnotationsByType(NegativeControl.class)) {
            controls.add(c.flags() + "  (kills " + c.kills() + ": " + c.why() + ")");
        }
        f.fact("negative control", controls.isEmpty() ? "(none declared)" : String.join("\n", controls));
        f.fact("output", output.stdout() + " (log " + logFile + (Files.exists(logFile) ? "" : ", missing") + ")");
        return f;
    }
}
