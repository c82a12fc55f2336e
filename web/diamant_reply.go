package web

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/page"
	"tavolo/web/say"
)

// An action's reply to a script and a live event carry the same JSON (diamantReply): the
// screen's HTML, drawn into a pooled buffer, its title, address, version and what to
// announce.

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

// appendReply appends a reply's JSON, the title being the heading and " · Tavolo". A nil
// announce is an empty list.
func appendReply(b, html []byte, heading string, url []byte, version int64, announce []say.Sentence) []byte {
	if announce == nil {
		announce = []say.Sentence{}
	}
	// Strings and a number: encoding cannot fail.
	b, _ = appendJSON(b, diamantReply{HTML: string(html), Title: heading + " · Tavolo", URL: string(url),
		Version: version, Announce: announce})
	return b
}

// appendJSON appends v as JSON, straight into b: every reply to a script and every live
// event is written so. HTML is not escaped for a <script> element (\u003c for <): a reply
// is read by JSON.parse, never put in a page as it is, and is a third shorter.
func appendJSON(b []byte, v any) ([]byte, error) {
	w := appender{b: b}
	enc := json.NewEncoder(&w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return w.b[:len(w.b)-1], nil // Encode ends with a newline
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

// htmlBuffers keep the screens' HTML between renders.
var htmlBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// appendLobbyReply appends the reply of the table's page.
func (s *Server) appendLobbyReply(b []byte, c echo.Context, p *page.DiamantTable) ([]byte, error) {
	buf := getBuffer(&htmlBuffers)
	w := appender{b: *buf}
	// The content needs only the language and the form token of a frame.
	token, _ := c.Get("csrf").(string)
	if err := page.DiamantTableContent(page.Frame{L: s.loc(c), CSRF: token}, *p).Render(c.Request().Context(), &w); err != nil {
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
// echo's c.JSON wrote it: the JSON and a newline.
func writeReply(c echo.Context, status int, write func(b []byte) ([]byte, error)) error {
	buf := getBuffer(&replyBuffers)
	b, err := write(*buf)
	if err == nil {
		err = c.JSONBlob(status, append(b, '\n'))
	}
	putBuffer(&replyBuffers, buf, b)
	return err
}
