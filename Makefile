# Bloq for Linux. `make run` and `make test` are all the set-up there is: each installs the
# Debian packages it needs when they are missing (with sudo when not root).

SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev fonts-dejavu-core
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Headless, software-rendered SDL for tests: the same pixels on every machine.
HEADLESS := SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy

.PHONY: all deps build run test test-x11 validate screenshots bench clean

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

build: deps
	$(SWIFT) build -c release --product bloq

run: build
	.build/release/bloq play

test: deps
	@mkdir -p .build
	set -o pipefail; $(HEADLESS) $(SWIFT) test --disable-xctest 2>&1 | tee .build/test.log
	$(SWIFT) build -c release --product bloq
	$(HEADLESS) .build/release/bloq validate levels
	@# The closing line CI reads: the counts of the Swift Testing run above.
	@sed -nE 's/.*Test run with ([0-9]+) tests? .*passed.*/\1 passed, 0 failed/p' .build/test.log | tail -1

# A real X window under Xvfb, a real pointer from xdotool, and the recording replayed.
test-x11: build
	@command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { \
	  $(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends xvfb xdotool; }
	scripts/x11-pointer-check.sh

bench: build
	.build/release/bloq bench

validate: build
	.build/release/bloq validate levels

# Every screen as a picture in docs/screenshots (shown in the README), from commands kept here.
SHOTS := docs/screenshots
screenshots: build
	@mkdir -p $(SHOTS)
	for screen in title levels settings help cleared preview; do \
	  .build/release/bloq play --screen $$screen --screenshot $(SHOTS)/$$screen.png; done
	.build/release/bloq play --level levels/easy/100-full-house.bloq --screen play --screenshot $(SHOTS)/play.png
	.build/release/bloq play --level $(firstword $(wildcard levels/hard/050-*.bloq)) --screen symbols --screenshot $(SHOTS)/colour-blind.png
	.build/release/bloq replay docs/replays/mid-drag.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/mid-drag.png >/dev/null
	.build/release/bloq replay docs/replays/hint.script --level levels/easy/100-full-house.bloq --screenshot $(SHOTS)/hint.png >/dev/null
	cp $(SHOTS)/play.png docs/screenshot.png

clean:
	rm -rf .build
