package jdk.test.whitebox;

import java.lang.reflect.Executable;
import java.util.Objects;

/**
 * The pack's binding to HotSpot's WhiteBox testing API: ask the JIT to compile, deoptimize or not inline a
 * method, read what it produced, read VM flags, and trigger garbage collections.
 *
 * <p><b>Starting a VM that can use it.</b> HotSpot binds the WhiteBox natives only to a class named
 * {@code jdk.test.whitebox.WhiteBox} that the boot loader loaded, and only when the diagnostic flag
 * {@code WhiteBoxAPI} is on:
 * <pre>
 *   java -Xbootclasspath/a:&lt;dir&gt; -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI ...
 * </pre>
 * where {@code <dir>} holds {@code jdk/test/whitebox/WhiteBox.class} and its nested classes
 * ({@code WhiteBox$*.class}) and nothing else of the pack. In a jtreg test:
 * <pre>
 *   &#64;library /lib
 *   &#64;build jdk.test.whitebox.WhiteBox jdk.test.whitebox.BootClassPathInstaller
 *   &#64;run driver jdk.test.whitebox.BootClassPathInstaller
 *   &#64;run main/othervm -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI MyTest
 * </pre>
 * {@link #getWhiteBox()} fails with an {@link IllegalStateException} naming what is missing otherwise.
 *
 * <p><b>Versions.</b> Written against the native tables of HotSpot 17.0.x and 25.0.x. The VM registers each
 * native of its own table that this class declares; a method of this class whose native the running VM does
 * not have throws {@link UnsupportedOperationException} naming the method and the running JDK (for example
 * {@link #getMethodTrapCount(Executable)} on JDK 17), rather than an {@link UnsatisfiedLinkError}. A few
 * public methods <em>are</em> the VM's natives (their names and descriptors are fixed by the VM); every JDK
 * from 17 to 25 has them.
 *
 * <p><b>Any JDK build.</b> The class declares only the natives the pack calls. At registration HotSpot prints
 * one line to standard output, {@code Warning: 'NoSuchMethodError' on register of ...}, for each native of its
 * own table that this class does not declare; those lines are harmless, differ between update releases and
 * vendors, and the pack's readers of child output ignore them. A native this class declares that the running
 * VM lacks stays unbound, and calling it fails with an exception that names it (see above).
 *
 * <p>This is an independent implementation written for this pack from the VM's native table (names,
 * descriptors and behaviour); it shares no code with the WhiteBox class of the OpenJDK test library.
 */
public final class WhiteBox {

    /** Compilation levels as HotSpot numbers them ({@code CompLevel}). */
    public static final int COMP_LEVEL_ANY = -1;
    public static final int COMP_LEVEL_NONE = 0;
    public static final int COMP_LEVEL_SIMPLE = 1;
    public static final int COMP_LEVEL_LIMITED_PROFILE = 2;
    public static final int COMP_LEVEL_FULL_PROFILE = 3;
    public static final int COMP_LEVEL_FULL_OPTIMIZATION = 4;

    /** The bytecode index HotSpot uses for a normal (non-OSR) method entry. */
    private static final int INVOCATION_ENTRY_BCI = -1;

    private static final String VM_FLAGS = "-XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI";

    private static WhiteBox instance;

    private WhiteBox() {
    }

    /** Binds the natives of the class it is called on; a no-op unless the class is boot-loaded and WhiteBoxAPI is on. */
    private static native void registerNatives();

    /**
     * The WhiteBox of this VM.
     *
     * @throws IllegalStateException if this class was not loaded from the boot class path, or the VM was not
     *         started with {@code -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI}
     */
    public static synchronized WhiteBox getWhiteBox() {
        if (instance == null) {
            instance = bind();
        }
        return instance;
    }

