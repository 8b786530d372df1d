package samtemplate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// API Gateway's account-level throttle per region, which no stage can exceed (Amazon API
// Gateway quotas: 10,000 requests per second with a burst of 5,000, adjustable).
const (
	accountRate  = 10000
	accountBurst = 5000
)

// param returns a parameter's declaration, failing when it is missing.
func (tpl template) param(t *testing.T, name string) map[string]any {
	t.Helper()
	p, ok := tpl.Parameters[name].(map[string]any)
	if !ok {
		t.Fatalf("parameter %s missing", name)
	}
	return p
}

// numberDefault is a Number parameter's default.
func (tpl template) numberDefault(t *testing.T, name string) int {
	t.Helper()
	p := tpl.param(t, name)
	if p["Type"] != "Number" {
		t.Errorf("parameter %s: Type %v, want Number", name, p["Type"])
	}
	n, err := strconv.Atoi(fmt.Sprint(p["Default"]))
	if err != nil {
		t.Fatalf("parameter %s: default %v is not a number", name, p["Default"])
	}
	return n
}

// TestStageAutoDeploys: the stage redeploys itself on every change of a route or integration
// (AutoDeploy), no hand-made Deployment pins it to the routes of the first deploy, and it is
// created after every route.
func TestStageAutoDeploys(t *testing.T) {
	tpl := load(t)
	if deps := tpl.ofType("AWS::ApiGatewayV2::Deployment"); len(deps) != 0 {
		t.Errorf("deployment resources %v: created once, they leave later route changes off the stage", deps)
	}
	stages := tpl.ofType("AWS::ApiGatewayV2::Stage")
	if len(stages) != 1 {
		t.Fatalf("%d stages, want 1", len(stages))
	}
	p := props(tpl.Resources[stages[0]])
	if p["AutoDeploy"] != "true" {
		t.Errorf("stage %s: AutoDeploy %v, want true", stages[0], p["AutoDeploy"])
	}
	if p["DeploymentId"] != nil {
		t.Errorf("stage %s: DeploymentId %v with AutoDeploy", stages[0], p["DeploymentId"])
	}
	// The stage's first automatic deployment happens when it is created: every route must
	// exist by then (API Gateway refuses to deploy an API without routes, and a route made
	// later would only reach the stage with the next change).
	deps := map[string]bool{}
	list, _ := tpl.Resources[stages[0]]["DependsOn"].([]any)
	for _, d := range list {
		deps[fmt.Sprint(d)] = true
	}
	for _, name := range tpl.ofType("AWS::ApiGatewayV2::Route") {
		if !deps[name] {
			t.Errorf("stage %s does not depend on route %s", stages[0], name)
		}
	}
}

// TestStageThrottleIsAParameter: the stage-wide limit comes from parameters whose defaults
// serve thousands of rooms (a room in play sends about one message a second) and fit in the
// account's default limit.
func TestStageThrottleIsAParameter(t *testing.T) {
	tpl := load(t)
	stage := props(tpl.Resources[tpl.ofType("AWS::ApiGatewayV2::Stage")[0]])
	rs, _ := stage["DefaultRouteSettings"].(map[string]any)
	for key, param := range map[string]string{"ThrottlingRateLimit": "StageRateLimit", "ThrottlingBurstLimit": "StageBurstLimit"} {
		if got := fmt.Sprint(rs[key]); got != fmt.Sprint(map[string]any{"Ref": param}) {
			t.Errorf("stage %s = %s, want !Ref %s", key, got, param)
		}
	}
	if rate := tpl.numberDefault(t, "StageRateLimit"); rate < 2000 || rate > accountRate {
		t.Errorf("StageRateLimit default %d, want 2000..%d (thousands of rooms, within the account limit)", rate, accountRate)
	}
	if burst := tpl.numberDefault(t, "StageBurstLimit"); burst < 1000 || burst > accountBurst {
		t.Errorf("StageBurstLimit default %d, want 1000..%d", burst, accountBurst)
	}
	if d := fmt.Sprint(tpl.param(t, "StageRateLimit")["Description"]); !strings.Contains(d, "10,000") {
		t.Errorf("StageRateLimit's description does not name the account limit: %s", d)
	}
}

