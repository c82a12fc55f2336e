package pwa

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// The engine's compressed forms are served only as make engine listed them beside it.
func TestLoadEngineFindsTheCompressedForms(t *testing.T) {
	const (
		wasm = "3a1f00aa55" + "000000000000000000000000000000000000000000000000000000"
		br   = "b7000000000000000000000000000000000000000000000000000000000000"
		gz   = "9e000000000000000000000000000000000000000000000000000000000000"
	)
	module := []byte(strings.Repeat("\x00asm module ", 100))
	gzipOf := func(b []byte) []byte {
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(b)
		w.Close()
		return buf.Bytes()
	}
	content := func(name string) []byte {
		switch name {
		case "tavolo.wasm":
			return module
		case "tavolo.wasm.gz":
			return gzipOf(module)
		}
		return []byte("brotli of " + name)
	}
	files := func(list string, names ...string) fstest.MapFS {
		fsys := fstest.MapFS{"wasm_exec.js": {Data: []byte("// Go's loader\n")}}
		if list != "" {
			fsys["tavolo.wasm.sha256"] = &fstest.MapFile{Data: []byte(list)}
		}
		for _, n := range names {
			fsys[n] = &fstest.MapFile{Data: content(n)}
		}
		return fsys
	}
	full := wasm + "  tavolo.wasm\n" + br + "  tavolo.wasm.br\n" + gz + "  tavolo.wasm.gz\n"
	for _, tc := range []struct {
		name    string
		fsys    fstest.MapFS
		codings []string // the files served, in order ("" as it is)
		err     string
	}{
		{"not built", files("", "tavolo.wasm"), nil, ""},
		{"the module alone (sha256sum's list)", files(wasm+"  tavolo.wasm\n", "tavolo.wasm"), []string{""}, ""},
		{"compressed by make engine", files(full, "tavolo.wasm", "tavolo.wasm.br", "tavolo.wasm.gz"), []string{"", "br", "gzip"}, ""},
		{"binary mode's star", files(wasm+" *tavolo.wasm\n"+gz+" *tavolo.wasm.gz\n", "tavolo.wasm", "tavolo.wasm.gz"), []string{"", "gzip"}, ""},
		{"a form not listed is another build's", files(wasm+"  tavolo.wasm\n", "tavolo.wasm", "tavolo.wasm.br", "tavolo.wasm.gz"), []string{""}, ""},
		{"a form listed is missing", files(full, "tavolo.wasm", "tavolo.wasm.gz"), nil, "tavolo.wasm.br"},
		{"no hash of the module", files(br+"  tavolo.wasm.br\n", "tavolo.wasm", "tavolo.wasm.br"), nil, "no hash"},
		{"the module built again, alone", func() fstest.MapFS {
			fsys := files(full, "tavolo.wasm", "tavolo.wasm.br", "tavolo.wasm.gz")
			fsys["tavolo.wasm"] = &fstest.MapFile{Data: append(module, "more"...)}
			return fsys
		}(), nil, "not engine/tavolo.wasm compressed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assets, err := LoadFS(fstest.MapFS{"sw.js": {Data: []byte("//")}})
			require.NoError(t, err)
			e, err := assets.LoadEngineFS(tc.fsys)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			if tc.codings == nil {
				require.Nil(t, e)
				return
			}
			require.Equal(t, "/static/engine/tavolo.3a1f00aa55.wasm", e.URL)
			require.Equal(t, assets.URL("engine/wasm_exec.js"), e.Exec)
			var codings []string
			for _, f := range e.Files {
				codings = append(codings, f.Coding)
				want := map[string]string{"": wasm, "br": br, "gzip": gz}[f.Coding]
				require.Equal(t, want, f.SHA256)
				r, err := e.Open(f)
				require.NoError(t, err)
				body, err := io.ReadAll(r)
				require.NoError(t, err)
				require.NoError(t, r.Close())
				require.Equal(t, content(f.name), body)
				require.Equal(t, int64(len(body)), f.Size)
			}
			require.Equal(t, tc.codings, codings)
		})
	}
}
