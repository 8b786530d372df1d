# The backgammon family: rules/backgammon, ai/backgammon. Included by the top Makefile.

# rules/backgammon: the cross-check against GNU Backgammon (Debian package gnubg). The test
# compares our legal plays, move text, Position IDs and Match IDs with gnubg's on random
# positions and rolls; `go test ./...` runs 300 of them when gnubg is installed (and skips
# with a message when it is not), this target installs gnubg when missing (as root or with
# sudo) and runs GNUBG_N of them, about 30-40 s.
GNUBG   ?= /usr/games/gnubg
GNUBG_N ?= 3000

TEST_TARGETS += backgammon-gnubg

.PHONY: backgammon-gnubg gnubg-install fuzz-backgammon

gnubg-install:
	@test -x $(GNUBG) || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq gnubg >/dev/null; }
	@test -x $(GNUBG) || (echo "gnubg not installed at $(GNUBG)"; exit 1)

backgammon-gnubg: gnubg-install
	$(GO) test ./rules/backgammon -run GnubgCrossCheck -count=1 -v -args -gnubg $(GNUBG) -gnubg.n $(GNUBG_N)

# The parsers' fuzz targets, FUZZTIME each (FUZZTIME is set in the top Makefile, 60s by default).
fuzz-backgammon:
	$(GO) test ./rules/backgammon -run '^$$' -fuzz FuzzParseMove -fuzztime $(FUZZTIME) -parallel 1
	$(GO) test ./rules/backgammon -run '^$$' -fuzz FuzzDecode -fuzztime $(FUZZTIME) -parallel 1
	$(GO) test ./rules/backgammon/mat -run '^$$' -fuzz FuzzRead -fuzztime $(FUZZTIME) -parallel 1

# ai/backgammon: strength figures (CPU heavy, not part of make test). BG_GAMES games per
# pairing of levels, against pubeval (Tesauro's published weights) and against GNU
# Backgammon at 0-ply; each logs points per game with its standard error.
BG_GAMES ?= 1000
.PHONY: backgammon-bench backgammon-train
backgammon-bench: gnubg-install
	$(GO) test ./ai/backgammon -run 'TestSelfplay|TestPubeval$$|TestGnubg0Ply' -timeout 0 -count=1 -v \
	  -args -selfplay $(BG_GAMES) -pubeval $(BG_GAMES) -gnubg0 $(BG_GAMES) -gnubg $(GNUBG)

# The shipped net: 30,000 games from seed 1 at rate 0.1, then 40,000 from seed 2 at 0.05.
backgammon-train:
	$(GO) test ./ai/backgammon -run TestTrainNet -timeout 0 -count=1 -v -args -train.games 30000 -train.out /tmp/bgnet1.bin
	$(GO) test ./ai/backgammon -run TestTrainNet -timeout 0 -count=1 -v -args -train.games 40000 -train.in /tmp/bgnet1.bin -train.seed 2 -train.alpha 0.05 -train.out ai/backgammon/net.bin

# Replays every shared backgammon match through `madang replay` (the folder's files are
# .txt exports, recognised by their content). GAMES is set in the top Makefile.
.PHONY: replay-backgammon
replay-backgammon: build
	@test -n "$(GAMES)" || (echo "shared/games not found; set GAMES=dir"; exit 1)
	$(BIN)/madang replay --game backgammon $(GAMES)/backgammon/galaxy $(GAMES)/backgammon/studio
