package local_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"madang/infra/local"
)

const (
	jsPath   = "/assets/draughts-AB12CD34.js"
	wasmPath = "/assets/engine-draughts-9F3E1A2B/madang.wasm"
	page404  = `<!doctype html><html lang="ko"><title>찾을 수 없습니다</title></html>`
)

func gz(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// builtSite writes a site as site/build.mjs makes it (pages, hashed assets, an engine folder,
// .br and .gz copies beside each file, a build stamp) and a secret file beside the site's
// folder; it returns the site's folder and the files by path. The .br copies are stand-in
// bytes (the standard library has no brotli encoder): the server never decodes them.
func builtSite(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	parent := t.TempDir()
	dir := filepath.Join(parent, "dist")
	files := map[string][]byte{
		"index.html":               []byte("<!doctype html><h1>마당</h1>" + strings.Repeat(" ", 100)),
		"404.html":                 []byte(page404),
		"checkers/index.html":      []byte("<!doctype html><h1>체커</h1>"),
		"assets/site-0A1B2C3D.css": []byte("body{margin:0}"),
		jsPath[1:]:                 []byte("export const x=1;" + strings.Repeat("/*pad*/", 50)),
		wasmPath[1:]:               append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0}, 300)...),
		"assets/engine-draughts-9F3E1A2B/worker.js": []byte("importScripts('wasm_exec.js')"),
		// the service worker (fixed name, scope /) and the web app manifest with its icons
		"sw.js":                              []byte("self.skipWaiting();" + strings.Repeat("/*pad*/", 50)),
		"assets/manifest-0A1B2C3D.json":      []byte(`{"short_name":"마당"}`),
		"assets/icons/icon-192-0A1B2C3D.png": []byte("\x89PNG\r\n\x1a\n"),
	}
	for name, b := range files {
		files[name+".br"] = append([]byte("BROTLI:"), b[:8]...)
		files[name+".gz"] = gz(t, b)
	}
	files["assets/.stamp"] = nil
	files[".stamp"] = nil
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(parent, "secret.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(parent, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	return dir, files
}

// do sends a request straight to the handler (no client adding or decoding Accept-Encoding);
// path is set on the URL as is, so it can hold what a client would clean away.
func do(h http.Handler, method, path string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "/", nil)
	p, q, _ := strings.Cut(path, "?")
	r.URL.Path, r.URL.RawQuery = p, q
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestStaticEncodings(t *testing.T) {
	dir, files := builtSite(t)
	h := local.Site(dir)
	js := files[jsPath[1:]]
	for _, c := range []struct {
		accept, enc string
	}{
		{"gzip, deflate, br, zstd", "br"},
		{"br", "br"},
		{"gzip", "gzip"},
		{"x-gzip", "gzip"},
		{"", ""},
		{"identity", ""},
		{"deflate", ""},
		{"gzip;q=0", ""},
		{"gzip;q=0, br;q=0", ""},
		{"br;q=0, gzip", "gzip"},
		{"br;q=0.5, gzip;q=1", "gzip"},
		{"br;q=0.8, gzip;q=0.8", "br"},
		{"BR;Q=0.1", "br"},
		{"*", "br"},
		{"*;q=0", ""},
		{"br;q=0, *", "gzip"},
		{"gzip;q=0, *;q=0.5", "br"},
		{"br;q=nonsense, gzip", "gzip"},
	} {
		w := do(h, "GET", jsPath, "Accept-Encoding", c.accept)
		if w.Code != 200 {
			t.Fatalf("%q: status %d", c.accept, w.Code)
		}
		got := w.Result().Header
		if got.Get("Content-Encoding") != c.enc {
			t.Errorf("%q: Content-Encoding %q, want %q", c.accept, got.Get("Content-Encoding"), c.enc)
		}
		want := js
		if c.enc == "br" {
			want = files[jsPath[1:]+".br"]
		} else if c.enc == "gzip" {
			want = files[jsPath[1:]+".gz"]
		}
		if !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("%q: body is not the %q copy", c.accept, c.enc)
		}
		if ct := got.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
			t.Errorf("%q: Content-Type %q", c.accept, ct)
		}
		if v := got.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
			t.Errorf("%q: Vary %q", c.accept, v)
		}
		if cc := got.Get("Cache-Control"); cc != local.CacheImmutable {
			t.Errorf("%q: Cache-Control %q", c.accept, cc)
		}
	}
	// the gzip copy decodes to the file
	w := do(h, "GET", jsPath, "Accept-Encoding", "gzip")
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); !bytes.Equal(b, js) {
		t.Errorf("gzip body decodes to %.40q", b)
	}
}

