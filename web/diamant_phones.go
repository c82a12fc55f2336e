package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
)

// Diamant with a phone each. It is the same table as on one phone (diamant.go): devices
// holding seats. What is added here:
//
//   - a join code: a table with a code is "open to other phones". A seat held by the host's
//     phone and not kept by it (options.Own) is free: another phone may claim it.
//   - a lobby (options.Lobby): a table made for a phone each starts with the host's seat
//     only; players join and add their own seat with a name; the host starts the game, and
//     only then is the engine's setup fixed. A running one-phone table can be opened too:
//     then every seat exists already and joiners claim them.
//   - host controls: start, add a seat on the host's phone, remove a seat nobody holds,
//     take a seat back (it is free again for another phone to claim, which is how a seat
//     is handed from one phone to another), choose who draws, end the table, propose
//     "leave" for a seat whose phone is away.
//
// Every table option lives in the store's setup (diamantOptions); seats in its devices.

// proposal is the host's "leave" for a seat whose phone is away, pending confirmation.
// It holds for one vote only (Step).
type proposal struct {
	Seat int    `json:"seat"`
	Step string `json:"step"`
}

// defaultAwayAfter is how long a phone's stream may stay closed before its seats count as
// away (Config.AwayAfter).
const defaultAwayAfter = 30 * time.Second

func (s *Server) diamantPhoneRoutes(e *echo.Echo) {
	e.GET("/diamant/phones", s.diamantPhonesSetup)
	e.POST("/diamant/phones", s.diamantPhonesCreate, s.newTables)
	e.GET("/diamant/:id/table", s.diamantTablePage)
	e.POST("/diamant/:id/open", s.diamantOpen)
	e.POST("/diamant/:id/start", s.diamantStart)
	e.POST("/diamant/:id/seat", s.diamantSeatAction)
	e.POST("/diamant/:id/drawmode", s.diamantDrawMode)
	e.POST("/diamant/:id/end", s.diamantEnd)
	e.POST("/diamant/:id/propose", s.diamantPropose)
	e.POST("/diamant/:id/proposal", s.diamantProposal)
	e.GET("/diamant/:id/events", s.diamantEvents)
	s.joinRoutes(e)
}

// shown are the seats whose chests this device may see: its own while chests are hidden,
// every seat at the end. A seat that changed phones during the game shows its chest only
// to the phone that kept it (opt.Keepers), not to whoever holds it now.
func (t *diamantTable) shown() diamant.Seats {
	if !t.opt.Hidden || t.opt.Ended || t.state == nil || t.state.Finished() {
		return diamant.SeatsOf(0, 1, 2, 3, 4, 5, 6, 7)
	}
	seen := t.seats
	for seat, keeper := range t.opt.Keepers {
		if keeper != "" && keeper != t.device {
			seen &^= diamant.SeatsOf(seat)
		}
	}
	return seen
}

// Secrets and seats that change phones. A seat handed from one phone to another during a
// game (the host takes it back, another phone claims it) keeps its secrets from the new
// phone:
//
//   - its vote, if it has voted in the open vote, stays counted (the game loses nothing)
//     but is never shown: "You chose to leave" is shown only for a vote cast after the seat
//     last changed phones (opt.Moved);
//   - its chest, while chests are hidden, is shown only to the phone that kept it
//     (opt.Keepers: the phone holding the seat when the game started, or for a one-phone
//     table opened during its game, the first other phone to hold it); whoever else holds
//     the seat reads why it is hidden, until the end. A player whose phone died and who
//     comes back on a new one sees the chest hidden too: the server cannot tell them from
//     someone else.

// keepersAt are the devices holding each seat as a game starts: each sees its own chests.
func keepersAt(devices []table.Device, seats int) []string {
	keepers := make([]string, seats)
	for seat := range keepers {
		if h := table.Holder(devices, seat); h >= 0 {
			keepers[seat] = devices[h].ID
		}
	}
	return keepers
}

