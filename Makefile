# depthcheck: the two commands a new user runs on a fresh Debian/Ubuntu machine.
#   make demo   installs what is missing, builds, and runs depthcheck on a sample
#   make test   installs what is missing and runs the whole test suite
# and for a contributor: make quick (build and one suite run), make ci-checks (what CI adds).
# depthcheck on PATH: make install [PREFIX=/usr/local] [DESTDIR=], make uninstall; the release
# tarball: make dist; the Python wheel: make wheel.

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Build and link: pkg-config and the -dev packages (what make demo, install, dist and wheel need).
BUILD_PACKAGES := pkg-config libheif-dev libjpeg62-turbo-dev libxml2-dev zlib1g-dev libpng-dev
# The tests add: differential tests: exiftool, libheif's tools and djpeg. Report tests:
# jsonschema validates SARIF against its schema; headless Chromium loads the HTML report. GNU
# time gives the peak RSS the hostile-input tests bound. The scale-out recipes run under GNU
# parallel. compare is tried on what ImageMagick and libvips make of a photo.
APT_PACKAGES := $(BUILD_PACKAGES) \
                libimage-exiftool-perl libheif-examples libjpeg-turbo-progs python3-jsonschema \
                python3-venv chromium time parallel imagemagick libvips-tools
# $(call install-missing,PACKAGES): apt-get installs those not installed, through sudo when not
# root, quietly: apt's output goes to .build/apt.log and is shown only when it fails.
install-missing = missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing (apt-get; its output in .build/apt.log)"; mkdir -p .build; \
	  { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; } \
	    > .build/apt.log 2>&1 || { cat .build/apt.log; exit 1; }; \
	fi
# Benchmarks: exiv2 is a baseline, hyperfine times the decode benchmark, strace counts bytes
# read, time (GNU time, /usr/bin/time) gives peak RSS.
BENCH_PACKAGES := exiv2 hyperfine strace time

# The release binary: the Swift runtime linked in, and no $ORIGIN in its library search path
# (SwiftPM adds one by default; the loader then tries every shared library beside the binary
# first, a failed open each, at every start).
# Release flags kept out of Package.swift (SwiftPM refuses unsafe flags in a dependency that is
# not a local path, so an app could not depend on a release): generic types' metadata reached
# through their accessor functions, not by demangling the type's mangled name at first use (a
# check meets about a hundred such types; demangling was a sixth of its instructions); and the
# executable's 6,000 Swift symbols not exported (the driver links with --export-dynamic; at every
# start the dynamic loader searched their table first for each of libstdc++'s relocations).
# Linked by the toolchain's lld: the static Foundation that swift-argument-parser brings in
# calls mktemp(3), which gold and bfd warn about at every link; lld reads no such warnings.
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker --no-export-dynamic -Xswiftc -use-ld=lld
RELEASE_BUILD := swift build -c release --static-swift-stdlib --disable-local-rpath $(RELEASE_FLAGS)

# The version, from VERSION, the one place it is written (Scripts/version.py says which copies
# are held to it and writes them at a release, docs/releasing.md).
VERSION := $(shell cat VERSION)
# The build folder (swift build --scratch-path) that install, dist, wheel and docs build in and
# read from: SCRATCH=.build-other keeps them apart from a build that is running in .build.
SCRATCH ?= .build
RELEASE_BIN := $(SCRATCH)/release/depthcheck

.PHONY: deps build-deps demo test build release bench

deps:
	@$(call install-missing,$(APT_PACKAGES))

# What building depthcheck needs, and no more (make demo, install, dist, wheel).
build-deps:
	@$(call install-missing,$(BUILD_PACKAGES))

build: deps
	swift build

# The command-line tool: the test support target imports Testing, which a release build lacks.
release: deps
	$(RELEASE_BUILD) --scratch-path $(SCRATCH) --product depthcheck
	touch $(RELEASE_BIN)

