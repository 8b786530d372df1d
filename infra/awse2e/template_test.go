package awse2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"madang/infra/samtemplate"
)

// tpl is template.yaml as plain values, intrinsic tags kept as {"Ref": x} / {"Fn::X": v}.
type tpl struct{ samtemplate.Template }

func loadTemplate(t *testing.T, root string) tpl {
	t.Helper()
	tp, err := samtemplate.Load(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return tpl{tp}
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
	onFailure = getAttResource(dest)
	return retries, ageSeconds, onFailure
}

// getAttResource is the logical id an {"Fn::GetAtt": [id, attribute]} names ("" if v is
// no GetAtt).
func getAttResource(v any) string {
	if l, ok := get(v, "Fn::GetAtt").([]any); ok && len(l) > 0 {
		return fmt.Sprint(l[0])
	}
	return ""
}
