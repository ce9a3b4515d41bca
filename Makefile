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
RELEASE := -c release --static-swift-stdlib

.PHONY: all deps build run lint test test-x11 test-install test-sanitize test-reliability fuzz storm install uninstall validate screenshots bench clean

# Installing: `make install PREFIX=~/.local` (default /usr/local); DESTDIR is honoured.
PREFIX ?= /usr/local
DESTDIR ?=
ROOT := $(DESTDIR)$(PREFIX)
ICON_SIZES := 16 24 32 48 64 128 256 512

all: build

deps:
	@missing=""; \
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
	$(SWIFT) build $(RELEASE) --product bloq
	$(SWIFT) build $(RELEASE) --product bloq-window

run: build
	.build/release/bloq play

# The checked-in .swift-format configuration; make test runs it first.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

test: deps lint
	@command -v desktop-file-validate >/dev/null || { $(SUDO) apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends desktop-file-utils man-db; }
	@mkdir -p .build
	set -o pipefail; $(HEADLESS) $(SWIFT) test --disable-xctest 2>&1 | tee .build/test.log
	$(SWIFT) build $(RELEASE) --product bloq
	$(SWIFT) build $(RELEASE) --product bloq-window
	$(SWIFT) build $(RELEASE) --product FuzzLevels
	$(SWIFT) build $(RELEASE) --product FuzzScripts
	$(SWIFT) build $(RELEASE) --product BloqDev
	$(HEADLESS) .build/release/bloq validate levels
	$(HEADLESS) .build/release/BloqDev storm --events 50000 --seed 11 --level levels/easy/100-full-house.bloq
	.build/release/FuzzLevels Tests/fuzz/levels/* && .build/release/FuzzScripts Tests/fuzz/scripts/*
	scripts/install-check.sh
	@# The closing line CI reads: the counts of the Swift Testing run above.
	@sed -nE 's/.*Test run with ([0-9]+) tests? .*passed.*/\1 passed, 0 failed/p' .build/test.log | tail -1

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

bench: build
	.build/release/bloq bench

install: build
	install -Dm755 .build/release/bloq $(ROOT)/bin/bloq
	install -Dm755 .build/release/bloq-window $(ROOT)/libexec/bloq/bloq-window
	rm -rf $(ROOT)/share/bloq
	install -d $(ROOT)/share/bloq
	cp -R levels $(ROOT)/share/bloq/levels
	install -Dm644 LICENSE $(ROOT)/share/bloq/LICENSE
	install -Dm644 Assets/bloq.desktop $(ROOT)/share/applications/bloq.desktop
	for size in $(ICON_SIZES); do \
	  install -Dm644 Assets/icons/hicolor/bloq-$$size.png $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/bloq.png; done
	install -Dm644 Assets/icons/bloq.svg $(ROOT)/share/icons/hicolor/scalable/apps/bloq.svg
	install -d $(ROOT)/share/man/man6 $(ROOT)/share/bash-completion/completions $(ROOT)/share/zsh/site-functions $(ROOT)/share/fish/vendor_completions.d
	sed -e "s/@VERSION@/$$(.build/release/bloq --version)/" -e "s/@DATE@/$$(date -u -r Assets/bloq.6.in +%Y-%m-%d)/" Assets/bloq.6.in > $(ROOT)/share/man/man6/bloq.6
	.build/release/bloq --generate-completion-script bash > $(ROOT)/share/bash-completion/completions/bloq
	.build/release/bloq --generate-completion-script zsh > $(ROOT)/share/zsh/site-functions/_bloq
	.build/release/bloq --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/bloq.fish
	@echo "Installed in $(ROOT). Run: bloq   (make sure $(PREFIX)/bin is on your PATH)"

uninstall:
	rm -f $(ROOT)/bin/bloq $(ROOT)/share/applications/bloq.desktop $(ROOT)/share/man/man6/bloq.6 \
	  $(ROOT)/share/bash-completion/completions/bloq $(ROOT)/share/zsh/site-functions/_bloq \
	  $(ROOT)/share/fish/vendor_completions.d/bloq.fish $(ROOT)/share/icons/hicolor/scalable/apps/bloq.svg
	for size in $(ICON_SIZES); do rm -f $(ROOT)/share/icons/hicolor/$${size}x$${size}/apps/bloq.png; done
	rm -rf $(ROOT)/share/bloq $(ROOT)/libexec/bloq
	@# Folders this install may have made, deepest first, if now empty; never above PREFIX.
	-@for dir in $(ROOT)/share/icons/hicolor/*/apps $(ROOT)/share/icons/hicolor/* $(ROOT)/share/icons/hicolor \
	  $(ROOT)/share/icons $(ROOT)/share/man/man6 $(ROOT)/share/man $(ROOT)/share/bash-completion/completions \
	  $(ROOT)/share/bash-completion $(ROOT)/share/zsh/site-functions $(ROOT)/share/zsh \
	  $(ROOT)/share/fish/vendor_completions.d $(ROOT)/share/fish $(ROOT)/share/applications $(ROOT)/share $(ROOT)/libexec $(ROOT)/bin; do \
	  [ -d "$$dir" ] && rmdir --ignore-fail-on-non-empty "$$dir"; done; true

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

# libFuzzer on the level parser and validator and on the script parser, FUZZ_SECONDS each.
# New inputs go to .build-fuzz/corpus; a crash is written into Tests/fuzz/*/ (where the
# normal test run replays it from then on) and fails the target.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS) --product FuzzLevels
	$(SWIFT) build $(FUZZ_FLAGS) --product FuzzScripts
	@mkdir -p .build-fuzz/corpus/levels .build-fuzz/corpus/scripts
	.build-fuzz/debug/FuzzLevels -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=Tests/fuzz/levels/crash- .build-fuzz/corpus/levels Tests/fuzz/levels
	.build-fuzz/debug/FuzzScripts -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -print_final_stats=1 \
	  -artifact_prefix=Tests/fuzz/scripts/crash- .build-fuzz/corpus/scripts Tests/fuzz/scripts

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
	.build/release/bloq replay docs/replays/expert.script --app --screenshot $(SHOTS)/expert.png >/dev/null
	.build/release/bloq play --screen daily --date 2026-03-14 --screenshot $(SHOTS)/daily.png
	.build/release/bloq replay Tests/replays/app/daily-cleared.script --app --date 2026-03-14 --screenshot $(SHOTS)/daily-cleared.png >/dev/null
	cp $(SHOTS)/play.png docs/screenshot.png

clean:
	rm -rf .build
