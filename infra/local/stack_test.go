package local_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"madang/functions/store/memory"
	"madang/infra/local"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestStackServesBuiltSite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<h1>madang home</h1>"), 0o644)
	os.MkdirAll(filepath.Join(dir, "checkers"), 0o755)
	os.WriteFile(filepath.Join(dir, "checkers", "index.html"), []byte("checkers page"), 0o644)
	st := local.New(local.Config{Store: memory.New(), SiteDir: dir, WSURL: "wss://example.test/prod"})
	defer st.Close()
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	if code, body := get(t, srv.URL+"/"); code != 200 || body != "<h1>madang home</h1>" {
		t.Fatalf("/: %d %q", code, body)
	}
	if code, body := get(t, srv.URL+"/checkers/?room=abc"); code != 200 || body != "checkers page" {
		t.Fatalf("/checkers/: %d %q", code, body)
	}
	if code, body := get(t, srv.URL+"/config.json"); code != 200 || body != `{"ws":"wss://example.test/prod"}` {
		t.Fatalf("/config.json: %d %q", code, body)
	}
}

func TestStackPlaceholderWithoutSite(t *testing.T) {
	st := local.New(local.Config{Store: memory.New(), SiteDir: filepath.Join(t.TempDir(), "missing")})
	defer st.Close()
	srv := httptest.NewServer(st.Handler())
	defer srv.Close()
	code, body := get(t, srv.URL+"/")
	if code != 200 || !strings.Contains(body, `lang="ko"`) || !strings.Contains(body, "사이트가 빌드되지 않았습니다") {
		t.Fatalf("/: %d %q", code, body)
	}
	if code, _ := get(t, srv.URL+"/checkers/app.js"); code != 404 {
		t.Fatalf("missing file: %d", code)
	}
	if code, body := get(t, srv.URL+"/config.json"); code != 200 || body != `{"ws":"/ws"}` {
		t.Fatalf("/config.json: %d %q", code, body)
	}
}
