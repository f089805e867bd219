package mutants;

import anatomy.capture.OfflineDecoder;
import anatomy.isa.Isa;
import anatomy.model.AssemblyParser;
import anatomy.model.Instruction;
import anatomy.model.NMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import report.Compare;

/**
 * Trivial Compiler Equivalence applied to the JIT: a mutant the tests do not kill is equivalent for this program when
 * what the tests observe is the baseline's, compiled code first. What a test's child VMs leave in its retained
 * directory (a run with RETAIN=all) is read as a capture: per child VM, in the order the test started them, the
 * machine code of each method it printed (the pack's disassembly, last compilation of each method and tier, as make
 * compare keys them), normalised so that two runs of the same code read the same, and the numbers it measured
 * ({@code measure:} facts, anatomy.Jit#measure). Two captures are identical, or the first difference is shown.
 *
 * Normalised: an address inside the nmethod becomes its offset from the method's first instruction ({@code @+0x2c}),
 * any other number of more than 8 hex digits (a code-cache, metaspace or stub address, an oop) becomes {@code ADDR},
 * so does a number of 16 MB or more aligned to 16 MB moved into a register (the compressed class space's base,
 * which C1 decodes a class pointer with: {@code movl $0x1f000000, %r10d}, {@code $0x9f000000}, {@code $0xa000000} in three runs of
 * NewArrayIsZeroedUnlessOverwritten; a mutant that changes a moved constant to or from such a number would be
 * missed; a compare's {@code $0x80000000}, Integer.MIN_VALUE before a division, stays),
 * and so does the immediate of an instruction the VM notes as a relocated constant ({@code {metadata(...)}},
 * {@code {oop(...)}}: a class or method in metaspace, which moves below 4 GB too) and a number of 8 hex digits or more
 * in a note, and a stub's or runtime function's address moved into a register, which the VM notes as
 * {@code {runtime_call ...}} (the note names the target; on x86_64 a call's target has more than 8 hex digits anyway).
 * Where the ISA builds such a constant in parts, the parts that complete it are ADDR too: on AArch64 the
 * noted {@code mov xN, #lo} and the unnoted {@code movk xN, #.., lsl #16} / {@code lsl #32} right after it into the same
 * register (the ISA's vocabulary says which, Isa#relocatedConstant); an unnoted {@code mov} and its {@code movk}s stay.
 * Smaller immediates and displacements, mnemonics, registers, shifts and the rest of the notes stay as printed. hlt
 * padding (x86_64) is left out, as make compare leaves it out of a method's size.
 */
public final class Equivalence {
    /** One test's capture: "vm N: Class::m (c2, level 4)" or "vm N: measured" -> its normalised lines. */
    public record Capture(Map<String, List<String>> listings) {
        boolean hasCode() {
            return listings.keySet().stream().anyMatch(k -> !k.endsWith(": measured"));
        }

        int instructions() {
            return listings.entrySet().stream().filter(e -> !e.getKey().endsWith(": measured")).mapToInt(e -> e.getValue().size()).sum();
        }
    }

    /** The outcome of a comparison: identical, different (with the excerpt), or nothing to compare (why). */
    public record Judgement(String kind, String detail) {
        public static final String IDENTICAL = "identical", DIFFERENT = "different", NONE = "none";
    }

