# madang — the two set-up commands are `make run` and `make test` (see README.md).
GO      ?= go
BIN     := bin
ADDR    ?= :8080
DATA    ?= data

.PHONY: run test build vet gotest clean

build:
	$(GO) build -o $(BIN)/madang ./infra/cmd/madang

run: build
	@echo "the local stack is not built yet (issue 4); madang has: "; $(BIN)/madang help || true

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)

gotest:
	$(GO) test ./...

test: vet gotest

clean:
	rm -rf $(BIN)
