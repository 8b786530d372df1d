package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	httppprof "net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"

	"madang/functions/aiseat"
	"madang/functions/room"
	"madang/functions/store/dynamodb"
	"madang/functions/store/embedded"
	"madang/functions/store/memory"
	"madang/infra/local"
)

func init() {
	register("serve", "run the whole site locally: static files, /ws rooms, embedded store", func(args []string, stdout, stderr io.Writer) int {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		return serve(ctx, args, stdout, stderr)
	})
}

// storeFlags names the flags that only one --store reads.
var storeFlags = map[string]string{
	"data": "embedded", "nosync": "embedded", "sync-ack": "embedded",
	"dynamodb-endpoint": "dynamodb", "dynamodb-table": "dynamodb",
}

// foreignStoreFlag says which flag given on the command line belongs to a store other
// than kind, or "" when none does.
func foreignStoreFlag(fs *flag.FlagSet, kind string) string {
	msg := ""
	fs.Visit(func(f *flag.Flag) {
		if owner, ok := storeFlags[f.Name]; ok && owner != kind && msg == "" {
			msg = fmt.Sprintf("--%s is for --store %s only; with --store %s it would be ignored", f.Name, owner, kind)
		}
	})
	return msg
}

// serve runs `madang serve` until ctx ends. It prints "madang: serving http://ADDR ..." once
// it is ready (tests read the address, the third word, from it when --addr ends in :0).
// Refused before anything is made (exit 2): an argument besides the flags, --sync-ack with
// --nosync, an unknown --store, a flag of another store (--data, --nosync or --sync-ack
// without the embedded store; --dynamodb-* without dynamodb). The address is taken next,
// so a start that fails on it (a busy port) leaves nothing behind: no --data folder, no
// --cpuprofile file.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", ":8080", "listen address (host:port; port 0 picks a free one)")
	data := fs.String("data", "data", "data folder of the embedded store")
	storeKind := fs.String("store", "embedded", "room store: embedded (a file in --data), memory, or dynamodb")
	ddbEndpoint := fs.String("dynamodb-endpoint", "", "dynamodb store: endpoint URL (DynamoDB Local, e.g. http://127.0.0.1:8000); empty: AWS with the default credentials")
	ddbTable := fs.String("dynamodb-table", dynamodb.DefaultTable, "dynamodb store: table name (created on DynamoDB Local when missing)")
	site := fs.String("site", "site/dist", "folder of the built site")
	nosync := fs.Bool("nosync", false, "embedded store: no fsync at all (a machine crash may lose recent moves or damage the file)")
	syncAck := fs.Bool("sync-ack", false, "embedded store: answer a move only after its fsync into the database file (no move lost even at a machine crash; by default a machine crash may lose the last 100 ms)")
	quiet := fs.Bool("quiet", false, "log errors only")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile to this file until the server stops")
	pprofAddr := fs.String("pprof", "", "serve net/http/pprof's /debug/pprof/ on this address (e.g. 127.0.0.1:6060; empty: off)")
	rate := fs.Float64("rate", local.RatePerSecond, "messages per second one socket may send (0: no limit, for load tests)")
	maxSockets := fs.Int("max-sockets", 20000, "open connections in total: WebSockets and other HTTP connections (0: no limit)")
	maxSpectators := fs.Int("max-spectators", room.DefaultMaxSpectators, "spectators per room")
	createsPerMinute := fs.Int("creates-per-minute", room.DefaultCreatesPerMinute, "rooms one socket may create per minute (negative: no limit)")
	eg := egdbFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// Go's flags stop at the first argument that is no flag: `serve extra --store memory`
	// would ignore --store and open the embedded store in ./data.
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "madang serve: unexpected argument %q (serve takes flags only)\n", fs.Arg(0))
		return 2
	}
	if *syncAck && *nosync {
		fmt.Fprintln(stderr, "madang serve: --sync-ack and --nosync exclude each other: with --nosync the store never fsyncs, so no move could be answered after its fsync")
		return 2
	}
	switch *storeKind {
	case "embedded", "memory", "dynamodb":
	default:
		fmt.Fprintf(stderr, "madang serve: --store must be embedded, memory or dynamodb, not %q\n", *storeKind)
		return 2
	}
	// A store's own flags given with another store would be ignored: a --sync-ack that
	// promises nothing, or a --dynamodb-table that is not the one written.
	if msg := foreignStoreFlag(fs, *storeKind); msg != "" {
		fmt.Fprintln(stderr, "madang serve:", msg)
		return 2
	}
	// The address before anything is made: a busy port leaves no --data folder behind.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "madang serve: %v\n", err)
		return 1
	}
	defer ln.Close() // srv.Serve closes it too; this is for the returns before that
	if n := serveProcs(os.Getenv("GOMAXPROCS"), runtime.GOMAXPROCS(0)); n != runtime.GOMAXPROCS(0) {
		runtime.GOMAXPROCS(n)
	}
	if err := loadEgdb(*eg, stderr); err != nil {
		fmt.Fprintf(stderr, "madang serve: %v\n", err)
		return 1
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(stderr, "madang serve: %v\n", err)
			return 1
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if *pprofAddr != "" {
		pln, err := net.Listen("tcp", *pprofAddr)
		if err != nil {
			fmt.Fprintf(stderr, "madang serve: --pprof: %v\n", err)
			return 1
		}
		psrv := &http.Server{Handler: pprofMux(), ReadHeaderTimeout: 10 * time.Second}
		go psrv.Serve(pln)
		defer psrv.Close()
		where := ""
		if w := listenAll(pln.Addr()); w != "" {
			where = " (" + w + ")"
		}
		fmt.Fprintf(stderr, "madang serve: pprof on http://%s/debug/pprof/%s\n", displayAddr(pln.Addr()), where)
	}
	level := slog.LevelInfo
	if *quiet {
		level = slog.LevelError
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	var store room.Store
	var swept *embedded.Store // swept once the address is ours (a failed start leaves no sweep behind)
	switch *storeKind {
	case "embedded":
		s, err := embedded.Open(*data, embedded.Options{NoSync: *nosync, SyncAck: *syncAck})
		if err != nil {
			fmt.Fprintf(stderr, "madang serve: open store in %s: %v\n", *data, err)
			return 1
		}
		defer s.Close()
		swept = s
		store = s
	case "memory":
		store = memory.New()
	case "dynamodb":
		s, err := openDynamoDB(ctx, *ddbEndpoint, *ddbTable)
		if err != nil {
			fmt.Fprintf(stderr, "madang serve: %v\n", err)
			return 1
		}
		store = s
	}

	r := *rate
	if r == 0 {
		r = -1
	}
	st := local.New(local.Config{Store: store, AI: aiseat.Engines{}, SiteDir: *site, Log: log, Rate: r,
		MaxSockets: *maxSockets, Limits: room.Limits{MaxSpectators: *maxSpectators, CreatesPerMinute: *createsPerMinute}})
	defer st.Close()
	// No socket of a previous run is open any more, whatever the store: mark their seats away.
	if err := st.ResetConnections(ctx); err != nil {
		fmt.Fprintf(stderr, "madang serve: %v\n", err)
		return 1
	}
	if swept != nil {
		// The sweep ends before the store closes (defers run last first).
		sctx, stop := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { defer close(done); sweep(sctx, swept, log) }()
		defer func() { stop(); <-done }()
	}
	limit := &connLimit{max: *maxSockets, sockets: st.Gateway.Open, conns: map[net.Conn]bool{}}
	srv := &http.Server{Handler: st.Handler(), ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout: httpIdleTimeout, ConnState: limit.state}
	where := ""
	if w := listenAll(ln.Addr()); w != "" {
		where = w + "; "
	}
	fmt.Fprintf(stdout, "madang: serving http://%s (%sstore %s, site %s)\n", displayAddr(ln.Addr()), where, *storeKind, *site)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "madang serve: %v\n", err)
			return 1
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(sctx) // hijacked WebSockets are not waited for
	srv.Close()
	return 0
}

