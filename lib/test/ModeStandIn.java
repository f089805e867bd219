import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import modes.Mode;

/**
 * What the unit tests of make/tools/modes share: the environment a mode reads (make's variables over the host's), and
 * a mode's run with what it printed, its exit status a Mode.Stop's where it stops.
 */
final class ModeStandIn {
    private ModeStandIn() {
    }

    /** A mode's exit status and what it printed. */
    record Printed(int status, String out) {
    }

    /** The host's environment with BASE over it, then the pairs ENV (name, value, name, value...). */
    static Map<String, String> env(Map<String, String> base, String... env) {
        Map<String, String> e = new HashMap<>(System.getenv());
        e.putAll(base);
        for (int i = 0; i < env.length; i += 2) {
            e.put(env[i], env[i + 1]);
        }
        return e;
    }

    /**
     * Runs the mode with System.out captured. A Mode.Stop is its exit status, its message printed after PREFIX as the
     * mode's launcher prints it; with PREFIX null it is thrown on, for a test that expects it.
     */
    static Printed run(String prefix, Callable<Integer> mode) throws Exception {
        PrintStream was = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        int status;
        try {
            status = mode.call();
        } catch (Mode.Stop stop) {
            if (prefix == null) {
                throw stop;
            }
            status = stop.status;
            System.out.println(prefix + stop.getMessage());
        } finally {
            System.setOut(was);
        }
        return new Printed(status, out.toString());
    }
}
