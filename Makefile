# The HotSpot JIT regression pack. `make help` lists targets and variables.

BUILD       ?= build
JDK         ?=
TEST        ?= all
VM_OPTIONS  ?=
JAVA_OPTIONS ?=
CONC        ?= $(shell nproc 2>/dev/null || echo 2)
JTREG_HOME  ?=
ARCH        ?= $(shell bash -c '. make/lib.sh; host_arch')

# OpenJDK's spelling of the same (its users type it: make test TEST=jtreg:test/... JT_HOME=... JTREG="JOBS=4;
# VM_OPTIONS=...;JAVA_OPTIONS=...;TIMEOUT_FACTOR=4;RETAIN=all"): read once here, into the pack's own variables; JTREG's
# options come after VM_OPTIONS' and JAVA_OPTIONS' (later options win in a VM).
ifneq ($(JT_HOME),)
  override JTREG_HOME := $(JT_HOME)
endif
ifneq ($(findstring jtreg:,$(TEST)),)
  override TEST := $(patsubst jtreg:%,%,$(TEST))
endif
ifneq ($(strip $(JTREG)),)
  JTREG_ERROR := $(shell JTREG='$(JTREG)' bash -c '. make/lib.sh; openjdk_jtreg')
  $(if $(JTREG_ERROR),$(error $(JTREG_ERROR)))
  openjdk_jtreg = $(shell JTREG='$(JTREG)' bash -c '. make/lib.sh; openjdk_jtreg $(1)')
  ifneq ($(call openjdk_jtreg,JOBS),)
    override CONC := $(call openjdk_jtreg,JOBS)
  endif
  override VM_OPTIONS := $(strip $(VM_OPTIONS) $(call openjdk_jtreg,VM_OPTIONS))
  override JAVA_OPTIONS := $(strip $(JAVA_OPTIONS) $(call openjdk_jtreg,JAVA_OPTIONS))
  ifneq ($(call openjdk_jtreg,TIMEOUT_FACTOR),)
    override TIMEOUT_FACTOR := $(call openjdk_jtreg,TIMEOUT_FACTOR)
    export TIMEOUT_FACTOR
  endif
  ifneq ($(call openjdk_jtreg,RETAIN),)
    override RETAIN := $(call openjdk_jtreg,RETAIN)
    export RETAIN
  endif
endif

# the classes every work area compiles alike, kept once for all of BUILD's nested runs (make/tools/run/CompiledCache.java)
PACK_COMPILED ?= $(abspath $(BUILD))/compiled

export BUILD JDK TEST VM_OPTIONS JAVA_OPTIONS CONC JTREG_HOME ARCH PACK_COMPILED

.PHONY: help test plan ci-plan ci-local check selftest sensitivity stress bench matrix configs switching hygiene clean report report-check compare \
	foreign-hsdis mutants

