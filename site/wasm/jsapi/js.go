//go:build js && wasm

package jsapi

import (
	"syscall/js"
	"time"

	"madang/rules"
	"madang/site/wasm/session"
)

// Serve installs madangHandle(msg) answering for the games of fam (the core ops of Handle
// and the extra ops given, e.g. Analyse), and madangGames (the registered game ids), calls
// madangReady() when the worker defined it, and blocks forever. A family's module main calls
// it after importing the family's rules and AI packages.
func Serve(fam session.Family, ops ...Op) {
	s := session.New(fam)
	js.Global().Set("madangHandle", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return Fail(ErrBadMessage)
		}
		return HandleOps(s, decode(args[0]), ops)
	}))
	ids := rules.IDs()
	games := make([]any, len(ids))
	for i, id := range ids {
		games[i] = id
	}
	js.Global().Set("madangGames", js.ValueOf(games))
	if ready := js.Global().Get("madangReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// ServeRecords installs madangHandle(msg) answering only the record ops (export, import)
// with rec, for a records module without the session and the AI; it calls madangReady()
// when the worker defined it, and blocks forever.
func ServeRecords(rec session.Records) {
	js.Global().Set("madangHandle", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return Fail(ErrBadMessage)
		}
		r := decode(args[0])
		decodeRecords(args[0], &r)
		if r.Op == "import" {
			session.ImportProgress = progressReporter()
			defer func() { session.ImportProgress = nil }()
		}
		return HandleRecords(rec, r)
	}))
	if ready := js.Global().Get("madangReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// progressReporter passes an import's progress to the worker's madangProgress(done, total)
// (worker.js posts it to the page), at most every 200 ms and once at the last game; nil when
// the worker has no such function.
func progressReporter() func(done, total int) {
	f := js.Global().Get("madangProgress")
	if f.Type() != js.TypeFunction {
		return nil
	}
	var last time.Time
	return func(done, total int) {
		if done != total && (done%64 != 0 || time.Since(last) < 200*time.Millisecond) {
			return
		}
		last = time.Now()
		f.Invoke(done, total)
	}
}

// decode reads a message object; fields of the wrong type count as absent.
func decode(v js.Value) Request {
	r := NewRequest(str(v, "op"))
	r.Game, r.FEN, r.Text, r.Level = str(v, "game"), str(v, "fen"), str(v, "text"), str(v, "level")
	r.Offer = v.Get("offer").Truthy()
	r.Index = num(v, "index", r.Index)
	r.Plies = num(v, "plies", r.Plies)
	r.ToSeat = num(v, "toSeat", r.ToSeat)
	r.Seat = num(v, "seat", r.Seat)
	r.Ms = num(v, "ms", 0)
	r.Kind = str(v, "kind")
	r.Played = str(v, "played")
	r.To = num(v, "to", r.To)
	if ps := v.Get("path"); ps.Type() == js.TypeObject {
		for i := 0; i < ps.Length(); i++ {
			h := -1 // not a number: a hole off the board, refused by the op
			if e := ps.Index(i); e.Type() == js.TypeNumber {
				h = e.Int()
			}
			r.Path = append(r.Path, h)
		}
	}
	if b := v.Get("bytes"); b.Type() == js.TypeObject && b.InstanceOf(js.Global().Get("Uint8Array")) {
		r.Data = make([]byte, b.Get("length").Int())
		js.CopyBytesToGo(r.Data, b)
	}
	if f := v.Get("seed"); f.Type() == js.TypeNumber {
		r.Seed = int64(f.Float())
		r.DiceSeed = uint64(r.Seed)
	} else {
		r.DiceSeed = uint64(time.Now().UnixNano())
	}
	if ms := v.Get("moves"); ms.Type() == js.TypeObject {
		for i := 0; i < ms.Length(); i++ {
			m := ""
			if e := ms.Index(i); e.Type() == js.TypeString {
				m = e.String()
			}
			r.Moves = append(r.Moves, m) // not text: refused by the replay as bad notation
		}
	}
	if o := v.Get("options"); o.Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", o)
		r.Options = rules.Options{}
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			if f := o.Get(k); f.Type() == js.TypeNumber {
				r.Options[k] = f.Int()
			}
		}
	}
	return r
}

// decodeRecords reads the fields of export and import beside decode's (bytes): winner,
// points, status, tags ([[name, value]]) and comments (a string per move, empty for none);
// entries of the wrong type count as absent.
func decodeRecords(v js.Value, r *Request) {
	r.Winner = num(v, "winner", r.Winner)
	r.Points = num(v, "points", 0)
	r.Status = str(v, "status")
	if ts := v.Get("tags"); ts.Type() == js.TypeObject {
		for i := 0; i < ts.Length(); i++ {
			if t := ts.Index(i); t.Type() == js.TypeObject && t.Length() == 2 &&
				t.Index(0).Type() == js.TypeString && t.Index(1).Type() == js.TypeString {
				r.Tags = append(r.Tags, [2]string{t.Index(0).String(), t.Index(1).String()})
			}
		}
	}
	if cs := v.Get("comments"); cs.Type() == js.TypeObject {
		for i := 0; i < cs.Length(); i++ {
			c := ""
			if e := cs.Index(i); e.Type() == js.TypeString {
				c = e.String()
			}
			r.Comments = append(r.Comments, c)
		}
	}
}

func str(v js.Value, key string) string {
	if f := v.Get(key); f.Type() == js.TypeString {
		return f.String()
	}
	return ""
}

func num(v js.Value, key string, def int) int {
	if f := v.Get(key); f.Type() == js.TypeNumber {
		return f.Int()
	}
	return def
}
