/*
 * @test
 * @summary A test stopped only by this JDK's defaults is a finding; one stopped by the user's options or the platform is a skip
 * @library /lib
 * @run testng FindingTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Cause;
import anatomy.probe.Finding;
import anatomy.probe.Flags;
import anatomy.probe.Requires;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.testng.annotations.Test;

/*
 * The probe writes each property's cause (platform, default, options) beside its value; make/tools/run/Summary.java
 * asks anatomy.probe.Finding what a test that did not run has met. Here the probe's reports are written by
 * hand: JDK 28 on a CPU where UseFPUForSpilling is off by default, and JDK 17 where the user turned it off.
 */
public class FindingTest {
    private static final String SPILL = "pack.c2 & pack.whitebox & pack.fpuSpilling";

    /** A probe report: JDK 28, x86_64, C2 and WhiteBox, UseFPUForSpilling off by default. */
    static Properties jdk28() {
        Properties p = new Properties();
        set(p, "pack.jdk", "28", "platform", "");
        set(p, "pack.isa", "x86_64", "platform", "");
        set(p, "pack.c2", "true", "platform", "");
        set(p, "pack.whitebox", "true", "platform", "");
        set(p, "pack.gc", "g1", "default", "-XX:-UseSerialGC -XX:-UseParallelGC -XX:+UseG1GC");
        set(p, "pack.gcChosen", "false", "options", "-XX:-UseSerialGC -XX:-UseParallelGC -XX:+UseG1GC");
        p.setProperty("pack.gcChosen.why", "no VM option selects a collector");
        p.setProperty("pack.gcChosen.cause.why", "not set by your options");
        set(p, "pack.countedLoopSafepoints", "true", "default", "-XX:+UseCountedLoopSafepoints");
        set(p, "pack.compactHeaders", "true", "default", "-XX:+UseCompactObjectHeaders");
        set(p, "pack.fpuSpilling", "false", "default", "-XX:-UseFPUForSpilling");
        p.setProperty("pack.fpuSpilling.why", "-XX:-UseFPUForSpilling (C2 spills to FP registers only with it on)");
        p.setProperty("pack.fpuSpilling.cause.why", "this JDK's default: -XX:-UseFPUForSpilling");
        p.setProperty("probe.options", "");
        return p;
    }

    /** The same property, off because the user said so (VM_OPTIONS=-XX:-UseFPUForSpilling on JDK 17). */
    static Properties userTurnedItOff() {
        Properties p = jdk28();
        p.setProperty("pack.jdk", "17");
        p.setProperty("pack.fpuSpilling.cause", "options");
        p.setProperty("pack.fpuSpilling.cause.why", "your options: -XX:-UseFPUForSpilling");
        p.setProperty("probe.options", "-XX:-UseFPUForSpilling");
        return p;
    }

    static void set(Properties p, String key, String value, String cause, String flags) {
        p.setProperty(key, value);
        p.setProperty(key + ".cause", cause);
        p.setProperty(key + ".flags", flags);
    }

    @Test
    public void aDefaultThatFlippedIsAFinding() {
        Finding.Outcome o = Finding.ofRequires(List.of(SPILL), jdk28());
        assertEquals(o.status(), "finding");
        assertEquals(o.reason(), "not the default from JDK 28: UseFPUForSpilling is off by default (the claim needs it on)");
    }

    @Test
    public void theSamePropertyTurnedOffByTheUserIsASkipNamingTheOption() {
        Finding.Outcome o = Finding.ofRequires(List.of(SPILL), userTurnedItOff());
        assertEquals(o.status(), "skipped");
        assertEquals(o.reason(), "-XX:-UseFPUForSpilling (C2 spills to FP registers only with it on) [your options: -XX:-UseFPUForSpilling]");
    }

