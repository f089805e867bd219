package mutants;

import anatomy.capture.ChildVmException;
import anatomy.isa.Isa;
import anatomy.probe.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import mutants.MutantSet.Spec;
import results.RunResults;
import sensitivity.Sensitivity;

/**
 * make mutants: HotSpot changed in its own machine code, one change a mutant, and the pack run against each.
 *
 * A mutant is a copy of the JDK under test (hard links) whose libjvm.so carries one edit, found through the
 * separate debug file Debian ships for that very build (make/jdks.sh dbg): a function that returns at entry with a
 * neutral value, a conditional branch at a source line inverted or made unconditional, or a call at a source line
 * skipped. Every site is decoded by the pack's decoder before and after; an edit that would cut an instruction,
 * or land where a branch of the function jumps into, is refused. The real JDK is never written.
 *
 * Each mutant is judged against a baseline run of the same tests on the unchanged copy:
 *   killed     a test that passed on the baseline fails (named);
 *   crashed    ... and the VM died doing it (the fatal error's first frame named): detected, counted apart;
 *   stopped    no test ran because the probe stopped the run, naming why (a compiler built in and on that compiles
 *              nothing, issue 40): detected, counted apart;
 *   unreached  every test kept its outcome, and with a trap at every site (ud2, udf) still did: the code never ran;
 *   equivalent every test kept its outcome, the trap shows the site runs, and the tests' compiled code and measures
 *              are the baseline's, the site being the JIT's own code (Equivalence, survivor()): out of the score;
 *   survived   every test kept its outcome although the trap shows the site runs (an oracle gap when the code differs);
 *   refused    the set names no site this binary has, or an edit that cannot be made safely;
 *   not run    no test it ran passed on the baseline (skipped on this JDK: another ISA's claim): counted as skipped.
 * Score = killed / (killed + survived). Exit status 1 when a mutant survived (even one its set expects to), was
 * refused, or differs from the verdict its set expects; the last line is "N passed, N failed, N skipped" in those
 * terms (passes()), a survivor always among the failed (skipped: a mutant for another JDK release).
 *
 * Two modes run no test: LIST prints a function's branch and call sites with their source lines (what a set line's
 * site names: lines move between releases), DRY resolves every mutant of the set and prints its edits or refusal.
 *
 * Usage: Mutants WORK JDK_HOME LABEL ISA FEATURE DEBUG_FILE DECODER SET_FILE [TEST] [SEED N] [LIST] [DRY] [MUTANTS] [FRAMES]
 */
public class Mutants {
    record Edit(long address, byte[] before, byte[] after, String what) {
    }

    record Mutant(Spec spec, List<Edit> edits, String refusal) {
    }

