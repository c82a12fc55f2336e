package diamant

import (
	"context"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
)

// An action's reply to a script and a live event carry the same JSON (Reply): the
// envelope every game's replies share (kit.Envelope: table, version, title, address, what
// to announce) and the screen's HTML, drawn into a pooled buffer.

// appendReply appends a reply's JSON, the title being the heading and " · Tavolo". A nil
// announce is an empty list. Written by hand, field by field as encoding/json writes a
// Reply (without escaping HTML): the screen's HTML is escaped from the buffer it was
// drawn into, with no copy of it as a string nor a pass through reflection.
func appendReply(b []byte, table string, html []byte, heading string, url []byte, version int64, announce []say.Sentence) []byte {
	b = kit.AppendEnvelope(b, table, version, heading, url, announce)
	b = kit.AppendJSONString(append(b, `,"html":"`...), html)
	return append(b, `"}`...)
}

// appendPlayReply appends the reply of a play screen.
func appendPlayReply(b []byte, l *i18n.Localizer, csrf string, p *Play) []byte {
	buf := kit.GetBuffer(&kit.HTMLBuffers)
	w := kit.Appender{B: *buf}
	// The screen's content needs only the language and the form token of a frame; an
	// appender never fails.
	_ = PlayContent(page.Frame{L: l, CSRF: csrf}, *p).Render(context.Background(), &w)
	var url [80]byte
	b = appendReply(b, p.ID, w.B, p.Heading, appendScreenURL(url[:0], p), p.Version, p.Say)
	kit.PutBuffer(&kit.HTMLBuffers, buf, w.B)
	return b
}

// appendLobbyReply appends the reply of the table's page.
func (h handlers) appendLobbyReply(b []byte, c echo.Context, p *Table) ([]byte, error) {
	buf := kit.GetBuffer(&kit.HTMLBuffers)
	w := kit.Appender{B: *buf}
	// The content needs only the language and the form token of a frame.
	token, _ := c.Get("csrf").(string)
	if err := TableContent(page.Frame{L: h.Localizer(c), CSRF: token}, *p).Render(c.Request().Context(), &w); err != nil {
		return b, err
	}
	var url [80]byte
	b = appendReply(b, p.ID, w.B, p.Heading, append(append(append(url[:0], "/diamant/"...), p.ID...), "/table"...), p.Version, p.Say)
	kit.PutBuffer(&kit.HTMLBuffers, buf, w.B)
	return b, nil
}
