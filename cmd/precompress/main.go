// Command precompress writes beside a file served as it is its compressed forms, FILE.br
// and FILE.gz (web/precompress: brotli and gzip at their best), then FILE.sha256, the three
// files' SHA-256 in sha256sum's format (`sha256sum -c FILE.sha256` checks them), FILE's
// first. The server serves FILE at a URL made of its hash, and each compressed form listed
// there to the browsers that take it. When FILE.sha256 already lists FILE and both forms as
// they are, it does nothing: `make engine` builds the same module again when nothing
// changed, and brotli at its best takes minutes on it. Otherwise it removes FILE.sha256
// first, so that a run cut short leaves no list of forms that are not FILE's.
//
//	go run ./cmd/precompress pwa/engine/tavolo.wasm
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"tavolo/web/precompress"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: precompress FILE")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
}

func run(file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	base := filepath.Base(file)
	sums := map[string]string{base: hashOf(data)}
	if upToDate(file, sums[base]) {
		fmt.Printf("%s: %s and %s are up to date\n", file, base+precompress.Suffix(precompress.Brotli), base+precompress.Suffix(precompress.Gzip))
		return nil
	}
	// The old list goes first: until the new one is written, the server finds no engine
	// here rather than a compressed form of another module (an interrupted run).
	if err := os.Remove(file + ".sha256"); err != nil && !os.IsNotExist(err) {
		return err
	}
	type result struct {
		coding, sum string
		size        int64
		took        time.Duration
		err         error
	}
	results := make([]result, len(precompress.Codings))
	var wg sync.WaitGroup
	for i, coding := range precompress.Codings {
		wg.Go(func() {
			start := time.Now()
			sum, size, err := compress(file, data, coding)
			results[i] = result{coding, sum, size, time.Since(start), err}
		})
	}
	wg.Wait()
	var list bytes.Buffer
	fmt.Fprintf(&list, "%s  %s\n", sums[base], base)
	for _, r := range results {
		if r.err != nil {
			return r.err
		}
		fmt.Fprintf(&list, "%s  %s\n", r.sum, base+precompress.Suffix(r.coding))
		fmt.Printf("%s: %s %d bytes (%.1f%%) in %.1f s\n", file, r.coding, r.size, 100*float64(r.size)/float64(len(data)), r.took.Seconds())
	}
	return writeFile(file+".sha256", func(w io.Writer) error { _, err := w.Write(list.Bytes()); return err })
}

// compress writes FILE's compressed form in coding, and gives its hash and size.
func compress(file string, data []byte, coding string) (sum string, size int64, err error) {
	h := sha256.New()
	err = writeFile(file+precompress.Suffix(coding), func(w io.Writer) error {
		cw := &countWriter{w: io.MultiWriter(w, h)}
		zw, err := precompress.NewWriter(cw, coding, len(data))
		if err != nil {
			return err
		}
		if _, err := zw.Write(data); err != nil {
			return err
		}
		err = zw.Close()
		size = cw.n
		return err
	})
	return hex.EncodeToString(h.Sum(nil)), size, err
}

// writeFile writes a file whole or not at all: into a hidden file beside it (go:embed
// leaves out names that start with a dot), renamed once complete.
func writeFile(name string, write func(io.Writer) error) error {
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp")
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// upToDate tells whether FILE.sha256 lists FILE with the hash it has now, and each
// compressed form with the hash of the file beside it.
func upToDate(file, sum string) bool {
	list, err := os.ReadFile(file + ".sha256")
	if err != nil {
		return false
	}
	sums := map[string]string{}
	for line := range strings.Lines(string(list)) {
		if f := strings.Fields(line); len(f) == 2 {
			sums[strings.TrimPrefix(f[1], "*")] = f[0]
		}
	}
	base := filepath.Base(file)
	if sums[base] != sum {
		return false
	}
	for _, coding := range precompress.Codings {
		b, err := os.ReadFile(file + precompress.Suffix(coding))
		if err != nil || sums[base+precompress.Suffix(coding)] != hashOf(b) {
			return false
		}
	}
	return true
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
