/*
 * @test
 * @summary A JIT that is built in, switched on by the VM's final flags and compiles nothing stops the run, whatever the user's options; only a build without it, flags that switch it off or a request still queued under an emulator make pack.c2 / pack.c1 false
 * @library /lib
 * @run testng CompilerDecisionTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertNotNull;
import static org.testng.Assert.assertNull;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Compiler;
import anatomy.probe.Flags;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.testng.annotations.Test;

/*
 * anatomy.probe.Compiler decides pack.c2 and pack.c1 from the facts the probe's child records (the final flags,
 * read through WhiteBox under the user's options, and what became of one compile request), or stops the run.
 * Issue 40 measured the hole this closes: a 28-ea copy whose C2Compiler::compile_method returns at once, under
 * VM_OPTIONS=-XX:+UseParallelGC, printed "0 passed, 0 failed, 8 skipped: C2 not available" and exited 0.
 *
 * The table's rows give the flags as the VM holds them; the last test reads them from real VMs of the JDK under
 * test started with each option, so that the rules hold for the values a VM really ends with, however the option
 * was spelled (JAVA_TOOL_OPTIONS among them).
 */
public class CompilerDecisionTest {
    static final String MAY_STOP = "stop";

    /** A server VM's final flags at their defaults (x86_64, 17 to 28), with the changes given as name, value pairs. */
    static Map<String, String> flags(String... changes) {
        Map<String, String> f = new HashMap<>(Map.of("UseCompiler", "true", "TieredCompilation", "true", "TieredStopAtLevel", "4",
                "CompilationMode", "default", "EliminateAllocations", "true", "C1ProfileCalls", "true"));
        for (int i = 0; i < changes.length; i += 2) {
            if (changes[i + 1] == null) {
                f.remove(changes[i]);
            } else {
                f.put(changes[i], changes[i + 1]);
            }
        }
        return f;
    }

    /** One row: the child's facts for one compiler, and the expected value ("true", "false") or MAY_STOP. */
    record Row(String name, Compiler compiler, Map<String, String> flags, String vmName, String vmInfo, Boolean hasC2,
               boolean compiled, boolean gaveUp, boolean queued, String options, String emulator, String expected) {
    }

    static Compiler.Decision decide(Row r) {
        Compiler c = r.compiler();
        return c.decide(new Compiler.Facts(c.missing(r.flags()::get, r.vmName(), r.hasC2()), c.switchedOffBy(r.flags()::get, r.vmInfo()),
                r.compiled(), r.gaveUp(), r.queued(), "could not compile ...::tiny(II)I at level " + c.level() + ": it is not compiled; ...",
                r.emulator(), Compiler.flagsText(r.flags()::get), r.options()));
    }

    static final String SERVER = "OpenJDK 64-Bit Server VM", MIXED = "mixed mode, sharing", QEMU = "qemu-riscv64 10.0.2 -cpu rva23s64";
    static final Compiler C2 = Compiler.C2, C1 = Compiler.C1;

