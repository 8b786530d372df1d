# rooms: the room service, the stores, the local stack (madang serve) and the load test.
# `make run` (top Makefile) builds bin/madang and serves with the embedded store in $(DATA).
# Their tests run in `gotest` (go test ./...): the e2e suite starts `madang serve` in-process
# on free loopback ports.

ROOMS ?= 100
LOAD_DURATION ?= 10s
LOAD_ADDR ?= 127.0.0.1:18080
# LOAD_PACE: empty plays flat out (a closed loop: capacity); e.g. 5s moves each room once
# every 5 s (an open loop: the latency players feel). SPECTATORS: watching sockets per room.
LOAD_PACE ?=
SPECTATORS ?= 0
# LOAD_CLOCK: every room on a game clock, BASE+INC in minutes and seconds (e.g. 10+5).
LOAD_CLOCK ?=
# LOAD_STORE: memory, or embedded (bbolt in a fresh temporary folder: a move is answered once
# in its write-ahead log; LOAD_SERVE_FLAGS=--sync-ack answers after bbolt's fsync instead).
LOAD_STORE ?= memory
LOAD_SERVE_FLAGS ?=

.PHONY: loadtest

# loadtest: serve with no per-socket rate limit, then play $(ROOMS) rooms for
# $(LOAD_DURATION); the last line is the JSON report, with the server's CPU (share of one
# core) and memory. With two cores or more the server runs on core 0 and the client on
# core 1 (taskset); the load average before and after is printed, since other work on the
# machine shifts the figures. A room is two sockets on each side: with a per-process limit of
# 20,000 open files (ulimit -Hn) at most 9,994 rooms fit (19,988 sockets and the server's
# own 11 files; run at 9,990). The load starts once the server says it is serving; a server
# that exits first (LOAD_ADDR in use) or is not serving within 10 s stops the target, exit 1.
loadtest: build
	@pin0=; pin1=; if command -v taskset >/dev/null && [ "$$(nproc)" -ge 2 ]; then pin0="taskset -c 0"; pin1="taskset -c 1"; fi; \
	data=$$(mktemp -d); log=$$(mktemp); \
	$$pin0 $(BIN)/madang serve --addr $(LOAD_ADDR) --store $(LOAD_STORE) $(if $(filter embedded,$(LOAD_STORE)),--data $$data) --rate 0 --max-sockets 0 --max-spectators 64 --quiet $(LOAD_SERVE_FLAGS) >$$log & pid=$$!; \
	i=0; until grep -q '^madang: serving ' $$log; do \
	  if ! kill -0 $$pid 2>/dev/null || [ $$i -ge 100 ]; then \
	    kill $$pid 2>/dev/null; wait $$pid; \
	    echo "make loadtest: its server (madang serve --addr $(LOAD_ADDR)) did not start (is $(LOAD_ADDR) in use? set LOAD_ADDR); nothing was loaded" >&2; \
	    rm -rf $$data $$log; exit 1; \
	  fi; i=$$((i+1)); sleep 0.1; \
	done; cat $$log; rm -f $$log; \
	sleep 1; echo "load average before: $$(cut -d' ' -f1-3 /proc/loadavg)" >&2; \
	$$pin1 $(BIN)/madang loadtest --url ws://$(LOAD_ADDR)/ws --rooms $(ROOMS) --duration $(LOAD_DURATION) \
	  $(if $(LOAD_PACE),--pace $(LOAD_PACE)) $(if $(LOAD_CLOCK),--clock $(LOAD_CLOCK)) --spectators $(SPECTATORS) --pid $$pid; rc=$$?; \
	echo "load average after: $$(cut -d' ' -f1-3 /proc/loadavg)" >&2; \
	kill $$pid; wait $$pid; rm -rf $$data; exit $$rc
