package ai

import "testing"

// A win found 7 plies below the root, stored at ply 3 (4 plies below the stored position)
// and read again at ply 1, is a win 5 plies below the new root; ordinary scores pass
// unchanged.
func TestScoreTTMateDistance(t *testing.T) {
	const win, bound = 30000, 29000
	cases := []struct{ score, storePly, readPly, want int }{
		{win - 7, 3, 1, win - 5},
		{-(win - 7), 3, 1, -(win - 5)},
		{150, 3, 1, 150},
		{-bound, 4, 0, -bound},
	}
	for _, c := range cases {
		stored := ScoreToTT(c.score, c.storePly, bound)
		if got := ScoreFromTT(stored, c.readPly, bound); got != c.want {
			t.Errorf("score %d stored at ply %d, read at ply %d: %d, want %d", c.score, c.storePly, c.readPly, got, c.want)
		}
		if back := ScoreFromTT(stored, c.storePly, bound); back != c.score {
			t.Errorf("score %d: round trip at ply %d gives %d", c.score, c.storePly, back)
		}
	}
}
