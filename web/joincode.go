package web

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// Join codes let other phones find a table: 6 characters of Crockford's base32 (digits and
// letters without I, L, O, U), which is 30 bits. What looks alike is read alike: a typed
// O is a zero, an I or an L is a one, and case, spaces and dashes do not matter.
const (
	joinAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	joinLength   = 6
)

func newJoinCode() string {
	var b strings.Builder
	max := big.NewInt(int64(len(joinAlphabet)))
	for i := 0; i < joinLength; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // the system's random source never fails on Linux
		}
		b.WriteByte(joinAlphabet[n.Int64()])
	}
	return b.String()
}

// normalizeJoinCode reads a code as a person typed it; ok is false when it cannot be one.
func normalizeJoinCode(typed string) (code string, ok bool) {
	if len(typed) > 40 {
		return "", false
	}
	var b strings.Builder
	for _, r := range strings.ToUpper(typed) {
		switch r {
		case ' ', '-', '\t', '.':
			continue
		case 'O':
			r = '0'
		case 'I', 'L':
			r = '1'
		}
		if !strings.ContainsRune(joinAlphabet, r) {
			return "", false
		}
		b.WriteRune(r)
	}
	if b.Len() != joinLength {
		return "", false
	}
	return b.String(), true
}

// spacedCode is the code as shown and read aloud letter by letter: "K 7 M 3 P 9".
func spacedCode(code string) string {
	return strings.Join(strings.Split(code, ""), " ")
}

// qrSVG draws a QR code of text as SVG (dark modules as one path), with the quiet zone.
func qrSVG(text, label string) (string, error) {
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return "", err
	}
	q.DisableBorder = true
	bits := q.Bitmap()
	const quiet = 4
	size := len(bits) + 2*quiet
	var path strings.Builder
	for y, row := range bits {
		for x, dark := range row {
			if dark {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`,
		size, size, htmlAttr(label), size, size, path.String()), nil
}

func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}