help:
	@echo "Targets:"
	@echo "  make test         run the pack (TEST= picks a group, directory or file) on the JDK under test; each"
	@echo "                    test is passed, failed, skipped (your options or the platform), a finding (it did"
	@echo "                    not run only because this JDK's defaults differ from its claim), inconclusive (no"
	@echo "                    verdict could be reached: never a pass) or problem-listed (make/problems). Exit"
	@echo "                    status of the run (make/jtreg.sh): 0 all passed, skipped or problem-listed, 1 a test"
	@echo "                    failed, else 4 some are inconclusive, else 3 there are findings (make itself says"
	@echo "                    'Error 1' / 'Error 4' / 'Error 3' and exits 2)"
	@echo "  make check        the project's own checks: hygiene, hsdis fixtures and fuzz, library unit tests,"
	@echo "                    the pack, the sensitivity proofs, switching JDKs, the configurations, the"
	@echo "                    concurrency group on AArch64 without LSE and the JDK x ISA matrix of :headline;"
	@echo "                    the system's JDKs must be unchanged after it"
	@echo "  make selftest     the library's unit tests only"
	@echo "  make sensitivity  rerun each test under each of its negative controls; every one must fail"
	@echo "  make stress       N=20 rounds of TEST= (default: the stress group) under stress-ng --cpu 2; all must pass"
	@echo "  make stress MODE=compiler  the JIT tests (TEST= narrows) under SEEDS=20 seeds of C2's Stress flags"
	@echo "                    (StressLCM, StressGCM, StressIGVN, StressCCP: those the JDK has; SEED= the first);"
	@echo "                    a failure prints its seed and the make test command that reproduces it"
	@echo "  make bench        what TEST= costs: a cold round, then N=5 warm; per test and per run min/median/max"
	@echo "                    wall seconds, and the tests whose median is over BUDGET=1.5 s"
	@echo "  make hsdis        build the pack's hsdis plugin (ARCH=aarch64 cross-builds it)"
	@echo "  make hsdis-install JDK=...  copy the plugin into a JDK you own (opt-in)"
	@echo "  make foreign-hsdis JDK=...  TEST= (default: headline) on the JDK and on copies of it under"
	@echo "                    $(BUILD)/foreign-jdks that load Debian's fcml hsdis, or an LLVM-text plugin, instead of the pack's"
	@echo "                    (x86_64): the totals must be the same (docs/hsdis.md, \"A foreign hsdis\")"
	@echo "  make matrix       the pack over several JDKs and ISAs (MATRIX= lists them)"
	@echo "  make configs      the pack on one JDK under each standard test configuration (-Xcomp, C1 only,"
	@echo "                    each GC, heap sizes small, large and past 32 GB, -XX:+DisableExplicitGC, eager and"
	@echo "                    lazy compile thresholds, no tiered compilation, -Xbatch, a user's -Xlog:disable"
	@echo "                    and own LogFile, ...): every test passes or skips with a reason"
	@echo "  make switching    one work area, JDKs alternated ($(call JDK_LIST,switching)), then a run without C2"
	@echo "  make hygiene      bad input is one line; docs self-contained; one package helper; Zero's reason"
	@echo "  make report       from the last results (make test, make matrix, make sensitivity): one HTML page,"
	@echo "                    JUnit XML and TAP per JDK x ISA under $(BUILD)/report; exit 1 when a cell failed"
	@echo "  make report FROM=\"bundle ...\"  one report from the bundles of shards run on other machines (BUNDLE=):"
	@echo "                    refused for another commit or plan; a missing shard is named (exit 2)"
	@echo "  make plan SHARD=k/N  the plan make test SHARD=k/N follows: each shard's tests and estimated seconds"
	@echo "  make ci-plan EVENT=pull_request  what the CI workflow runs for that GitHub event (TEST, MATRIX, shards)"
	@echo "  make ci-local     the CI workflow's plan, shards and merge on this machine, in $(BUILD)/ci (EVENT=,"
	@echo "                    CI_TEST=, CI_MATRIX=, CI_SHARDS= as for make ci-plan)"
	@echo "  make report-check make report, then check the page in headless Chromium (screenshot kept)"
	@echo "  make compare BASE=jdk NEW=jdk  the pack on two JDKs: verdicts that changed, the machine code of"
	@echo "                    their methods side by side, methods whose code changed size (TEST= narrows)"
	@echo "  make mutants      the pack against HotSpot changed in its own code: copies of a Debian JDK"
	@echo "                    (JDK=$(call JDK_LIST,mutants), a make/jdks.sh name) whose libjvm.so carries one edit each (a"
	@echo "                    function returns at entry, a branch inverted, a call skipped; SET=make/mutants/chosen.txt),"
	@echo "                    each killed, crashed, stopped, unreached, equivalent (the same compiled code) or survived, a"
	@echo "                    survivor failing the run (docs/mutation.md); SEED= N= draw them at random;"
	@echo "                    LIST=<function> its branch and call sites with their lines, DRY=1 the set's edits (no run);"
	@echo "                    MUTANTS=<ids> some of the set; JDK=aarch64-28ea runs under qemu (a facade over the copy);"
	@echo "                    FRAMES=make/mutants/frames.txt SEED= N= from each claim's declared code, per claim"
	@echo "  make/bisect.sh    for git bisect run: 0 all passed, 1 something failed, 125 nothing could be judged"
	@echo "  make clean        remove $(BUILD)/"
	@echo "Variables (OpenJDK's make test spellings are taken too: the three below the list):"
	@echo "  JDK=/path/to/jdk  the JDK under test (default: JAVA_HOME, else java on PATH)"
	@echo "  TEST=...          a group of TEST.groups (headline, locks, escape, ...), a directory, a file, or one"
	@echo "                    test of a file by its id; e.g. make test TEST=test/branches/UnpredictableBranchBecomesCmov.java"
	@echo "                    or TEST=test/gc/CollectorDesignShowsInItsLog.java#shenandoah"
	@echo "  VM_OPTIONS=...    to jtreg -vmoptions: reaches every VM that runs test code"
	@echo "  JAVA_OPTIONS=...  to jtreg -javaoptions"
	@echo "  CONC=N            jtreg concurrency (default: the core count, $(CONC))"
	@echo "  JTREG_HOME=dir    a jtreg install (default: Debian's jtreg7, installed when missing)"
	@echo "  ARCH=aarch64      test an AArch64 JDK under qemu-user (default JDK: $(call JDK_LIST,arch,aarch64),"
	@echo "                    unpacked under $(BUILD)/jdks; nothing is installed for arm64 in the system)"
	@echo "  MATRIX=...        make matrix's JDKs: names (bash make/jdks.sh names) or label=/path/to/jdk; default (the"
	@echo "                    rows of make/jdk-table on its list default):"
	@echo "$(call JDK_LIST,default)" | fold -s -w 86 | sed 's/^/                      /'
	@echo "                    ports: its list ports (the other C2 ports, under qemu-user 10):"
	@echo "$(call JDK_LIST,ports)" | fold -s -w 86 | sed 's/^/                      /'
	@echo "                    <name>-newest: Debian's newest build of that feature, e.g. $(firstword $(call JDK_LIST,newest))-newest"
	@echo "                    <name>@<model>: that JDK on a CPU model of make/cpus (qemu -cpu, or HotSpot's switches"
	@echo "                    on the real CPU), e.g. $(firstword $(call JDK_LIST,check-fleet))@avx2; fleet: $(call JDK_LIST,fleet)"
	@echo "                    on every model of make/cpus' list fleet (check-fleet: make check's few; docs/matrix.md)"
	@echo "  SHARD=k/N         make test / make matrix run shard k of N: tests (matrix: cells, or cells' tests when"
	@echo "                    fewer than N) split longest first by earlier wall times (TIMINGS=, else"
	@echo "                    $(BUILD)/timings.tsv, else make/timings)"
	@echo "  BUNDLE=path       make test / make matrix write their results and evidence there (a directory or .tar.gz)"
	@echo "  CONFIGS=...       make configs's configurations ('name=options;name=options')"
	@echo "  BUILD=dir         where work, reports and builds go (default: build)"
	@echo "  RETAIN=all        keep every test's child VM output (machine code), not only failures' (report)"
	@echo "  REPORT_BASELINE=label  make report's baseline column (default: the first); cells that differ are marked"
	@echo "  BASE=, NEW=       make compare's JDKs; BASE_VM_OPTIONS=, NEW_VM_OPTIONS= options for one side"
	@echo "  TIMEOUT_FACTOR=N  jtreg's -timeoutFactor (default: 1, 10 under qemu)"
	@echo "  JTREG=\"JOBS=4;VM_OPTIONS=...;JAVA_OPTIONS=...;TIMEOUT_FACTOR=4;RETAIN=all\"  OpenJDK's: CONC, VM_OPTIONS and"
	@echo "                    JAVA_OPTIONS (added after yours), TIMEOUT_FACTOR, RETAIN; another key is one line, exit 2"
	@echo "  JT_HOME=dir       OpenJDK's JTREG_HOME"
	@echo "  TEST=jtreg:...    OpenJDK's test id: the same as TEST=... (TEST=jtreg:test/branches, TEST=jtreg:headline)"

