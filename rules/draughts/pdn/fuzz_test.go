package pdn

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead: Read never panics, every error has a line inside the text, and whatever it
// reads is written and read back unchanged.
func FuzzRead(f *testing.F) {
	seeds := []string{
		"[Event \"x\"]\n1. 32-28 19-23 2. 28x19 14x23 1-0\n",
		"{lead} [A \"\\\"\"]32-28(!?) (19-23 (18-23)) 4... 1- 6 $12 * 1. ... 5-9 1/2-1/2",
		"/FEN \"W:W31:B1\"/ a3b4 8-11Remark. 2-0 0-0 1-1 0-2 % x\n; y\n",
		"[Result \"4-6\"]\n01. 06-11 4-6\r\n",
		"\xe7\x80\x93 { \xff } 1.",
	}
	if dir, err := os.Getwd(); err == nil {
		for ; ; dir = filepath.Dir(dir) {
			if m, _ := filepath.Glob(filepath.Join(dir, "shared", "games", "checkers", "syntax", "*.pdn")); len(m) > 0 {
				for _, p := range m {
					if b, err := os.ReadFile(p); err == nil {
						seeds = append(seeds, string(b))
					}
				}
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Read(data)
		if err != nil {
			var el ErrorList
			if !errors.As(err, &el) || len(el) == 0 {
				t.Fatalf("error %v is not an ErrorList", err)
			}
			lines := 1 + strings.Count(decode(data), "\n")
			for _, e := range el {
				if e.Line < 1 || e.Line > lines || e.Game < 1 || e.Msg == "" {
					t.Fatalf("bad error %+v in a text of %d lines", e, lines)
				}
			}
		}
		roundTrip(t, "fuzz", games)
	})
}