// TestDataRetained: deleting the stack or a change that replaces the table keeps the table.
func TestDataRetained(t *testing.T) {
	tpl := load(t)
	for _, name := range tpl.ofType("AWS::DynamoDB::Table") {
		r := tpl.Resources[name]
		if r["DeletionPolicy"] != "Retain" || r["UpdateReplacePolicy"] != "Retain" {
			t.Errorf("table %s: DeletionPolicy %v, UpdateReplacePolicy %v, want Retain both", name, r["DeletionPolicy"], r["UpdateReplacePolicy"])
		}
	}
}

// TestDelayQueueHasADeadLetterQueue: a delayed message that keeps failing moves to a
// dead-letter queue of this template after a few receives, and an output names that queue
// for an alarm.
func TestDelayQueueHasADeadLetterQueue(t *testing.T) {
	tpl := load(t)
	rp, _ := props(tpl.Resources["DelayQueue"])["RedrivePolicy"].(map[string]any)
	if rp == nil {
		t.Fatal("DelayQueue has no RedrivePolicy")
	}
	target, _ := rp["deadLetterTargetArn"].(map[string]any)
	ga, _ := target["Fn::GetAtt"].([]any)
	if len(ga) != 2 || ga[1] != "Arn" || tpl.Resources[fmt.Sprint(ga[0])]["Type"] != "AWS::SQS::Queue" || ga[0] == "DelayQueue" {
		t.Fatalf("deadLetterTargetArn %v is not the ARN of another queue of this template", target)
	}
	dlq := fmt.Sprint(ga[0])
	if n, err := strconv.Atoi(fmt.Sprint(rp["maxReceiveCount"])); err != nil || n < 1 || n > 5 {
		t.Errorf("maxReceiveCount %v, want 1..5", rp["maxReceiveCount"])
	}
	// The dead-letter queue keeps messages at least as long as the source queue.
	src, _ := strconv.Atoi(fmt.Sprint(props(tpl.Resources["DelayQueue"])["MessageRetentionPeriod"]))
	if got, _ := strconv.Atoi(fmt.Sprint(props(tpl.Resources[dlq])["MessageRetentionPeriod"])); got < src {
		t.Errorf("%s keeps messages %d s, less than the delay queue's %d s", dlq, got, src)
	}
	named := false
	for _, o := range tpl.Outputs {
		if strings.Contains(fmt.Sprint(o), "Fn::GetAtt:["+dlq+" QueueName]") {
			named = true
		}
	}
	if !named {
		t.Errorf("no output gives %s's QueueName (the CloudWatch dimension of an alarm)", dlq)
	}
}

// TestPartitionNeutral: hosts and ARNs come from AWS::URLSuffix and AWS::Partition, so the
// template deploys in every partition. Service principals (apigateway.amazonaws.com,
// cloudfront.amazonaws.com) are names, not hosts, and keep that spelling in aws-cn too.
func TestPartitionNeutral(t *testing.T) {
	tpl := load(t)
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				walk(path+"/"+k, c)
			}
		case []any:
			for i, c := range v {
				walk(fmt.Sprintf("%s/%d", path, i), c)
			}
		case string:
			if strings.Contains(v, "arn:aws:") {
				t.Errorf("%s: %q: write arn:${AWS::Partition}:", path, v)
			}
			principal := strings.HasSuffix(path, "/Principal") || strings.HasSuffix(path, "/Principal/Service")
			if strings.Contains(v, "amazonaws.com") && !principal {
				t.Errorf("%s: %q: write ${AWS::URLSuffix}", path, v)
			}
		}
	}
	for name, r := range tpl.Resources {
		walk("Resources/"+name, r)
	}
	walk("Globals", tpl.Globals)
	walk("Outputs", tpl.Outputs)
	// The callback URL and the WebSocket URL both use the suffix.
	for where, v := range map[string]any{"MADANG_CALLBACK_URL": tpl.Globals["Function"], "WebSocketURL": tpl.Outputs["WebSocketURL"]} {
		if !strings.Contains(fmt.Sprint(v), "execute-api.${AWS::Region}.${AWS::URLSuffix}/") {
			t.Errorf("%s does not build its host from ${AWS::URLSuffix}", where)
		}
	}
}

