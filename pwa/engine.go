//go:build !js

package pwa

import (
	"embed"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"strings"
)

// engineFiles: the offline engine (pwa/engine/README.md), when it was built.
//
//go:embed engine
var engineFiles embed.FS

// Engine is the offline build of the server, served to the service worker.
type Engine struct {
	URL  string // hashed URL of the WebAssembly module
	Exec string // hashed URL of Go's loader for it
	// Files are the module as it is, then compressed as `make engine` wrote it beside it
	// (brotli, gzip): each is served to the browsers that take its coding.
	Files []EngineFile
	fsys  fs.FS
}

// EngineFile is the module in one content coding.
type EngineFile struct {
	Coding string // "" as it is, "br", "gzip"
	SHA256 string // its hash (hex), as make engine listed it
	Size   int64
	name   string
}

// Open gives a file of the module to serve (it is large: read it from the embedded file,
// never copy it).
func (e *Engine) Open(f EngineFile) (fs.File, error) { return e.fsys.Open(f.name) }

// engineCodings: the compressed forms of the module, by their files' suffix.
var engineCodings = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// LoadEngine finds the engine, adding its loader to the assets; nil when it was not built.
// Its URL's hash, and its compressed forms', are those make engine listed beside it
// (tavolo.wasm.sha256, sha256sum's format): hashing 26 MB at every start would read the
// whole module into memory for nothing. A compressed form is served only when listed
// there, so never one made from another build of the module.
func (a *Assets) LoadEngine() (*Engine, error) {
	sub, err := fs.Sub(engineFiles, "engine")
	if err != nil {
		return nil, err
	}
	return a.LoadEngineFS(sub)
}

// LoadEngineFS is LoadEngine reading the engine's files from fsys (a test gives a module of its own).
func (a *Assets) LoadEngineFS(fsys fs.FS) (*Engine, error) {
	list, err := fs.ReadFile(fsys, "tavolo.wasm.sha256")
	if err != nil {
		return nil, nil
	}
	sums := map[string]string{}
	for line := range strings.Lines(string(list)) {
		if f := strings.Fields(line); len(f) == 2 {
			sums[strings.TrimPrefix(f[1], "*")] = f[0]
		}
	}
	sum := sums["tavolo.wasm"]
	if len(sum) < 10 {
		return nil, fmt.Errorf("pwa: engine/tavolo.wasm.sha256 holds no hash of tavolo.wasm")
	}
	exec, err := fs.ReadFile(fsys, "wasm_exec.js")
	if err != nil {
		return nil, err
	}
	loader, err := a.resolve("engine/wasm_exec.js", map[string][]byte{"engine/wasm_exec.js": exec}, map[string]bool{})
	if err != nil {
		return nil, err
	}
	e := &Engine{URL: "/static/engine/tavolo." + sum[:10] + ".wasm", Exec: loader.URL, fsys: fsys}
	file := func(coding, name string) error {
		info, err := fs.Stat(fsys, name)
		if err != nil {
			return fmt.Errorf("pwa: engine/tavolo.wasm.sha256 lists %s: %w (make engine writes them together)", name, err)
		}
		e.Files = append(e.Files, EngineFile{Coding: coding, SHA256: sums[name], Size: info.Size(), name: name})
		return nil
	}
	if err := file("", "tavolo.wasm"); err != nil {
		return nil, err
	}
	for _, c := range engineCodings {
		if sums["tavolo.wasm"+c.suffix] == "" {
			continue
		}
		if err := file(c.coding, "tavolo.wasm"+c.suffix); err != nil {
			return nil, err
		}
	}
	if err := e.checkGzipSize(); err != nil {
		return nil, err
	}
	return e, nil
}

// checkGzipSize compares the module's size with the one its gzip form ends with (modulo
// 2³²): a module built again by hand beside the list of an older one would otherwise be
// served to some browsers as the old one, compressed.
func (e *Engine) checkGzipSize() error {
	for _, f := range e.Files[1:] {
		if f.Coding != "gzip" {
			continue
		}
		r, err := e.Open(f)
		if err != nil {
			return err
		}
		defer r.Close()
		var tail [4]byte
		if s, ok := r.(io.ReadSeeker); !ok || f.Size < 18 {
			return fmt.Errorf("pwa: engine/%s cannot be read", f.name)
		} else if _, err := s.Seek(-4, io.SeekEnd); err != nil {
			return err
		} else if _, err := io.ReadFull(s, tail[:]); err != nil {
			return err
		}
		if binary.LittleEndian.Uint32(tail[:]) != uint32(e.Files[0].Size) {
			return fmt.Errorf("pwa: engine/%s is not engine/tavolo.wasm compressed (make engine writes them together)", f.name)
		}
	}
	return nil
}
