//go:build !js

package pwa

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"io/fs"
)

// engineFiles: the offline engine (pwa/engine/README.md), when it was built.
//
//go:embed engine
var engineFiles embed.FS

// Engine is the offline build of the server, served to the service worker.
type Engine struct {
	URL  string // hashed URL of the WebAssembly module
	Exec string // hashed URL of Go's loader for it
	fsys fs.FS
}

// Open gives the module to serve (it is large: read it from the embedded file, never copy it).
func (e *Engine) Open() (fs.File, error) { return e.fsys.Open("engine/tavolo.wasm") }

// LoadEngine finds the engine, adding its loader to the assets; nil when it was not built.
func (a *Assets) LoadEngine() (*Engine, error) {
	f, err := engineFiles.Open("engine/tavolo.wasm")
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	sum := sha256.New()
	if _, err := io.Copy(sum, f); err != nil {
		return nil, err
	}
	exec, err := fs.ReadFile(engineFiles, "engine/wasm_exec.js")
	if err != nil {
		return nil, err
	}
	loader, err := a.resolve("engine/wasm_exec.js", map[string][]byte{"engine/wasm_exec.js": exec}, map[string]bool{})
	if err != nil {
		return nil, err
	}
	return &Engine{URL: "/static/engine/tavolo." + hex.EncodeToString(sum.Sum(nil))[:10] + ".wasm", Exec: loader.URL, fsys: engineFiles}, nil
}