// TestAIMemoryIsAParameter: the AI function's memory (and so its CPU share, which sets how
// many nodes the advanced level searches in its fixed time) is a parameter whose default
// gives one full vCPU: 1,769 MB (AWS Lambda: "at 1,769 MB, a function has the equivalent
// of one vCPU"); the measurement behind it is in docs/measurements.md, "The AI function's memory".
func TestAIMemoryIsAParameter(t *testing.T) {
	tpl := load(t)
	ai := tpl.functionBuilding(t, "functions/ai")
	if got := fmt.Sprint(props(tpl.Resources[ai])["MemorySize"]); got != fmt.Sprint(map[string]any{"Ref": "AIMemorySize"}) {
		t.Errorf("%s MemorySize %s, want !Ref AIMemorySize", ai, got)
	}
	if mb := tpl.numberDefault(t, "AIMemorySize"); mb != 1769 {
		t.Errorf("AIMemorySize default %d MB, want 1769 (one vCPU)", mb)
	}
}

// TestMissingPathsShowThe404Page: CloudFront answers a missing object (403 from the private
// S3 origin, 404) with the 404 page that site.sh uploads, and status 404.
func TestMissingPathsShowThe404Page(t *testing.T) {
	tpl := load(t)
	cfg := props(tpl.Resources[tpl.ofType("AWS::CloudFront::Distribution")[0]])["DistributionConfig"].(map[string]any)
	list, _ := cfg["CustomErrorResponses"].([]any)
	got := map[string]map[string]any{}
	for _, e := range list {
		m := e.(map[string]any)
		got[fmt.Sprint(m["ErrorCode"])] = m
	}
	for _, code := range []string{"403", "404"} {
		m := got[code]
		if m == nil || m["ResponseCode"] != "404" || m["ResponsePagePath"] != "/404.html" {
			t.Errorf("error %s: %v, want ResponseCode 404 and ResponsePagePath /404.html", code, m)
		}
	}
}

// longestRegion is the longest region code a stack can be in, which names that hold
// ${AWS::Region} must leave room for: us-isof-south-1, 15 characters (aws-sdk-go-v2's
// partitions.json, less the *-global pseudo-regions).
const longestRegion = "us-isof-south-1"

// TestStackNameLimitDocumented: the names the template derives from the stack name (the
// functions, the CloudFront function, the origin access control...) are limited to 64
// characters, so the stack name must leave room for the longest suffix, counting
// ${AWS::Region} as the longest region code; README's deploy section states that limit.
func TestStackNameLimitDocumented(t *testing.T) {
	tpl := load(t)
	longest := ""
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				walk(k, c)
			}
		case []any:
			for _, c := range v {
				walk(key, c)
			}
		case string:
			suffix, ok := strings.CutPrefix(v, "${AWS::StackName}")
			suffix = strings.ReplaceAll(suffix, "${AWS::Region}", longestRegion)
			if ok && (key == "Name" || key == "FunctionName" || key == "Fn::Sub") && !strings.Contains(suffix, "$") && len(suffix) > len(longest) {
				longest = suffix
			}
		}
	}
	for _, r := range tpl.Resources {
		p := props(r)
		for _, k := range []string{"Name", "FunctionName"} {
			if m, ok := p[k].(map[string]any); ok {
				walk(k, m)
			}
		}
		if oac, ok := p["OriginAccessControlConfig"].(map[string]any); ok {
			walk("Name", oac["Name"])
		}
	}
	if longest == "" {
		t.Fatal("no name derived from the stack name found")
	}
	limit := 64 - len(longest)
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("Stack name: at most %d characters", limit); !strings.Contains(string(b), want) {
		t.Errorf("README does not say %q (longest derived suffix %q)", want, longest)
	}
}