-include make/hsdis.mk
# The targets that run the pack build the plugins as a prerequisite, in this make: make is entered once per target
# (make matrix: every ISA's plugin; make foreign-hsdis checks its JDKs first, then builds).

# A list of the JDK table (make/jdk-table), for the help: $(call JDK_LIST,list[,isa]).
JDK_LIST = $(shell JDK_TABLE='$(JDK_TABLE)' bash -c '. make/lib.sh; jdk_list $(1) $(2)' 2>&1)

# Every ISA's plugin directory (make/platforms, the ISAs hsdis.mk builds for), in the table's order.
HSDIS_ENV = HSDIS_PATH="$(subst $(eval) ,:,$(foreach isa,$(HSDIS_PLUGIN_ISAS),$(abspath $(HSDIS_DIR_$(isa)))))" HSDIS_DECODE="$(abspath $(HSDIS_DECODE))"

# A mode of make/tools/modes (Configs, Stress, Switching, Bench, Comparison, Check, CiLocal, Hygiene; make matrix's Matrix through make/matrix.sh)
# through make/lib.sh's launcher: $(call PACK_MODE,Class [args]).
PACK_MODE = bash -c '. make/lib.sh; pack_mode $(1)'

# What the user typed (JDK, TEST, CONC, VM_OPTIONS, ...) is checked before anything is built: a mistake is
# one line, and make stops before building the plugin (make/jtreg.sh --check-only: make/tools/run/Launch.java). Its
# answer to the user's options is kept for the runs that follow (Launch's PACK_CHECKED), which start no VM to check
# them again; PACK_OPTIONS_CHECKED tells a mode that make checked.
ifneq ($(filter test selftest sensitivity stress bench,$(MAKECMDGOALS)),)
  INPUT_CHECK := $(shell JDK='$(JDK)' TEST='$(if $(filter selftest,$(MAKECMDGOALS)),selftest,$(TEST))' \
    CONC='$(CONC)' TIMEOUT_FACTOR='$(TIMEOUT_FACTOR)' ARCH='$(ARCH)' BUILD='$(BUILD)' VM_OPTIONS='$(VM_OPTIONS)' JAVA_OPTIONS='$(JAVA_OPTIONS)' \
    bash make/jtreg.sh --check-only 2>&1 | grep -E '^(error|checked): ' | head -n 1)
  $(if $(filter checked:,$(firstword $(INPUT_CHECK))),,$(error $(or $(subst error: ,,$(INPUT_CHECK)),make/jtreg.sh --check-only gave no answer: run it with the same variables to see why)))
  export PACK_OPTIONS_CHECKED := $(subst checked: ,,$(INPUT_CHECK))