// handOver notes in opt that a seat goes from one device to another while a game runs,
// when the log is logLen long. The seat's keeper, if it had none, is the first phone that
// is not the host's to hold it (the one it goes from, or else the one it goes to): a seat
// still on the host's phone of a table opened during its game had no secret from it.
func handOver(opt *diamantOptions, seat int, from, to, host string, logLen int) {
	if opt.Lobby || seat < 0 || seat >= len(opt.Players) {
		return
	}
	for len(opt.Moved) < len(opt.Players) {
		opt.Moved = append(opt.Moved, 0)
	}
	opt.Moved[seat] = logLen
	for len(opt.Keepers) < len(opt.Players) {
		opt.Keepers = append(opt.Keepers, "")
	}
	if opt.Keepers[seat] == "" {
		opt.Keepers[seat] = from
		if from == host {
			opt.Keepers[seat] = to
		}
	}
}

// chestNote says why this device does not see the chests of seats it holds, if it does not.
func (t *diamantTable) chestNote(l *i18n.Localizer, shown diamant.Seats) string {
	hidden := t.seats &^ shown
	if hidden == 0 {
		return ""
	}
	if t.seats.Count() == 1 {
		return l.T("diamant.chest.moved")
	}
	var note []string
	for _, seat := range hidden.List() {
		note = append(note, l.T("diamant.chest.moved.name", "Name", t.names[seat]))
	}
	return strings.Join(note, " ")
}

// voteStep names the vote now open: its round, where its votes begin in the log, and the
// version made by the draw that opened it. A vote form carries it, so that the other
// phones' votes (which move the version on) do not make it stale; but after an undo, a
// draw opens a new vote at the same place of the log, and the draw's version tells the
// two apart.
func (t *diamantTable) voteStep() string {
	n := len(t.actions)
	for n > 0 && t.actions[n-1].Type == diamant.ActVote {
		n--
	}
	step := strconv.Itoa(t.state.Round()) + "." + strconv.Itoa(n)
	if n > 0 && n <= len(t.rec.Log) {
		if at := stampOf(t.rec.Log[n-1]); at > 0 {
			step += "." + strconv.FormatInt(at, 10)
		}
	}
	return step
}

// stampKey marks the version a draw made, at the end of the draw as the log keeps it.
const stampKey = `,"at":`

// stamped is an action as the log keeps it: a draw carries the version it makes (the
// engine reads the action and passes over the stamp).
func stamped(a diamant.Action, version int64) ([]byte, error) {
	raw, err := json.Marshal(a)
	if err != nil || a.Type != diamant.ActDraw || len(raw) == 0 || raw[len(raw)-1] != '}' {
		return raw, err
	}
	raw = append(raw[:len(raw)-1], stampKey...)
	return append(strconv.AppendInt(raw, version, 10), '}'), nil
}

// stampOf reads a logged draw's stamp; 0 if it has none (logged before stamps).
func stampOf(raw []byte) int64 {
	i := bytes.LastIndex(raw, []byte(stampKey))
	if i < 0 || raw[len(raw)-1] != '}' {
		return 0
	}
	at, err := strconv.ParseInt(string(raw[i+len(stampKey):len(raw)-1]), 10, 64)
	if err != nil {
		return 0
	}
	return at
}

// pendingVote is how a seat has voted in the open vote, if it has, and if it did so on the
// phone holding it now: a vote cast before the seat changed phones is not the new phone's
// to read (opt.Moved).
func (t *diamantTable) pendingVote(seat int) (leave, ok bool) {
	for i := len(t.actions) - 1; i >= 0 && t.actions[i].Type == diamant.ActVote; i-- {
		if t.actions[i].Seat == seat {
			if seat < len(t.opt.Moved) && i < t.opt.Moved[seat] {
				return false, false
			}
			return t.actions[i].Leave, true
		}
	}
	return false, false
}