// TestFailedAIInvokesReturnThroughTheDelayQueue: an asynchronous AI invoke that Lambda gives
// up on (retries exhausted, or older than MaximumEventAgeInSeconds) goes to an on-failure
// destination that the AI function itself consumes: the delay queue, a standard queue
// (Lambda destinations take no FIFO queue) mapped to the AI function, with sqs:SendMessage
// on it in the function's role (Lambda Developer Guide, asynchronous invocation
// destinations). lambda.AI runs the turn again from the record.
func TestFailedAIInvokesReturnThroughTheDelayQueue(t *testing.T) {
	tpl := load(t)
	ai := tpl.functionBuilding(t, "functions/ai")
	eic, _ := props(tpl.Resources[ai])["EventInvokeConfig"].(map[string]any)
	dc, _ := eic["DestinationConfig"].(map[string]any)
	onFailure, _ := dc["OnFailure"].(map[string]any)
	if onFailure == nil {
		t.Fatalf("%s: no EventInvokeConfig.DestinationConfig.OnFailure: a failed AI turn is lost", ai)
	}
	if onFailure["Type"] != "SQS" {
		t.Errorf("OnFailure Type %v, want SQS", onFailure["Type"])
	}
	dest, _ := onFailure["Destination"].(map[string]any)
	ga, _ := dest["Fn::GetAtt"].([]any)
	if len(ga) != 2 || ga[1] != "Arn" || tpl.Resources[fmt.Sprint(ga[0])]["Type"] != "AWS::SQS::Queue" {
		t.Fatalf("OnFailure Destination %v is not the ARN of a queue of this template", onFailure["Destination"])
	}
	queue := fmt.Sprint(ga[0])
	if fifo := props(tpl.Resources[queue])["FifoQueue"]; fifo == "true" {
		t.Errorf("%s is a FIFO queue: Lambda destinations take standard queues only", queue)
	}
	consumed := false
	for _, m := range tpl.ofType("AWS::Lambda::EventSourceMapping") {
		p := props(tpl.Resources[m])
		if fmt.Sprint(p["EventSourceArn"]) == fmt.Sprint(dest) && fmt.Sprint(p["FunctionName"]) == fmt.Sprint(map[string]any{"Ref": ai}) {
			consumed = true
		}
	}
	if !consumed {
		t.Errorf("no event source mapping feeds %s to %s: the records would wait there unread", queue, ai)
	}
	granted := false
	for _, s := range statements(t, tpl)[ai] {
		for _, a := range asList(s["Action"]) {
			for _, r := range asList(s["Resource"]) {
				if s["Effect"] == "Allow" && a == "sqs:SendMessage" && fmt.Sprint(r) == fmt.Sprint(dest) {
					granted = true
				}
			}
		}
	}
	if !granted {
		t.Errorf("%s's role may not sqs:SendMessage to %s (Lambda sends the record with the function's role)", ai, queue)
	}
}

