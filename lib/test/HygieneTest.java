/*
 * @test
 * @summary make hygiene in Java: each bad-input case is a make of its own in an empty BUILD, ok only with exit 2, one line and nothing built; actionlint is built into $BUILD/go by the Go found (an old one fetches a newer toolchain first) or is one FAILED line; the greps print what they found as grep does; a Zero run is judged by its rows; the totals are the last line, alone
 * @library /lib /make/tools
 * @build modes.Hygiene modes.Mode run.Runs jdks.JdkTable results.RunResults ModeStandIn CheckModeTest
 * @run testng HygieneTest
 */

import static org.testng.Assert.assertEquals;
import static org.testng.Assert.assertTrue;

import anatomy.probe.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import modes.Hygiene;
import org.testng.annotations.Test;
import results.RunResults;

/*
 * A pack directory of stand-ins: CheckModeTest's JDK table (its list newest starts with x86_64-28ea), a make that notes
 * its arguments and says one line on stderr (the last line of a table or .txt file it was given, the first of a JDK's
 * release file, else its last argument) and exit 2,
 * but for three cases: CONC says two lines, ARCH exits 1, VM_OPTIONS makes the plugin directory. Its PATH holds no go
 * (but where a test puts one) and make/need.sh cannot install one.
 */
public class HygieneTest {
    static final String FAKE_MAKE = """
            [ "$1" = --no-print-directory ] && shift
            echo "$* tools=$PACK_TOOLS_DIR" >>"${0%/*}/made"
            for a; do case $a in BUILD=*) b=${a#BUILD=} ;; esac; done
            case " $* " in
                *" CONC=zero "*) echo "error: CONC=zero is no number"; echo "a second line" >&2; exit 2 ;;
                *" ARCH=sparc "*) echo "error: ARCH=sparc: no such ISA"; exit 1 ;;
                *" VM_OPTIONS="*) /bin/mkdir -p "$b/hsdis"; echo "error: the JDK refuses -XX:+NoSuchFlagAnywhere"; exit 2 ;;
            esac
            last=${*: -1}; f=${last#*=}; msg=$last
            case $f in *.txt|*/jdk-table|*/cpus) [ -f "$f" ] && while IFS= read -r l; do msg=$l; done <"$f" ;; esac
            [ -f "$f/release" ] && read -r msg <"$f/release"
            echo "error: bad: $msg" >&2; exit 2
            """;
    static final String FAKE_NEED = """
            echo "$*" >"${0%/*}/../need-args"
            echo "error: missing Debian packages: golang-go (install them as root)" >&2; exit 2
            """;

    record Ran(int status, String out, Path pack) {
        String file(String name) throws Exception {
            return Files.readString(pack.resolve(name)).replace(pack.toString(), "PACK");
        }
    }

    static Path pack() throws Exception {
        Path pack = Files.createTempDirectory(Path.of("").toAbsolutePath(), "hygiene-pack");
        for (String d : List.of("make", "docs", "bin", "tmp", ".github/workflows")) {
            Files.createDirectories(pack.resolve(d));
        }
        Files.writeString(pack.resolve("make/jdk-table"), CheckModeTest.TABLE);
        Files.writeString(pack.resolve("make/cpus"), "zen4 x86_64 switches - avx512f fleet\n");
        Files.writeString(pack.resolve("make/need.sh"), FAKE_NEED);
        Files.writeString(pack.resolve("make-stand-in"), FAKE_MAKE);
        Files.writeString(pack.resolve("README.md"), "# A pack\n\nSee docs/running.md.\n");
        Files.writeString(pack.resolve("docs/running.md"), "# Running\n");
        Files.writeString(pack.resolve(".github/workflows/pack.yml"), "on: push\n");
        return pack;
    }

    static Ran hygiene(Path pack) throws Exception {
        Map<String, String> e = ModeStandIn.env(Map.of("BUILD", pack.resolve("build").toString(), "JDK_TABLE", "", "TMPDIR", pack.resolve("tmp").toString(),
                "PATH", pack.resolve("bin").toString(), "HYGIENE_OPENJDK", "no", "HYGIENE_ZERO", "no"));
        ModeStandIn.Printed p = ModeStandIn.run("error: ", () -> new Hygiene(e, pack, List.of("/bin/bash", pack.resolve("make-stand-in").toString()),
                pack.resolve("no-go/bin/go")).run());
        return new Ran(p.status(), p.out().replace(pack.toString(), "PACK").replaceAll("PACK/tmp/pack-hygiene\\.[0-9]+", "TMP"), pack);
    }