// mayUndo: on a table with a phone each, only the host undoes (it never shows a vote).
func (t *diamantTable) mayUndo() bool { return !t.opt.Phones || t.host }

// notPlaying sends a request for the game of a table that has none to the table's page.
func (s *Server) notPlaying(c echo.Context, t *diamantTable) error {
	return c.Redirect(http.StatusSeeOther, "/diamant/"+t.rec.ID)
}

// seatAway tells whether the phone holding a seat has been away (its live stream closed)
// for a while. The host's own phone is never away.
func (s *Server) seatAway(t *diamantTable, seat int) bool {
	i := table.Holder(t.rec.Devices, seat)
	if i < 0 || t.rec.Devices[i].Host {
		return false
	}
	return s.presence.Away(t.rec.ID, t.rec.Devices[i].ID)
}

// phoneScreen makes the screens that differ with a phone each; it leaves p.Screen empty
// for the shared ones (cave, reveal, round end, final).
func (s *Server) phoneScreen(c echo.Context, l *i18n.Localizer, t *diamantTable, p *page.DiamantPlay) {
	st := t.state
	p.Live, p.Host = true, t.host
	p.CanUndo = p.CanUndo && t.host
	if t.opt.Ended {
		p.Screen, p.Heading, p.Ended = "final", l.T("diamant.ended.heading"), true
		p.News = nil
		s.fillCave(c, l, t, p)
		p.DrawApp, p.DrawBox, p.Groups, p.VoteFirst, p.Votes, p.CanUndo = false, false, nil, "", "", false
		p.Say = []say.Sentence{{Text: p.Heading}}
		return
	}
	if !st.VoteDue() || t.opt.Vote != votePhone {
		return
	}
	if pr := t.opt.Proposal; pr != nil && pr.Step == t.voteStep() && st.Waiting().Has(pr.Seat) {
		p.Proposal = l.T("diamant.proposal.text", "Name", st.Name(pr.Seat))
	}
	mine := st.Waiting() & t.seats
	if t.seats.Count() == 1 && mine != 0 {
		// A phone of one's own: the vote form at once, no passing the phone.
		s.fillVote(l, t, firstSeat(mine), p)
		return
	}
	if mine == 0 && t.seats.Count() == 1 {
		if leave, ok := t.pendingVote(firstSeat(t.seats)); ok {
			p.Mine = l.T("diamant.vote.mine.continue")
			if leave {
				p.Mine = l.T("diamant.vote.mine.leave")
			}
		}
	}
}

// fillVote makes p the vote screen of a seat.
func (s *Server) fillVote(l *i18n.Localizer, t *diamantTable, seat int, p *page.DiamantPlay) {
	st := t.state
	name := st.Name(seat)
	p.Screen, p.Heading = "vote", l.T("diamant.vote.heading", "Name", name)
	p.Voter = page.DiamantRow{Seat: seat, Name: name, Hand: st.Hand(seat), Chest: st.Chest(seat)}
	if !t.shown().Has(seat) {
		p.Voter.Chest, p.Voter.Hidden = 0, true
	}
	p.Lead = l.N("diamant.n.carries", st.Hand(seat))
	p.Deck = l.N("diamant.n.table", st.Table())
	p.Step = t.voteStep()
	if t.opt.Phones {
		p.Votes = l.N("diamant.n.voted", st.Voted().Count(), "Total", st.InCave().Count())
		if la, ok := t.lastAction(); ok && la.Type == diamant.ActVote {
			p.Say = []say.Sentence{{Text: p.Votes}} // another phone voted: only the count changes
		} else {
			p.Say = append(p.News, say.Sentence{Text: p.Heading})
		}
		p.News = nil
	}
}

// ---- the lobby and the table's page ----

