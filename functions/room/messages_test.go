package room_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"madang/functions/room"
)

// english finds what a Korean player cannot read in an error message: the protocol's
// English words (action, room, token, ply, seat, dice, id, beginner...). "AI" is the word
// the pages use for the computer player.
var english = regexp.MustCompile(`[A-Za-z]+`)

func englishWord(msg string) string {
	for _, w := range english.FindAllString(msg, -1) {
		if w != "AI" {
			return w
		}
	}
	return ""
}

// Every error message the room service can send is Korean and names no protocol field: each
// errf(code, msg) of the package (its message a constant text, or "" for the code's standard
// text) and each standard text of koMessages. Read from the source, so a new refusal is
// checked as soon as it is written.
func TestErrorMessagesKorean(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); !ok || id.Name != "errf" || len(n.Args) != 2 {
					return true
				}
				calls++
				lit, ok := n.Args[1].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					t.Errorf("%s: errf's message is not a constant text (it could carry a field name)", fset.Position(n.Pos()))
					return true
				}
				msg, _ := strconv.Unquote(lit.Value)
				if w := englishWord(msg); w != "" {
					t.Errorf("%s: message %q has the English word %q", fset.Position(n.Pos()), msg, w)
				}
			case *ast.ValueSpec:
				if len(n.Names) != 1 || n.Names[0].Name != "koMessages" || len(n.Values) != 1 {
					return true
				}
				for _, el := range n.Values[0].(*ast.CompositeLit).Elts {
					kv := el.(*ast.KeyValueExpr)
					lit := kv.Value.(*ast.BasicLit)
					msg, _ := strconv.Unquote(lit.Value)
					if msg == "" || englishWord(msg) != "" {
						t.Errorf("%s: standard message %q is empty or has English", fset.Position(kv.Pos()), msg)
					}
				}
			}
			return true
		})
	}
	if calls < 20 {
		t.Fatalf("found only %d errf calls: the scan missed the package", calls)
	}
}

// The refusals of malformed messages, as sent: each answer's message is Korean.
func TestMalformedMessagesAnsweredInKorean(t *testing.T) {
	h := newHarness(t)
	usePolicy(t, room.Policy{})
	tb := h.open("track", M{}, 2)
	for _, raw := range []string{
		`{"id":1}`,
		`{"action":"dance"}`,
		`{"action":"peek"}`,
		`{"action":"resume"}`,
		`{"action":"move","room":"` + tb.id + `"}`,
		`{"action":"roll","room":"` + tb.id + `","token":"x"}`,
		`{"action":"ping","dice":[1,2]}`,
		`{"action":"ping","room":null}`,
		`{"action":"ping","id":{"a":1}}`,
		`{"action":"ping","action":"ping"}`,
		`{"action":"fillAI","room":"` + tb.id + `","token":"x","level":"godlike"}`,
	} {
		fs := h.send("c9", raw)
		if len(fs) == 0 || fs[0].Type != "error" {
			t.Fatalf("%s: got %s, want an error", raw, describe(fs))
		}
		if w := englishWord(fs[0].Message); w != "" || fs[0].Message == "" {
			t.Errorf("%s: message %q (English %q)", raw, fs[0].Message, w)
		}
	}
}
