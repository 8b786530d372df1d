# rules/draughts: the long perft figures of shared/cases/draughts.md (checkers depth 10-12,
# draughts depth 8-9), 25-60 s of CPU; `go test ./...` runs the shorter ones, and `make test`
# runs these too so that every figure of the cases file is checked in CI.
.PHONY: perft-deep
perft-deep:
	$(GO) test ./rules/draughts -run PerftDeep -count=1 -v -args -deep

TEST_TARGETS += perft-deep