# The release binary, built when a source is newer than it (or it is missing): after make
# release, a make install run by another user (sudo, without Swift on its PATH) builds nothing.
# Touched after the build, which relinks nothing when only another product's sources changed
# (SwiftPM relinks it at its next build, in a second).
RELEASE_SOURCES := Package.swift $(wildcard Package.resolved) $(shell find Sources -type f ! -name '.*' 2>/dev/null)
$(RELEASE_BIN): $(RELEASE_SOURCES) | build-deps
	$(RELEASE_BUILD) --scratch-path $(SCRATCH) --product depthcheck
	touch $@

# depthcheck on PATH: the release binary (the Swift runtime linked in, so no toolchain is needed
# where it runs; it loads libheif, libjpeg and libpng when a decode needs them) at
# $(DESTDIR)$(PREFIX)/bin/depthcheck, and nothing else. Debug info stripped (STRIP; STRIP= keeps
# it, as a distribution's packaging that strips on its own wants). make uninstall removes that
# one file.
#   make install PREFIX=$HOME/.local    no root; Debian's and Ubuntu's ~/.profile puts ~/.local/bin
#                                       on PATH when it exists (at the next login)
#   make release && sudo make install   /usr/local/bin
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
STRIP ?= strip --strip-debug
INSTALLED := $(DESTDIR)$(BINDIR)/depthcheck
.PHONY: install uninstall dist
install: $(RELEASE_BIN)
	@if readelf -d "$(RELEASE_BIN)" | grep -E 'Shared library: \[lib(swift|Foundation|dispatch|BlocksRuntime)' >&2; then \
	  echo "install: $(RELEASE_BIN) needs the Swift runtime's shared libraries (above); make release links them in" >&2; exit 1; fi
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$(RELEASE_BIN)" "$(INSTALLED)"
	$(if $(strip $(STRIP)),$(STRIP) "$(INSTALLED)")
	@echo "installed $(INSTALLED) (depthcheck $$("$(INSTALLED)" --version))"
	@[ -n "$(DESTDIR)" ] || case ":$$PATH:" in *":$(abspath $(BINDIR)):"*) ;; \
	  *) echo "note: $(abspath $(BINDIR)) is not on PATH; add it: export PATH=\"$(abspath $(BINDIR)):\$$PATH\"" ;; esac

uninstall:
	rm -f "$(INSTALLED)"

# The release tarball (Scripts/dist.sh): dist/depthcheck-$(VERSION)-linux-x86_64.tar.gz with the
# binary, the README and the licence files the checkout has, and its .sha256; the same bytes
# again for the same binary.
DIST ?= dist
dist: $(RELEASE_BIN)
	STRIP="$(STRIP)" Scripts/dist.sh "$(RELEASE_BIN)" "$(DIST)"

# A screenful: a camera photo's verdict and its depth, a broken photo and why, the HTML report
# that draws them, and the command for a folder of one's own. The photo is the iPhone X portrait
# of ../shared (make corpus fetches it) when it is there, else a photo made by depthcheck's
# writer. Installs only what building needs.
SHARED ?= ../shared
DEMO_PHOTO := $(firstword $(wildcard $(SHARED)/corpus/real/apple-jpeg-disparity-iphonex.jpg) Corpus/good/writer-jpeg-depth-hdep-o8-matte-semantic.jpg)
DEMO_BROKEN := Corpus/bad/matte.requires-depth/matte-without-disparity.jpg
demo: $(RELEASE_BIN)
	@echo "== check: a photo with depth, and a broken one"
	@$(RELEASE_BIN) check $(DEMO_PHOTO) $(DEMO_BROKEN) || true
	@echo "== the aux images of $(notdir $(DEMO_PHOTO))"
	@$(RELEASE_BIN) info --no-pixels $(DEMO_PHOTO) | grep -E '^  auxImages|aux image [0-9]|      kind:|      width:|      height:'
	@echo "== the report, with the photo and its depth drawn"
	@$(RELEASE_BIN) report --force --fail-on never $(DEMO_PHOTO) $(DEMO_BROKEN) -o .build/demo-report.html
	@echo "open .build/demo-report.html to see the depth over the photo, the broken file's matte and the findings"
	@$(if $(findstring $(SHARED),$(DEMO_PHOTO)),,echo "(make corpus fetches real camera photos into ../shared; make demo then shows an iPhone portrait)")
	@echo "== your own photos: make install PREFIX=$$HOME/.local, then: depthcheck check -r ~/Pictures"

