package web

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
	donutstable "tavolo/web/table/donuts"
)

// Transcripts (issue #13, "Keep it right"): for each language, everything the app says in
// one seeded Diamant game on one phone, the same game of one person and two computer
// explorers (issue #28), the same game with a phone each, a second game of the moments the
// first lacks (one player alone in the cave, idols lost, a tie; issue #25), and one Donuts
// game against the computer, played through the real handlers as the pages' scripts play
// them, and kept in testdata/transcripts/LANG/; each once with whole sentences (NAME.txt)
// and once by phones set to brief announcements (NAME.brief.txt, issue #14). A change to any sentence shows up as a
// diff of those files, which a reviewer reads aloud. The Donaz clock speaks from the
// browser: pwa/test/transcripts.test.mjs keeps its transcripts beside these.
//
// After a change of sentences, on purpose:
//
//	go test ./web -run Transcripts -update
//
// (or TAVOLO_UPDATE_TRANSCRIPTS=1 go test ./web -run Transcripts), then read the diff.

var updateTranscripts = flag.Bool("update", false, "rewrite web/testdata/transcripts with what the app says now")

var transcriptLangs = []string{"en", "it", "fr", "sk"}

// The games: fixed names, seeds and policies, so every run says the same.
const (
	transcriptSeed          = 2168   // Diamant's seed: rounds lost to hazards and rounds emptied, an idol taken, leftovers shared
	transcriptUndoAt        = 2      // the host undoes the second draw of the game, then draws again
	transcriptBoard         = "4021" // Donuts' board number
	transcriptAI            = 7      // the computer's seed
	transcriptLevel         = "normal"
	transcriptDonutsUndoAt  = 4 // before the person's fourth donut, the third is taken back
	transcriptDonutsWhereAt = 8 // after the eighth step (the undo is the fourth), "where are we?"
)

var transcriptPlayers = []string{"Ada", "Bruno", "Chiara"}

// transcriptLeaves is every player's policy: leave once carrying 3 diamonds more per seat
// (Ada 3, Bruno 6, Chiara 9), otherwise go on.
func transcriptLeaves(seat, hand int) bool { return hand >= 3+3*seat }

// updating tells whether the transcripts are being rewritten rather than compared.
func updating() bool { return *updateTranscripts || os.Getenv("TAVOLO_UPDATE_TRANSCRIPTS") == "1" }

func TestTranscripts(t *testing.T) {
	for _, verbosity := range []string{say.VerbosityFull, say.VerbosityBrief} {
		// One server a verbosity: the four languages' joins by code (two phones, a look and
		// a join each) stay within what one address may try at once (joinBurst).
		s, ts := newServerPairWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
		suffix := ".txt"
		if verbosity == say.VerbosityBrief {
			suffix = ".brief.txt"
		}
		for _, lang := range transcriptLangs {
			t.Run(verbosity+"/"+lang, func(t *testing.T) {
				t.Parallel()
				in := transcriptPhones{lang: lang, verbosity: verbosity}
				t.Run("diamant-one-phone", func(t *testing.T) {
					checkTranscript(t, lang, "diamant-one-phone"+suffix, diamantOnePhoneTranscript(t, s, ts, in))
				})
				t.Run("diamant-explorers", func(t *testing.T) {
					checkTranscript(t, lang, "diamant-explorers"+suffix, diamantExplorersTranscript(t, s, ts, in))
				})
				t.Run("diamant-moments", func(t *testing.T) {
					checkTranscript(t, lang, "diamant-moments"+suffix, diamantMomentsTranscript(t, s, ts, in))
				})
				t.Run("diamant-phones", func(t *testing.T) {
					checkTranscript(t, lang, "diamant-phones"+suffix, diamantPhonesTranscript(t, s, ts, in))
				})
				t.Run("donuts-computer", func(t *testing.T) {
					checkTranscript(t, lang, "donuts-computer"+suffix, donutsTranscript(t, s, ts, in))
				})
			})
		}
	}
}

// transcriptPhones is how a transcript's phones are set: their language and verbosity.
type transcriptPhones struct {
	lang, verbosity string
}

