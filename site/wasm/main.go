//go:build js && wasm

// Command wasm is the rules and AI engine of the site, built with GOOS=js GOARCH=wasm and
// run in a Web Worker (site/src/worker.js). It installs one function, madangHandle(msg),
// that answers one message object and returns the answer object:
//
//	{op: "start", game, fen?}                 a new game ("checkers" | "draughts")
//	{op: "load", game, fen?, moves: [text]}   replay PDN move texts (online snapshots)
//	{op: "view"}                              the current view
//	{op: "play", index | text, offer?}        play a legal move (index into view.moves)
//	{op: "undo", plies} | {op: "undo", toSeat} undo by replaying from the start
//	{op: "resign", seat} | {op: "acceptDraw"}
//	{op: "ai", level, seed}                   the AI's choice for the side to move, not played
//
// Every answer is {ok: true, view, choice?} or {ok: false, error: "code", detail}; the view
// is described in package session. No encoding/json and no fmt: values cross as JS objects.
package main

import (
	"errors"
	"syscall/js"

	"madang/ai"
	"madang/rules"
	"madang/site/wasm/session"
)

var sess session.Session

func main() {
	js.Global().Set("madangHandle", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return fail(errBadMessage)
		}
		return handle(args[0])
	}))
	js.Global().Set("madangGames", js.ValueOf(stringsAny(rules.IDs())))
	if ready := js.Global().Get("madangReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

var errBadMessage = errors.New("bad message")

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

func handle(msg js.Value) (answer any) {
	defer func() {
		if r := recover(); r != nil {
			answer = map[string]any{"ok": false, "error": "internal", "detail": "engine panic"}
		}
	}()
	var err error
	extra := map[string]any{}
	switch str(msg, "op") {
	case "start":
		err = sess.Start(str(msg, "game"), str(msg, "fen"))
	case "load":
		var texts []string
		if ms := msg.Get("moves"); ms.Type() == js.TypeObject {
			for i := 0; i < ms.Length(); i++ {
				texts = append(texts, ms.Index(i).String())
			}
		}
		err = sess.Load(str(msg, "game"), str(msg, "fen"), texts)
	case "view":
	case "play":
		offer := msg.Get("offer").Truthy()
		if t := str(msg, "text"); t != "" {
			err = sess.PlayText(t, offer)
		} else {
			err = sess.Play(num(msg, "index", -1), offer)
		}
	case "undo":
		if seat := num(msg, "toSeat", -1); seat >= 0 {
			err = sess.UndoTo(seat)
		} else {
			err = sess.Undo(num(msg, "plies", 1))
		}
	case "resign":
		err = sess.Resign(num(msg, "seat", -1))
	case "acceptDraw":
		err = sess.AcceptDraw()
	case "ai":
		var c session.AIChoice
		c, err = sess.AIMove(str(msg, "level"), int64(num(msg, "seed", 1)))
		if err == nil {
			extra["choice"] = map[string]any{"index": c.Index, "text": c.Text, "offer": c.Offer, "accept": c.Accept}
		}
	default:
		err = errBadMessage
	}
	if err != nil {
		return fail(err)
	}
	extra["ok"] = true
	extra["view"] = sess.View()
	return extra
}

// fail names an error with a stable code for the page.
func fail(err error) map[string]any {
	code := "error"
	switch {
	case errors.Is(err, errBadMessage):
		code = "bad-message"
	case errors.Is(err, rules.ErrIllegal), errors.Is(err, session.ErrBadIndex):
		code = "illegal-move"
	case errors.Is(err, rules.ErrNotation), errors.Is(err, rules.ErrAmbiguous):
		code = "bad-notation"
	case errors.Is(err, session.ErrOver), errors.Is(err, rules.ErrOver):
		code = "game-over"
	case errors.Is(err, session.ErrGame), errors.Is(err, rules.ErrUnknown):
		code = "unknown-game"
	case errors.Is(err, session.ErrNoOffer):
		code = "no-offer"
	case errors.Is(err, session.ErrOffer):
		code = "offer-refused"
	case errors.Is(err, ai.ErrNoEngine):
		code = "no-engine"
	}
	return map[string]any{"ok": false, "error": code, "detail": err.Error()}
}

func stringsAny(v []string) []any {
	out := make([]any, len(v))
	for i, s := range v {
		out[i] = s
	}
	return out
}
