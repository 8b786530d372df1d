package samtemplate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goArch is the GOARCH of each Lambda architecture (Lambda: Architectures is arm64 or
// x86_64).
var goArch = map[string]string{"arm64": "arm64", "x86_64": "amd64"}

// lambdaBuild is the go build that `sam build` runs for one function with BuildMethod
// makefile: SAM's makefile workflow (aws-lambda-builders, custom_make) runs
// `make --makefile <CodeUri>/Makefile build-<LogicalId>` with ARTIFACTS_DIR in the
// environment, and Lambda then runs ARTIFACTS_DIR/bootstrap.
type lambdaBuild struct {
	env       map[string]string // VAR=value words before the go command
	tags      []string          // -tags, split at commas
	ldflags   []string          // -ldflags, split at spaces
	trimpath  bool
	out       string   // -o
	pkgs      []string // the packages built
	artifacts string   // the ARTIFACTS_DIR given to make
}

// splitWords splits a shell command line into words, honouring single and double quotes
// (enough for the recipes make prints; no escapes inside quotes).
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", line)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}

// parseGoBuild reads a recipe line of the form `[VAR=value...] go build [flags] pkgs`; ok is
// false for any other line.
func parseGoBuild(line string) (b lambdaBuild, ok bool, err error) {
	words, err := splitWords(line)
	if err != nil {
		return b, false, err
	}
	b.env = map[string]string{}
	i := 0
	for ; i < len(words); i++ {
		k, v, isVar := strings.Cut(words[i], "=")
		if !isVar || k == "" || strings.HasPrefix(k, "-") {
			break
		}
		b.env[k] = v
	}
	if i+1 >= len(words) || filepath.Base(words[i]) != "go" || words[i+1] != "build" {
		return b, false, nil
	}
	args := words[i+2:]
	for j := 0; j < len(args); j++ {
		a := args[j]
		if !strings.HasPrefix(a, "-") {
			b.pkgs = append(b.pkgs, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takesValue := name == "tags" || name == "ldflags" || name == "o" || name == "gcflags" || name == "asmflags" || name == "mod" || name == "p"
		if takesValue && !hasVal {
			if j+1 >= len(args) {
				return b, false, fmt.Errorf("%s without a value in %q", a, line)
			}
			j++
			val = args[j]
		}
		switch name {
		case "tags":
			b.tags = append(b.tags, strings.Split(val, ",")...)
		case "ldflags":
			b.ldflags = append(b.ldflags, strings.Fields(val)...)
		case "trimpath":
			b.trimpath = !hasVal || val == "true"
		case "o":
			b.out = val
		}
	}
	return b, true, nil
}

// makeBuild dry-runs (make -n) what `sam build` runs for function name and returns its one
// go build. It fails the test when the function does not use the makefile method, its
// CodeUri has no Makefile, the target is missing or the recipe holds no single go build.
func (tpl template) makeBuild(t *testing.T, name string) lambdaBuild {
	t.Helper()
	meta, _ := tpl.Resources[name]["Metadata"].(map[string]any)
	if bm := meta["BuildMethod"]; bm != "makefile" {
		t.Fatalf("%s: BuildMethod %v, want makefile (go1.x builds unstripped binaries without -tags lambda.norpc)", name, bm)
	}
	uri, _ := tpl.functionProp(name, "CodeUri").(string)
	if uri == "" {
		t.Fatalf("%s: no CodeUri", name)
	}
	dir := filepath.Join(repoRoot(t), filepath.FromSlash(uri))
	makefile := filepath.Join(dir, "Makefile")
	if _, err := os.Stat(makefile); err != nil {
		t.Fatalf("%s: CodeUri %s has no Makefile (SAM runs the Makefile in CodeUri): %v", name, uri, err)
	}
	artifacts := filepath.Join(t.TempDir(), name)
	cmd := exec.Command("make", "-n", "--no-print-directory", "--makefile", makefile, "build-"+name)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARTIFACTS_DIR="+artifacts)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: make -n build-%s in %s: %v\n%s", name, name, uri, err, out)
	}
	var builds []lambdaBuild
	for _, line := range strings.Split(string(out), "\n") {
		b, ok, err := parseGoBuild(strings.TrimSpace(line))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ok {
			b.artifacts = artifacts
			builds = append(builds, b)
		}
	}
	if len(builds) != 1 {
		t.Fatalf("%s: build-%s runs %d go builds, want 1:\n%s", name, name, len(builds), out)
	}
	return builds[0]
}

// mainPackage is the folder (slash-separated, relative to the repository root, e.g.
// "functions/ai") of the main package that `sam build` builds for function name.
func (tpl template) mainPackage(t *testing.T, name string) string {
	t.Helper()
	b := tpl.makeBuild(t, name)
	if len(b.pkgs) != 1 {
		t.Fatalf("%s: go build of %v, want one package", name, b.pkgs)
	}
	uri, _ := tpl.functionProp(name, "CodeUri").(string)
	rel := filepath.ToSlash(filepath.Clean(filepath.Join(filepath.FromSlash(uri), filepath.FromSlash(b.pkgs[0]))))
	return rel
}

// functionBuilding is the function whose build makes the main package in folder pkg
// ("functions/ai"), failing the test when there is none.
func (tpl template) functionBuilding(t *testing.T, pkg string) string {
	t.Helper()
	for _, name := range tpl.ofType("AWS::Serverless::Function") {
		if tpl.mainPackage(t, name) == pkg {
			return name
		}
	}
	t.Fatalf("no function builds %s", pkg)
	return ""
}

// TestFunctionsBuildWithTheLambdaRecipe: `sam build` builds every function with the one
// recipe of `make lambdas` (mk/aws.mk): BuildMethod makefile, a CodeUri that holds the root
// Makefile and go.mod, and a build-<LogicalId> target that builds a static, stripped,
// RPC-less bootstrap for the function's architecture into ARTIFACTS_DIR. SAM's go1.x method
// builds without -tags lambda.norpc, -trimpath or -ldflags '-s -w' (17 MB instead of 11).
func TestFunctionsBuildWithTheLambdaRecipe(t *testing.T) {
	tpl := load(t)
	fns := tpl.ofType("AWS::Serverless::Function")
	if len(fns) == 0 {
		t.Fatal("no functions in template.yaml")
	}
	for _, name := range fns {
		t.Run(name, func(t *testing.T) {
			uri, _ := tpl.functionProp(name, "CodeUri").(string)
			if _, err := os.Stat(filepath.Join(repoRoot(t), filepath.FromSlash(uri), "go.mod")); err != nil {
				t.Errorf("CodeUri %q holds no go.mod: the module's packages are outside what SAM builds from", uri)
			}
			b := tpl.makeBuild(t, name)
			archs, _ := tpl.functionProp(name, "Architectures").([]any)
			if len(archs) != 1 || goArch[fmt.Sprint(archs[0])] == "" {
				t.Fatalf("Architectures %v, want one of arm64, x86_64", archs)
			}
			want := map[string]string{"GOOS": "linux", "GOARCH": goArch[fmt.Sprint(archs[0])], "CGO_ENABLED": "0"}
			for k, v := range want {
				if b.env[k] != v {
					t.Errorf("%s=%q, want %q", k, b.env[k], v)
				}
			}
			if !slices.Contains(b.tags, "lambda.norpc") {
				t.Errorf("-tags %v, want lambda.norpc (provided.al2023 needs no RPC shim)", b.tags)
			}
			if !b.trimpath {
				t.Error("no -trimpath")
			}
			if !slices.Contains(b.ldflags, "-s") || !slices.Contains(b.ldflags, "-w") {
				t.Errorf("-ldflags %v, want -s -w (stripped)", b.ldflags)
			}
			if b.out != filepath.Join(b.artifacts, "bootstrap") {
				t.Errorf("-o %q, want ARTIFACTS_DIR/bootstrap (%s)", b.out, filepath.Join(b.artifacts, "bootstrap"))
			}
			if len(b.pkgs) != 1 {
				t.Fatalf("builds %v, want one package", b.pkgs)
			}
			pkg := tpl.mainPackage(t, name)
			src, err := os.ReadFile(filepath.Join(repoRoot(t), filepath.FromSlash(pkg), "main.go"))
			if err != nil || !strings.Contains(string(src), "package main") {
				t.Errorf("builds %s, which has no main package: %v", pkg, err)
			}
		})
	}
}

func TestSplitWords(t *testing.T) {
	got, err := splitWords(`GOOS=linux go build -ldflags='-s -w' -o "/a b/bootstrap" ./x`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"GOOS=linux", "go", "build", "-ldflags=-s -w", "-o", "/a b/bootstrap", "./x"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := splitWords(`go build -ldflags='-s`); err == nil {
		t.Error("unclosed quote accepted")
	}
}
