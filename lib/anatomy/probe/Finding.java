package anatomy.probe;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a test that did not run has met: a finding, when each probe property that stopped it has this JDK's
 * default as its {@link Cause} (no user option, no platform property involved: the JDK's defaults differ from
 * what the claim needs), else a skip. Reads the probe's report (make/jtreg.sh keeps it as probe.properties).
 *
 * <pre>
 *   pack.fpuSpilling=false, .cause=default, .flags=-XX:-UseFPUForSpilling; @requires pack.c2 &amp; pack.fpuSpilling
 *     finding: not the default from JDK 28: UseFPUForSpilling is off by default (the claim needs it on)
 *   the same with .cause=options, .cause.why=your options: -XX:-UseFPUForSpilling
 *     skipped: -XX:-UseFPUForSpilling (C2 spills ...) [your options: -XX:-UseFPUForSpilling]
 * </pre>
 */
public final class Finding {
    private Finding() {
    }

    /** A test's outcome when it did not run: {@code finding} or {@code skipped}, and why. */
    public record Outcome(String status, String reason) {
        public boolean isFinding() {
            return status.equals("finding");
        }
    }

    /** The outcome of a test (or {@code @test id=} variant) jtreg did not select: its {@code @requires} lines. */
    public static Outcome ofRequires(List<String> requires, Properties probe) {
        List<String> failing = new ArrayList<>();
        try {
            for (String expression : requires) {
                for (String clause : Requires.clauses(expression)) {
                    if (!Requires.holds(clause, probe)) {
                        failing.add(clause);
                    }
                }
            }
        } catch (IllegalArgumentException e) {   // no probe report, or a property it does not have
            return skipped(requires.isEmpty() ? "not selected by jtreg" : "requires " + String.join(" & ", requires)
                    + here(String.join(" & ", requires), probe));
        }
        if (failing.isEmpty()) {
            return skipped(requires.isEmpty() ? "not selected by jtreg" : "not selected by jtreg, although its requires hold here: "
                    + String.join(" & ", requires) + here(String.join(" & ", requires), probe));
        }
        Set<String> properties = new LinkedHashSet<>();
        failing.forEach(c -> properties.addAll(Requires.properties(c)));
        if (!properties.isEmpty() && properties.stream().allMatch(p -> cause(p, probe) == Cause.DEFAULT)) {
            List<String> phrases = failing.stream().map(c -> defaultPhrase(c, probe)).toList();
            return new Outcome("finding", notTheDefault(probe) + String.join("; ", new LinkedHashSet<>(phrases)));
        }
        Set<String> reasons = new LinkedHashSet<>();
        for (String clause : failing) {
            reasons.add(skipReason(clause, probe));
        }
        return skipped(String.join("; ", reasons));
    }

    /**
     * A finding of one {@code @test id=} variant that a sibling covers: the sibling ran (passed or failed) and its
     * {@code @requires} names the same properties, so it asserts what this JDK does by default (SpillGoesToFpRegisters
     * #default needs UseFPUForSpilling on; #defaultOff asserts the form where it is off). The default is then
     * tested, not missed: the outcome is a skip that names the default and the sibling.
     */
    public static Outcome coveredBy(Outcome finding, List<String> requires, Properties probe, String siblingId,
            List<String> siblingRequires) {
        return coveredBy(finding, requires, probe, siblingId, siblingRequires, List.of());
    }

