// Command rewrite points templ's generated code (every *_templ.go under the folders given)
// at templtext.String instead of templ.JoinStringErrs; make generate runs it after templ.
package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

var (
	call      = []byte("templ.JoinStringErrs(")
	ours      = []byte("templtext.String(")
	after     = []byte("import templruntime \"github.com/a-h/templ/runtime\"\n")
	ourImport = []byte("import templtext \"tavolo/internal/templtext\"\n")
)

func main() {
	for _, root := range os.Args[1:] {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, "_templ.go") {
				return err
			}
			return rewrite(path)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "rewrite:", err)
			os.Exit(1)
		}
	}
}

func rewrite(path string) error {
	src, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(src, call) {
		return err
	}
	i := bytes.Index(src, after)
	if i < 0 {
		return fmt.Errorf("%s: no templ runtime import to put templtext's after", path)
	}
	i += len(after)
	out := append(append(append([]byte{}, src[:i]...), ourImport...), bytes.ReplaceAll(src[i:], call, ours)...)
	return os.WriteFile(path, out, 0o644)
}
