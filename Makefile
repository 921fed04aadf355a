# krieg: two set-up commands. `make run` plays; `make test` runs every test.
# Both install the Debian packages the project needs (as root, or with sudo) first.

DEBS := libgl1-mesa-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev \
        libxxf86vm-dev libasound2-dev libx11-dev pkg-config xvfb stockfish postgresql
GO ?= go
BIN := bin/krieg

.PHONY: run test bench fuzz deps build peers

run: build
	./$(BIN)

# The window tests (package sprites) open a real window: xvfb-run gives them
# a display when the machine has none.
test: deps
	$(GO) vet ./...
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -count=1 ./...
	$(GO) test -count=1 -race -run Async ./controller

bench: deps
	$(GO) test -run '^$$' -bench 'PerftVsStockfish' -benchtime 1x ./game
	$(GO) test -run '^$$' -bench 'B1|B2' -benchtime 400x ./controller ./controller/belief ./controller/boards
	$(GO) test -run '^$$' -bench 'BeliefLatency' -benchtime 200x ./controller
	$(GO) test -run '^$$' -bench 'JKrieg' -benchtime 400x ./controller/jkrieg
	xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -run '^$$' -bench 'Frame|EventToDraw' -benchtime 300x ./sprites

# A short fuzzing pass over every parser (seed corpora live in each package's testdata/fuzz).
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
	$(GO) test -run '^$$' -fuzz FuzzSession -fuzztime 20s ./server

# The outside bots (kriegspiel.org's house bots and ks-game's referee) for
# `krieg match --black peer:darkboard-mcts`: built into $(KRIEG_PEERS) (default
# ~/.cache/krieg/peers) from local copies of their sources, never into git.
# See the README, "Playing outside bots".
PEER_DEBS := python3 python3-requests
peers:
	@$(MAKE) --no-print-directory deps DEBS="$(PEER_DEBS)"
	sh lab/peer/build.sh

build: deps
	$(GO) build -o bin/ ./cmd/krieg ./cmd/krieg-board

deps:
	@command -v $(GO) >/dev/null || { echo "krieg needs Go 1.26 or newer on PATH (https://go.dev/dl/)"; exit 1; }
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi
