# Bloq for Linux. `make run` and `make test` are all the set-up there is: each installs the
# Debian packages it needs when they are missing (with sudo when not root).

SHELL := /bin/bash
SWIFT ?= swift
# The rules and the solver (BloqGame) and the engine (BloqEngine: the animator, the text
# measure) optimised in debug builds too: the tests' searches take a tenth of the time, the
# layouts' 38 % less (Package.swift, docs/testing.md; a plain swift build has no unsafe flag).
export BLOQ_OPTIMIZE_RULES := 1
# libwayland-dev: the game's own Wayland idle inhibitor (CWaylandIdle); libxkbcommon-dev: the guard
# in front of it that keeps SDL 2.26's Wayland keyboard from crashing (CXkbGuard); wayland-protocols: the
# protocol its kept glue is checked against (scripts/wayland-glue.sh, make lint).
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev libdbus-1-dev libwayland-dev libxkbcommon-dev wayland-protocols \
  fonts-dejavu-core fonts-inter fonts-comfortaa gettext
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Headless, software-rendered SDL for tests: the same pixels on every machine.
HEADLESS := SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
# Release builds: the Swift runtime linked statically, full RELRO, lld with packed relative
# relocations and no exported symbols, the build folder mapped to "." and the flags that make
# two builds in two folders the same bytes. Why each flag, with the sizes: docs/packaging.md
# ("No build path, the same bytes from any folder", "What an install costs"). The
# distribution's CPPFLAGS, CFLAGS and LDFLAGS (dpkg-buildflags in debian/rules) are passed on.
comma := ,
DISTRIBUTION_FLAGS := $(foreach flag,$(CPPFLAGS) $(CFLAGS),-Xcc $(flag)) \
  $(foreach flag,$(subst $(comma), ,$(patsubst -Wl$(comma)%,%,$(filter -Wl$(comma)%,$(LDFLAGS)))),-Xlinker $(flag))
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
  -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xcc -ffile-prefix-map=$(CURDIR)=. \
  -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen \
  -Xswiftc -Xfrontend -Xswiftc -no-clang-module-breadcrumbs \
  -Xswiftc -Xllvm -Xswiftc -sil-disable-pass=loop-unroll $(DISTRIBUTION_FLAGS)

.PHONY: all deps deps-touch deps-wayland test-wayland build mo pot po-check run lint test test-touch test-counts check-tools test-solver-sweep test-x11 test-install test-sanitize bench-live test-reliability fuzz storm install uninstall dist dist-check release deb test-deb check-flatpak validate screenshots bench clean

# Installing: `make install PREFIX=~/.local` (default /usr/local); DESTDIR is honoured.
# bloq goes in BINDIR, the levels in PREFIX/share/bloq: they are found from bloq's own folder
# (../share/bloq), so BINDIR is one folder below PREFIX (Debian's package uses
# BINDIR=/usr/games).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
ROOT := $(DESTDIR)$(PREFIX)
ICON_SIZES := 16 24 32 48 64 128 256 512
# The reverse-DNS application id (AppStream, the desktop entry, the icons, Flatpak).
APP_ID := io.github.bloqlinux.bloq
METAINFO := Assets/$(APP_ID).metainfo.xml
# zsh's completion folder: site-functions by default; Debian's zsh reads vendor-completions.
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
# Extra flags for swift build (the Flatpak build passes --skip-update: no network there).
SWIFT_BUILD_FLAGS ?=
# The translations (docs/translating.md): po/LL.po for each language po/LINGUAS names,
# compiled by make mo into .build/locale/LL/LC_MESSAGES/bloq.mo (where a build finds them:
# CatalogLocator) and merged into the desktop entry and the metainfo in .build/desktop/.
LINGUAS := $(shell sed -e 's/\#.*//' po/LINGUAS)
CATALOGS := $(foreach lang,$(LINGUAS),.build/locale/$(lang)/LC_MESSAGES/bloq.mo)
DESKTOP_BUILT := .build/desktop/$(APP_ID).desktop
METAINFO_BUILT := .build/desktop/$(APP_ID).metainfo.xml
# The date of the newest release in the metainfo: the man page's date.
RELEASE_DATE = $(shell sed -nE 's/.*<release version="[^"]+" date="([0-9-]+)".*/\1/p' $(METAINFO) | head -1)

