package samtemplate

import (
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"
)

// Template is an AWS SAM template as plain Go values: maps, lists and strings, with
// CloudFormation's short intrinsic tags written the long way (ToValue).
type Template struct {
	Parameters map[string]any
	Conditions map[string]any
	Globals    map[string]any
	Resources  map[string]map[string]any
	Outputs    map[string]any
}

// Load reads the template at path. Errors: the file cannot be read, is not YAML, or its
// Resources are not a map of maps.
func Load(path string) (Template, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Template{}, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return Template{}, fmt.Errorf("%s: %w", path, err)
	}
	v, err := ToValue(&doc)
	if err != nil {
		return Template{}, fmt.Errorf("%s: %w", path, err)
	}
	top, ok := v.(map[string]any)
	if !ok {
		return Template{}, fmt.Errorf("%s: not a mapping", path)
	}
	var tpl Template
	tpl.Parameters, _ = top["Parameters"].(map[string]any)
	tpl.Conditions, _ = top["Conditions"].(map[string]any)
	tpl.Globals, _ = top["Globals"].(map[string]any)
	tpl.Outputs, _ = top["Outputs"].(map[string]any)
	tpl.Resources = map[string]map[string]any{}
	res, _ := top["Resources"].(map[string]any)
	for name, r := range res {
		m, ok := r.(map[string]any)
		if !ok {
			return Template{}, fmt.Errorf("%s: resource %s is not a mapping", path, name)
		}
		tpl.Resources[name] = m
	}
	return tpl, nil
}

// ToValue turns a YAML node into plain Go values, writing CloudFormation's short intrinsic
// tags the long way: !Ref x -> {"Ref": x}, !GetAtt A.B -> {"Fn::GetAtt": [A, B]},
// !Sub s -> {"Fn::Sub": s}, and so on.
func ToValue(n *yaml.Node) (any, error) {
	var v any
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, fmt.Errorf("empty document")
		}
		return ToValue(n.Content[0])
	case yaml.AliasNode:
		return ToValue(n.Alias)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			val, err := ToValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = val
		}
		v = m
	case yaml.SequenceNode:
		s := []any{}
		for _, c := range n.Content {
			val, err := ToValue(c)
			if err != nil {
				return nil, err
			}
			s = append(s, val)
		}
		v = s
	case yaml.ScalarNode:
		v = n.Value
	default:
		return nil, fmt.Errorf("line %d: unexpected YAML node kind %v", n.Line, n.Kind)
	}
	if strings.HasPrefix(n.Tag, "!") && !strings.HasPrefix(n.Tag, "!!") {
		name := n.Tag[1:]
		if name == "Ref" {
			return map[string]any{"Ref": v}, nil
		}
		if s, ok := v.(string); ok && name == "GetAtt" {
			a, b, _ := strings.Cut(s, ".")
			v = []any{a, b}
		}
		return map[string]any{"Fn::" + name: v}, nil
	}
	return v, nil
}
