package main

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // the profiles, on http.DefaultServeMux, served only on --debug-addr
)

// serveDebug serves Go's profiles (/debug/pprof/) on addr, apart from the app: for
// measuring the server as it runs (the load benchmark, or a live server on localhost).
// Nothing of the app is on it, and the app's address never serves it.
func serveDebug(addr string, logger *slog.Logger) {
	go func() {
		if err := http.ListenAndServe(addr, http.DefaultServeMux); err != nil {
			logger.Error("debug address stopped", "addr", addr, "err", err)
		}
	}()
}
