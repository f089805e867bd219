/*
 * @test
 * @summary anatomy.capture.AgentJit keeps a jtreg agent's own JIT to C1 (a compiler directive excluding C2, asked
 *          once through the DiagnosticCommand MBean when the agent starts its first child VM), only where the VM's
 *          flags have C1 then C2; the children are not touched, nor do they get the options the launcher gives the
 *          agents from their start (JAVA_TOOL_OPTIONS marked as the pack's)
 * @library /lib
 * @run testng AgentJitTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertFalse;
import static org.testng.Assert.assertTrue;

import anatomy.capture.AgentJit;
import anatomy.capture.ChildVm;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import javax.management.ObjectName;
import org.testng.SkipException;
import org.testng.annotations.Test;

public class AgentJitTest {
    /** A child VM's main: it prints the compiler directives of its own VM (no testng class in the child). */
    public static class PrintDirectives {
        public static void main(String[] args) throws Exception {
            System.out.println(directives());
        }

        static String directives() throws Exception {
            return (String) ManagementFactory.getPlatformMBeanServer().invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "compilerDirectivesPrint", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        }
    }

    @Test
    public void onlyTieredWithBothCompilersIsTouched() {
        assertTrue(AgentJit.usesC1AndC2("true", "4", "default"));
        assertTrue(AgentJit.usesC1AndC2("true", "4", null), "a JDK without CompilationMode");
        assertFalse(AgentJit.usesC1AndC2("false", "4", "default"), "C2 alone: excluding it would leave the interpreter");
        assertFalse(AgentJit.usesC1AndC2("true", "1", "default"), "the user's C1-only configuration");
        assertFalse(AgentJit.usesC1AndC2("true", "3", "default"));
        assertFalse(AgentJit.usesC1AndC2("true", "4", "high-only"));
        assertFalse(AgentJit.usesC1AndC2("true", "4", "high-only-quick-internal"));
        assertFalse(AgentJit.usesC1AndC2("true", "4", "quick-only"));
        assertFalse(AgentJit.usesC1AndC2("true", "4", "a-mode-of-tomorrow"));
    }

    @Test
    public void theAgentsOptionsStayWithTheAgents() {
        Map<String, String> env = new HashMap<>(Map.of("JAVA_TOOL_OPTIONS", AgentJit.OPTIONS, AgentJit.MARK, AgentJit.OPTIONS, "PATH", "/bin"));
        AgentJit.leaveToAgents(env);
        assertEquals(env, Map.of("PATH", "/bin"), "the pack's JAVA_TOOL_OPTIONS and its mark go");
        env = new HashMap<>(Map.of("JAVA_TOOL_OPTIONS", "-Xss2m", AgentJit.MARK, AgentJit.OPTIONS));
        AgentJit.leaveToAgents(env);
        assertEquals(env, Map.of("JAVA_TOOL_OPTIONS", "-Xss2m"), "a value the mark does not name is not the pack's");
        env = new HashMap<>(Map.of("JAVA_TOOL_OPTIONS", AgentJit.OPTIONS));
        AgentJit.leaveToAgents(env);
        assertEquals(env, Map.of("JAVA_TOOL_OPTIONS", AgentJit.OPTIONS), "without the mark, nothing is the pack's");
        assertEquals(AgentJit.jtregEnvironment(), "-e:JAVA_TOOL_OPTIONS=" + AgentJit.OPTIONS + "," + AgentJit.MARK + "=" + AgentJit.OPTIONS);
        assertFalse(AgentJit.OPTIONS.contains(","), "jtreg's -e separates its variables by commas");
    }

    /**
     * In a jtreg agent, starting a child asks for the directive first; what came of it is left in the property. The
     * child runs with its own JIT.
     */
    @Test
    public void anAgentStartingAChildKeepsItsOwnJitToC1() throws Exception {
        if (!String.valueOf(System.getProperty("sun.java.command")).startsWith(AgentJit.AGENT_MAIN)) {
            throw new SkipException("not run in a jtreg agent (sun.java.command=" + System.getProperty("sun.java.command") + ")");
        }
        ChildVm.Output child = new ChildVm().named("directives").main(PrintDirectives.class.getName()).run().shouldHaveExitCodeZero();
        String asked = System.getProperty(AgentJit.ASKED);
        if (asked != null && asked.startsWith("kept: TieredCompilation=")) {
            throw new SkipException("this agent's flags leave C2 out already or have no C1: " + asked);
        }
        assertEquals(asked, "c1", "what came of the request");
        String here = PrintDirectives.directives();   // the stack from the top: ours, then the VM's "(default)"
        int defaults = here.indexOf("Directive: (default)");
        String ours = defaults < 0 ? "" : here.substring(0, defaults);
        assertTrue(ours.contains("matching: *.*") && ours.indexOf("Exclude:true", Math.max(0, ours.indexOf("c2 directives"))) > 0,
                "this agent's directives:\n" + here);
        assertFalse(child.stdoutText().contains("Exclude:true"), "the child's directives:\n" + child.stdoutText());
    }
}