    static final List<Row> TABLE = List.of(
            // built, on, compiled: available, with or without options, on the hardware or not
            new Row("C2 compiles", C2, flags(), SERVER, MIXED, true, true, false, false, "", null, "true"),
            new Row("C2 compiles under options", C2, flags(), SERVER, MIXED, true, true, false, false, "-XX:+UseParallelGC", null, "true"),
            new Row("C2 compiles under qemu", C2, flags(), SERVER, MIXED, true, true, false, false, "", QEMU, "true"),
            // built, on, not compiled: broken, whatever the options (issue 40's measurement is the second row)
            new Row("C2 gives up", C2, flags(), SERVER, MIXED, true, false, true, false, "", null, MAY_STOP),
            new Row("C2 gives up under an option that leaves it on", C2, flags(), SERVER, MIXED, true, false, true, false, "-XX:+UseParallelGC", null, MAY_STOP),
            new Row("C2 records a failure, no mark", C2, flags(), SERVER, MIXED, true, false, false, false, "-XX:+UseParallelGC", null, MAY_STOP),
            new Row("C2's queue never served", C2, flags(), SERVER, MIXED, true, false, false, true, "-XX:+BackgroundCompilation", null, MAY_STOP),
            new Row("C2 ends without code under qemu", C2, flags(), SERVER, MIXED, true, false, false, false, "", QEMU, MAY_STOP),
            new Row("C2 gives up under qemu", C2, flags(), SERVER, MIXED, true, false, true, false, "", QEMU, MAY_STOP),
            new Row("C2 without tiering, TieredStopAtLevel ignored", C2, flags("TieredCompilation", "false", "TieredStopAtLevel", "1"), SERVER, MIXED, true,
                    false, false, false, "-XX:-TieredCompilation -XX:TieredStopAtLevel=1", null, MAY_STOP),
            new Row("C2 under -Xcomp", C2, flags(), SERVER, "compiled mode, sharing", true, false, false, false, "-Xcomp", null, MAY_STOP),
            // a request still queued under an emulator: a slow emulator, a skip with its reason (as before issue 40)
            new Row("C2 queued under qemu", C2, flags(), SERVER, MIXED, true, false, false, true, "", QEMU, "false"),
            // switched off by the final flags: the options (or the JDK's defaults) say no C2
            new Row("-XX:TieredStopAtLevel=1", C2, flags("TieredStopAtLevel", "1"), SERVER, MIXED, true, false, false, false, "-XX:TieredStopAtLevel=1", null, "false"),
            new Row("-XX:TieredStopAtLevel=3", C2, flags("TieredStopAtLevel", "3"), SERVER, MIXED, true, false, false, false, "-XX:TieredStopAtLevel=3", null, "false"),
            new Row("-XX:TieredStopAtLevel=0", C2, flags("TieredStopAtLevel", "0", "TieredCompilation", "false", "UseCompiler", "false"), SERVER, MIXED, true,
                    false, false, false, "-XX:TieredStopAtLevel=0", null, "false"),
            new Row("-Xint", C2, flags("UseCompiler", "false", "TieredCompilation", "false"), SERVER, "interpreted mode, sharing", true, false, false, false, "-Xint", null, "false"),
            new Row("-XX:-UseCompiler", C2, flags("UseCompiler", "false"), SERVER, MIXED, true, false, false, false, "-XX:-UseCompiler", null, "false"),
            new Row("-XX:CompilationMode=quick-only", C2, flags("CompilationMode", "quick-only"), SERVER, MIXED, true, false, false, false, "-XX:CompilationMode=quick-only", null, "false"),
            new Row("-XX:+UseJVMCICompiler", C2, flags("UseJVMCICompiler", "true"), SERVER, MIXED, true, true, false, false,
                    "-XX:+UnlockExperimentalVMOptions -XX:+UseJVMCICompiler", null, "false"),
            new Row("17's -XX:+NeverActAsServerClassMachine", C2, flags(), SERVER, "mixed mode, emulated-client, sharing", true, false, false, false,
                    "-XX:+NeverActAsServerClassMachine", null, "false"),
            // not built: the platform
            new Row("a client VM, -XX:-TieredCompilation", C2, flags("EliminateAllocations", null, "TieredCompilation", "false"), "OpenJDK Client VM", MIXED, false,
                    false, false, false, "-XX:-TieredCompilation", null, "false"),
            new Row("Zero", C2, flags("EliminateAllocations", null, "C1ProfileCalls", null, "TieredCompilation", "false"), "OpenJDK 64-Bit Zero VM", "interpreted mode",
                    false, false, false, false, "", null, "false"),
            new Row("WhiteBox: no C2 in the build", C2, flags(), SERVER, MIXED, false, false, false, false, "", null, "false"),

            // C1, for the tests that need it (pack.c1)
            new Row("C1 compiles", C1, flags(), SERVER, MIXED, true, true, false, false, "", null, "true"),
            new Row("C1 ends without code under options", C1, flags(), SERVER, MIXED, true, false, false, false, "-XX:+UseSerialGC", null, MAY_STOP),
            new Row("C1 gives up", C1, flags(), SERVER, MIXED, true, false, true, false, "", null, MAY_STOP),
            new Row("C1 of -XX:TieredStopAtLevel=1", C1, flags("TieredStopAtLevel", "1"), SERVER, MIXED, true, true, false, false, "-XX:TieredStopAtLevel=1", null, "true"),
            new Row("C1 of a client VM", C1, flags("EliminateAllocations", null, "TieredCompilation", "false"), "OpenJDK Client VM", MIXED, false,
                    true, false, false, "", null, "true"),
            new Row("C1 of a client VM ends without code", C1, flags("EliminateAllocations", null, "TieredCompilation", "false"), "OpenJDK Client VM", MIXED, false,
                    false, false, false, "", null, MAY_STOP),
            new Row("C1 queued under qemu", C1, flags(), SERVER, MIXED, true, false, false, true, "", QEMU, "false"),
            new Row("C1 under -XX:-TieredCompilation (C2 alone)", C1, flags("TieredCompilation", "false"), SERVER, MIXED, true, false, false, false, "-XX:-TieredCompilation", null, "false"),
            new Row("C1 under -XX:CompilationMode=high-only", C1, flags("CompilationMode", "high-only"), SERVER, MIXED, true, false, false, false, "-XX:CompilationMode=high-only", null, "false"),
            new Row("C1 under -Xint", C1, flags("UseCompiler", "false", "TieredCompilation", "false"), SERVER, "interpreted mode, sharing", true, false, false, false, "-Xint", null, "false"),
            new Row("C1 under -XX:TieredStopAtLevel=0", C1, flags("TieredStopAtLevel", "0", "TieredCompilation", "false", "UseCompiler", "false"), SERVER, MIXED, true,
                    false, false, false, "-XX:TieredStopAtLevel=0", null, "false"),
            new Row("a server VM built without C1", C1, flags("C1ProfileCalls", null), SERVER, MIXED, true, false, false, false, "", null, "false"));

