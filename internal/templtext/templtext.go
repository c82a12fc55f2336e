// Package templtext writes a templ expression's text without fmt: templ's generated code
// calls templ.JoinStringErrs for every { expression }, which formats even a string with
// fmt.Sprint (an interface and a copy each: four in ten of a Diamant screen's allocations,
// BenchmarkDiamantPlayHTML). make generate points the generated code here instead
// (templtext/rewrite); the text is the same.
package templtext

import (
	"errors"
	"fmt"
)

// String is templ.JoinStringErrs with a string returned as it is; any other type (a named
// string type too, which may have a String method) is formatted by fmt.Sprint, as templ does.
func String[T ints | uints | floats | complexes | ~string | ~bool](s T, errs ...error) (string, error) {
	if v, ok := any(s).(string); ok {
		return v, errors.Join(errs...)
	}
	return fmt.Sprint(s), errors.Join(errs...)
}

type (
	ints interface {
		~int | ~int8 | ~int16 | ~int32 | ~int64
	}
	uints interface {
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
	}
	floats    interface{ ~float32 | ~float64 }
	complexes interface{ ~complex64 | ~complex128 }
)
