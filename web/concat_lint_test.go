package web

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue #13's lint: punctuation between catalog texts comes from the catalogs, never from
// code (a comma or colon joined in Go, templ or the page's scripts cannot follow a
// language's typography: French wants a no-break space before a colon). A line that
// localizes (T, N, t) and joins with a literal made of punctuation is refused, as is a
// list joined with punctuation anywhere; sentences joined by a space are fine.
func TestNoPunctuationJoinedInCode(t *testing.T) {
	localizes := regexp.MustCompile(`\.(T|N)\(|\bt\(|\bmsg\(`)
	punct := `(["'])\s*[,;:.!?()«»–]+\s*(["'])`
	joined := regexp.MustCompile(`\+\s*` + punct + `|` + punct + `\s*\+`)
	joinedList := regexp.MustCompile(`(Join\([^,]*,\s*|\.join\()` + punct)
	var files []string
	for _, root := range []string{".", "../pwa/static/js"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() && (name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			generated := strings.HasSuffix(name, "_templ.go")
			test := strings.HasSuffix(name, "_test.go")
			if !d.IsDir() && !generated && !test && (strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".templ") || strings.HasSuffix(name, ".js")) {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) < 20 {
		t.Fatalf("only %d source files found", len(files))
	}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if localizes.MatchString(line) && joined.MatchString(line) || joinedList.MatchString(line) {
				t.Errorf("%s:%d joins localized text with punctuation of its own: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	}
}
