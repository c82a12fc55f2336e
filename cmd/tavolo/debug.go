package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // the profiles, on http.DefaultServeMux, served only on --debug-addr
	"time"
)

// serveDebug serves Go's profiles (/debug/pprof/) and the metrics (/metrics, in
// Prometheus's format) on addr, apart from the app: for measuring and watching the server
// as it runs (the load benchmark, a live server's operator). Nothing of the app is on it,
// and the app's address never serves it.
func serveDebug(addr string, metrics http.Handler, logger *slog.Logger) {
	http.Handle("/metrics", metrics)
	go func() {
		if err := http.ListenAndServe(addr, http.DefaultServeMux); err != nil {
			logger.Error("debug address stopped", "addr", addr, "err", err)
		}
	}()
}

// servePlain answers plain HTTP on addr with h (a redirect to HTTPS, and ACME's
// challenges) until ctx is done; it returns once it listens.
func servePlain(ctx context.Context, addr string, h http.Handler, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, IdleTimeout: 30 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("the plain-HTTP address stopped", "addr", addr, "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	return nil
}
