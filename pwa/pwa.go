// Package pwa holds what the browser runs: styles, ES modules, icons, the service worker.
// Files are embedded and served under content-hashed URLs, so they can be cached for a
// year; a module's relative imports are rewritten to the hashed URLs of what they import,
// so that a change anywhere changes the URL of everything that depends on it.
package pwa

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"regexp"
	"sort"
	"strings"
)

//go:embed static
var static embed.FS

// Asset is one file as served.
type Asset struct {
	Name        string // path below static/, e.g. "js/app.js"
	URL         string // hashed URL, e.g. "/static/js/app.3f2a9c1d.js"
	ContentType string
	Body        []byte
}

// Assets maps names and hashed URLs to files.
type Assets struct {
	byName map[string]*Asset
	byURL  map[string]*Asset
}

// specifierPattern finds quoted relative specifiers ('./x.js', "../y.js"); those that
// follow "from", "import" or "import(" (importsBefore) are imports. One pattern with the
// keywords in it ran 15 times slower (regexp's NFA on whole files), and the offline engine
// loads the files at its start.
var specifierPattern = regexp.MustCompile(`["'](\.{1,2}/[^"']+)["']`)

// importsBefore reports whether text ends as a static import or re-export ("from",
// "import") or a dynamic import ("import(") does before its specifier, spaces allowed.
func importsBefore(text []byte) bool {
	const space = " \t\n\f\r"
	b := bytes.TrimRight(text, space)
	if open, ok := bytes.CutSuffix(b, []byte("(")); ok {
		return endsWithWord(bytes.TrimRight(open, space), "import")
	}
	return endsWithWord(b, "from") || endsWithWord(b, "import")
}

// endsWithWord reports whether b ends with the word w, not with the end of a longer one.
func endsWithWord(b []byte, w string) bool {
	rest, ok := bytes.CutSuffix(b, []byte(w))
	if !ok {
		return false
	}
	if len(rest) == 0 {
		return true
	}
	c := rest[len(rest)-1]
	return !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

// Load reads and hashes the embedded files.
func Load() (*Assets, error) {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	return LoadFS(sub)
}

// LoadFS reads and hashes the files of fsys.
func LoadFS(fsys fs.FS) (*Assets, error) {
	raw := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		raw[p] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	a := &Assets{byName: map[string]*Asset{}, byURL: map[string]*Asset{}}
	for name := range raw {
		if _, err := a.resolve(name, raw, map[string]bool{}); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// resolve hashes a file after rewriting its imports to hashed URLs (depth first).
func (a *Assets) resolve(name string, raw map[string][]byte, visiting map[string]bool) (*Asset, error) {
	if done, ok := a.byName[name]; ok {
		return done, nil
	}
	if visiting[name] {
		return nil, fmt.Errorf("pwa: import cycle through %s", name)
	}
	visiting[name] = true
	body, ok := raw[name]
	if !ok {
		return nil, fmt.Errorf("pwa: no file %s", name)
	}
	if strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".mjs") {
		var out []byte
		last := 0
		for _, m := range specifierPattern.FindAllSubmatchIndex(body, -1) {
			if !importsBefore(body[:m[0]]) {
				continue
			}
			spec := string(body[m[2]:m[3]])
			dep, err := a.resolve(path.Join(path.Dir(name), spec), raw, visiting)
			if err != nil {
				return nil, fmt.Errorf("pwa: %s imports %s: %w", name, spec, err)
			}
			out = append(append(out, body[last:m[2]]...), dep.URL...)
			last = m[3]
		}
		if out != nil {
			body = append(out, body[last:]...)
		}
	}
	sum := sha256.Sum256(body)
	ext := path.Ext(name)
	asset := &Asset{
		Name:        name,
		URL:         "/static/" + strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:])[:10] + ext,
		ContentType: contentType(ext),
		Body:        body,
	}
	a.byName[name] = asset
	a.byURL[asset.URL] = asset
	delete(visiting, name)
	return asset, nil
}

func contentType(ext string) string {
	switch ext {
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".webmanifest":
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// URL gives the hashed URL of a file; it panics for a file that does not exist, so that a
// template naming a missing asset fails at once in tests.
func (a *Assets) URL(name string) string {
	asset, ok := a.byName[name]
	if !ok {
		panic("pwa: no asset " + name)
	}
	return asset.URL
}

// Get returns a file by name.
func (a *Assets) Get(name string) (*Asset, bool) {
	asset, ok := a.byName[name]
	return asset, ok
}

// ByURL returns the file served at a hashed URL.
func (a *Assets) ByURL(url string) (*Asset, bool) {
	asset, ok := a.byURL[url]
	return asset, ok
}

// URLs lists every hashed URL, sorted, for the service worker's precache.
func (a *Assets) URLs() []string {
	urls := make([]string, 0, len(a.byURL))
	for u := range a.byURL {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	return urls
}
