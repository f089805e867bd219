package mutants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A set file of make mutants (make/mutants/chosen.txt documents its columns): one mutant a line, '|'-separated,
 * '#' comments. This file depends on no other, so that make/mutants.sh can check a set (SET=) with the source
 * launcher before anything is downloaded or built:
 *
 *   java make/tools/mutants/MutantSet.java FILE... [--frames FILE]   nothing on success; else "error: FILE:LINE: ..." and exit 2
 */
public final class MutantSet {
    static final Set<String> KINDS = Set.of("return", "branch", "call", "constant", "global");
    static final Set<String> VERDICTS = Set.of("killed", "crashed", "stopped", "unreached", "survived", "equivalent");
    /** The ISAs of make/platforms, as an expectation names them (this file depends on no other: MutantExpectationTest compares). */
    static final List<String> ISAS = List.of("x86_64", "aarch64", "riscv64", "ppc64le", "s390x");

    /** The ISAs an expectation may name, in make/platforms' order. */
    public static List<String> isas() {
        return ISAS;
    }

    /** The mutants of a set file; a malformed line is an IllegalArgumentException naming file:line and the fault. */
    public static List<Spec> read(Path file) throws IOException {
        List<Spec> specs = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        for (Row row : rows(file, "no such set file: " + file)) {
            String where = row.where();
            String[] f = row.columns();
            check(f.length == 8 || f.length == 9, where, "expected 8 columns (id | jdk | kind | function | site | tests | expect | why)"
                    + " and, optionally, a ninth (| options), found " + f.length);
            String options = f.length == 9 && !f[8].equals("-") ? f[8] : "";
            Spec s = new Spec(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], options, where);
            check(s.id().matches("[a-z0-9][a-z0-9.-]*"), where, "bad id '" + s.id() + "' (lower case, digits, '.', '-')");
            check(ids.add(s.id()), where, "the id " + s.id() + " is used twice");
            check(KINDS.contains(s.kind()), where, "kind must be one of " + new TreeSet<>(KINDS) + ", not '" + s.kind() + "'");
            String[] parts = s.expect().split("\\s*,\\s*");
            check(parts[0].equals("-") || VERDICTS.contains(parts[0]), where,
                    "expect must be - or one of " + new TreeSet<>(VERDICTS) + ", not '" + parts[0] + "'");
            Set<String> isas = new LinkedHashSet<>();
            for (int k = 1; k < parts.length; k++) {
                String[] kv = parts[k].split("=", 2);
                check(kv.length == 2 && ISAS.contains(kv[0]) && (kv[1].equals("-") || VERDICTS.contains(kv[1])), where,
                        "an ISA's own expectation is ISA=verdict, the ISA one of " + ISAS + " and the verdict - or one of "
                                + new TreeSet<>(VERDICTS) + ", not '" + parts[k] + "'");
                check(isas.add(kv[0]), where, "expect names " + kv[0] + " twice");
            }
            check(s.jdk().matches("\\*|\\d+(-(\\d+)?)?"), where, "jdk must be *, N, N- or N-M, not '" + s.jdk() + "'");
            check(!s.function().isEmpty(), where, "name the function (as nm -C prints it)");
            check(!s.tests().isEmpty(), where, "name the tests the mutant should fail (a file, a directory or a group)");
            check(options.isEmpty() || options.startsWith("-"), where, "options are VM options (-XX:..., -X...), or -, not '" + options + "'");
            specs.add(s);
        }
        return specs;
    }

    /** One line of a '|'-separated file: its columns and where it was read (file:line). */
    private record Row(String where, String[] columns) {
    }

    /** A file's rows, blank lines and '#' comments left out; a missing file is the message given. */
    private static List<Row> rows(Path file, String missing) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(missing);
        }
        List<Row> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                out.add(new Row(file + ":" + (i + 1), line.split("\\s*\\|\\s*", -1)));
            }
        }
        return out;
    }

    private static void check(boolean ok, String where, String fault) {
        if (!ok) {
            throw new IllegalArgumentException(where + ": " + fault);
        }
    }

    /** One claim's frame (make/mutants/frames.txt): its test and the prefixes of the functions its behaviour lives in. */
    public record Frame(List<String> tests, String jdk, List<String> functions, String where) {
        /** The claim's name: its first test's class (the others sharpen the same claim). */
        public String claim() {
            return tests.get(0).replaceFirst(".*/", "").replaceFirst("\\.java$", "");
        }

        /** The tests as a set line names them: blank-separated, every mutant of the frame runs them all. */
        public String testList() {
            return String.join(" ", tests);
        }
    }

    /**
     * A frames file: "test [test ...] | jdk | prefix; prefix; ..." a line (a claim's tests, blank-separated), '#'
     * comments; a malformed line names file:line.
     */
    public static List<Frame> readFrames(Path file) throws IOException {
        List<Frame> out = new ArrayList<>();
        for (Row row : rows(file, "FRAMES=" + file + ": no such file")) {
            String[] f = row.columns();
            List<String> tests = List.of(f.length > 0 ? f[0].trim().split("\\s+") : new String[0]);
            check(f.length == 3 && tests.stream().allMatch(t -> t.endsWith(".java")) && f[1].matches("\\*|\\d+(-(\\d+)?)?") && !f[2].isBlank(), row.where(),
                    "expected 'test.java [test.java ...] | jdk (*, N, N- or N-M) | function prefix; ...'");
            out.add(new Frame(tests, f[1], List.of(f[2].split("\\s*;\\s*")), row.where()));
        }
        check(!out.isEmpty(), "FRAMES=" + file, "declares no claim");
        return out;
    }

    /** Checks set files, and with --frames FILE a frames file: nothing on success; else one "error: " line, exit 2. */
    public static void main(String[] args) throws IOException {
        try {
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--frames")) {
                    readFrames(Path.of(args[++i]));
                } else {
                    read(Path.of(args[i]));
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        }
    }

    /**
     * One line of a set file: id | jdk | kind | function | site | tests | expect | why [| options], and where it was read.
     * {@code options}: VM options every run of this mutant adds, as a user's VM_OPTIONS would (its baseline's too); "" for none.
     */
    public record Spec(String id, String jdk, String kind, String function, String site, String tests, String expect, String why,
                       String options, String origin) {
        /**
         * This line with the expectation of a run on ISA: the expect column is a verdict for every ISA, then, comma
         * separated, ISA=verdict where an ISA's code differs (store-load-elided: "killed, aarch64=unreached", AArch64's
         * matcher elides the barrier by its own rule and never asks the function).
         */
        public Spec on(String isa) {
            String[] parts = expect.split("\\s*,\\s*");
            String own = parts[0];
            for (int k = 1; k < parts.length; k++) {
                if (parts[k].startsWith(isa + "=")) {
                    own = parts[k].substring(isa.length() + 1);
                }
            }
            return new Spec(id, jdk, kind, function, site, tests, own, why, options, origin);
        }
    }
}
