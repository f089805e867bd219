package anatomy.probe;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a probe property's value comes from in a run, and so what a test that needs another value has met.
 *
 * <p>A test skipped because of the {@link #PLATFORM} (this release, this ISA, this host, the pack's tools) is
 * not about this platform; one skipped because of the user's {@link #OPTIONS} (VM_OPTIONS, JAVA_OPTIONS) ran
 * in a configuration the user chose. Both are skips. But a claim that needs another value than this JDK's
 * {@link #DEFAULT} (a flag's default or an ergonomic choice that no user option touched) has met a JDK whose
 * defaults changed, or differ here: that is a finding (make/tools/run/Summary.java), never an anonymous skip.
 */
public enum Cause {
    PLATFORM("the platform"),
    DEFAULT("this JDK's default"),
    OPTIONS("your options");

    private final String words;

    Cause(String words) {
        this.words = words;
    }

    /** The words a reason uses: "the platform", "this JDK's default", "your options". */
    public String words() {
        return words;
    }

    /** The value of the probe report's {@code <property>.cause}: platform, default, options. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The cause a report's {@code <property>.cause} names; PLATFORM when it names none (an older report). */
    public static Cause ofKey(String key) {
        for (Cause c : values()) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        return PLATFORM;
    }

    /**
     * What each property describes when no user option decides it: the one table of the pack that says which
     * skips can be findings. PLATFORM: a test that needs another value is about another platform (a JDK range it
     * declares, an ISA, an emulator, a VM build without C2, a missing tool). DEFAULT: a choice the JDK makes by
     * itself, which a release may change (JDK 28 turned UseFPUForSpilling off on this machine's CPU, JDK 28
     * turned compact object headers on). OPTIONS: a property that describes the user's options themselves. A
     * new probe property gets a row here (lib/test/FindingTest.java fails, naming it, until it has one).
     */
    static final Map<String, Cause> KIND = kinds(
            "pack.jdk", PLATFORM,                 // the release: a range a test declares is about releases
            "pack.isa", PLATFORM,
            "pack.syncBeforeVolatileLoad", PLATFORM,  // the port's memory model (HotSpot's PPC port)
            "pack.emulated", PLATFORM,
            "pack.thp", PLATFORM,                 // the host kernel's setting
            "pack.cpu.features", PLATFORM,        // the CPU
            "pack.cpu", PLATFORM,                 // its model, as the VM saw it (failures and the report name it)
            "pack.cpu.extensions", PLATFORM,
            "pack.gcs", PLATFORM,                 // the collectors the VM build has (s390x: no Z, no Shenandoah)
            // a port's conditional move: riscv64's needs Zicond and UseZicond, a diagnostic flag (the port's state,
            // not an ergonomic choice): a test that needs it skips with the port's reason
            "pack.cmov", PLATFORM,
            "pack.whitebox", PLATFORM,            // the pack's tools
            "pack.hsdis", PLATFORM,
            "pack.javac", PLATFORM,               // the image's modules: a runtime image has no jdk.compiler
            "pack.c2", PLATFORM,                  // the VM build's compilers (Zero, a client VM)
            "pack.c1", PLATFORM,
            "pack.compmode", PLATFORM,            // a JIT VM runs mixed unless -Xcomp/-Xint; Zero interprets
            "pack.profiled", PLATFORM,
            "pack.lockingModeFlag", PLATFORM,     // whether the release has the flag
            "pack.biasedLockingFlag", PLATFORM,
            "pack.zicondFlag", PLATFORM,          // riscv64's UseZicond: not in its JDK 21
            "pack.gc", DEFAULT,                   // the collector the JDK selects on this machine
            "pack.tiered", DEFAULT,
            "pack.osr", DEFAULT,
            "pack.coops", DEFAULT,                // the object layout, when not decided by -Xmx & co.
            "pack.ccp", DEFAULT,
            "pack.compactHeaders", DEFAULT,
            "pack.objectAlignment", DEFAULT,
            "pack.locking", DEFAULT,
            "pack.countedLoopSafepoints", DEFAULT,
            "pack.loopStripMining", DEFAULT,
            "pack.fpuSpilling", DEFAULT,
            "pack.freqInlineSize", DEFAULT,       // C2's inlining budget for hot callees, per port and release
            "pack.zeroTlab", DEFAULT,
            "pack.finalFieldMutation", DEFAULT,   // deep reflection's writes to finals: allowed to 25, warned from 26 (JEP 500)
            "pack.gcChosen", OPTIONS,             // whether the user's options select a collector
            "pack.heapSizeUnset", OPTIONS,        // whether they leave the heap's size to the VM
            "pack.heapBaseUnset", OPTIONS);       // and its place (HeapBaseMinAddress)

    private static Map<String, Cause> kinds(Object... rows) {
        Map<String, Cause> m = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            m.put((String) rows[i], (Cause) rows[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** The kind of a property (the table above); PLATFORM for one not in it, which can then never be a finding. */
    public static Cause kindOf(String property) {
        return KIND.getOrDefault(property, PLATFORM);
    }

    /** The properties the table classifies. */
    public static Map<String, Cause> kinds() {
        return KIND;
    }

    /**
     * The cause of a property's value in a run: OPTIONS when it describes the options, when the user set a flag
     * it was read from, or when a VM without the user's options has another value ({@code withoutOptions}, null
     * when not known: no options were given, or the VM cannot tell); else DEFAULT for a DEFAULT property read
     * from a flag of this VM; else PLATFORM (a property of the platform, or one this JDK has no flag for).
     */
    public static Cause decide(String property, String value, List<String> flagsRead, List<String> flagsUserSet, String withoutOptions) {
        Cause kind = kindOf(property);
        if (kind == OPTIONS || (kind == DEFAULT && !flagsUserSet.isEmpty())) {
            return OPTIONS;
        }
        if (withoutOptions != null && !withoutOptions.equals(value)) {
            return OPTIONS;
        }
        return kind == DEFAULT && !flagsRead.isEmpty() ? DEFAULT : PLATFORM;
    }
}
