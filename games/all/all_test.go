package all_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"madang/ai"
	"madang/games"
	_ "madang/games/all"
	"madang/rules"
)

// Every registered game belongs to exactly one family, every family's game is registered
// with the rules, and every family has an engine for each of its games.
func TestEveryGameHasAFamily(t *testing.T) {
	if len(games.Families()) == 0 {
		t.Fatal("no family registered")
	}
	for _, id := range rules.IDs() {
		if _, ok := games.Of(id); !ok {
			t.Errorf("game %q is registered with the rules but in no family", id)
		}
	}
	for _, f := range games.Families() {
		for _, id := range f.IDs() {
			if _, ok := rules.Lookup(id); !ok {
				t.Errorf("family %s: game %q not registered with the rules", f.Name, id)
			}
			if _, err := ai.For(id); err != nil {
				t.Errorf("family %s: game %q has no engine", f.Name, id)
			}
		}
	}
}

// goList returns the madang packages pkg links (go list -deps).
func goList(t *testing.T, pkg string) []string {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		gobin = p
	}
	cmd := exec.Command(gobin, "list", "-deps", pkg)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var deps []string
	for _, l := range strings.Fields(string(out)) {
		if strings.HasPrefix(l, "madang/") {
			deps = append(deps, l)
		}
	}
	return deps
}

func under(deps []string, prefix string) []string {
	var out []string
	for _, d := range deps {
		if strings.HasPrefix(d, prefix) {
			out = append(out, d)
		}
	}
	return out
}

// gameRules are the game packages among deps: madang/rules/<family> for a registered
// family (not their subpackages such as rules/draughts/pdn, which only tools need, nor the
// game-independent rules/match every room links).
func gameRules(deps []string) []string {
	names := map[string]bool{}
	for _, f := range games.Families() {
		names[f.Name] = true
	}
	var out []string
	for _, d := range under(deps, "madang/rules/") {
		if names[strings.TrimPrefix(d, "madang/rules/")] {
			out = append(out, d)
		}
	}
	return out
}

// The connect and disconnect functions never search: they link the rules of every game
// (they load rooms) but no AI engine and not package ai. games/allrules names the same
// rules packages as games/all. The functions that move for AI seats link the engines.
func TestLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	rulesPkgs := gameRules(goList(t, "./games/all"))
	if len(rulesPkgs) == 0 {
		t.Fatal("games/all links no rules package")
	}
	if got := gameRules(goList(t, "./games/allrules")); !slices.Equal(got, rulesPkgs) {
		t.Errorf("games/allrules links rules %v, games/all %v", got, rulesPkgs)
	}
	for _, main := range []string{"./functions/connect", "./functions/disconnect"} {
		deps := goList(t, main)
		if ai := under(deps, "madang/ai"); len(ai) > 0 { // madang/ai and madang/ai/...
			t.Errorf("%s links AI packages %v", main, ai)
		}
		if got := gameRules(deps); !slices.Equal(got, rulesPkgs) {
			t.Errorf("%s links rules %v, want %v", main, got, rulesPkgs)
		}
	}
	for _, main := range []string{"./functions/message", "./functions/ai", "./infra/cmd/madang"} {
		deps := goList(t, main)
		for _, f := range games.Families() {
			if !slices.Contains(deps, "madang/games/"+f.Name) {
				t.Errorf("%s does not link family %s", main, f.Name)
			}
		}
		if !slices.Contains(deps, "madang/games/all") {
			t.Errorf("%s does not import madang/games/all", main)
		}
	}
}
