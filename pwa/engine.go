//go:build !js

package pwa

import (
	"embed"
	"fmt"
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
// Its URL's hash is the one `make engine` wrote beside it: hashing 26 MB at every start
// would read the whole module into memory for nothing.
func (a *Assets) LoadEngine() (*Engine, error) {
	sum, err := fs.ReadFile(engineFiles, "engine/tavolo.wasm.sha256")
	if err != nil {
		return nil, nil
	}
	if len(sum) < 10 {
		return nil, fmt.Errorf("pwa: engine/tavolo.wasm.sha256 holds no hash")
	}
	exec, err := fs.ReadFile(engineFiles, "engine/wasm_exec.js")
	if err != nil {
		return nil, err
	}
	loader, err := a.resolve("engine/wasm_exec.js", map[string][]byte{"engine/wasm_exec.js": exec}, map[string]bool{})
	if err != nil {
		return nil, err
	}
	return &Engine{URL: "/static/engine/tavolo." + string(sum[:10]) + ".wasm", Exec: loader.URL, fsys: engineFiles}, nil
}
