package samtemplate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/awslabs/goformation/v7"
)

// TestResourceSchemas decodes template.yaml with goformation v7, whose generated types follow
// the CloudFormation and SAM resource specifications and refuse unknown properties: a
// misspelt or misplaced property fails here instead of at `sam deploy`.
func TestResourceSchemas(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := goformation.ParseYAML(b)
	if err != nil {
		t.Fatalf("template.yaml does not match the resource specifications: %v", err)
	}
	if got, want := len(tpl.Resources), len(load(t).Resources); got != want {
		t.Errorf("goformation decoded %d resources, the YAML has %d", got, want)
	}
	// Every Lambda main (functions/<name>/main.go) is deployed by exactly one function.
	mains, _ := filepath.Glob(filepath.Join(repoRoot(t), "functions", "*", "main.go"))
	deployed := map[string]int{}
	yml := load(t)
	for name, f := range tpl.GetAllServerlessFunctionResources() {
		if f.CodeUri == nil || f.CodeUri.String == nil {
			t.Errorf("%s: CodeUri is not a folder path", name)
			continue
		}
		deployed[yml.mainPackage(t, name)]++
	}
	for _, m := range mains {
		rel, _ := filepath.Rel(repoRoot(t), filepath.Dir(m))
		if n := deployed[filepath.ToSlash(rel)]; n != 1 {
			t.Errorf("%s is deployed by %d functions, want 1", rel, n)
		}
	}
	if len(mains) == 0 {
		t.Error("no Lambda mains found under functions/")
	}
}
