# Bloq for Linux. `make run` and `make test` are all the set-up there is: each installs the
# Debian packages it needs when they are missing (with sudo when not root).

SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev fonts-dejavu-core
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Headless, software-rendered SDL for tests: the same pixels on every machine.
HEADLESS := SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
# Release builds link the Swift runtime statically: the command-line tools start in a few
# milliseconds (no Swift libraries to load), and an installed bloq needs no Swift toolchain.
# So no library sits beside them either: no $ORIGIN run path. Symbols are bound at start-up,
# so the whole offset table is read-only (full RELRO; the few libc symbols cost nothing).
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now

.PHONY: all deps build run lint test test-solver-sweep test-x11 test-install test-sanitize bench-live test-reliability fuzz storm install uninstall deb test-deb check-flatpak validate screenshots bench clean

# Installing: `make install PREFIX=~/.local` (default /usr/local); DESTDIR is honoured.
PREFIX ?= /usr/local
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
# The date of the newest release in the metainfo: the man page's date.
RELEASE_DATE = $(shell sed -nE 's/.*<release version="[^"]+" date="([0-9-]+)".*/\1/p' $(METAINFO) | head -1)

all: build

# Without dpkg (a Flatpak build, another distribution) there is nothing it can install.
deps:
	@command -v dpkg-query >/dev/null || exit 0; \
	missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi

# The command-line tool bloq, and bloq-window, which it becomes for anything with a window.
build: deps
	$(SWIFT) build $(RELEASE) $(SWIFT_BUILD_FLAGS) --product bloq
	$(SWIFT) build $(RELEASE) $(SWIFT_BUILD_FLAGS) --product bloq-window

run: build
	.build/release/bloq play

# The checked-in .swift-format configuration; make test runs it first.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

test: deps lint
	@command -v desktop-file-validate >/dev/null && command -v appstreamcli >/dev/null && command -v man >/dev/null || { $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends desktop-file-utils appstream man-db; }
	@mkdir -p .build
	set -o pipefail; $(HEADLESS) $(SWIFT) test --disable-xctest 2>&1 | tee .build/test.log
	$(SWIFT) build $(RELEASE) --product bloq
	$(SWIFT) build $(RELEASE) --product bloq-window
	$(SWIFT) build $(RELEASE) --product FuzzLevels
	$(SWIFT) build $(RELEASE) --product FuzzScripts
	$(SWIFT) build $(RELEASE) --product FuzzCodes
	$(SWIFT) build $(RELEASE) --product BloqDev
	$(HEADLESS) .build/release/bloq validate levels
	$(HEADLESS) .build/release/BloqDev storm --events 50000 --seed 11 --level levels/easy/100-full-house.bloq
	.build/release/FuzzLevels Tests/fuzz/levels/* && .build/release/FuzzScripts Tests/fuzz/scripts/* && .build/release/FuzzCodes Tests/fuzz/codes/*
	scripts/install-check.sh
	@# The closing line CI reads: the counts of the Swift Testing run above.
	@sed -nE 's/.*Test run with ([0-9]+) tests? .*passed.*/\1 passed, 0 failed/p' .build/test.log | tail -1

# The solver on long sweeps, in a release build: the bound against exhaustive search on 800
# seeded walled boards and 10,000 small ones, and every board of the benchmark sets in
# bench/ solved to its recorded optimum (docs/solver.md). make test runs small samples.
test-solver-sweep: deps
	BLOQ_SOLVER_SWEEP=1 $(SWIFT) test -c release --scratch-path .build-sweep --disable-xctest --filter 'SolverSweepTests|SolverMoveBoundTests|SolverBoundTests'

# Two game processes saving into one progress.json, 200 saves each, each killed with SIGKILL
# at random moments and started again while the other keeps saving: after every kill,
# every save either reported is in the file (docs/reliability.md). make test runs the
# two-writer test without kills.
test-reliability: deps
	set -o pipefail; BLOQ_RELIABILITY=1 $(HEADLESS) $(SWIFT) test --disable-xctest --filter TwoWriterTests 2>&1 | tee .build/test-reliability.log

# A real X window under Xvfb, a real pointer from xdotool, and the recording replayed; then
# the shell in the live X process: a remembered window fitted to the screen, F11 with no
# window manager, and clicks under the Cleared overlay (screenshots read by ImageMagick).
test-x11: build
	@command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v import >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xdotool imagemagick; }
	scripts/x11-pointer-check.sh
	scripts/x11-shell-check.sh
	scripts/x11-screens-check.sh

# The naive C breadth-first search that solve_process_vs_naive times bloq solve against.
.build/naive-bfs: bench/naive-bfs.c
	@mkdir -p .build
	cc -O2 -o $@ $<

bench: build .build/naive-bfs
	.build/release/bloq bench

# Only the figures of whole user processes, the live ones in a real X window: under the
# current display when there is one, else under a private Xvfb (with xdotool for the drag).
bench-live: build .build/naive-bfs
	@command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xdotool; }
	scripts/bench-live.sh