    @Test
    public void eachCaseIsOkOnlyWithExit2OneLineAndNothingBuiltAndNoGoIsOneFailedLineBeforeTheTotals() throws Exception {
        Ran r = hygiene(pack());
        assertEquals(r.out(), """
                  ok      bad input (missing JDK): error: bad: JDK=/nonexistent
                  ok      bad input (not a JDK): error: bad: JDK=TMP/notjdk
                  ok      bad input (the launcher): error: bad: JDK=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
                  ok      bad input (a JDK name): error: bad: JDK=x86_64-28ea
                  ok      bad input (JDK 11): error: bad: JAVA_VERSION="11.0.2"
                  ok      bad input (unknown group): error: bad: TEST=no-such-group
                  ok      bad input (missing file): error: bad: TEST=test/NoSuchTest.java
                  ok      bad input (unknown test id): error: bad: TEST=test/gc/CollectorDesignShowsInItsLog.java#no-such-id
                  FAILED  bad input (CONC): exit 2, 2 lines, plugin built: no: error: CONC=zero is no number
                a second line
                  FAILED  bad input (VM option): exit 2, 1 lines, plugin built: yes: error: the JDK refuses -XX:+NoSuchFlagAnywhere
                  FAILED  bad input (ARCH): exit 1, 1 lines, plugin built: no: error: ARCH=sparc: no such ISA
                  ok      bad input (MATRIX name): error: bad: MATRIX=x86_64-17 x86_64-nosuchjdk
                  ok      bad input (MATRIX path): error: bad: MATRIX=mine=TMP/notjdk
                  ok      bad input (JDK table row): error: bad: sparc-25 sparc 25 debian/unstable 25-1 default -
                  ok      bad input (CPU model): error: bad: MATRIX=x86_64-25@a64fx
                  ok      bad input (CPU table row): error: bad: avx9 x86_64 switches UseAVX=9 - fleet a level no CPU has
                  ok      bad input (mutants JDK path): error: bad: JDK=TMP/notjdk
                  ok      bad input (mutants SET): error: bad: SET=TMP/no-such-set.txt
                  ok      bad input (mutants SET line): error: bad: x | * | return | f() | void | test/escape | killed
                  ok      bad input (mutants JDK name): error: bad: JDK=x86_64-25-temurin
                  ok      bad input (mutants DRY): error: bad: DRY=yes
                  ok      bad input (mutants FRAMES): error: bad: SEED=1
                  ok      bad input (FRAMES line): error: bad: SEED=1
                  ok      bad input (FRAMES, no SEED): error: bad: FRAMES=make/mutants/frames.txt
                  ok      bad input (SHARD k > N): error: bad: SHARD=4/3
                  ok      bad input (SHARD word): error: bad: SHARD=x
                  ok      bad input (report FROM): error: bad: FROM=TMP/no-such-bundle
                  ok      bad input (JTREG key): error: bad: JTREG=JOBS=2;KEYWORDS=headline
                  ok      bad input (TIMEOUT_FACTOR): error: bad: TIMEOUT_FACTOR=slow
                  FAILED  actionlint: not in PACK/build/go/bin/actionlint and cannot be built: no Go toolchain (go on PATH or PACK/no-go/bin/go)
                  ok      the docs point nowhere outside the repository
                  ok      packages are installed only by make/need.sh
                  ok      no foreign-architecture package is installed into the system
                29 passed, 4 failed, 0 skipped
                """);
        assertEquals(r.status(), 1);
        String[] lines = r.out().split("\n");
        assertTrue(Outcome.parseTotals(lines[lines.length - 1]) != null);
        assertEquals(r.file("need-args"), "--why actionlint, the workflow's linter golang-go=go\n");
        assertEquals(Files.list(r.pack().resolve("tmp")).count(), 0L, "the temporary directory is removed");
        String tmp = "PACK/tmp/pack-hygiene\\.[0-9]+";
        assertEquals(r.file("made").replaceAll(tmp, "TMP"), """
                test BUILD=TMP/build JDK=/nonexistent tools=PACK/build/tools
                test BUILD=TMP/build JDK=TMP/notjdk tools=PACK/build/tools
                test BUILD=TMP/build JDK=/usr/lib/jvm/java-17-openjdk-amd64/bin/java tools=PACK/build/tools
                test BUILD=TMP/build JDK=x86_64-28ea tools=PACK/build/tools
                test BUILD=TMP/build JDK=TMP/old-jdk tools=PACK/build/tools
                test BUILD=TMP/build TEST=no-such-group tools=PACK/build/tools
                test BUILD=TMP/build TEST=test/NoSuchTest.java tools=PACK/build/tools
                test BUILD=TMP/build TEST=test/gc/CollectorDesignShowsInItsLog.java#no-such-id tools=PACK/build/tools
                test BUILD=TMP/build CONC=zero tools=PACK/build/tools
                test BUILD=TMP/build VM_OPTIONS=-XX:+NoSuchFlagAnywhere tools=PACK/build/tools
                test BUILD=TMP/build ARCH=sparc tools=PACK/build/tools
                matrix BUILD=TMP/build MATRIX=x86_64-17 x86_64-nosuchjdk tools=PACK/build/tools
                matrix BUILD=TMP/build MATRIX=mine=TMP/notjdk tools=PACK/build/tools
                matrix BUILD=TMP/build JDK_TABLE=TMP/jdk-table tools=PACK/build/tools
                matrix BUILD=TMP/build MATRIX=x86_64-25@a64fx tools=PACK/build/tools
                matrix BUILD=TMP/build MATRIX=fleet CPUS_FILE=TMP/cpus tools=PACK/build/tools
                mutants BUILD=TMP/build JDK=TMP/notjdk tools=PACK/build/tools
                mutants BUILD=TMP/build SET=TMP/no-such-set.txt tools=PACK/build/tools
                mutants BUILD=TMP/build SET=TMP/seven-columns.txt tools=PACK/build/tools
                mutants BUILD=TMP/build JDK=x86_64-25-temurin tools=PACK/build/tools
                mutants BUILD=TMP/build DRY=yes tools=PACK/build/tools
                mutants BUILD=TMP/build FRAMES=TMP/no-such-frames.txt SEED=1 tools=PACK/build/tools
                mutants BUILD=TMP/build FRAMES=TMP/two-columns.txt SEED=1 tools=PACK/build/tools
                mutants BUILD=TMP/build FRAMES=make/mutants/frames.txt tools=PACK/build/tools
                test BUILD=TMP/build SHARD=4/3 tools=PACK/build/tools
                matrix BUILD=TMP/build SHARD=x tools=PACK/build/tools
                report BUILD=TMP/build FROM=TMP/no-such-bundle tools=PACK/build/tools
                test BUILD=TMP/build JTREG=JOBS=2;KEYWORDS=headline tools=PACK/build/tools
                test BUILD=TMP/build TIMEOUT_FACTOR=slow tools=PACK/build/tools
                """);
    }