    /**
     * The same, and a sibling covers the claim too when its {@code @run} line sets the boolean flag a stopping
     * property was read from to the value the claim needs, and the host's ergonomics explain the default
     * ({@link #hostErgonomics}): CountedLoopHasSafepointPoll#any-gc runs with -XX:+UseCountedLoopSafepoints, so where
     * the collector this host gets by default (Serial on one CPU or a small memory, JDK 17 to 25) leaves the flag
     * off, #default's claim is asserted there, not missed. Where the collector that turns it on (G1) leaves it off,
     * the build changed its default: that stays a finding, whatever a sibling forces. {@code siblingRun} holds the
     * words of the sibling's {@code @run} lines.
     */
    public static Outcome coveredBy(Outcome finding, List<String> requires, Properties probe, String siblingId,
            List<String> siblingRequires, List<String> siblingRun) {
        if (!finding.isFinding()) {
            return finding;
        }
        Set<String> mine = new LinkedHashSet<>();   // the properties of the clauses that stopped this variant
        for (String expression : requires) {
            for (String clause : Requires.clauses(expression)) {
                if (!Requires.holds(clause, probe)) {
                    mine.addAll(Requires.properties(clause));
                }
            }
        }
        Set<String> theirs = new LinkedHashSet<>();
        siblingRequires.forEach(r -> theirs.addAll(Requires.properties(r)));
        Set<String> failingDefaults = new LinkedHashSet<>();
        Set<String> forced = new LinkedHashSet<>();   // the flags the sibling sets to what the claim needs
        for (String p : mine) {
            if (theirs.contains(p)) {
                failingDefaults.add(p);
            }
            Matcher bool = BOOLEAN_FLAG.matcher(probe.getProperty(p + ".flags", "").trim());
            if (bool.matches()) {
                String needed = "-XX:" + (bool.group(1).equals("+") ? "-" : "+") + bool.group(2);
                if (siblingRun.contains(needed)) {
                    forced.add(needed);
                }
            }
        }
        String reason = finding.reason().replaceFirst("^not the default from JDK (\\S+): ", "this JDK's default (JDK $1): ");
        if (!failingDefaults.isEmpty()) {
            return skipped(reason + "; #" + siblingId + " asserts what the default does");
        }
        if (!forced.isEmpty() && forced.size() == mine.size() && mine.stream().allMatch(p -> hostErgonomics(p, probe) != null)) {
            List<String> why = mine.stream().map(p -> hostErgonomics(p, probe)).distinct().toList();
            return skipped(reason + ", as " + String.join(" and ", why) + "; #" + siblingId + " asserts the claim with "
                    + String.join(" ", forced));
        }
        return finding;
    }

    /**
     * The DEFAULT properties whose value HotSpot derives from the collector it selects, and that value for each: the
     * collectors whose pauses should stay short turn UseCountedLoopSafepoints on (G1Arguments, ZArguments,
     * ShenandoahArguments set its default, and LoopStripMiningIter's with it), Serial, Parallel and Epsilon leave it off.
     */
    private static final java.util.Map<String, String> ON_FOR_SHORT_PAUSES = java.util.Map.of("serial", "false", "parallel", "false",
            "epsilon", "false", "g1", "true", "z", "true", "shenandoah", "true");
    private static final java.util.Map<String, java.util.Map<String, String>> FOLLOWS_THE_COLLECTOR = java.util.Map.of(
            "pack.countedLoopSafepoints", ON_FOR_SHORT_PAUSES,
            "pack.loopStripMining", ON_FOR_SHORT_PAUSES);

    /**
     * Why a property has its value by the host's ergonomics, or null when they do not explain it. The probe does not
     * read the host's CPUs or memory; it reads the collector the VM selected by itself ({@code pack.gc} with this JDK's
     * default as its cause: Serial where the host is no server-class machine, one CPU or under 1792 MB, from JDK 9 on).
     * A property that follows the collector (FOLLOWS_THE_COLLECTOR) and has the value that collector gives it is the
     * host's ergonomics; the same value under a collector that gives it another (G1 no longer turning
     * UseCountedLoopSafepoints on) is a changed default of the build, and stays a finding.
     */
    static String hostErgonomics(String property, Properties probe) {
        java.util.Map<String, String> byCollector = FOLLOWS_THE_COLLECTOR.get(property);
        String gc = probe.getProperty("pack.gc", "");
        if (byCollector == null || cause("pack.gc", probe) != Cause.DEFAULT || !probe.getProperty(property, "").equals(byCollector.get(gc))) {
            return null;
        }
        return "the collector this host gets by default (pack.gc=" + gc + ") leaves it " + (byCollector.get(gc).equals("true") ? "on" : "off");
    }

    /**
     * The outcome of a test that skipped while it ran ({@code jtreg.SkippedException}). A skip is only what a stated
     * cause explains: a probe property its message names ({@code pack.isa=s390x}, {@code pack.gcs=...}), or the
     * user's options. So it is a finding when the named properties all have this JDK's default as their cause
     * ({@code pack.fpuSpilling}); a skip when one has the platform or the user's options as its cause; and, when it
     * names none, a skip only if the user gave options (make/jtreg.sh then runs it once more without them and
     * {@link Verdict#merge} decides), else a finding: nothing stated explains it (the JDK ignored an option the test
     * set, a WhiteBox collection did not happen). Without a probe report (no properties at all) it stays a skip.
     */
    public static Outcome ofSkip(String reason, Properties probe) {
        List<String> named = namedProperties(reason, probe);
        if (!named.isEmpty()) {
            return named.stream().allMatch(p -> cause(p, probe) == Cause.DEFAULT) ? new Outcome("finding", notTheDefault(probe) + reason)
                    : skipped(reason);
        }
        if (probe.isEmpty() || !userOptions(probe).isEmpty()) {
            return skipped(reason);
        }
        return new Outcome("finding", UNEXPLAINED + " (JDK " + probe.getProperty("pack.jdk", "?") + ", no user options): " + reason);
    }

