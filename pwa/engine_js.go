package pwa

import "io/fs"

// Engine: the offline build does not carry itself.
type Engine struct{ URL, Exec string }

// Open is never called in the offline build.
func (e *Engine) Open() (fs.File, error) { return nil, fs.ErrNotExist }

// LoadEngine: none in the offline build.
func (a *Assets) LoadEngine() (*Engine, error) { return nil, nil }