    @Test
    public void aJdkRangeOrAnIsaTheTestDeclaresIsASkip() {
        Properties p = jdk28();
        p.setProperty("pack.isa", "aarch64");
        p.setProperty("pack.jdk", "25");
        Finding.Outcome o = Finding.ofRequires(List.of("pack.c2 & pack.whitebox & (pack.isa != \"aarch64\" | pack.jdk < 24 | pack.jdk >= 26)"), p);
        assertEquals(o.status(), "skipped");
        assertEquals(o.reason(), "requires (pack.isa != \"aarch64\" | pack.jdk < 24 | pack.jdk >= 26) (here pack.isa=aarch64, pack.jdk=25)");
    }

    @Test
    public void aDefaultTogetherWithTheUsersOptionsIsASkip() {
        Properties p = jdk28();
        set(p, "pack.c2", "false", "options", "");
        p.setProperty("pack.c2.why", "C2 not available: -XX:TieredStopAtLevel=1");
        Finding.Outcome o = Finding.ofRequires(List.of(SPILL), p);
        assertEquals(o.status(), "skipped");
        assertTrue(o.reason().contains("C2 not available") && o.reason().contains("UseFPUForSpilling"), o.reason());
    }

    @Test
    public void aDefaultTogetherWithThePlatformIsASkip() {
        Finding.Outcome o = Finding.ofRequires(List.of("pack.fpuSpilling | pack.isa == \"aarch64\""), jdk28());
        assertEquals(o.status(), "skipped");
    }

    @Test
    public void aVariantForRunsThatChooseACollectorIsASkipWhenNoneIsChosen() {
        Finding.Outcome o = Finding.ofRequires(List.of("pack.whitebox & pack.gc == \"serial\" & pack.gcChosen"), jdk28());
        assertEquals(o.status(), "skipped");
        assertEquals(o.reason(), "requires pack.gc == \"serial\" (here pack.gc=g1); no VM option selects a collector");
    }

    @Test
    public void aValueTheUsersOptionsChangedWithoutSettingItIsASkipNamingThem() {
        Properties p = jdk28();
        set(p, "pack.countedLoopSafepoints", "false", "options", "-XX:-UseCountedLoopSafepoints");
        p.setProperty("pack.countedLoopSafepoints.why", "-XX:-UseCountedLoopSafepoints");
        p.setProperty("pack.countedLoopSafepoints.cause.why", "your options (-XX:+UseParallelGC): without them pack.countedLoopSafepoints=true");
        Finding.Outcome o = Finding.ofRequires(List.of("pack.c2 & pack.countedLoopSafepoints"), p);
        assertEquals(o.status(), "skipped");
        assertEquals(o.reason(), "-XX:-UseCountedLoopSafepoints [your options (-XX:+UseParallelGC): without them pack.countedLoopSafepoints=true]");
    }

    @Test
    public void aDefaultTheClaimNeedsOffIsNamedSo() {
        Finding.Outcome o = Finding.ofRequires(List.of("pack.whitebox & !pack.compactHeaders", "pack.gc == \"parallel\""), jdk28());
        assertEquals(o.status(), "finding");
        assertEquals(o.reason(), "not the default from JDK 28: UseCompactObjectHeaders is on by default (the claim needs it off);"
                + " pack.gc is g1 by default (the claim needs pack.gc == \"parallel\")");
    }

    @Test
    public void aRunTimeSkipNamingADefaultIsAFinding() {
        Finding.Outcome o = Finding.ofSkip("pack.fpuSpilling is off: C2 keeps its spills on the stack", jdk28());
        assertEquals(o.status(), "finding");
        assertEquals(o.reason(), "not the default from JDK 28: pack.fpuSpilling is off: C2 keeps its spills on the stack");
        assertEquals(Finding.ofSkip("pack.fpuSpilling is off", userTurnedItOff()).status(), "skipped");
    }

