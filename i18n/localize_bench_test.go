package i18n

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkLocalize times the calls a live page update makes most (a fixed text, a name,
// numbers, a plural count), each through T and N and through go-i18n's template alone
// (the path before the fast one), so that both run under the same machine load:
//
//	go test -run '^$' -bench Localize -benchmem -count 3 ./i18n/
func BenchmarkLocalize(b *testing.B) {
	c, err := Load()
	require.NoError(b, err)
	l := c.Localizer("sk")
	for _, bc := range []struct {
		name       string
		fast, slow func(i int) string
	}{
		{"fixed",
			func(int) string { return l.T("nav.home") },
			func(int) string { return l.goT("nav.home", nil) }},
		{"string",
			func(int) string { return l.T("diamant.vote.heading", "Name", "Ada") },
			func(int) string { return l.goT("diamant.vote.heading", []any{"Name", "Ada"}) }},
		{"ints",
			func(int) string { return l.T("donuts.plate", "Row", 3, "Col", 12) },
			func(int) string { return l.goT("donuts.plate", []any{"Row", 3, "Col", 12}) }},
		{"plural",
			func(i int) string { return l.N("diamant.n.diamonds", i%20) },
			func(i int) string { return l.goN("diamant.n.diamonds", i%20, nil) }},
		{"plural+string",
			func(i int) string { return l.N("diamant.n.carries.name", i%20, "Name", "Ada") },
			func(i int) string { return l.goN("diamant.n.carries.name", i%20, []any{"Name", "Ada"}) }},
	} {
		b.Run(bc.name+"/tavolo", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = bc.fast(i)
			}
		})
		b.Run(bc.name+"/go-i18n", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = bc.slow(i)
			}
		})
	}
}

var sinkLocalizer *Localizer

// BenchmarkLocalizer times getting a request's localizer (once a request).
func BenchmarkLocalizer(b *testing.B) {
	c, err := Load()
	require.NoError(b, err)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sinkLocalizer = c.Localizer("sk")
	}
}
