package local

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Cache-Control values of the static site (site/README.md "What the build makes"): every
// path under /assets/ carries a content hash, so it never changes; the pages (and the 404
// page) name those hashed files and are revalidated on every use.
const (
	CacheImmutable  = "public, max-age=31536000, immutable"
	CacheRevalidate = "no-cache"
)

// encodings are the precompressed copies site/build.mjs writes beside each file, in order of
// preference at equal quality: <file>.br (brotli), then <file>.gz (gzip).
var encodings = []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// contentTypes are the types of the site's files, by extension; other extensions fall back to
// mime.TypeByExtension, then application/octet-stream (never sniffed, so a compressed copy is
// never mistaken for its bytes).
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".wasm":  "application/wasm",
	".json":  "application/json",
	".svg":   "image/svg+xml",
	".txt":   "text/plain; charset=utf-8",
	".png":   "image/png",
	".ico":   "image/x-icon",
	".woff2": "font/woff2",
	".woff":  "font/woff",
}

// static serves a built site (site/dist) with its precompressed copies.
type static struct {
	dir  string
	root atomic.Pointer[os.Root]
	mu   sync.Mutex // serialises reopen
}

// newStatic serves the files under dir (see static.ServeHTTP); dir must exist.
func newStatic(dir string) (*static, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("local: site %s: %w", dir, err)
	}
	s := &static{dir: dir}
	s.root.Store(root)
	return s, nil
}

// reopen follows a rebuilt site: the build replaces the folder (a new one under the same
// name), and the root opened at the start still points at the old, deleted one, where
// every path is missing. Called on a miss; it returns the new root when dir is now
// another folder than old's, or nil when nothing changed. The old root is not closed:
// requests in flight may still read from it (one open folder per rebuild).
func (s *static) reopen(old *os.Root) *os.Root {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.root.Load(); cur != old {
		return cur // another request has reopened it
	}
	now, err := os.Stat(s.dir)
	if err != nil || !now.IsDir() {
		return nil
	}
	if was, err := old.Stat("."); err == nil && os.SameFile(now, was) {
		return nil
	}
	root, err := os.OpenRoot(s.dir)
	if err != nil {
		return nil
	}
	s.root.Store(root)
	return root
}

// ServeHTTP answers GET and HEAD (other methods: 405) for a file of the site:
//   - a path ending in / serves that folder's index.html; a folder named without the slash
//     is redirected (301) to the slash, keeping the query;
//   - the body is the file's <file>.br or <file>.gz copy when the request's Accept-Encoding
//     accepts it (highest q wins, brotli before gzip at equal q, q=0 refuses; "*" counts for
//     codings not named), with Content-Encoding set, else the file itself; Content-Type is
//     always the original file's, and Vary: Accept-Encoding is always sent;
//   - Cache-Control is CacheImmutable under /assets/ and CacheRevalidate elsewhere;
//   - Range, If-Range, If-None-Match and If-Modified-Since work as in http.ServeContent
//     (ranges count bytes of the representation sent; the ETag differs per encoding);
//   - a missing path, a path leaving the folder, a hidden file (.stamp) or a .br/.gz copy
//     asked for by its own name answers 404 with the site's Korean 404.html.
//
// A miss first checks whether the site was rebuilt under the running server (reopen).
func (s *static) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := s.resolve(r.URL.Path)
	if !ok {
		s.notFound(w, r, s.root.Load())
		return
	}
	root := s.root.Load()
	if s.serve(w, r, root, name) {
		return
	}
	if fresh := s.reopen(root); fresh != nil {
		root = fresh
		if s.serve(w, r, root, name) {
			return
		}
	}
	s.notFound(w, r, root)
}

