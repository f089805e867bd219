package anatomy.probe;

import java.util.List;
import java.util.function.Function;

/**
 * One of HotSpot's two JIT compilers as the probe judges it: whether this VM build has it, whether the VM's flags
 * switch it off, and, when it is there and on, whether it compiled the probe's two-line method. A compiler that is
 * built in and switched on yet installs no code is a broken build, not a platform: were it a property, every test
 * that needs it would skip and the run would exit 0 (issue 40). All of it is decided here, from facts alone, so
 * that lib/test/CompilerDecisionTest.java can try every case.
 *
 * <p>"Switched off" is read from the VM's final flag values, as the VM holds them under the user's options (the
 * probe's child reads them through WhiteBox before it compiles anything), never from the options' text: any
 * spelling of an option that turns a compiler off is seen, and so is one that sets it through ergonomics
 * ({@code -Xint} makes UseCompiler false, {@code -XX:TieredStopAtLevel=0} does too).
 */
public enum Compiler {
    C2(4, "EliminateAllocations", "C2 product"),
    C1(1, "C1ProfileCalls", "C1 product");

    /** The flags {@link #switchedOffBy} reads; the probe's child records each as {@code flag.<name>}. */
    public static final List<String> FLAGS = List.of("UseCompiler", "TieredCompilation", "TieredStopAtLevel", "CompilationMode",
            "UseJVMCICompiler", C2.marker, C1.marker);

    private final int level;
    private final String marker;   // a product flag that exists only in a VM built with this compiler (17 to 28)
    private final String markerKind;

    Compiler(int level, String marker, String markerKind) {
        this.level = level;
        this.marker = marker;
        this.markerKind = markerKind;
    }

    /** The WhiteBox compilation level this compiler compiles at: 4 for C2, 1 (no profiling) for C1. */
    public int level() {
        return level;
    }

    /** The probe property: pack.c2, pack.c1. */
    public String property() {
        return "pack." + name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Why this VM build has no such compiler, or null when it has one: a VM of the Zero port (no JIT at all), a VM
     * without the compiler's own flags ({@code {C2 product}} EliminateAllocations, {@code {C1 product}}
     * C1ProfileCalls: a client VM has no C2, a server VM built without C1 has no C1), or, for C2, WhiteBox saying the
     * build has no C2 ({@code hasC2}; null when not asked). {@code flag}: a flag's final value, null when the VM has
     * no such flag.
     */
    public String missing(Function<String, String> flag, String vmName, Boolean whiteBoxHasC2) {
        if (vmName != null && vmName.contains("Zero")) {
            return "this VM has no JIT compiler (Zero, the interpreter-only VM: " + vmName + ")";
        }
        if (flag.apply(marker) == null) {
            return "this VM has no " + this + " (no " + markerKind + " flags: no " + marker + ")";
        }
        if (this == C2 && Boolean.FALSE.equals(whiteBoxHasC2)) {
            return "this VM has no C2 (WhiteBox: the build does not include it)";
        }
        return null;
    }

    /**
     * The final flag value that switches this compiler off in a VM built with it, as an option would set it, or null
     * when the flags leave it on. Both: {@code -XX:-UseCompiler} (also -Xint, -XX:TieredStopAtLevel=0); C2: with
     * tiered compilation, a TieredStopAtLevel of 1 to 3, {@code CompilationMode=quick-only}, or a JVMCI compiler
     * taking level 4 ({@code -XX:+UseJVMCICompiler}, up to JDK 26); C1: tiered compilation off in a VM that has C2
     * (C2 alone), {@code CompilationMode=high-only} or {@code high-only-quick-internal}. {@code vmInfo} is
     * java.vm.info: "interpreted mode" under -Xint, and "emulated-client" under JDK 17's
     * {@code -XX:+NeverActAsServerClassMachine}, which keeps C2 out while every flag read here keeps its default
     * (measured on Debian's 17.0.15).
     */
    public String switchedOffBy(Function<String, String> flag, String vmInfo) {
        if (vmInfo != null && vmInfo.contains("interpreted")) {
            return "-Xint (java.vm.info: " + vmInfo + ")";
        }
        if ("false".equals(flag.apply("UseCompiler"))) {
            return "-XX:-UseCompiler";
        }
        if (this == C2 && vmInfo != null && vmInfo.contains("emulated-client")) {
            // JDK 17's -XX:+NeverActAsServerClassMachine: C1 alone, with every flag above at its default value
            return "client emulation (java.vm.info: " + vmInfo + "; -XX:+NeverActAsServerClassMachine)";
        }
        boolean tiered = "true".equals(flag.apply("TieredCompilation"));
        String stop = flag.apply("TieredStopAtLevel");
        String mode = flag.apply("CompilationMode");
        if (this == C2) {
            if (tiered && stop != null && Long.parseLong(stop) < level) {
                return "-XX:TieredStopAtLevel=" + stop;
            }
            if ("quick-only".equals(mode)) {
                return "-XX:CompilationMode=" + mode;
            }
            if ("true".equals(flag.apply("UseJVMCICompiler"))) {
                return "-XX:+UseJVMCICompiler (a JVMCI compiler, not C2, compiles at level 4)";
            }
            return null;
        }
        if (!tiered && flag.apply(C2.marker) != null) {
            return "-XX:-TieredCompilation (C2 alone)";
        }
        if (tiered && stop != null && Long.parseLong(stop) < level) {
            return "-XX:TieredStopAtLevel=" + stop;
        }
        if (mode != null && mode.startsWith("high-only")) {
            return "-XX:CompilationMode=" + mode;
        }
        return null;
    }

