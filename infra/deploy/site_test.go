package deploy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeAWS is an `aws` command that answers the stack's outputs and logs every call. For
// `s3 sync` and `s3 cp` it records each object it would upload, as "key|cache-control|
// content-type|content-encoding" lines in $FAKE_AWS_PUTS (sync applies --exclude patterns
// to paths relative to its source, as the AWS CLI does), and keeps a copy of what `s3 cp`
// uploads under $FAKE_AWS_FILES/key.
const fakeAWS = `#!/usr/bin/env bash
echo "$*" >>"$FAKE_AWS_LOG"
[[ "$1" == --region ]] && shift 2
case "$1 $2" in
"cloudformation describe-stacks")
  case "$*" in
  *WebSocketURL*) echo "wss://abc123.execute-api.eu-west-1.amazonaws.com/prod" ;;
  *SiteBucketName*) echo "madang-sitebucket-1" ;;
  *SiteDistributionId*) echo "E2EXAMPLE" ;;
  esac ;;
"s3 sync")
  src="$3" dst="$4"; shift 4
  prefix="${dst#s3://madang-sitebucket-1}"; prefix="${prefix#/}"; [[ -n "$prefix" ]] && prefix="$prefix/"
  excludes=() cache=""
  while (($#)); do
    case "$1" in
    --exclude) excludes+=("$2"); shift 2 ;;
    --cache-control) cache="$2"; shift 2 ;;
    *) shift ;;
    esac
  done
  (cd "$src" && find . -type f) | while read -r f; do
    rel="${f#./}" skip=0
    for p in "${excludes[@]}"; do [[ "$rel" == $p ]] && skip=1; done
    ((skip)) || echo "$prefix$rel|$cache||" >>"$FAKE_AWS_PUTS"
  done ;;
"s3 cp")
  src="$3" key="${4#s3://madang-sitebucket-1/}"; shift 4
  cache="" type="" enc=""
  while (($#)); do
    case "$1" in
    --cache-control) cache="$2"; shift 2 ;;
    --content-type) type="$2"; shift 2 ;;
    --content-encoding) enc="$2"; shift 2 ;;
    *) shift ;;
    esac
  done
  mkdir -p "$FAKE_AWS_FILES/$(dirname "$key")"
  cp "$src" "$FAKE_AWS_FILES/$key"
  echo "$key|$cache|$type|$enc" >>"$FAKE_AWS_PUTS" ;;
esac
`

const (
	immutable  = "public, max-age=31536000, immutable"
	revalidate = "no-cache"
)

type upload struct{ cache, typ, enc string }

// runSite runs site.sh against the fake aws on a site folder holding files (path ->
// content) and returns the uploads by key, the logged calls and the folder of copied files.
func runSite(t *testing.T, files map[string]string, env []string, args ...string) (map[string]upload, []string, string) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not available")
	}
	dir := t.TempDir()
	bin, copied, site := filepath.Join(dir, "bin"), filepath.Join(dir, "files"), filepath.Join(dir, "site")
	for _, d := range []string{bin, copied, site} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bin, "aws"), []byte(fakeAWS), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(site, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	logFile, puts := filepath.Join(dir, "log"), filepath.Join(dir, "puts")
	cmd := exec.Command("bash", append(append([]string{"site.sh"}, args...), "madang", site)...)
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "FAKE_AWS_LOG="+logFile,
		"FAKE_AWS_FILES="+copied, "FAKE_AWS_PUTS="+puts, "AWS_REGION=", "AWS_DEFAULT_REGION=")
	cmd.Env = append(cmd.Env, env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("site.sh: %v\n%s", err, out)
	}
	logged, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(puts)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]upload{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			t.Fatalf("bad upload line %q", line)
		}
		if _, dup := out[f[0]]; dup {
			t.Errorf("%s uploaded twice", f[0])
		}
		out[f[0]] = upload{f[1], f[2], f[3]}
	}
	return out, strings.Split(strings.TrimSpace(string(logged)), "\n"), copied
}

