// Package sharedfiles finds the project's shared specification folder for tests: the
// `shared/` directory that stands beside the checkout (../shared), holding the game records
// (shared/games) and the edge-case tables (shared/cases). Those files are not copied into the
// repository (their licences do not all allow it), so tests read them in place.
package sharedfiles

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns shared/<elem...>, found by walking up from the test's working directory to
// the first folder that contains it. When it is missing the test is skipped, except under
// CI (CI=true), where shared/ is always laid beside the clone and a missing folder fails.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join(append([]string{"shared"}, elem...)...)
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s not found above the test directory; CI lays shared/ beside the clone", rel)
	}
	t.Skipf("%s not found above the test directory (it lives beside the checkout as ../shared)", rel)
	return ""
}
