package mutants;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import mutants.MutantSet.Spec;

/**
 * The claim-scoped sample of make mutants (FRAMES=, docs/mutation.md): each claim declares, before any run, the
 * HotSpot functions its behaviour lives in (make/mutants/frames.txt); its frame is every conditional branch and
 * every call of those functions, less what is noise by rule; the sample draws sites from each frame by seed,
 * stratified by claim and operator (a branch inverted, a call skipped), and each mutant runs its claim's tests alone.
 * The report gives each verdict's share with its 95 % interval, per claim and in all.
 */
public final class Frames {
    /** One candidate site: a branch or call of a frame's function, named as a set line names it. */
    public record Site(String function, String operator, String line, int k, String callee) {
    }

    /**
     * Noise, excluded by rule before drawing (never excused afterwards): functions that only print, log, verify or
     * count; calls to such code; and sites whose source line is in such code (logging/, ostream, the compile log,
     * statistics and tracing), whatever function they were inlined into.
     */
    static final Pattern NOISE_FUNCTION = Pattern.compile(
            "(?i)(print|dump|trace|verify|statistic|_stats\\b|::stats|describe|::log_|::name\\(|debug|::is_dumped)");
    static final Pattern NOISE_CALLEE = Pattern.compile(
            "(?i)(print|dump|trace|verify|statistic|report_|outputStream|ostream|tty|Events::|::log|Log[A-Z]\\w*::|"
                    + "LogTarget|LogStream|Jfr|warning\\(|fatal|assert|describe|Ticks|elapsed|ResourceMark|HandleMark|"
                    + "CompileLog|Exceptions::)");
    static final Pattern NOISE_FILE = Pattern.compile("^(log\\w*\\.(hpp|cpp)|ostream\\.|compileLog\\.|debug\\.|events\\.|"
            + "jfr\\w*\\.|\\w*[Ss]tatistics?\\.)");

    public static boolean noise(Site s, String innermostFile) {
        return NOISE_FUNCTION.matcher(s.function()).find() || !s.callee().isEmpty() && NOISE_CALLEE.matcher(s.callee()).find()
                || NOISE_FILE.matcher(innermostFile).find();
    }

    /** Every site of a frame, in address order: the frame the sample is drawn from (its size is reported). */
    static List<Site> sites(Binary binary, Patches patches, MutantSet.Frame frame) throws IOException {
        // Cached beside the mutants' work, per list of functions and noise rules (a rule changed reads the frame again):
        // decoding a frame and reading its lines costs minutes.
        String key = String.join(";", frame.functions()) + "|" + NOISE_FUNCTION + "|" + NOISE_CALLEE + "|" + NOISE_FILE;
        Path cached = binary.cache.resolve("frame-" + Integer.toHexString(key.hashCode()) + ".tsv");
        if (Files.exists(cached)) {
            return Files.readAllLines(cached).stream().map(l -> l.split("\t", -1))
                    .map(f -> new Site(f[0], f[1], f[2], Integer.parseInt(f[3]), f[4])).toList();
        }
        List<Site> out = new ArrayList<>();
        List<String> functions = binary.functions().stream()
                .filter(f -> frame.functions().stream().anyMatch(f::startsWith)).sorted().toList();
        // A name the build does not have (renamed, inlined everywhere, or another release's) shrinks the frame: said.
        frame.functions().stream().filter(p -> functions.stream().noneMatch(f -> f.startsWith(p)))
                .forEach(p -> System.out.printf("mutants: frame %s: no function of this build starts with '%s'%n", frame.claim(), p));
        // Each function's sites in its body and its clones, in the order resolve() reads them (a set line's
        // "line#k" counts so); the source lines of all of them in one addr2line run.
        Map<String, List<Binary.Instruction>> sitesOf = new LinkedHashMap<>();
        for (String f : functions) {
            List<Binary.Instruction> sites = new ArrayList<>();
            for (Binary.Symbol sym : binary.symbols(f).stream().filter(x -> !x.isColdPart()).toList()) {
                binary.decode(sym).stream().filter(i -> patches.isConditionalBranch(i.bytes()) || patches.isCall(i.bytes()))
                        .forEach(sites::add);
            }
            sitesOf.put(f, sites);
        }
        Map<Long, List<String>> lines = binary.lines(sitesOf.values().stream().flatMap(List::stream).map(Binary.Instruction::address).toList());
        for (Map.Entry<String, List<Binary.Instruction>> e : sitesOf.entrySet()) {
            // A site is named "line#k": the k-th site of its kind whose inline chain holds that line, as resolve()
            // finds it again.
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (Binary.Instruction i : e.getValue()) {
                String operator = patches.isConditionalBranch(i.bytes()) ? "branch" : "call";
                List<String> chain = lines.getOrDefault(i.address(), List.of());
                new LinkedHashSet<>(chain).forEach(l -> seen.merge(operator + " " + l, 1, Integer::sum));
                if (chain.isEmpty() || chain.get(0).startsWith("??")) {
                    continue;
                }
                String callee = operator.equals("call") ? binary.nameAt(Mutants.branchTarget(i)) : "";
                Site s = new Site(e.getKey(), operator, chain.get(0), seen.get(operator + " " + chain.get(0)), callee == null ? "" : callee);
                if (!noise(s, chain.get(0).replaceFirst(":\\d+$", ""))) {
                    out.add(s);
                }
            }
        }
        Files.write(cached, out.stream().map(x -> String.join("\t", x.function(), x.operator(), x.line(), String.valueOf(x.k()), x.callee())).toList());
        return out;
    }