    /*
     * A go 1.19 on PATH: `go mod download -json` of the toolchain module names a directory whose files came without
     * their execute bits (as the module proxy's do); its go builds a stand-in actionlint into $BUILD/go/bin, which passes
     * the workflows unless one is bad.yml.
     */
    static final String OLD_GO = """
            #!/bin/bash
            case $1 in
                version) echo "go version go1.19.8 linux/amd64" ;;
                mod) echo "$*|GOPATH=$GOPATH|GOMODCACHE=$GOMODCACHE|GOFLAGS=$GOFLAGS" >"${0%/*}/../go-mod"
                     printf '{\\n\\t"Path": "golang.org/toolchain",\\n\\t"Dir": "%s",\\n\\t"Sum": "h1:x"\\n}\\n' "$PWD/toolchain" ;;
                *) echo "go 1.19 cannot build actionlint 1.7.12" >&2; exit 1 ;;
            esac
            """;
    static final String TOOLCHAIN_GO = """
            #!/bin/bash
            [ -x "${0%/*}/../pkg/tool/linux_amd64/compile" ] || { echo "compile is not executable"; exit 1; }
            echo "$*|GOBIN=$GOBIN|GOPATH=$GOPATH|GOMODCACHE=$GOMODCACHE|GOCACHE=$GOCACHE|GOTOOLCHAIN=$GOTOOLCHAIN" >"${0%/*}/../../go-install"
            /bin/mkdir -p "$GOBIN"
            printf '%s\\n' '#!/bin/bash' '[ "$1" = -version ] && { echo 1.7.12; echo "built by a stand-in"; exit 0; }' \\
                'case " $* " in *bad.yml*) printf "%s\\n" "bad.yml:1: one" two three four; exit 1 ;; esac' >"$GOBIN/actionlint"
            /bin/chmod +x "$GOBIN/actionlint"
            """;