func (s *Server) lobbyOf(c echo.Context, t *diamantTable, problem string) (page.DiamantTable, error) {
	l := s.loc(c)
	p := page.DiamantTable{ID: t.rec.ID, Version: t.rec.Version, Problem: problem, Lobby: t.opt.Lobby, Host: t.host,
		Opened: t.opt.Phones, Draw: t.opt.Draw, Hidden: t.opt.Hidden, MaxName: diamant.MaxNameRunes}
	p.Heading = l.T("diamant.table.page.heading")
	if p.Lobby {
		p.Heading = l.T("diamant.lobby.heading")
	}
	if t.rec.Code != "" && t.opt.Phones && !t.opt.Ended {
		p.Code, p.Spaced = t.rec.Code, table.SpacedCode(t.rec.Code)
		p.Link = c.Scheme() + "://" + c.Request().Host + "/join/" + t.rec.Code
		qr, err := qrSVG(p.Link, l.T("diamant.join.qr", "Code", p.Spaced))
		if err != nil {
			return p, err
		}
		p.QR = qr
	}
	free := table.FreeSeats(t.opt.Own, t.rec.Devices)
	p.Seats = make([]page.LobbySeat, 0, len(t.opt.Players))
	for i, name := range t.opt.Players {
		row := page.LobbySeat{Seat: i, Name: name, Free: slices.Contains(free, i), Own: slices.Contains(t.opt.Own, i)}
		h := table.Holder(t.rec.Devices, i)
		row.Mine = h >= 0 && t.rec.Devices[h].ID == t.device
		row.Other = h >= 0 && !row.Mine && !t.rec.Devices[h].Host
		row.Away = row.Other && s.presence.Away(t.rec.ID, t.rec.Devices[h].ID)
		switch {
		case row.Free && t.opt.Phones:
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
	p.CanStart = p.Lobby && t.host && len(p.Seats) >= diamant.MinPlayers && len(free) == 0
	if p.Lobby {
		p.Lead = l.N("diamant.n.lobby", len(p.Seats))
		if !t.host {
			p.Lead += " " + l.T("diamant.lobby.wait")
		}
	}
	p.Say = []say.Sentence{{Text: p.Lead}}
	return p, nil
}

// showLobby answers with the table's page.
func (s *Server) showLobby(c echo.Context, status int, t *diamantTable, problem string) error {
	p, err := s.lobbyOf(c, t, problem)
	if err != nil {
		return err
	}
	if problem != "" {
		p.Say = []say.Sentence{{Text: problem, Assertive: true}}
	}
	if !wantsJSON(c) {
		return renderPage(c, status, page.DiamantTablePage(s.frame(c, "diamant-table", p.Heading), p))
	}
	return writeReply(c, status, func(b []byte) ([]byte, error) { return s.appendLobbyReply(b, c, &p) })
}

func (s *Server) diamantTablePage(c echo.Context) error {
	t, err := s.loadDiamant(c, c.Param("id"))
	if err != nil {
		return err
	}
	return s.showLobby(c, http.StatusOK, t, "")
}

// ---- a new table with a phone each ----

func (s *Server) diamantPhonesSetup(c echo.Context) error {
	return s.renderPhonesSetup(c, http.StatusOK, page.DiamantPhones{Draw: drawApp, Hidden: true, MaxName: diamant.MaxNameRunes})
}

// renderPhonesSetup answers with the form of a new table with a phone each.
func (s *Server) renderPhonesSetup(c echo.Context, status int, p page.DiamantPhones) error {
	return renderPage(c, status, page.DiamantPhonesPage(s.frame(c, "diamant-phones", s.loc(c).T("diamant.phones.title")), p))
}

// checkName cleans a player's name (diamant.CleanName) and says why it cannot be one
// ("" if it can).
func checkName(l *i18n.Localizer, name string, taken []string) (string, string) {
	name = diamant.CleanName(name)
	switch {
	case name == "":
		return name, l.T("diamant.join.name.empty")
	case utf8.RuneCountInString(name) > diamant.MaxNameRunes:
		return name, l.T("diamant.join.name.long", "Limit", diamant.MaxNameRunes)
	}
	for _, n := range taken {
		if strings.EqualFold(n, name) {
			return name, l.T("diamant.join.name.taken", "Name", name)
		}
	}
	return name, ""
}

func (s *Server) diamantPhonesCreate(c echo.Context) error {
	l := s.loc(c)
	p := page.DiamantPhones{Name: c.FormValue("name"), Draw: c.FormValue("draw"), Hidden: c.FormValue("hidden") != "", MaxName: diamant.MaxNameRunes}
	if p.Draw != drawApp && p.Draw != drawBox {
		p.Problem = l.T("diamant.error.form")
		return s.renderPhonesSetup(c, http.StatusBadRequest, p)
	}
	name, problem := checkName(l, p.Name, nil)
	if problem != "" {
		p.Problem = problem
		return s.renderPhonesSetup(c, http.StatusUnprocessableEntity, p)
	}
	opt := diamantOptions{Setup: diamant.Setup{Players: []string{name}, Seed: newSeed()}, Draw: p.Draw, Vote: votePhone,
		Phones: true, Lobby: true, Hidden: p.Hidden, Own: []int{0}}
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	id, err := s.createDiamant(ctx, device, opt)
	if err != nil {
		return err
	}
	if err := s.giveCode(ctx, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id+"/table")
}

// giveCode gives a table a fresh join code (drawing again in the rare case of a clash).
func (s *Server) giveCode(ctx context.Context, id string) error {
	for {
		err := s.store.SetCode(ctx, id, table.NewJoinCode())
		if !errors.Is(err, table.ErrCodeTaken) {
			return err
		}
	}
}

// ---- host actions ----

// afterHostAct is where the host's phone goes once a change is made, when the game runs.
type afterHostAct int

const (
	backToGame      afterHostAct = iota // the game's screen (start, draw mode, end, proposals)
	stayOnTablePage                     // the table's page (seats, opening to other phones)
)

// hostAct runs a host's change of a table under its lock: change edits the options and
// devices, or returns a problem to show. The version of the form must be the table's.
func (s *Server) hostAct(c echo.Context, after afterHostAct, change func(t *diamantTable, opt *diamantOptions, devices *[]table.Device) (problem string, status int)) error {
	id := c.Param("id")
	unlock, err := s.lockTable(id)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := s.loadDiamant(c, id)
	if err != nil {
		return err
	}
	l := s.loc(c)
	if !t.host {
		return s.showLobby(c, http.StatusForbidden, t, l.T("diamant.error.host"))
	}
	if v, err := strconv.ParseInt(c.FormValue("version"), 10, 64); err != nil || v != t.rec.Version {
		return s.showLobby(c, http.StatusConflict, t, l.T("diamant.error.stale"))
	}
	opt := t.opt
	opt.Players = slices.Clone(t.opt.Players)
	opt.Own = slices.Clone(t.opt.Own)
	opt.Keepers, opt.Moved = slices.Clone(t.opt.Keepers), slices.Clone(t.opt.Moved)
	devices := make([]table.Device, len(t.rec.Devices))
	for i, d := range t.rec.Devices {
		d.Seats = slices.Clone(d.Seats)
		devices[i] = d
	}
	if problem, status := change(t, &opt, &devices); problem != "" {
		return s.showLobby(c, status, t, problem)
	}
	if err := s.save(c.Request().Context(), t, opt, devices); err != nil {
		if errors.Is(err, table.ErrConflict) {
			return s.showLobby(c, http.StatusConflict, t, l.T("diamant.error.stale"))
		}
		return err
	}
	// Out of the lobby (the game just started, or runs), back to the game unless the
	// change belongs to the table's page.
	if !opt.Lobby && after == backToGame {
		return c.Redirect(http.StatusSeeOther, "/diamant/"+id)
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id+"/table")
}

// save writes what changed of a table's options and devices, in one store write (one
// transaction, one version: a crash never leaves half of a change), and tells its phones.
func (s *Server) save(ctx context.Context, t *diamantTable, opt diamantOptions, devices []table.Device) error {
	raw, err := json.Marshal(opt)
	if err != nil {
		return err
	}
	old, _ := json.Marshal(t.opt)
	if string(raw) == string(old) {
		raw = nil
	}
	if slices.EqualFunc(devices, t.rec.Devices, func(a, b table.Device) bool {
		return a.ID == b.ID && a.Host == b.Host && slices.Equal(a.Seats, b.Seats)
	}) {
		devices = nil
	} else if devices == nil {
		devices = []table.Device{}
	}
	if raw == nil && devices == nil {
		return nil
	}
	version, err := s.store.Update(ctx, t.rec.ID, t.rec.Version, raw, devices)
	if err != nil {
		return err
	}
	s.hub.Publish(t.rec.ID, version)
	return nil
}

// diamantOpen opens a one-phone table to other phones: it gets a code; the seats the
// host keeps stay on its phone, the others are free for other phones to claim.
func (s *Server) diamantOpen(c echo.Context) error {
	return s.hostAct(c, stayOnTablePage, func(t *diamantTable, opt *diamantOptions, _ *[]table.Device) (string, int) {
		l := s.loc(c)
		if t.state == nil || opt.Ended {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		form, _ := c.FormParams()
		opt.Own = nil
		for _, v := range form["own"] {
			seat, err := strconv.Atoi(v)
			if err != nil || seat < 0 || seat >= len(opt.Players) {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			opt.Own = append(opt.Own, seat)
		}
		opt.Phones, opt.Hidden, opt.Vote = true, c.FormValue("hidden") != "", votePhone
		if t.rec.Code == "" {
			// Under the table's lock, before the options say the table is open.
			if err := s.giveCode(c.Request().Context(), t.rec.ID); err != nil {
				return l.T("diamant.error.form"), http.StatusInternalServerError
			}
		}
		return "", 0
	})
}

func (s *Server) diamantStart(c echo.Context) error {
	return s.hostAct(c, backToGame, func(t *diamantTable, opt *diamantOptions, devices *[]table.Device) (string, int) {
		l := s.loc(c)
		if !opt.Lobby {
			return l.T("diamant.error.started"), http.StatusConflict
		}
		if len(table.FreeSeats(opt.Own, *devices)) > 0 {
			return l.T("diamant.error.free"), http.StatusConflict
		}
		if _, err := diamant.New(opt.Setup); err != nil {
			var de *diamant.Error
			if errors.As(err, &de) {
				return diamantProblem(l, de), http.StatusUnprocessableEntity
			}
			return err.Error(), http.StatusInternalServerError
		}
		opt.Lobby = false
		opt.Keepers, opt.Moved = keepersAt(*devices, len(opt.Players)), nil
		return "", 0
	})
}

// diamantSeatAction: the host adds a seat on its phone (lobby), removes one nobody holds
// (lobby), takes one back from another phone, or keeps or frees one of its own.
func (s *Server) diamantSeatAction(c echo.Context) error {
	return s.hostAct(c, stayOnTablePage, func(t *diamantTable, opt *diamantOptions, devices *[]table.Device) (string, int) {
		l := s.loc(c)
		host := table.Host(*devices)
		if c.FormValue("do") == "add" {
			if !opt.Lobby || len(opt.Players) >= diamant.MaxPlayers {
				return l.T("diamant.error.seats.full"), http.StatusConflict
			}
			name, problem := checkName(l, c.FormValue("name"), opt.Players)
			if problem != "" {
				return problem, http.StatusUnprocessableEntity
			}
			opt.Players = append(opt.Players, name)
			opt.Own = append(opt.Own, len(opt.Players)-1)
			(*devices)[host].Seats = append((*devices)[host].Seats, len(opt.Players)-1)
			return "", 0
		}
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil || seat < 0 || seat >= len(opt.Players) {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		h := table.Holder(*devices, seat)
		switch c.FormValue("do") {
		case "take":
			if h < 0 || h == host {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			handOver(opt, seat, (*devices)[h].ID, (*devices)[host].ID, (*devices)[host].ID, len(t.actions))
			*devices = table.MoveSeat(*devices, seat, (*devices)[host].ID)
			opt.Own = slices.DeleteFunc(opt.Own, func(x int) bool { return x == seat })
		case "keep":
			if h != host || slices.Contains(opt.Own, seat) {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			opt.Own = append(opt.Own, seat)
		case "free":
			opt.Own = slices.DeleteFunc(opt.Own, func(x int) bool { return x == seat })
		case "remove":
			if !opt.Lobby || h != host || seat == 0 {
				return l.T("diamant.error.remove"), http.StatusConflict
			}
			opt.Players = slices.Delete(opt.Players, seat, seat+1)
			shift := func(seats []int) []int {
				out := []int{}
				for _, x := range seats {
					if x > seat {
						out = append(out, x-1)
					} else if x < seat {
						out = append(out, x)
					}
				}
				return out
			}
			opt.Own = shift(opt.Own)
			for i := range *devices {
				(*devices)[i].Seats = shift((*devices)[i].Seats)
			}
		default:
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		return "", 0
	})
}

func (s *Server) diamantDrawMode(c echo.Context) error {
	return s.hostAct(c, backToGame, func(t *diamantTable, opt *diamantOptions, _ *[]table.Device) (string, int) {
		d := c.FormValue("draw")
		if d != drawApp && d != drawBox {
			return s.loc(c).T("diamant.error.form"), http.StatusBadRequest
		}
		opt.Draw = d
		return "", 0
	})
}

func (s *Server) diamantEnd(c echo.Context) error {
	return s.hostAct(c, backToGame, func(t *diamantTable, opt *diamantOptions, _ *[]table.Device) (string, int) {
		opt.Ended, opt.Proposal = true, nil
		return "", 0
	})
}

// diamantPropose: the host proposes "leave" for a seat whose phone is away. Every phone
// shows the proposal; the host confirms it in a second step (diamantProposal).
func (s *Server) diamantPropose(c echo.Context) error {
	return s.hostAct(c, backToGame, func(t *diamantTable, opt *diamantOptions, _ *[]table.Device) (string, int) {
		l := s.loc(c)
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil || t.state == nil || !t.state.VoteDue() || !t.state.Waiting().Has(seat) {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		if !s.seatAway(t, seat) {
			return l.T("diamant.error.notaway", "Name", t.state.Name(seat)), http.StatusConflict
		}
		opt.Proposal = &proposal{Seat: seat, Step: t.voteStep()}
		return "", 0
	})
}

// diamantProposal confirms (the seat votes "leave") or withdraws the host's proposal.
func (s *Server) diamantProposal(c echo.Context) error {
	if c.FormValue("do") != "confirm" {
		return s.hostAct(c, backToGame, func(t *diamantTable, opt *diamantOptions, _ *[]table.Device) (string, int) {
			opt.Proposal = nil
			return "", 0
		})
	}
	return s.act(c, checkVersion, func(t *diamantTable) (diamant.Action, string, int) {
		l := s.loc(c)
		pr := t.opt.Proposal
		if !t.host {
			return diamant.Action{}, l.T("diamant.error.host"), http.StatusForbidden
		}
		if pr == nil || pr.Step != t.voteStep() || !t.state.Waiting().Has(pr.Seat) {
			return diamant.Action{}, l.T("diamant.error.stale"), http.StatusConflict
		}
		return diamant.Vote(pr.Seat, true), "", 0
	})
}