    /**
     * The sample: N sites in all, split evenly over the claims the JDK's release fits and within each claim over the
     * two operators (a stratum short of sites gives its share to the other); drawn without replacement by SEED.
     */
    static List<Spec> draw(Binary binary, List<MutantSet.Frame> frames, int feature, long seed, int n) throws IOException {
        Patches patches = Patches.of(binary.isa);
        List<MutantSet.Frame> here = frames.stream().filter(f -> Mutants.appliesTo(f.jdk(), feature)).toList();
        Random random = new Random(seed);
        List<Spec> out = new ArrayList<>();
        int perClaim = (n + here.size() - 1) / Math.max(1, here.size());
        for (MutantSet.Frame frame : here) {
            List<Site> all = sites(binary, patches, frame);
            List<Site> branches = new ArrayList<>(all.stream().filter(s -> s.operator().equals("branch")).toList());
            List<Site> calls = new ArrayList<>(all.stream().filter(s -> s.operator().equals("call")).toList());
            Collections.shuffle(branches, random);
            Collections.shuffle(calls, random);
            int[] want = split(perClaim, branches.size(), calls.size());
            int wantBranches = want[0], wantCalls = want[1];
            System.out.printf("mutants: frame %s: %d functions, %d branches and %d calls after the noise rule;"
                            + " drawing %d + %d%n", frame.claim(), all.stream().map(Site::function).distinct().count(), branches.size(), calls.size(),
                    wantBranches, wantCalls);
            List<Site> picked = new ArrayList<>(branches.subList(0, wantBranches));
            picked.addAll(calls.subList(0, wantCalls));
            for (Site s : picked) {
                String id = String.format("f%d-%s-%02d", seed, frame.claim().toLowerCase().replaceAll("[^a-z0-9]", ""),
                        out.stream().filter(x -> x.tests().equals(frame.testList())).count() + 1);
                out.add(new Spec(id, "*", s.operator(), s.function(), s.line() + "#" + s.k() + (s.operator().equals("branch") ? " invert" : ""),
                        frame.testList(), "-", "claim-scoped sample (seed " + seed + ", frame " + frame.where() + ")"
                        + (s.callee().isEmpty() ? "" : ", call to " + s.callee()), "", "frame " + frame.where()));
            }
        }
        return out;
    }

    /** A claim's share of the sample over its two operators: half each, a stratum short of sites giving the rest to the other. */
    public static int[] split(int share, int branches, int calls) {
        int b = Math.min(branches, Math.max(share - share / 2, share - calls));
        return new int[] {b, Math.min(calls, share - b)};
    }

