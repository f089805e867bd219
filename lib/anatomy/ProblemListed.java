package anatomy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The assertions a problem list that applies to this run names (make/problems, an entry {@code <test>@<NAME>:<method>};
 * make/tools/run/Problems.java writes the ones that apply, one a line as {@code test TAB assertion TAB reason}, and
 * make/tools/run/PackRun.java hands the file to the tests as PACK_PROBLEM_ASSERTIONS). A listed assertion is still
 * evaluated; where it fails or is inconclusive, that is printed as {@link #MARK} with the assertion, its reason and
 * the verdict's first line, and the test goes on to its next assertion instead of ending: the rest of the test is
 * judged, and the summary (make/tools/run/Summary.java) reports the assertion as left unjudged. A listed assertion that
 * holds is judged as usual.
 */
final class ProblemListed {
    /** The line the summary reads back: {@code Problem-listed, not judged: <assertion> (<reason>): <first line>}. */
    static final String MARK = "Problem-listed, not judged: ";

    private static String key;
    private static Map<String, String> listed;

    private ProblemListed() {
    }

    /** The reason the assertion ("ZEROING in uninitialized", a fact's name) is listed for this test, or null. */
    static String reason(String assertion) {
        return listed().get(assertion);
    }

    /** Reports a listed assertion's failure or inconclusive verdict as not judged. */
    static void notJudged(String assertion, String reason, Throwable verdict) {
        String first = String.valueOf(verdict.getMessage()).lines().findFirst().orElse("");
        System.out.println(MARK + assertion + " (" + reason + "): " + (verdict instanceof Inconclusive ? "inconclusive: " : "") + first);
    }

    /** The file PackRun gave (PACK_PROBLEM_ASSERTIONS; the property pack.problem.assertions where a test sets its own). */
    private static synchronized Map<String, String> listed() {
        String file = System.getProperty("pack.problem.assertions", System.getenv("PACK_PROBLEM_ASSERTIONS"));
        String name = System.getProperty("test.name", "");
        if (listed == null || !(file + "|" + name).equals(key)) {
            listed = read(file, name);
            key = file + "|" + name;
        }
        return listed;
    }

    /** The entries of FILE for the test NAME (jtreg's test.name: the file, with #id for a variant), by assertion. */
    static Map<String, String> read(String file, String name) {
        Map<String, String> out = new LinkedHashMap<>();
        if (file == null || file.isBlank() || !Files.exists(Path.of(file))) {
            return out;
        }
        String plain = name.replaceFirst("#.*$", "");
        try {
            for (String line : Files.readAllLines(Path.of(file))) {
                String[] f = line.split("\t", 3);
                if (f.length == 3 && (f[0].equals(name) || f[0].equals(plain))) {
                    out.put(f[1], f[2]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