// A site as site/build.mjs makes it (site/README.md "What the build makes"): fixed-name
// pages and 404.html, content-hashed bundles, chunks and CSS, an engine folder per family,
// a .br and a .gz copy beside every file, build stamps.
var builtSite = func() map[string]string {
	files := map[string]string{
		"index.html":                                   "<!doctype html>",
		"404.html":                                     `<html lang="ko"><p>페이지를 찾을 수 없습니다</p>`,
		"checkers/index.html":                          "<!doctype html>",
		"draughts/index.html":                          "<!doctype html>",
		"assets/draughts-V5LMIAHV.js":                  "console.log(1)",
		"assets/chunks/chunk-2QX7LM4A.js":              "export{}",
		"assets/site-551A2CCC.css":                     "body{}",
		"assets/engine-draughts-E18A627F/worker.js":    "importScripts('wasm_exec.js')",
		"assets/engine-draughts-E18A627F/wasm_exec.js": "// go",
		"assets/engine-draughts-E18A627F/madang.wasm":  "\x00asm\x01\x00\x00\x00",
		// the service worker (a fixed name at the root, scope /) and the web app manifest
		"sw.js":                              "self.skipWaiting()",
		"assets/manifest-0A1B2C3D.json":      `{"short_name":"마당"}`,
		"assets/icons/icon-192-0A1B2C3D.png": "\x89PNG",
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	for _, name := range names {
		files[name+".br"] = "brotli copy of " + name
		files[name+".gz"] = "\x1f\x8b gzip copy of " + name
	}
	files["assets/.stamp"] = ""
	files[".stamp"] = ""
	return files
}()

// TestSiteUploadCaching: hashed assets (engine folders included) go up immutable for a year,
// pages, config.json and the 404 page no-cache; the build's .br/.gz copies and build stamps
// stay home, except that the wasm goes up as its .gz copy, gzip-encoded application/wasm;
// config.json names the stack's WebSocket URL; the cache is invalidated.
func TestSiteUploadCaching(t *testing.T) {
	ups, calls, copied := runSite(t, builtSite, nil, "--region", "eu-west-1")
	wasm := "assets/engine-draughts-E18A627F/madang.wasm"
	want := map[string]upload{
		"assets/draughts-V5LMIAHV.js":                  {immutable, "", ""},
		"assets/chunks/chunk-2QX7LM4A.js":              {immutable, "", ""},
		"assets/site-551A2CCC.css":                     {immutable, "", ""},
		"assets/engine-draughts-E18A627F/worker.js":    {immutable, "", ""},
		"assets/engine-draughts-E18A627F/wasm_exec.js": {immutable, "", ""},
		wasm:                  {immutable, "application/wasm", "gzip"},
		"index.html":          {revalidate, "", ""},
		"checkers/index.html": {revalidate, "", ""},
		"draughts/index.html": {revalidate, "", ""},
		// revalidated on every update check: a new build's worker is seen at the next visit
		"sw.js":                              {revalidate, "", ""},
		"assets/manifest-0A1B2C3D.json":      {immutable, "", ""},
		"assets/icons/icon-192-0A1B2C3D.png": {immutable, "", ""},
		"config.json":                        {revalidate, "application/json", ""},
		"404.html":                           {revalidate, "text/html; charset=utf-8", ""},
	}
	for key, w := range want {
		if got, ok := ups[key]; !ok || got != w {
			t.Errorf("%s: uploaded %v (%v), want %+v", key, got, ok, w)
		}
	}
	for key := range ups {
		if _, ok := want[key]; !ok {
			t.Errorf("%s uploaded, want it left out (build stamp or compressed copy?)", key)
		}
	}
	cfg, err := os.ReadFile(filepath.Join(copied, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(string(cfg)), `{"ws":"wss://abc123.execute-api.eu-west-1.amazonaws.com/prod"}`; got != want {
		t.Errorf("config.json = %s, want %s", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(copied, filepath.FromSlash(wasm))); err != nil || string(b) != builtSite[wasm+".gz"] {
		t.Errorf("uploaded wasm %q (%v), want the build's gzip copy", b, err)
	}
	page, err := os.ReadFile(filepath.Join(copied, "404.html"))
	if err != nil || string(page) != builtSite["404.html"] {
		t.Errorf("404.html is not the build's Korean page: %.80s %v", page, err)
	}
	// Assets are kept across uploads (no --delete), pages are synced with --delete.
	for _, c := range calls {
		if strings.Contains(c, "s3 sync") && strings.Contains(c, "s3://madang-sitebucket-1/assets") && strings.Contains(c, "--delete") {
			t.Errorf("assets synced with --delete: %s", c)
		}
	}
	last := calls[len(calls)-1]
	if !strings.Contains(last, "cloudfront create-invalidation --distribution-id E2EXAMPLE --paths /*") {
		t.Errorf("last call %q, want the invalidation", last)
	}
}

// TestSiteUploadWasmWithoutCopy: a build without a .gz copy of the wasm (an older layout)
// still uploads it gzip-encoded, compressed by the script; without a 404.html in the build
// the default Korean page goes up.
func TestSiteUploadWasmWithoutCopy(t *testing.T) {
	files := map[string]string{
		"index.html":                  "<!doctype html>",
		"assets/madang-9F3E1A2B.wasm": "\x00asm\x01\x00\x00\x00",
	}
	ups, _, copied := runSite(t, files, nil, "--region", "eu-west-1")
	if got := ups["assets/madang-9F3E1A2B.wasm"]; got != (upload{immutable, "application/wasm", "gzip"}) {
		t.Errorf("wasm uploaded %+v", got)
	}
	wasm, err := os.ReadFile(filepath.Join(copied, "assets", "madang-9F3E1A2B.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte{0x1f, 0x8b}) {
		t.Errorf("uploaded wasm is not gzip-encoded: % x", wasm[:min(len(wasm), 4)])
	}
	page, err := os.ReadFile(filepath.Join(copied, "404.html"))
	if err != nil || !strings.Contains(string(page), `lang="ko"`) || !strings.Contains(string(page), "찾을 수 없습니다") {
		t.Errorf("404.html is not the Korean page: %.80s %v", page, err)
	}
}

// TestSiteUploadRegion: every AWS CLI call names the stack's region, from --region or from
// AWS_REGION.
func TestSiteUploadRegion(t *testing.T) {
	for name, c := range map[string]struct {
		env  []string
		args []string
	}{
		"flag":       {nil, []string{"--region", "ap-northeast-2"}},
		"AWS_REGION": {[]string{"AWS_REGION=ap-northeast-2"}, nil},
	} {
		t.Run(name, func(t *testing.T) {
			_, calls, _ := runSite(t, builtSite, c.env, c.args...)
			if len(calls) < 5 {
				t.Fatalf("only %d calls: %v", len(calls), calls)
			}
			for _, call := range calls {
				if !strings.HasPrefix(call, "--region ap-northeast-2 ") {
					t.Errorf("call without the stack's region: %s", call)
				}
			}
		})
	}
}

// TestSiteUpload404FromBuild: a 404.html made by the site build replaces the default one.
func TestSiteUpload404FromBuild(t *testing.T) {
	files := map[string]string{"index.html": "<!doctype html>", "404.html": "<p>built</p>"}
	ups, _, copied := runSite(t, files, nil, "--region", "eu-west-1")
	if b, _ := os.ReadFile(filepath.Join(copied, "404.html")); string(b) != "<p>built</p>" {
		t.Errorf("404.html = %q, want the build's", b)
	}
	if ups["404.html"].cache != revalidate {
		t.Errorf("404.html: %+v", ups["404.html"])
	}
}