    /**
     * What the probe's child found about this compiler. {@code missing} and {@code offBy} as {@link #missing} and
     * {@link #switchedOffBy} give them; {@code compiled}: the method is installed at this compiler's level;
     * {@code gaveUp}: the VM marked it not compilable at that level (a bailout); {@code queued}: the request was still
     * in the compile queue when the child stopped waiting (natively it waits until the queue serves it; under an
     * emulator 30 s); {@code why}: the VM's account of a compile that did not happen; {@code emulator}: null on the
     * hardware; {@code flags}: the final values read, as text; {@code options}: the user's options, as text.
     */
    public record Facts(String missing, String offBy, boolean compiled, boolean gaveUp, boolean queued, String why,
                        String emulator, String flags, String options) {
    }

    /** The property's value and reason; or {@code stop}, the run's failure, when the compiler is broken (then the rest is unused). */
    public record Decision(boolean available, String reason, String stop) {
    }

    /**
     * The decision. Not built, or switched off by the flags: not available (the property's cause, the platform, the
     * JDK's defaults or the user's options, is told apart elsewhere by Cause). Built, on and the method compiled:
     * available. Built and on, and the request still queued under an emulator: not available, with that reason (a
     * slow emulator is no evidence of a broken compiler; as before issue 40). Any other way of not compiling (gave
     * the method up, finished without installing code or marking it, a queue never served on the hardware): the run
     * stops, whatever the user's options, since none of them switched the compiler off.
     */
    public Decision decide(Facts f) {
        if (f.missing() != null) {
            return new Decision(false, this + " not available: " + f.missing(), null);
        }
        if (f.offBy() != null) {
            return new Decision(false, this + " not available: switched off by " + f.offBy(), null);
        }
        if (f.compiled()) {
            return new Decision(true, "compiled a method at level " + level, null);
        }
        if (f.queued() && f.emulator() != null) {
            return new Decision(false, this + " not available: the request is still queued under " + f.emulator()
                    + " (a slow emulator, not a broken " + this + "): " + f.why(), null);
        }
        String how = f.queued() ? "the request was never served (still queued)"
                : f.gaveUp() ? "it gave the method up (the VM marked it not compilable at level " + level + ")"
                : "the compile ended without installing code, and without marking the method not compilable";
        return new Decision(false, null, "the probe's VM has " + this + " (" + markerKind + " flags present) and its flags leave it on ("
                + f.flags() + (f.options() == null || f.options().isBlank() ? ", no user options" : ", under your options: " + f.options())
                + "), yet " + this + " did not compile the probe's two-line method: " + how + "; the VM's account: " + f.why()
                + (f.emulator() != null ? "; under " + f.emulator() : "") + "; no " + this + " test can be judged on this JDK");
    }

    /** The final values of the flags {@link #switchedOffBy} reads, as options would set them ("-XX:+UseCompiler ..."). */
    public static String flagsText(Function<String, String> flag) {
        StringBuilder sb = new StringBuilder();
        for (String name : List.of("UseCompiler", "TieredCompilation", "TieredStopAtLevel", "CompilationMode", "UseJVMCICompiler")) {
            String v = flag.apply(name);
            if (v != null) {
                sb.append(sb.length() == 0 ? "" : " ").append(v.equals("true") ? "-XX:+" + name : v.equals("false") ? "-XX:-" + name : "-XX:" + name + "=" + v);
            }
        }
        return sb.toString();
    }
}
