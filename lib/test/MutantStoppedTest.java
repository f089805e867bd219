/*
 * @test
 * @summary make mutants tells a run the probe stopped (a JIT that compiles nothing) from a VM that died, and a set line can expect it and give the VM options its runs use
 * @library /lib /make/tools
 * @build sensitivity.Sensitivity mutants.MutantSet mutants.Mutants results.RunResults
 * @run testng MutantStoppedTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;
import static org.testng.Assert.expectThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mutants.MutantSet;
import mutants.MutantSet.Spec;
import mutants.Mutants;
import org.testng.annotations.Test;

/*
 * Issue 40: a mutant that makes C2 install nothing must be expected to stop the run. Before, a run in which no test
 * ran was "crashed" whatever the reason, so a set could not say that the probe, not a dying VM, ended it. The log
 * lines are make/jtreg.sh's as they look when the probe stops the run (jtreg's "failed to get JDK properties" with
 * the probe's exception) and when a VM dies.
 */
public class MutantStoppedTest {
    static final String STOP = "java.lang.IllegalStateException: the probe's VM has C2 (C2 product flags present) and its flags leave it"
            + " on (-XX:+UseCompiler -XX:+TieredCompilation -XX:TieredStopAtLevel=4 -XX:CompilationMode=default, under your options:"
            + " -XX:+UseParallelGC), yet C2 did not compile the probe's two-line method: it gave the method up (the VM marked it not"
            + " compilable at level 4); the VM's account: ...; no C2 test can be judged on this JDK; the command and output are in /x";

    @Test
    public void theProbesStopIsStoppedADeadVmCrashed() {
        List<String> log = List.of("jtreg: JDK /work/build/mutants/x86_64-28ea/jdk (x86_64, JDK 28)", "Exception while calling"
                + " user-specified class: anatomy.probe.Probe", STOP, "Error: failed to get JDK properties:",
                "error: jtreg could not run the tests (exit 5): see its message above");
        assertEquals(Mutants.notRun(null, log), "stopped");
        // a fatal error found (an hs_err file, the log, a .jtr) is a crash, whatever else the log says
        assertEquals(Mutants.notRun("SIGSEGV (0xb) at pc=0x00007f3a1c2b3c4d; problematic frame: V  [libjvm.so+0x6c1510]", log), "crashed");
        // the probe's own words for a VM that died are a crash too
        assertEquals(Mutants.notRun(null, List.of("java.lang.IllegalStateException: the probe's VM crashed (SIGILL ...), so no test"
                + " can be judged on this JDK")), "crashed");
        // a probe VM that hung: the probe stopped the run (a queue never served ends so)
        assertEquals(Mutants.notRun(null, List.of("java.lang.IllegalStateException: the probe's VM did not finish within 120 s, so no"
                + " test can be judged on this JDK")), "stopped");
        // no test ran and nothing says why: as before, crashed
        assertEquals(Mutants.notRun(null, List.of("error: jtreg could not run the tests (exit 5)")), "crashed");
    }

    @Test
    public void aSetLineExpectsStoppedAndGivesItsOptions() throws Exception {
        Path set = Files.createTempFile(Path.of("."), "set", ".txt");
        Files.writeString(set, """
                # id | jdk | kind | function | site | tests | expect | why [| options]
                c2-installs-nothing | 28 | return | C2Compiler::compile_method(ciEnv*, ciMethod*, int, bool, DirectiveSet*) | void | headline | stopped | C2 installs nothing
                c2-installs-nothing-options | 28 | return | C2Compiler::compile_method(ciEnv*, ciMethod*, int, bool, DirectiveSet*) | void | headline | stopped | the same under an option | -XX:+UseParallelGC -XX:-Inline
                none-given | * | return | A::f() | 0 | headline | killed | a dash for no options | -
                """);
        List<Spec> specs = MutantSet.read(set);
        assertEquals(specs.get(0).expect(), "stopped");
        assertEquals(specs.get(0).options(), "");
        assertEquals(specs.get(1).options(), "-XX:+UseParallelGC -XX:-Inline");
        assertEquals(specs.get(2).options(), "");
    }

    @Test
    public void aBadLineSaysWhatIsWrong() throws Exception {
        Path set = Files.createTempFile(Path.of("."), "set", ".txt");
        Files.writeString(set, "m | 28 | return | A::f() | void | headline | stopped | why | UseParallelGC\n");
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class, () -> MutantSet.read(set));
        assertTrue(e.getMessage().endsWith(":1: options are VM options (-XX:..., -X...), or -, not 'UseParallelGC'"), e.getMessage());
        Files.writeString(set, "m | 28 | return | A::f() | void | headline | halted | why\n");
        e = expectThrows(IllegalArgumentException.class, () -> MutantSet.read(set));
        assertTrue(e.getMessage().endsWith(":1: expect must be - or one of [crashed, equivalent, killed, stopped, survived, unreached], not 'halted'"), e.getMessage());
        Files.writeString(set, "m | 28 | return | A::f() | void | headline | stopped | why | -XX:+UseSerialGC | more\n");
        e = expectThrows(IllegalArgumentException.class, () -> MutantSet.read(set));
        assertTrue(e.getMessage().contains("expected 8 columns"), e.getMessage());
    }
}
