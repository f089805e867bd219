package modes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The yardstick of the pack's own cost (make/trivial.sh; docs/running.md, "Where the time of a run goes"): writes N
 * trivial jtreg tests and their TEST.ROOT into a directory, each a {@code @run driver} test that starts one trivial
 * child VM with jtreg's VM and Java options (test.vm.opts, test.java.opts), as the pack's tests start theirs.
 *
 * <pre>
 *   Trivial DIR N       DIR/TEST.ROOT and DIR/Trivial1.java .. TrivialN.java (DIR emptied of earlier tests first)
 * </pre>
 */
public final class Trivial {
    /** One test; the class is named CLASS. */
    static final String TEMPLATE = """
            /*
             * @test
             * @run driver CLASS
             */
            import java.nio.file.Path;
            import java.util.ArrayList;
            import java.util.List;

            public class CLASS {
                public static void main(String[] args) throws Exception {
                    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("test.jdk"), "bin", "java").toString()));
                    for (String o : (System.getProperty("test.vm.opts", "") + " " + System.getProperty("test.java.opts", "")).split(" ")) {
                        if (!o.isBlank()) {
                            command.add(o);
                        }
                    }
                    command.addAll(List.of("-cp", System.getProperty("test.class.path"), "CLASS$Child"));
                    int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
                    if (exit != 0) {
                        throw new RuntimeException("the child VM exited " + exit);
                    }
                }

                public static class Child {
                    public static void main(String[] args) {
                    }
                }
            }
            """;

    private Trivial() {
    }

    /** Writes the N tests and TEST.ROOT into dir, after removing the Trivial*.java an earlier call left there. */
    public static void write(Path dir, int n) throws IOException {
        Files.createDirectories(dir);
        try (var old = Files.newDirectoryStream(dir, "Trivial*.java")) {
            for (Path p : old) {
                Files.delete(p);
            }
        }
        Files.writeString(dir.resolve("TEST.ROOT"), "# " + n + " trivial tests: the yardstick of make/trivial.sh\n");
        for (int i = 1; i <= n; i++) {
            Files.writeString(dir.resolve("Trivial" + i + ".java"), TEMPLATE.replace("CLASS", "Trivial" + i));
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !args[1].matches("[1-9][0-9]{0,5}")) {
            System.err.println("usage: Trivial DIR N (N: a number of tests, 1 to 999999)");
            System.exit(2);
        }
        write(Path.of(args[0]), Integer.parseInt(args[1]));
    }
}
