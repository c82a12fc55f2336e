package diamant

import (
	"slices"
	"strconv"
	"strings"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// A Diamant table's screens as one device sees them: which screen the table is at for the
// device, and what it shows and says, from the table (web/table/diamant) and the
// sentences (web/say).

// Screen is which of a Diamant table's screens a device shows. Its value is the markup's
// data-screen, which the browser's scripts and tests read.
type Screen string

// The screens of a Diamant table.
const (
	ScreenCave     Screen = "cave"     // the round: the cards on the table and what to do next
	ScreenReveal   Screen = "reveal"   // who left, after everyone has voted
	ScreenRoundEnd Screen = "roundend" // the round has ended
	ScreenFinal    Screen = "final"    // the game is over, or the host ended it
	ScreenPass     Screen = "pass"     // the phone handed to the next voter, on its two vote cards
	ScreenVote     Screen = "vote"     // a seat's vote, stay or leave
	ScreenUndo     Screen = "undo"     // confirm taking back the last step
)

// View is what a device's Diamant screen is made from: the table as the device
// sees it, the page's language and the device's verbosity, whether the risk hint is on,
// and which seats' phones are away.
type View struct {
	L         *i18n.Localizer
	Verbosity say.Verbosity
	T         *diamanttable.Table
	Risk      bool
	Away      diamant.Seats
	Pics      string // the URL of the cards' pictures (icons/diamant/cards.svg); none: no pictures
	// Rows, when given, is the room the screen's rows of players are made in, the
	// caller's to reuse once done with the screen (a live stream's, at every change).
	Rows *[diamant.MaxPlayers]Row
}

// Screen makes in p (a zero Play) the screen the table is at for this device. show asks
// for a screen that is not the default one: "pass" (ScreenPass: hand over the phone for
// the first vote) or "reveal" (ScreenReveal: after everyone has voted), as the page's
// query asks. A Play is large: it is made in place, not returned.
func (v View) Screen(show string, p *Play) {
	l, t := v.L, v.T
	st := t.State
	names := v.names()
	p.ID, p.Version, p.Round, p.CanUndo = t.Rec.ID, t.Rec.Version, st.Round(), len(t.Actions) > 0
	p.Pics = v.Pics
	p.News = v.news()
	p.Where = v.where()
	if t.Opt.Phones {
		v.phoneScreen(p)
		if p.Screen != "" {
			return
		}
	}

	la, has := t.LastAction()
	voteResolved := has && la.Type == diamant.ActVote && st.Voted() == 0
	roundEnded := false
	for _, e := range t.Last {
		if e.Type == diamant.EvRoundEnded {
			roundEnded = true
		}
	}
	switch {
	case st.Finished():
		p.Screen, p.Heading = ScreenFinal, l.T("diamant.final.heading")
	case roundEnded:
		p.Screen, p.Heading = ScreenRoundEnd, l.T("diamant.roundend.heading", "Round", st.Round()-1)
	case has && (la.Type == diamant.ActExits || voteResolved):
		p.Screen, p.Heading = ScreenReveal, l.T("diamant.reveal.heading")
	case st.VoteDue() && t.Opt.Vote == diamanttable.VotePhone && (st.Voted() != 0 || show == string(ScreenPass) || t.Opt.Phones):
		next := t.NextVoter()
		if next < 0 {
			break // this device holds none of the waiting seats: it shows the cave
		}
		if !t.Opt.Phones && alone(t) {
			// One person with computer explorers: nobody at the table to keep the vote
			// from. The person's own vote screen, as on a phone of one's own: the choices
			// by name, and practice's "what would the expert do?" (DESIGN.md: Practice).
			v.FillVote(next, p)
			p.Say = []say.Sentence{{Text: p.Heading}}
			return
		}
		// The phone handed over opens on the voter's two cards: one tap votes (issue #24).
		p.Screen, p.Heading = ScreenPass, l.T("diamant.pass.heading", "Name", names[next])
		p.Voter = Row{Seat: next, Name: names[next], Mark: marks(names)[next], Hand: st.Hand(next)}
		p.Step = t.VoteStep()
		if st.Voted() != 0 {
			p.Lead = l.T("diamant.vote.recorded")
		}
		pass := say.Sentence{Text: strings.TrimSpace(p.Lead + " " + l.T("diamant.say.pass", "Name", names[next]))}
		p.Say = []say.Sentence{pass}
		if t.Opt.Phones {
			p.Votes = l.N("diamant.n.voted", st.Voted().Count(), "Total", st.InCave().Count())
		}
		if t.Opt.Phones && st.Voted() == 0 && drawn(t) {
			// A phone holding several seats goes from the draw straight to passing the
			// phone: what happened first (the card, shown and said), then what to do next.
			p.Say = append(slices.Clip(p.News), pass)
			p.setCard(l, t.Card)
		} else {
			p.News = nil // one phone: the card was said on the cave screen, before the pass
		}
		return
	}
	if p.Screen == "" {
		p.Screen, p.Heading = ScreenCave, l.T("diamant.round.heading", "Round", st.Round())
	}
	p.Say = p.News
	if p.Screen == ScreenFinal {
		// The last reveal first, then the game's end with the whole ranking, said once;
		// the screen shows the ranking in its summary (Where), not again in the news.
		over := slices.IndexFunc(t.Last, func(e diamant.Event) bool { return e.Type == diamant.EvGameOver })
		if over >= 0 {
			e := t.Last[over]
			gameOver := say.DiamantGameOver(l, v.Verbosity, names, e.Seats, e.Amount)
			p.News = slices.DeleteFunc(slices.Clone(p.News), func(s say.Sentence) bool { return s.Text == gameOver })
		}
		p.Say = append(slices.Clip(p.News), say.Sentence{Text: say.DiamantGameEnd(l, v.Verbosity, st, names)})
	}
	v.fillCave(p)
	if p.Mine != "" && p.Votes != "" {
		// A phone that has voted, while the others vote: its own vote is said when it was
		// the last action, then how many have voted; another phone's vote, the count alone.
		if la, ok := t.LastAction(); ok && la.Type == diamant.ActVote {
			p.Say = []say.Sentence{{Text: p.Votes}}
			if t.Seats.Has(la.Seat) {
				p.Say = []say.Sentence{{Text: p.Mine}, {Text: p.Votes}}
			}
		}
	}
}

// news is what the table's last step did, as this device hears it, made once for every
// device at the table's version that hears it alike (parts.go): the chests it may see
// matter only to the news of those who left (say.DiamantNewsSeats). Shared: never changed.
func (v View) news() []say.Sentence {
	l, t := v.L, v.T
	shown := t.Shown() & say.DiamantNewsSeats(t.Last)
	key := partKey{kind: partNews, verbosity: v.Verbosity, shown: shown}
	return playViews.sentences(t.Rec.ID, t.Rec.Version, l.Lang, key, func() []say.Sentence {
		return say.DiamantEventsSeen(l, v.Verbosity, v.names(), t.Last, shown)
	})
}

// names are the players' names as the screens say them: a computer explorer's says what
// it is (say.DiamantNames).
func (v View) names() []string { return say.DiamantNames(v.L, v.T.Names, v.T.Opt.Explorers) }

// fillCave adds the cave's situation and the actions now possible.
func (v View) fillCave(p *Play) {
	l, t := v.L, v.T
	st := t.State
	if t.Card != diamant.NoCard && (drawn(t) || st.VoteDue()) {
		// The card just drawn, shown while the vote on it goes on, to those who have voted
		// too; its news says it (the line is not read twice, nor ever after a vote: read
		// first on the reveal, "lava" would sound like a second one). The cave of a phone
		// that has voted is then the screen drawn at the draw, shared (viewMemo).
		p.setCard(l, t.Card)
	}
	if drawn(t) {
		for _, e := range t.Last {
			switch {
			case e.Type == diamant.EvHazard && e.Second:
				p.Twin = true // the second of its kind: shown beside its twin
			case e.Type == diamant.EvRoundEnded && e.Reason == diamant.EndHazard && p.LastCard == "":
				p.setCard(l, e.Card) // the hazard that ended the round, after the next round began
			}
		}
	}
	shown := t.Shown()
	names := v.names()
	c := v.cave()
	p.ChestNote = say.DiamantChestNote(l, names, t.Seats, shown)
	p.InCave = st.InCave()
	if n := len(c.rows); v.Rows != nil && n <= len(v.Rows) {
		p.Players = v.Rows[:n:n]
		copy(p.Players, c.rows)
	} else {
		p.Players = slices.Clone(c.rows)
	}
	for i := range p.Players {
		row := &p.Players[i]
		if !shown.Has(i) {
			row.Chest, row.Score, row.Hidden = 0, 0, true
		}
		row.Away = t.Opt.Phones && v.Away.Has(i)
	}
	p.Revealed = c.revealed
	if st.Finished() {
		p.Winners, p.Podium = c.winners, c.ranking
		return
	}
	if p.Screen == ScreenRoundEnd && !t.Opt.Hidden {
		// Every chest is seen by every phone: the standings, the same on each.
		p.Standings = c.ranking
	}
	p.Path, p.TableCards, p.TableIdols, p.Hazards = c.path, c.tableCards, c.tableIdols, c.hazards
	p.Deck, p.DeckCount = c.deck, c.deckCount
	if p.ShowRisk = v.Risk; p.ShowRisk {
		p.Risk = c.risk[v.Verbosity]
	}
	switch {
	case !t.Seated():
		// A phone whose seats were taken back: it follows the game, with nothing to do.
	case st.Phase() == diamant.PhaseDraw && t.Opt.Draw == diamanttable.DrawBox:
		p.DrawBox = true
		for _, g := range []struct {
			kind diamant.Kind
			id   string
		}{{diamant.KindTreasure, "diamant.kind.treasure"}, {diamant.KindIdol, "diamant.kind.idol"}, {diamant.KindHazard, "diamant.kind.hazard"}} {
			grp := Group{Heading: l.T(g.id)}
			for _, cc := range st.Remaining() {
				if cc.Kind != g.kind {
					continue
				}
				name := say.DiamantCard(l, cc.Card)
				grp.Cards = append(grp.Cards, Choice{Code: cc.Card.String(),
					Label:  l.N("diamant.n.left", cc.Count, "Card", name),
					Search: strings.ToLower(name + " " + cc.Card.String())})
			}
			if len(grp.Cards) > 0 {
				p.Groups = append(p.Groups, grp)
			}
		}
	case st.Phase() == diamant.PhaseDraw:
		p.DrawApp = true
	case st.VoteDue() && t.Opt.Vote == diamanttable.VotePhone:
		if next := t.NextVoter(); next >= 0 {
			p.VoteStart = l.T("diamant.vote.start", "Name", st.Name(next))
			if !t.Opt.Phones && alone(t) {
				p.VoteStart = l.T("diamant.vote.alone") // no phone to pass round
			}
		}
		if t.Opt.Phones {
			p.Votes = c.votes
		}
	case st.VoteDue():
		p.Exits = p.InCave
	}
}

// caveCommon is what every device at a table's version sees alike of the cave, in one
// language: made once for them all (View.cave), shared, never changed.
type caveCommon struct {
	rows       []Row // every seat's row as a device that sees every chest shows it
	revealed   []VoteCard
	winners    string
	ranking    []Place // the game's or the round's end: every player from the highest score
	path       []PathCard
	tableCards []string
	tableIdols []string
	hazards    []Hazard
	deck       string
	deckCount  int
	// What a vote screen says alike on every phone: the card drawn, the risk of the next
	// (for each verbosity), what lies on the path, and how the vote goes.
	card           string
	risk           [2]string
	onPath         string
	votes, waiting string
}

// cave is the table's caveCommon at its version, made once for every device that asks in
// the same language (parts.go).
func (v View) cave() *caveCommon {
	t := v.T
	return playViews.cave(t.Rec.ID, t.Rec.Version, v.L.Lang, func() *caveCommon {
		l, st, names := v.L, t.State, v.names()
		w, _ := st.Winners()
		mk := marks(names)
		c := &caveCommon{rows: make([]Row, len(names)), revealed: revealed(t, names, mk)}
		for i, name := range names {
			row := Row{Seat: i, Name: name, Mark: mk[i], InCave: st.InCave().Has(i), Hand: st.Hand(i), Chest: st.Chest(i),
				Score: st.Score(i), Winner: st.Finished() && w.Has(i)}
			if row.Score != row.Chest { // the idols' points: only then has the seat idols to list
				row.Idols = idolValues(st.PlayerIdols(i))
			}
			c.rows[i] = row
		}
		if st.Finished() {
			c.winners = say.And(l, say.DiamantSeatNames(names, w))
		}
		if st.Finished() || slices.ContainsFunc(t.Last, func(e diamant.Event) bool { return e.Type == diamant.EvRoundEnded }) {
			c.ranking = ranking(l, st, names, mk)
		}
		cards := st.TableCards()
		c.tableCards = make([]string, 0, len(cards))
		for _, tc := range cards {
			c.path = append(c.path, PathCard{Value: tc.Card.Value(), Stays: tc.Stays})
			if tc.Stays > 0 {
				c.tableCards = append(c.tableCards, l.N("diamant.n.oncard", tc.Stays, "Card", say.DiamantCard(l, tc.Card)))
			}
		}
		for _, card := range st.TableIdols() {
			c.tableIdols = append(c.tableIdols, say.DiamantCard(l, card))
		}
		for _, h := range st.HazardsSeen() {
			c.hazards = append(c.hazards, Hazard{Kind: h.String(), Text: l.T(hazardWarnings[h])})
		}
		c.deck, c.deckCount = l.N("diamant.n.deck", st.DeckSize()), st.DeckSize()
		if t.Card != diamant.NoCard {
			c.card = say.DiamantCard(l, t.Card)
		}
		ending, left := st.Risk()
		for vb := range c.risk {
			c.risk[vb] = say.DiamantRisk(l, say.Verbosity(vb), ending, left)
		}
		c.onPath = l.N("diamant.n.table", st.Table())
		if st.VoteDue() {
			c.votes = l.N("diamant.n.voted", st.Voted().Count(), "Total", st.InCave().Count())
			c.waiting = l.T("diamant.where.waiting", "Names", say.And(l, say.DiamantSeatNames(names, st.Waiting())))
		}
		return c
	})
}

// setCard shows the card c, drawn: its name, its picture and the number on it. Its news says
// it: the card's line is seen, not read twice.
func (p *Play) setCard(l *i18n.Localizer, c diamant.Card) {
	p.LastCard, p.LastKind, p.CardSaid = say.DiamantCard(l, c), c.Kind().String(), true
	p.LastPic, p.LastValue = picOf(c), 0
	if c.Kind() != diamant.KindHazard {
		p.LastValue = c.Value()
	}
}

// picOf is the picture of a card: its symbol in the pictures' file.
func picOf(c diamant.Card) string {
	switch c.Kind() {
	case diamant.KindTreasure:
		return "treasure"
	case diamant.KindIdol:
		return "idol"
	}
	return c.String()
}

// revealed are the vote cards turned by the table's last step, in seat order: who went on,
// who left (none when the last step revealed no vote).
func revealed(t *diamanttable.Table, names, marks []string) []VoteCard {
	i := slices.IndexFunc(t.Last, func(e diamant.Event) bool { return e.Type == diamant.EvVotesRevealed })
	if i < 0 {
		return nil
	}
	leave := t.Last[i].Seats
	stay := t.State.InCave()
	if slices.ContainsFunc(t.Last, func(e diamant.Event) bool { return e.Type == diamant.EvRoundEnded }) {
		stay = 0 // the round ended because everyone left: the cave is the next round's
	}
	var out []VoteCard
	for seat := range t.State.Players() {
		if leave.Has(seat) || stay.Has(seat) {
			out = append(out, VoteCard{Seat: seat, Name: names[seat], Mark: marks[seat], Leave: leave.Has(seat)})
		}
	}
	return out
}

// ranking is every player from the highest score, those with the same score sharing
// their place ("Ada with 12 points").
func ranking(l *i18n.Localizer, st *diamant.State, names, marks []string) []Place {
	seats := make([]int, st.Players())
	for i := range seats {
		seats[i] = i
	}
	slices.SortStableFunc(seats, func(a, b int) int { return st.Score(b) - st.Score(a) })
	out := make([]Place, len(seats))
	for i, seat := range seats {
		out[i] = Place{Rank: i + 1, Seat: seat, Name: names[seat], Mark: marks[seat], Text: l.N("diamant.n.history.score", st.Score(seat), "Name", names[seat])}
		if i > 0 && st.Score(seat) == st.Score(seats[i-1]) {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// drawn reports whether the table's last step drew a card, which its news says.
func drawn(t *diamanttable.Table) bool {
	a, ok := t.LastAction()
	return ok && a.Type == diamant.ActDraw
}

// idolValues lists the values of a seat's idols: "5, 7".
func idolValues(idols []diamant.Card) string {
	var b [32]byte
	out := b[:0]
	for i, c := range idols {
		if i > 0 {
			out = append(out, ", "...)
		}
		out = strconv.AppendInt(out, int64(c.Value()), 10)
	}
	return string(out)
}

// hazardWarnings are the ids of the hazards' warnings, made once rather than at each screen.
var hazardWarnings = func() map[diamant.Card]string {
	m := map[diamant.Card]string{}
	for _, h := range diamant.Hazards {
		m[h] = "diamant.hazard." + h.String() + ".warn"
	}
	return m
}()

// phoneScreen makes the screens that differ with a phone each; it leaves p.Screen empty
// for the shared ones (cave, reveal, round end, final).
func (v View) phoneScreen(p *Play) {
	l, t := v.L, v.T
	st := t.State
	p.Live, p.Host = true, t.Host
	p.CanUndo = p.CanUndo && t.Host
	if t.Opt.Ended {
		p.Screen, p.Heading, p.Ended = ScreenFinal, l.T("diamant.ended.heading"), true
		p.News = nil
		v.fillCave(p)
		p.DrawApp, p.DrawBox, p.Groups, p.VoteStart, p.Votes, p.CanUndo = false, false, nil, "", "", false
		p.Say = []say.Sentence{{Text: p.Heading}}
		return
	}
	if !st.VoteDue() || t.Opt.Vote != diamanttable.VotePhone {
		return
	}
	if pr := t.Opt.Proposal; pr != nil && pr.Step == t.VoteStep() && st.Waiting().Has(pr.Seat) {
		p.Proposal = l.T("diamant.proposal.text", "Name", st.Name(pr.Seat))
	}
	mine := st.Waiting() & t.Seats
	if t.Seats.Count() == 1 && mine != 0 {
		// A phone of one's own: the vote form at once, no passing the phone.
		v.FillVote(diamanttable.FirstSeat(mine), p)
		return
	}
	if mine == 0 && t.Seats.Count() == 1 {
		if leave, ok := t.PendingVote(diamanttable.FirstSeat(t.Seats)); ok {
			p.Mine = l.T("diamant.vote.mine.continue")
			if leave {
				p.Mine = l.T("diamant.vote.mine.leave")
			}
		}
	}
}

// alone: one person at the table, the other seats computer explorers.
func alone(t *diamanttable.Table) bool { return len(t.Names)-t.Opt.ExplorerSeats().Count() == 1 }

// FillVote makes p the vote screen of a seat: on the table's screen (Fill) with a phone
// of one's own, or asked for by its address.
func (v View) FillVote(seat int, p *Play) {
	l, t := v.L, v.T
	st := t.State
	name := st.Name(seat)
	p.Screen, p.Heading = ScreenVote, l.T("diamant.vote.heading", "Name", name)
	p.Voter = Row{Seat: seat, Name: name, Hand: st.Hand(seat), Chest: st.Chest(seat)}
	if !t.Shown().Has(seat) {
		p.Voter.Chest, p.Voter.Hidden = 0, true
	}
	p.Lead = l.N("diamant.n.carries", st.Hand(seat))
	c := v.cave()
	p.Deck = c.onPath
	if t.Opt.Phones {
		// What the vote is about, on a phone of one's own: the card just drawn, the risk,
		// who is still deciding (issue #24).
		if t.Card != diamant.NoCard {
			p.LastCard, p.LastKind, p.CardSaid = c.card, t.Card.Kind().String(), drawn(t)
		}
		p.ShowRisk, p.Risk = true, c.risk[v.Verbosity]
		p.Waiting = c.waiting
		// The other phones' votes move the version on while this one decides.
		p.Step = t.VoteStep()
		p.Votes = c.votes
		if la, ok := t.LastAction(); ok && la.Type == diamant.ActVote {
			p.Say = []say.Sentence{{Text: p.Votes}} // another phone voted: only the count changes
		} else {
			p.Say = append(p.News, say.Sentence{Text: p.Heading})
		}
		p.News = nil
	}
}

// undoWhat says what the table's last step was, without ever telling how someone voted;
// "" when there is none.
func undoWhat(l *i18n.Localizer, t *diamanttable.Table) string {
	a, ok := t.LastAction()
	if !ok {
		return ""
	}
	return say.DiamantUndoWhat(l, t.Opt.Players, a)
}

// Lobby is a table's page as its device sees it: its seats, who holds them and who
// is away (away lists the devices whose live stream has been closed a while), and what the
// host may do. The join code's fields are the caller's.
func Lobby(l *i18n.Localizer, t *diamanttable.Table, problem string, away []string) Table {
	p := Table{ID: t.Rec.ID, Version: t.Rec.Version, Problem: problem, Lobby: t.Opt.Lobby, Host: t.Host,
		Opened: t.Opt.Phones, Draw: t.Opt.Draw, Hidden: t.Opt.Hidden, MaxName: diamant.MaxNameRunes}
	p.Heading = l.T("diamant.table.page.heading")
	if p.Lobby {
		p.Heading = l.T("diamant.lobby.heading")
	}
	free := table.FreeSeats(t.Opt.Own, t.Rec.Devices)
	p.Seats = make([]LobbySeat, 0, len(t.Opt.Players))
	names := say.DiamantNames(l, t.Opt.Players, t.Opt.Explorers)
	mk := marks(names)
	for i, name := range names {
		row := LobbySeat{Seat: i, Name: name, Mark: mk[i], Free: slices.Contains(free, i), Own: slices.Contains(t.Opt.Own, i),
			Explorer: t.Opt.IsExplorer(i)}
		h := table.Holder(t.Rec.Devices, i)
		row.Mine = h >= 0 && t.Rec.Devices[h].ID == t.Device
		row.Other = h >= 0 && !row.Mine && !t.Rec.Devices[h].Host
		row.Away = row.Other && slices.Contains(away, t.Rec.Devices[h].ID)
		switch {
		case row.Explorer:
			row.Status = l.T("diamant.seat.explorer")
		case row.Free && t.Opt.Phones:
			row.Status = l.T("diamant.seat.free")
		case row.Mine:
			row.Status = l.T("diamant.seat.here")
		case row.Away:
			row.Status = l.T("diamant.seat.away")
		default:
			row.Status = l.T("diamant.seat.other")
		}
		p.Seats = append(p.Seats, row)
	}
	p.CanStart = p.Lobby && t.Host && len(p.Seats) >= diamant.MinPlayers && len(free) == 0
	for _, lv := range diamant.Levels {
		p.Levels = append(p.Levels, string(lv))
	}
	if p.Lobby {
		p.Lead = l.N("diamant.n.lobby", len(p.Seats))
		switch {
		case !t.Host:
			p.Lead += " " + l.T("diamant.lobby.wait")
		case p.CanStart:
			p.Lead += " " + l.T("diamant.lobby.ready") // the host hears when the game can start
		}
	}
	p.Say = []say.Sentence{{Text: p.Lead}}
	return p
}

// SeatedElsewhere are the names of the seats that other phones hold, in seat order: a
// lobby's live news says who took a seat since the last view (LobbyJoined).
func SeatedElsewhere(t *diamanttable.Table) []string {
	free := table.FreeSeats(t.Opt.Own, t.Rec.Devices)
	var out []string
	for i, name := range t.Opt.Players {
		h := table.Holder(t.Rec.Devices, i)
		if h >= 0 && t.Rec.Devices[h].ID != t.Device && !slices.Contains(free, i) {
			out = append(out, name)
		}
	}
	return out
}

// LobbyJoined says who took a seat on another phone, from the names seated elsewhere
// before and now ("Bruno takes a seat."); nothing when nobody did.
func LobbyJoined(l *i18n.Localizer, before, now []string) []say.Sentence {
	var joined []string
	for _, name := range now {
		if !slices.Contains(before, name) {
			joined = append(joined, name)
		}
	}
	if len(joined) == 0 {
		return nil
	}
	return []say.Sentence{{Text: l.N("diamant.n.lobby.joined", len(joined), "Names", say.And(l, joined))}}
}