// ---- the transcript ----

// transcript is what was said, line by line:
//
//	# Ada draws a card          a step: what was done (the test's words, in English)
//	heading: Round 1 of 5       the heading a screen reader is moved to
//	alarm: …                    a sentence said at once, over the others (assertive)
//	…                           a sentence said in turn (polite)
//
// With a phone each, every line but the steps begins with the phone that says it:
// "[Bruno] …". Ids and join codes are replaced by placeholders.
type transcript struct {
	lines []string
	hide  []string // pairs: a text, its placeholder
}

func (tr *transcript) step(format string, a ...any) {
	if len(tr.lines) > 0 {
		tr.lines = append(tr.lines, "")
	}
	tr.lines = append(tr.lines, "# "+fmt.Sprintf(format, a...))
}

// hidden replaces text by a placeholder wherever it is said.
func (tr *transcript) hidden(text, placeholder string) {
	tr.hide = append(tr.hide, text, placeholder)
}

func (tr *transcript) line(who, text string) {
	if who != "" {
		text = "[" + who + "] " + text
	}
	tr.lines = append(tr.lines, text)
}

// hear writes what a page says of a reply: the heading, if focus moves to it, then the
// alarms and then the rest, as diamant.js and donuts.js say them.
func (tr *transcript) hear(who, heading string, announce []say.Sentence) {
	if heading != "" {
		tr.line(who, "heading: "+heading)
	}
	for _, assertive := range []bool{true, false} {
		for _, s := range announce {
			if s.Assertive == assertive && strings.TrimSpace(s.Text) != "" {
				if assertive {
					tr.line(who, "alarm: "+s.Text)
				} else {
					tr.line(who, s.Text)
				}
			}
		}
	}
}

func (tr *transcript) String() string {
	return strings.NewReplacer(tr.hide...).Replace(strings.Join(tr.lines, "\n") + "\n")
}

// checkTranscript compares a transcript with its file, or rewrites the file.
func checkTranscript(t *testing.T, lang, name string, tr *transcript) {
	t.Helper()
	path := filepath.Join("testdata", "transcripts", lang, name)
	got := tr.String()
	if updating() {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	const how = "If the change is meant, rewrite the transcripts with\n\tgo test ./web -run Transcripts -update\n" +
		"and read the diff (git diff web/testdata/transcripts) aloud."
	raw, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Fatalf("web/%s is missing.\n%s", path, how)
	}
	require.NoError(t, err)
	if want := string(raw); want != got {
		t.Errorf("web/%s: what the app says has changed.\n%s\n%s", path, firstDifference(want, got), how)
	}
}

