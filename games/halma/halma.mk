# The star-board family (halma): rules/halma, ai/halma. Included by the top Makefile.

# rules/halma: the deep perft figures of the three star games (chinese-checkers depth 6,
# the others depth 5) and the reference generator's agreement to depth 4; `go test ./...`
# runs the shorter ones. fuzz-halma runs the position and move parsers' fuzz targets.
.PHONY: halma-perft-deep fuzz-halma
halma-perft-deep:
	$(GO) test ./rules/halma -run TestPerft -count=1 -args -deep

fuzz-halma:
	$(GO) test ./rules/halma -run '^$$' -fuzz FuzzDecode -fuzztime $(FUZZTIME)
	$(GO) test ./rules/halma -run '^$$' -fuzz FuzzParseMove -fuzztime $(FUZZTIME)

TEST_TARGETS += halma-perft-deep