    private static WhiteBox bind() {
        ClassLoader loader = WhiteBox.class.getClassLoader();
        if (loader != null) {
            var source = WhiteBox.class.getProtectionDomain().getCodeSource();
            throw new IllegalStateException("jdk.test.whitebox.WhiteBox was loaded by " + loader
                    + (source == null ? "" : " from " + source.getLocation())
                    + ", but HotSpot binds the WhiteBox natives only to the class loaded by the boot loader."
                    + " Start the VM with -Xbootclasspath/a:<dir> " + VM_FLAGS + ", where <dir> holds"
                    + " jdk/test/whitebox/WhiteBox.class and its nested classes (in jtreg: @run driver"
                    + " jdk.test.whitebox.BootClassPathInstaller, then -Xbootclasspath/a:.)");
        }
        try {
            registerNatives();
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException("this VM (" + System.getProperty("java.vm.name") + " "
                    + Runtime.version() + ") has no WhiteBox API: " + e.getMessage(), e);
        }
        WhiteBox wb = new WhiteBox();
        try {
            wb.getHeapOopSize();
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException("the WhiteBox API is not enabled: jdk.test.whitebox.WhiteBox is on the"
                    + " boot class path but the VM bound none of its natives; start the VM with " + VM_FLAGS, e);
        }
        return wb;
    }

    // ---------------------------------------------------------------------------------------------------
    // Unavailable methods

    private static String jdkVersion() {
        StringBuilder sb = new StringBuilder();
        for (Integer part : Runtime.version().version()) {
            if (sb.length() > 0) {
                sb.append('.');
            }
            sb.append(part);
        }
        return sb.toString();
    }

    /**
     * The exception for a call whose native the running VM did not register.
     *
     * @param method the public method's name
     * @param since the first JDK feature release whose VM has the native, or 0 if it is in every JDK this
     *        class was written for
     */
    private static UnsupportedOperationException unavailable(String method, int since, UnsatisfiedLinkError e) {
        String why = since > 0 ? " (added in JDK " + since + ")" : " (its native is not registered by this VM)";
        UnsupportedOperationException u = new UnsupportedOperationException(
                "WhiteBox." + method + " is not available in JDK " + jdkVersion() + why);
        u.initCause(e);
        return u;
    }

    // ---------------------------------------------------------------------------------------------------
    // Compilation

    /**
     * Asks the compiler of {@code level} to compile {@code method} for normal entry. Without background
     * compilation ({@code -Xbatch}) the call returns after the compilation has finished; otherwise it
     * returns once the task is queued.
     *
     * @return whether the request was accepted: the method was compiled, or queued when compiling in the
     *         background. The VM prints a {@code WB error: ...} line to standard output when it was not.
     */
    public boolean enqueueMethodForCompilation(Executable method, int level) {
        return enqueueMethodForCompilation(method, level, INVOCATION_ENTRY_BCI);
    }

    /** As {@link #enqueueMethodForCompilation(Executable, int)}, for an OSR compilation entering at {@code entryBci}. */
    public boolean enqueueMethodForCompilation(Executable method, int level, int entryBci) {
        Objects.requireNonNull(method, "method");
        try {
            return enqueueMethodForCompilation0(method, level, entryBci);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("enqueueMethodForCompilation", 0, e);
        }
    }

    /** Whether {@code method} has installed, entrant (not marked for deoptimization) normal-entry code. */
    public boolean isMethodCompiled(Executable method) {
        return isMethodCompiled(method, false);
    }