    /** The start of a finding's reason for a run-time skip that neither a probe property nor the user's options explain. */
    public static final String UNEXPLAINED = "a run-time skip no stated precondition explains";

    /**
     * Whether a test that skipped while it ran with this reason waits for the run without the user's options to be
     * judged: the user gave options and its message names no probe property (only the options can explain it).
     */
    public static boolean onlyOptionsCanExplain(String reason, Properties probe) {
        return !probe.isEmpty() && !userOptions(probe).isEmpty() && namedProperties(reason, probe).isEmpty();
    }

    /** The user's options as the probe saw them (its report's probe.options: jtreg's -vmoptions, -javaoptions, ...). */
    static String userOptions(Properties probe) {
        return probe.getProperty("probe.options", "").trim();
    }

    /** The probe properties (of this report) that a message names. */
    static List<String> namedProperties(String reason, Properties probe) {
        List<String> named = new ArrayList<>();
        Matcher m = PROPERTY.matcher(reason);
        while (m.find()) {
            if (probe.containsKey(m.group()) && !named.contains(m.group())) {
                named.add(m.group());
            }
        }
        return named;
    }

    private static final Pattern PROPERTY = Pattern.compile("\\bpack\\.[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)*\\b");
    private static final Pattern BOOLEAN_FLAG = Pattern.compile("-XX:([+-])(\\w+)");
    private static final Pattern VALUE_FLAG = Pattern.compile("-XX:(\\w+)=(\\S*)");

    static Cause cause(String property, Properties probe) {
        return Cause.ofKey(probe.getProperty(property + ".cause", ""));
    }

    private static String notTheDefault(Properties probe) {
        return "not the default from JDK " + probe.getProperty("pack.jdk", "?") + ": ";
    }

    /** "UseFPUForSpilling is off by default (the claim needs it on)", from the flag the property was read from. */
    static String defaultPhrase(String clause, Properties probe) {
        List<String> properties = Requires.properties(clause);
        List<String> parts = new ArrayList<>();
        String needs = "(the claim needs " + clause + ")";
        for (String p : properties) {
            String[] flags = probe.getProperty(p + ".flags", "").trim().split("\\s+");
            Matcher bool = BOOLEAN_FLAG.matcher(flags[0]);
            Matcher value = VALUE_FLAG.matcher(flags[0]);
            if (flags.length == 1 && bool.matches()) {
                boolean on = bool.group(1).equals("+");
                parts.add(bool.group(2) + " is " + (on ? "on" : "off") + " by default");
                if (properties.size() == 1 && clause.replaceAll("[\\s!()]", "").equals(p)) {
                    needs = "(the claim needs it " + (on ? "off" : "on") + ")";
                }
            } else if (flags.length == 1 && value.matches()) {
                parts.add(value.group(1) + " is " + value.group(2) + " by default");
            } else {
                parts.add(p + " is " + probe.getProperty(p) + " by default");
            }
        }
        return String.join(" and ", parts) + " " + needs;
    }

    /** The probe's reason for a clause that failed; where the user's options caused it, they are named. */
    static String skipReason(String clause, Properties probe) {
        List<String> properties = Requires.properties(clause);
        String bare = clause.replaceAll("[\\s()]", "");
        String reason;
        if (properties.size() == 1 && (bare.equals(properties.get(0)) || bare.equals("!" + properties.get(0)))) {
            reason = probe.getProperty(properties.get(0) + ".why", "requires " + clause + here(clause, probe));
        } else {
            reason = "requires " + clause + here(clause, probe);
        }
        Set<String> options = new LinkedHashSet<>();
        for (String p : properties) {
            String words = probe.getProperty(p + ".cause.why", "");
            if (cause(p, probe) == Cause.OPTIONS && words.startsWith(Cause.OPTIONS.words())) {   // not "not set by your options"
                options.add(words);
            }
        }
        return options.isEmpty() ? reason : reason + " [" + String.join("; ", options) + "]";
    }

    private static String here(String expression, Properties probe) {
        String values = Requires.values(expression, probe);
        return values.isEmpty() ? "" : " (here " + values + ")";
    }

    private static Outcome skipped(String reason) {
        return new Outcome("skipped", reason);
    }
}