# Independent readers from PyPI for the differential tests: pillow-heif (a current libheif
# with libde265) and Pillow, in a virtual environment inside the build folder; pre-commit,
# which runs the repository's hook in a test; and the
# engines the scale-out recipes run on: Dask (distributed), PyYAML for the Kubernetes
# manifest, pyarrow for the package's Parquet writer, and PySpark where Java is installed
# (Spark needs a JVM; without one its recipe test says it skipped).
PYENV := .build/pyenv
# Dask and distributed through dask's own extra, which pins them to one version: asked for
# apart, pip pairs the newest dask with whatever distributed does not pin dask (a 2021 one
# that cannot import it) when the index has no distributed of dask's newest version yet.
PYENV_PACKAGES := numpy pillow pillow-heif "dask[bag,distributed]" pyyaml pyarrow gainmap-audit pyultrahdr pre-commit
.PHONY: pyenv
pyenv: deps
	@[ -x $(PYENV)/bin/python ] && $(PYENV)/bin/python -c "import pillow_heif, PIL, numpy, dask.bag, distributed, yaml, pyarrow, gainmap_audit, sdr_to_hdr, pre_commit" 2>/dev/null || { \
	  python3 -m venv $(PYENV) && $(PYENV)/bin/pip install -q --disable-pip-version-check $(PYENV_PACKAGES); }
	@if command -v java >/dev/null 2>&1 && ! $(PYENV)/bin/python -c "import pyspark" 2>/dev/null; then \
	  $(PYENV)/bin/pip install -q --disable-pip-version-check pyspark; fi

# The C bridges' failure paths under AddressSanitizer, LeakSanitizer and UBSan
# (Tests/BridgeHarness): cut and corrupt JPEG and PNG streams, failing allocations, a libheif
# that cannot be loaded. A few seconds; any sanitizer report fails it.
.PHONY: bridge-sanitize
bridge-sanitize: deps
	Tests/BridgeHarness/run.sh

# The inner loop: build and run the product's suites once, nothing installed, nothing else
# run; the packaging suites (Tests/PackagingTests: install, tarball, wheel, container,
# recipes, scripts) are make test's.
.PHONY: quick ci-checks
quick:
	swift build --build-tests
	swift test --skip-build --skip PackagingTests

# The README's test command: installs what is missing, builds the package and its tests
# (failing on any compiler warning in depthcheck's own sources, Scripts/warning-free-build.sh)
# and runs the suite once, with ../shared when it is beside the checkout.
test: deps pyenv
	Scripts/warning-free-build.sh
	swift test --skip-build

# The heavier checks, which CI runs after make test on every submission (.ci/run): the C
# bridges under the sanitizers, the fuzz smoke run and the differential run against libheif,
# the suite as a fresh clone with nothing beside it sees the world (DEPTHCHECK_SHARED names a
# folder that does not exist: every test that needs ../shared must say it skipped, never
# fail), with the release binary built first so that InstallTests installs it and packs the
# tarball, the documentation and the consumer packages.
ci-checks: deps pyenv bridge-sanitize
	$(MAKE) fuzz-smoke
	$(MAKE) release
	swift build --build-tests
	DEPTHCHECK_SHARED=/nonexistent/depthcheck-shared swift test --skip-build
	$(MAKE) docs consumer

