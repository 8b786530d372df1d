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
# the committed files byte for byte; CPU time and data size in docs/measurements.md. Draughts takes
# three generations: the defaults' two (band tables; the second's positions kept in
# TRAIN_DIR), then a third played with the second's weights (seed 2) and fitted with a
# table a window on its own and the second's positions.
TRAIN_DIR ?= $(CURDIR)/.train
.PHONY: train-eval
train-eval:
	mkdir -p $(TRAIN_DIR)
	nice $(GO) run ./infra/cmd/madang train-eval --game draughts --workers 2 --cache $(TRAIN_DIR)/draughts.cache --out $(TRAIN_DIR)/draughts-gen2.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game draughts --workers 2 --generations 1 --play-weights $(TRAIN_DIR)/draughts-gen2.bin --seed 2 --cache $(TRAIN_DIR)/draughts-gen3.cache --fit-extra $(TRAIN_DIR)/draughts.cache.gen2 --tables window --out ai/draughts/weights/draughts.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game checkers --out ai/draughts/weights/checkers.bin
	nice $(GO) run ./infra/cmd/madang book --game draughts --out ai/draughts/book/draughts.txt
	nice $(GO) run ./infra/cmd/madang book --game checkers --out ai/draughts/book/checkers.txt
