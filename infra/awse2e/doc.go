// Package awse2e holds `make aws-e2e`: the four Lambda functions built as `sam build` builds them
// (mk/aws.mk's build-<LogicalId> targets), each under the official Lambda Runtime Interface
// Emulator (infra/lambdalocal), behind the local gateway in its Lambda mode (infra/local), on
// DynamoDB Local (through a counting proxy), with the SQS test double (infra/sqslocal) as the delay
// queue, configured from template.yaml; whole games over real WebSockets, the away timer through
// the real 45 s delay, faults, and the figures the cost table needs (MADANG_AWSE2E_REPORT names the
// JSON report; see report_test.go). The faults that show on real AWS (faults_test.go, as
// functions/room/faults_test.go has them): a lost $disconnect found by a ping's probe, a lost AI
// turn run from Lambda's on-failure destination record, a duplicated AI event that searches once,
// rooms nobody watches that the AI leaves alone.
//
// Without MADANG_DYNAMODB_ENDPOINT or aws-lambda-rie the test skips, except when the run
// means to have them (make aws-e2e, which sets MADANG_RIE, or CI=true on DynamoDB Local),
// where it fails.
package awse2e