install: build
	install -Dm755 .build/release/bloq $(ROOT)/bin/bloq
	install -Dm755 .build/release/bloq-window $(ROOT)/libexec/bloq/bloq-window
	rm -rf $(ROOT)/share/bloq
	install -d $(ROOT)/share/bloq
	cp -R levels $(ROOT)/share/bloq/levels
	install -Dm644 LICENSE $(ROOT)/share/bloq/LICENSE
	install -Dm644 Assets/$(APP_ID).desktop $(ROOT)/share/applications/$(APP_ID).desktop
	install -Dm644 $(METAINFO) $(ROOT)/share/metainfo/$(APP_ID).metainfo.xml
	for size in $(ICON_SIZES); do \
	  install -Dm644 Assets/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done
	install -Dm644 Assets/icons/hicolor/scalable/apps/$(APP_ID).svg $(ROOT)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -d $(ROOT)/share/man/man6 $(ROOT)/share/bash-completion/completions $(DESTDIR)$(ZSH_COMPLETIONS) $(ROOT)/share/fish/vendor_completions.d
	sed -e "s/@VERSION@/$$(.build/release/bloq --version)/" -e "s/@DATE@/$(RELEASE_DATE)/" Assets/bloq.6.in > $(ROOT)/share/man/man6/bloq.6
	@# bash sources its completions: the generator's #! line has no use there.
	.build/release/bloq --generate-completion-script bash | sed '1{/^#!/d}' > $(ROOT)/share/bash-completion/completions/bloq
	.build/release/bloq --generate-completion-script zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_bloq
	.build/release/bloq --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/bloq.fish
	@echo "Installed in $(ROOT). Run: bloq   (make sure $(PREFIX)/bin is on your PATH)"

uninstall:
	rm -f $(ROOT)/bin/bloq $(ROOT)/share/applications/$(APP_ID).desktop $(ROOT)/share/metainfo/$(APP_ID).metainfo.xml \
	  $(ROOT)/share/man/man6/bloq.6 $(ROOT)/share/bash-completion/completions/bloq $(DESTDIR)$(ZSH_COMPLETIONS)/_bloq \
	  $(ROOT)/share/fish/vendor_completions.d/bloq.fish $(ROOT)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	for size in $(ICON_SIZES); do rm -f $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done
	rm -rf $(ROOT)/share/bloq $(ROOT)/libexec/bloq
	@# Folders this install may have made, deepest first, if now empty; never above PREFIX.
	-@for dir in $(ROOT)/share/icons/hicolor/*/apps $(ROOT)/share/icons/hicolor/* $(ROOT)/share/icons/hicolor \
	  $(ROOT)/share/icons $(ROOT)/share/man/man6 $(ROOT)/share/man $(ROOT)/share/bash-completion/completions \
	  $(ROOT)/share/bash-completion $(DESTDIR)$(ZSH_COMPLETIONS) $(ROOT)/share/zsh/site-functions $(ROOT)/share/zsh \
	  $(ROOT)/share/fish/vendor_completions.d $(ROOT)/share/fish $(ROOT)/share/applications $(ROOT)/share/metainfo \
	  $(ROOT)/share $(ROOT)/libexec $(ROOT)/bin; do \
	  [ -d "$$dir" ] && rmdir --ignore-fail-on-non-empty "$$dir"; done; true

# The Debian package bloq_VERSION_ARCH.deb, from `make install DESTDIR=... PREFIX=/usr` into
# .build/deb (packaging/debian: control, copyright, changelog; scripts/make-deb.sh).
DEB_STAGE := .build/deb/debian/bloq
deb: build
	@command -v dpkg-shlibdeps >/dev/null && command -v dpkg-gencontrol >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends dpkg-dev; }
	rm -rf .build/deb
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_STAGE) PREFIX=/usr ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions >/dev/null
	scripts/make-deb.sh $(DEB_STAGE)

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

# Installs into a scratch DESTDIR, runs the installed game from elsewhere, checks the
# desktop entry and the man page, uninstalls, and checks nothing is left.
test-install: build
	scripts/install-check.sh

# The test suite under AddressSanitizer and under ThreadSanitizer (the solver runs on a
# background thread in live play), each in its own build folder.
test-sanitize: deps
	$(HEADLESS) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt $(SWIFT) test --disable-xctest --sanitize=address --scratch-path .build-asan
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

# Every screen as a picture in docs/screenshots (shown in the README), from commands kept here.
SHOTS := docs/screenshots
screenshots: build
	@mkdir -p $(SHOTS)
	for screen in title levels settings help cleared preview about; do \
	  .build/release/bloq play --screen $$screen --screenshot $(SHOTS)/$$screen.png; done
	.build/release/bloq play --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play.png
	.build/release/bloq play --level $(firstword $(wildcard levels/hard/050-*.bloq)) --screen symbols --screenshot $(SHOTS)/colour-blind.png
	.build/release/bloq replay docs/replays/mid-drag.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/mid-drag.png >/dev/null
	.build/release/bloq replay docs/replays/hint.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/hint.png >/dev/null
	for shot in editor-empty editor-building editor-unsolvable; do \
	  .build/release/bloq replay docs/replays/$$shot.script --app --screenshot $(SHOTS)/$$shot.png >/dev/null; done
	.build/release/bloq replay docs/replays/expert.script --app --screenshot $(SHOTS)/expert.png >/dev/null
	.build/release/bloq play --screen daily --date 2026-03-14 --screenshot $(SHOTS)/daily.png
	.build/release/bloq replay Tests/replays/app/daily-cleared.script --app --date 2026-03-14 --screenshot $(SHOTS)/daily-cleared.png >/dev/null
	cp $(SHOTS)/play.png $(SHOTS)/../screenshot.png

clean:
	rm -rf .build
