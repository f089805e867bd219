package jdks;

import anatomy.capture.Platforms;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names make/jdks.sh prepares, and what each stands for: a row of the JDK table, the row with a variant's suffix
 * (make/platforms' variants column: aarch64-25-nolse), {@code <isa>-<N>[ea][-debian]-newest} (Debian's newest
 * openjdk-N for the ISA), and any of these but a variant with {@code @<model>}, a CPU model of make/cpus for its ISA.
 * The shell only provisions what the answer names.
 *
 * <pre>
 *   JdkNames names TABLE CPUS              the names, one a line: the rows (not a Debian suite's x86_64 JDK on another
 *                                          host: its loader facade is made on x86_64 only), their variants, then
 *                                          &lt;name&gt;@&lt;model&gt; for the rows of the list fleet and every model of their ISA
 *   JdkNames resolve TABLE CPUS NAME MORE  what NAME stands for, as shell assignments (BASE VARIANT ISA FEATURE SOURCE
 *                                          PIN SHA MODE CPU_MODEL CPU_HOW CPU_WHAT CPU_NEEDS); else one line on stderr
 *                                          (MORE ends the list of known names of an unknown one) and exit 1
 * </pre>
 * A bad row of either table: its one line on stderr, exit 1. -Dpack.platforms: the platform table.
 */
public final class JdkNames {
    /** The suite of Debian's archive for -newest when no row of that ISA and feature names a debian/<suite> source. */
    static final String DEBIAN_SUITE = "unstable";
    private static final Pattern NEWEST = Pattern.compile("([a-z0-9_]+)-([1-9][0-9])(ea)?(-debian)?-newest");
    private static final Pattern SUITE = Pattern.compile("debian/([^ ]+)");

    /** What a name stands for: the row's columns (pin "" for -), its variant, and its CPU model's (all "" without). */
    public record Resolved(String base, String variant, String isa, int feature, String source, String pin, String sha,
            String mode, String cpuModel, String cpuHow, String cpuWhat, String cpuNeeds) {
        /** The assignments make/jdks.sh evaluates, one a line, each value in single quotes. */
        public String assignments() {
            Map<String, String> v = new LinkedHashMap<>();
            v.put("BASE", base); v.put("VARIANT", variant); v.put("ISA", isa); v.put("FEATURE", String.valueOf(feature));
            v.put("SOURCE", source); v.put("PIN", pin); v.put("SHA", sha); v.put("MODE", mode); v.put("CPU_MODEL", cpuModel);
            v.put("CPU_HOW", cpuHow); v.put("CPU_WHAT", cpuWhat); v.put("CPU_NEEDS", cpuNeeds);
            StringBuilder out = new StringBuilder();
            v.forEach((k, s) -> out.append(k).append("='").append(s.replace("'", "'\\''")).append("'\n"));
            return out.toString();
        }
    }

    /** A name that is not one of make/jdks.sh's, or one whose parts do not fit: the one line to say. */
    public static final class Unknown extends RuntimeException {
        public Unknown(String message) {
            super(message);
        }
    }

    private final List<JdkTable.Row> rows;
    private final List<CpuTable.Model> models;
    private final Map<String, Platforms.Row> platforms;
    private final String host;
    private final List<String> hostFlags;

    /** Over the tables, for a host of ISA HOST whose CPU has the flags HOSTFLAGS (/proc/cpuinfo's). */
    public JdkNames(List<JdkTable.Row> rows, List<CpuTable.Model> models, Map<String, Platforms.Row> platforms, String host,
            List<String> hostFlags) {
        this.rows = rows;
        this.models = models;
        this.platforms = platforms;
        this.host = host;
        this.hostFlags = hostFlags;
    }

