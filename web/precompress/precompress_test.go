package precompress

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"
)

func TestEncodeDecodes(t *testing.T) {
	text := []byte(strings.Repeat("La grotta: un tesoro da 7 rubini. ", 3000))
	for _, tc := range []struct {
		coding string
		data   []byte
		decode func(io.Reader) (io.Reader, error)
	}{
		{Gzip, text, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{Brotli, text, func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
		{Gzip, nil, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{Brotli, []byte("a"), func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
	} {
		t.Run(tc.coding, func(t *testing.T) {
			enc, err := Encode(tc.coding, tc.data)
			require.NoError(t, err)
			if len(tc.data) > 1000 {
				require.Less(t, len(enc), len(tc.data)/10)
			}
			r, err := tc.decode(bytes.NewReader(enc))
			require.NoError(t, err)
			back, err := io.ReadAll(r)
			require.NoError(t, err)
			require.Equal(t, len(tc.data), len(back))
			require.True(t, bytes.Equal(tc.data, back))
		})
	}
	_, err := Encode("zstd", text)
	require.Error(t, err)
	require.Equal(t, ".gz", Suffix(Gzip))
	require.Equal(t, ".br", Suffix(Brotli))
}
