# site: the static site (site/), its WebAssembly engine (site/wasm) and the browser tests.
#   make site           npm ci when needed, build one wasm module per game family, bundle everything
#                       into site/dist
#   make site-wasm-test the engine session tests and every family's rules tests (its perft figures
#                       among them) under GOOS=js GOARCH=wasm (node)
#   make site-wasm-size each module's raw and brotli -q 11 size; fails over SITE_WASM_LIMIT bytes
#   make site-test      headless Chromium plays through the pages against `madang serve`
#   make lighthouse     Lighthouse's scores per page, mobile and desktop, and the first-move and
#                       engine-ready times on a throttled phone connection (not part of make test: minutes, and the
#                       scores move with the machine's load); RUNS=3 takes each page's median
# CI=true runs the same; missing Debian packages (chromium, fonts-nanum) are installed.
GOROOT_DIR   := $(shell $(GO) env GOROOT)
WASM_EXEC_JS := $(firstword $(wildcard $(GOROOT_DIR)/lib/wasm/wasm_exec.js $(GOROOT_DIR)/misc/wasm/wasm_exec.js))
WASM_EXEC_BIN:= $(dir $(WASM_EXEC_JS))
# The site manifest: the game families as their descriptors declare them (games/<family>),
# written by `madang games --json` to site/.build/games.json and read by site/build.mjs, the
# AI figures and the browser tests; site/.build/games.mk (from it) sets SITE_FAMILIES and
# SITE_WASM_FAMILIES for the rules below.
# (functions/room: the room's error texts, which the manifest carries as roomErrors)
GAMES_SOURCES := $(shell find games rules functions/room -name '*.go' -not -name '*_test.go' 2>/dev/null)
site/.build/games.json: $(GAMES_SOURCES) go.mod
	@mkdir -p $(dir $@)
	$(GO) run ./infra/cmd/madang games --json > $@.tmp && mv $@.tmp $@
site/.build/games.mk: site/.build/games.json
	node -e 'const m = require("./$<"); console.log("SITE_FAMILIES := " + m.families.map((f) => f.name).join(" ")); console.log("SITE_WASM_FAMILIES := " + m.families.flatMap((f) => f.wasm).join(" "))' > $@.tmp && mv $@.tmp $@
-include site/.build/games.mk
# One module per game family: site/wasm/<family>/cmd/engine builds site/.build/<family>.wasm, served
# as assets/<family>/madang.wasm (site/build.mjs) and loaded by worker.js?wasm=<family>/madang.wasm;
# a family with game records also <family>-records.wasm (site/wasm/<family>/cmd/records).
SITE_WASM    := $(patsubst %,site/.build/%.wasm,$(SITE_WASM_FAMILIES))
# DESIGN.md "Site": each module under 620,000 bytes brotli. The draughts module carries no
# learned weights or opening books, the backgammon module no net: the worker fetches them as
# hashed files of their own (site/build.mjs, ai/draughts/shipped_js.go; issue 18 item 7;
# ai/backgammon/shipped_js.go).
SITE_WASM_LIMIT := 620000
SITE_SOURCES := $(shell find site/src site/build.mjs -type f 2>/dev/null) site/.build/games.json
WASM_SOURCES := $(shell find site/wasm rules ai -name '*.go' 2>/dev/null)

RUN_DEPS     += site
TEST_TARGETS += site-wasm-test site-wasm-size site-test

.PHONY: site site-wasm-test site-wasm-size site-test site-deps lighthouse

site/node_modules/.package-lock.json: site/package.json site/package-lock.json
	cd site && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

site/.build/%-records.wasm: $(WASM_SOURCES) go.mod
	@mkdir -p $(dir $@)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./site/wasm/$*/cmd/records

site/.build/%.wasm: $(WASM_SOURCES) go.mod
	@mkdir -p $(dir $@)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./site/wasm/$*/cmd/engine

# The first moves of every game page (issue 32): the start position's legal moves and the
# views after them, made by the rules through the engine's own message API
# (site/wasm/firstmoves), one site/.build/first-moves/<game>.json per game; build.mjs writes
# each into its page, so the first move needs no engine.
site/.build/first-moves/.stamp: $(WASM_SOURCES) $(GAMES_SOURCES) go.mod
	@rm -rf $(dir $@) && mkdir -p $(dir $@)
	$(GO) run ./site/wasm/firstmoves/cmd/firstmoves $(dir $@)
	@touch $@

site/dist/.stamp: site/node_modules/.package-lock.json $(SITE_WASM) $(SITE_SOURCES) site/.build/first-moves/.stamp
	cd site && WASM="$(addprefix ../,$(SITE_WASM))" WASM_EXEC=$(WASM_EXEC_JS) node build.mjs
	@touch $@

site: site/dist/.stamp

site-wasm-test:
	PATH="$(WASM_EXEC_BIN):$$PATH" GOOS=js GOARCH=wasm $(GO) test ./site/wasm/... ./rules/match/... $(patsubst %,./rules/%/...,$(SITE_FAMILIES))

# brotli from node's zlib (no download): the limit of DESIGN.md "Site".
site-wasm-size: $(SITE_WASM)
	node site/wasm/size.mjs $(SITE_WASM_LIMIT) $(SITE_WASM)

# Debian packages for the browser tests: installed only when missing.
site-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi nanum; then \
		echo "site: installing chromium and fonts-nanum"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-nanum >/dev/null; \
	fi

site-test: site site-deps build
	cd site && MADANG_BIN=$(CURDIR)/$(BIN)/madang CHROMIUM=/usr/bin/chromium node --test --test-concurrency=1 --test-timeout=600000 \
		--test-reporter=spec --test-reporter-destination=stdout \
		--test-reporter=./test/file-times.mjs --test-reporter-destination=stdout test/*.test.mjs

# Lighthouse has its own folder and lock (site/lighthouse), so the site's npm ci stays small.
site/lighthouse/node_modules/.package-lock.json: site/lighthouse/package.json site/lighthouse/package-lock.json
	cd site/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

lighthouse: site site-deps build site/lighthouse/node_modules/.package-lock.json
	cd site && MADANG_BIN=$(CURDIR)/$(BIN)/madang CHROMIUM=/usr/bin/chromium node lighthouse/run.mjs

# The AI figures the guide pages quote (issue 17): short seeded selfplay runs of every game
# into site/src/guide/ai-figures.json (a few minutes under nice; not part of `make test`).
# ONLY="backgammon": those games again, the others' figures kept.
.PHONY: ai-figures
ai-figures: build
	ONLY="$(ONLY)" nice -n 10 node site/tools/ai-figures.mjs $(BIN)/madang site/src/guide/ai-figures.json