// httpIdleTimeout is how long serve keeps an idle keep-alive HTTP connection (page loads,
// /config.json): a browser opens another when it needs one. Without it such connections
// stayed until the client closed them, each holding a file (388 of them exhausted a
// 400-file limit). A variable for tests.
var httpIdleTimeout = 2 * time.Minute

// connLimit makes --max-sockets bound every connection the server holds, not only the
// WebSockets: it counts the HTTP connections not upgraded (net/http's ConnState: from
// StateNew until StateHijacked or StateClosed) and closes a new connection at once when
// they and the open sockets (sockets, the gateway's count) already reach max. An upgrade
// beyond the sockets' own bound is still refused with 429 by the gateway.
type connLimit struct {
	max     int // 0: no limit
	sockets func() int
	mu      sync.Mutex
	conns   map[net.Conn]bool
}

func (c *connLimit) state(conn net.Conn, s http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch s {
	case http.StateNew:
		if c.max > 0 && len(c.conns)+c.sockets() >= c.max {
			conn.Close() // net/http then ends the connection (StateClosed)
			return
		}
		c.conns[conn] = true
	case http.StateHijacked, http.StateClosed:
		delete(c.conns, conn)
	}
}

// minServeProcs is the fewest Ps (GOMAXPROCS) `madang serve` runs with. Go sets
// GOMAXPROCS to the CPUs the process may use, so a server pinned to one core (taskset -c 0)
// gets one P; while a goroutine sits in a blocking file syscall (the store's fsync, a
// write(2) the kernel throttles) it keeps that P until sysmon takes it back, and the
// goroutines whose sockets became ready wait: at 5,000 rooms, one move per room every 5 s,
// p99 was 7.1 s with one P and 54 ms with four (the store then still acknowledged after
// fsync); with the write-ahead log, p50 52 ms and p99 1.35 s with one P against 0.67 ms and
// 134 ms with four (load average 6-7 on two cores). At 2,000 rooms two, four and eight Ps
// did not differ beyond the noise of a shared machine; one was worst each time. An idle P
// costs nothing.
const minServeProcs = 4

