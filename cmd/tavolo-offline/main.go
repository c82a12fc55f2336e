//go:build js && wasm

// Command tavolo-offline is Tavolo's server built for the browser (GOOS=js GOARCH=wasm):
// the service worker runs it to answer a one-phone table's requests when there is no
// network, with the same rules, pages and sentences as the server. Its tables live in
// memory and are kept on the device by the script that runs it (IndexedDB).
//
// The script sets globalThis.tavoloOffline before running it:
//
//	{key: "…64 hex…", tables: ["{…record…}", …], keep(id, json|null), ready()}
//
// key signs this device's session cookies; tables are the records kept before; keep is
// called after every change of a table (null: it is gone); ready is called once
// globalThis.tavoloServe(request) answers. globalThis.tavoloSettings(json) sets the
// device's settings (pwa/static/js/settings.js's readSettings: lang, text, contrast,
// motion, rate, verbosity, speak, sound, vibrate), in which every page after is drawn; it
// returns null, or why a value was refused. A request is {method, url, headers: [[name,
// value]…], body: Uint8Array|null}; the answer, {status, headers, body}, is returned at
// once: no request the engine serves waits on a timer or the network (the one that would,
// /join's delay, needs the server and is refused offline before it).
package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"syscall/js"

	"tavolo/companion/scenario"
	"tavolo/web"
	"tavolo/web/store/memory"
	"tavolo/web/table"
)

func main() {
	host := js.Global().Get("tavoloOffline")
	if host.IsUndefined() {
		os.Stderr.WriteString("tavolo-offline: globalThis.tavoloOffline is not set\n")
		os.Exit(2)
	}
	keep := host.Get("keep")
	store := memory.New(func(r table.Record, deleted bool) {
		if deleted {
			keep.Invoke(r.ID, js.Null())
			return
		}
		b, err := json.Marshal(r)
		if err != nil {
			return
		}
		keep.Invoke(r.ID, string(b))
	})
	kept := host.Get("tables")
	for i := range kept.Length() {
		var r table.Record
		if err := json.Unmarshal([]byte(kept.Index(i).String()), &r); err == nil && r.ID != "" {
			store.Restore(r)
		}
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv, err := web.New(web.Config{Store: store, SessionKey: host.Get("key").String(), Offline: true}, log)
	if err != nil {
		os.Stderr.WriteString("tavolo-offline: " + err.Error() + "\n")
		os.Exit(1)
	}
	handler := srv.Handler()
	js.Global().Set("tavoloServe", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return serve(handler, args[0])
	}))
	js.Global().Set("tavoloSettings", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if err := srv.HandSettings([]byte(args[0].String())); err != nil {
			return err.Error()
		}
		return js.Null()
	}))
	js.Global().Set("tavoloForget", js.FuncOf(func(_ js.Value, args []js.Value) any {
		store.Remove(args[0].String())
		return nil
	}))
	js.Global().Set("tavoloReplay", js.FuncOf(func(_ js.Value, args []js.Value) any {
		result, illegal, err := scenario.Replay([]byte(args[0].String()))
		out := map[string]any{"result": result, "illegal": illegal}
		if err != nil {
			out["error"] = err.Error()
		}
		b, _ := json.Marshal(out)
		return string(b)
	}))
	host.Call("ready")
	select {}
}

// serve answers one request with the server's handler; a request that cannot be made is
// answered 400.
func serve(h http.Handler, req js.Value) js.Value {
	out := js.Global().Get("Object").New()
	var body io.Reader
	if b := req.Get("body"); b.Truthy() {
		buf := make([]byte, b.Get("length").Int())
		js.CopyBytesToGo(buf, b)
		body = bytes.NewReader(buf)
	}
	r, err := http.NewRequest(req.Get("method").String(), req.Get("url").String(), body)
	if err != nil {
		out.Set("status", http.StatusBadRequest)
		out.Set("headers", []any{})
		out.Set("body", js.Null())
		return out
	}
	headers := req.Get("headers")
	for i := range headers.Length() {
		h := headers.Index(i)
		r.Header.Add(h.Index(0).String(), h.Index(1).String())
	}
	r.RemoteAddr = "127.0.0.1:0"
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	out.Set("status", res.StatusCode)
	var list []any
	for name, values := range res.Header {
		for _, v := range values {
			list = append(list, []any{name, v})
		}
	}
	out.Set("headers", list)
	b := w.Body.Bytes()
	if r.Method == http.MethodHead {
		b = nil // as net/http answers a HEAD: a GET's status and headers, no body
	}
	arr := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(arr, b)
	out.Set("body", arr)
	return out
}