func TestStaticTypesAndCaching(t *testing.T) {
	dir, files := builtSite(t)
	h := local.Site(dir)
	for _, c := range []struct {
		path, file, typ, cache string
	}{
		{"/", "index.html", "text/html; charset=utf-8", local.CacheRevalidate},
		{"/index.html", "index.html", "text/html; charset=utf-8", local.CacheRevalidate},
		{"/checkers/", "checkers/index.html", "text/html; charset=utf-8", local.CacheRevalidate},
		{"/checkers/?room=abc", "checkers/index.html", "text/html; charset=utf-8", local.CacheRevalidate},
		{"/404.html", "404.html", "text/html; charset=utf-8", local.CacheRevalidate},
		{"/assets/site-0A1B2C3D.css", "assets/site-0A1B2C3D.css", "text/css; charset=utf-8", local.CacheImmutable},
		{wasmPath, wasmPath[1:], "application/wasm", local.CacheImmutable},
		{"/assets/engine-draughts-9F3E1A2B/worker.js", "assets/engine-draughts-9F3E1A2B/worker.js", "text/javascript; charset=utf-8", local.CacheImmutable},
		// the service worker is revalidated on every check, so a new build's list is seen at
		// the next visit (site/src/js/pwa/sw.js)
		{"/sw.js", "sw.js", "text/javascript; charset=utf-8", local.CacheRevalidate},
		{"/assets/manifest-0A1B2C3D.json", "assets/manifest-0A1B2C3D.json", "application/json", local.CacheImmutable},
		{"/assets/icons/icon-192-0A1B2C3D.png", "assets/icons/icon-192-0A1B2C3D.png", "image/png", local.CacheImmutable},
	} {
		for _, enc := range []string{"", "br", "gzip"} {
			w := do(h, "GET", c.path, "Accept-Encoding", enc)
			got := w.Result().Header
			if w.Code != 200 || got.Get("Content-Type") != c.typ || got.Get("Cache-Control") != c.cache || got.Get("Content-Encoding") != enc {
				t.Errorf("%s (%q): %d type %q cache %q encoding %q, want 200 %q %q %q", c.path, enc, w.Code,
					got.Get("Content-Type"), got.Get("Cache-Control"), got.Get("Content-Encoding"), c.typ, c.cache, enc)
			}
			want := files[c.file+map[string]string{"": "", "br": ".br", "gzip": ".gz"}[enc]]
			if !bytes.Equal(w.Body.Bytes(), want) {
				t.Errorf("%s (%q): body %.30q, want %.30q", c.path, enc, w.Body.Bytes(), want)
			}
		}
	}
}

func TestStaticNotFound(t *testing.T) {
	dir, _ := builtSite(t)
	h := local.Site(dir)
	for _, p := range []string{
		"/nope",
		"/assets/draughts-FFFFFFFF.js",
		"/assets/engine-draughts-00000000/madang.wasm",
		"/tic-tac-toe/",
		jsPath + ".br", // compressed copies are never answered by their own names
		jsPath + ".gz",
		"/index.html.gz",
		"/assets/.stamp", // build stamps
		"/.stamp",
		"/../secret.txt", // out of the site's folder
		"/assets/../../secret.txt",
		"/..",
		"/link.txt", // a symlink out of the site's folder
		"/assets\\..\\..\\secret.txt",
	} {
		w := do(h, "GET", p, "Accept-Encoding", "br, gzip")
		got := w.Result().Header
		if w.Code != 404 || w.Body.String() != page404 || got.Get("Content-Type") != "text/html; charset=utf-8" ||
			got.Get("Content-Encoding") != "" || got.Get("Cache-Control") != local.CacheRevalidate {
			t.Errorf("%s: %d %q %v, want 404 with the Korean 404 page", p, w.Code, w.Body.String(), got)
		}
		if strings.Contains(w.Body.String(), "secret") {
			t.Errorf("%s: leaked the secret", p)
		}
	}
	if w := do(h, "HEAD", "/nope"); w.Code != 404 || w.Body.Len() != 0 {
		t.Errorf("HEAD /nope: %d %d bytes", w.Code, w.Body.Len())
	}
	// without a 404.html in the build: still a Korean page
	os.Remove(filepath.Join(dir, "404.html"))
	w := do(h, "GET", "/nope")
	if w.Code != 404 || !strings.Contains(w.Body.String(), `lang="ko"`) || !strings.Contains(w.Body.String(), "찾을 수 없습니다") {
		t.Errorf("/nope without 404.html: %d %q", w.Code, w.Body.String())
	}
}

