package web

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"strings"
)

// site serves the files of the folder Assemble wrote, and nothing else:
// top-level names only, no hidden files, never outside the folder.
type site struct {
	root *os.Root
}

// openSite opens dir, which must hold index.html.
func openSite(dir string) (*site, error) {
	if dir == "" {
		return nil, errors.New("kriegd: web: no site folder given (make web writes one)")
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("kriegd: web: the site folder (--site; make web writes one): %w", err)
	}
	if _, err := root.Stat("index.html"); err != nil {
		root.Close()
		return nil, fmt.Errorf("kriegd: web: %s has no index.html (make web writes the site): %w", dir, err)
	}
	return &site{root: root}, nil
}

// sitePath is the names the site may serve.
var sitePath = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]*$`)

// hashed is the names Assemble gives the files it versions by their
// content: those are cached for a year, the rest revalidated each time.
var hashed = regexp.MustCompile(`^[A-Za-z_]+-[0-9a-f]{12}\.[a-z]+$`)

// encodings are the compressed copies a file may have beside it, the best first.
var encodings = []struct{ token, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// index serves the page.
func (s *site) index(w http.ResponseWriter, r *http.Request) { s.serve(w, r, "index.html") }

// file serves one of the site's files.
func (s *site) file(w http.ResponseWriter, r *http.Request) { s.serve(w, r, r.PathValue("name")) }

// serve sends name, compressed when the browser accepts a copy that exists.
func (s *site) serve(w http.ResponseWriter, r *http.Request, name string) {
	if !sitePath.MatchString(name) {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	if hashed.MatchString(name) {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if _, err := s.root.Stat(name); err != nil {
		http.NotFound(w, r)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	path := name
	for _, e := range encodings {
		if accepts(r.Header.Get("Accept-Encoding"), e.token) {
			if _, err := s.root.Stat(name + e.suffix); err == nil {
				path = name + e.suffix
				h.Set("Content-Encoding", e.token)
				break
			}
		}
	}
	f, err := s.root.Open(path)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	if ct := contentType(name); ct != "" {
		h.Set("Content-Type", ct)
	}
	http.ServeContent(w, r, name, info.ModTime(), f)
}

// contentType names the type of the site's kinds of file.
func contentType(name string) string {
	for ext, ct := range map[string]string{".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
		".css": "text/css; charset=utf-8", ".wasm": "application/wasm", ".json": "application/json", ".png": "image/png", ".svg": "image/svg+xml"} {
		if strings.HasSuffix(name, ext) {
			return ct
		}
	}
	return ""
}

// accepts reports whether an Accept-Encoding header takes token (a
// token with q=0 is refused).
func accepts(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(fields[0]), token) {
			continue
		}
		for _, p := range fields[1:] {
			if q := strings.ReplaceAll(strings.TrimSpace(p), " ", ""); q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000" {
				return false
			}
		}
		return true
	}
	return false
}