// firstDifference shows where two texts part: the first differing line with the line
// before it, and how many lines differ.
func firstDifference(want, got string) string {
	w, g := strings.Split(strings.TrimSuffix(want, "\n"), "\n"), strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	first, differ := -1, 0
	for i := range max(len(w), len(g)) {
		if i >= len(w) || i >= len(g) || w[i] != g[i] {
			differ++
			if first < 0 {
				first = i
			}
		}
	}
	at := func(lines []string, i int) string {
		if i < len(lines) {
			return lines[i]
		}
		return "(the end)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "First difference at line %d (%d lines differ, the file has %d, now %d):\n", first+1, differ, len(w), len(g))
	if first > 0 {
		fmt.Fprintf(&b, "  %s\n", at(w, first-1))
	}
	fmt.Fprintf(&b, "- %s\n+ %s", at(w, first), at(g, first))
	return b.String()
}

// ---- a page's script ----

// scriptPhone is a phone whose page script sends forms and follows marked links asking
// for JSON, as diamant.js and donuts.js do.
type scriptPhone struct {
	t    *testing.T
	name string
	seat int
	c    *client
	csrf string

	// What its page shows now, for a phone that follows the table live.
	version int64
	heading string
	html    string
	events  <-chan sseEvent
}

// newScriptPhone is a new browser with the page's language chosen, and its verbosity when
// brief (by the settings form).
func newScriptPhone(t *testing.T, ts *httptest.Server, in transcriptPhones, name string, seat int) *scriptPhone {
	c := newClient(t, ts)
	res, _ := c.get("/?lang="+in.lang, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	p := &scriptPhone{t: t, name: name, seat: seat, c: c, csrf: c.csrf()}
	if in.verbosity != say.VerbosityFull {
		require.Equal(t, "/settings?saved=1", p.post("/settings", url.Values{"lang": {in.lang}, "text": {"100"}, "contrast": {"standard"},
			"motion": {"system"}, "rate": {"1"}, "sound": {"on"}, "vibrate": {"on"}, "verbosity": {in.verbosity}}))
	}
	return p
}

// post sends a form as the page's plain form does (no script): the 303's address.
func (p *scriptPhone) post(path string, form url.Values) string {
	p.t.Helper()
	form.Set("_csrf", p.csrf)
	res, body := p.c.do(http.MethodPost, path, strings.NewReader(form.Encode()), nil)
	require.Equal(p.t, http.StatusSeeOther, res.StatusCode, body)
	return res.Header.Get("Location")
}

// ask sends a request as the page's script does and decodes its JSON reply into reply.
func (p *scriptPhone) ask(method, path string, form url.Values, reply any) {
	p.t.Helper()
	var res *http.Response
	var body string
	if method == http.MethodGet {
		res, body = p.c.get(path, asJSON)
	} else {
		form.Set("_csrf", p.csrf)
		res, body = p.c.do(method, path, strings.NewReader(form.Encode()), asJSON)
	}
	require.Equal(p.t, http.StatusOK, res.StatusCode, "%s %s: %s", method, path, body)
	require.NoError(p.t, json.Unmarshal([]byte(body), reply), body)
}

// diamant asks for a Diamant screen (or the table's page) and puts it on the page.
func (p *scriptPhone) diamant(method, path string, form url.Values) diamantReply {
	p.t.Helper()
	var r diamantReply
	p.ask(method, path, form, &r)
	p.version, p.heading, p.html = r.Version, heading(r.HTML), r.HTML
	return r
}

// hear writes what the phone says of a reply to its own request: diamant.js moves focus
// to the heading and says the reply's sentences.
func (p *scriptPhone) hear(tr *transcript, who string, r diamantReply) {
	tr.hear(who, p.heading, r.Announce)
}

// where writes what "Where are we?" (the S key) says on the phone's screen now.
func (p *scriptPhone) where(tr *transcript, who string) {
	p.t.Helper()
	where, _ := whereOf(p.t, p.html)
	tr.line(who, "where: "+where)
}

// history writes the history page as the phone reads it, line by line through its main
// landmark: the heading as "heading:", a round's heading as "round:", the paragraphs, and
// the list items as "- "; what is hidden is not read, and links and buttons are not lines.
func (p *scriptPhone) history(tr *transcript, who, at string) {
	p.t.Helper()
	res, body := p.c.get(at+"/history", nil)
	require.Equal(p.t, http.StatusOK, res.StatusCode, body)
	for _, n := range markup.Parse(body).Get(p.t, markup.Role("main")).All(markup.Shown) {
		text := n.Text()
		switch {
		case text == "":
		case n.Role() == "heading" && n.Level() == 1:
			tr.line(who, "heading: "+text)
		case n.Role() == "heading" && n.Level() == 2:
			tr.line(who, "round: "+text)
		case n.Role() == "heading":
			p.t.Fatalf("a heading the history's transcript does not expect: %s", n)
		case n.Role() == "paragraph":
			tr.line(who, text)
		case n.Role() == "listitem":
			tr.line(who, "- "+text)
		}
	}
}

// follow reads the phone's live stream up to the table's version v, and writes what the
// page says of each event it shows: an event at a version the page has already (its own
// action's reply came first) is not shown; a new screen moves focus to its heading, a
// change of the same screen leaves focus where it was (diamant-live.js, diamant.js).
func (p *scriptPhone) follow(tr *transcript, v int64) {
	p.t.Helper()
	for {
		e := next(p.t, p.events)
		require.Empty(p.t, e.Event, "%s: an event the transcript does not expect: %s", p.name, e.Data)
		at, err := strconv.ParseInt(e.ID, 10, 64)
		require.NoError(p.t, err, e.ID)
		require.LessOrEqual(p.t, at, v, "%s: an event past the table's version", p.name)
		var r diamantReply
		require.NoError(p.t, json.Unmarshal([]byte(e.Data), &r), e.Data)
		if r.Patch != nil && r.Version > p.version {
			// A vote's patch: the same screen, focus where it was (diamant.js applyPatch).
			html, err := r.Patch.Apply(p.html, r.Version)
			require.NoError(p.t, err, "%s", p.name)
			p.version, p.html = r.Version, html
			tr.hear(p.name, "", r.Announce)
		} else if r.Version > p.version {
			h := heading(r.HTML)
			shown := h
			if h == p.heading {
				shown = ""
			}
			p.version, p.heading, p.html = r.Version, h, r.HTML
			tr.hear(p.name, shown, r.Announce)
		}
		if at == v {
			return
		}
	}
}

// open opens the phone's live stream, from the version its page shows.
func (p *scriptPhone) open(path string) {
	p.t.Helper()
	events, stop := openStream(p.t, p.c, path+"?since="+strconv.FormatInt(p.version, 10))
	p.t.Cleanup(stop)
	p.events = events
}

// screenOf is the name of the Diamant screen a page shows.
func screenOf(t *testing.T, h string) string {
	t.Helper()
	screen, _ := screenAndVersion(t, h)
	return screen
}

// hasForm tells whether a screen has a form sent to the address action (at+"/draw").
func hasForm(h, action string) bool {
	return markup.Parse(h).Find(markup.Role("form"), markup.Attr("action", action)) != nil
}

// hasLink tells whether a screen has a link to the address href (at+"?show=pass").
func hasLink(h, href string) bool {
	return markup.Parse(h).Find(markup.Role("link"), markup.Attr("href", href)) != nil
}

// diamantHand is what a seat carries now, as the store has the table: the players' policy
// reads it.
func diamantHand(t *testing.T, s *Server, id string, seat int) int {
	rec, err := s.Store.Load(context.Background(), id)
	require.NoError(t, err)
	r, err := diamanttable.Replay(rec)
	require.NoError(t, err)
	return r.State.Hand(seat)
}

func choiceOf(leave bool) (string, string) {
	if leave {
		return "leave", "to leave"
	}
	return "continue", "to go on"
}

// ---- Diamant on one phone ----

// diamantOnePhoneTranscript plays the game on one phone: the app draws, the phone goes
// round for each secret vote, the host undoes one draw.
func diamantOnePhoneTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones) *transcript {
	return diamantOnePhoneTranscriptOf(t, s, ts, in, url.Values{"name": transcriptPlayers}, strings.Join(transcriptPlayers, ", "))
}

// diamantExplorersTranscript is the same game on one phone, Ada's alone with two computer
// explorers, an easy one and a hard one (issue #28): they vote by themselves once she has.
func diamantExplorersTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones) *transcript {
	return diamantOnePhoneTranscriptOf(t, s, ts, in, url.Values{"name": transcriptPlayers[:1], "explorers-easy": {"1"}, "explorers-hard": {"1"}},
		transcriptPlayers[0]+" and two computer explorers, easy and hard")
}

