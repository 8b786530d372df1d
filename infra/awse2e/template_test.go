package awse2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// tpl is template.yaml as plain values, intrinsic tags kept as {"Ref": x} / {"Fn::X": v}.
type tpl struct {
	Parameters map[string]any
	Globals    map[string]any
	Resources  map[string]map[string]any
}

func toValue(n *yaml.Node) any {
	var v any
	switch n.Kind {
	case yaml.DocumentNode:
		return toValue(n.Content[0])
	case yaml.AliasNode:
		return toValue(n.Alias)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = toValue(n.Content[i+1])
		}
		v = m
	case yaml.SequenceNode:
		s := []any{}
		for _, c := range n.Content {
			s = append(s, toValue(c))
		}
		v = s
	default:
		v = n.Value
	}
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		if n.Tag == "!Ref" {
			return map[string]any{"Ref": v}
		}
		return map[string]any{"Fn::" + n.Tag[1:]: v}
	}
	return v
}

func loadTemplate(t *testing.T, root string) tpl {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	top := toValue(&doc).(map[string]any)
	out := tpl{Resources: map[string]map[string]any{}}
	out.Parameters, _ = top["Parameters"].(map[string]any)
	out.Globals, _ = top["Globals"].(map[string]any)
	for name, r := range top["Resources"].(map[string]any) {
		out.Resources[name] = r.(map[string]any)
	}
	return out
}

// get walks keys into nested maps.
func get(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// number resolves a template number: a literal, or !Ref of a parameter with a default.
func (tp tpl) number(v any) (int, bool) {
	if r, ok := get(v, "Ref").(string); ok {
		v = get(tp.Parameters, r, "Default")
	}
	s, ok := v.(string)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// fnProp is a function's property, else the Globals' one.
func (tp tpl) fnProp(fn, prop string) any {
	if v := get(tp.Resources[fn], "Properties", prop); v != nil {
		return v
	}
	return get(tp.Globals, "Function", prop)
}

func (tp tpl) fnNumber(t *testing.T, fn, prop string) int {
	t.Helper()
	n, ok := tp.number(tp.fnProp(fn, prop))
	if !ok {
		t.Fatalf("template.yaml: %s %s is not a number", fn, prop)
	}
	return n
}

// envNames is the environment variables the template gives a function.
func (tp tpl) envNames(fn string) []string {
	var out []string
	for _, src := range []any{get(tp.Globals, "Function", "Environment", "Variables"), get(tp.Resources[fn], "Properties", "Environment", "Variables")} {
		if m, ok := src.(map[string]any); ok {
			for k := range m {
				out = append(out, k)
			}
		}
	}
	return out
}

var integrationFn = regexp.MustCompile(`\$\{(\w+)\.Arn\}`)

// routes maps each route key of the WebSocket API to the logical id of its function
// (Route -> Target integrations/${X} -> Integration IntegrationUri ${Fn.Arn}).
func (tp tpl) routes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range tp.Resources {
		if r["Type"] != "AWS::ApiGatewayV2::Route" {
			continue
		}
		key, _ := get(r, "Properties", "RouteKey").(string)
		target := fmt.Sprint(get(r, "Properties", "Target", "Fn::Sub"))
		integ := strings.TrimSuffix(strings.TrimPrefix(target, "integrations/${"), "}")
		uri := fmt.Sprint(get(tp.Resources[integ], "Properties", "IntegrationUri", "Fn::Sub"))
		m := integrationFn.FindStringSubmatch(uri)
		if key == "" || m == nil {
			t.Fatalf("template.yaml: route %q -> %q -> %q unreadable", key, integ, uri)
		}
		out[key] = m[1]
	}
	return out
}

// asyncConfig is the AI function's EventInvokeConfig: retries, event age, the logical id
// of its on-failure destination queue ("" none).
func (tp tpl) asyncConfig(fn string) (retries, ageSeconds int, onFailure string) {
	cfg := get(tp.Resources[fn], "Properties", "EventInvokeConfig")
	retries, ok := tp.number(get(cfg, "MaximumRetryAttempts"))
	if !ok {
		retries = 2
	}
	if ageSeconds, ok = tp.number(get(cfg, "MaximumEventAgeInSeconds")); !ok {
		ageSeconds = 21600
	}
	dest := get(cfg, "DestinationConfig", "OnFailure", "Destination")
	if a, ok := get(dest, "Fn::GetAtt").(string); ok {
		onFailure, _, _ = strings.Cut(a, ".")
	}
	if l, ok := get(dest, "Fn::GetAtt").([]any); ok && len(l) > 0 {
		onFailure = fmt.Sprint(l[0])
	}
	return retries, ageSeconds, onFailure
}
