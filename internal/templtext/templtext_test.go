package templtext

import (
	"errors"
	"fmt"
	"testing"

	"github.com/a-h/templ"
	"github.com/stretchr/testify/require"
)

type screen string

func (s screen) String() string { return "screen " + string(s) }

// String writes what templ.JoinStringErrs writes, error and all.
func TestStringIsTemplsText(t *testing.T) {
	same := func(got, want string, gotErr, wantErr error) {
		t.Helper()
		require.Equal(t, want, got)
		require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr))
	}
	bad := errors.New("bad")
	for _, s := range []string{"", "Viaggio 1 di 5", "<b>&'\""} {
		got, gotErr := String(s)
		want, wantErr := templ.JoinStringErrs(s)
		same(got, want, gotErr, wantErr)
		got, gotErr = String(s, nil, bad)
		want, wantErr = templ.JoinStringErrs(s, nil, bad)
		same(got, want, gotErr, wantErr)
	}
	got, gotErr := String(screen("cave"))
	want, wantErr := templ.JoinStringErrs(screen("cave"))
	same(got, want, gotErr, wantErr)
	for _, n := range []int{0, -3, 42} {
		got, gotErr := String(n)
		want, wantErr := templ.JoinStringErrs(n)
		same(got, want, gotErr, wantErr)
	}
	got, gotErr = String(2.5)
	want, wantErr = templ.JoinStringErrs(2.5)
	same(got, want, gotErr, wantErr)
	got, gotErr = String(true)
	want, wantErr = templ.JoinStringErrs(true)
	same(got, want, gotErr, wantErr)
}

func BenchmarkString(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = String("Viaggio 1 di 5")
	}
}