    /** The 95 % interval of a proportion k/n (Wilson's score interval), as "[lo %, hi %]". */
    public static String interval(int k, int n) {
        if (n == 0) {
            return "n/a";
        }
        double z = 1.959964, p = (double) k / n, d = 1 + z * z / n;
        double centre = (p + z * z / (2 * n)) / d, half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
        return String.format("[%.0f %%, %.0f %%]", 100 * Math.max(0, centre - half), 100 * Math.min(1, centre + half));
    }

    /**
     * The .jtr files of a test in a jtreg work directory: {@code Name.jtr}, or {@code Name_<id>.jtr} for each variant
     * a test of several {@code @test id=} blocks ran (jtreg names a variant's results so).
     */
    public static List<Path> jtrFiles(Path work, String test) throws IOException {
        Path plain = work.resolve(test.replaceFirst("\\.java$", ".jtr"));
        Path dir = plain.getParent();
        String name = plain.getFileName().toString().replaceFirst("\\.jtr$", "");
        List<Path> out = new ArrayList<>();
        if (Files.exists(plain)) {
            out.add(plain);
        }
        if (dir != null && Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                files.filter(f -> f.getFileName().toString().matches(Pattern.quote(name) + "_[\\w.-]+\\.jtr")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /**
     * How a killed mutant was killed, from its claim tests' .jtr files: by the claim's own assertion (the pack's
     * assertions throw AssertionError with their facts), by a timeout (jtreg's, or a child VM's time limit: a lost
     * wake-up hangs), or otherwise (an exception of the harness, a child VM that died). Over several tests, an
     * assertion anywhere is the claim's, else a timeout anywhere.
     */
    public static String killedBy(List<Path> jtrs) throws IOException {
        String how = "otherwise";
        for (Path jtr : jtrs) {
            String text = Files.exists(jtr) ? Files.readString(jtr) : "";
            if (text.contains("java.lang.AssertionError")) {
                return "assertion";
            }
            if (text.contains("timed out") || text.contains("child VM did not finish within")) {
                how = "timed out";
            }
        }
        return how;
    }

    /** The verdicts' shares per claim and in all, each with its interval; the score over reached, non-equivalent. */
    static void report(List<Mutants.Verdict> verdicts) {
        Map<String, List<Mutants.Verdict>> byClaim = new LinkedHashMap<>();
        verdicts.forEach(v -> byClaim.computeIfAbsent(v.mutant().spec().tests().split("\\s+")[0], t -> new ArrayList<>()).add(v));
        byClaim.put("all", verdicts);
        System.out.println();
        System.out.println("Claim-scoped sample: verdicts per claim; score = killed / (killed + survived), its 95 % interval (Wilson):");
        System.out.printf("  %-48s %5s %7s %7s %6s %7s %7s %9s %6s %8s  %s%n", "claim", "drawn", "k:asrt", "k:other", "t/out",
                "crashed", "stopped", "unreached", "equiv", "survived", "score");
        for (Map.Entry<String, List<Mutants.Verdict>> e : byClaim.entrySet()) {
            List<Mutants.Verdict> vs = e.getValue();
            int assertion = count(vs, "killed", "by its assertion"), timedOut = count(vs, "killed", "timed out");
            int killed = count(vs, "killed", ""), survived = count(vs, "survived", "");
            System.out.printf("  %-48s %5d %7d %7d %6d %7d %7d %9d %6d %8d  %s%n", e.getKey().replaceFirst("^test/", ""), vs.size(),
                    assertion, killed - assertion - timedOut, timedOut, count(vs, "crashed", ""), count(vs, "stopped", ""),
                    count(vs, "unreached", ""), count(vs, "equivalent", ""), survived,
                    killed + survived == 0 ? "n/a" : killed + "/" + (killed + survived) + " " + interval(killed, killed + survived));
        }
        int reached = (int) verdicts.stream().filter(v -> !List.of("unreached", "refused", "not run").contains(v.outcome())).count();
        System.out.printf("  reached: %d of %d drawn, %s; unreached %s%n", reached, verdicts.size(), interval(reached, verdicts.size()),
                interval(verdicts.size() - reached, verdicts.size()));
    }

    private static int count(List<Mutants.Verdict> vs, String outcome, String detail) {
        return (int) vs.stream().filter(v -> v.outcome().equals(outcome) && v.detail().contains(detail)).count();
    }
}
