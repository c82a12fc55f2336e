package web

import (
	"html/template"
	"strconv"
	"sync"

	"tavolo/i18n"
)

// The Diamant play screen's content, written in Go rather than by html/template: every
// action at a table with a phone each redraws it for each phone's stream, and the
// template's reflection and contextual escapers were most of that cost. The output is
// byte for byte what the template diamant-play.html had (compared on 62,994 screens of
// random games before the template went): each value is escaped as html/template
// escapes it where it stands (text, a quoted attribute, a URL's path).
// The functions below follow the old template's sections in order.

// htmlOut is a page being written.
type htmlOut struct {
	b    []byte
	l    *i18n.Localizer
	csrf string
}

// raw writes markup as it is.
func (w *htmlOut) raw(s string) { w.b = append(w.b, s...) }

// text writes a value in text or in a quoted attribute value, escaped as html/template
// does in both: & < > " ' + and NUL. Other bytes, UTF-8 included, pass unchanged.
func (w *htmlOut) text(s string) { w.b = appendEscaped(w.b, s) }

// t writes a localized message as text.
func (w *htmlOut) t(id string, kv ...any) { w.text(w.l.T(id, kv...)) }

// int writes a number.
func (w *htmlOut) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

// url writes a value inside a URL attribute, before any '?': percent-encoded as
// html/template's URL normalizer does, then escaped for the attribute.
func (w *htmlOut) url(s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if urlKeeps(c) || c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			continue
		}
		w.text(s[last:i])
		w.b = append(w.b, '%', lowerHex[c>>4], lowerHex[c&15])
		last = i + 1
	}
	w.text(s[last:])
}

// csrfField is the hidden token every form carries.
func (w *htmlOut) csrfField() {
	w.raw(`<input type="hidden" name="_csrf" value="`)
	w.text(w.csrf)
	w.raw("\">\n")
}

// versionField is the table's version a form is made against.
func (w *htmlOut) versionField(v int64) {
	w.raw(`<input type="hidden" name="version" value="`)
	w.b = strconv.AppendInt(w.b, v, 10)
	w.raw("\">\n")
}

// action writes `<form method="post" action="/diamant/ID/what"` up to the attributes that follow.
func (w *htmlOut) action(id, what string) {
	w.raw(`<form method="post" action="/diamant/`)
	w.url(id)
	w.raw(what)
}

// htmlEscapes are html/template's replacements (its htmlReplacementTable).
var htmlEscapes = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) >= len(htmlEscapes) || htmlEscapes[c] == "" {
			continue
		}
		b = append(b, s[last:i]...)
		b = append(b, htmlEscapes[c]...)
		last = i + 1
	}
	return append(b, s[last:]...)
}

const lowerHex = "0123456789abcdef"