    /*
     * A run-time skip is a skip only when a stated cause explains it: a property of the platform or of the user's
     * options that its message names, or the user's options themselves (make/jtreg.sh then runs it without them).
     * Before, any message that named no property was a skip, so a test the VM stopped for no stated reason was green.
     */

    @Test
    public void aRunTimeSkipNothingStatedExplainsIsAFinding() {
        Finding.Outcome o = Finding.ofSkip("the VM options replace the variant's -XX:ObjectAlignmentInBytes=16", jdk28());
        assertEquals(o.status(), "finding");
        assertEquals(o.reason(), Finding.UNEXPLAINED + " (JDK 28, no user options): the VM options replace the variant's"
                + " -XX:ObjectAlignmentInBytes=16");
        assertEquals(Finding.ofSkip("this JDK has no javac to call (no jdk.compiler module), though the probe found one", jdk28())
                .status(), "finding");
        assertTrue(!Finding.onlyOptionsCanExplain("the VM options replace ...", jdk28()));
    }

    @Test
    public void aRunTimeSkipNamingAPlatformPropertyIsASkip() {
        Properties p = jdk28();
        set(p, "pack.isa", "s390x", "platform", "");
        set(p, "pack.gcs", ",serial,parallel,g1,", "platform", "");
        assertEquals(Finding.ofSkip("Op.RETURN_POLL is not asserted on s390x: C2's return poll reads the page (pack.isa=s390x)", p),
                new Finding.Outcome("skipped", "Op.RETURN_POLL is not asserted on s390x: C2's return poll reads the page (pack.isa=s390x)"));
        assertEquals(Finding.ofSkip("this JDK build has no such collector: -XX:+UseZGC (pack.gcs=,serial,parallel,g1,)", p).status(), "skipped");
        assertEquals(Finding.ofSkip("hsdis not usable (pack.hsdis=false): CMOV needs ...", p).status(), "finding",
                "pack.hsdis is not in this report: the message names no property of it");
        set(p, "pack.hsdis", "false", "platform", "");
        assertEquals(Finding.ofSkip("hsdis not usable (pack.hsdis=false): CMOV needs ...", p).status(), "skipped");
    }

    @Test
    public void aRunTimeSkipUnderTheUsersOptionsWaitsForTheRunWithoutThem() {
        String why = "the collector ignored a WhiteBox full collection under -XX:+DisableExplicitGC";
        Properties p = jdk28();
        p.setProperty("probe.options", "-XX:+DisableExplicitGC");
        assertEquals(Finding.ofSkip(why, p), new Finding.Outcome("skipped", why));
        assertTrue(Finding.onlyOptionsCanExplain(why, p));
        // one naming a property of the user's options is decided already: no rerun
        assertTrue(!Finding.onlyOptionsCanExplain("-XX:-UseFPUForSpilling (pack.fpuSpilling)", userTurnedItOff()));
        // without a probe report nothing can be judged: the skip as it is
        assertEquals(Finding.ofSkip(why, new Properties()).status(), "skipped");
        assertTrue(!Finding.onlyOptionsCanExplain(why, new Properties()));
    }

    @Test
    public void withoutAProbeReportEverythingIsASkip() {
        Finding.Outcome o = Finding.ofRequires(List.of(SPILL), new Properties());
        assertEquals(o.status(), "skipped");
        assertEquals(o.reason(), "requires " + SPILL + " (here pack.c2=?, pack.whitebox=?, pack.fpuSpilling=?)");
    }

    /* The probe's side: what decides a cause, from the flags a property was read from. */

    @Test
    public void aFlagTheUserSetIsTheirs() {
        assertEquals(Cause.decide("pack.fpuSpilling", "false", List.of("UseFPUForSpilling"), List.of("UseFPUForSpilling"), "false"), Cause.OPTIONS);
    }

    @Test
    public void aFlagNobodySetIsTheDefault() {
        assertEquals(Cause.decide("pack.fpuSpilling", "false", List.of("UseFPUForSpilling"), List.of(), null), Cause.DEFAULT);
        assertEquals(Cause.decide("pack.fpuSpilling", "false", List.of("UseFPUForSpilling"), List.of(), "false"), Cause.DEFAULT);
    }

