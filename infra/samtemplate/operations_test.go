package samtemplate

import (
	"fmt"
	"os"
	"path/filepath"
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
// of one vCPU"); the measurement behind it is in README, Deploy.
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

// TestStackNameLimitDocumented: the names the template derives from the stack name (the AI
// function, the CloudFront function, the origin access control...) are limited to 64
// characters, so the stack name must leave room for the longest suffix; README's deploy
// section states that limit.
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
			if suffix, ok := strings.CutPrefix(v, "${AWS::StackName}"); ok && (key == "Name" || key == "FunctionName" || key == "Fn::Sub") && !strings.Contains(suffix, "$") && len(suffix) > len(longest) {
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
// destinations). lambdahandler.AI runs the turn again from the record.
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
