package diamant

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// CleanName is a player's name as the game keeps it: in Unicode's composed form (NFC),
// without control or format characters (zero-width spaces, direction marks, NUL) or bytes
// that are not UTF-8, and
// with every run of spaces made one space, none at either end. Two names that look and
// sound alike are then equal (up to case, which checkNames ignores too), and a name of
// invisible characters only is empty.
func CleanName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	space := false
	for _, r := range norm.NFC.String(strings.ToValidUTF8(name, "")) {
		switch {
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp):
			space = b.Len() > 0
		case unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs):
			// invisible: dropped
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