# The differential fuzz run (Fuzz/differential.py): mutants of the corpus's HEIC files that
# heif-info refuses must get an error from check, unless Fuzz/differential-known.txt names the
# reason libheif refuses them; a check that crashes fails it too. A fixed seed and count, so
# every run draws the same 1,200 mutants (about 60 s); DIFF_SECONDS=600 DIFF_SEED=N make
# differential looks for new ones, keeping them in .build/differential.
DIFF_SEED ?= 1
DIFF_SECONDS ?= 600
# Beside the corpus's HEICs: heif-enc's AVIF (av01 items, av1C, pixi) and a grid (its descriptor).
DIFF_SEEDS := Fuzz/seeds/heif/heif-enc-alpha.avif Fuzz/seeds/heif/grid-disparity.heic
.PHONY: differential differential-smoke
differential-smoke: deps
	swift build --product depthcheck
	python3 Fuzz/differential.py --depthcheck .build/debug/depthcheck --max-mutants 1200 --seconds 300 --seed 1 \
	  --strict --known Fuzz/differential-known.txt --out .build/differential-smoke Corpus/good/*.heic $(DIFF_SEEDS)
differential: deps
	swift build --product depthcheck
	python3 Fuzz/differential.py --depthcheck .build/debug/depthcheck --seconds $(DIFF_SECONDS) --seed $(DIFF_SEED) \
	  --known Fuzz/differential-known.txt --out .build/differential Corpus/good/*.heic $(DIFF_SEEDS) $(wildcard ../shared/corpus/real/*.heic)

# The DepthCheck library's documentation (Sources/DepthCheck/DepthCheck.docc) as a static
# site in .build/docs, with what DepthCheck re-exports from DepthCheckCore
# (Scripts/reexported-symbols.sh); a broken link or symbol reference fails the build. Its root
# index.html opens the library's page, served (python3 -m http.server -d .build/docs) or
# opened from disk, where each page shows its content as plain HTML (Scripts/docs_site.py);
# headless Chromium then opens it both ways (Scripts/docs_in_chromium.py). DOCS_BASE_PATH=name
# for a site served under /name/ (GitHub Pages).
DOCS := $(SCRATCH)/docs
DOCS_BASE_PATH ?=
.PHONY: docs
docs:
	Scripts/version.py check
	DEPTHCHECK_DOCS=1 swift build --scratch-path $(SCRATCH) --target DepthCheck
	DEPTHCHECK_DOCS=1 Scripts/reexported-symbols.sh $(SCRATCH)/docs-symbols $(SCRATCH)
	DEPTHCHECK_DOCS=1 swift package --scratch-path $(SCRATCH) --allow-writing-to-directory $(DOCS) generate-documentation --target DepthCheck \
	  --warnings-as-errors --disable-indexing --transform-for-static-hosting --output-path $(DOCS) \
	  --additional-symbol-graph-dir $(SCRATCH)/docs-symbols $(if $(DOCS_BASE_PATH),--hosting-base-path $(DOCS_BASE_PATH))
	Scripts/docs_site.py $(DOCS) --version $(VERSION)
	$(if $(DOCS_BASE_PATH),@echo "docs: served under /$(DOCS_BASE_PATH)/: not opened in Chromium",Scripts/docs_in_chromium.py $(DOCS) --version $(VERSION))
	@echo "docs: $(DOCS)/index.html (open it$(if $(DOCS_BASE_PATH),,, or serve the folder: python3 -m http.server -d $(DOCS)))"

# An app's package that depends on this checkout by path (Examples/consumer) builds and runs
# the README's library example on the iPhone X photo; skipped, saying so, without ../shared.
# Then an app that depends on a tagged clone by version builds and runs (by-version.sh).
.PHONY: consumer
consumer:
	Examples/consumer/run.sh
	Examples/consumer/by-version.sh

# The folder beside the checkout that the tests read (../shared: corpus/real, corpus/field,
# corpus/conformance, schemas), each file downloaded from its public source and checked by
# size and SHA-256 (Corpus/sources.tsv, Scripts/fetch_corpus.py); a file already there is
# kept. make corpus [DEST=folder]
.PHONY: corpus
corpus:
	python3 Scripts/fetch_corpus.py $(if $(DEST),--dest "$(DEST)")

# A platform wheel of the Python package carrying the release binary, in dist/
# (Scripts/build_wheel.py): pip install dist/depthcheck-*.whl puts depthcheck on the
# environment's PATH, and the package finds it there even when the environment is not active.
.PHONY: wheel
wheel: $(RELEASE_BIN)
	@[ "$$("$(RELEASE_BIN)" --version)" = "$(VERSION)" ] || { echo "wheel: $(RELEASE_BIN) --version is not VERSION ($(VERSION))" >&2; exit 1; }
	python3 Scripts/build_wheel.py --binary $(RELEASE_BIN) --out dist

# A survey of a folder (Benchmarks/sweep.sh): each file's verdict and failed rules, and how
# often each rule failed. make sweep DIR=~/Pictures [OPTS=--pixels]
.PHONY: sweep
sweep: deps
	$(RELEASE_BUILD) --product depthcheck
	Benchmarks/sweep.sh "$(DIR)" $(OPTS)

# BENCH_RUNS and BENCH_BATCH_RUNS set the number of timed runs (Benchmarks/run.sh).
bench: deps pyenv
	@missing=""; for p in $(BENCH_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	$(RELEASE_BUILD) --product depthcheck
	Benchmarks/run.sh

# The decoder's budgets (Benchmarks/decode.sh): decode throughput against djpeg (whole
# processes, and in process with package-benchmark), extract against djpeg and heif-convert, peak
# RSS of a 16384x16384 map, check --pixels against exiv2 -pa + djpeg.
.PHONY: bench-decode
bench-decode: deps pyenv
	$(RELEASE_BUILD) --product depthcheck
	Benchmarks/decode.sh

# The in-process figures (package-benchmark, Benchmarks/InProcess): read, model, rules, JSON
# record, a batch's whole file, and decoding, per photo, with mallocs and bytes allocated.
.PHONY: bench-inprocess
bench-inprocess: deps
	cd Benchmarks/InProcess && swift package benchmark --no-progress

# Files per second scaled out (Benchmarks/engines): check --jobs 2, Dask LocalCluster(2) and
# Spark local[2] (where Java is) on one tree, end to end and job only, against one process.
.PHONY: bench-engines
bench-engines: deps pyenv
	$(RELEASE_BUILD) --product depthcheck
	DEPTHCHECK_BIN=.build/release/depthcheck Benchmarks/engines/run.sh

# Peak memory on hostile input (Benchmarks/hostile.sh) against the 300 MB budget: embed with a
# 16384x16384 PNG map into a 64x48 photo (refused from its header), and check --pixels
# --jobs 2 --timeout 0.001 over 400 HEIC files.
.PHONY: bench-hostile
bench-hostile: deps
	@dpkg-query -W -f='$${Status}' time 2>/dev/null | grep -q "install ok installed" || { \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq time; }
	$(RELEASE_BUILD) --product depthcheck
	Benchmarks/hostile.sh

# Fuzzing (Fuzz/run.sh): every libFuzzer target for FUZZ_SECONDS each, FUZZ_JOBS side by side.
# New crashers land in Fuzz/crashers/<target>/ and are replayed by FuzzRegressionTests.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= 2
FUZZ_SMOKE_SEED ?= 1
FUZZ_SMOKE_SECONDS ?= 20
.PHONY: fuzz fuzz-smoke
fuzz: deps
	FUZZ_JOBS=$(FUZZ_JOBS) Fuzz/run.sh $(FUZZ_SECONDS)

# A short run of every target (20 s each, stop at the first crash), on a fixed seed: the CI run
# mostly takes the path a longer run of the same seed took before it (Fuzz/run.sh, FUZZ_SEED);
# `make fuzz` looks for new crashers on random seeds.
fuzz-smoke: deps
	FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_FORK=0 FUZZ_STRICT=1 FUZZ_SEED=$(FUZZ_SMOKE_SEED) Fuzz/run.sh $(FUZZ_SMOKE_SECONDS)
	$(MAKE) differential-smoke
