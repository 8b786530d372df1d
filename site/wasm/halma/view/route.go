package view

import (
	rh "madang/rules/halma"
	"madang/rules/match"
	"madang/site/wasm/jsapi"
	"madang/site/wasm/session"
)

// RouteThrough is the star games' op "route" (jsapi.Op): the landing path of a move through
// waypoints the player chose (seed 004: "where two routes branch either may be chosen"), by
// the rules of jumps (rules/halma Position.Extend, seed 000's king runs and closed camps
// included), on the session's current position:
//
//	{op: "route", path: [hole], to}  ->  {ok: true, path: [hole]}
//
// path is the side to move's piece's hole then the landings of its jumps so far (the
// waypoints, each reached by jumps); the answer is path continued to the hole to with the
// fewest jumps, landing on no hole of path, or [] when there is none (path no such chain,
// to on it, in a closed camp, or a step away only). The route is played as the move's text
// (its holes' names joined by "-", op play), which checks it again. Errors: bad-message for
// no game, no path or no to; game-over once the game has ended.
var RouteThrough = jsapi.Op{Name: "route", Do: routeThrough}

func routeThrough(s *session.Session, r jsapi.Request) map[string]any {
	st := s.State()
	if st == nil || len(r.Path) == 0 || r.To < 0 {
		return jsapi.Fail(jsapi.ErrBadMessage)
	}
	if s.Outcome().Over() {
		return jsapi.Fail(match.ErrOver)
	}
	hs, ok := rh.AsState(st)
	if !ok {
		return jsapi.Fail(jsapi.ErrBadMessage)
	}
	chain := make([]rh.Hole, len(r.Path))
	for i, h := range r.Path {
		if h < 0 || h >= rh.NumHoles {
			return map[string]any{"ok": true, "path": []any{}}
		}
		chain[i] = rh.Hole(h)
	}
	to := rh.NoHole
	if r.To < rh.NumHoles {
		to = rh.Hole(r.To)
	}
	return map[string]any{"ok": true, "path": holeList(hs.Position().Extend(chain, to))}
}
