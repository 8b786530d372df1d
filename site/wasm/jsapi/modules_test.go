//go:build !js

// The module test runs `go list` for the browser build, so it runs in the native test run
// only (go test ./...); under GOOS=js there is no process to start.

package jsapi

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"madang/games"
	_ "madang/games/all"
)

// goListJS returns the madang packages pkg links when built for the browser
// (GOOS=js GOARCH=wasm go list -deps), from the repository root.
func goListJS(t *testing.T, pkg string) []string {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		gobin = p
	}
	cmd := exec.Command(gobin, "list", "-deps", pkg)
	cmd.Dir = "../../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	var deps []string
	for _, l := range strings.Fields(string(out)) {
		if strings.HasPrefix(l, "madang/") {
			deps = append(deps, l)
		}
	}
	return deps
}

// families are the game-family packages among deps: madang/games/<name>, madang/rules/<name>
// and madang/ai/<name> for a registered family's name (one level: not tool subpackages such
// as rules/draughts/pdn, nor the game-independent rules/match every module links).
func families(deps []string) []string {
	names := map[string]bool{}
	for _, f := range games.Families() {
		names[f.Name] = true
	}
	var out []string
	for _, d := range deps {
		for _, p := range []string{"madang/games/", "madang/rules/", "madang/ai/"} {
			if rest, ok := strings.CutPrefix(d, p); ok && names[rest] {
				out = append(out, d)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Every registered family has its own WebAssembly module, site/wasm/<family>/cmd/engine, and it
// links that family alone (DESIGN "one module per game family ... a page loads only its
// own"): exactly the game packages its engine ai/<family> links (the family's rules and
// engine), without the tools' hooks and without the descriptor, which the page gets from
// the site build.
func TestOneModulePerFamily(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("runs go list")
	}
	for _, f := range games.Families() {
		pkg := "./site/wasm/" + f.Name + "/cmd/engine"
		deps := goListJS(t, pkg)
		want := families(goListJS(t, "./ai/"+f.Name))
		if got := families(deps); !slices.Equal(got, want) {
			t.Errorf("%s links the game packages %v, want those of ai/%s: %v", pkg, got, f.Name, want)
		}
		for _, d := range deps {
			if strings.HasPrefix(d, "madang/games/"+f.Name+"/") || strings.HasPrefix(d, "madang/rules/"+f.Name+"/") {
				t.Errorf("%s links the tools' package %s", pkg, d)
			}
		}
	}
}