    static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]+)");
    static final Pattern RELOCATED = Pattern.compile("^\\s*\\{(metadata|oop)\\(");
    /** A stub's or the runtime's address, named by the note: where the code cache and libjvm.so were mapped this run. */
    static final Pattern RUNTIME_CALL = Pattern.compile("^\\s*\\{runtime_call ");

    /** One instruction as two runs of the same code print it: addresses made relative or ADDR (the class comment). */
    static String normalise(String text, long start, long end) {
        return normalise(text, start, end, false);
    }

    /** The same; with {@code bases}, a move's immediate aligned to 16 MB is taken for the class space's base. */
    static String normalise(String text, long start, long end, boolean bases) {
        Matcher m = HEX.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String digits = m.group(1).replaceFirst("^0+(?=.)", "");
            String with;
            if (digits.length() > 16) {
                with = "ADDR";
            } else {
                long v = Long.parseUnsignedLong(digits, 16);
                with = v >= start && v < end ? String.format("@+0x%x", v - start)
                        : digits.length() > 8 || bases && v >= 0x1000000 && (v & 0xffffff) == 0 ? "ADDR" : m.group();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(with));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** An nmethod's instructions as the ISA prints them, normalised, with the VM's notes after " ;" (hlt padding left out). */
    static List<String> listing(NMethod nm, Isa isa) {
        List<Instruction> code = nm.instructions();
        if (code.isEmpty()) {
            return List.of();
        }
        long start = code.get(0).address();
        long end = code.get(code.size() - 1).address() + 16;
        if (nm.mainCodeStart() >= 0 && nm.mainCodeEnd() > nm.mainCodeStart()) {
            start = Math.min(start, nm.mainCodeStart());
        }
        List<String> texts = code.stream().map(Instruction::text).toList();
        List<String> out = new ArrayList<>();
        // the rest of a relocated constant an ISA builds in parts (AArch64's movk's after the noted mov), normalised
        List<String> parts = List.of();
        for (int k = 0; k < code.size(); k++) {
            Instruction i = code.get(k);
            // a constant the VM relocates (a class, a method, its profile, an oop) is a metaspace or heap address,
            // which moves from run to run below 4 GB too: its note names what it is
            boolean relocated = i.annotations().stream().anyMatch(a -> RELOCATED.matcher(a).find());
            // a runtime call's address built in a register (A64: mov and movk's) is one too, its target named by the
            // note; a call instruction's target, which that leaves as it is, is normalised below, as any address is
            boolean called = i.annotations().stream().anyMatch(a -> RUNTIME_CALL.matcher(a).find());
            List<String> constant = relocated || called ? isa.relocatedConstant(texts, k, "ADDR") : null;
            String text;
            if (constant != null && (relocated || !constant.get(0).equals(texts.get(k)))) {
                text = constant.get(0);
                parts = constant.subList(1, constant.size());
            } else if (!parts.isEmpty()) {
                text = parts.get(0);
                parts = parts.subList(1, parts.size());
            } else {
                text = normalise(i.text(), start, end, i.mnemonic().startsWith("mov"));
            }
            if (i.mnemonic().equals("hlt")) {
                continue;
            }
            StringBuilder line = new StringBuilder(text);
            for (String a : i.annotations()) {
                line.append(" ;").append(normalise(a.replaceAll("0x[0-9a-fA-F]{8,}", "ADDR"), start, end).strip());
            }
            out.add(line.toString());
        }
        return out;
    }

    /** The capture of one child VM's printed code and one facts file's measures, read from their texts. */
    public static void add(Map<String, List<String>> into, int vm, String stdout, List<String> facts, Isa isa) {
        add(into, vm, stdout, facts, isa, null);
    }

    /**
     * The same, with the pack's decoder for a VM that printed hex (no plugin for its ISA: a qemu run whose plugin was
     * not built): its instructions are decoded as the tests decode them, so relocated constants and call targets are
     * normalised like the plugin's text; undecoded hex would differ in every relocated byte.
     */
    public static void add(Map<String, List<String>> into, int vm, String stdout, List<String> facts, Isa isa, Path decoder) {
        if (stdout != null) {
            if (decoder != null && OfflineDecoder.hasHexCode(stdout) && OfflineDecoder.decodes(decoder, isa)) {
                stdout = new OfflineDecoder(decoder, isa).decode(stdout);
            }
            List<NMethod> nms;
            try {
                nms = AssemblyParser.parse(stdout, "vm " + vm);
            } catch (RuntimeException e) {
                nms = List.of();   // output cut short: nothing of it is compared
            }
            for (Map.Entry<String, NMethod> e : Compare.byMethod(nms).entrySet()) {
                into.put("vm " + vm + ": " + e.getKey(), listing(e.getValue(), isa));
            }
        }
        if (facts != null) {
            List<String> measured = facts.stream().filter(l -> l.startsWith("measure:")).toList();
            if (!measured.isEmpty()) {
                into.put("vm " + vm + ": measured", measured);
            }
        }
    }

    /** The directory jtreg retained a test's files in (test/x/T.java#id -> work/test/x/T_id). */
    public static Path retained(Path work, String test) {
        String file = test.replaceAll("#.*", "").replaceAll("\\.java$", "");
        String id = test.contains("#") ? "_" + test.substring(test.indexOf('#') + 1) : "";
        return work.resolve(file + id);
    }

    /** The trailing counter of a child VM's file (T-24271-5.stdout -> 5): the order the test started its VMs in. */
    static long counter(Path p) {
        Matcher m = Pattern.compile("-(\\d+)\\.[a-z]+$").matcher(p.getFileName().toString());
        return m.find() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }

    /** A test's capture from its retained directory: its .stdout files in order, each VM's .facts beside. */
    public static Capture capture(Path dir, Isa isa) throws IOException {
        return capture(dir, isa, null);
    }

    /** The same, hex decoded by the decoder given (null: left as printed). */
    public static Capture capture(Path dir, Isa isa, Path decoder) throws IOException {
        Map<String, List<String>> into = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return new Capture(into);
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".stdout") || p.toString().endsWith(".facts"))
                    .sorted(Comparator.comparingLong(Equivalence::counter).thenComparing(Path::toString)).toList();
        }
        int vm = 0;
        for (Path p : files) {
            if (p.toString().endsWith(".stdout")) {
                add(into, ++vm, Files.readString(p), null, isa, decoder);
            } else {
                add(into, vm + 1, null, Files.readAllLines(p), isa);   // a VM's facts file is written before its output
            }
        }
        return new Capture(into);
    }

    /** The captures of the tests of a run (its jtreg work directory), by test; written as text beside, for a reader. */
    static Map<String, Capture> captureRun(Path work, Collection<String> tests, Path keep, Isa isa, Path decoder) throws IOException {
        Map<String, Capture> out = new LinkedHashMap<>();
        for (String t : tests) {
            Capture c = capture(retained(work, t), isa, decoder);
            out.put(t, c);
            if (keep != null && !c.listings().isEmpty()) {
                Path file = keep.resolve(t.replaceAll("[/#]", "_") + ".txt");
                Files.createDirectories(keep);
                StringBuilder s = new StringBuilder();
                c.listings().forEach((k, v) -> {
                    s.append("== ").append(k).append('\n');
                    v.forEach(l -> s.append("  ").append(l).append('\n'));
                });
                Files.writeString(file, s);
            }
        }
        return out;
    }

    /**
     * The mutant's captures against the baseline's, over the tests given: identical when every test's capture is,
     * code and measures; different at the first that is not, with an excerpt; none when a test has no code captured
     * on either side (its child VMs printed none, or the run did not retain it): nothing is then proven.
     */
    public static Judgement compare(Map<String, Capture> base, Map<String, Capture> mutant, Collection<String> tests) {
        int methods = 0, instructions = 0, measures = 0;
        for (String t : tests) {
            Capture b = base.get(t), m = mutant.get(t);
            if (b == null || m == null || !b.hasCode() || !m.hasCode()) {
                return new Judgement(Judgement.NONE, t + ": no compiled code captured " + (b == null || !b.hasCode() ? "on the baseline" : "under the mutant")
                        + " (the test's child VMs printed none, or the run retained none): nothing to compare");
            }
            if (!b.listings().equals(m.listings())) {
                return new Judgement(Judgement.DIFFERENT, t + ": " + firstDifference(b.listings(), m.listings()));
            }
            methods += (int) b.listings().keySet().stream().filter(k -> !k.endsWith(": measured")).count();
            instructions += b.instructions();
            measures += b.listings().entrySet().stream().filter(e -> e.getKey().endsWith(": measured")).mapToInt(e -> e.getValue().size()).sum();
        }
        return new Judgement(Judgement.IDENTICAL, "identical code: " + methods + " compiled method" + (methods == 1 ? "" : "s") + ", "
                + instructions + " instructions, and " + measures + " measure" + (measures == 1 ? "" : "s") + " as the baseline's");
    }

    /** The first listing that differs, with its first hunk: a few lines of context, then - baseline / + mutant. */
    static String firstDifference(Map<String, List<String>> base, Map<String, List<String>> mutant) {
        List<String> keys = new ArrayList<>(base.keySet());
        mutant.keySet().stream().filter(k -> !base.containsKey(k)).forEach(keys::add);
        for (String k : keys) {
            List<String> a = base.get(k), b = mutant.get(k);
            if (a == null || b == null) {
                return k + ": " + (a == null ? "only under the mutant" : "only on the baseline") + " (" + (a == null ? b : a).size() + " lines)";
            }
            if (!a.equals(b)) {
                return k + ": " + a.size() + " -> " + b.size() + " lines; first difference:\n" + hunk(a, b);
            }
        }
        return "the same listings in another order";
    }

    /** The first hunk of a line diff (longest common subsequence): 2 lines of context, at most 8 changed lines. */
    static String hunk(List<String> a, List<String> b) {
        int n = a.size(), m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0, j = 0, changed = 0, after = -1;
        while ((i < n || j < m) && changed < 8) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                if (changed > 0) {
                    if (++after > 2) {
                        break;
                    }
                    out.add("      " + a.get(i));
                } else {
                    out.add("      " + a.get(i));
                    if (out.size() > 2) {
                        out.remove(0);
                    }
                }
                i++;
                j++;
            } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
                out.add("    - " + a.get(i++));
                changed++;
                after = 0;
            } else {
                out.add("    + " + b.get(j++));
                changed++;
                after = 0;
            }
        }
        return String.join("\n", out);
    }
}
