# rules/draughts: the long perft figures of shared/cases/draughts.md (checkers depth 10-12,
# draughts depth 8-9), 25-60 s of CPU; not part of `make test`, which runs the shorter ones.
.PHONY: perft-deep
perft-deep:
	$(GO) test ./rules/draughts -run PerftDeep -count=1 -v -args -deep
