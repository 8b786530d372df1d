package samtemplate

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/awslabs/goformation/v7"
	"github.com/awslabs/goformation/v7/cloudformation/lambda"
	"gopkg.in/yaml.v3"
)

// samPassThrough are AWS::Serverless::Function properties that SAM copies as they are to the
// AWS::Lambda::Function it makes (samtranslator's sam_resources.py: PassThroughProperty) but
// that goformation v7.14.9's SAM types predate. TestResourceSchemas takes them out before
// goformation decodes the template and checks them against goformation's type of the
// AWS::Lambda::Function property, with the values the Lambda API accepts (enums).
var samPassThrough = map[string]struct {
	typ   reflect.Type
	enums map[string][]string
}{
	// Lambda API reference, LoggingConfig.
	"LoggingConfig": {reflect.TypeOf(lambda.Function_LoggingConfig{}), map[string][]string{
		"LogFormat":           {"JSON", "Text"},
		"ApplicationLogLevel": {"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"},
		"SystemLogLevel":      {"DEBUG", "INFO", "WARN"},
	}},
}

// mapValue is the value node of key in mapping node m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// cutPassThrough removes the samPassThrough properties from the SAM functions of doc (and
// Globals.Function) and checks each against its Lambda type.
func cutPassThrough(t *testing.T, doc *yaml.Node) {
	t.Helper()
	type owner struct {
		where string
		props *yaml.Node
	}
	top := doc.Content[0]
	owners := []owner{{"Globals.Function", mapValue(mapValue(top, "Globals"), "Function")}}
	res := mapValue(top, "Resources")
	for i := 0; res != nil && i+1 < len(res.Content); i += 2 {
		r := res.Content[i+1]
		if typ := mapValue(r, "Type"); typ != nil && typ.Value == "AWS::Serverless::Function" {
			owners = append(owners, owner{res.Content[i].Value, mapValue(r, "Properties")})
		}
	}
	for _, o := range owners {
		if o.props == nil {
			continue
		}
		var kept []*yaml.Node
		for i := 0; i+1 < len(o.props.Content); i += 2 {
			k, v := o.props.Content[i], o.props.Content[i+1]
			spec, pass := samPassThrough[k.Value]
			if !pass {
				kept = append(kept, k, v)
				continue
			}
			fields := map[string]bool{}
			for f := range spec.typ.Fields() {
				if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
					fields[name] = true
				}
			}
			if v.Kind != yaml.MappingNode {
				t.Errorf("%s.%s is not a mapping", o.where, k.Value)
				continue
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				name, val := v.Content[j].Value, v.Content[j+1]
				if !fields[name] {
					t.Errorf("%s.%s: unknown property %s (%s has %v)", o.where, k.Value, name, spec.typ, fields)
				}
				if allowed := spec.enums[name]; allowed != nil && (val.Kind != yaml.ScalarNode || !slices.Contains(allowed, val.Value)) {
					t.Errorf("%s.%s.%s = %s, want one of %v", o.where, k.Value, name, val.Value, allowed)
				}
			}
		}
		o.props.Content = kept
	}
}

// TestResourceSchemas decodes template.yaml with goformation v7, whose generated types follow
// the CloudFormation and SAM resource specifications and refuse unknown properties: a
// misspelt or misplaced property fails here instead of at `sam deploy`.
func TestResourceSchemas(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	cutPassThrough(t, &doc)
	if b, err = yaml.Marshal(&doc); err != nil {
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
