# rooms: the room service, the stores, the local stack (madang serve) and the load test.
# `make run` (top Makefile) builds bin/madang and serves with the embedded store in $(DATA).
# Their tests run in `gotest` (go test ./...): the e2e suite starts `madang serve` in-process
# on free loopback ports.

ROOMS ?= 100
LOAD_DURATION ?= 10s
LOAD_ADDR ?= 127.0.0.1:18080

.PHONY: loadtest

# loadtest: serve with the memory store and no per-socket rate limit, then play $(ROOMS)
# rooms for $(LOAD_DURATION); the last line is the JSON report.
loadtest: build
	@$(BIN)/madang serve --addr $(LOAD_ADDR) --store memory --rate 0 --max-sockets 0 --quiet & pid=$$!; \
	sleep 1; \
	$(BIN)/madang loadtest --url ws://$(LOAD_ADDR)/ws --rooms $(ROOMS) --duration $(LOAD_DURATION); rc=$$?; \
	kill $$pid; exit $$rc
