package mat

import (
	"bytes"
	"testing"
)

// FuzzRead: Read and Replay never panic, and every error of Read names a line.
func FuzzRead(f *testing.F) {
	f.Add([]byte(studio))
	f.Add([]byte(galaxy))
	f.Add([]byte(" Game 1\n  1) 11: 24/23*(5) bar/0 25/ /off ????\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for i := range m.Games {
			Replay(&m.Games[i], m.Length)
		}
	})
}
