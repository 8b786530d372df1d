package draughts

import (
	"context"
	"errors"
	"testing"

	"madang/ai"
	"madang/rules"
	rd "madang/rules/draughts"
)

// The shipped books load, cover the start position, and the advanced level (only) plays
// their moves: a book move comes without a search (depth 0), from the book's list.
func TestShippedBooks(t *testing.T) {
	for _, v := range []*Variant{Checkers, Draughts} {
		b := v.Book()
		if b.Len() < 10 {
			t.Fatalf("%s: book of %d positions", v.ID, b.Len())
		}
		start := v.Start()
		book := b.Moves(&start)
		if len(book) == 0 {
			t.Fatalf("%s: start position not in the book", v.ID)
		}
		g, _ := rules.Lookup(v.ID)
		st, _ := g.New(nil)
		seen := map[rd.Move]bool{}
		for seed := range int64(12) {
			res, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Advanced, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			m, _ := rd.AsMove(res.Move)
			in := false
			for _, bm := range book {
				in = in || bm == m
			}
			if !in || res.Depth != 0 {
				t.Fatalf("%s seed %d: advanced played %v at depth %d, not a book move of %v", v.ID, seed, res.Move, res.Depth, book)
			}
			seen[m] = true
		}
		if len(book) > 1 && len(seen) < 2 {
			t.Errorf("%s: 12 seeds chose only %d of the %d book moves", v.ID, len(seen), len(book))
		}
		res, err := ai.Choose(context.Background(), ai.Request{State: st, Level: ai.Intermediate, Seed: 1})
		if err != nil || res.Depth == 0 {
			t.Errorf("%s: intermediate answered %+v, %v: want a search, not the book", v.ID, res, err)
		}
		// The file round-trips.
		b2, err := v.ParseBook(b.Marshal())
		if err != nil || b2.Len() != b.Len() {
			t.Errorf("%s: book round trip: %d positions, %v", v.ID, b2.Len(), err)
		}
	}
}

// A book line with an illegal move or a bad position is refused with ErrNotation.
func TestBadBook(t *testing.T) {
	for _, line := range []string{
		"W:W31-50:B1-20 31-26x",
		"W:W31-50:B1-20 20-25",
		"W:W31-50:B1-20",
		"X:Y 32-28",
	} {
		if _, err := Draughts.ParseBook([]byte(line + "\n")); !errors.Is(err, ErrNotation) {
			t.Errorf("%q: err %v, want ErrNotation", line, err)
		}
	}
	b, err := Draughts.ParseBook([]byte("# comment\n\nW:W31-50:B1-20 32-28 33-28\n"))
	if err != nil || b.Len() != 1 {
		t.Fatalf("good book: %d positions, %v", b.Len(), err)
	}
}

// BuildBook keeps the moves within the margin, at most Max, and expands them.
func TestBuildBook(t *testing.T) {
	b := Checkers.BuildBook(BookConfig{Plies: 2, Depth: 3, Margin: 5, Max: 2}, nil)
	start := Checkers.Start()
	ms := b.Moves(&start)
	if len(ms) < 1 || len(ms) > 2 {
		t.Fatalf("start: %d book moves", len(ms))
	}
	if b.Len() != 1+len(ms) {
		t.Errorf("%d positions, want the start and its %d children", b.Len(), len(ms))
	}
}

// LoadWeights and LoadBook (the browser's worker hands the fetched files over with them):
// a variant made without files plays with the hand-made evaluation and no book; the files
// give it the book, the shipped weights as Trained and as its evaluation (draughts blends
// it with the hand-made one); a bad file is refused and changes nothing.
func TestLoadWeightsAndBook(t *testing.T) {
	for _, c := range []struct {
		v             *Variant
		weights, book []byte
		learned       bool
	}{
		{Checkers, shippedCheckers, bookCheckers, true},
		{Draughts, shippedDraughts, bookDraughts, true},
	} {
		v := newVariant(c.v.R, nil, nil, c.learned, c.v.Mix())
		start := v.Start()
		if v.Weights() != nil || v.Trained() != nil || v.Book() != nil {
			t.Fatalf("%s: a variant without files has weights or a book", v.ID)
		}
		if err := v.LoadWeights([]byte("MDEVAL2\nnot weights")); !errors.Is(err, ErrWeights) || v.Trained() != nil {
			t.Errorf("%s: bad weights: %v", v.ID, err)
		}
		if err := v.LoadBook([]byte("W:W31-50:B1-20 20-25\n")); !errors.Is(err, ErrNotation) || v.Book() != nil {
			t.Errorf("%s: bad book: %v", v.ID, err)
		}
		if err := v.LoadWeights(c.weights); err != nil || v.Trained() == nil {
			t.Fatalf("%s: shipped weights: %v", v.ID, err)
		}
		if (v.Weights() != nil) != c.learned || c.learned && v.Weights() != v.Trained() {
			t.Errorf("%s: evaluates with the weights: %v, want %v", v.ID, v.Weights() != nil, c.learned)
		}
		p, err := v.ParseFEN("W:W21-24,27:B1-12")
		if err != nil {
			t.Fatal(err)
		}
		want := c.v.Evaluate(&p) // the embedded files' variant
		if got := v.Evaluate(&p); got != want {
			t.Errorf("%s: evaluates %d with the loaded files, the shipped variant %d", v.ID, got, want)
		}
		if c.learned && v.WithWeights(nil).Evaluate(&p) == want {
			t.Errorf("%s: the learned and hand-made evaluations agree on %s: the test shows nothing", v.ID, "W:W21-24,27:B1-12")
		}
		if err := v.LoadBook(c.book); err != nil || v.Book().Len() != c.v.Book().Len() {
			t.Fatalf("%s: shipped book: %v", v.ID, err)
		}
		if len(v.Book().Moves(&start)) == 0 {
			t.Errorf("%s: the loaded book lacks the start", v.ID)
		}
		if err := v.LoadBook(nil); err != nil || v.Book() != nil {
			t.Errorf("%s: an empty book: %v, %d positions", v.ID, err, v.Book().Len())
		}
	}
}
