# krieg: two set-up commands. `make run` plays; `make test` runs every test.
# Both install the Debian packages the project needs (as root, or with sudo) first.

DEBS := libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev \
        libxxf86vm-dev libasound2-dev libx11-dev pkg-config xvfb xdotool stockfish postgresql chromium
GO ?= go
BIN := bin/krieg

.PHONY: run test lint cross tree bench fuzz deps build peers web

run: build
	./$(BIN)

# The window tests (package sprites) open a real window: xvfb-run gives them
# a display when the machine has none.
test: deps tree lint cross
	$(GO) vet ./...
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -count=1 -timeout 20m ./...
	$(GO) test -count=1 -race -run Async ./controller

# staticcheck at a pinned version, fetched through the Go module proxy on first use.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.7.0
lint:
	$(GO) run $(STATICCHECK) ./...

# The ports nobody builds day to day, so that they never rot: every program
# for Windows without cgo, and everything but kriegd's server for the browser
# (js/wasm; kriegd's SQLite does not build there).
WASM_PKGS = $(shell $(GO) list ./... | grep -v -e /cmd/kriegd -e /server)
cross:
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build ./...
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) build $(WASM_PKGS)
	GOOS=js GOARCH=wasm $(GO) build -tags kriegtest -o /dev/null ./cmd/krieg-web

# The tree speaks for itself: no path of one machine, no diary of the work
# (a work session and its number), no link out of the repository to the specs' old home. The
# brackets keep these patterns from matching this Makefile.
TREE_BANNED := /wor[k]/|/roo[t]/|/hom[e]/|/User[s]/|\.\.[/]shared|share[d]/(docs|fixtures|seeds)|[Ss]essio[n]s? [0-9]
tree:
	@if grep -rnIE --exclude-dir=.git --exclude=.git --exclude-dir=bin -e '$(TREE_BANNED)' .; then \
		echo "tree: the lines above name a machine path, a work session or a link outside the repository"; exit 1; fi

# The browser's figures: the page in headless chromium, and the deduction's
# B2 refresh compiled to WebAssembly, run by Node (V8, chromium's engine).
WEB_BENCH_DEBS := nodejs

bench: deps
	@$(MAKE) --no-print-directory deps DEBS="$(WEB_BENCH_DEBS)"
	$(GO) test -run '^$$' -bench 'PerftVsStockfish' -benchtime 1x ./game
	$(GO) test -run '^$$' -bench 'IsLegal' -benchtime 2000000x ./game
	$(GO) test -run '^$$' -bench 'B1|B2' -benchtime 400x ./controller ./controller/belief ./controller/boards
	$(GO) test -run '^$$' -bench 'BeliefLatency' -benchtime 200x ./controller
	$(GO) test -run '^$$' -bench 'JKrieg' -benchtime 400x ./controller/jkrieg
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -run '^$$' -bench 'Frame$$|FrameBaseline|FrameDemo|EventToDraw' -benchtime 300x ./sprites
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -run '^$$' -bench 'FrameAtRest' -benchtime 5x ./sprites
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -run '^$$' -bench 'BeliefLatency' -benchtime 60x ./sprites
	# Again with Mesa's software renderer on one thread rather than one per
	# core: on a machine without a GPU its threads, not the deduction, set the
	# frames' p99 (docs/measurements.md, "Belief latency").
	LP_NUM_THREADS=1 xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -run '^$$' -bench 'BeliefLatency' -benchtime 60x ./sprites
	$(GO) test -run '^$$' -bench 'Build' -benchmem -benchtime 2000x ./sprites/scene
	$(GO) test -run '^$$' -bench 'LoginBesideGuessers' -benchtime 1000x ./server
	$(GO) test -run '^$$' -bench 'MovesBesideSeekFlood' -benchtime 300x ./server
	$(GO) test -run '^$$' -bench 'MovesBesideWhoFlood' -benchtime 300x ./server
	$(GO) test -run '^$$' -bench 'MovesBesideRefusedFlood' -benchtime 300x ./server
	$(GO) test -run '^$$' -bench 'LoginBesideRightLogins' -benchtime 20x ./server
	$(GO) test -run '^$$' -bench 'LoginBesideManyGuessers' -benchtime 20x ./server
	$(GO) test -run '^$$' -bench 'PageLoad|OfflineLoad' -benchtime 5x ./server/web
	$(GO) test -run '^$$' -bench 'PageFrame' -benchtime 300x ./server/web
	GOOS=js GOARCH=wasm $(GO) test -exec="$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$$' -bench 'B2Refresh/boards=4096$$|B2Baseline/boards=4096$$' -benchtime 100x ./controller/boards
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench 'B2Refresh/boards=4096$$|B2Baseline/boards=4096$$' -benchtime 100x ./controller/boards

# A short fuzzing pass over every parser and over kriegd served in memory
# (seed corpora live in each package's testdata/fuzz).
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseFEN -fuzztime 20s ./game
	$(GO) test -run '^$$' -fuzz FuzzParseMove -fuzztime 20s ./game
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 20s ./game/record
	$(GO) test -run '^$$' -fuzz FuzzServe -fuzztime 20s ./game/referee
	$(GO) test -run '^$$' -fuzz FuzzParser -fuzztime 20s ./net/icc
	$(GO) test -run '^$$' -fuzz FuzzSession -fuzztime 20s ./net/icc
	$(GO) test -run '^$$' -fuzz FuzzReadState -fuzztime 20s ./net/kso
	$(GO) test -run '^$$' -fuzz FuzzReadFrames -fuzztime 20s ./net/kso
	$(GO) test -run '^$$' -fuzz FuzzParseCommand -fuzztime 20s ./server
	$(GO) test -run '^$$' -fuzz '^FuzzLogin$$' -fuzztime 20s ./server
	$(GO) test -run '^$$' -fuzz '^FuzzCommands$$' -fuzztime 20s ./server
	$(GO) test -run '^$$' -fuzz '^FuzzShutdown$$' -fuzztime 20s ./server
	$(GO) test -run '^$$' -fuzz FuzzReader -fuzztime 20s ./net/wsstream

# The outside bots (kriegspiel.org's house bots and ks-game's referee) for
# `krieg match --black peer:darkboard-mcts`: cloned or fetched at their pinned
# commits (lab/peer/sources.txt; PEER_SRC=<dir> uses local copies instead)
# into $(KRIEG_PEERS) (default ~/.cache/krieg/peers), never into git; and
# krieg's Darkboard adapter, when Darkboard's classes are there. See the
# README, "Playing outside bots", and docs/player.md, "Playing Darkboard".
PEER_DEBS := python3 python3-requests git default-jdk-headless
peers:
	@$(MAKE) --no-print-directory deps DEBS="$(PEER_DEBS)"
	sh lab/peer/build.sh

build: deps
	$(GO) build -o bin/ ./cmd/krieg ./cmd/krieg-board ./cmd/kriegd

# The page that plays in a browser: bin/web is a static site (any static
# host serves it, for play against the computer), and bin/kriegd --http
# serves it with a server to play on. See docs/browser.md.
web: deps
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o bin/krieg-web.wasm ./cmd/krieg-web
	$(GO) build -o bin/ ./cmd/kriegd
	./bin/kriegd site --wasm bin/krieg-web.wasm --wasm-exec "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" bin/web

deps:
	@command -v $(GO) >/dev/null || { echo "krieg needs Go 1.26 or newer on PATH (https://go.dev/dl/)"; exit 1; }
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi
