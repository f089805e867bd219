package anatomy.capture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * This VM's launch as Linux shows it in /proc/self: the command line the launcher got and the environment it started
 * with, read as files, for the options a child VM records (ChildMain). The VM's own answers (jdk.internal.misc.VM,
 * the runtime MXBean, System.getenv) cost a VM that asks at its start an export of java.base, the management
 * classes or, on 28-ea under qemu, a method handle spun; the files cost neither.
 */
final class ProcSelf {
    private ProcSelf() {
    }

    /**
     * The options the launcher got before MAIN (a class name), from the launcher on ({@code java}: a C library's loader
     * may start it, {@code ld.so --library-path ... .../java}), without the class path; null where there is no
     * /proc/self/cmdline or MAIN is not on it.
     */
    static List<String> launcherOptions(String main) {
        String[] argv = strings("cmdline");
        int end = Arrays.asList(argv).indexOf(main);
        if (end < 0) {
            return null;
        }
        int launcher = 0;
        while (launcher < end && !argv[launcher].equals("java") && !argv[launcher].endsWith("/java")) {
            launcher++;
        }
        List<String> options = new ArrayList<>();
        for (int i = launcher == end ? 1 : launcher + 1; i < end; i++) {
            if (argv[i].equals("-cp") || argv[i].equals("-classpath") || argv[i].equals("--class-path")) {
                i++;
            } else if (!argv[i].startsWith("--class-path=")) {
                options.add(argv[i]);
            }
        }
        return options;
    }

    /** The variable's value in the environment this process started with, or null. */
    static String variable(String name) {
        for (String e : strings("environ")) {
            if (e.startsWith(name + "=")) {
                return e.substring(name.length() + 1);
            }
        }
        return null;
    }

    /** The blank-separated words of a variable's value (none when it is not set), as the launcher and the VM split them. */
    static List<String> words(String value) {
        List<String> words = new ArrayList<>();
        if (value != null) {
            int from = -1;
            for (int i = 0; i <= value.length(); i++) {
                boolean blank = i == value.length() || Character.isWhitespace(value.charAt(i));
                if (!blank && from < 0) {
                    from = i;
                } else if (blank && from >= 0) {
                    words.add(value.substring(from, i));
                    from = -1;
                }
            }
        }
        return words;
    }

    /** The NUL-separated strings of /proc/self/NAME, none where it cannot be read. */
    private static String[] strings(String name) {
        try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/" + name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\0");   // one char: no regex
        } catch (java.io.IOException e) {
            return new String[0];
        }
    }
}
