package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeAWS is an `aws` command that answers the stack's outputs, logs every call, and keeps a
// copy of the files given to `s3 cp`.
const fakeAWS = `#!/usr/bin/env bash
echo "$*" >>"$FAKE_AWS_LOG"
case "$1 $2" in
"cloudformation describe-stacks")
  case "$*" in
  *WebSocketURL*) echo "wss://abc123.execute-api.eu-west-1.amazonaws.com/prod" ;;
  *SiteBucketName*) echo "madang-sitebucket-1" ;;
  *SiteDistributionId*) echo "E2EXAMPLE" ;;
  esac ;;
"s3 cp") cp "$3" "$FAKE_AWS_FILES/$(basename "$4")" ;;
esac
`

func TestSiteUpload(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not available")
	}
	dir := t.TempDir()
	bin, files, site := filepath.Join(dir, "bin"), filepath.Join(dir, "files"), filepath.Join(dir, "site")
	for _, d := range []string{bin, files, filepath.Join(site, "wasm")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(bin, "aws"), []byte(fakeAWS), 0o755))
	must(os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html>"), 0o644))
	must(os.WriteFile(filepath.Join(site, "wasm", "engine.wasm"), []byte("\x00asm\x01\x00\x00\x00"), 0o644))
	logFile := filepath.Join(dir, "log")

	cmd := exec.Command("bash", "site.sh", "madang", site)
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FAKE_AWS_LOG="+logFile, "FAKE_AWS_FILES="+files)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("site.sh: %v\n%s", err, out)
	}
	cfg, err := os.ReadFile(filepath.Join(files, "config.json"))
	must(err)
	if got, want := strings.TrimSpace(string(cfg)), `{"ws":"wss://abc123.execute-api.eu-west-1.amazonaws.com/prod"}`; got != want {
		t.Errorf("config.json = %s, want %s", got, want)
	}
	logged, err := os.ReadFile(logFile)
	must(err)
	log := string(logged)
	for _, want := range []string{
		"s3 sync " + site + " s3://madang-sitebucket-1 --delete --exclude config.json --exclude *.wasm",
		"s3://madang-sitebucket-1/wasm/engine.wasm --content-type application/wasm --content-encoding gzip",
		"s3://madang-sitebucket-1/config.json --content-type application/json --cache-control no-cache",
		"cloudfront create-invalidation --distribution-id E2EXAMPLE --paths /*",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("no call containing %q in:\n%s", want, log)
		}
	}
	// The uploaded wasm is gzip (magic 1f 8b).
	wasm, err := os.ReadFile(filepath.Join(files, "engine.wasm"))
	must(err)
	if len(wasm) < 2 || wasm[0] != 0x1f || wasm[1] != 0x8b {
		t.Errorf("uploaded wasm is not gzip-encoded: % x", wasm[:min(len(wasm), 4)])
	}
}
