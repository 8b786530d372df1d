# ai: search benchmarks and a short selfplay. Not part of `make test` (CPU heavy); the
# AI's tests run in the gotest target.
.PHONY: ai-bench ai-selfplay

ai-bench:
	$(GO) test -run '^$$' -bench . -benchtime 3x ./ai/draughts

ai-selfplay: build
	$(BIN)/madang selfplay --game checkers --a advanced --b intermediate --games 4 --movetime 200
	$(BIN)/madang selfplay --game draughts --a advanced --b intermediate --games 4 --movetime 200