    @Test
    public void anOldGoFetchesTheToolchainWhoseGoBuildsActionlintIntoBuildGoAndAFailingLintIsItsFirstThreeLines() throws Exception {
        Path pack = pack();
        Files.writeString(pack.resolve("bin/go"), OLD_GO);
        Files.setPosixFilePermissions(pack.resolve("bin/go"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(pack.resolve("toolchain/pkg/tool/linux_amd64"));
        Files.createDirectories(pack.resolve("toolchain/bin"));
        Files.writeString(pack.resolve("toolchain/bin/go"), TOOLCHAIN_GO);
        Files.writeString(pack.resolve("toolchain/pkg/tool/linux_amd64/compile"), "");
        for (String f : List.of("toolchain/bin/go", "toolchain/pkg/tool/linux_amd64/compile")) {
            Files.setPosixFilePermissions(pack.resolve(f), PosixFilePermissions.fromString("r--r--r--"));
        }
        Ran r = hygiene(pack);
        assertTrue(r.out().contains("\n  ok      actionlint 1.7.12: .github/workflows passes\n  ok      the docs point nowhere"), r.out());
        String arch = new String(new ProcessBuilder("dpkg", "--print-architecture").start().getInputStream().readAllBytes()).strip();
        assertEquals(r.file("go-mod"), "mod download -json golang.org/toolchain@v0.0.1-go1.25.4.linux-" + arch
                + "|GOPATH=PACK/build/go|GOMODCACHE=PACK/build/go/mod|GOFLAGS=-modcacherw\n");
        assertEquals(r.file("go-install"), "install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12|GOBIN=PACK/build/go/bin|GOPATH=PACK/build/go"
                + "|GOMODCACHE=PACK/build/go/mod|GOCACHE=PACK/build/go/cache|GOTOOLCHAIN=local\n");

        Files.writeString(pack.resolve(".github/workflows/bad.yml"), "on: nothing\n");
        Files.delete(pack.resolve("go-install"));
        r = hygiene(pack);
        assertTrue(r.out().contains("\n  FAILED  actionlint: bad.yml:1: one two three \n"), r.out());
        assertTrue(!Files.exists(pack.resolve("go-install")), "a built actionlint is not built again");
        assertTrue(r.out().endsWith("\n29 passed, 4 failed, 0 skipped\n"), r.out());
    }

    @Test
    public void theGrepsPrintWhatTheyFoundAsGrepDoesButInNeedShAndTheModeItself() throws Exception {
        Path pack = pack();
        Files.writeString(pack.resolve("docs/running.md"), "# Running\nSee ../shared/notes.md first.\n");
        Files.write(pack.resolve("docs/report.png"), "\0PNG see /work/x\n".getBytes());
        Files.writeString(pack.resolve("make/x.sh"), "#!/bin/sh\n\napt-get install -y foo");
        Files.writeString(pack.resolve("make/y.sh"), "sh make/need.sh libc6:arm64\n");
        Files.writeString(pack.resolve("make/need.sh"), FAKE_NEED + "# apt-get install libc6:amd64\n");
        Files.createDirectories(pack.resolve("make/tools/modes"));
        Files.writeString(pack.resolve("make/tools/modes/Hygiene.java"), "// apt install\n");
        String out = hygiene(pack).out();
        assertTrue(out.contains("""
                  FAILED  the docs point outside the repository: docs/running.md:2:See ../shared/notes.md first.
                  FAILED  apt-get install outside make/need.sh: make/x.sh:3:apt-get install -y foo
                  FAILED  a foreign-architecture install: make/y.sh:1:sh make/need.sh libc6:arm64
                26 passed, 7 failed, 0 skipped
                """), out);
    }

    @Test
    public void zeroIsJudgedByItsRowsEachASkipNamingZero() {
        RunResults.Result zero = new RunResults.Result("t/A.java", Outcome.SKIPPED, 0.1, "this VM has no JIT compiler (Zero VM)", List.of());
        RunResults.Result off = new RunResults.Result("t/B.java", Outcome.SKIPPED, 0.2, "the JIT is\toff", List.of());
        RunResults.Result passed = new RunResults.Result("t/C.java", Outcome.PASSED, 1.0, "", List.of());
        assertEquals(Hygiene.notSkippedForZero(List.of(zero, off, passed)), List.of("t/B.java\tskipped\t0.20\tthe JIT is off", "t/C.java\tpassed\t1.00\t"));
        assertEquals(Hygiene.notSkippedForZero(List.of(zero)), List.of());
    }
}
