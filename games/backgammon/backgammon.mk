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
backgammon-bench: gnubg-install $(BG_NOSLEEP)
	$(GO) test ./ai/backgammon -run 'TestSelfplay|TestPubeval$$|TestGnubg0Ply' -timeout 0 -count=1 -v \
	  -args -selfplay $(BG_GAMES) -pubeval $(BG_GAMES) -gnubg0 $(BG_GAMES) -gnubg $(GNUBG) -gnubg.preload $(BG_NOSLEEP)

# The shipped net (issue 33), fitted to GNU Backgammon's evaluations (its output, through
# its Python interface; not its code or weights), in two stages:
# 1. BG_GEN_GAMES games of self-play by the hand-made evaluation with a tenth of the plays
#    at random give the positions after the play and after two other plays at random
#    (TestGenPositions); gnubg evaluates each cubeless at BG_LABEL_PLIES (TestGnubgLabel;
#    testdata/nosleep.c, preloaded, takes out a 10 ms sleep a call); a net of BG_HIDDEN
#    hidden units is fitted to those (TestFitNet): the stage-1 net (net.bin until 2026-12-07).
# 2. BG_GEN2_GAMES games of self-play by the stage-1 net (a tenth of the plays at random)
#    give the positions after its BG_GEN2_TOP best plays of every turn, the close decisions
#    (-gen.top); gnubg labels them the same way, and the shipped net is fitted anew to both
#    stages' labels over BG_EPOCHS2 passes.
# Each step is seeded: the same gnubg gives the same net.bin byte for byte. The generated
# files go to BG_CACHE, outside the repository; a labelling that was stopped resumes where it
# was. The defaults remake the shipped file: stage 1 is 320,114 positions (labels about
# 15 min on a quiet core, the fit about 3 min), stage 2 447,834 (labels about 13 min, the fit
# about 12 min quiet, 23 under load); the positions of N games are the first lines of those
# of more games with the same seed.
BG_CACHE       ?= $(abspath $(CURDIR)/../cache/bg)
BG_GEN_GAMES   ?= 2500
BG_LABEL_PLIES ?= 1
BG_HIDDEN      ?= 128
BG_EPOCHS      ?= 30
BG_ALPHA       ?= 0.05
BG_GEN2_GAMES  ?= 2000
BG_GEN2_TOP    ?= 5
BG_EPOCHS2     ?= 60
BG_TEST         = GOMAXPROCS=1 nice -n 19 $(GO) test ./ai/backgammon -count=1 -timeout 0 -v
BG_POS          = $(BG_CACHE)/pos-$(BG_GEN_GAMES).txt
BG_LABELS       = $(BG_CACHE)/labels-$(BG_GEN_GAMES)-p$(BG_LABEL_PLIES).txt
BG_NET1         = $(BG_CACHE)/net1-$(BG_GEN_GAMES)-p$(BG_LABEL_PLIES)-h$(BG_HIDDEN).bin
BG_POS2         = $(BG_CACHE)/pos2-top$(BG_GEN2_TOP)-$(BG_GEN2_GAMES)-by-$(notdir $(basename $(BG_NET1))).txt
BG_LABELS2      = $(basename $(BG_POS2))-p$(BG_LABEL_PLIES).labels
BG_NOSLEEP      = $(BG_CACHE)/nosleep.so

backgammon-train: gnubg-install $(BG_LABELS) $(BG_LABELS2)
	$(BG_TEST) -run 'TestFitNet$$' -args -fit.in $(BG_LABELS),$(BG_LABELS2) -fit.hidden $(BG_HIDDEN) \
	  -fit.epochs $(BG_EPOCHS2) -fit.alpha $(BG_ALPHA) -fit.seed 1 -fit.out $(CURDIR)/ai/backgammon/net.bin

$(BG_NET1): $(BG_LABELS)
	$(BG_TEST) -run 'TestFitNet$$' -args -fit.in $(BG_LABELS) -fit.hidden $(BG_HIDDEN) \
	  -fit.epochs $(BG_EPOCHS) -fit.alpha $(BG_ALPHA) -fit.seed 1 -fit.out $@.part
	mv $@.part $@

$(BG_NOSLEEP): ai/backgammon/testdata/nosleep.c
	@mkdir -p $(BG_CACHE)
	cc -O2 -shared -fPIC -o $@ $< -ldl

$(BG_POS):
	@mkdir -p $(BG_CACHE)
	$(BG_TEST) -run 'TestGenPositions$$' -args -gen.games $(BG_GEN_GAMES) -gen.seed 1 -gen.out $@.part
	mv $@.part $@

$(BG_POS2): $(BG_NET1)
	$(BG_TEST) -run 'TestGenPositions$$' -args -gen.games $(BG_GEN2_GAMES) -gen.seed 39 -gen.net $(BG_NET1) \
	  -gen.top $(BG_GEN2_TOP) -gen.out $@.part
	mv $@.part $@

$(BG_LABELS) $(BG_LABELS2): | $(BG_NOSLEEP)
$(BG_LABELS): $(BG_POS)
$(BG_LABELS2): $(BG_POS2)
$(BG_LABELS) $(BG_LABELS2):
	$(BG_TEST) -run 'TestGnubgLabel$$' -args -gnubg $(GNUBG) -gnubg.preload $(BG_NOSLEEP) \
	  -label.in $< -label.plies $(BG_LABEL_PLIES) -label.out $@.part
	mv $@.part $@

# Replays every shared backgammon match through `madang replay` (the folder's files are
# .txt exports, recognised by their content). GAMES is set in the top Makefile.
.PHONY: replay-backgammon
replay-backgammon: build
	@test -n "$(GAMES)" || (echo "shared/games not found; set GAMES=dir"; exit 1)
	$(BIN)/madang replay --game backgammon $(GAMES)/backgammon/galaxy $(GAMES)/backgammon/studio