    @Test
    public void theTable() {
        List<String> wrong = new ArrayList<>();
        for (Row r : TABLE) {
            Compiler.Decision d = decide(r);
            String got = d.stop() != null ? MAY_STOP : String.valueOf(d.available());
            if (!got.equals(r.expected())) {
                wrong.add(r.name() + ": expected " + r.expected() + ", but was " + got + " (" + (d.stop() != null ? d.stop() : d.reason()) + ")");
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    /** Every combination for a compiler that is built in and on: only compiled code, or a queue under an emulator, avoids the stop. */
    @Test
    public void builtAndOnButNoCodeAlwaysStops() {
        int stops = 0;
        for (Compiler c : Compiler.values()) {
            for (boolean compiled : new boolean[] {false, true}) {
                for (boolean gaveUp : new boolean[] {false, true}) {
                    for (boolean queued : new boolean[] {false, true}) {
                        for (String options : List.of("", "-XX:+UseParallelGC", "-XX:-Inline -XX:+BackgroundCompilation")) {
                            for (String emulator : new String[] {null, QEMU}) {
                                Compiler.Decision d = decide(new Row("", c, flags(), SERVER, MIXED, true, compiled, gaveUp, queued, options, emulator, ""));
                                boolean mayNotStop = compiled || (queued && emulator != null);
                                assertEquals(d.stop() == null, mayNotStop, c + " compiled=" + compiled + " gaveUp=" + gaveUp + " queued=" + queued
                                        + " options=" + options + " emulator=" + emulator + ": " + d);
                                assertEquals(d.available(), compiled && d.stop() == null);
                                stops += d.stop() != null ? 1 : 0;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(stops, 2 * (24 - 6));   // per compiler: 24 combinations not compiled, less the 6 queued under qemu
    }

    @Test
    public void theStopNamesTheCompilerTheFlagsTheOptionsAndWhatHappened() {
        Compiler.Decision d = decide(new Row("", C2, flags(), SERVER, MIXED, true, false, false, false, "-XX:+UseParallelGC", null, ""));
        assertEquals(d.stop(), "the probe's VM has C2 (C2 product flags present) and its flags leave it on (-XX:+UseCompiler"
                + " -XX:+TieredCompilation -XX:TieredStopAtLevel=4 -XX:CompilationMode=default, under your options: -XX:+UseParallelGC),"
                + " yet C2 did not compile the probe's two-line method: the compile ended without installing code, and without"
                + " marking the method not compilable; the VM's account: could not compile ...::tiny(II)I at level 4: it is not"
                + " compiled; ...; no C2 test can be judged on this JDK");
        Compiler.Decision gaveUp = decide(new Row("", C2, flags(), SERVER, MIXED, true, false, true, false, "", null, ""));
        assertTrue(gaveUp.stop().contains("(-XX:+UseCompiler -XX:+TieredCompilation -XX:TieredStopAtLevel=4 -XX:CompilationMode=default,"
                + " no user options), yet C2 did not compile the probe's two-line method: it gave the method up (the VM marked it not"
                + " compilable at level 4)"), gaveUp.stop());
        // make mutants (Mutants.stopped) names a stopped run by the text from "the probe's VM" to the first ';'
        assertTrue(d.stop().startsWith("the probe's VM has C2"));
    }

    @Test
    public void aSkipSaysWhy() {
        assertEquals(decide(TABLE.stream().filter(r -> r.name().equals("-XX:TieredStopAtLevel=1")).findFirst().orElseThrow()).reason(),
                "C2 not available: switched off by -XX:TieredStopAtLevel=1");
        assertEquals(decide(TABLE.stream().filter(r -> r.name().equals("a client VM, -XX:-TieredCompilation")).findFirst().orElseThrow()).reason(),
                "C2 not available: this VM has no C2 (no C2 product flags: no EliminateAllocations)");
        assertTrue(decide(TABLE.stream().filter(r -> r.name().equals("C2 queued under qemu")).findFirst().orElseThrow()).reason()
                .startsWith("C2 not available: the request is still queued under " + QEMU));
    }

    /**
     * The rules against the final flags of real VMs of the JDK under test, each started with one spelling of an option
     * ({@code -XX:+PrintFlagsFinal -version}, read by the probe's own Flags): C2 and C1 on or off as HotSpot's
     * CompilerConfig has them (compilerDefinitions.cpp), an option given in JAVA_TOOL_OPTIONS as well as on the command line.
     */
    @Test
    public void theFinalFlagsOfRealVms() throws Exception {
        Path java = Path.of(System.getProperty("test.jdk", System.getProperty("java.home")), "bin", "java");
        record Case(List<String> options, String toolOptions, boolean c2On, boolean c1On) {
        }
        List<Case> cases = List.of(
                new Case(List.of(), null, true, true),
                new Case(List.of("-XX:+UseParallelGC", "-XX:-Inline"), null, true, true),
                new Case(List.of("-Xcomp"), null, true, true),
                new Case(List.of("-Xint"), null, false, false),
                new Case(List.of("-XX:-UseCompiler"), null, false, false),
                new Case(List.of("-XX:TieredStopAtLevel=0"), null, false, false),
                new Case(List.of("-XX:TieredStopAtLevel=1"), null, false, true),
                new Case(List.of("-XX:TieredStopAtLevel=3"), null, false, true),
                new Case(List.of(), "-XX:TieredStopAtLevel=2", false, true),
                new Case(List.of("-XX:-TieredCompilation"), null, true, false),
                new Case(List.of("-XX:-TieredCompilation", "-XX:TieredStopAtLevel=1"), null, true, false),
                new Case(List.of("-XX:CompilationMode=quick-only"), null, false, true),
                new Case(List.of("-XX:CompilationMode=high-only"), null, true, false));
        List<String> wrong = new ArrayList<>();
        for (Case k : cases) {
            List<String> command = new ArrayList<>(List.of(java.toString()));
            command.addAll(k.options());
            command.addAll(List.of("-XX:+PrintFlagsFinal", "-version"));
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            pb.environment().remove("JDK_JAVA_OPTIONS");
            pb.environment().remove("_JAVA_OPTIONS");
            if (k.toolOptions() != null) {
                pb.environment().put("JAVA_TOOL_OPTIONS", k.toolOptions());
            }
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(p.waitFor(), 0, command + ":\n" + out);
            Flags f = Flags.parse(out);
            java.util.function.Function<String, String> flag = n -> f.has(n) ? f.value(n) : null;
            String vmName = out.lines().filter(l -> l.contains(" VM (build ")).findFirst().orElse("");
            for (Compiler c : Compiler.values()) {
                boolean on = c.missing(flag, vmName, null) == null && c.switchedOffBy(flag, f.vmInfo()) == null;
                boolean expected = c == Compiler.C2 ? k.c2On() : k.c1On();
                if (on != expected) {
                    wrong.add((k.toolOptions() == null ? k.options() : "JAVA_TOOL_OPTIONS=" + k.toolOptions()) + ": " + c + " expected "
                            + (expected ? "on" : "off") + ", but the rules say " + (on ? "on" : "off: " + c.switchedOffBy(flag, f.vmInfo()))
                            + " (java.vm.info: " + f.vmInfo() + "; " + Compiler.flagsText(flag) + ")");
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }
}
