// Package samtemplate holds the test of the repository's template.yaml (the AWS SAM
// template) against the code: functions built by the make recipe of `make lambdas`
// (BuildMethod makefile) for linux/arm64, a route per protocol action, the table's key
// schema and TTL attribute, the functions' environment, and least-privilege policies. It
// loads a template as plain Go values (Load), which the end-to-end test of the real Lambda
// binaries (infra/awse2e) reads its settings from too.
package samtemplate