    @Test
    public void aValueAVmWithoutTheOptionsDoesNotHaveIsTheOptions() {
        // -XX:+UseParallelGC turns UseCountedLoopSafepoints off without setting it
        assertEquals(Cause.decide("pack.countedLoopSafepoints", "false", List.of("UseCountedLoopSafepoints"), List.of(), "true"), Cause.OPTIONS);
    }

    @Test
    public void aDefaultWithoutAFlagInThisJdkIsThePlatform() {
        assertEquals(Cause.decide("pack.compactHeaders", "false", List.of(), List.of(), null), Cause.PLATFORM);
        assertEquals(Cause.decide("pack.jdk", "28", List.of(), List.of(), null), Cause.PLATFORM);
        assertEquals(Cause.decide("pack.gcChosen", "false", List.of(), List.of(), null), Cause.OPTIONS);
        assertEquals(Cause.decide("pack.heapBaseUnset", "false", List.of("HeapBaseMinAddress"), List.of("HeapBaseMinAddress"), null), Cause.OPTIONS);
    }

    @Test
    public void printFlagsFinalIsReadWithOrigins() {
        Flags f = Flags.parse("""
                     bool UseCompressedOops                        = true                           {product lp64_product} {ergonomic}
                     bool UseFPUForSpilling                        = false                                  {C2 product} {command line}
                     intx TieredStopAtLevel                        = 4                                         {product} {default}
                    ccstr AbortVMOnException                       =                                        {diagnostic} {default}
                OpenJDK 64-Bit Server VM (build 28-ea+18-1-Debian, mixed mode, sharing)
                """);
        assertEquals(f.value("UseCompressedOops"), "true");
        assertTrue(!f.userSet("UseCompressedOops") && f.userSet("UseFPUForSpilling") && !f.userSet("TieredStopAtLevel"));
        assertEquals(f.text("UseFPUForSpilling"), "-XX:-UseFPUForSpilling");
        assertEquals(f.text("TieredStopAtLevel"), "-XX:TieredStopAtLevel=4");
        assertTrue(f.has("AbortVMOnException") && !f.has("UseCompactObjectHeaders"));
        assertEquals(f.vmInfo(), "mixed mode, sharing");
    }

    @Test
    public void requiresSplitsIntoClauses() {
        assertEquals(Requires.clauses("pack.c2 & (pack.gc == \"g1\" | !pack.gcChosen) & !pack.emulated"),
                List.of("pack.c2", "(pack.gc == \"g1\" | !pack.gcChosen)", "!pack.emulated"));
        Properties p = jdk28();
        p.setProperty("pack.cpu.features", ",sse2,avx2,");
        assertTrue(Requires.holds("pack.cpu.features ~= \".*,avx2,.*\"", p));
    }

