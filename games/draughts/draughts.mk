# The draughts family (checkers and international draughts): rules/draughts, ai/draughts.
# Included by the top Makefile (games/*/*.mk); the targets run from the repository root.

# rules/draughts: the long perft figures of shared/cases/draughts.md (checkers depth 10-12,
# draughts depth 8-9), 25-60 s of CPU; `go test ./...` runs the shorter ones, and `make test`
# runs these too so that every figure of the cases file is checked in CI.
.PHONY: perft-deep
perft-deep:
	$(GO) test ./rules/draughts -run PerftDeep -count=1 -v -args -deep

TEST_TARGETS += perft-deep

# Endgame tables (ai/draughts/egdb, issue 18): win/loss/draw for every position of up to
# EGDB_DRAUGHTS (4) pieces in draughts and EGDB_CHECKERS (5) in checkers, built by
# `madang egdb` into $(DATA)/egdb (not in git: tens of MB; tables already there are
# loaded, not rebuilt). `make run` hands them to the server when the folder exists, and
# `madang engine|selfplay|serve --egdb DIR` probe them. `go test ./...` checks the known
# results (checkers' First Position, draughts' 3 kings v 1 on the main diagonal) on the
# few tables they need, built in seconds.
EGDB_DRAUGHTS ?= 4
EGDB_CHECKERS ?= 5
.PHONY: egdb
egdb: build
	$(BIN)/madang egdb --game checkers --pieces $(EGDB_CHECKERS) --dir $(DATA)/egdb
	$(BIN)/madang egdb --game draughts --pieces $(EGDB_DRAUGHTS) --dir $(DATA)/egdb

# rules/draughts/pdn and `madang replay`: the PDN tests run in `make test` (go test ./...).
# replay-records prints the replay summary of every shared record folder (the checkers
# folder reports the one faulty record of tinsley.pdn, so it is not a test target);
# fuzz-pdn runs the reader's fuzz target for FUZZTIME.

.PHONY: replay-records fuzz-pdn
replay-records: build
	@test -n "$(GAMES)" || (echo "shared/games not found; set GAMES=dir"; exit 1)
	-$(BIN)/madang replay --game checkers "$(GAMES)/checkers"
	$(BIN)/madang replay --game draughts "$(GAMES)/draughts"
	$(BIN)/madang replay --game draughts "$(GAMES)/draughts/problems"
	-$(BIN)/madang replay --game draughts "$(GAMES)/draughts/bad"

fuzz-pdn:
	$(GO) test ./rules/draughts/pdn -run '^$$' -fuzz FuzzRead -fuzztime $(FUZZTIME) -fuzzminimizetime 5s -parallel 1

# ai: search benchmarks and a short selfplay. Not part of `make test` (CPU heavy); the
# AI's tests run in the gotest target.
.PHONY: ai-bench ai-selfplay

ai-bench:
	$(GO) test -run '^$$' -bench . -benchtime 3x ./ai/draughts

ai-selfplay: build
	$(BIN)/madang selfplay --game checkers --a advanced --b intermediate --games 4 --movetime 200
	$(BIN)/madang selfplay --game draughts --a advanced --b intermediate --games 4 --movetime 200

# The learned checkers/draughts evaluation and the opening books (issue 18 items 2 and 4):
# seeded self-play with the hand-made evaluation, a logistic-regression fit, then the books
# from the engine with the new weights (`go run` rebuilds with them embedded). The defaults
# of `madang train-eval` and `madang book` are the shipped files' settings, so this remakes
# the committed files byte for byte; CPU time and data size in docs/measurements.md. The
# last step writes the digest of each recipe's first self-play games to
# ai/draughts/train/testdata/selfplay.pin: TestRecipeSelfplayPinned fails once a code change
# plays other games (the weights would no longer be remade), as checkers' did between the
# file's making at 8b90f48 and 2026-12-07 (docs/measurements.md). Draughts takes
# three generations: the defaults' two (band tables; the second's positions kept in
# TRAIN_DIR), then a third played with the second's weights (seed 2) and fitted with a
# table a window on its own and the second's positions. Checkers takes two: the defaults'
# one, then a second played with its weights (seed 2, 6,000 games) and fitted with the
# first's positions (band tables).
TRAIN_DIR ?= $(CURDIR)/.train
.PHONY: train-eval
train-eval:
	mkdir -p $(TRAIN_DIR)
	nice $(GO) run ./infra/cmd/madang train-eval --game draughts --workers 2 --cache $(TRAIN_DIR)/draughts.cache --out $(TRAIN_DIR)/draughts-gen2.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game draughts --workers 2 --generations 1 --play-weights $(TRAIN_DIR)/draughts-gen2.bin --seed 2 --cache $(TRAIN_DIR)/draughts-gen3.cache --fit-extra $(TRAIN_DIR)/draughts.cache.gen2 --tables window --out ai/draughts/weights/draughts.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game checkers --cache $(TRAIN_DIR)/checkers.cache --out $(TRAIN_DIR)/checkers-gen1.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game checkers --generations 1 --play-weights $(TRAIN_DIR)/checkers-gen1.bin --seed 2 --games 6000 --cache $(TRAIN_DIR)/checkers-gen2.cache --fit-extra $(TRAIN_DIR)/checkers.cache --out ai/draughts/weights/checkers.bin
	nice $(GO) run ./infra/cmd/madang book --game draughts --out ai/draughts/book/draughts.txt
	nice $(GO) run ./infra/cmd/madang book --game checkers --out ai/draughts/book/checkers.txt
	$(GO) test ./ai/draughts/train -run TestRecipeSelfplayPinned -count=1 -args -update