all: build

# Installs those of the Debian packages $(1) that are missing.
# Without dpkg (a Flatpak build, another distribution) there is nothing it can install.
# NO_DEPS=1 (a package build, whose Build-Depends are installed already) skips it.
define apt_install
@[ -z "$(NO_DEPS)" ] || exit 0; command -v dpkg-query >/dev/null || exit 0; \
missing=""; \
for p in $(1); do \
  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
done; \
if [ -n "$$missing" ]; then \
  echo "Installing Debian packages:$$missing"; \
  $(SUDO) apt-get update -q && \
  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
fi
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

# What the real-touch test (RealTouchTests, docs/testing.md) needs: Xorg, its dummy video
# driver and its inputtest input driver, the driver's protocol header for the C client the
# test builds with cc, and xwininfo; make test installs them.
TOUCH_PACKAGES := xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev x11-utils
deps-touch:
	$(call apt_install,$(TOUCH_PACKAGES))

# swift-argument-parser with packaging/patches applied (it then links no Foundation), once;
# every target that builds runs it first (scripts/patch-dependencies.sh, docs/packaging.md).
PATCH_DEPENDENCIES := SWIFT="$(SWIFT)" scripts/patch-dependencies.sh

# bloq: the game and its command-line tools, one executable.
build: deps mo
	$(PATCH_DEPENDENCIES)
	$(SWIFT) build $(RELEASE) $(SWIFT_BUILD_FLAGS) --product bloq

# The compiled catalogs, and the desktop entry and metainfo with every language's texts
# (msgfmt --desktop, and --xml with the AppStream ITS rules in po/its, so that no AppStream
# package is needed to build): milliseconds.
mo: $(CATALOGS) $(DESKTOP_BUILT) $(METAINFO_BUILT)

.build/locale/%/LC_MESSAGES/bloq.mo: po/%.po | deps
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

$(DESKTOP_BUILT): Assets/$(APP_ID).desktop po/LINGUAS $(LINGUAS:%=po/%.po) | deps
	@mkdir -p $(@D)
	msgfmt --desktop --template=$< -d po -o $@

$(METAINFO_BUILT): $(METAINFO) po/LINGUAS $(LINGUAS:%=po/%.po) po/its/metainfo.its | deps
	@mkdir -p $(@D)
	GETTEXTDATADIRS=$(CURDIR)/po msgfmt --xml --template=$< -d po -o $@

# The template po/bloq.pot from the sources (every tr() call), the levels' tips, the desktop
# entry and the metainfo (scripts/po-extract.py), merged into every catalog: a new text comes
# in translated when po/compendium/LL.po has exactly its words, else untranslated (or fuzzy,
# from a near match); a changed one comes in fuzzy. make po-check fails until they are done.
pot: deps
	scripts/po-extract.py
	for lang in $(LINGUAS); do \
	  msgmerge --quiet --update --backup=none --no-wrap $$([ -f po/compendium/$$lang.po ] && echo --compendium=po/compendium/$$lang.po) \
	    po/$$lang.po po/bloq.pot; done

# Every catalog compiles (msgfmt --check --statistics), has no fuzzy entry, is at least 95 %
# translated and keeps each text's placeholders; the template is the sources' (scripts/po-check.py).
po-check: deps
	scripts/po-check.py

run: build
	.build/release/bloq play

# The checked-in .swift-format configuration; make test runs it first.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	@# What bloq links imports no Foundation: any of it links most of it (6 MB installed,
	@# docs/packaging.md). Only the developers' harnesses, the tests' support and fuzzers may.
	@! grep -rnE '^\s*(@\w+\s+)*((internal|public|package|private|fileprivate)\s+)?import\s+Foundation(Essentials|Internationalization)?\b' \
	  Sources --include='*.swift' | grep -vE '^Sources/(BloqDev|BloqTestSupport|Fuzz[A-Za-z]*)/' || { \
	  echo "lint: shipped code imports Foundation; use BloqFiles' Path, FileSystem, ProcessEnvironment and JSONValue"; exit 1; }
	@# Painters draw with the design system's tokens (docs/design.md), never a colour of their own.
	@! grep -rnE 'RGBA\((0x|r:)|0x[0-9A-Fa-f]{6}\b' Sources/BloqSDL/Painters || { \
	  echo "lint: a painter names a colour; use a Palette token (Sources/BloqPlay/App/Design/Palette.swift)"; exit 1; }
	@# The Wayland idle-inhibit glue kept in git is what wayland-scanner makes today.
	@scripts/wayland-glue.sh --check

# One debug build serves the whole test run: the unit tests, the command-line tests' child
# processes (inputs sized for a debug build; BloqGame, the solver, optimised even there),
# the storm and the fuzz corpora. The release build and the install are `make test-install`,
# which CI (.ci/run) runs after this. docs/testing.md has the measured times.
# make lint runs beside the debug build and the storm beside the test run, each on the core
# the other leaves idle at times (SwiftPM's chains of modules, the test run's serial lanes);
# each one's output is shown, and its failure fails make test, once both have ended.
test: deps po-check mo check-tools deps-wayland
	@mkdir -p .build
	$(PATCH_DEPENDENCIES)
	@{ $(MAKE) -s lint > .build/lint.log 2>&1; echo $$? > .build/lint.status; } & \
	$(SWIFT) build --build-tests; built=$$?; wait; cat .build/lint.log; \
	[ "$$built" = 0 ] && [ "$$(cat .build/lint.status)" = 0 ]
	@{ $(HEADLESS) .build/debug/BloqDev storm --events 50000 --seed 11 --level levels/easy/100-full-house.bloq > .build/storm.log 2>&1; \
	  echo $$? > .build/storm.status; scripts/wayland-check.sh .build/debug > .build/wayland.log 2>&1; echo $$? > .build/wayland.status; } & \
	set -o pipefail; $(HEADLESS) $(SWIFT) test --skip-build --disable-xctest 2>&1 | tee .build/test.log; tested=$$?; wait; \
	echo "== the input storm (BloqDev storm --events 50000 --seed 11)"; cat .build/storm.log; \
	echo "== under sway headless (scripts/wayland-check.sh, make test-wayland)"; cat .build/wayland.log; \
	[ "$$tested" = 0 ] && [ "$$(cat .build/storm.status)" = 0 ] && [ "$$(cat .build/wayland.status)" = 0 ]
	.build/debug/FuzzLevels Tests/fuzz/levels/* && .build/debug/FuzzScripts Tests/fuzz/scripts/* && .build/debug/FuzzCodes Tests/fuzz/codes/*
	@$(MAKE) -s test-counts

# What the Wayland checks need (scripts/wayland-check.sh) beside deps-touch's Xorg (for real
# touch through sway): sway and grim, a session bus, and Mesa's OpenGL (llvmpipe without a
# GPU), which SDL 2 needs to draw on Wayland at all.
WAYLAND_PACKAGES := sway grim wl-clipboard wtype dbus-daemon libgl1-mesa-dri libegl-mesa0
deps-wayland: deps-touch
	$(call apt_install,$(WAYLAND_PACKAGES))

# The game under a real Wayland compositor, sway headless, as an ordinary user (a system
# user, bloq-wayland, made when run as root): a Wayland window with DISPLAY set too, no text
# input, idle inhibitor or audio device on the title, the screen kept awake in a level,
# device pixels at scale 2, the portal's color-scheme followed live, a finger drag through
# Wayland clearing a level and the inhibitor destroyed at the clear (scripts/wayland-check.sh,
# docs/platform.md). make test runs it beside the test run, on the debug build.
test-wayland: deps mo deps-wayland
	$(PATCH_DEPENDENCIES)
	$(SWIFT) build --product bloq
	scripts/wayland-check.sh .build/debug

# What the packaging tests and the install check run: desktop-file-validate, appstreamcli, man.
check-tools:
	@command -v desktop-file-validate >/dev/null && command -v appstreamcli >/dev/null && command -v man >/dev/null || { $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends desktop-file-utils appstream man-db; }

# Only the real-touch test: the game in a private Xorg, tapped, dragged and quit through the
# inputtest driver's touchscreen and keyboard (RealTouchTests, docs/testing.md).
test-touch: deps mo deps-touch
	$(PATCH_DEPENDENCIES)
	$(SWIFT) build --build-tests
	$(HEADLESS) $(SWIFT) test --skip-build --disable-xctest --filter RealTouchTests

# The closing line CI reads: the counts of the last Swift Testing run of make test.
test-counts:
	@sed -nE 's/.*Test run with ([0-9]+) tests? .*passed.*/\1 passed, 0 failed/p' .build/test.log | tail -1

