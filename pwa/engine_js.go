package pwa

import "io/fs"

// Engine: the offline build does not carry itself.
type Engine struct {
	URL, Exec string
	Files     []EngineFile
}

// EngineFile: none in the offline build.
type EngineFile struct {
	Coding, SHA256 string
	Size           int64
}

// Open is never called in the offline build.
func (e *Engine) Open(EngineFile) (fs.File, error) { return nil, fs.ErrNotExist }

// LoadEngine: none in the offline build.
func (a *Assets) LoadEngine() (*Engine, error) { return nil, nil }