// TestAIConcurrencyIsCapped: the AI function's concurrency is capped by a parameter whose
// default every account accepts. Lambda refuses a reservation that leaves less than 100 of
// the account's concurrency unreserved (PutFunctionConcurrency), and a new account's quota
// may be 10, so the default is 0, meaning no reservation: a condition leaves the property
// out (a reservation of 0 would stop the function). The delay queue's event source mapping
// is capped too (ScalingConfig MaximumConcurrency, 2 to 1,000), by a parameter whose default
// is within that range.
func TestAIConcurrencyIsCapped(t *testing.T) {
	tpl := load(t)
	ai := tpl.functionBuilding(t, "functions/ai")
	if n := tpl.numberDefault(t, "AIReservedConcurrency"); n != 0 {
		t.Errorf("AIReservedConcurrency default %d, want 0 (no reservation: a 10-function quota takes none)", n)
	}
	p := tpl.param(t, "AIReservedConcurrency")
	if fmt.Sprint(p["MinValue"]) != "0" {
		t.Errorf("AIReservedConcurrency MinValue %v, want 0", p["MinValue"])
	}
	if d := fmt.Sprint(p["Description"]); !strings.Contains(d, "100") || !strings.Contains(d, "real deployment") {
		t.Errorf("AIReservedConcurrency's description names neither the 100 left unreserved nor a value for a real deployment: %s", d)
	}
	rce := props(tpl.Resources[ai])["ReservedConcurrentExecutions"]
	iff, _ := rce.(map[string]any)["Fn::If"].([]any)
	if len(iff) != 3 || fmt.Sprint(iff[1]) != fmt.Sprint(map[string]any{"Ref": "AIReservedConcurrency"}) || fmt.Sprint(iff[2]) != fmt.Sprint(map[string]any{"Ref": "AWS::NoValue"}) {
		t.Fatalf("%s ReservedConcurrentExecutions %v, want !If [condition, !Ref AIReservedConcurrency, !Ref AWS::NoValue]", ai, rce)
	}
	// The condition holds exactly when the parameter is not 0.
	cond := tpl.Conditions[fmt.Sprint(iff[0])]
	want := map[string]any{"Fn::Not": []any{map[string]any{"Fn::Equals": []any{map[string]any{"Ref": "AIReservedConcurrency"}, "0"}}}}
	if fmt.Sprint(cond) != fmt.Sprint(want) {
		t.Errorf("condition %v = %v, want %v", iff[0], cond, want)
	}

	var mappings []string
	for _, m := range tpl.ofType("AWS::Lambda::EventSourceMapping") {
		if fmt.Sprint(props(tpl.Resources[m])["FunctionName"]) == fmt.Sprint(map[string]any{"Ref": ai}) {
			mappings = append(mappings, m)
		}
	}
	if len(mappings) == 0 {
		t.Fatalf("no event source mapping feeds %s", ai)
	}
	for _, m := range mappings {
		sc, _ := props(tpl.Resources[m])["ScalingConfig"].(map[string]any)
		if fmt.Sprint(sc["MaximumConcurrency"]) != fmt.Sprint(map[string]any{"Ref": "DelayQueueConcurrency"}) {
			t.Errorf("%s ScalingConfig.MaximumConcurrency %v, want !Ref DelayQueueConcurrency", m, sc["MaximumConcurrency"])
		}
	}
	if n := tpl.numberDefault(t, "DelayQueueConcurrency"); n < 2 || n > 1000 {
		t.Errorf("DelayQueueConcurrency default %d, want 2..1000 (Lambda's range for MaximumConcurrency)", n)
	}
	q := tpl.param(t, "DelayQueueConcurrency")
	if fmt.Sprint(q["MinValue"]) != "2" || fmt.Sprint(q["MaxValue"]) != "1000" {
		t.Errorf("DelayQueueConcurrency range %v..%v, want 2..1000", q["MinValue"], q["MaxValue"])
	}
}

