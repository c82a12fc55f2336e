package kit

import (
	"encoding/json"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"tavolo/web/say"
)

// Envelope is what every game's reply to a script and every live event carry, whatever
// the game: the table's version the view was drawn at, the page's title and address, and
// the sentences to announce (never null), with the table's id (play again's reply is
// another table's). A game's reply embeds it and adds its payload
// (Diamant: the screen's HTML; Donuts: the board's parts), so that the JSON is one flat
// object; the browser's screen.js applies any of them the same way: the version guard,
// the title and address, the announcements, sounds, vibration and focus, and hands the
// payload to the game's own function.
type Envelope struct {
	Table    string         `json:"table"` // the table's id: a version counts only within its table
	Version  int64          `json:"version"`
	Title    string         `json:"title"` // the page's title: the heading and " · Tavolo"
	URL      string         `json:"url"`   // the screen's address, where a form's 303 leads
	Announce []say.Sentence `json:"announce"`
}

// NewEnvelope is the envelope of a view of a table drawn at version under heading, at url.
// A nil announce is an empty list.
func NewEnvelope(table string, version int64, heading, url string, announce []say.Sentence) Envelope {
	if announce == nil {
		announce = []say.Sentence{}
	}
	return Envelope{Table: table, Version: version, Title: heading + " · Tavolo", URL: url, Announce: announce}
}

// AppendEnvelope appends an envelope's JSON as encoding/json writes NewEnvelope's, without
// its closing brace: the game appends its own fields, then closes it.
func AppendEnvelope[S []byte | string](b []byte, table string, version int64, heading string, url S, announce []say.Sentence) []byte {
	b = AppendJSONString(append(b, `{"table":"`...), table)
	b = strconv.AppendInt(append(b, `","version":`...), version, 10)
	b = AppendJSONString(append(b, `,"title":"`...), heading)
	b = AppendJSONString(append(b, ` · Tavolo","url":"`...), url)
	b = append(b, `","announce":[`...)
	for i, s := range announce {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendJSONString(append(b, `{"text":"`...), s.Text)
		b = append(b, '"')
		if s.Assertive {
			b = append(b, `,"assertive":true`...)
		}
		if s.Sound != "" {
			b = AppendJSONString(append(b, `,"sound":"`...), s.Sound)
			b = append(b, '"')
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// Every game answers its scripts and feeds its live streams with JSON written straight
// into pooled buffers: a reply to a script goes out through writeReply, an event through
// the stream's writer.

// ReplyBuffers hold replies and events being written; htmlBuffers, the HTML they carry.
var ReplyBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// maxPooled: a buffer grown past this (a rare big page) is left to the GC, not kept.
const maxPooled = 64 << 10

// GetBuffer takes an empty buffer from a pool; putBuffer gives it back as b (its
// contents then count for nothing).
func GetBuffer(p *sync.Pool) *[]byte {
	buf := p.Get().(*[]byte)
	*buf = (*buf)[:0]
	return buf
}

func PutBuffer(p *sync.Pool, buf *[]byte, b []byte) {
	if cap(b) <= maxPooled {
		*buf = b[:0]
		p.Put(buf)
	}
}

// HTMLBuffers keep the screens' HTML between renders.
var HTMLBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// WriteReply answers a script with a reply: write appends it to a pooled buffer. As
// echo's c.JSON wrote it: the JSON and a newline.
func WriteReply(c echo.Context, status int, write func(b []byte) ([]byte, error)) error {
	buf := GetBuffer(&ReplyBuffers)
	b, err := write(*buf)
	if err == nil {
		err = c.JSONBlob(status, append(b, '\n'))
	}
	PutBuffer(&ReplyBuffers, buf, b)
	return err
}

// AppendJSON appends v as JSON, straight into b: every reply to a script and every live
// event is written so. HTML is not escaped for a <script> element (\u003c for <): a reply
// is read by JSON.parse, never put in a page as it is, and is a third shorter.
func AppendJSON(b []byte, v any) ([]byte, error) {
	w := Appender{B: b}
	enc := json.NewEncoder(&w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return w.B[:len(w.B)-1], nil // Encode ends with a newline
}

// AppendJSONString appends s as the inside of a JSON string, escaped byte for byte as
// AppendJSON escapes a string (encoding/json without escaping HTML): quote, backslash and
// control characters, an invalid UTF-8 byte as U+FFFD, U+2028 and U+2029.
func AppendJSONString[T []byte | string](b []byte, s T) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
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
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune([]byte(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}

// Appender is a writer that appends to its bytes.
type Appender struct{ B []byte }

func (a *Appender) Write(p []byte) (int, error) { a.B = append(a.B, p...); return len(p), nil }