    /** As {@link #isMethodCompiled(Executable)}; with {@code osr}, asks about OSR code instead. */
    public boolean isMethodCompiled(Executable method, boolean osr) {
        Objects.requireNonNull(method, "method");
        try {
            return isMethodCompiled0(method, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("isMethodCompiled", 0, e);
        }
    }

    /** The level of {@code method}'s installed normal-entry code, or {@link #COMP_LEVEL_NONE} if there is none. */
    public int getMethodCompilationLevel(Executable method) {
        return getMethodCompilationLevel(method, false);
    }

    /** As {@link #getMethodCompilationLevel(Executable)}; with {@code osr}, for OSR code instead. */
    public int getMethodCompilationLevel(Executable method, boolean osr) {
        Objects.requireNonNull(method, "method");
        try {
            return getMethodCompilationLevel0(method, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getMethodCompilationLevel", 0, e);
        }
    }

    /** Whether a compilation task for {@code method} is waiting in, or being worked on from, a compile queue. */
    public boolean isMethodQueuedForCompilation(Executable method) {
        Objects.requireNonNull(method, "method");
        try {
            return isMethodQueuedForCompilation0(method);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("isMethodQueuedForCompilation", 0, e);
        }
    }

    /**
     * Whether {@code method} may still be compiled at {@code level} ({@link #COMP_LEVEL_ANY}: by some
     * compiler): false once it was made not compilable, excluded by a compiler directive, or {@code level} is
     * above the highest level this VM compiles at.
     */
    public boolean isMethodCompilable(Executable method, int level) {
        return isMethodCompilable(method, level, false);
    }

    /** As {@link #isMethodCompilable(Executable, int)}; with {@code osr}, for OSR compilation. */
    public boolean isMethodCompilable(Executable method, int level, boolean osr) {
        Objects.requireNonNull(method, "method");
        try {
            return isMethodCompilable0(method, level, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("isMethodCompilable", 0, e);
        }
    }

    /**
     * Makes {@code method}'s normal-entry code not entrant and deoptimizes its activations.
     *
     * @return the number of compiled methods (nmethods) the VM marked; at least 1 if the method had such code
     */
    public int deoptimizeMethod(Executable method) {
        return deoptimizeMethod(method, false);
    }

    /**
     * As {@link #deoptimizeMethod(Executable)}; with {@code osr}, deoptimizes its OSR code instead.
     *
     * <p>Either way the VM also marks the compiled code it records as depending on the method. In JDK 25
     * (not 17) that includes the method's own normal-entry code, so {@code deoptimizeMethod(m, true)}
     * invalidates it too, without counting it.
     */
    public int deoptimizeMethod(Executable method, boolean osr) {
        Objects.requireNonNull(method, "method");
        try {
            return deoptimizeMethod0(method, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("deoptimizeMethod", 0, e);
        }
    }

    /**
     * The CPU features the VM detected and uses, as it names them (e.g. {@code "cx8, cmov, ..., avx2, ..."} on
     * x86_64, {@code "fp, asimd, ..., lse"} on AArch64). (The VM's own native.)
     */
    public native String getCPUFeatures();

    /** Marks all compiled code of the VM for deoptimization and deoptimizes it. (The VM's own native.) */
    public native void deoptimizeAll();

    /**
     * Resets {@code method}'s profile (its MethodData, if any) and invocation counters, and clears the
     * not-compilable marks of both compilers.
     */
    public void clearMethodState(Executable method) {
        Objects.requireNonNull(method, "method");
        try {
            clearMethodState0(method);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("clearMethodState", 0, e);
        }
    }

    /** Forbids compiling {@code method} at {@code level} ({@link #COMP_LEVEL_ANY}: at every level). */
    public void makeMethodNotCompilable(Executable method, int level) {
        makeMethodNotCompilable(method, level, false);
    }

    /** As {@link #makeMethodNotCompilable(Executable, int)}; with {@code osr}, forbids OSR compilation only. */
    public void makeMethodNotCompilable(Executable method, int level, boolean osr) {
        Objects.requireNonNull(method, "method");
        try {
            makeMethodNotCompilable0(method, level, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("makeMethodNotCompilable", 0, e);
        }
    }

    /**
     * Sets or clears {@code method}'s dont-inline mark, which the compilers honour when deciding to inline it
     * into a caller compiled afterwards.
     *
     * @return the previous value of the mark
     */
    public boolean testSetDontInlineMethod(Executable method, boolean value) {
        Objects.requireNonNull(method, "method");
        try {
            return testSetDontInlineMethod0(method, value);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("testSetDontInlineMethod", 0, e);
        }
    }

    /**
     * Sets or clears {@code method}'s force-inline mark (as if it were annotated {@code @ForceInline}).
     *
     * @return the previous value of the mark
     */
    public boolean testSetForceInlineMethod(Executable method, boolean value) {
        Objects.requireNonNull(method, "method");
        try {
            return testSetForceInlineMethod0(method, value);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("testSetForceInlineMethod", 0, e);
        }
    }

    /** {@code getNMethod(method, false)}. */
    public NMethodInfo getNMethod(Executable method) {
        return getNMethod(method, false);
    }

    /**
     * What the VM says of {@code method}'s installed compiled code: its normal-entry code, or with
     * {@code osr} its OSR code (entering at any bytecode index); null if there is none.
     */
    public NMethodInfo getNMethod(Executable method, boolean osr) {
        Objects.requireNonNull(method, "method");
        Object[] raw;
        try {
            raw = getNMethod0(method, osr);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getNMethod", 0, e);
        }
        return raw == null ? null : NMethodInfo.fromVm(raw);
    }

    /**
     * The number of tasks in the compile queue of the compiler for {@code level} ({@link #COMP_LEVEL_ANY}:
     * C1's and C2's queues together). (The VM's own native.)
     */
    public native int getCompileQueueSize(int level);

    /** The number of tasks waiting in the C1 and C2 compile queues together. */
    public int getCompileQueuesSize() {
        return getCompileQueueSize(COMP_LEVEL_ANY);
    }

    /**
     * Whether this VM was built with C2 (up to JDK 26: with C2 or JVMCI). Says nothing of whether the running VM
     * uses it: see {@code TieredStopAtLevel}, {@code UseCompiler}, {@code -Xint}. The VM's native is
     * {@code isC2OrJVMCIIncluded} up to JDK 26 and {@code isC2Included} from 27, where JVMCI was removed
     * (JDK-8382582); whichever this VM registered answers.
     */
    public boolean hasC2() {
        try {
            return isC2Included();
        } catch (UnsatisfiedLinkError newName) {
            try {
                return isC2OrJVMCIIncluded();
            } catch (UnsatisfiedLinkError e) {
                throw unavailable("hasC2", 0, e);
            }
        }
    }

    private native boolean isC2Included();

    private native boolean isC2OrJVMCIIncluded();

    // ---------------------------------------------------------------------------------------------------
    // Deoptimization statistics (JDK 18+)

    /** How many times {@code method}'s compiled code was invalidated and the method recompiled, from its profile. */
    public int getMethodDecompileCount(Executable method) {
        Objects.requireNonNull(method, "method");
        try {
            return getMethodDecompileCount0(method);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getMethodDecompileCount", 18, e);
        }
    }

    /** The number of uncommon traps recorded in {@code method}'s profile, for all reasons. */
    public int getMethodTrapCount(Executable method) {
        return getMethodTrapCount(method, null);
    }

    /**
     * The number of uncommon traps recorded in {@code method}'s profile for {@code reason} (a HotSpot trap
     * reason name such as {@code "null_check"}, {@code "unstable_if"}, {@code "class_check"}), or for all
     * reasons if it is null. 0 if the method has no profile.
     */
    public int getMethodTrapCount(Executable method, String reason) {
        Objects.requireNonNull(method, "method");
        try {
            return getMethodTrapCount0(method, reason);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getMethodTrapCount", 18, e);
        }
    }

    /** The number of deoptimizations in this VM so far, for all reasons and actions. */
    public int getDeoptCount() {
        return getDeoptCount(null, null);
    }

    /**
     * The number of deoptimizations in this VM so far with trap {@code reason} (e.g. {@code "unstable_if"})
     * and {@code action} (e.g. {@code "reinterpret"}, {@code "make_not_entrant"}); a null one matches all.
     */
    public int getDeoptCount(String reason, String action) {
        try {
            return getDeoptCount0(reason, action);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getDeoptCount", 18, e);
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Memory

    /** The size of {@code o} in the heap, in bytes. */
    public long getObjectSize(Object o) {
        Objects.requireNonNull(o, "o");
        try {
            return getObjectSize0(o);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getObjectSize", 0, e);
        }
    }

    /** The current address of {@code o}; it changes when a collection moves the object. */
    public long getObjectAddress(Object o) {
        Objects.requireNonNull(o, "o");
        try {
            return getObjectAddress0(o);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("getObjectAddress", 0, e);
        }
    }

    /** Whether {@code o} is in the old generation, as the running collector defines it. */
    public boolean isObjectInOldGen(Object o) {
        Objects.requireNonNull(o, "o");
        try {
            return isObjectInOldGen0(o);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("isObjectInOldGen", 0, e);
        }
    }

    /** Whether {@code o}'s lock is an inflated monitor (an ObjectMonitor) rather than its header or a fast lock. */
    public boolean isMonitorInflated(Object o) {
        Objects.requireNonNull(o, "o");
        try {
            return isMonitorInflated0(o);
        } catch (UnsatisfiedLinkError e) {
            throw unavailable("isMonitorInflated", 0, e);
        }
    }

    /** Runs a young collection. (The VM's own native.) */
    public native void youngGC();

    /** Runs a full collection that also clears soft references. (The VM's own native.) */
    public native void fullGC();

    /** The size of a reference field in the heap: 4 with compressed oops, else 8. (The VM's own native.) */
    public native int getHeapOopSize();

    // ---------------------------------------------------------------------------------------------------
    // VM flags. Each getter returns null if there is no such flag or the flag is not of the getter's type.
    // (These are the VM's own natives.)

    public native Boolean getBooleanVMFlag(String name);

    /** A flag of C++ type {@code int}. */
    public native Long getIntVMFlag(String name);

    /** A flag of C++ type {@code uint}. */
    public native Long getUintVMFlag(String name);

    /** A flag of C++ type {@code intx}. */
    public native Long getIntxVMFlag(String name);

    /** A flag of C++ type {@code uintx}. */
    public native Long getUintxVMFlag(String name);

    /** A flag of C++ type {@code uint64_t}. */
    public native Long getUint64VMFlag(String name);

    /** A flag of C++ type {@code size_t}. */
    public native Long getSizeTVMFlag(String name);

    /** A string flag ({@code ccstr}, {@code ccstrlist}); also null if the flag is set to no string. */
    public native String getStringVMFlag(String name);

    public native Double getDoubleVMFlag(String name);

    /** Whether the flag exists and is a constant of this build (a develop or notproduct flag of a product build). */
    public native boolean isConstantVMFlag(String name);

    /**
     * The value of flag {@code name} whatever its type: a {@link Boolean}, a {@link Long} (all integer types),
     * a {@link Double} or a {@link String}; null if there is no such flag or it is a string flag set to no
     * string.
     */
    public Object getVMFlag(String name) {
        Objects.requireNonNull(name, "name");
        Object v = getBooleanVMFlag(name);
        if (v == null) v = getIntxVMFlag(name);
        if (v == null) v = getUintxVMFlag(name);
        if (v == null) v = getIntVMFlag(name);
        if (v == null) v = getUintVMFlag(name);
        if (v == null) v = getUint64VMFlag(name);
        if (v == null) v = getSizeTVMFlag(name);
        if (v == null) v = getDoubleVMFlag(name);
        if (v == null) v = getStringVMFlag(name);
        return v;
    }

    // ---------------------------------------------------------------------------------------------------
    // What HotSpot returns for compiled code

    /**
     * One installed compiled method (nmethod), as {@link #getNMethod(Executable, boolean)} reports it.
     *
     * <p>The VM returns an {@code Object[5]}, the same in JDK 17 and 25:
     * {@code [0]} an {@code Object[]} describing the code blob: {@code {String name, Integer size in bytes,
     * Integer code heap type, Long blob address}}; {@code [1]} the compilation level ({@code Integer});
     * {@code [2]} a copy of the instructions section ({@code byte[]}: the entry points and the method body,
     * without the constants section and the stubs section of call stubs and exception and deoptimization
     * handlers); {@code [3]} the compile id ({@code Integer}); {@code [4]} the entry point ({@code Long}).
     */
    public static final class NMethodInfo {
        private final int compLevel;
        private final byte[] code;
        private final int compileId;
        private final long entryPoint;
        private final String blobName;
        private final int blobSize;
        private final int codeBlobType;
        private final long blobAddress;

        private NMethodInfo(int compLevel, byte[] code, int compileId, long entryPoint,
                            String blobName, int blobSize, int codeBlobType, long blobAddress) {
            this.compLevel = compLevel;
            this.code = code;
            this.compileId = compileId;
            this.entryPoint = entryPoint;
            this.blobName = blobName;
            this.blobSize = blobSize;
            this.codeBlobType = codeBlobType;
            this.blobAddress = blobAddress;
        }

        static NMethodInfo fromVm(Object[] raw) {
            try {
                Object[] blob = (Object[]) raw[0];
                return new NMethodInfo((Integer) raw[1], (byte[]) raw[2], (Integer) raw[3], (Long) raw[4],
                        (String) blob[0], (Integer) blob[1], (Integer) blob[2],
                        blob.length > 3 ? (Long) blob[3] : 0L);
            } catch (ClassCastException | ArrayIndexOutOfBoundsException | NullPointerException e) {
                throw new IllegalStateException("getNMethod: unexpected layout from JDK " + jdkVersion() + ": "
                        + java.util.Arrays.deepToString(describe(raw)), e);
            }
        }

        private static Object[] describe(Object[] raw) {
            Object[] d = new Object[raw.length];
            for (int i = 0; i < raw.length; i++) {
                Object o = raw[i];
                d[i] = o instanceof Object[] ? describe((Object[]) o)
                        : o == null ? "null" : o.getClass().getSimpleName();
            }
            return d;
        }

        /** The compilation level: 1 to 3 for C1, 4 for C2 (or JVMCI). */
        public int compLevel() {
            return compLevel;
        }

        /** A copy of the instructions section (see the class comment). */
        public byte[] code() {
            return code.clone();
        }

        /** The length of the instructions section, in bytes. */
        public int codeSize() {
            return code.length;
        }

        /** The compile id, as in {@code -XX:+PrintCompilation} and the compilation log. */
        public int compileId() {
            return compileId;
        }

        /**
         * The address of the entry point: for an instance method the unverified entry, which checks the
         * receiver's class; for a static method the same as the verified entry.
         */
        public long entryPoint() {
            return entryPoint;
        }

        /** The code blob's name, e.g. {@code "nmethod"}. */
        public String blobName() {
            return blobName;
        }

        /** The size of the whole code blob (header, relocations, code, stubs, metadata), in bytes. */
        public int blobSize() {
            return blobSize;
        }

        /**
         * The code heap it lives in ({@code CodeBlobType}): 0 non-profiled methods (levels 1 and 4),
         * 1 profiled methods (levels 2 and 3), 2 non-methods, 3 the single heap of an unsegmented code cache.
         */
        public int codeBlobType() {
            return codeBlobType;
        }

        /** The address of the code blob (its header); 0 if the VM did not report it. */
        public long blobAddress() {
            return blobAddress;
        }

        @Override
        public String toString() {
            return "NMethodInfo[compileId=" + compileId + ", level=" + compLevel + ", code=" + code.length
                    + " bytes, entry=0x" + Long.toHexString(entryPoint) + ", blob=" + blobName + " " + blobSize
                    + " bytes in heap " + codeBlobType + " at 0x" + Long.toHexString(blobAddress) + "]";
        }
    }

    // ---------------------------------------------------------------------------------------------------
    // Natives behind the public methods above. A native missing from the VM's table stays unbound: calling
    // it throws UnsatisfiedLinkError, which the public method turns into UnsupportedOperationException.

    private native boolean enqueueMethodForCompilation0(Executable method, int level, int entryBci);
    private native boolean isMethodCompiled0(Executable method, boolean osr);
    private native int getMethodCompilationLevel0(Executable method, boolean osr);
    private native boolean isMethodQueuedForCompilation0(Executable method);
    private native boolean isMethodCompilable0(Executable method, int level, boolean osr);
    private native int deoptimizeMethod0(Executable method, boolean osr);
    private native void clearMethodState0(Executable method);
    private native void makeMethodNotCompilable0(Executable method, int level, boolean osr);
    private native boolean testSetDontInlineMethod0(Executable method, boolean value);
    private native boolean testSetForceInlineMethod0(Executable method, boolean value);
    private native Object[] getNMethod0(Executable method, boolean osr);
    private native int getMethodDecompileCount0(Executable method);             // JDK 18+
    private native int getMethodTrapCount0(Executable method, String reason);   // JDK 18+
    private native int getDeoptCount0(String reason, String action);            // JDK 18+
    private native long getObjectSize0(Object o);
    private native long getObjectAddress0(Object o);
    private native boolean isObjectInOldGen0(Object o);
    private native boolean isMonitorInflated0(Object o);
}
