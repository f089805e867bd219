/*
 * @test
 * @summary A child VM's start costs what its workload costs: the pack's own code in the child (ChildMain, Jit's
 *          warm-up, compile and record, CodeBytes) spins no method handles and needs no package of java.base
 *          exported, and the options it records are the ones the VM reports (JAVA_TOOL_OPTIONS', JDK_JAVA_OPTIONS',
 *          the command line's), read from the launcher's command line
 * @requires pack.c2 & pack.whitebox
 * @library /lib
 * @run driver ChildStartTest
 */

import anatomy.Jit;
import anatomy.Run;
import anatomy.capture.ChildMain;
import anatomy.capture.ChildVm;
import anatomy.capture.Facts;
import anatomy.model.UnifiedLog;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;

/*
 * The first lambda, stream or regular expression with a character class a VM runs makes it spin method handles, and
 * an export of a java.base package (--add-exports) makes it build its module graph instead of mapping it: 5 to 17 ms
 * of every child's start on 17 and 25 (the test fails on the library of 2026-11-29). The workload first does what every JIT test's does through the library, then
 * reads the VM's own list of its options (the runtime MXBean, whose classes come after the check).
 */
public class ChildStartTest {
    public static class Workload {
        static int square(int x) {
            return x * x;
        }

        public static void main(String[] args) {
            int sink = 0;
            for (int i = 0, n = Jit.rounds(10_000); i < n; i++) {
                sink += square(i);
            }
            Jit.compileAtC2(Workload.class, "square");
            Jit.measure("sink", sink);
            Facts.record("reported", String.join(" | ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        }
    }

    /** A child that only reports its options. */
    public static class Reported {
        public static void main(String[] args) {
            Facts.record("reported", String.join(" | ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        }
    }

    public static void main(String[] args) throws Exception {
        Run run = Jit.run(Workload.class, "-Xlog:class+load=info");
        // ChildMain's part (from its load to the workload's), then the library's (from Jit's load to the MXBean's); between
        // them ChildMain calls the workload's main, which core reflection does through method handles since JDK 18 (JEP 416)
        List<String> spun = new java.util.ArrayList<>();
        boolean ours = false;
        for (UnifiedLog.Line l : run.vmLog().lines("class", "load")) {
            String loaded = l.message().split(" ")[0];
            if (loaded.startsWith("java.lang.management.")) {
                break;
            }
            ours = loaded.equals(ChildMain.class.getName()) || loaded.equals(Jit.class.getName()) || ours && !loaded.equals(Workload.class.getName());
            if (ours && loaded.matches(".+/0x\\p{XDigit}+")) {   // a hidden class: a lambda's, a method handle's form
                spun.add(loaded);
            }
        }
        check(spun.isEmpty(), "the pack's code in the child spun method handles: " + spun);
        check(!run.vmOptions().contains("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"), "a java.base package exported to every child");
        // the code blob, for its stubs where another disassembler printed the code (CodeBytes), read without that export
        String[] code = run.fact("code").split(" ");
        check(!code[4].equals("-") && code[4].contains(code[2]), "the code blob was not read from the child's memory: " + run.fact("code"));
        check(String.join(" | ", run.vmOptions()).equals(run.fact("reported")), "recorded " + run.vmOptions() + ", the VM reports " + run.fact("reported"));

        // the variables come first, in the VM's order, and a child started without the library's options still records its own
        Path facts = ChildVm.workFile("ChildStartTest", ".facts");
        new ChildVm().named("ChildStartTest").withWhiteBox()
                .environment("JAVA_TOOL_OPTIONS", " -Dpack.tool=1   -Dpack.tool.b=2 ").environment("JDK_JAVA_OPTIONS", "-Dpack.launcher=3")
                .options(List.of("-D" + Facts.PROPERTY + "=" + facts, "-Dpack.line=4"))
                .main(ChildMain.class.getName(), Reported.class.getName()).run().shouldHaveExitCodeZero();
        Facts recorded = Facts.read(facts);
        List<String> options = recorded.all(Facts.VM_OPTION);
        check(String.join(" | ", options).equals(recorded.last("reported")), "recorded " + options + ", the VM reports " + recorded.last("reported"));
        check(options.subList(0, 3).equals(List.of("-Dpack.tool=1", "-Dpack.tool.b=2", "-Dpack.launcher=3")), "the variables' words first: " + options);
        check(options.contains("-Dpack.line=4") && options.stream().noneMatch(o -> o.equals("-cp")), "the command line's, without its class path: " + options);
    }

    private static void check(boolean holds, String what) {
        if (!holds) {
            throw new AssertionError(what);
        }
    }
}
