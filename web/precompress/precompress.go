// Package precompress makes the compressed forms of a file served as it is (the static
// files, the offline engine): gzip and brotli, each at its best, since such a file is
// compressed once and downloaded again and again.
package precompress

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/bits"

	"github.com/andybalholm/brotli"
)

// The content codings made, by their names in Accept-Encoding and Content-Encoding.
const (
	Brotli = "br"
	Gzip   = "gzip"
)

// Codings are the codings made, the smallest first.
var Codings = []string{Brotli, Gzip}

// Suffix is the extension of a file compressed in coding ("tavolo.wasm.br").
func Suffix(coding string) string {
	if coding == Gzip {
		return ".gz"
	}
	return "." + coding
}

// NewWriter compresses what is written to w in coding, at its best: gzip's level 9,
// brotli's quality 11 with a window that holds size bytes (at most 16 MB, the format's
// largest that every decoder takes).
func NewWriter(w io.Writer, coding string, size int) (io.WriteCloser, error) {
	switch coding {
	case Gzip:
		return gzip.NewWriterLevel(w, gzip.BestCompression)
	case Brotli:
		return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: brotli.BestCompression,
			LGWin: max(10, min(24, bits.Len(uint(size))))}), nil
	}
	return nil, fmt.Errorf("precompress: no coding %q", coding)
}

// Encode compresses data in coding.
func Encode(coding string, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, coding, len(data))
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
