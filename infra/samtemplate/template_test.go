package samtemplate

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"madang/functions/aws/lambda"
	ddbstore "madang/functions/store/dynamodb"

	"madang/internal/repodir"
)

// repoRoot is the folder holding go.mod above the test's folder.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := repodir.Root("")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

type template = Template

func load(t *testing.T) template {
	t.Helper()
	tpl, err := Load(filepath.Join(repoRoot(t), "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

func (tpl template) ofType(typ string) []string {
	var names []string
	for name, r := range tpl.Resources {
		if r["Type"] == typ {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

func props(r map[string]any) map[string]any {
	p, _ := r["Properties"].(map[string]any)
	return p
}

// functionProp is a function property with SAM's Globals applied.
func (tpl template) functionProp(name, key string) any {
	if v, ok := props(tpl.Resources[name])[key]; ok {
		return v
	}
	g, _ := tpl.Globals["Function"].(map[string]any)
	return g[key]
}

// TestFunctionsBuildForLambda: every function runs on provided.al2023/arm64 as bootstrap,
// and the main packages that their build recipes name compile for linux/arm64 (the recipe's
// flags are checked by TestFunctionsBuildWithTheLambdaRecipe).
func TestFunctionsBuildForLambda(t *testing.T) {
	tpl := load(t)
	root := repoRoot(t)
	fns := tpl.ofType("AWS::Serverless::Function")
	if len(fns) == 0 {
		t.Fatal("no functions in template.yaml")
	}
	var pkgs []string
	for _, name := range fns {
		if got := tpl.functionProp(name, "Runtime"); got != "provided.al2023" {
			t.Errorf("%s: Runtime %v, want provided.al2023", name, got)
		}
		if got := fmt.Sprint(tpl.functionProp(name, "Architectures")); got != "[arm64]" {
			t.Errorf("%s: Architectures %s, want [arm64]", name, got)
		}
		if got := tpl.functionProp(name, "Handler"); got != "bootstrap" {
			t.Errorf("%s: Handler %v, want bootstrap", name, got)
		}
		pkg := tpl.mainPackage(t, name)
		mains, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(pkg), "*.go"))
		if len(mains) == 0 {
			t.Errorf("%s: %s holds no Go files", name, pkg)
			continue
		}
		pkgs = append(pkgs, "./"+pkg)
	}
	if testing.Short() || len(pkgs) == 0 {
		return
	}
	// Build for Lambda: linux/arm64, static, without the RPC shim; one go build for all,
	// each main into its own file named after its folder.
	out := t.TempDir()
	cmd := exec.Command("go", append([]string{"build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out + string(filepath.Separator)}, pkgs...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %v for linux/arm64: %v\n%s", pkgs, err, b)
	}
	for _, p := range pkgs {
		st, err := os.Stat(filepath.Join(out, filepath.Base(p)))
		if err != nil {
			t.Errorf("%s: no binary built: %v", p, err)
			continue
		}
		t.Logf("%s: bootstrap %d bytes", p, st.Size())
	}
}

// protocolActions reads the client actions from the table of functions/room/PROTOCOL.md
// (rows "| `action` | ...") in its "Client → server" section.
func protocolActions(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot(t), "functions", "room", "PROTOCOL.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile("^\\| `([A-Za-z]+)` \\|")
	var acts []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = strings.Contains(line, "Client")
			continue
		}
		if m := row.FindStringSubmatch(line); in && m != nil {
			acts = append(acts, m[1])
		}
	}
	if len(acts) < 5 {
		t.Fatalf("found only %d actions in PROTOCOL.md: %v", len(acts), acts)
	}
	return acts
}

func TestEveryActionHasARoute(t *testing.T) {
	tpl := load(t)
	routes := map[string]string{}
	for _, name := range tpl.ofType("AWS::ApiGatewayV2::Route") {
		key, _ := props(tpl.Resources[name])["RouteKey"].(string)
		if prev, dup := routes[key]; dup {
			t.Errorf("route %q declared by %s and %s", key, prev, name)
		}
		routes[key] = name
		target, _ := props(tpl.Resources[name])["Target"].(map[string]any)
		sub, _ := target["Fn::Sub"].(string)
		integ, ok := strings.CutPrefix(sub, "integrations/${")
		integ = strings.TrimSuffix(integ, "}")
		if !ok || tpl.Resources[integ]["Type"] != "AWS::ApiGatewayV2::Integration" {
			t.Errorf("route %s: target %v is not an integration of this template", name, target)
		}
	}
	known := map[string]bool{}
	for _, want := range append([]string{"$connect", "$disconnect", "$default"}, protocolActions(t)...) {
		known[want] = true
		if _, ok := routes[want]; !ok {
			t.Errorf("no route for %q", want)
		}
	}
	// and no route for an action the protocol does not have (the service answers it
	// bad-message, as $default would: a route that only costs a resource)
	for key, name := range routes {
		if !known[key] {
			t.Errorf("route %s (%q) is no action of PROTOCOL.md", name, key)
		}
	}
	api := tpl.ofType("AWS::ApiGatewayV2::Api")
	if len(api) != 1 {
		t.Fatalf("%d WebSocket APIs, want 1", len(api))
	}
	p := props(tpl.Resources[api[0]])
	if p["ProtocolType"] != "WEBSOCKET" || p["RouteSelectionExpression"] != "$request.body.action" {
		t.Errorf("API %s: %v / %v, want WEBSOCKET / $request.body.action", api[0], p["ProtocolType"], p["RouteSelectionExpression"])
	}
	if len(tpl.ofType("AWS::ApiGatewayV2::Stage")) != 1 {
		t.Error("want exactly one stage")
	}
}

func TestTableMatchesStore(t *testing.T) {
	tpl := load(t)
	tables := tpl.ofType("AWS::DynamoDB::Table")
	if len(tables) != 1 {
		t.Fatalf("%d tables, want 1", len(tables))
	}
	p := props(tpl.Resources[tables[0]])
	if p["BillingMode"] != "PAY_PER_REQUEST" {
		t.Errorf("BillingMode %v, want PAY_PER_REQUEST (on-demand)", p["BillingMode"])
	}
	wantKeys := fmt.Sprint([]any{map[string]any{"AttributeName": ddbstore.KeyAttr, "KeyType": "HASH"}})
	if got := fmt.Sprint(p["KeySchema"]); got != wantKeys {
		t.Errorf("KeySchema %s, want %s", got, wantKeys)
	}
	wantAttrs := fmt.Sprint([]any{map[string]any{"AttributeName": ddbstore.KeyAttr, "AttributeType": ddbstore.KeyType}})
	if got := fmt.Sprint(p["AttributeDefinitions"]); got != wantAttrs {
		t.Errorf("AttributeDefinitions %s, want %s", got, wantAttrs)
	}
	ttl, _ := p["TimeToLiveSpecification"].(map[string]any)
	if ttl["AttributeName"] != ddbstore.TTLAttr || ttl["Enabled"] != "true" {
		t.Errorf("TimeToLiveSpecification %v, want %s enabled", ttl, ddbstore.TTLAttr)
	}
}

func TestFunctionEnvironment(t *testing.T) {
	tpl := load(t)
	for _, name := range tpl.ofType("AWS::Serverless::Function") {
		env, _ := tpl.functionProp(name, "Environment").(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		for _, k := range []string{lambda.Table, lambda.CallbackURL, lambda.AIFunction, lambda.DelayQueueURL} {
			if vars[k] == nil {
				t.Errorf("%s: environment variable %s not set", name, k)
			}
		}
		// The AI function's name must be the one the others invoke.
		if tpl.mainPackage(t, name) == "functions/ai" {
			if got, want := fmt.Sprint(props(tpl.Resources[name])["FunctionName"]), fmt.Sprint(vars[lambda.AIFunction]); got != want {
				t.Errorf("AI function name %s, but %s is %s", got, lambda.AIFunction, want)
			}
		}
	}
}

// statements collects every IAM statement of the template: SAM function Policies (inline
// statements; a named managed policy or policy template is refused, it cannot be checked
// here) and every PolicyDocument.
func statements(t *testing.T, tpl template) map[string][]map[string]any {
	t.Helper()
	out := map[string][]map[string]any{}
	addDoc := func(owner string, doc map[string]any) {
		list, _ := doc["Statement"].([]any)
		for _, s := range list {
			out[owner] = append(out[owner], s.(map[string]any))
		}
	}
	for name, r := range tpl.Resources {
		p := props(r)
		if r["Type"] == "AWS::Serverless::Function" {
			pols, _ := p["Policies"].([]any)
			for _, pol := range pols {
				m, ok := pol.(map[string]any)
				if !ok || m["Statement"] == nil {
					t.Errorf("%s: policy %v is not an inline statement list", name, pol)
					continue
				}
				addDoc(name, m)
			}
			continue
		}
		if doc, ok := p["PolicyDocument"].(map[string]any); ok {
			addDoc(name, doc)
		}
		if pols, ok := p["Policies"].([]any); ok {
			for _, pol := range pols {
				if m, ok := pol.(map[string]any); ok {
					if doc, ok := m["PolicyDocument"].(map[string]any); ok {
						addDoc(name, doc)
					}
				}
			}
		}
	}
	return out
}

func asList(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	return []any{v}
}

func TestNoWildcardPolicies(t *testing.T) {
	tpl := load(t)
	all := statements(t, tpl)
	if len(all) == 0 {
		t.Fatal("no policy statements found")
	}
	for owner, sts := range all {
		for _, s := range sts {
			if s["Effect"] != "Allow" {
				continue
			}
			if s["NotAction"] != nil || s["NotResource"] != nil {
				t.Errorf("%s: NotAction/NotResource grant everything else: %v", owner, s)
			}
			for _, a := range asList(s["Action"]) {
				str, _ := a.(string)
				if str == "" || str == "*" || strings.HasSuffix(str, ":*") {
					t.Errorf("%s: wildcard action %v", owner, a)
				}
			}
			res := asList(s["Resource"])
			if s["Resource"] == nil {
				t.Errorf("%s: statement without Resource: %v", owner, s)
			}
			for _, r := range res {
				if str, ok := r.(string); ok && (str == "*" || strings.HasSuffix(str, ":*")) {
					t.Errorf("%s: wildcard resource %q", owner, str)
				}
			}
		}
	}
	// Each function reaches only this template's table, API, queue and AI function.
	for _, name := range tpl.ofType("AWS::Serverless::Function") {
		for _, s := range all[name] {
			for _, a := range asList(s["Action"]) {
				svc, _, _ := strings.Cut(a.(string), ":")
				for _, r := range asList(s["Resource"]) {
					ref := fmt.Sprint(r)
					ok := false
					switch svc {
					case "dynamodb":
						ok = ref == "map[Fn::GetAtt:[Table Arn]]"
					case "sqs":
						ok = ref == "map[Fn::GetAtt:[DelayQueue Arn]]"
					case "execute-api":
						ok = strings.Contains(ref, "${WebSocketApi}/${StageName}/POST/@connections/") ||
							strings.Contains(ref, "${WebSocketApi}/${StageName}/GET/@connections/")
					case "lambda":
						ok = strings.HasSuffix(ref, ":function:${AWS::StackName}-ai]")
					}
					if !ok {
						t.Errorf("%s: %s on %s is outside this stack's own resources", name, a, ref)
					}
				}
			}
		}
	}
}

func TestOutputs(t *testing.T) {
	tpl := load(t)
	for _, k := range []string{"WebSocketURL", "SiteURL", "SiteBucketName", "SiteDistributionId"} {
		if tpl.Outputs[k] == nil {
			t.Errorf("output %s missing", k)
		}
	}
	ws := fmt.Sprint(tpl.Outputs["WebSocketURL"])
	if !strings.Contains(ws, "wss://${WebSocketApi}.execute-api.") {
		t.Errorf("WebSocketURL %s is not the API's wss:// URL", ws)
	}
	dists := tpl.ofType("AWS::CloudFront::Distribution")
	if len(dists) != 1 {
		t.Fatalf("%d distributions, want 1", len(dists))
	}
	cfg := props(tpl.Resources[dists[0]])["DistributionConfig"].(map[string]any)
	def := cfg["DefaultCacheBehavior"].(map[string]any)
	if def["Compress"] != "true" {
		t.Error("the site's default cache behaviour must compress (application/wasm)")
	}
}

// TestSiteIndexFunction runs the CloudFront viewer-request function of the template under
// Node (CloudFront Functions are JavaScript) on the URLs the site uses: the home page, a game
// page with its room link (DESIGN.md: /<game>/?room=<id>), that link without the slash, and
// static files.
func TestSiteIndexFunction(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	tpl := load(t)
	fns := tpl.ofType("AWS::CloudFront::Function")
	if len(fns) != 1 {
		t.Fatalf("%d CloudFront functions, want 1", len(fns))
	}
	code, _ := props(tpl.Resources[fns[0]])["FunctionCode"].(string)
	def := props(tpl.Resources[tpl.ofType("AWS::CloudFront::Distribution")[0]])["DistributionConfig"].(map[string]any)["DefaultCacheBehavior"].(map[string]any)
	if !strings.Contains(fmt.Sprint(def["FunctionAssociations"]), "viewer-request") || !strings.Contains(fmt.Sprint(def["FunctionAssociations"]), fns[0]) {
		t.Errorf("default cache behaviour does not run %s on viewer requests: %v", fns[0], def["FunctionAssociations"])
	}
	cases := []struct {
		uri, query string // query as CloudFront gives it, JSON
		want       string
	}{
		{"/", `{}`, "uri /index.html"},
		{"/checkers/", `{"room":{"value":"k3v9q2xw7mha"}}`, "uri /checkers/index.html"},
		{"/checkers", `{"room":{"value":"k3v9q2xw7mha"}}`, "301 /checkers/?room=k3v9q2xw7mha"},
		{"/draughts", `{}`, "301 /draughts/"},
		{"/a", `{"x":{"value":"1","multiValue":[{"value":"1"},{"value":"2 3"}]}}`, "301 /a/?x=1&x=2%203"},
		{"/wasm/engine.wasm", `{}`, "uri /wasm/engine.wasm"},
		{"/config.json", `{}`, "uri /config.json"},
	}
	var js strings.Builder
	js.WriteString(code)
	js.WriteString("\nvar cases = [")
	for _, c := range cases {
		fmt.Fprintf(&js, "[%q, %s],", c.uri, c.query)
	}
	js.WriteString(`];
for (var i = 0; i < cases.length; i++) {
  var r = handler({request: {method: 'GET', uri: cases[i][0], querystring: cases[i][1], headers: {}}});
  console.log(r.statusCode ? r.statusCode + ' ' + r.headers.location.value : 'uri ' + r.uri);
}
`)
	cmd := exec.Command(node, "-e", js.String())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("node printed %q", out)
	}
	for i, c := range cases {
		if lines[i] != c.want {
			t.Errorf("%s %s: %s, want %s", c.uri, c.query, lines[i], c.want)
		}
	}
}

// The message function probes a silent seat's sockets with GetConnection (room.Prober), a
// GET on @connections: without the grant API Gateway refuses it (403) and a socket whose
// $disconnect was lost is never found.
func TestMessageFunctionMayProbeConnections(t *testing.T) {
	tpl := load(t)
	all := statements(t, tpl)
	found := false
	for _, s := range all["MessageFunction"] {
		for _, a := range asList(s["Action"]) {
			if a != "execute-api:ManageConnections" {
				continue
			}
			for _, r := range asList(s["Resource"]) {
				found = found || strings.Contains(fmt.Sprint(r), "${WebSocketApi}/${StageName}/GET/@connections/*")
			}
		}
	}
	if !found {
		t.Error("MessageFunction may not GET @connections/{id}: the probe of a silent seat would be refused")
	}
}