// diamantPlay is how a scripted one-phone game goes: its seed, each player's policy, and
// the draw undone (0: none).
type diamantPlay struct {
	seed   int
	leaves func(seat, hand int) bool
	undoAt int
}

// The transcripts' main game: rounds lost to hazards and rounds emptied, an idol taken,
// leftovers shared, one draw undone.
var mainPlay = diamantPlay{seed: transcriptSeed, leaves: transcriptLeaves, undoAt: transcriptUndoAt}

// momentsPlay is a game of the moments the main one lacks (issue #25): Ada and Bruno
// leave together once they carry 5 diamonds, Chiara never does. So Chiara is left alone
// in the cave (a treasure all hers, her hand lost to a hazard), idols are lost with the
// round, and the game ends in a tie between Ada and Bruno.
var momentsPlay = diamantPlay{seed: 1, leaves: func(seat, hand int) bool { return seat < 2 && hand >= 5 }}

// diamantMomentsTranscript plays momentsPlay on one phone.
func diamantMomentsTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones) *transcript {
	return diamantPlayTranscript(t, s, ts, in, url.Values{"name": transcriptPlayers}, strings.Join(transcriptPlayers, ", "), momentsPlay)
}

// diamantOnePhoneTranscriptOf plays a one-phone game of the setup form's players (and
// explorers), whose first players are transcriptPlayers', said in the steps as who.
func diamantOnePhoneTranscriptOf(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones, form url.Values, who string) *transcript {
	return diamantPlayTranscript(t, s, ts, in, form, who, mainPlay)
}

