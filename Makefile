# madang — the two set-up commands are `make run` and `make test` (see README.md).
# Each part of the project adds its own targets in mk/*.mk, and each game family in its own
# folder (games/<family>/<family>.mk): a part appends its test target to TEST_TARGETS and,
# where it must be built before `make run`, to RUN_DEPS.
GO      ?= go
BIN     := bin
ADDR    ?= localhost:8080
DATA    ?= data
# The shared game records (../shared/games) that the replay targets read, and each fuzz
# target's time.
GAMES    ?= $(firstword $(wildcard ../shared/games ../../shared/games))
FUZZTIME ?= 60s

TEST_TARGETS := vet gotest
RUN_DEPS     := build

.PHONY: run test build vet gotest clean

build:
	$(GO) build -o $(BIN)/madang ./infra/cmd/madang

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)

gotest:
	$(GO) test ./...

-include mk/*.mk games/*/*.mk

test: $(TEST_TARGETS)

run: $(RUN_DEPS)
	$(BIN)/madang serve --addr $(ADDR) --data $(DATA) $(if $(wildcard $(DATA)/egdb/*.wld.gz),--egdb $(DATA)/egdb)

clean:
	rm -rf $(BIN)