// urlKeeps: the bytes html/template's URL normalizer leaves as they are.
func urlKeeps(c byte) bool {
	switch c {
	case '!', '#', '$', '&', '*', '+', ',', '/', ':', ';', '=', '?', '@', '[', ']', '-', '.', '_', '~':
		return true
	}
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// htmlBuffers keep the writers' buffers between renders.
var htmlBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// diamantPlayHTML is the content of the play screen (inside <main>) for a view whose Data
// is a diamantPlay.
func diamantPlayHTML(v view) string {
	p, _ := v.Data.(diamantPlay)
	buf := getBuffer(&htmlBuffers)
	w := &htmlOut{b: *buf, l: v.L, csrf: v.CSRF}
	w.play(&p)
	out := string(w.b)
	putBuffer(&htmlBuffers, buf, w.b)
	return out
}

// diamantPlayFunc is the template function for the full page: layout.html draws the
// content through it.
func diamantPlayFunc(v view) template.HTML { return template.HTML(diamantPlayHTML(v)) }

func (w *htmlOut) play(p *diamantPlay) {
	w.header(p)
	w.proposal(p)
	switch p.Screen {
	case "vote":
		w.vote(p)
	case "pass":
		w.pass(p)
	case "voted":
		w.voted(p)
	case "undo":
		w.undo(p)
	default:
		w.cave(p)
	}
	w.tools(p)
}

// header: the screen's frame, its heading, the connection line and a refusal.
func (w *htmlOut) header(p *diamantPlay) {
	w.raw("\n<div class=\"diamant\" data-screen=\"")
	w.text(p.Screen)
	w.raw(`" data-version="`)
	w.b = strconv.AppendInt(w.b, p.Version, 10)
	w.raw(`"`)
	if p.Live {
		w.raw(` data-live="/diamant/`)
		w.text(p.ID) // a data- attribute: not a URL to html/template
		w.raw(`/events" data-lost="`)
		w.t("diamant.connection.lost")
		w.raw(`" data-back="`)
		w.t("diamant.connection.back")
		w.raw(`" data-failed="`)
		w.t("diamant.connection.failed")
		w.raw(`"`)
	}
	w.raw(">\n<h1 tabindex=\"-1\">")
	w.text(p.Heading)
	w.raw("</h1>\n")
	if p.Live {
		w.raw(`<p class="connection message" role="status" hidden></p>`)
	}
	w.raw("\n")
	if p.Problem != "" {
		w.raw(`<p class="message error" id="problem">`)
		w.text(p.Problem)
		w.raw(`</p>`)
	}
	w.raw("\n")
}

// proposal: the host's pending proposal, with its buttons on the host's phone.
func (w *htmlOut) proposal(p *diamantPlay) {
	if p.Proposal != "" {
		w.raw(`<div class="message proposal" id="proposal"><p>`)
		w.text(p.Proposal)
		w.raw("</p>\n")
		if p.Host {
			w.action(p.ID, "/proposal\" class=\"actions\">\n")
			w.csrfField()
			w.versionField(p.Version)
			w.raw(`<button type="submit" name="do" value="confirm">`)
			w.t("diamant.proposal.confirm")
			w.raw("</button>\n<button type=\"submit\" name=\"do\" value=\"cancel\" class=\"secondary\">")
			w.t("diamant.proposal.cancel")
			w.raw("</button>\n</form>")
		}
		w.raw(`</div>`)
	}
	w.raw("\n")
}

// votes: how many have voted, on a phone each.
func (w *htmlOut) votes(p *diamantPlay) {
	if p.Votes != "" {
		w.raw(`<p class="votes">`)
		w.text(p.Votes)
		w.raw(`</p>`)
	}
	w.raw("\n")
}

// lead: the line under the heading, when there is one.
func (w *htmlOut) lead(s string) {
	if s != "" {
		w.raw(`<p class="lead">`)
		w.text(s)
		w.raw(`</p>`)
	}
	w.raw("\n")
}

// vote: one player's secret vote.
func (w *htmlOut) vote(p *diamantPlay) {
	w.raw("\n")
	w.action(p.ID, "/vote\" class=\"vote\" data-js>\n")
	w.csrfField()
	w.versionField(p.Version)
	w.raw(`<input type="hidden" name="seat" value="`)
	w.int(p.Voter.Seat)
	w.raw("\">\n")
	if p.Step != "" {
		w.raw(`<input type="hidden" name="step" value="`)
		w.text(p.Step)
		w.raw(`">`)
	}
	w.raw("\n<button type=\"submit\" name=\"choice\" value=\"continue\" class=\"big continue\"><span aria-hidden=\"true\" class=\"icon\">➜</span> ")
	w.t("diamant.vote.continue")
	w.raw("</button>\n<button type=\"submit\" name=\"choice\" value=\"leave\" class=\"big leave\"><span aria-hidden=\"true\" class=\"icon\">⌂</span> ")
	w.t("diamant.vote.leave")
	w.raw("</button>\n</form>\n<p>")
	w.text(p.Lead)
	w.raw("</p>\n<p>")
	w.text(p.Deck)
	w.raw("</p>\n")
	w.votes(p)
}

// pass: hand the phone to the next voter.
func (w *htmlOut) pass(p *diamantPlay) {
	w.raw("\n")
	w.lead(p.Lead)
	w.raw("<p>")
	w.t("diamant.pass.text", "Name", p.Voter.Name)
	w.raw("</p>\n")
	w.votes(p)
	w.raw(`<p><a class="button big" href="/diamant/`)
	w.url(p.ID)
	w.raw(`/vote/`)
	w.int(p.Voter.Seat)
	w.raw(`" data-js>`)
	w.t("diamant.pass.confirm", "Name", p.Voter.Name)
	w.raw("</a></p>\n")
}

// voted: everyone has voted, on one phone; the result is one tap away.
func (w *htmlOut) voted(p *diamantPlay) {
	w.raw("\n<p class=\"lead\">")
	w.text(p.Lead)
	w.raw("</p>\n<p>")
	w.t("diamant.voted.text")
	w.raw("</p>\n<p><a class=\"button big\" href=\"/diamant/")
	w.url(p.ID)
	w.raw(`?show=reveal" data-js>`)
	w.t("diamant.voted.reveal")
	w.raw("</a></p>\n")
}

// undo: confirm taking back the last step.
func (w *htmlOut) undo(p *diamantPlay) {
	w.raw("\n<p class=\"lead\">")
	w.text(p.UndoWhat)
	w.raw("</p>\n")
	w.action(p.ID, "/undo\" data-js class=\"actions\">\n")
	w.csrfField()
	w.versionField(p.Version)
	w.raw(`<button type="submit">`)
	w.t("diamant.undo.confirm")
	w.raw("</button>\n<a href=\"/diamant/")
	w.url(p.ID)
	w.raw(`" data-js>`)
	w.t("diamant.undo.cancel")
	w.raw("</a>\n</form>\n")
}

// cave: the screens of the game itself (cave, reveal, roundend, final): what happened,
// what to do next, the cave and the players.
func (w *htmlOut) cave(p *diamantPlay) {
	w.raw("\n")
	w.lead(p.Lead)
	w.lead(p.Mine)
	if p.ChestNote != "" {
		w.raw(`<p class="hint">`)
		w.text(p.ChestNote)
		w.raw("</p>\n")
	}
	w.votes(p)
	if p.LastCard != "" {
		w.raw(`<p class="lastcard" data-kind="`)
		w.text(p.LastKind)
		w.raw(`"><span class="icon" aria-hidden="true"></span> `)
		w.text(p.LastCard)
		w.raw(`</p>`)
	}
	w.raw("\n")
	w.news(p)
	w.drawApp(p)
	w.drawBox(p)
	if p.VoteFirst != "" {
		w.raw(`<p><a class="button big" href="/diamant/`)
		w.url(p.ID)
		w.raw(`?show=pass" data-js>`)
		w.t("diamant.vote.start", "Name", p.VoteFirst)
		w.raw(`</a></p>`)
	}
	w.raw("\n")
	w.exits(p)
	if p.Screen == "final" {
		w.again(p)
	} else {
		w.inCave(p)
	}
	w.raw("\n")
	w.players(p)
}

func (w *htmlOut) news(p *diamantPlay) {
	if len(p.News) > 0 {
		w.raw("<div class=\"news\" id=\"news\">\n")
		for _, n := range p.News {
			w.raw("<p")
			if n.Assertive {
				w.raw(` class="alarm"`)
			}
			w.raw(">")
			w.text(n.Text)
			w.raw("</p>\n")
		}
		w.raw("</div>")
	}
	w.raw("\n")
}

// drawApp: the app draws the next card.
func (w *htmlOut) drawApp(p *diamantPlay) {
	if p.DrawApp {
		w.action(p.ID, "/draw\" data-js>\n")
		w.csrfField()
		w.versionField(p.Version)
		w.raw(`<p><button type="submit" class="big">`)
		w.t("diamant.draw.app")
		w.raw("</button></p>\n</form>")
	}
	w.raw("\n")
}

// drawBox: the card drawn from the box is typed, or chosen from the list of those left.
func (w *htmlOut) drawBox(p *diamantPlay) {
	if p.DrawBox {
		w.raw("<section class=\"box\" aria-labelledby=\"box-h\">\n<h2 id=\"box-h\">")
		w.t("diamant.draw.box.heading")
		w.raw("</h2>\n")
		w.action(p.ID, "/draw\" data-js class=\"typed\">\n")
		w.csrfField()
		w.versionField(p.Version)
		w.raw(`<p class="field"><label for="card-text">`)
		w.t("diamant.draw.box.search")
		w.raw("</label>\n<input type=\"text\" id=\"card-text\" name=\"text\" autocomplete=\"off\" aria-describedby=\"card-hint\">\n<button type=\"submit\">")
		w.t("diamant.draw.box.submit")
		w.raw("</button></p>\n<p class=\"hint\" id=\"card-hint\">")
		w.t("diamant.draw.box.hint")
		w.raw("</p>\n</form>\n")
		w.action(p.ID, "/draw\" data-js class=\"cardlist\">\n")
		w.csrfField()
		w.versionField(p.Version)
		for _, g := range p.Groups {
			w.raw("<fieldset><legend>")
			w.text(g.Heading)
			w.raw("</legend>\n<ul>")
			for _, c := range g.Cards {
				w.raw(`<li data-search="`)
				w.text(c.Search)
				w.raw(`"><button type="submit" name="card" value="`)
				w.text(c.Code)
				w.raw(`">`)
				w.text(c.Label)
				w.raw(`</button></li>`)
			}
			w.raw("</ul>\n</fieldset>\n")
		}
		w.raw("</form>\n</section>")
	}
	w.raw("\n")
}

// exits: with vote cards, who left the cave is ticked.
func (w *htmlOut) exits(p *diamantPlay) {
	if p.Exits != 0 {
		w.action(p.ID, "/exits\" data-js class=\"exits\">\n")
		w.csrfField()
		w.versionField(p.Version)
		w.raw("<fieldset><legend>")
		w.t("diamant.exits.legend")
		w.raw("</legend>\n")
		for _, e := range p.Players {
			if !p.Exits.Has(e.Seat) {
				continue
			}
			w.raw(`<p class="field"><label class="choice"><input type="checkbox" name="leave" value="`)
			w.int(e.Seat)
			w.raw(`"> `)
			w.t("diamant.exits.leaves", "Name", e.Name)
			w.raw("</label></p>\n")
		}
		w.raw("</fieldset>\n<p><button type=\"submit\" class=\"big\">")
		w.t("diamant.exits.confirm")
		w.raw("</button></p>\n</form>")
	}
	w.raw("\n")
}

// again: at the end, play again or set up a new game.
func (w *htmlOut) again(p *diamantPlay) {
	w.raw("\n")
	w.action(p.ID, "/again\" class=\"actions\" data-js>\n")
	w.csrfField()
	w.raw(`<button type="submit" class="big">`)
	w.t("diamant.final.again")
	w.raw("</button>\n<a href=\"/diamant\">")
	w.t("diamant.final.new")
	w.raw("</a>\n</form>\n")
}

// iconItem is a summary's list item: its opening with the icon (markup), then text.
func (w *htmlOut) iconItem(open, text string) {
	w.raw(open)
	w.text(text)
	w.raw("</li>\n")
}

// noneItem is the one item of an empty summary list.
func (w *htmlOut) noneItem(id string) {
	w.raw("<li>")
	w.t(id)
	w.raw("</li>\n")
}

// inCave: who is in the cave, what lies on the path, the hazards seen, the deck.
func (w *htmlOut) inCave(p *diamantPlay) {
	w.raw("\n<section aria-labelledby=\"cave-h\">\n<h2 id=\"cave-h\">")
	w.t("diamant.cave.heading")
	w.raw("</h2>\n<ul class=\"summary\">\n")
	for _, r := range p.Players {
		if !p.InCave.Has(r.Seat) {
			continue
		}
		w.raw("<li>")
		w.text(w.l.N("diamant.n.carries.name", r.Hand, "Name", r.Name))
		w.raw("</li>\n")
	}
	if p.InCave == 0 {
		w.noneItem("diamant.cave.empty")
	}
	w.raw("</ul>\n<h3>")
	w.t("diamant.table.heading")
	w.raw("</h3>\n<ul class=\"summary\">\n")
	for _, c := range p.TableCards {
		w.iconItem(`<li><span class="icon treasure" aria-hidden="true"></span> `, c)
	}
	if len(p.TableCards) == 0 {
		w.noneItem("diamant.table.none")
	}
	for _, c := range p.TableIdols {
		w.iconItem(`<li><span class="icon idol" aria-hidden="true"></span> `, c)
	}
	w.raw("</ul>\n<h3>")
	w.t("diamant.hazards.heading")
	w.raw("</h3>\n<ul class=\"summary\">\n")
	for _, h := range p.Hazards {
		w.iconItem(`<li><span class="icon hazard" aria-hidden="true"></span> `, h.Text)
	}
	if len(p.Hazards) == 0 {
		w.noneItem("diamant.hazards.none")
	}
	w.raw("</ul>\n<p>")
	w.text(p.Deck)
	w.raw("</p>\n")
	if p.ShowRisk {
		w.raw(`<p class="risk">`)
		w.text(p.Risk)
		w.raw(`</p>`)
	}
	w.raw("\n</section>\n")
}

// players: the table of players; at the end without the column of what they carry.
func (w *htmlOut) players(p *diamantPlay) {
	final := p.Screen == "final"
	w.raw("<section aria-labelledby=\"players-h\">\n<h2 id=\"players-h\">")
	w.t("diamant.players.heading")
	w.raw("</h2>\n<div class=\"scroll\" role=\"group\" aria-labelledby=\"players-h\" tabindex=\"0\">\n<table class=\"players\">\n<thead><tr><th scope=\"col\">")
	w.t("diamant.col.player")
	w.raw(`</th>`)
	if !final {
		w.raw(`<th scope="col">`)
		w.t("diamant.col.carries")
		w.raw(`</th>`)
	}
	w.raw(`<th scope="col">`)
	w.t("diamant.col.chest")
	w.raw(`</th><th scope="col">`)
	w.t("diamant.col.idols")
	w.raw(`</th><th scope="col">`)
	w.t("diamant.col.score")
	w.raw("</th></tr></thead>\n<tbody>\n")
	for _, r := range p.Players {
		w.raw(`<tr><th scope="row">`)
		w.text(r.Name)
		switch {
		case r.Winner:
			w.raw(` <span class="winner">(`)
			w.t("diamant.final.winner")
			w.raw(`)</span>`)
		case !final && !r.InCave:
			w.raw(` <span class="out">(`)
			w.t("diamant.where.out")
			w.raw(`)</span>`)
		}
		if r.Away {
			w.raw(` <span class="out">(`)
			w.t("diamant.seat.awaymark")
			w.raw(`)</span>`)
		}
		w.raw(`</th>`)
		if !final {
			w.raw(`<td>`)
			w.int(r.Hand)
			w.raw(`</td>`)
		}
		w.raw(`<td>`)
		w.secret(r.Hidden, r.Chest)
		w.raw(`</td><td>`)
		if r.Idols != "" {
			w.text(r.Idols)
		} else {
			w.raw("–")
		}
		w.raw(`</td><td>`)
		w.secret(r.Hidden, r.Score)
		w.raw("</td></tr>\n")
	}
	w.raw("</tbody>\n</table>\n</div>\n</section>\n")
}

// secret writes a number, or that it is hidden.
func (w *htmlOut) secret(hidden bool, n int) {
	if hidden {
		w.t("diamant.hidden")
	} else {
		w.int(n)
	}
}

// tools: repeat, the risk, undo, the table's page and the list of tables.
func (w *htmlOut) tools(p *diamantPlay) {
	w.raw("\n<div class=\"tools\">\n<button type=\"button\" class=\"repeat\" hidden>")
	w.t("diamant.repeat")
	w.raw("</button>\n")
	switch p.Screen {
	case "vote", "pass", "voted", "undo", "final":
	default:
		w.action(p.ID, "/risk\" data-js>\n")
		w.csrfField()
		w.raw(`<button type="submit" class="secondary">`)
		if p.ShowRisk {
			w.t("diamant.risk.hide")
		} else {
			w.t("diamant.risk.show")
		}
		w.raw("</button>\n</form>")
	}
	w.raw("\n")
	if p.CanUndo && p.Screen != "undo" {
		w.raw(`<a href="/diamant/`)
		w.url(p.ID)
		w.raw(`/undo" data-js>`)
		w.t("diamant.undo.link")
		w.raw(`</a>`)
	}
	w.raw("\n")
	if p.Host || !p.Live {
		w.raw(`<a href="/diamant/`)
		w.url(p.ID)
		w.raw(`/table">`)
		if p.Live {
			w.t("diamant.table.link")
		} else {
			w.t("diamant.open.submit")
		}
		w.raw(`</a>`)
	}
	w.raw("\n<a href=\"/diamant\">")
	w.t("diamant.tables")
	w.raw("</a>\n</div>\n</div>\n")
}