endif
# make stress and make bench check their own numbers (N, STRESS_CPUS, MODE, SEEDS, SEED; N, BUDGET) first thing, before
# any build, each in its own class (make/tools/modes/Stress.java, Bench.java).
ifneq ($(filter stress,$(MAKECMDGOALS)),)
  STRESS_ERROR := $(shell N='$(N)' STRESS_CPUS='$(STRESS_CPUS)' MODE='$(MODE)' SEEDS='$(SEEDS)' SEED='$(SEED)' BUILD='$(BUILD)' \
    $(call PACK_MODE,Stress --check-only) 2>&1 | sed -n 's/^error: //p' | head -n 1)
  $(if $(STRESS_ERROR),$(error $(STRESS_ERROR)))
endif
ifneq ($(filter bench,$(MAKECMDGOALS)),)
  ROUNDS_ERROR := $(shell N='$(N)' BUDGET='$(BUDGET)' BUILD='$(BUILD)' $(call PACK_MODE,Bench --check-only) 2>&1 | sed -n 's/^error: //p' | head -n 1)
  $(if $(ROUNDS_ERROR),$(error $(ROUNDS_ERROR)))
endif

# make test and make matrix over many machines (make/shard.sh): SHARD=k/N and BUNDLE= are checked before anything
# is built (one line, exit 2); make plan prints the plan of TEST= and runs nothing.
SHARD_ENV = SHARD='$(SHARD)' BUNDLE='$(BUNDLE)' TIMINGS='$(TIMINGS)'
ifneq ($(SHARD)$(BUNDLE),)
  SHARD_ERROR := $(shell $(SHARD_ENV) bash make/shard.sh check 2>&1 | sed -n 's/^error: //p' | head -n 1)
  $(if $(SHARD_ERROR),$(error $(SHARD_ERROR)))
  ifeq ($(MAKELEVEL),0)
    $(if $(filter-out test matrix plan,$(MAKECMDGOALS)),$(error SHARD= and BUNDLE= are for make test, make matrix and make plan))
  endif
endif

ifneq ($(FROM),)
  FROM_ERROR := $(shell FROM='$(FROM)' bash make/report.sh --check-only 2>&1 | sed -n 's/^error: //p' | head -n 1)
  $(if $(FROM_ERROR),$(error $(FROM_ERROR)))
endif

test: hsdis
	@$(HSDIS_ENV) $(SHARD_ENV) bash make/jtreg.sh

plan:
	@$(SHARD_ENV) bash make/shard.sh plan

selftest: hsdis
	@$(HSDIS_ENV) BUILD=$(BUILD)/selftest TEST=selftest bash make/jtreg.sh

sensitivity: hsdis
	@$(HSDIS_ENV) bash make/sensitivity.sh

# make stress runs one test at a time unless CONC= is given (stress-ng has the cores); make bench uses CONC as
# make test does. Without TEST= each mode picks its own tests (make/tools/modes/Stress.java).
stress: hsdis
	@TEST='$(if $(filter file,$(origin TEST)),,$(TEST))' \
	    CONC='$(if $(filter file,$(origin CONC)),1,$(CONC))' $(call PACK_MODE,Stress)

bench: hsdis
	@$(call PACK_MODE,Bench)

matrix: hsdis $(foreach isa,$(HSDIS_PLUGIN_ISAS),$(HSDIS_DIR_$(isa))/$(HSDIS_LIB_$(isa)))
	@$(SHARD_ENV) bash make/matrix.sh

hygiene:
	@$(call PACK_MODE,Hygiene checks)

switching: hsdis
	@$(call PACK_MODE,Switching)

configs: hsdis
	@$(call PACK_MODE,Configs)