// diamantPlayTranscript plays a one-phone game as play says.
func diamantPlayTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones, form url.Values, who string, play diamantPlay) *transcript {
	tr := &transcript{}
	p := newScriptPhone(t, ts, in, "", 0)
	form.Set("draw", diamanttable.DrawApp)
	form.Set("vote", diamanttable.VotePhone)
	form.Set("seed", strconv.Itoa(play.seed))
	loc := p.post("/diamant", form)
	id := strings.TrimPrefix(loc, "/diamant/")
	tr.hidden(id, "ID")
	at := "/diamant/" + id

	tr.step("The game of %s starts (the page loads)", who)
	r := p.diamant(http.MethodGet, at, nil)
	p.hear(tr, "", r)
	draws, undo := 0, false
	asked := map[string]bool{} // the screens where the player has pressed S once
	for range 1000 {
		screen := screenOf(t, r.HTML)
		// "Where are we?" on the first screen of each kind that has something new to
		// say, and at each round's end; the history at the first round's end and at the end.
		if (screen == "vote" || screen == "pass") && !asked[screen] || screen == "roundend" || screen == "final" {
			asked[screen] = true
			tr.step("S: where are we?")
			p.where(tr, "")
			if screen == "final" || screen == "roundend" && !asked["history"] {
				asked["history"] = true
				tr.step("The history of the game (its page loads)")
				p.history(tr, "", at)
			}
		}
		switch {
		case screen == "final":
			return tr
		case undo:
			undo = false
			tr.step("Undo: the undo screen")
			r = p.diamant(http.MethodGet, at+"/undo", nil)
			p.hear(tr, "", r)
			tr.step("Undo: confirmed")
			r = p.diamant(http.MethodPost, at+"/undo", url.Values{"version": {strconv.FormatInt(r.Version, 10)}})
		case screen == "pass" || screen == "vote":
			// The phone handed over opens on the voter's cards: one tap votes.
			voter := field(t, r.HTML, "seat")
			seat, err := strconv.Atoi(voter)
			require.NoError(t, err, r.HTML)
			choice, says := choiceOf(play.leaves(seat, diamantHand(t, s, id, seat)))
			tr.step("%s votes %s", transcriptPlayers[seat], says)
			r = p.diamant(http.MethodPost, at+"/vote", url.Values{"seat": {voter}, "choice": {choice}, "version": {strconv.FormatInt(r.Version, 10)}})
		case hasLink(r.HTML, at+"?show=pass"):
			tr.step("The vote begins: the phone is passed round")
			r = p.diamant(http.MethodGet, at+"?show=pass", nil)
		case hasForm(r.HTML, at+"/draw"):
			draws++
			undo = draws == play.undoAt
			tr.step("The app draws a card")
			r = p.diamant(http.MethodPost, at+"/draw", url.Values{"version": {strconv.FormatInt(r.Version, 10)}})
		default:
			t.Fatalf("no way on from the %q screen: %s", screen, r.HTML)
		}
		p.hear(tr, "", r)
	}
	t.Fatal("the game did not end")
	return nil
}

// ---- Diamant with a phone each ----