// serve answers the request for name from root, or writes nothing and returns false when
// root has no such file.
func (s *static) serve(w http.ResponseWriter, r *http.Request, root *os.Root, name string) bool {
	info, err := root.Stat(name)
	if err == nil && info.IsDir() {
		if !strings.HasSuffix(r.URL.Path, "/") {
			target := r.URL.EscapedPath() + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return true
		}
		name = path.Join(name, "index.html")
		info, err = root.Stat(name)
	}
	if err != nil || !info.Mode().IsRegular() {
		return false
	}

	h := w.Header()
	h.Set("Content-Type", contentType(name))
	h.Add("Vary", "Accept-Encoding")
	if strings.HasPrefix(r.URL.Path, "/assets/") {
		h.Set("Cache-Control", CacheImmutable)
	} else {
		h.Set("Cache-Control", CacheRevalidate)
	}
	sent, coding := name, ""
	for _, enc := range acceptable(r.Header.Get("Accept-Encoding")) {
		if ci, err := root.Stat(name + encodingExt(enc)); err == nil && ci.Mode().IsRegular() {
			sent, coding, info = name+encodingExt(enc), enc, ci
			break
		}
	}
	f, err := root.Open(sent)
	if err != nil {
		for _, k := range []string{"Content-Type", "Vary", "Cache-Control"} {
			h.Del(k)
		}
		return false
	}
	defer f.Close()
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	h.Set("ETag", fmt.Sprintf(`"%x-%x%s"`, info.ModTime().UnixNano(), info.Size(), coding))
	if coding != "" {
		// http.ServeContent leaves Content-Length out when Content-Encoding is set
		w = &lengthWriter{ResponseWriter: w, size: info.Size()}
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
	return true
}

// lengthWriter sets the Content-Length of a precompressed copy sent whole (200) or as one
// range (206), which http.ServeContent omits for a response with a Content-Encoding.
type lengthWriter struct {
	http.ResponseWriter
	size int64
}

func (l *lengthWriter) WriteHeader(code int) {
	h := l.Header()
	switch code {
	case http.StatusOK:
		h.Set("Content-Length", strconv.FormatInt(l.size, 10))
	case http.StatusPartialContent:
		var first, last, total int64
		if n, err := fmt.Sscanf(h.Get("Content-Range"), "bytes %d-%d/%d", &first, &last, &total); err == nil && n == 3 {
			h.Set("Content-Length", strconv.FormatInt(last-first+1, 10))
		}
	}
	l.ResponseWriter.WriteHeader(code)
}

// resolve maps a URL path to a name inside the site, refusing a name that leaves it, a
// hidden file or folder, and a compressed copy by its own name.
func (s *static) resolve(urlPath string) (string, bool) {
	if !strings.HasPrefix(urlPath, "/") || strings.Contains(urlPath, "\\") || strings.ContainsRune(urlPath, 0) {
		return "", false
	}
	for _, seg := range strings.Split(urlPath, "/") {
		if seg == ".." || strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	name := strings.TrimPrefix(path.Clean(urlPath), "/")
	if name == "" {
		name = "."
	}
	for _, enc := range encodings {
		if strings.HasSuffix(name, enc.ext) {
			return "", false
		}
	}
	return name, true
}

// notFound answers 404 with the site's 404.html (no-cache), or a short Korean text when the
// build has none.
func (s *static) notFound(w http.ResponseWriter, r *http.Request, root *os.Root) {
	h := w.Header()
	for _, k := range []string{"Content-Encoding", "ETag", "Last-Modified", "Vary"} {
		h.Del(k)
	}
	h.Set("Cache-Control", CacheRevalidate)
	page, err := fs.ReadFile(root.FS(), "404.html")
	if err != nil {
		page = []byte(notFoundText)
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(page)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		w.Write(page)
	}
}

const notFoundText = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>찾을 수 없습니다 - 마당</title></head>
<body><main><h1>페이지를 찾을 수 없습니다</h1><p><a href="/">마당 첫 화면으로</a></p></main></body></html>
`

// contentType is the Content-Type of a site file by its extension.
func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func encodingExt(coding string) string {
	for _, enc := range encodings {
		if enc.name == coding {
			return enc.ext
		}
	}
	return ""
}

// acceptable lists the precompressed codings an Accept-Encoding value accepts (RFC 9110
// §12.5.3), best first: by q-value, brotli before gzip at equal q. A coding with q=0, or not
// named while "*" is absent or has q=0, is left out; "x-gzip" counts as gzip; a malformed
// q-value counts as q=0.
func acceptable(header string) []string {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if coding == "x-gzip" {
			coding = "gzip"
		}
		v := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, found := strings.Cut(strings.TrimSpace(p), "=")
			if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0
			}
			v = f
		}
		if old, seen := q[coding]; !seen || v > old {
			q[coding] = v
		}
	}
	qOf := func(coding string) float64 {
		if v, ok := q[coding]; ok {
			return v
		}
		return q["*"] // 0 when "*" is absent
	}
	var out []string
	for _, enc := range encodings {
		if qOf(enc.name) > 0 {
			out = append(out, enc.name)
		}
	}
	// stable: brotli stays first unless gzip has the higher q
	if len(out) == 2 && qOf(out[1]) > qOf(out[0]) {
		out[0], out[1] = out[1], out[0]
	}
	return out
}