# make check's steps build what they need themselves (the step hsdis the plugins, after hygiene): an argument, so that
# pack_mode builds nothing first (make/tools/modes/Check.java).
check:
	@$(call PACK_MODE,Check steps)

report:
	@FROM='$(FROM)' bash make/report.sh

report-check:
	@bash make/report.sh --browser

# The CI workflow's plan for a GitHub event (.github/workflows/pack.yml runs it; so can you): EVENT=pull_request|push|
# schedule|workflow_dispatch, CI_TEST=, CI_MATRIX=, CI_SHARDS= override its choices.
ifneq ($(filter ci-plan,$(MAKECMDGOALS)),)
  CI_PLAN_ERROR := $(shell bash -c '. make/lib.sh; ci_plan "$$1"' ci-plan '$(EVENT)' 2>&1 >/dev/null | sed -n 's/^error: //p' | head -n 1)
  $(if $(CI_PLAN_ERROR),$(error $(CI_PLAN_ERROR)))
endif
ci-plan:
	@bash -c '. make/lib.sh; ci_plan "$$1"' ci-plan '$(EVENT)'

# The workflow's plan -> shards -> merge on this machine, in $(BUILD)/ci (make check runs it; make/tools/modes/CiLocal.java:
# its shards' make matrix builds the plugins, as in CI).
ci-local:
	@EVENT='$(EVENT)' $(call PACK_MODE,CiLocal shards)

# make matrix checks MATRIX's entries before building anything (one line, exit 2).
ifneq ($(filter matrix,$(MAKECMDGOALS)),)
  MATRIX_ERROR := $(shell MATRIX='$(MATRIX)' BUILD='$(BUILD)' JDK_TABLE='$(JDK_TABLE)' CPUS_FILE='$(CPUS_FILE)' bash make/matrix.sh --check-only 2>&1 >/dev/null | sed -n 's/^make\/matrix.sh: //p' | head -n 1)
  $(if $(MATRIX_ERROR),$(error $(MATRIX_ERROR)))
endif

# make compare checks BASE and NEW before building anything (one line, exit 2), then runs both sides.
ifneq ($(filter compare,$(MAKECMDGOALS)),)
  COMPARE_ERROR := $(shell BASE='$(BASE)' NEW='$(NEW)' TEST='$(TEST)' BUILD='$(BUILD)' $(call PACK_MODE,Comparison --check-only) 2>&1 >/dev/null | sed -n 's/^error: //p' | head -n 1)
  $(if $(COMPARE_ERROR),$(error $(COMPARE_ERROR)))
endif

foreign-hsdis:
	@$(if $(JDK),,$(error make foreign-hsdis needs JDK=/path/to/an/x86_64/jdk (several: JDK="a b")))
	@bash make/foreign-hsdis.sh validate $(JDK)
	@$(MAKE) --no-print-directory hsdis hsdis-foreign
	@TEST='$(if $(filter file,$(origin TEST)),headline,$(TEST))' CONC='$(if $(filter file,$(origin CONC)),1,$(CONC))' \
	    bash make/foreign-hsdis.sh check $(JDK)

# make mutants checks JDK, SET, TEST, SEED, N and FRAMES before building anything (one line, exit 2).
ifneq ($(filter mutants,$(MAKECMDGOALS)),)
  MUTANTS_ERROR := $(shell JDK='$(JDK)' SET='$(SET)' MUTANTS='$(MUTANTS)' SEED='$(SEED)' N='$(N)' DRY='$(DRY)' FRAMES='$(FRAMES)' TEST='$(if $(filter file,$(origin TEST)),,$(TEST))' \
    bash make/mutants.sh --check-only 2>&1 >/dev/null | sed -n 's/^error: //p' | head -n 1)
  $(if $(MUTANTS_ERROR),$(error $(MUTANTS_ERROR)))
endif

# make mutants: TEST= only when the user typed it on make's command line (each mutant names its own tests
# otherwise): not the default, nor the TEST=all an outer make (make check) exported into the environment.
mutants: hsdis
	@$(HSDIS_ENV) TEST='$(if $(filter command line,$(origin TEST)),$(TEST))' SET='$(SET)' MUTANTS='$(MUTANTS)' SEED='$(SEED)' N='$(N)' LIST='$(LIST)' DRY='$(DRY)' FRAMES='$(FRAMES)' bash make/mutants.sh

compare: hsdis
	@BASE='$(BASE)' NEW='$(NEW)' BASE_VM_OPTIONS='$(BASE_VM_OPTIONS)' NEW_VM_OPTIONS='$(NEW_VM_OPTIONS)' $(call PACK_MODE,Comparison)

clean:
	rm -rf $(BUILD)