// diamantPhonesTranscript plays the same game with a phone each: Ada's phone opens the
// table and is its host, the others join by its code; each phone votes on its own, and
// follows the table by its live stream.
func diamantPhonesTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones) *transcript {
	tr := &transcript{}
	host := newScriptPhone(t, ts, in, transcriptPlayers[0], 0)
	loc := host.post("/diamant/phones", url.Values{"name": {host.name}, "draw": {diamanttable.DrawApp}, "hidden": {"1"}})
	id := strings.TrimSuffix(strings.TrimPrefix(loc, "/diamant/"), "/table")
	tr.hidden(id, "ID")
	at := "/diamant/" + id
	// The seed is the one-phone game's: the same cards come.
	changeOptions(t, s, id, func(opt *diamanttable.Options) { opt.Seed = transcriptSeed })

	tr.step("%s opens a table for a phone each (the table's page loads)", host.name)
	r := host.diamant(http.MethodGet, at+"/table", nil)
	host.hear(tr, host.name, r)
	code := joinCode(t, r.HTML)
	tr.hidden(table.SpacedCode(code), "CODE")
	tr.hidden(code, "CODE")
	host.open(at + "/events")
	phones := []*scriptPhone{host}

	// everyone follows the table's stream to version v, in seat order.
	everyone := func(v int64) {
		for _, p := range phones {
			p.follow(tr, v)
		}
	}
	for seat, name := range transcriptPlayers[1:] {
		p := newScriptPhone(t, ts, in, name, seat+1)
		_, body := p.c.get("/join/"+code, nil)
		require.Contains(t, body, `name="seat" value="new"`)
		tr.step("%s joins with the code (the table's page loads)", name)
		require.Equal(t, at, p.post("/join/"+code, url.Values{"seat": {"new"}, "name": {name}}))
		r := p.diamant(http.MethodGet, at, nil)
		p.hear(tr, name, r)
		everyone(r.Version)
		p.open(at + "/events")
		phones = append(phones, p)
	}

	tr.step("%s starts the game (the host's page loads the game)", host.name)
	require.Equal(t, at, host.post(at+"/start", url.Values{"version": {strconv.FormatInt(host.version, 10)}}))
	r = host.diamant(http.MethodGet, at, nil)
	host.hear(tr, host.name, r)
	everyone(r.Version)

	draws, undo := 0, false
	// "Where are we?" on every phone: each hears its own chest only, while chests are hidden.
	everyoneAsks := func() {
		tr.step("Every phone: S, where are we?")
		for _, p := range phones {
			p.where(tr, p.name)
		}
	}
	askedVote, rounds := false, 0
	for range 1000 {
		if screenOf(t, host.html) == "final" {
			for _, p := range phones {
				require.Equal(t, "final", screenOf(t, p.html), p.name)
			}
			everyoneAsks()
			tr.step("%s reads the history of the game (its page loads)", host.name)
			host.history(tr, host.name, at)
			return tr
		}
		if screenOf(t, host.html) == "roundend" {
			rounds++
			everyoneAsks()
			if rounds == 1 {
				// Bruno's phone: the chests of the others stay hidden in the history too.
				tr.step("%s reads the history of the game (its page loads)", phones[1].name)
				phones[1].history(tr, phones[1].name, at)
			}
		}
		if !askedVote && screenOf(t, phones[0].html) == "cave" && screenOf(t, phones[1].html) == "vote" {
			// Ada has voted, Bruno not yet: nothing tells how she voted.
			askedVote = true
			everyoneAsks()
		}
		if undo {
			undo = false
			tr.step("%s undoes: the undo screen", host.name)
			r := host.diamant(http.MethodGet, at+"/undo", nil)
			host.hear(tr, host.name, r)
			tr.step("%s undoes: confirmed", host.name)
			r = host.diamant(http.MethodPost, at+"/undo", url.Values{"version": {strconv.FormatInt(r.Version, 10)}})
			host.hear(tr, host.name, r)
			everyone(r.Version)
			continue
		}
		var voter *scriptPhone
		for _, p := range phones {
			if screenOf(t, p.html) == "vote" {
				voter = p
				break
			}
		}
		switch {
		case voter != nil:
			// The vote form as the page has it: its version may be older than the table's,
			// its step names the vote.
			step := voteStep(t, voter.html)
			choice, says := choiceOf(transcriptLeaves(voter.seat, diamantHand(t, s, id, voter.seat)))
			tr.step("%s votes %s, on their own phone", voter.name, says)
			r := voter.diamant(http.MethodPost, at+"/vote", url.Values{"seat": {strconv.Itoa(voter.seat)}, "choice": {choice},
				"version": {strconv.FormatInt(voter.version, 10)}, "step": {step}})
			voter.hear(tr, voter.name, r)
			everyone(r.Version)
		case hasForm(host.html, at+"/draw"):
			draws++
			undo = draws == transcriptUndoAt
			tr.step("%s has the app draw a card", host.name)
			r := host.diamant(http.MethodPost, at+"/draw", url.Values{"version": {strconv.FormatInt(host.version, 10)}})
			host.hear(tr, host.name, r)
			everyone(r.Version)
		default:
			t.Fatalf("no way on from the host's %q screen: %s", screenOf(t, host.html), host.html)
		}
	}
	t.Fatal("the game did not end")
	return nil
}