    public record Verdict(Mutant mutant, String outcome, String detail, double seconds) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 8) {
            System.err.println("usage: Mutants WORK JDK_HOME LABEL ISA FEATURE DEBUG_FILE DECODER SET_FILE [TEST] [SEED N] [LIST] [DRY] [MUTANTS]");
            System.exit(2);
        }
        Path work = Path.of(args[0]).toAbsolutePath();
        Path home = Path.of(args[1]).toRealPath();
        String label = args[2], isa = args[3];
        int feature = Integer.parseInt(args[4]);
        Path debug = Path.of(args[5]), decoder = Path.of(args[6]);
        String setArg = args[7];
        String test = args.length > 8 ? args[8].trim() : "";
        String seed = args.length > 9 ? args[9].trim() : "";
        int n = args.length > 10 && !args[10].isBlank() ? Integer.parseInt(args[10].trim()) : 40;
        String listed = args.length > 11 ? args[11].trim() : "";
        boolean dry = args.length > 12 && !args[12].isBlank();
        String ids = args.length > 13 ? args[13].trim() : "";
        String framesFile = args.length > 14 ? args[14].trim() : "";

        List<Spec> specs = new ArrayList<>();
        for (String file : setArg.split("\\s+")) {
            for (Spec s : readSet(Path.of(file))) {
                specs.add(s.on(isa));   // the line's expectation for this run's ISA
            }
        }
        try {
            specs = pick(specs, framesFile.isEmpty() ? ids : "");   // with FRAMES=, the ids are the draw's (below)
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
        }
        // Under qemu, home is a facade of make/jdks.sh over the real JDK of that ISA: its libjvm.so is the real one's.
        Optional<Copies.Facade> facade = Copies.Facade.of(home);
        Path libjvm = facade.map(Copies.Facade::real).orElse(home).resolve("lib/server/libjvm.so");
        Binary binary = new Binary(libjvm, debug, decoder, isa, work.resolve("cache"));
        Patches patches = Patches.of(isa);
        if (!listed.isEmpty()) {
            System.exit(list(binary, patches, listed));
        }
        if (!framesFile.isEmpty()) {
            // The claim-scoped sample: each mutant runs its own claim's tests (TEST= is refused with FRAMES=).
            specs = Frames.draw(binary, MutantSet.readFrames(Path.of(framesFile)), feature, Long.parseLong(seed), n);
            // MUTANTS= picks from the draw (its ids), as it picks from a set's lines without FRAMES=.
            try {
                specs = pick(specs, ids);
            } catch (IllegalArgumentException e) {
                fail(e.getMessage());
            }
        } else if (!seed.isEmpty()) {
            specs = sample(binary, specs, Long.parseLong(seed), n, test.isEmpty() ? "all" : test);
        }

        List<Mutant> mutants = new ArrayList<>();
        List<Spec> elsewhere = new ArrayList<>();
        for (Spec s : specs) {
            if (appliesTo(s.jdk(), feature)) {
                mutants.add(resolve(binary, patches, s));
            } else {
                elsewhere.add(s);
            }
        }
        if (dry) {
            System.exit(dryRun(mutants, elsewhere, label));
        }
        Copies.Jdk jdk = Copies.prepare(home, facade, work, label);
        Path run = work.resolve("run");

        // The baselines: the unchanged copy, over every test some mutant asks for, once per set of VM options the
        // mutants' lines give (most give none: one baseline).
        Map<String, Set<String>> testsByOptions = new LinkedHashMap<>();
        mutants.stream().filter(m -> m.refusal() == null)
                .forEach(m -> testsByOptions.computeIfAbsent(m.spec().options(), o -> new LinkedHashSet<>()).add(selection(m, test)));
        Map<String, Map<String, RunResults.Result>> baselines = new LinkedHashMap<>();
        // Each baseline's code, captured once (its runs retain every test's child VM output): what a survivor's
        // code is compared with (Equivalence), kept as text in code/baseline*/ for a reader.
        Map<String, Map<String, Equivalence.Capture>> baseCode = new LinkedHashMap<>();
        for (Map.Entry<String, Set<String>> e : testsByOptions.entrySet()) {
            String options = e.getKey();
            String union = String.join(" ", new TreeSet<>(List.of(String.join(" ", e.getValue()).split("\\s+"))));
            Copies.writeLibrary(jdk, binary.bytes);
            Path log = work.resolve(options.isEmpty() ? "baseline.log" : "baseline-" + (baselines.size() + 1) + ".log");
            System.out.println("mutants: baseline (" + label + ", no mutant" + (options.isEmpty() ? "" : ", VM options " + options)
                    + ") over " + union + "; log " + log);
            Map<String, RunResults.Result> baseline = runPack(run, jdk, union, options, log);
            if (baseline.isEmpty()) {
                System.err.println("mutants: the baseline did not run: see " + log);
                System.exit(2);
            }
            if (baseline.values().stream().noneMatch(r -> r.outcome() == Outcome.PASSED)) {
                System.err.println("mutants: no test passed on the baseline, so no mutant can be judged: see " + log);
                System.exit(2);
            }
            baselines.put(options, baseline);
            baseCode.put(options, Equivalence.captureRun(run.resolve("jtreg/last/work"), baseline.keySet(),
                    work.resolve("code").resolve(options.isEmpty() ? "baseline" : "baseline-" + baselines.size()), Isa.ofOsArch(isa),
                    binary.decoder));
        }
        Map<String, RunResults.Result> baseline = baselines.getOrDefault("", Map.of());

        // A sample's mutants mostly sit in code the pack never runs: traps at the sites of several mutants at once
        // that change no test show each of them unreached in one run instead of two runs each.
        // Sites the VM runs while it starts (stub and interpreter generation, compiler initialisation) are reached by
        // every test: one `java -version` with a trap there says so in a fraction of a second, keeps such a site out
        // of the screening groups (one would make its whole group judged alone) and spares its own trap run.
        Set<Mutant> atStart = seed.isEmpty() ? Set.of() : reachedAtStart(mutants, binary, patches, jdk, work);
        Map<Mutant, Verdict> screened = seed.isEmpty() ? Map.of()
                : screen(mutants.stream().filter(m -> !atStart.contains(m)).toList(), binary, patches, jdk, run, work, baseline, test);
        List<Verdict> verdicts = new ArrayList<>();
        for (Mutant m : mutants) {
            long start = System.nanoTime();
            Verdict v = m.refusal() != null ? new Verdict(m, "refused", m.refusal(), 0)
                    : screened.containsKey(m) ? screened.get(m)
                    : judge(m, binary, patches, jdk, run, work, baselines.getOrDefault(m.spec().options(), Map.of()),
                            baseCode.getOrDefault(m.spec().options(), Map.of()), test, atStart.contains(m));
            if (!framesFile.isEmpty() && v.outcome().equals("killed")) {
                List<Path> jtrs = new ArrayList<>();
                for (String t : m.spec().tests().split("\\s+")) {
                    jtrs.addAll(Frames.jtrFiles(run.resolve("jtreg/last/work"), t));
                }
                String how = Frames.killedBy(jtrs);
                v = new Verdict(m, v.outcome(), v.detail() + "; killed " + (how.equals("assertion") ? "by its assertion" : how), v.seconds());
            }
            v = new Verdict(v.mutant(), v.outcome(), v.detail(), v.seconds() + (System.nanoTime() - start) / 1e9);
            verdicts.add(v);
            System.out.printf("mutants: %-28s %-9s %6.1f s  %s%n", m.spec().id(), v.outcome(), v.seconds(), v.detail());
        }
        Copies.writeLibrary(jdk, binary.bytes);
        if (!framesFile.isEmpty()) {
            Frames.report(verdicts);
        }
        report(verdicts, elsewhere, label, work);
    }

    // ---- the set file ----

    /** Reads a set file (MutantSet); a malformed line is one error naming file:line, exit 2. */
    static List<Spec> readSet(Path file) throws IOException {
        try {
            return MutantSet.read(file);
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return List.of();
        }
    }

    /**
     * MUTANTS=: the set's lines with these ids (blank- or comma-separated), in the order given (the first measured
     * first: under qemu a run may not reach the last); all of them when none is given. An id the set does not have
     * is an error, not a smaller run.
     */
    public static List<Spec> pick(List<Spec> specs, String ids) {
        if (ids.isBlank()) {
            return specs;
        }
        Set<String> wanted = new LinkedHashSet<>(List.of(ids.trim().split("[\\s,]+")));
        Set<String> unknown = new LinkedHashSet<>(wanted);
        specs.forEach(s -> unknown.remove(s.id()));
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("MUTANTS=" + ids + ": no mutant " + String.join(", ", unknown) + " in the set");
        }
        List<Spec> out = new ArrayList<>();
        for (String id : wanted) {
            specs.stream().filter(s -> s.id().equals(id)).forEach(out::add);
        }
        return out;
    }

    static boolean appliesTo(String jdk, int feature) {
        if (jdk.equals("*")) {
            return true;
        }
        String[] r = jdk.split("-", -1);
        int low = Integer.parseInt(r[0]);
        int high = r.length == 1 ? low : r[1].isEmpty() ? Integer.MAX_VALUE : Integer.parseInt(r[1]);
        return feature >= low && feature <= high;
    }

    static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }

    // ---- from a spec to its edits ----

    static final Pattern LINE = Pattern.compile("(?:([\\w.+-]+:\\d+)(?:#(\\d+(?:,\\d+)*))?)?\\s*(invert|always|never|boundary|=-?\\d+|[+-]\\d+|=[A-Za-z_][\\w:]*(?:\\+\\d+)?)?\\s*(?:->\\s*(\\S.*))?");
    static final Pattern BRANCH_ACTION = Pattern.compile("invert|always|never|boundary"), CONSTANT_ACTION = Pattern.compile("=-?\\d+|[+-]\\d+"),
            GLOBAL_ACTION = Pattern.compile("=([A-Za-z_][\\w:]*)(?:\\+(\\d+))?");

    /**
     * The edits of a mutant. return: site is the value (void, 0, 1), patched at the entry of the function and of
     * each clone GCC made of it (.part, .isra, .constprop; a .cold part is entered only from its function). branch:
     * site is "file.cpp:LINE[#k] invert|always|never": the conditional branches of the function (and its clones)
     * whose inline chain holds that line (the k-th only, with #k). constant: "file.cpp:LINE[#k] =V|+N|-N": the
     * constants put into a register there. global: "file.cpp:LINE[#k] =NAME[+N]": the statics read or addressed there
     * read or addressed at that global (and byte offset) instead. call: "file.cpp:LINE[#k]" or "-> callee": the calls
     * there (or to that callee) skipped, their result 0.
     */
    static Mutant resolve(Binary binary, Patches patches, Spec s) throws IOException {
        List<Binary.Symbol> symbols = binary.symbols(s.function()).stream().filter(x -> !x.isColdPart()).toList();
        if (symbols.isEmpty()) {
            return new Mutant(s, List.of(), "no function " + s.function() + " in the symbol table");
        }
        List<Edit> edits = new ArrayList<>();
        if (s.kind().equals("return")) {
            byte[] ret;
            try {
                ret = patches.returnWith(s.site());
            } catch (IllegalArgumentException e) {
                return new Mutant(s, List.of(), s.origin() + ": " + e.getMessage());
            }
            for (Binary.Symbol sym : symbols) {
                List<Binary.Instruction> code = binary.decode(sym);
                int first = !code.isEmpty() && patches.isLandingPad(code.get(0).bytes()) ? 1 : 0;
                if (code.size() <= first) {
                    return new Mutant(s, List.of(), sym.name() + " has no instruction to patch");
                }
                long at = code.get(first).address();
                long end = at;
                int length = Math.max(ret.length, patches.trapInstruction().length);   // its trap must fit too
                for (int i = first; i < code.size() && end < at + length; i++) {
                    end = code.get(i).end();
                }
                if (end < at + length) {
                    return new Mutant(s, List.of(), sym.name() + " is shorter than the return it would get");
                }
                for (Binary.Instruction i : code) {
                    Long target = branchTarget(i);
                    if (target != null && target > at && target < end) {
                        return new Mutant(s, List.of(), sym.name() + ": " + i + " jumps into the patched entry");
                    }
                }
                byte[] after = new byte[(int) (end - at)];  // the return, then no-ops to the next instruction
                System.arraycopy(ret, 0, after, 0, ret.length);
                System.arraycopy(patches.filler(after.length - ret.length), 0, after, ret.length, after.length - ret.length);
                edits.add(new Edit(at, binary.slice(at, after.length), after, sym.name() + ": return " + s.site() + " at entry"));
            }
        } else {
            Matcher m = LINE.matcher(s.site());
            if (!m.matches() || (s.kind().equals("branch") && (m.group(1) == null || m.group(3) == null || m.group(4) != null
                    || !BRANCH_ACTION.matcher(m.group(3)).matches()))
                    || (s.kind().equals("constant") && (m.group(1) == null || m.group(3) == null || m.group(4) != null
                    || !CONSTANT_ACTION.matcher(m.group(3)).matches()))
                    || (s.kind().equals("global") && (m.group(1) == null || m.group(3) == null || m.group(4) != null
                    || !GLOBAL_ACTION.matcher(m.group(3)).matches()))
                    || (s.kind().equals("call") && (m.group(3) != null || (m.group(1) == null && m.group(4) == null)))) {
                return new Mutant(s, List.of(), s.origin() + ": site must be " + switch (s.kind()) {
                    case "branch" -> "file.cpp:LINE[#k] invert|always|never|boundary";
                    case "constant" -> "file.cpp:LINE[#k] =VALUE|+N|-N";
                    case "global" -> "file.cpp:LINE[#k] =GLOBAL[+N]";
                    default -> "file.cpp:LINE[#k], -> callee, or both";
                });
            }
            Long global = null;
            if (s.kind().equals("global")) {
                Matcher g = GLOBAL_ACTION.matcher(m.group(3));
                g.matches();
                global = binary.globalNamed(g.group(1));
                if (global == null) {
                    return new Mutant(s, List.of(), "no global " + g.group(1) + " in the symbol table");
                }
                global += g.group(2) == null ? 0 : Long.parseLong(g.group(2));
            }
            String line = m.group(1);
            // #k picks the k-th site of the line, #j,k,... several (one change where GCC copied the line: one mutant)
            List<Integer> ks = m.group(2) == null ? List.of() : java.util.Arrays.stream(m.group(2).split(",")).map(Integer::valueOf).toList();
            String callee = m.group(4);
            List<Binary.Instruction> found = new ArrayList<>();
            for (Binary.Symbol sym : symbols) {
                List<Binary.Instruction> code = binary.decode(sym);
                Map<Long, List<String>> lines = line == null ? Map.of() : binary.lines(sym, code);
                for (Binary.Instruction i : code) {
                    boolean kind = switch (s.kind()) {
                        case "branch" -> patches.isConditionalBranch(i.bytes());
                        case "constant" -> patches.immediate(i.bytes()) != null;
                        case "global" -> patches.globalAddress(i.bytes(), i.address()) != null;
                        default -> patches.isCall(i.bytes());
                    };
                    if (kind && (line == null || lines.getOrDefault(i.address(), List.of()).contains(line))
                            && (callee == null || binary.nameAt(branchTarget(i)).startsWith(callee))) {
                        found.add(i);
                    }
                }
            }
            if (found.isEmpty()) {
                return new Mutant(s, List.of(), "no " + switch (s.kind()) {
                            case "branch" -> "conditional branch";
                            case "constant" -> "constant put into a register";
                            case "global" -> "global's address taken";
                            default -> "call";
                        }
                        + (line == null ? "" : " at " + line) + (callee == null ? "" : " to " + callee) + " in " + s.function());
            }
            for (int k : ks) {
                if (k < 1 || k > found.size()) {
                    return new Mutant(s, List.of(), "#" + k + " asked, but " + line + " has " + found.size() + " in " + s.function());
                }
            }
            for (Binary.Instruction i : ks.isEmpty() ? found : ks.stream().distinct().map(k -> found.get(k - 1)).toList()) {
                byte[] after = s.kind().equals("call") ? patches.skipCall(i.bytes())
                        : s.kind().equals("constant") ? patches.withImmediate(i.bytes(), newValue(patches.immediate(i.bytes()), m.group(3)))
                        : s.kind().equals("global") ? patches.withGlobalAddress(i.bytes(), i.address(), global)
                        : switch (m.group(3)) {
                    case "invert" -> patches.invert(i.bytes());
                    case "always" -> patches.always(i.bytes());
                    case "boundary" -> patches.boundary(i.bytes());
                    default -> patches.never(i.bytes());
                };
                if (after == null) {
                    return new Mutant(s, List.of(), i + (s.kind().equals("constant") ? ": " + m.group(3) + " does not fit its immediate"
                            : s.kind().equals("global") ? ": " + m.group(3) + " is out of its reach"
                            : ": its condition has no boundary to move (an equality, sign or zero test)"));
                }
                edits.add(new Edit(i.address(), i.bytes(), after, i + " (" + line + ")"));
            }
        }
        // Decoded again after the edit: each edit must still be whole instructions that end where the original did.
        for (Edit e : edits) {
            List<Binary.Instruction> again = binary.decode(e.address(), e.after());
            long end = again.isEmpty() ? e.address() : again.get(again.size() - 1).end();
            if (end != e.address() + e.after().length) {
                return new Mutant(s, List.of(), String.format("the edit at 0x%x does not decode to whole instructions: %s",
                        e.address(), again));
            }
        }
        return new Mutant(s, edits, null);
    }

    /** A constant mutant's new value: "=V" that value, "+N" / "-N" the old one moved by N. */
    static long newValue(long old, String action) {
        return action.startsWith("=") ? Long.parseLong(action.substring(1)) : old + Long.parseLong(action);
    }

    static final Pattern HEX_TARGET = Pattern.compile("\\b0x([0-9a-f]{6,16})\\b");

    /** A direct branch's or call's target, as the decoder prints it (an absolute address), or null. */
    static Long branchTarget(Binary.Instruction i) {
        if (!i.text().matches("(?s)(j|b|cb|tb|call|bl).*")) {
            return null;
        }
        Matcher m = HEX_TARGET.matcher(i.text());
        return m.find() ? Long.parseLong(m.group(1), 16) : null;
    }

    // ---- the modes that run nothing ----

    /**
     * LIST=function: every function whose demangled name starts so, its clones with their sizes (a return mutant
     * patches each), and each conditional branch and call with its inline chain, innermost first, every line
     * numbered #k as a branch or call site names it (the k-th site of that kind at that line, over the clones).
     */
    static int list(Binary binary, Patches patches, String prefix) throws IOException {
        List<String> names = binary.functions().stream().filter(f -> f.startsWith(prefix)).sorted().toList();
        if (names.isEmpty()) {
            System.err.println("error: no function of " + binary.debug + " starts with '" + prefix + "' (nm -C's spelling)");
            return 2;
        }
        for (String f : names) {
            List<Binary.Symbol> symbols = binary.symbols(f);
            System.out.println(f);
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (Binary.Symbol sym : symbols) {
                System.out.printf("  0x%x %5d bytes  %s%s%n", sym.address(), sym.size(), sym.name(),
                        sym.isColdPart() ? "  (entered only from its function: not patched, its sites not counted)" : "");
                if (sym.isColdPart()) {
                    continue;
                }
                List<Binary.Instruction> code = binary.decode(sym);
                Map<Long, List<String>> lines = binary.lines(sym, code);
                for (Binary.Instruction i : code) {
                    String kind = patches.isConditionalBranch(i.bytes()) ? "branch" : patches.isCall(i.bytes()) ? "call"
                            : patches.immediate(i.bytes()) != null ? "constant"
                            : patches.globalAddress(i.bytes(), i.address()) != null ? "global" : null;
                    if (kind == null) {
                        continue;
                    }
                    List<String> sites = new ArrayList<>();
                    for (String line : new LinkedHashSet<>(lines.getOrDefault(i.address(), List.of()))) {
                        sites.add(line + "#" + seen.merge(kind + " " + line, 1, Integer::sum));
                    }
                    String callee = kind.equals("call") ? binary.nameAt(branchTarget(i))
                            : kind.equals("global") ? binary.globalAt(patches.globalAddress(i.bytes(), i.address())) : "";
                    System.out.printf("    %-8s %s%s%n        at %s%n", kind, i, callee.isEmpty() ? "" : "  -> " + callee,
                            sites.isEmpty() ? "(no line)" : String.join(" < ", sites));
                }
            }
        }
        return 0;
    }

    /** DRY=1: each mutant of the set resolved against this binary, its edits or why it is refused; nothing runs. */
    static int dryRun(List<Mutant> mutants, List<Spec> elsewhere, String label) {
        int refused = 0;
        for (Mutant m : mutants) {
            if (m.refusal() != null) {
                refused++;
                System.out.printf("  %-28s refused  %s%n", m.spec().id(), m.refusal());
                continue;
            }
            System.out.printf("  %-28s %d edit%s%n", m.spec().id(), m.edits().size(), m.edits().size() == 1 ? "" : "s");
            m.edits().forEach(e -> System.out.printf("  %-28s   %s -> %s%n", "", e.what(), HexFormat.of().formatHex(e.after())));
        }
        System.out.printf("mutants: %s: %d resolved, %d refused, %d for other releases (nothing run)%n", label,
                mutants.size() - refused, refused, elsewhere.size());
        return refused > 0 ? 1 : 0;
    }

    // ---- running and judging ----

    static String selection(Mutant m, String test) {
        return test.isEmpty() ? m.spec().tests() : test;
    }

    static Verdict judge(Mutant m, Binary binary, Patches patches, Copies.Jdk jdk, Path run, Path work,
                         Map<String, RunResults.Result> baseline, Map<String, Equivalence.Capture> baseCode, String test,
                         boolean atStart) throws Exception {
        String tests = selection(m, test);
        Copies.writeLibrary(jdk, apply(binary.bytes, binary, m.edits(), false, patches));
        Path log = work.resolve("mutant-" + m.spec().id() + ".log");
        Path jtrs = run.resolve("jtreg/last/work");
        Map<String, RunResults.Result> now = runPack(run, jdk, tests, m.spec().options(), log);
        String crash = crashIn(log, jtrs);
        List<String> killed = changed(baseline, now, true);
        if (now.isEmpty()) {
            List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
            return new Verdict(m, notRun(crash, lines), "the pack did not run (" + (crash == null ? stopped(log) : crash) + ")", 0);
        }
        if (!judgeable(baseline, now)) {
            return new Verdict(m, "not run", "no test of it passed on the baseline (" + String.join(", ", now.entrySet().stream()
                    .map(e -> e.getKey() + " " + baseline.getOrDefault(e.getKey(), e.getValue()).outcome().word()).toList())
                    + "): nothing on this JDK can kill it, nor show it reached", 0);
        }
        if (!killed.isEmpty()) {
            return crash != null ? new Verdict(m, "crashed", crash + "; tests: " + String.join(", ", killed), 0)
                    : new Verdict(m, "killed", String.join(", ", killed), 0);
        }
        // A test that stops asserting under the mutant (a skip, a finding) saw the change but did not fail it.
        List<String> silenced = changed(baseline, now, false);
        if (!silenced.isEmpty() && crash != null && crashedUnderEmulator(baseline, now)) {
            // Under qemu the pack makes a child VM's crash inconclusive, not a failure (anatomy.Jit.crashed): the
            // same mutant on the hardware fails the test with the same fatal error, which is a crash here too.
            return new Verdict(m, "crashed", crash + "; tests: " + String.join(", ", silenced) + " (a child VM's crash under"
                    + " an emulator is inconclusive)", 0);
        }
        if (!silenced.isEmpty()) {
            return new Verdict(m, "survived", "reached, and no test failed: " + String.join(", ", silenced)
                    + " stopped asserting (see " + log + ")", 0);
        }
        // Nothing changed: the code the tests' VMs printed is captured now, before the trap run replaces it.
        List<String> judged = baseline.entrySet().stream().filter(e -> e.getValue().outcome() == Outcome.PASSED && now.containsKey(e.getKey()))
                .map(Map.Entry::getKey).toList();
        Map<String, Equivalence.Capture> code = Equivalence.captureRun(jtrs, judged, work.resolve("code").resolve(m.spec().id()),
                Isa.ofOsArch(binary.isa), binary.decoder);
        // Was the code reached at all? A trap at every site answers; at start, it has answered.
        if (atStart) {
            return survivor(m, "reached (a trap at its site stops the VM while it starts: every test runs it),"
                    + " yet every test kept its outcome", binary, baseCode, code, judged);
        }
        Map<String, RunResults.Result> trapped = trapRun(m.edits(), binary, patches, jdk, run, tests, m.spec().options(),
                work.resolve("trap-" + m.spec().id() + ".log"));
        List<String> reached = reached(baseline, trapped);
        if (trapped.isEmpty() || !reached.isEmpty()) {
            return survivor(m, "reached (the trap at its site changes " + (trapped.isEmpty() ? "every test"
                    : String.join(", ", reached)) + "), yet every test kept its outcome", binary, baseCode, code, judged);
        }
        return new Verdict(m, "unreached", "the trap at its site changes nothing: the pack never runs it", 0);
    }

    /**
     * A reached mutant under which every test kept its outcome, judged by its code (Trivial Compiler Equivalence, on
     * the JIT's output): the same compiled code and measures as the baseline's, for a mutant of the JIT's own code
     * (jit()), is {@code equivalent}: proven for this program, out of the score. Different code that stays green is
     * an oracle gap: {@code survived}, with the first difference. No code to compare, or a mutant outside the JIT
     * (a runtime or GC change the compiled code does not show): {@code survived}, as before.
     */
    static Verdict survivor(Mutant m, String reached, Binary binary, Map<String, Equivalence.Capture> baseCode,
                            Map<String, Equivalence.Capture> code, List<String> tests) throws IOException {
        Equivalence.Judgement j = Equivalence.compare(baseCode, code, tests);
        String where = m.edits().isEmpty() ? "" : binary.sourceFile(m.edits().get(0).address());
        return switch (j.kind()) {
            case Equivalence.Judgement.IDENTICAL -> jit(where)
                    ? new Verdict(m, "equivalent", "equivalent (identical code): " + reached + "; " + j.detail(), 0)
                    : new Verdict(m, "survived", reached + "; " + j.detail() + ", but the mutant is in " + where
                            + ", outside the JIT: its effect need not show in compiled code, so nothing is proven", 0);
            case Equivalence.Judgement.DIFFERENT -> new Verdict(m, "survived", "oracle gap: " + reached
                    + ", and the code differs from the baseline's: " + j.detail(), 0);
            default -> new Verdict(m, "survived", reached + "; " + j.detail(), 0);
        };
    }

    /**
     * Whether a source file is the JIT's, whose only effect on a program is the code it compiles (and whether it
     * compiles): C2 (opto/, a port's c2_*.cpp and its .ad files), C1, the compiler interface and broker, the
     * collectors' C1/C2 barrier code; not the runtime, the collectors, the interpreter or the stubs. Paths as
     * 28-ea+18's DWARF names them: make/hotspot/src/hotspot/share/opto/block.cpp, .../cpu/x86/x86.ad,
     * make/hotspot/ad_x86.cpp.
     */
    public static boolean jit(String source) {
        return source.matches(".*/(opto|c1|ci|compiler|jvmci)/.*|.*/gc/[^/]+/c[12]/.*|(.*/)?c[12]_[^/]*|.*\\.ad")
                || source.matches("(.*/)?ad_[^/]*\\.(cpp|hpp)");   // a port's .ad file, and the matcher ADLC made of it
    }

    /** A run with a trap at every edit's site; a trap's crash is expected, its error files only moved beside the log. */
    static Map<String, RunResults.Result> trapRun(List<Edit> edits, Binary binary, Patches patches, Copies.Jdk jdk, Path run, String tests,
                                         String options, Path log) throws Exception {
        Copies.writeLibrary(jdk, apply(binary.bytes, binary, edits, true, patches));
        Map<String, RunResults.Result> trapped = runPack(run, jdk, tests, options, log);
        crashIn(log, run.resolve("jtreg/last/work"));
        return trapped;
    }

    /**
     * The tests a trap run shows reaching a site: each that passed on the baseline and did not pass now, failed (a
     * trap stops the VM that reaches it: a crash, a failure on hardware) or not (skipped, inconclusive under qemu).
     */
    public static List<String> reached(Map<String, RunResults.Result> baseline, Map<String, RunResults.Result> trapped) {
        List<String> out = new ArrayList<>(changed(baseline, trapped, true));
        out.addAll(changed(baseline, trapped, false));
        return out;
    }

    /**
     * The mutants whose sites every test's VM runs: with a trap at every site of one mutant, a VM that starts and runs
     * a main class that does next to nothing (a lambda and a string concatenation: the invokedynamic any program of
     * the pack, jtreg's agent and every test's child VM run first) dies, as a trap stops the VM that reaches it.
     * Only that is evidence: a run that exits normally may have ended before a compiler thread finished its
     * initialisation, so those mutants are screened and judged as usual. The same run without a trap must pass first.
     */
    static Set<Mutant> reachedAtStart(List<Mutant> mutants, Binary binary, Patches patches, Copies.Jdk jdk, Path work)
            throws Exception {
        Path dir = Files.createDirectories(work.resolve("start"));
        Files.writeString(dir.resolve("Started.java"), "public class Started { public static void main(String[] a) {"
                + " java.util.function.IntSupplier n = () -> a.length; String s = \"args: \" + n.getAsInt() + 0.5;"
                + " if (s.isEmpty()) System.exit(1); } }\n");
        if (javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d", dir.toString(),
                dir.resolve("Started.java").toString()) != 0) {
            throw new IOException("cannot compile " + dir.resolve("Started.java"));
        }
        Copies.writeLibrary(jdk, binary.bytes);
        if (!starts(jdk, dir)) {
            System.out.println("mutants: the unchanged copy does not run the start check's main class (see " + dir.resolve("started.log")
                    + "): no mutant is taken as reached at start");
            return Set.of();
        }
        Set<Mutant> out = new HashSet<>();
        long begin = System.nanoTime();
        for (Mutant m : mutants.stream().filter(x -> x.refusal() == null).toList()) {
            Copies.writeLibrary(jdk, apply(binary.bytes, binary, m.edits(), true, patches));
            if (!starts(jdk, dir)) {
                out.add(m);
            }
        }
        Copies.writeLibrary(jdk, binary.bytes);
        awaitVmsOf(jdk);
        System.out.printf("mutants: %d of %d sampled mutants' sites run in every VM (a main class of a lambda under a trap,"
                + " %.1f s): each judged alone, no trap run%n", out.size(), mutants.size(), (System.nanoTime() - begin) / 1e9);
        return out;
    }

    /** Whether this JDK runs the main class of dir and exits 0; a hang is no evidence of a trap (60 s, then true). */
    static boolean starts(Copies.Jdk jdk, Path dir) throws Exception {
        Process p = new ProcessBuilder(jdk.home().resolve("bin/java").toString(), "-XX:-CreateCoredumpOnCrash",
                "-XX:ErrorFile=" + dir.resolve("hs_err.log"), "-cp", dir.toString(), "Started")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("started.log").toFile()).start();
        if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return true;
        }
        return p.exitValue() == 0;
    }

    /** How many mutants' sites one screening run traps at once. */
    static final int SCREEN_GROUP = 8;

    /**
     * Unreached mutants found by groups: traps at every site of up to SCREEN_GROUP mutants (of one test selection,
     * no two of them at the same bytes) in one run. A trap stops the VM that reaches it, so a run in which no test
     * changed reached none of the group's sites, and each mutant of it is unreached, as its own trap run would
     * show; a group in which a test changed is left to judge() mutant by mutant.
     */
    static Map<Mutant, Verdict> screen(List<Mutant> mutants, Binary binary, Patches patches, Copies.Jdk jdk, Path run,
                                       Path work, Map<String, RunResults.Result> baseline, String test) throws Exception {
        Map<Mutant, Verdict> out = new LinkedHashMap<>();
        List<List<Mutant>> groups = new ArrayList<>();
        List<Mutant> group = new ArrayList<>();
        Set<Long> taken = new HashSet<>();
        for (Mutant m : mutants.stream().filter(x -> x.refusal() == null).toList()) {
            boolean clash = m.edits().stream().anyMatch(e -> taken.contains(e.address()))
                    || !group.isEmpty() && !selection(group.get(0), test).equals(selection(m, test));
            if (clash || group.size() == SCREEN_GROUP) {
                groups.add(group);
                group = new ArrayList<>();
                taken.clear();
            }
            group.add(m);
            m.edits().forEach(e -> taken.add(e.address()));
        }
        if (!group.isEmpty()) {
            groups.add(group);
        }
        for (int i = 0; i < groups.size(); i++) {
            List<Mutant> g = groups.get(i);
            long start = System.nanoTime();
            List<Edit> edits = g.stream().flatMap(m -> m.edits().stream()).toList();
            Path log = work.resolve("screen-" + (i + 1) + ".log");
            Map<String, RunResults.Result> trapped = trapRun(edits, binary, patches, jdk, run, selection(g.get(0), test), "", log);
            boolean none = !trapped.isEmpty() && reached(baseline, trapped).isEmpty();
            double each = (System.nanoTime() - start) / 1e9 / g.size();
            System.out.printf("mutants: screen %d/%d (%s): %s%n", i + 1, groups.size(),
                    String.join(" ", g.stream().map(m -> m.spec().id()).toList()),
                    none ? "no trap reached: all unreached" : "a trap was reached: each is judged alone");
            if (none) {
                g.forEach(m -> out.put(m, new Verdict(m, "unreached", "traps at its site and " + (g.size() - 1)
                        + " other mutants' sites change nothing (" + log.getFileName() + "): the pack never runs it", each)));
            }
        }
        return out;
    }

    /** Why a run stopped before any test ran, as its log says it (the probe's own words first), and where the log is. */
    /**
     * The verdict of a mutant under which no test ran: {@code crashed} when a VM died (its fatal error found), else
     * {@code stopped} when the probe stopped the run and said why (a line of the runner's log from "the probe's VM":
     * a compiler that is built in and on yet compiles nothing, a probe VM that did not finish), else {@code crashed}
     * (the pack did not run, for a reason the log names otherwise).
     */
    public static String notRun(String crash, List<String> log) {
        if (crash != null) {
            return "crashed";
        }
        return log.stream().anyMatch(l -> l.contains("the probe's VM") && !l.contains("the probe's VM crashed")) ? "stopped" : "crashed";
    }

    static String stopped(Path log) throws IOException {
        List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        String why = lines.stream().filter(l -> l.contains("the probe's VM")).findFirst()
                .map(l -> l.substring(l.indexOf("the probe's VM")))
                .orElse(lines.stream().filter(l -> l.startsWith("error: ")).reduce((a, b) -> b).orElse(""));
        return (why.isEmpty() ? "" : why.replaceFirst(";.*", "") + "; ") + "see " + log;
    }

    /**
     * Whether a mutant's run can be judged: some test it ran passed on the baseline. A test the baseline skipped (a
     * claim of another ISA, a collector not chosen) neither kills a mutant nor shows its site reached, so a mutant
     * of such tests only is {@code not run}, not unreached: counted with the skipped, never as passed.
     */
    public static boolean judgeable(Map<String, RunResults.Result> baseline, Map<String, RunResults.Result> now) {
        return now.keySet().stream().anyMatch(t -> baseline.containsKey(t) && baseline.get(t).outcome() == Outcome.PASSED);
    }

    /**
     * Whether every test that passed on the baseline and now neither passes nor fails is inconclusive because its
     * child VM crashed under an emulator (anatomy.Jit.crashed's reason): a crash, as on the hardware it is a failure.
     * An inconclusive for another reason (no code to read, an anchor missing) is not.
     */
    public static boolean crashedUnderEmulator(Map<String, RunResults.Result> baseline, Map<String, RunResults.Result> now) {
        List<RunResults.Result> silenced = now.entrySet().stream().filter(e -> baseline.containsKey(e.getKey())
                && baseline.get(e.getKey()).outcome() == Outcome.PASSED && e.getValue().outcome() != Outcome.PASSED
                && e.getValue().outcome() != Outcome.FAILED).map(Map.Entry::getValue).toList();
        return !silenced.isEmpty() && silenced.stream().allMatch(r -> r.outcome() == Outcome.INCONCLUSIVE
                && r.cause().contains("the child VM crashed under "));
    }

    /** The tests that passed on the baseline and now fail (failed), or now neither pass nor fail (!failed). */
    public static List<String> changed(Map<String, RunResults.Result> baseline, Map<String, RunResults.Result> now, boolean failed) {
        List<String> out = new ArrayList<>();
        baseline.forEach((t, r) -> {
            RunResults.Result x = now.get(t);
            if (r.outcome() == Outcome.PASSED && x != null && x.outcome() != Outcome.PASSED && (x.outcome() == Outcome.FAILED) == failed) {
                out.add(t + " (" + x.outcome().word() + ")");
            }
        });
        return out;
    }

    /**
     * The first fatal error a VM of the run reported: in an error file a VM left in the run's directories (moved
     * beside the mutant's log, so none is left in the checkout or read again), the runner's log, or a test's .jtr.
     */
    public static String crashIn(Path log, Path jtrs) throws IOException {
        String found = null;
        for (Path place : List.of(Path.of("").toAbsolutePath(), jtrs.getParent() == null ? jtrs : jtrs.getParent())) {
            if (!Files.isDirectory(place)) {
                continue;
            }
            Path dir = place.toRealPath();   // jtreg/last is a link to the work area, which a walk would not enter
            List<Path> errors;
            try (var files = Files.walk(dir, dir.equals(Path.of("").toAbsolutePath()) ? 1 : 8)) {
                errors = files.filter(f -> f.getFileName().toString().matches("(hs_err|replay)_pid\\d+\\.log")).sorted().toList();
            }
            for (Path e : errors) {   // a crashed compiler thread leaves its replay file beside the error file
                if (found == null && e.getFileName().toString().startsWith("hs_err")) {
                    found = ChildVmException.fatalErrorIn(Files.readString(e));
                }
                Files.move(e, log.resolveSibling(log.getFileName().toString().replaceFirst("\\.log$", "") + "-" + e.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (found == null && Files.exists(log)) {
            found = ChildVmException.fatalErrorIn(Files.readString(log));
        }
        if (found == null && Files.isDirectory(jtrs)) {
            try (var files = Files.walk(jtrs)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".jtr"))::iterator) {
                    found = ChildVmException.fatalErrorIn(Files.readString(p));
                    if (found != null) {
                        break;
                    }
                }
            }
        }
        // Under qemu a VM can die of a signal with no report of its own (its handler not yet installed, or dying
        // itself): qemu-user says so on the VM's stderr. That is a crash as much as an hs_err file is, never a kill.
        if (found == null && Files.exists(log)) {
            found = emulatorDeath(Files.readString(log));
        }
        if (found == null && Files.isDirectory(jtrs)) {
            try (var files = Files.walk(jtrs)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".jtr"))::iterator) {
                    found = emulatorDeath(Files.readString(p));
                    if (found != null) {
                        break;
                    }
                }
            }
        }
        return found;
    }

    static final Pattern QEMU_SIGNAL = Pattern.compile("qemu: uncaught target signal (\\d+) \\(([^)]*)\\)");

    /**
     * A VM that qemu-user reports killed by a signal ("qemu: uncaught target signal 11 (Segmentation fault) - core
     * dumped"), as a crash's detail; null when qemu reports none. A trap (udf) the VM's handler takes is a SIGILL
     * with a fatal error report like on hardware; this is the death that leaves no report.
     */
    public static String emulatorDeath(String output) {
        Matcher m = QEMU_SIGNAL.matcher(output);
        return m.find() ? "signal " + m.group(1) + " (" + m.group(2) + ") under qemu, no fatal error report" : null;
    }

    static byte[] apply(byte[] original, Binary binary, List<Edit> edits, boolean trap, Patches patches) {
        byte[] out = original.clone();
        for (Edit e : edits) {
            byte[] b = trap ? patches.trap(e.after().length) : e.after();
            System.arraycopy(b, 0, out, (int) binary.offset(e.address()), b.length);
        }
        return out;
    }

    /**
     * Waits until no process of the copy runs any more: a VM of a trap run that dies after jtreg has finished (its
     * error file written 0.7 s after, measured) must not be read as the next mutant's crash, nor run on its library.
     * Polls, bounded: the runtime decides when a dying VM has written its error file.
     */
    static void awaitVmsOf(Copies.Jdk jdk) throws InterruptedException {
        String home = jdk.copy().toAbsolutePath().toString();   // under qemu, qemu's command line names the copy's bin/java
        for (int i = 0; i < 600; i++) {
            boolean running = ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().map(c -> c.contains(home)).orElse(false));
            if (!running) {
                return;
            }
            Thread.sleep(100);
        }
        System.err.println("mutants: a VM of " + home + " still runs after 60 s; going on");
    }

    /**
     * Runs make/jtreg.sh on the copy, with the VM options after the user's VM_OPTIONS; returns the summary's rows by
     * test (none when the run did not start).
     */
    static Map<String, RunResults.Result> runPack(Path build, Copies.Jdk jdk, String tests, String options, Path log) throws Exception {
        Files.deleteIfExists(build.resolve("summary.tsv"));   // no earlier run's results are read as this one's
        Path last = build.resolve("jtreg/last/work");
        if (Files.isDirectory(last)) {
            try (var files = Files.walk(last)) {
                for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".jtr")).toList()::iterator) {
                    Files.delete(p);
                    deleteTree(p.resolveSibling(p.getFileName().toString().replaceFirst("\\.jtr$", "")));
                }
            }
        }
        // RETAIN=all: every test's child VM output stays beside its .jtr, so that a survivor's code can be compared
        Sensitivity.Ran ran = Sensitivity.jtreg(build, tests, options, log, Map.of("JDK", jdk.home().toString(), "RETAIN", "all"));
        awaitVmsOf(jdk);
        return Sensitivity.readSummary(build.resolve("summary.tsv"), ran.id());
    }

    /** Deletes a test's retained directory of an earlier run, so that none of its files is read as this run's. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    // ---- the sample mode ----

    /**
     * Mutants nobody chose: from the functions the set's mutants name (and their classes' other functions), the
     * conditional branches and calls at random, by seed, each inverted or skipped; run against the tests given.
     */
    static List<Spec> sample(Binary binary, List<Spec> chosen, long seed, int n, String tests) throws IOException {
        Set<String> classes = new TreeSet<>();
        for (Spec s : chosen) {
            int colons = s.function().indexOf("::");
            if (colons > 0) {
                classes.add(s.function().substring(0, colons) + "::");
            }
        }
        List<String> functions = binary.functions().stream().filter(f -> classes.stream().anyMatch(f::startsWith))
                .sorted().collect(Collectors.toCollection(ArrayList::new));
        Random random = new Random(seed);
        Collections.shuffle(functions, random);
        Patches patches = Patches.of(binary.isa);
        List<Spec> out = new ArrayList<>();
        for (String f : functions) {
            if (out.size() >= n) {
                break;
            }
            List<Binary.Symbol> syms = binary.symbols(f).stream().filter(s -> !s.isColdPart()).toList();
            if (syms.isEmpty() || syms.get(0).size() < 16) {
                continue;
            }
            List<Binary.Instruction> code = binary.decode(syms.get(0));
            boolean branch = random.nextBoolean();
            List<Binary.Instruction> sites = code.stream().filter(i -> branch ? patches.isConditionalBranch(i.bytes())
                    : patches.isCall(i.bytes())).toList();
            if (sites.isEmpty()) {
                continue;
            }
            Binary.Instruction pick = sites.get(random.nextInt(sites.size()));
            Map<Long, List<String>> lines = binary.lines(syms.get(0), code);
            List<String> chain = lines.getOrDefault(pick.address(), List.of());
            if (chain.isEmpty() || chain.get(0).startsWith("??")) {
                continue;
            }
            String line = chain.get(0);
            int k = 1;
            for (Binary.Instruction i : sites) {
                if (i == pick) {
                    break;
                }
                if (lines.getOrDefault(i.address(), List.of()).contains(line)) {
                    k++;
                }
            }
            String id = String.format("s%d-%02d", seed, out.size() + 1);
            out.add(new Spec(id, "*", branch ? "branch" : "call", f, line + "#" + k + (branch ? " invert" : ""), tests, "-",
                    "drawn at random (seed " + seed + ")", "", "sample seed " + seed));
        }
        return out;
    }

    // ---- the report ----

    /**
     * Whether a mutant counts as passed in the totals line, by its verdict first: a survivor (the tests ran the
     * changed code and stayed green) and a refusal are failed whatever the set expects, so that a set cannot turn a
     * survivor into a pass; killed, crashed, stopped and unreached pass where the set expects them (its "-": any of
     * the four); an equivalent mutant (identical code: nothing a test can see changed) passes where the set expects
     * it, "-", or survived. The set's expectation only ever adds failures.
     */
    public static boolean passes(String outcome, String expect) {
        return switch (outcome) {
            case "survived", "refused", "not run" -> false;
            case "equivalent" -> expect.equals("-") || expect.equals("survived") || expect.equals("equivalent");
            default -> expect.equals("-") || expect.equals(outcome);
        };
    }

    static void report(List<Verdict> verdicts, List<Spec> elsewhere, String label, Path work) throws IOException {
        StringBuilder tsv = new StringBuilder("# id\tkind\tfunction\tsite\tverdict\texpect\tseconds\tdetail\n");
        Map<String, Integer> count = new LinkedHashMap<>();
        for (String o : List.of("killed", "crashed", "stopped", "unreached", "equivalent", "survived", "refused", "not run")) {
            count.put(o, 0);
        }
        int passed = 0, failed = 0, notRun = 0;
        System.out.println();
        System.out.println("Mutants on " + label + ":");
        int width = verdicts.stream().mapToInt(v -> v.mutant().spec().id().length()).max().orElse(4);
        for (Verdict v : verdicts) {
            Spec s = v.mutant().spec();
            count.merge(v.outcome(), 1, Integer::sum);
            boolean ok = passes(v.outcome(), s.expect());
            if (v.outcome().equals("not run")) {
                notRun++;
            } else if (ok) {
                passed++;
            } else {
                failed++;
            }
            System.out.printf("  %-" + width + "s  %-10s %s%6.1f s  %s%n", s.id(), v.outcome(),
                    ok ? "  " : "! ", v.seconds(), v.detail() + (ok || s.expect().equals("-") ? ""
                            : s.expect().equals(v.outcome()) ? " (the set expects it: a " + v.outcome() + " counts as failed all the same)"
                            : " (expected " + s.expect() + ")"));
            v.mutant().edits().forEach(e -> System.out.printf("  %-" + width + "s    %s -> %s%n", "", e.what(),
                    HexFormat.of().formatHex(e.after())));
            tsv.append(String.join("\t", s.id(), s.kind(), s.function(), s.site(), v.outcome(), s.expect(),
                    String.format("%.1f", v.seconds()), v.detail().replace('\t', ' '))).append('\n');
        }
        Files.writeString(work.resolve("mutants.tsv"), tsv);
        int k = count.get("killed"), sv = count.get("survived");
        System.out.printf("mutants: %d killed, %d crashed, %d stopped, %d unreached, %d equivalent (identical code), %d survived, %d refused,"
                + " %d not run (no test of theirs passed on the baseline), %d for other releases; score %s%n", k, count.get("crashed"),
                count.get("stopped"), count.get("unreached"), count.get("equivalent"), sv, count.get("refused"), notRun, elsewhere.size(),
                k + sv == 0 ? "n/a (none reached)" : String.format("%d/%d = %.0f %% (killed / (killed + survived); equivalent ones out)",
                        k, k + sv, 100.0 * k / (k + sv)));
        // The same in PIT's terms: a crash or a stop is PIT's run error, unreached its no coverage; PIT has no
        // equivalent (its survivors include them) and no timeouts here (a hung VM ends as a crash).
        System.out.printf("mutants (PIT's terms): %d killed, %d survived, %d no coverage, 0 timed out, %d run error, %d not run (refused, or no test of theirs passed on the baseline)%n",
                k, sv + count.get("equivalent"), count.get("unreached"), count.get("crashed") + count.get("stopped"), count.get("refused") + notRun);
        System.out.println("results: " + work.resolve("mutants.tsv"));
        System.out.println(Outcome.totals(passed, failed, elsewhere.size() + notRun));
        System.exit(failed > 0 ? 1 : 0);
    }
}
