package diamant

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// marks is each seat's mark on its chip, beside its colour (so that colour is never the
// only signal, issue #24): the name's first letter, or its first two where another name
// shares the first, or the first and the seat's number where two share both. The chip's
// style sets it in capitals.
func marks(names []string) []string {
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = prefix(name, 1)
		if clash(names, i, 1) {
			out[i] = prefix(name, 2)
			if clash(names, i, 2) {
				out[i] = prefix(name, 1) + strconv.Itoa(i+1)
			}
		}
	}
	return out
}

// prefix is the first n letters of a name.
func prefix(name string, n int) string {
	at := 0
	for range n {
		if at >= len(name) {
			break
		}
		_, size := utf8.DecodeRuneInString(name[at:])
		at += size
	}
	return name[:at]
}

// clash reports whether another name than names[i] begins with the same n letters.
func clash(names []string, i, n int) bool {
	p := prefix(names[i], n)
	for j, other := range names {
		if j != i && strings.EqualFold(prefix(other, n), p) {
			return true
		}
	}
	return false
}
