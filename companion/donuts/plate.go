package donuts

import (
	"strconv"
	"strings"
	"unicode"
)

// ParsePlate reads a plate as a person or a form names it: "3,4" or "3 4" (row then
// column, from 1), or a column letter a to f with the row, "d3" or "3d". It gives the
// point (from 0), which may be off the board; false when it is not a plate at all.
func ParsePlate(s string) (Point, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	var letters, numbers []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || unicode.IsSpace(r) }) {
		// "d3" and "3d" are a letter and a number written together: split where the
		// kind of character changes.
		start := 0
		for i, r := range f + "," {
			if i > start && (r == ',' || unicode.IsLetter(r) != unicode.IsLetter([]rune(f[start:])[0])) {
				if part := f[start:i]; unicode.IsLetter([]rune(part)[0]) {
					letters = append(letters, part)
				} else {
					numbers = append(numbers, part)
				}
				start = i
			}
		}
	}
	num := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n - 1, err == nil && n >= -99 && n <= 99
	}
	switch {
	case len(letters) == 0 && len(numbers) == 2:
		r, okR := num(numbers[0])
		c, okC := num(numbers[1])
		return P(r, c), okR && okC
	case len(letters) == 1 && len(numbers) == 1 && len(letters[0]) == 1:
		r, ok := num(numbers[0])
		return P(r, int(letters[0][0]-'a')), ok
	}
	return Point{}, false
}