    public static void main(String[] args) {
        boolean names = args.length == 3 && args[0].equals("names"), resolve = args.length == 5 && args[0].equals("resolve");
        if (!names && !resolve) {
            System.err.println("usage: JdkNames names TABLE CPUS | resolve TABLE CPUS NAME MORE");
            System.exit(2);
        }
        try {
            Map<String, Platforms.Row> platforms = Platforms.rows();
            JdkNames n = new JdkNames(JdkTable.parse(Path.of(args[1]), Platforms.file(), platforms.keySet()),
                    CpuTable.parse(Path.of(args[2]), List.copyOf(platforms.keySet())), platforms,
                    Platforms.byName(System.getProperty("os.arch")).map(Platforms.Row::isa).orElse(System.getProperty("os.arch")),
                    cpuFlags(Path.of("/proc/cpuinfo")));
            System.out.print(names ? String.join("\n", n.names()) + "\n" : n.resolve(args[3], args[4]).assignments());
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException | Unknown e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** The flags of the first CPU of a cpuinfo file (x86's flags, AArch64's Features); none when it has neither. */
    static List<String> cpuFlags(Path cpuinfo) {
        try {
            for (String line : Files.readAllLines(cpuinfo)) {
                if (line.matches("(flags|Features)\\s*:.*")) {
                    return List.of(line.substring(line.indexOf(':') + 1).strip().split("\\s+"));
                }
            }
        } catch (IOException e) {
            // no cpuinfo: no flags
        }
        return List.of();
    }

    /** The rows make/jdks.sh lists: all but a Debian suite's x86_64 JDK on another host. */
    List<JdkTable.Row> listed() {
        return rows.stream().filter(r -> !(r.isa().equals("x86_64") && !host.equals("x86_64") && r.source().startsWith("debian/"))).toList();
    }

    /** The variants of an ISA (make/platforms' variants column, name=cpu;...), by name; none for an unknown ISA. */
    List<String> variants(String isa) {
        Platforms.Row p = platforms.get(isa);
        if (p == null || p.variants().equals("-")) {
            return List.of();
        }
        return java.util.Arrays.stream(p.variants().split(";")).map(v -> v.replaceFirst("=.*", "")).toList();
    }

    /** Every name, as `make/jdks.sh names` prints them. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (JdkTable.Row r : listed()) {
            out.add(r.name());
        }
        for (JdkTable.Row r : listed()) {
            variants(prefix(r.name())).forEach(v -> out.add(r.name() + "-" + v));
        }
        for (JdkTable.Row r : rows) {
            if (r.on("fleet")) {
                models.stream().filter(m -> m.isa().equals(prefix(r.name()))).forEach(m -> out.add(r.name() + "@" + m.name()));
            }
        }
        return out;
    }

    /** What NAME stands for; an unknown name fails with the known ones, then MORE. */
    public Resolved resolve(String name, String more) {
        int at = name.indexOf('@');
        if (at < 0) {
            return base(name).orElseThrow(() -> unknown(name, more));
        }
        String model = name.substring(at + 1);
        Resolved b = base(name.substring(0, at)).orElseThrow(() -> unknown(name, more));
        if (!b.variant().isEmpty()) {
            throw new Unknown(name + ": the variant -" + b.variant() + " names its CPU already: ask for " + b.base() + "@" + model);
        }
        Optional<CpuTable.Model> m = models.stream().filter(c -> c.name().equals(model) && c.isa().equals(b.isa())).findFirst();
        if (m.isEmpty()) {
            List<String> others = models.stream().filter(c -> c.name().equals(model)).map(CpuTable.Model::isa).toList();
            throw new Unknown(others.isEmpty()
                    ? name + ": no CPU model '" + model + "' for " + b.isa() + " in make/cpus (known: "
                            + String.join(" ", models.stream().filter(c -> c.isa().equals(b.isa())).map(CpuTable.Model::name).toList()) + ")"
                    : name + ": the CPU model " + model + " is " + String.join(" ", others) + "'s, not " + b.isa() + "'s (make/cpus)");
        }
        CpuTable.Model c = m.get();
        if (c.how().equals("switches") && !c.needs().equals("-") && b.isa().equals(host) && !hostFlags.contains(c.needs())) {
            throw new Unknown(name + ": this host's CPU has no " + c.needs() + " (/proc/cpuinfo), which the switches "
                    + c.what().replace(',', ' ') + " of " + model + " assume (make/cpus): HotSpot would run at a lower level");
        }
        return new Resolved(b.base(), b.variant(), b.isa(), b.feature(), b.source(), b.pin(), b.sha(), b.mode(), model, c.how(), c.what(),
                c.needs());
    }

    /** A name without a model: a row, <isa>-<N>[ea][-debian]-newest, either with a variant's suffix. */
    private Optional<Resolved> base(String name) {
        String base = name, variant = "";
        for (String v : variants(prefix(name))) {
            if (name.endsWith("-" + v)) {
                base = name.substring(0, name.length() - v.length() - 1);
                variant = v;
                break;
            }
        }
        String b = base;
        Optional<JdkTable.Row> row = rows.stream().filter(r -> r.name().equals(b)).findFirst();
        if (row.isPresent()) {
            JdkTable.Row r = row.get();
            return Optional.of(new Resolved(base, variant, r.isa(), r.feature(), r.source(), r.pin().equals("-") ? "" : r.pin(), r.sha256(),
                    "pinned", "", "", "", ""));
        }
        Matcher m = NEWEST.matcher(base);
        if (!m.matches() || !platforms.containsKey(m.group(1))) {
            return Optional.empty();
        }
        String isa = m.group(1), suite = DEBIAN_SUITE;
        int feature = Integer.parseInt(m.group(2));
        for (JdkTable.Row r : listed()) {   // the suite of the ISA's first row of that feature from a Debian suite
            Matcher s = SUITE.matcher(r.source());
            if (r.isa().equals(isa) && r.feature() == feature && s.lookingAt()) {
                suite = s.group(1);
                break;
            }
        }
        return Optional.of(new Resolved(base, variant, isa, feature, "debian/" + suite, "", "", "newest", "", "", "", ""));
    }

    private Unknown unknown(String name, String more) {
        return new Unknown("unknown JDK name '" + name + "' (known: " + String.join(" ", names().subList(0, listedWithVariants()))
                + "; <isa>-<N>-newest for Debian's newest openjdk-<N>; <name>@<model> for a CPU model of make/cpus" + more + ")");
    }

    private int listedWithVariants() {
        return (int) names().stream().filter(n -> !n.contains("@")).count();
    }

    /** A name begins with its ISA (JdkTable checks it). */
    private static String prefix(String name) {
        int dash = name.indexOf('-');
        return dash < 0 ? name : name.substring(0, dash);
    }
}
