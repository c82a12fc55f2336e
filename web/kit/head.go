package kit

import (
	"context"
	"net/http"
)

// headKey marks in its context a HEAD request answered as a GET.
type headKey struct{}

// AnswerHead answers HEAD as GET, without the body (RFC 9110, 9.3.2: monitors and caches
// ask so): echo is handed a copy of the request whose method is GET, so a HEAD finds every
// GET route and gets what a GET gets, headers and status; net/http, which keeps the
// request with its method HEAD, sends no body (and says the length the body would have
// when it knows it). A path that has no GET (a form's POST) answers 405 as it did.
func AnswerHead(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			r = r.Clone(context.WithValue(r.Context(), headKey{}, true))
			r.Method = http.MethodGet
		}
		next.ServeHTTP(w, r)
	})
}

// IsHead tells a HEAD request answered as a GET.
func IsHead(r *http.Request) bool { return r.Context().Value(headKey{}) != nil }
