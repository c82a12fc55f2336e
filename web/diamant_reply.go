package web

import (
	"context"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/page"
)

// An action's reply to a script and a live event carry the same JSON (diamantReply). It
// is written here by hand, straight from the screen's HTML into a pooled buffer, byte for
// byte as json.Marshal writes diamantReply: under load, json.Marshal (the HTML copied into
// a string, then escaped into another) and the HTML's own string were a third of what the
// server allocated, and every action makes one reply and an event for each phone.

// replyBuffers hold replies and events being written; htmlBuffers, the HTML they carry.
var replyBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// maxPooled: a buffer grown past this (a rare big page) is left to the GC, not kept.
const maxPooled = 64 << 10

// getBuffer takes an empty buffer from a pool; putBuffer gives it back as b (its
// contents then count for nothing).
func getBuffer(p *sync.Pool) *[]byte {
	buf := p.Get().(*[]byte)
	*buf = (*buf)[:0]
	return buf
}

func putBuffer(p *sync.Pool, buf *[]byte, b []byte) {
	if cap(b) <= maxPooled {
		*buf = b[:0]
		p.Put(buf)
	}
}

// appendReply appends a reply's JSON, as json.Marshal(diamantReply{...}) writes it, the
// title being the heading and " · Tavolo". A nil say is an empty list.
func appendReply(b, html []byte, heading string, url []byte, version int64, say []sentence) []byte {
	b = append(b, `{"html":`...)
	b = appendJSONString(b, html)
	b = append(b, `,"title":"`...)
	b = appendJSONChars(b, heading)
	b = append(b, ` · Tavolo","url":`...)
	b = appendJSONString(b, url)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"announce":[`...)
	for i, s := range say {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"text":`...)
		b = appendJSONString(b, s.Text)
		if s.Assertive {
			b = append(b, `,"assertive":true`...)
		}
		if s.Sound != "" {
			b = append(b, `,"sound":`...)
			b = appendJSONString(b, s.Sound)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendJSONString appends s as a JSON string, escaped as encoding/json escapes it.
func appendJSONString[S string | []byte](b []byte, s S) []byte {
	b = append(b, '"')
	b = appendJSONChars(b, s)
	return append(b, '"')
}

// appendJSONChars appends the inside of a JSON string, escaped as encoding/json does
// (with its HTML escaping, as json.Marshal has it): \" \\ \b \f \n \r \t, the other
// control bytes and < > & as \u00XX, U+2028 and U+2029 as \u2028 \u2029, a byte that
// is not UTF-8 as \ufffd.
func appendJSONChars[S string | []byte](b []byte, s S) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&15])
			}
			i++
			start = i
			continue
		}
		// A few bytes as a string: the conversion stays on the stack.
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', lowerHex[r&15])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// appendPlayReply appends the reply of a play screen.
func appendPlayReply(b []byte, l *i18n.Localizer, csrf string, p *page.DiamantPlay) []byte {
	buf := getBuffer(&htmlBuffers)
	w := appender{b: *buf}
	// The screen's content needs only the language and the form token of a frame; an
	// appender never fails.
	_ = page.DiamantPlayContent(page.Frame{L: l, CSRF: csrf}, *p).Render(context.Background(), &w)
	var url [80]byte
	b = appendReply(b, w.b, p.Heading, appendScreenURL(url[:0], p), p.Version, p.Say)
	putBuffer(&htmlBuffers, buf, w.b)
	return b
}

const lowerHex = "0123456789abcdef"

// htmlBuffers keep the screens' HTML between renders.
var htmlBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// appendLobbyReply appends the reply of the table's page.
func (s *Server) appendLobbyReply(b []byte, c echo.Context, p *page.DiamantTable) ([]byte, error) {
	buf := getBuffer(&htmlBuffers)
	w := appender{b: *buf}
	if err := page.DiamantTableContent(s.frame(c, "diamant-table", p.Heading), *p).Render(c.Request().Context(), &w); err != nil {
		return b, err
	}
	var url [80]byte
	b = appendReply(b, w.b, p.Heading, append(append(append(url[:0], "/diamant/"...), p.ID...), "/table"...), p.Version, p.Say)
	putBuffer(&htmlBuffers, buf, w.b)
	return b, nil
}

// appender is a writer that appends to its bytes.
type appender struct{ b []byte }

func (a *appender) Write(p []byte) (int, error) { a.b = append(a.b, p...); return len(p), nil }

// loc is the request's localizer, made once per request (or stream) and kept in
// its context.
func (s *Server) loc(c echo.Context) *i18n.Localizer {
	if l, ok := c.Get("localizer").(*i18n.Localizer); ok {
		return l
	}
	l := s.localizer(c)
	c.Set("localizer", l)
	return l
}

// writeReply answers a script with a reply: write appends it to a pooled buffer. As
// echo's c.JSON wrote it: the JSON and a newline, not to be stored.
func writeReply(c echo.Context, status int, write func(b []byte) ([]byte, error)) error {
	buf := getBuffer(&replyBuffers)
	b, err := write(*buf)
	if err == nil {
		c.Response().Header().Set("Cache-Control", "no-store")
		err = c.JSONBlob(status, append(b, '\n'))
	}
	putBuffer(&replyBuffers, buf, b)
	return err
}
