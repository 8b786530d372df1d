package session

import (
	"errors"
	"testing"

	"madang/internal/trackgame"
)

// filesFamily is testFamily with engine files: it keeps what it was handed.
type filesFamily struct {
	testFamily
	got *[]string
}

func (f filesFamily) LoadEngineFile(gameID, kind string, data []byte) error {
	if kind != "weights" {
		return ErrNoFile
	}
	*f.got = append(*f.got, gameID+" "+kind+" "+string(data))
	return nil
}

// LoadEngineFile hands a family's engine its files for its own games only; a family without
// engine files has no use for any.
func TestLoadEngineFile(t *testing.T) {
	var got []string
	s := New(filesFamily{got: &got})
	if err := s.LoadEngineFile(trackgame.ID, "weights", []byte("w")); err != nil || len(got) != 1 || got[0] != trackgame.ID+" weights w" {
		t.Fatalf("weights: %v, handed %q", err, got)
	}
	if err := s.LoadEngineFile(trackgame.ID, "book", nil); !errors.Is(err, ErrNoFile) {
		t.Errorf("a kind the family has no use for: %v", err)
	}
	if err := s.LoadEngineFile("checkers", "weights", nil); !errors.Is(err, ErrGame) || len(got) != 1 {
		t.Errorf("another family's game: %v", err)
	}
	if err := New(testFamily{}).LoadEngineFile(trackgame.ID, "weights", nil); !errors.Is(err, ErrNoFile) {
		t.Errorf("a family without engine files: %v", err)
	}
}
