package anatomy.capture;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * The entry point of a pack child VM: records what VM this is, then runs the test's workload class. A
 * workload that throws {@code jtreg.SkippedException} has the skip recorded as a fact for the driver, one that
 * throws {@code anatomy.Inconclusive} the verdict it could not reach.
 */
public final class ChildMain {
    private ChildMain() {
    }

    public static void main(String[] args) throws Throwable {
        Facts.record("os.arch", System.getProperty("os.arch"));
        Facts.record("java.runtime.version", System.getProperty("java.runtime.version"));
        Facts.record("java.vm.name", System.getProperty("java.vm.name"));
        // What this VM really runs with, as it reports it (failure messages show these, not what was asked).
        for (String option : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            Facts.record(Facts.VM_OPTION, option);
        }
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) java.util.Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause.getClass().getName().equals("jtreg.SkippedException")) {
                Facts.record("skipped", cause.getMessage());
                return;
            }
            if (cause.getClass().getName().equals("anatomy.Inconclusive")) {   // a verdict the workload cannot reach
                Facts.record("inconclusive", cause.getMessage());
                return;
            }
            // A WhiteBox native this JDK's table lacks (another update or vendor): the test cannot be judged here.
            if (cause instanceof UnsupportedOperationException && cause.getMessage() != null
                    && cause.getMessage().startsWith("WhiteBox.")) {
                Facts.record("skipped", cause.getMessage());
                return;
            }
            if (cause instanceof UnsatisfiedLinkError && String.valueOf(cause.getMessage()).contains("jdk.test.whitebox.WhiteBox")) {
                Facts.record("skipped", "this JDK's WhiteBox has no native " + cause.getMessage());
                return;
            }
            throw cause;
        }
        Facts.record("finished", "true");
    }
}
