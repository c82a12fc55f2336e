package web

import (
	"net/http"
	"strconv"
	"strings"
)

// The content codings Tavolo sends, by their names in Accept-Encoding and Content-Encoding
// (the same as web/precompress's, which the offline build does not link).
const (
	codingBrotli = "br"
	codingGzip   = "gzip"
)

// minCompress: a reply shorter than this goes as it is (a page, a static file):
// compressing it gains too little.
const minCompress = 1024

// negotiate picks the content coding of a reply among those offered (the server's, best
// first) and identity (""), by the request's Accept-Encoding (RFC 9110, 12.5.3): the
// highest q wins, a tie going to the coding offered first and identity last; q=0 refuses
// a coding, and "*" stands for every coding the header does not name, identity included.
// Identity unnamed (and no "*") is acceptable, after every coding named: "gzip;q=0.5"
// asks for gzip. "x-gzip" is gzip. Without the header, or with it empty, identity; when
// the header refuses everything offered and identity too, identity all the same (a client
// that refuses even that takes what it gets rather than an error).
func negotiate(acceptEncoding string, offered []string) string {
	if acceptEncoding == "" || len(offered) == 0 || len(offered) > maxOffered {
		return ""
	}
	// The weights named: offered's, then identity's, then "*"'s (no map: pages ask too).
	var q [maxOffered + 2]float64
	var named [maxOffered + 2]bool
	identity, star := len(offered), len(offered)+1
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		if strings.EqualFold(name, "x-gzip") {
			name = codingGzip
		}
		i := -1
		switch {
		case strings.EqualFold(name, "identity"):
			i = identity
		case name == "*":
			i = star
		default:
			for j, c := range offered {
				if strings.EqualFold(name, c) {
					i = j
				}
			}
		}
		if w, ok := qvalue(params); ok && i >= 0 {
			q[i], named[i] = w, true
		}
	}
	quality := func(i int) float64 {
		switch {
		case named[i]:
			return q[i]
		case named[star]:
			return q[star]
		}
		return 0
	}
	// Identity not named is acceptable all the same, after any coding named.
	best, bestQ := "", quality(identity)
	for i := len(offered) - 1; i >= 0; i-- {
		if w := quality(i); w > 0 && w >= bestQ {
			best, bestQ = offered[i], w
		}
	}
	return best
}

// maxOffered: the most codings a reply is offered in.
const maxOffered = 4

// qvalue reads a coding's weight from its parameters ("q=0.5"); 1 without one; not ok
// when it is not a weight (the coding is then left out, as if not named).
func qvalue(params string) (float64, bool) {
	for p := range strings.SplitSeq(params, ";") {
		k, v, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || q < 0 || q > 1 {
			return 0, false
		}
		return q, true
	}
	return 1, true
}

// addVary adds a request header to the reply's Vary, once.
func addVary(h http.Header, name string) {
	for _, v := range h.Values("Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if f = strings.TrimSpace(f); f == "*" || strings.EqualFold(f, name) {
				return
			}
		}
	}
	h.Add("Vary", name)
}
