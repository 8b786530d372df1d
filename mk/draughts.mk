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