// ---- Donuts against the computer ----

// donutsTranscript plays chocolate against the computer at a fixed level and seed: the
// person always takes the first playable plate, row by row, and takes one move back.
func donutsTranscript(t *testing.T, s *Server, ts *httptest.Server, in transcriptPhones) *transcript {
	tr := &transcript{}
	p := newScriptPhone(t, ts, in, "", 0)
	loc := p.post("/donuts", url.Values{"mode": {donutstable.ModeComputer}, "level": {transcriptLevel}, "color": {"chocolate"},
		"first": {"chocolate"}, "board": {"number"}, "seed": {transcriptBoard}})
	id := strings.TrimPrefix(loc, "/donuts/t/")
	tr.hidden(id, "ID")
	at := "/donuts/t/" + id
	// The computer's seed is drawn at random: fix it before its first donut.
	changeOptions(t, s, id, func(opt *donutstable.Options) { opt.AI = transcriptAI })

	tr.step("The board opens (the page loads)")
	var r donutsReply
	p.ask(http.MethodGet, at, nil, &r)
	tr.hear("", r.Heading, r.Announce)
	donutsWhereStep(t, tr, r)
	for move := 1; !r.Finished; move++ {
		require.Less(t, move, 100, "the game did not end")
		version := url.Values{"version": {strconv.FormatInt(r.Version, 10)}}
		if move == transcriptDonutsUndoAt {
			tr.step("Take back the last move")
			r = donutsReply{}
			p.ask(http.MethodPost, at+"/undo", version, &r)
			tr.hear("", "", r.Announce)
			donutsWhereStep(t, tr, r)
			continue
		}
		plate := -1
		for i, c := range r.Cells {
			if c.Playable {
				plate = i
				break
			}
		}
		require.GreaterOrEqual(t, plate, 0, "no playable plate")
		row, col := plate/6+1, plate%6+1
		tr.step("Place a donut at row %d, column %d", row, col)
		version.Set("plate", fmt.Sprintf("%d,%d", row, col))
		r = donutsReply{}
		p.ask(http.MethodPost, at+"/place", version, &r)
		tr.hear("", "", r.Announce)
		if move == transcriptDonutsWhereAt {
			donutsWhereStep(t, tr, r)
		}
	}
	donutsWhereStep(t, tr, r)
	tr.step("Go to the history of the moves")
	tr.line("", "heading: "+markup.Parse(r.History).Get(t, markup.ID("donuts-history-h")).Text())
	summary, moves := donutsHistoryOf(t, r.History)
	tr.line("", summary)
	for _, m := range moves {
		tr.line("", m)
	}
	return tr
}

// donutsWhereStep writes what "where are we?" (the S key) says of a board.
func donutsWhereStep(t *testing.T, tr *transcript, r donutsReply) {
	tr.step("Press S: where are we?")
	tr.line("", donutsWhereOf(t, r.Info))
}