func TestStaticFolderRedirect(t *testing.T) {
	dir, _ := builtSite(t)
	h := local.Site(dir)
	w := do(h, "GET", "/checkers?room=abc")
	if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "/checkers/?room=abc" {
		t.Errorf("/checkers?room=abc: %d Location %q", w.Code, w.Header().Get("Location"))
	}
	if err := os.Mkdir(filepath.Join(dir, "마당 판"), 0o755); err != nil {
		t.Fatal(err)
	}
	w = do(h, "GET", "/마당 판")
	if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "/%EB%A7%88%EB%8B%B9%20%ED%8C%90/" {
		t.Errorf("/마당 판: %d Location %q", w.Code, w.Header().Get("Location"))
	}
}

func TestStaticHeadRangeConditional(t *testing.T) {
	dir, files := builtSite(t)
	h := local.Site(dir)
	wasm := files[wasmPath[1:]]

	w := do(h, "HEAD", wasmPath, "Accept-Encoding", "br")
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Encoding") != "br" ||
		w.Header().Get("Content-Length") != strconv.Itoa(len(files[wasmPath[1:]+".br"])) {
		t.Errorf("HEAD br: %d %d bytes %v", w.Code, w.Body.Len(), w.Header())
	}
	w = do(h, "GET", wasmPath, "Range", "bytes=0-3")
	if w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), wasm[:4]) ||
		w.Header().Get("Content-Range") != "bytes 0-3/"+strconv.Itoa(len(wasm)) || w.Header().Get("Content-Type") != "application/wasm" {
		t.Errorf("Range identity: %d %q %v", w.Code, w.Body.Bytes(), w.Header())
	}
	gzCopy := files[wasmPath[1:]+".gz"]
	w = do(h, "GET", wasmPath, "Range", "bytes=2-5", "Accept-Encoding", "gzip")
	if w.Code != http.StatusPartialContent || !bytes.Equal(w.Body.Bytes(), gzCopy[2:6]) || w.Header().Get("Content-Encoding") != "gzip" ||
		w.Header().Get("Content-Length") != "4" || w.Header().Get("Content-Range") != "bytes 2-5/"+strconv.Itoa(len(gzCopy)) {
		t.Errorf("Range gzip: %d %q %v", w.Code, w.Body.Bytes(), w.Header())
	}
	w = do(h, "GET", wasmPath, "Range", "bytes=100000-")
	if w.Code != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("Range out of the file: %d", w.Code)
	}

	// each representation has its own ETag; a matching If-None-Match answers 304
	tags := map[string]bool{}
	for _, enc := range []string{"", "br", "gzip"} {
		etag := do(h, "GET", wasmPath, "Accept-Encoding", enc).Header().Get("ETag")
		if etag == "" || tags[etag] {
			t.Errorf("%q: ETag %q empty or shared", enc, etag)
		}
		tags[etag] = true
		if w := do(h, "GET", wasmPath, "Accept-Encoding", enc, "If-None-Match", etag); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Errorf("%q: If-None-Match: %d", enc, w.Code)
		}
	}
	if w := do(h, "POST", "/"); w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /: %d %v", w.Code, w.Header())
	}
}

// TestStackServesCompressed: the stack's real server sends the brotli copy to a browser's
// Accept-Encoding.
func TestStackServesCompressed(t *testing.T) {
	dir, files := builtSite(t)
	srv := httptest.NewServer(local.Site(dir))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+wasmPath, nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || !bytes.Equal(b, files[wasmPath[1:]+".br"]) {
		t.Errorf("%d %v %q", resp.StatusCode, resp.Header, b)
	}
}

// A site rebuilt under the running server (the build replaces the folder with a new one
// of the same name) is served from the new folder at once: the server had opened the old
// one, deleted, and answered 404 for every page until it was restarted.
func TestStaticFollowsRebuild(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "dist")
	write := func(d, name, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(d, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dir, "index.html", "first build")
	write(dir, "404.html", page404)
	h := local.Site(dir)
	body := func(p string) (int, string) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, p, nil))
		return w.Code, w.Body.String()
	}
	if code, b := body("/"); code != 200 || b != "first build" {
		t.Fatalf("first build: %d %q", code, b)
	}
	// The rebuild: a new folder is made beside and renamed into place, the old deleted.
	next := filepath.Join(base, "dist.new")
	write(next, "index.html", "second build")
	write(next, "checkers/index.html", "checkers page")
	write(next, "404.html", page404)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, dir); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{"/": "second build", "/checkers/": "checkers page"} {
		if code, b := body(p); code != 200 || b != want {
			t.Errorf("%s after the rebuild: %d %q, want 200 %q", p, code, b, want)
		}
	}
	// A path the new build lacks is still the site's 404 page.
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/nosuch/", nil))
	if w.Code != 404 || w.Body.String() != page404 {
		t.Errorf("missing page after the rebuild: %d %q", w.Code, w.Body.String())
	}
	if code, b := body("/"); code != 200 || b != "second build" {
		t.Errorf("after a miss: %d %q", code, b)
	}
}