// serveProcs returns the GOMAXPROCS for serve: cur, raised to minServeProcs unless the
// GOMAXPROCS environment variable (env) sets it.
func serveProcs(env string, cur int) int {
	if env != "" || cur >= minServeProcs {
		return cur
	}
	return minServeProcs
}

// pprofMux serves net/http/pprof's handlers under /debug/pprof/ (profile, trace, heap, ...),
// on their own listener so the site never exposes them.
func pprofMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", httppprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", httppprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", httppprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", httppprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", httppprof.Trace)
	return mux
}

// displayAddr shows a wildcard listen address as localhost: the address to open on this
// machine (listenAll says that other machines can reach it too).
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// listenAll is "listening on all interfaces, port P" when a is a wildcard address (the
// default :8080, which phones on the LAN use; "all IPv4 interfaces" for 0.0.0.0), ""
// otherwise: displayAddr alone shows such an address as localhost.
func listenAll(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return ""
	}
	ip := net.ParseIP(host)
	switch {
	case host != "" && ip == nil:
		return ""
	case ip == nil, ip.Equal(net.IPv6unspecified):
		return "listening on all interfaces, port " + port
	case ip.Equal(net.IPv4zero):
		return "listening on all IPv4 interfaces, port " + port
	}
	return ""
}

// sweep removes expired rooms and connections now and then (DynamoDB's TTL on AWS).
func sweep(ctx context.Context, s *embedded.Store, log *slog.Logger) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	for {
		if n, err := s.Sweep(time.Now()); err != nil {
			log.Error("sweep", "err", err)
		} else if n > 0 {
			log.Info("sweep", "removed", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
