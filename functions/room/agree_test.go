package room_test

import (
	"context"
	"testing"
)

// The AI accepting a draw takes the path a person's acceptance takes (seed 001, "상대가
// 수락하면 무승부"): the same result (no winner, reason agreement, no points), no offer left
// standing, and no seat may offer any more.
func TestAIAcceptsAsAPersonDoes(t *testing.T) {
	results := map[string]*snapshot{}
	for _, who := range []string{"person", "ai"} {
		h := newHarness(t)
		usePolicy(t, drawPolicy)
		h.ai.accept = true
		players := 2
		if who == "ai" {
			players = 1
		}
		tb := h.open("track", M{}, players)
		if who == "ai" {
			h.send("c0", M{"action": "fillAI", "room": tb.id, "token": tb.tokens[0]})
		}
		h.move(tb, 0, "+1", "offerDraw", true)
		if who == "ai" {
			if err := h.svc.RunAI(context.Background(), tb.id, h.snap(tb).Version); err != nil {
				t.Fatal(err)
			}
		} else {
			h.send("c1", M{"action": "acceptDraw", "room": tb.id, "token": tb.tokens[1]})
		}
		results[who] = h.snap(tb)
	}
	for who, st := range results {
		if st.Status != "over" || st.Phase != "over" || st.Result == nil || st.Result.Winner != nil ||
			st.Result.Reason != "agreement" || st.Result.Points != 0 || st.DrawOffer != nil || st.Ply != 1 ||
			st.Seats[0].MayOfferDraw || st.Seats[1].MayOfferDraw || len(st.Rematch) != 0 {
			t.Errorf("%s accepted: %+v result %+v", who, st, st.Result)
		}
	}
}
