package table

import (
	"crypto/rand"
	"math/big"
	"strings"
)

// Join codes let other phones find a table: 6 characters of Crockford's base32 (digits and
// letters without I, L, O, U), which is 30 bits. What looks alike is read alike: a typed
// O is a zero, an I or an L is a one, and case, spaces and dashes do not matter.
const (
	joinAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	joinLength   = 6
)

func NewJoinCode() string {
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

// NormalizeJoinCode reads a code as a person typed it; ok is false when it cannot be one.
func NormalizeJoinCode(typed string) (code string, ok bool) {
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

// SpacedCode is the code as shown and read aloud letter by letter: "K 7 M 3 P 9".
func SpacedCode(code string) string {
	return strings.Join(strings.Split(code, ""), " ")
}
