package main

import (
	"fmt"
	"hash/fnv"
	"os"
	"regexp"
	"sync/atomic"
	"testing"
)

// E2EStoreEnv selects the store the end-to-end suite runs `madang serve` on: unset, the
// store each test names (memory, or embedded in --data); "dynamodb", DynamoDB at
// MADANG_DYNAMODB_ENDPOINT (make dynamodbtest runs the suite so, on DynamoDB Local).
const E2EStoreEnv = "MADANG_E2E_STORE"

var e2eTables atomic.Int64

// storeArgs rewrites a test's serve arguments for the store E2EStoreEnv selects. On
// DynamoDB each server gets a fresh table, except that servers given the same --data folder
// share one, so a restart finds the rooms the previous server stored.
func storeArgs(t *testing.T, args []string) []string {
	t.Helper()
	switch os.Getenv(E2EStoreEnv) {
	case "":
		return args
	case "dynamodb":
	default:
		t.Fatalf("%s=%q: want dynamodb or nothing", E2EStoreEnv, os.Getenv(E2EStoreEnv))
	}
	endpoint := os.Getenv("MADANG_DYNAMODB_ENDPOINT")
	if endpoint == "" {
		t.Fatalf("%s=dynamodb needs MADANG_DYNAMODB_ENDPOINT", E2EStoreEnv)
	}
	var out []string
	data := ""
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--store":
			i++
		case "--data":
			i++
			data = args[i]
		default:
			out = append(out, args[i])
		}
	}
	suffix := fmt.Sprint(e2eTables.Add(1))
	if data != "" {
		h := fnv.New64a()
		h.Write([]byte(data))
		suffix = fmt.Sprintf("d%x", h.Sum64())
	}
	name := regexp.MustCompile(`[^A-Za-z0-9_.-]`).ReplaceAllString(t.Name(), "-")
	if len(name) > 150 {
		name = name[:150]
	}
	table := fmt.Sprintf("e2e-%s-%d-%s", name, os.Getpid(), suffix)
	return append(out, "--store", "dynamodb", "--dynamodb-endpoint", endpoint, "--dynamodb-table", table)
}

func TestStoreArgs(t *testing.T) {
	t.Setenv(E2EStoreEnv, "")
	in := []string{"--store", "memory"}
	if got := storeArgs(t, in); fmt.Sprint(got) != fmt.Sprint(in) {
		t.Fatalf("unset: %v, want %v", got, in)
	}
	t.Setenv(E2EStoreEnv, "dynamodb")
	t.Setenv("MADANG_DYNAMODB_ENDPOINT", "http://127.0.0.1:9")
	a := storeArgs(t, []string{"--rate", "0", "--data", "/tmp/x"})
	b := storeArgs(t, []string{"--data", "/tmp/x"})
	c := storeArgs(t, []string{"--store", "memory"})
	d := storeArgs(t, []string{"--store", "memory"})
	if len(a) != 8 || a[0] != "--rate" || a[3] != "dynamodb" || a[5] != "http://127.0.0.1:9" {
		t.Fatalf("rewrite: %v", a)
	}
	if a[7] != b[len(b)-1] {
		t.Errorf("same --data, different tables: %s %s", a[7], b[len(b)-1])
	}
	if c[len(c)-1] == d[len(d)-1] {
		t.Errorf("two memory servers share table %s", c[len(c)-1])
	}
}
