package pwa

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestImportsAreRewrittenToHashedURLs(t *testing.T) {
	fsys := fstest.MapFS{
		"js/a.js":     {Data: []byte("import { b } from './lib/b.js';\nexport const a = b;\n")},
		"js/lib/b.js": {Data: []byte("import c from \"../c.js\";\nexport const b = c;\n")},
		"js/c.js":     {Data: []byte("export default 1;\n")},
		"css/app.css": {Data: []byte("body{}")},
	}
	assets, err := LoadFS(fsys)
	require.NoError(t, err)
	a, _ := assets.Get("js/a.js")
	b, _ := assets.Get("js/lib/b.js")
	c, _ := assets.Get("js/c.js")
	require.Contains(t, string(a.Body), "from '"+b.URL+"'")
	require.Contains(t, string(b.Body), `from "`+c.URL+`"`)
	require.Regexp(t, `^/static/js/c\.[0-9a-f]{10}\.js$`, c.URL)
	require.Equal(t, "text/css; charset=utf-8", assets.byName["css/app.css"].ContentType)

	// A change in a dependency changes the URL of whoever imports it.
	fsys["js/c.js"] = &fstest.MapFile{Data: []byte("export default 2;\n")}
	again, err := LoadFS(fsys)
	require.NoError(t, err)
	require.NotEqual(t, a.URL, again.URL("js/a.js"))
}

func TestMissingImportIsAnError(t *testing.T) {
	_, err := LoadFS(fstest.MapFS{"js/a.js": {Data: []byte("import './missing.js';")}})
	require.Error(t, err)
}

func TestEmbeddedAssetsLoad(t *testing.T) {
	assets, err := Load()
	require.NoError(t, err)
	require.NotEmpty(t, assets.URLs())
}
