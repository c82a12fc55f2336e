package diamant

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// CleanName is a player's name as the game keeps it: in Unicode's composed form (NFC),
// without bytes that are not UTF-8 and without what shows nothing, and with every run of
// blanks made one space, none at either end. What shows nothing: control and format
// characters (zero-width spaces and joiners, direction marks, NUL), private-use and
// surrogate code points, and every Default_Ignorable_Code_Point (fillers such as U+3164,
// the combining grapheme joiner, variation selectors, tags). Blanks: Unicode's White_Space
// (U+00A0, U+3000…), and U+2800, the braille blank, which shows as one.
//
// Two names that differ only by such characters, by spacing or by Unicode normalization
// are then equal (up to case, which checkNames ignores too), and a name of invisible
// characters only is empty. Names that only look alike across scripts (a Cyrillic "А" for
// a Latin "A") are not made one: that needs Unicode's confusables (UTS #39), not done here.
func CleanName(name string) string {
	if plainASCII(name) {
		return name
	}
	return cleanName(name)
}

// cleanName is CleanName the long way, for any name.
func cleanName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	space := false
	for _, r := range strings.ToValidUTF8(name, "") {
		switch {
		case blank(r):
			space = b.Len() > 0
		case invisible(r):
			// dropped
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(r)
		}
	}
	// After the drop, so that what an invisible character kept apart composes (e, U+034F,
	// U+0301 is é).
	return norm.NFC.String(b.String())
}

// plainASCII tells a name that CleanName keeps as it is: printable ASCII, with single
// spaces between words and none at either end. Most names are such, and a game checks and
// keeps its names at every start, so they skip the Unicode tables and the allocation.
func plainASCII(name string) bool {
	if name == "" || name[0] == ' ' || name[len(name)-1] == ' ' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < ' ' || c > '~' || (c == ' ' && name[i-1] == ' ') {
			return false
		}
	}
	return true
}

// blank tells the characters that show as a space.
func blank(r rune) bool {
	return unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) || r == '\u2800'
}

// invisible tells the characters that show nothing: control, format, private-use and
// surrogate code points, and Unicode's Default_Ignorable_Code_Point. That property is
// derived (Unicode's DerivedCoreProperties.txt) as Other_Default_Ignorable_Code_Point +
// Cf + Variation_Selector - White_Space - a few visible format characters; Go's unicode
// package has the three tables it is made of, and every Cf is dropped here anyway.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs,
		unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}