# The solver on long sweeps, in a release build: the bound against exhaustive search on 800
# seeded walled boards and 10,000 small ones, and every board of the benchmark sets in
# bench/ solved to its recorded optimum (docs/solver.md). make test runs small samples.
test-solver-sweep: deps
	$(PATCH_DEPENDENCIES)
	BLOQ_SOLVER_SWEEP=1 $(SWIFT) test -c release --scratch-path .build-sweep --disable-xctest --filter 'SolverSweepTests|SolverMoveBoundTests|SolverBoundTests'

# The long reliability runs: two game processes saving into one progress.json, 200 saves
# each, each killed with SIGKILL at random moments and started again while the other keeps
# saving, and one writer killed at 200 random moments (make test: 20): after every kill,
# every save either reported is in the file (docs/reliability.md); and the line of play
# killed mid-stream, with the save service's speed goal (a committed move on disk within a
# second), which make test leaves out: it asserts no time. BLOQ_SEED=N replays a run's
# random moments.
test-reliability: deps
	@mkdir -p .build
	$(PATCH_DEPENDENCIES)
	set -o pipefail; BLOQ_RELIABILITY=1 $(HEADLESS) $(SWIFT) test --disable-xctest --filter 'TwoWriterTests|CrashSafetyTests|LineOfPlayKillTests' 2>&1 | tee .build/test-reliability.log

# A real X window under Xvfb, a real pointer from xdotool, and the recording replayed; then
# the shell in the live X process: a remembered window fitted to the screen, F11 with no
# window manager, clicks under the Cleared overlay, Ctrl+Q held in another window as the
# game gets the focus, and a desktop at 2x (xrdb's Xft.dpi)
# (screenshots read by ImageMagick).
test-x11: build
	@command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null && command -v xrdb >/dev/null && command -v xmessage >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xdotool imagemagick x11-xserver-utils x11-utils; }
	scripts/x11-pointer-check.sh
	scripts/x11-shell-check.sh
	scripts/x11-screens-check.sh

# The naive C breadth-first search that solve_process_vs_naive times bloq solve against.
.build/naive-bfs: bench/naive-bfs.c
	@mkdir -p .build
	cc -O2 -o $@ $<

# BloqDev beside bloq counts the heap allocations (its allocation counter interposes malloc,
# which the game's binary never does): bloq bench runs its bench-alloc for allocations_per_step.
bench: build .build/naive-bfs
	$(SWIFT) build $(RELEASE) --product BloqDev
	.build/release/bloq bench

# Only the figures of whole user processes, the live ones in a real X window: under the
# current display when there is one, else under a private Xvfb (with xdotool for the drag).
bench-live: build .build/naive-bfs
	@command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xdotool; }
	scripts/bench-live.sh

