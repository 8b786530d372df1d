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
# the committed files byte for byte; CPU time and data size in README.md.
.PHONY: train-eval
train-eval:
	nice $(GO) run ./infra/cmd/madang train-eval --game draughts --out ai/draughts/weights/draughts.bin
	nice $(GO) run ./infra/cmd/madang train-eval --game checkers --out ai/draughts/weights/checkers.bin
	nice $(GO) run ./infra/cmd/madang book --game draughts --out ai/draughts/book/draughts.txt
	nice $(GO) run ./infra/cmd/madang book --game checkers --out ai/draughts/book/checkers.txt
