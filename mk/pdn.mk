# rules/draughts/pdn and `madang replay`: the PDN tests run in `make test` (go test ./...).
# replay-records prints the replay summary of every shared record folder (the checkers
# folder reports the one faulty record of tinsley.pdn, so it is not a test target);
# fuzz-pdn runs the reader's fuzz target for FUZZTIME.
GAMES    ?= $(firstword $(wildcard ../shared/games ../../shared/games))
FUZZTIME ?= 60s

.PHONY: replay-records fuzz-pdn
replay-records: build
	@test -n "$(GAMES)" || (echo "shared/games not found; set GAMES=dir"; exit 1)
	-$(BIN)/madang replay --game checkers "$(GAMES)/checkers"
	$(BIN)/madang replay --game draughts "$(GAMES)/draughts"
	$(BIN)/madang replay --game draughts "$(GAMES)/draughts/problems"
	-$(BIN)/madang replay --game draughts "$(GAMES)/draughts/bad"

fuzz-pdn:
	$(GO) test ./rules/draughts/pdn -run '^$$' -fuzz FuzzRead -fuzztime $(FUZZTIME) -fuzzminimizetime 5s -parallel 1
