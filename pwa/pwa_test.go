package pwa

import (
	"io/fs"
	"regexp"
	"strings"
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

// The rewriting finds the imports the one pattern with the keywords in it finds (the way it
// was done before, kept here as the reference), in our files and in awkward ones.
func TestImportsFoundAsByTheWholePattern(t *testing.T) {
	whole := regexp.MustCompile(`(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}/[^"']+)(["'])`)
	sources := []string{
		"import a from './a.js';\nimport './b.js';\nexport * from \"../c.js\";\nconst d = await import( './d.js' );",
		"import {\n  x,\n} from\n  './multi.js';\nconst s = 'import ./not.js';\nconst t = imported('./no.js');",
		"reimport './no.js'; fromage './no.js'; import\t(\n'./yes.js')",
	}
	sub, err := fs.Sub(static, "static")
	require.NoError(t, err)
	require.NoError(t, fs.WalkDir(sub, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".js") {
			b, err := fs.ReadFile(sub, p)
			require.NoError(t, err)
			sources = append(sources, string(b))
		}
		return err
	}))
	for _, src := range sources {
		var want, got []string
		for _, m := range whole.FindAllStringSubmatch(src, -1) {
			want = append(want, m[3])
		}
		for _, m := range specifierPattern.FindAllStringSubmatchIndex(src, -1) {
			if importsBefore([]byte(src[:m[0]])) {
				got = append(got, src[m[2]:m[3]])
			}
		}
		require.Equal(t, want, got, src[:min(len(src), 80)])
	}
}
