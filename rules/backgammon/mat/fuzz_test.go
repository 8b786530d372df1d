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
	f.Add([]byte("; [%clk 1 1) - 0:04:58]\n; [%clk 1 1) 9:99:99 -]\n; [%clk x 0) - -]\n Game 1\n  1)                             52: 13/11 13/8\n; [%clk 1 2) 0:04:51 0:04:40.5]\n"))
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