    /** Every property TEST.ROOT lists has its kind in Cause's table, and the table names no other. */
    @Test
    public void everyProbePropertyIsClassified() throws IOException {
        Path root = Path.of(System.getProperty("test.root", ".")).resolve("TEST.ROOT");
        String text = Files.readString(root).replaceAll("\\\\\\s*\\n", " ");
        Set<String> listed = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("requires.properties")) {
                listed.addAll(List.of(line.substring(line.indexOf('=') + 1).trim().split("\\s+")));
            }
        }
        Set<String> missing = new TreeSet<>(listed);
        missing.removeAll(Cause.kinds().keySet());
        Set<String> stale = new TreeSet<>(Cause.kinds().keySet());
        stale.removeAll(listed);
        assertTrue(missing.isEmpty() && stale.isEmpty(), "lib/anatomy/probe/Cause.java's KIND table and TEST.ROOT's"
                + " requires.properties disagree: add a row (PLATFORM, DEFAULT or OPTIONS) for " + missing
                + "; remove the rows of " + stale);
    }

    /** A sibling variant that ran on the same property asserts this JDK's default form: a skip naming it. */
    @Test
    public void aDefaultThatASiblingAssertsIsASkip() {
        Finding.Outcome finding = Finding.ofRequires(List.of(SPILL), jdk28());
        assertEquals(finding.status(), "finding");
        Finding.Outcome covered = Finding.coveredBy(finding, List.of(SPILL), jdk28(), "defaultOff",
                List.of("pack.c2 & pack.whitebox & !pack.fpuSpilling"));
        assertEquals(covered.status(), "skipped");
        assertTrue(covered.reason().startsWith("this JDK's default (JDK 28): UseFPUForSpilling is off by default"), covered.reason());
        assertTrue(covered.reason().endsWith("#defaultOff asserts what the default does"), covered.reason());
        // a sibling about something else covers nothing
        assertEquals(Finding.coveredBy(finding, List.of(SPILL), jdk28(), "forced", List.of("pack.c2 & pack.whitebox")).status(), "finding");
    }
    /**
     * A one-CPU (or small-memory) host, JDK 17: the VM selects Serial, and with it UseCountedLoopSafepoints is off by
     * default. CountedLoopHasSafepointPoll#default needs it on; #any-gc runs with -XX:+UseCountedLoopSafepoints and
     * asserts the same claim: #default is a skip naming #any-gc, not a finding (exit 3 before).
     */
    @Test
    public void aDefaultOfAOneCpuHostThatASiblingForcesIsASkip() {
        Properties p = jdk28();
        p.setProperty("pack.jdk", "17");
        set(p, "pack.gc", "serial", "default", "-XX:+UseSerialGC -XX:-UseParallelGC -XX:-UseG1GC");
        set(p, "pack.countedLoopSafepoints", "false", "default", "-XX:-UseCountedLoopSafepoints");
        List<String> mine = List.of("pack.c2 & pack.whitebox & pack.countedLoopSafepoints & pack.isa != \"s390x\"");
        Finding.Outcome finding = Finding.ofRequires(mine, p);
        assertEquals(finding.status(), "finding");
        List<String> anyGc = List.of("pack.c2 & pack.whitebox & pack.isa != \"s390x\"");
        assertEquals(Finding.coveredBy(finding, mine, p, "any-gc", anyGc), finding, "its @requires alone names no such property");
        Finding.Outcome covered = Finding.coveredBy(finding, mine, p, "any-gc", anyGc,
                List.of("driver", "CountedLoopHasSafepointPoll", "-XX:+UseCountedLoopSafepoints"));
        assertEquals(covered, new Finding.Outcome("skipped", "this JDK's default (JDK 17): UseCountedLoopSafepoints is off by default"
                + " (the claim needs it on), as the collector this host gets by default (pack.gc=serial) leaves it off;"
                + " #any-gc asserts the claim with -XX:+UseCountedLoopSafepoints"));
        // a sibling that sets the flag to the default's value asserts nothing of the claim
        assertEquals(Finding.coveredBy(finding, mine, p, "off", anyGc, List.of("driver", "X", "-XX:-UseCountedLoopSafepoints")), finding);
    }

    /**
     * The same flag off by default under G1, which has turned it on since JDK 10: not this host's ergonomics but a
     * changed default of the build. #any-gc forcing the flag on asserts the claim, not the default: a finding.
     */
    @Test
    public void aDefaultTheHostsCollectorDoesNotExplainStaysAFindingWhateverASiblingForces() {
        Properties p = jdk28();
        set(p, "pack.gc", "g1", "default", "-XX:+UseG1GC");
        set(p, "pack.countedLoopSafepoints", "false", "default", "-XX:-UseCountedLoopSafepoints");
        List<String> mine = List.of("pack.c2 & pack.whitebox & pack.countedLoopSafepoints & pack.isa != \"s390x\"");
        Finding.Outcome finding = Finding.ofRequires(mine, p);
        assertEquals(finding.status(), "finding");
        List<String> anyGc = List.of("pack.c2 & pack.whitebox & pack.isa != \"s390x\"");
        List<String> run = List.of("driver", "CountedLoopHasSafepointPoll", "-XX:+UseCountedLoopSafepoints");
        assertEquals(Finding.coveredBy(finding, mine, p, "any-gc", anyGc, run), finding);
        // a collector the user chose is no ergonomic choice of this host either
        set(p, "pack.gc", "serial", "options", "-XX:+UseSerialGC");
        assertEquals(Finding.coveredBy(finding, mine, p, "any-gc", anyGc, run), finding);
        // Serial chosen by the VM on this host: its ergonomics
        set(p, "pack.gc", "serial", "default", "-XX:+UseSerialGC");
        assertEquals(Finding.coveredBy(finding, mine, p, "any-gc", anyGc, run).status(), "skipped");
    }

    /**
     * riscv64 without -XX:+UseZicond: C2 has no conditional move there (pack.cmov, a platform property even though a
     * diagnostic flag decides it): a test that needs one skips naming the port's reason, it is no finding.
     */
    @Test
    public void noConditionalMoveOnRiscvIsASkipNamingThePort() {
        Properties p = jdk28();
        set(p, "pack.isa", "riscv64", "platform", "");
        set(p, "pack.profiled", "true", "platform", "");
        set(p, "pack.cmov", "false", "platform", "-XX:-UseZicond");
        p.setProperty("pack.cmov.why", "UseZicond is off (-XX:-UseZicond; a diagnostic flag, off by default in 25 and 28-ea):"
                + " C2's CMove on riscv64 is then a branch over one mv (HotSpot's riscv.ad, enc_cmove)");
        Finding.Outcome o = Finding.ofRequires(List.of("pack.c2 & pack.whitebox & pack.profiled & pack.cmov"), p);
        assertEquals(o.status(), "skipped");
        assertTrue(o.reason().contains("riscv.ad, enc_cmove"), o.reason());
        assertEquals(Cause.decide("pack.cmov", "false", List.of("UseZicond"), List.of(), null), Cause.PLATFORM);
        assertEquals(Cause.decide("pack.cmov", "false", List.of("UseZicond"), List.of("UseZicond"), "false"), Cause.PLATFORM);
    }

    /** riscv64's VM separates its CPU features with spaces; the kernel lists the CPU's extensions after underscores. */
    @Test
    public void riscvFeaturesAndExtensionsAreListedBetweenCommas() {
        assertEquals(anatomy.probe.Probe.cpuFeatures("qemu rv64 rvi rvm rva rvf rvd rvc rvv zba zbb zbs zfh zfhmin"),
                ",qemu,rv64,rvi,rvm,rva,rvf,rvd,rvc,rvv,zba,zbb,zbs,zfh,zfhmin,");
        assertEquals(anatomy.probe.Probe.cpuFeatures("(2 cores per cpu) family 6 model 85, cmov, cx8, avx2"), ",cmov,cx8,avx2,");
        assertEquals(anatomy.probe.Probe.riscvExtensions("isa\t\t: rv64imafdcbv_zic64b_zicond_zacas"),
                ",i,m,a,f,d,c,b,v,zic64b,zicond,zacas,");
        assertTrue(Requires.holds("pack.cpu.extensions ~= \".*,zicond,.*\"", props("pack.cpu.extensions", ",i,m,zicond,zacas,")));
        assertTrue(!Requires.holds("pack.cpu.extensions ~= \".*,zicond,.*\"", props("pack.cpu.extensions", ",i,m,zicbom,")));
        assertEquals(anatomy.probe.Probe.riscvExtensions(null), ",");
    }

    private static Properties props(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }
}