install: build mo
	install -Dm755 .build/release/bloq $(DESTDIR)$(BINDIR)/bloq
	rm -rf $(ROOT)/share/bloq
	install -d $(ROOT)/share/bloq
	cp -R levels $(ROOT)/share/bloq/levels
	install -Dm644 LICENSE $(ROOT)/share/bloq/LICENSE
	install -Dm644 $(DESKTOP_BUILT) $(ROOT)/share/applications/$(APP_ID).desktop
	install -Dm644 $(METAINFO_BUILT) $(ROOT)/share/metainfo/$(APP_ID).metainfo.xml
	for lang in $(LINGUAS); do install -Dm644 .build/locale/$$lang/LC_MESSAGES/bloq.mo $(ROOT)/share/locale/$$lang/LC_MESSAGES/bloq.mo; done
	for size in $(ICON_SIZES); do \
	  install -Dm644 Assets/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done
	install -Dm644 Assets/icons/hicolor/scalable/apps/$(APP_ID).svg $(ROOT)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -d $(ROOT)/share/man/man6 $(ROOT)/share/bash-completion/completions $(DESTDIR)$(ZSH_COMPLETIONS) $(ROOT)/share/fish/vendor_completions.d
	sed -e "s/@VERSION@/$$(.build/release/bloq --version)/" -e "s/@DATE@/$(RELEASE_DATE)/" -e "s|@DATADIR@|$(PREFIX)/share/bloq|g" Assets/bloq.6.in > $(ROOT)/share/man/man6/bloq.6
	@# bash sources its completions: the generator's #! line has no use there.
	.build/release/bloq --generate-completion-script bash | sed '1{/^#!/d}' > $(ROOT)/share/bash-completion/completions/bloq
	.build/release/bloq --generate-completion-script zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_bloq
	.build/release/bloq --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/bloq.fish
	@echo "Installed in $(ROOT). Run: bloq   (make sure $(BINDIR) is on your PATH)"

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bloq $(ROOT)/share/applications/$(APP_ID).desktop $(ROOT)/share/metainfo/$(APP_ID).metainfo.xml \
	  $(ROOT)/share/man/man6/bloq.6 $(ROOT)/share/bash-completion/completions/bloq $(DESTDIR)$(ZSH_COMPLETIONS)/_bloq \
	  $(ROOT)/share/fish/vendor_completions.d/bloq.fish $(ROOT)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	for size in $(ICON_SIZES); do rm -f $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done
	for lang in $(LINGUAS); do rm -f $(ROOT)/share/locale/$$lang/LC_MESSAGES/bloq.mo; done
	rm -rf $(ROOT)/share/bloq
	@# Folders this install may have made, deepest first, if now empty; never above PREFIX.
	-@for dir in $(foreach lang,$(LINGUAS),$(ROOT)/share/locale/$(lang)/LC_MESSAGES $(ROOT)/share/locale/$(lang)) $(ROOT)/share/locale \
	  $(ROOT)/share/icons/hicolor/*/apps $(ROOT)/share/icons/hicolor/* $(ROOT)/share/icons/hicolor \
	  $(ROOT)/share/icons $(ROOT)/share/man/man6 $(ROOT)/share/man $(ROOT)/share/bash-completion/completions \
	  $(ROOT)/share/bash-completion $(DESTDIR)$(ZSH_COMPLETIONS) $(ROOT)/share/zsh/site-functions $(ROOT)/share/zsh \
	  $(ROOT)/share/fish/vendor_completions.d $(ROOT)/share/fish $(ROOT)/share/applications $(ROOT)/share/metainfo \
	  $(ROOT)/share $(DESTDIR)$(BINDIR); do \
	  [ -d "$$dir" ] && rmdir --ignore-fail-on-non-empty "$$dir"; done; true

# The version, written once (Sources/BloqCLI/Version.swift).
VERSION := $(shell sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/BloqCLI/Version.swift)

# The source tarball bloq-VERSION.tar.xz: the files git tracks plus the source of
# swift-argument-parser in vendor/, which Package.swift then uses: it builds with no network
# (scripts/make-dist.sh).
dist:
	scripts/make-dist.sh

# The Debian package bloq_VERSION_ARCH.deb, built as a distribution builds it: the source
# tarball unpacked in .build/deb, then dpkg-buildpackage -us -uc -b there (debian/rules runs
# make build and make install). The .deb is copied here.
DEB_TOOLS := dpkg-dev debhelper
deb: deps dist
	@command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(DEB_TOOLS); }
	rm -rf .build/deb && mkdir -p .build/deb
	tar -xf bloq-$(VERSION).tar.xz -C .build/deb
	cd .build/deb/bloq-$(VERSION) && dpkg-buildpackage -us -uc -b
	cp .build/deb/bloq_$(VERSION)_*.deb .
	dpkg-deb --field bloq_$(VERSION)_$$(dpkg --print-architecture).deb Version Architecture Installed-Size Depends

# Tags the version (vVERSION), writes the tag's commit into the Flatpak manifest and commits
# it, and writes the source tarball; pushes nothing (scripts/release.sh).
release:
	scripts/release.sh

# The tarball's promises, each proven (scripts/dist-check.sh): unpacked in two different
# folders, each builds its .deb with no network (unshare -n) and an empty HOME (so an empty
# SwiftPM cache); the two packages' binaries are the same bytes, and none holds the folder
# it was built in. Two full release builds: minutes, so not part of make test.
dist-check: deps dist
	@command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(DEB_TOOLS); }
	scripts/dist-check.sh bloq-$(VERSION).tar.xz

# Builds the package, checks it with lintian, installs it with apt, runs it from another
# folder, checks where its files are, purges it and checks nothing is left (scripts/deb-check.sh).
test-deb: deb
	@command -v lintian >/dev/null && command -v appstreamcli >/dev/null && command -v desktop-file-validate >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends lintian appstream desktop-file-utils man-db; }
	scripts/deb-check.sh

# The Flatpak manifest, read by flatpak-builder itself and checked key by key (it is not
# built here: the build needs the network for the runtime and its sources).
check-flatpak:
	@command -v flatpak-builder >/dev/null && python3 -c 'import yaml' 2>/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends flatpak-builder python3-yaml; }
	scripts/flatpak-check.sh packaging/flatpak/$(APP_ID).yml

# The release build as make build makes it: every shipped level proved at its par by it,
# then installed into a scratch DESTDIR: one executable, no malloc defined in it, within the
# 15 MiB budget; run from elsewhere, the desktop entry, metainfo and man page checked,
# uninstalled, and nothing left (scripts/install-check.sh). CI runs it after make test.
test-install: build check-tools
	$(HEADLESS) .build/release/bloq validate levels
	scripts/install-check.sh

# The test suite under AddressSanitizer and under ThreadSanitizer (the solver runs on a
# background thread in live play), each in its own build folder.
test-sanitize: deps
	$(PATCH_DEPENDENCIES) --scratch-path .build-asan
	$(PATCH_DEPENDENCIES) --scratch-path .build-tsan
	$(HEADLESS) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt:print_suppressions=0 $(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan
	$(HEADLESS) TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --disable-xctest --sanitize=thread --scratch-path .build-tsan

# A long input storm: STORM_EVENTS random events through the real replay pipeline, the
# invariants checked after every step (make test runs a short one).
STORM_EVENTS ?= 1000000
storm: build
	$(SWIFT) build $(RELEASE) --product BloqDev
	$(HEADLESS) .build/release/BloqDev storm --events $(STORM_EVENTS) --seed 2026 --level levels/easy/100-full-house.bloq
	$(HEADLESS) .build/release/BloqDev storm --events $$(( $(STORM_EVENTS) / 20 )) --seed 7

# libFuzzer on the level parser and validator, the script parser and the share-code
# decoder, FUZZ_SECONDS each.
# New inputs go to .build-fuzz/corpus; a crash is written into Tests/fuzz/*/ (where the
# normal test run replays it from then on) and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
fuzz: deps
	$(PATCH_DEPENDENCIES) --scratch-path .build-fuzz
	$(SWIFT) build $(FUZZ_FLAGS) --product FuzzLevels
	$(SWIFT) build $(FUZZ_FLAGS) --product FuzzScripts
	$(SWIFT) build $(FUZZ_FLAGS) --product FuzzCodes
	@mkdir -p .build-fuzz/corpus/levels .build-fuzz/corpus/scripts .build-fuzz/corpus/codes
	.build-fuzz/debug/FuzzLevels -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=Tests/fuzz/levels/crash- .build-fuzz/corpus/levels Tests/fuzz/levels
	.build-fuzz/debug/FuzzScripts -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=Tests/fuzz/scripts/crash- .build-fuzz/corpus/scripts Tests/fuzz/scripts
	.build-fuzz/debug/FuzzCodes -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -print_final_stats=1 \
	  -artifact_prefix=Tests/fuzz/codes/crash- .build-fuzz/corpus/codes Tests/fuzz/codes

validate: build
	.build/release/bloq validate levels

# Every screen as a picture in docs/screenshots (shown in the README), from commands kept here;
# in English whatever the locale (replays are, unless given --lang).
SHOTS := docs/screenshots
screenshots: build mo
	@mkdir -p $(SHOTS)
	for screen in title levels settings help cleared preview about; do \
	  .build/release/bloq play --lang en --screen $$screen --screenshot $(SHOTS)/$$screen.png; done
	.build/release/bloq play --lang en --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play.png
	.build/release/bloq play --lang en --level $(firstword $(wildcard levels/hard/050-*.bloq)) --screen symbols --screenshot $(SHOTS)/colour-blind.png
	.build/release/bloq replay docs/replays/mid-drag.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/mid-drag.png >/dev/null
	.build/release/bloq replay docs/replays/hint.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/hint.png >/dev/null
	.build/release/bloq replay docs/replays/stuck.script --level levels/easy/003-into-the-gap.bloq --screenshot $(SHOTS)/stuck.png >/dev/null
	.build/release/bloq play --lang en --level levels/easy/001-first-push.bloq --screen play --screenshot $(SHOTS)/tip.png
	for shot in editor-empty editor-building editor-unsolvable; do \
	  .build/release/bloq replay docs/replays/$$shot.script --app --screenshot $(SHOTS)/$$shot.png >/dev/null; done
	.build/release/bloq replay docs/replays/expert.script --app --screenshot $(SHOTS)/expert.png >/dev/null
	.build/release/bloq play --lang en --screen daily --date 2026-03-14 --screenshot $(SHOTS)/daily.png
	.build/release/bloq replay Tests/replays/app/daily-cleared.script --app --date 2026-03-14 --screenshot $(SHOTS)/daily-cleared.png >/dev/null
	.build/release/bloq replay docs/replays/cleared-reasons.script --app --screenshot $(SHOTS)/cleared-reasons.png >/dev/null
	@# Portrait, as on a Linux phone (360x640): the list, a level, the editor.
	.build/release/bloq play --screen levels --window 360x640 --screenshot $(SHOTS)/levels-portrait.png
	.build/release/bloq play --level levels/easy/100-full-house.bloq --screen play --window 360x640 --screenshot $(SHOTS)/play-portrait.png
	.build/release/bloq replay docs/replays/editor-building.script --app --window 360x640 --screenshot $(SHOTS)/editor-portrait.png >/dev/null
	@# The other themes (docs/design.md): light, and both at high contrast; a large window.
	for screen in title levels cleared; do \
	  .build/release/bloq play --lang en --theme light --screen $$screen --screenshot $(SHOTS)/$$screen-light.png; done
	.build/release/bloq play --lang en --theme light --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play-light.png
	.build/release/bloq play --lang en --theme light --level levels/easy/100-full-house.bloq --screen play --window 360x640 --screenshot $(SHOTS)/play-portrait-light.png
	.build/release/bloq play --lang en --contrast high --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play-high-contrast.png
	.build/release/bloq play --lang en --theme light --contrast high --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play-light-high-contrast.png
	.build/release/bloq play --lang en --screen levels --window 1920x1080 --screenshot $(SHOTS)/levels-1920.png
	.build/release/bloq play --lang en --level levels/easy/100-full-house.bloq --screen play --window 1920x1080 --screenshot $(SHOTS)/play-1920.png
	@# Two languages: German and Russian.
	.build/release/bloq play --screen title --lang de --screenshot $(SHOTS)/title-de.png
	.build/release/bloq play --screen levels --lang de --window 360x640 --screenshot $(SHOTS)/levels-de.png
	.build/release/bloq play --level levels/easy/001-first-push.bloq --screen play --lang ru --screenshot $(SHOTS)/tip-ru.png
	.build/release/bloq play --screen levels --lang ru --window 360x640 --screenshot $(SHOTS)/levels-ru.png
	cp $(SHOTS)/play.png $(SHOTS)/../screenshot.png
	@# Every screen in the three themes (dark, light, high contrast) at a phone's 360x640,
	@# 800x600 and 1920x1080, for looking through (not kept in git): .build/screenshots/.
	@mkdir -p .build/screenshots
	for look in "dark:--theme dark" "light:--theme light" "high-contrast:--contrast high"; do \
	  for window in 360x640 800x600 1920x1080; do \
	    for screen in title levels preview play cleared help settings about editor daily statistics symbols; do \
	      .build/release/bloq play --lang en $${look#*:} --screen $$screen --date 2026-03-14 --window $$window \
	        --screenshot .build/screenshots/$$screen-$${look%%:*}-$$window.png; done; done; done

clean:
	rm -rf .build