// functionMap is a map-valued function property as SAM builds it: Globals.Function's map
// with the function's own keys over it (SAM merges maps from Globals).
func (tpl template) functionMap(name, key string) map[string]any {
	out := map[string]any{}
	g, _ := tpl.Globals["Function"].(map[string]any)
	if m, ok := g[key].(map[string]any); ok {
		for k, v := range m {
			out[k] = v
		}
	}
	if m, ok := props(tpl.Resources[name])[key].(map[string]any); ok {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// TestFunctionLogs: every function logs JSON (its slog lines carry the "level" Lambda
// filters on), keeps Lambda's system logs at WARN (no START/END/REPORT line per invocation)
// and sends them to a log group of this template named /aws/lambda/<function name> (Lambda's
// default name, which the console and `sam logs` look for) whose retention is the
// LogRetentionInDays parameter. Without such a group Lambda makes one that keeps logs for
// ever.
func TestFunctionLogs(t *testing.T) {
	tpl := load(t)
	days := tpl.numberDefault(t, "LogRetentionInDays")
	allowed := fmt.Sprint(tpl.param(t, "LogRetentionInDays")["AllowedValues"])
	if days < 1 || days > 90 || !strings.Contains(allowed, fmt.Sprint(days)) {
		t.Errorf("LogRetentionInDays default %d (allowed %s), want a CloudWatch retention of 1..90 days", days, allowed)
	}
	used := map[string]string{}
	for _, name := range tpl.ofType("AWS::Serverless::Function") {
		lc := tpl.functionMap(name, "LoggingConfig")
		for k, want := range map[string]string{"LogFormat": "JSON", "SystemLogLevel": "WARN", "ApplicationLogLevel": "INFO"} {
			if lc[k] != want {
				t.Errorf("%s: LoggingConfig.%s %v, want %s", name, k, lc[k], want)
			}
		}
		ref, _ := lc["LogGroup"].(map[string]any)
		group, _ := ref["Ref"].(string)
		if group == "" || tpl.Resources[group]["Type"] != "AWS::Logs::LogGroup" {
			t.Errorf("%s: LoggingConfig.LogGroup %v is not !Ref of a log group of this template", name, lc["LogGroup"])
			continue
		}
		if prev, dup := used[group]; dup {
			t.Errorf("%s and %s share the log group %s", prev, name, group)
		}
		used[group] = name
		fn, _ := props(tpl.Resources[name])["FunctionName"].(map[string]any)
		fnSub, _ := fn["Fn::Sub"].(string)
		gp := props(tpl.Resources[group])
		gn, _ := gp["LogGroupName"].(map[string]any)
		if fnSub == "" || fmt.Sprint(gn["Fn::Sub"]) != "/aws/lambda/"+fnSub {
			t.Errorf("%s (FunctionName %v): log group %s is named %v, want /aws/lambda/<function name>", name, props(tpl.Resources[name])["FunctionName"], group, gp["LogGroupName"])
		}
		if fmt.Sprint(gp["RetentionInDays"]) != fmt.Sprint(map[string]any{"Ref": "LogRetentionInDays"}) {
			t.Errorf("log group %s: RetentionInDays %v, want !Ref LogRetentionInDays", group, gp["RetentionInDays"])
		}
	}
	// The AI function keeps the name the other functions invoke.
	ai := tpl.functionBuilding(t, "functions/ai")
	if got := fmt.Sprint(props(tpl.Resources[ai])["FunctionName"]); got != fmt.Sprint(map[string]any{"Fn::Sub": "${AWS::StackName}-ai"}) {
		t.Errorf("%s FunctionName %s, want ${AWS::StackName}-ai", ai, got)
	}
	for _, g := range tpl.ofType("AWS::Logs::LogGroup") {
		if used[g] == "" {
			t.Errorf("log group %s is no function's", g)
		}
	}
}

// TestDelayQueueRetriesWithinAMinute: a delay-queue message the AI function fails on is
// received again when its visibility timeout ends. Lambda refuses an SQS event source
// mapping whose queue's visibility timeout is below the function's timeout; the queue uses
// exactly that, so a failed away check is retried a minute later, not after the six times
// AWS suggests (which would hold it 6 minutes).
func TestDelayQueueRetriesWithinAMinute(t *testing.T) {
	tpl := load(t)
	ai := tpl.functionBuilding(t, "functions/ai")
	timeout, err := strconv.Atoi(fmt.Sprint(tpl.functionProp(ai, "Timeout")))
	if err != nil {
		t.Fatalf("%s Timeout %v", ai, tpl.functionProp(ai, "Timeout"))
	}
	for _, m := range tpl.ofType("AWS::Lambda::EventSourceMapping") {
		p := props(tpl.Resources[m])
		if fmt.Sprint(p["FunctionName"]) != fmt.Sprint(map[string]any{"Ref": ai}) {
			continue
		}
		ga, _ := p["EventSourceArn"].(map[string]any)["Fn::GetAtt"].([]any)
		if len(ga) != 2 {
			t.Fatalf("%s EventSourceArn %v", m, p["EventSourceArn"])
		}
		q := fmt.Sprint(ga[0])
		vt, err := strconv.Atoi(fmt.Sprint(props(tpl.Resources[q])["VisibilityTimeout"]))
		if err != nil {
			t.Fatalf("%s VisibilityTimeout %v", q, props(tpl.Resources[q])["VisibilityTimeout"])
		}
		if vt < timeout {
			t.Errorf("%s VisibilityTimeout %d s is below %s's timeout %d s: Lambda refuses the mapping", q, vt, ai, timeout)
		}
		if vt != timeout {
			t.Errorf("%s VisibilityTimeout %d s: a failed message waits that long; want the least Lambda accepts, %d s", q, vt, timeout)
		}
	}
}

// TestAccountWideNamesHoldTheRegion: CloudFront function and origin access control names are
// unique in the account, not the region, so a stack of the same name in a second region
// would fail on them; both names hold the region (and fit CloudFront's 64 characters, see
// TestStackNameLimitDocumented). A CloudFront function name takes letters, digits, - and _.
func TestAccountWideNamesHoldTheRegion(t *testing.T) {
	tpl := load(t)
	names := map[string]any{}
	for _, f := range tpl.ofType("AWS::CloudFront::Function") {
		names[f] = props(tpl.Resources[f])["Name"]
	}
	for _, o := range tpl.ofType("AWS::CloudFront::OriginAccessControl") {
		cfg, _ := props(tpl.Resources[o])["OriginAccessControlConfig"].(map[string]any)
		names[o] = cfg["Name"]
	}
	if len(names) < 2 {
		t.Fatalf("found %d CloudFront names, want the function's and the OAC's", len(names))
	}
	valid := regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	for r, n := range names {
		m, _ := n.(map[string]any)
		sub, _ := m["Fn::Sub"].(string)
		if !strings.Contains(sub, "${AWS::StackName}") || !strings.Contains(sub, "${AWS::Region}") {
			t.Errorf("%s name %v holds not both ${AWS::StackName} and ${AWS::Region}", r, n)
			continue
		}
		example := strings.NewReplacer("${AWS::StackName}", "madang", "${AWS::Region}", longestRegion).Replace(sub)
		if !valid.MatchString(example) {
			t.Errorf("%s name %q has characters CloudFront refuses", r, example)
		}
	}
}

// TestDelayQueueCommentNamesWhatItCarries: the comment above the delay queue names every
// kind of delayed action the room service schedules (the room.Delayed* constants), so it
// says what the queue carries.
func TestDelayQueueCommentNamesWhatItCarries(t *testing.T) {
	root := repoRoot(t)
	b, err := os.ReadFile(filepath.Join(root, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	var comment []string
	for i, l := range lines {
		if l == "  DelayQueue:" {
			for j := i - 1; j >= 0 && strings.HasPrefix(strings.TrimSpace(lines[j]), "#"); j-- {
				comment = append([]string{strings.TrimSpace(lines[j])}, comment...)
			}
		}
	}
	if len(comment) == 0 {
		t.Fatal("no comment above DelayQueue")
	}
	text := strings.Join(comment, " ")
	srcs, _ := filepath.Glob(filepath.Join(root, "functions", "room", "*.go"))
	kinds := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^\s*(Delayed[A-Z]\w*)\s*=\s*"`)
	for _, f := range srcs {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, _ := os.ReadFile(f)
		for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
			kinds[m[1]] = true
		}
	}
	if len(kinds) == 0 {
		t.Fatal("no room.Delayed* kinds found")
	}
	for k := range kinds {
		if !strings.Contains(text, "room."+k) {
			t.Errorf("the delay queue's comment does not name room.%s: %s", k, text)
		}
	}
}
