package diamant

import "math/bits"

// ActionType tells what an Action does.
type ActionType uint8

// The actions of a game.
const (
	_ ActionType = iota
	// ActDraw draws Card from the deck, or a random card from the seeded source when Card
	// is NoCard.
	ActDraw
	// ActVote is one explorer's secret vote: Seat continues, or leaves when Leave is true.
	// The votes are revealed and resolved when the last explorer in the cave has voted.
	ActVote
	// ActExits is a whole vote at once: the explorers in Seats leave, every other explorer
	// in the cave continues.
	ActExits
)

// Action is one move of the game. Make one with Draw, DrawRandom, Vote or Exits.
type Action struct {
	Type  ActionType
	Card  Card
	Seat  int
	Leave bool
	Seats Seats
}

// Draw draws the named card: for tables that draw from the physical deck.
func Draw(c Card) Action { return Action{Type: ActDraw, Card: c} }

// DrawRandom draws a random card from the game's seeded source.
func DrawRandom() Action { return Action{Type: ActDraw} }

// Vote is seat's secret vote: continue, or leave when leave is true.
func Vote(seat int, leave bool) Action { return Action{Type: ActVote, Seat: seat, Leave: leave} }

// Exits resolves the vote at once: the seats given leave, the others continue.
func Exits(leavers Seats) Action { return Action{Type: ActExits, Seats: leavers} }

// Replay starts a game from setup and applies actions in order. When an action is refused
// it returns the state before that action and a *ReplayError holding the action's index
// (-1 and a nil state when the setup is refused).
func Replay(setup Setup, actions []Action) (*State, error) {
	s := new(State)
	var buf [64]Event // reused: replay needs the state, not the events
	if _, err := s.reset(setup, buf[:0]); err != nil {
		return nil, &ReplayError{At: -1, Err: err.(*Error)}
	}
	for i, a := range actions {
		if _, err := s.Step(a, buf[:0]); err != nil {
			return s, &ReplayError{At: i, Err: err.(*Error)}
		}
	}
	return s, nil
}

// Apply applies one action and returns what happened. A refused action returns an *Error
// and leaves the state untouched.
func (s *State) Apply(a Action) ([]Event, error) {
	return s.Step(a, nil)
}

// Step is Apply appending the events to events, so that a caller can reuse one buffer and
// play without allocating. On a refusal events is returned as it was.
func (s *State) Step(a Action, events []Event) ([]Event, error) {
	if err := s.check(a); err != nil {
		return events, err
	}
	if a.Type == ActDraw && a.Card == NoCard {
		a.Card = s.RandomCard()
	}
	s.steps++
	switch a.Type {
	case ActDraw:
		return s.draw(a.Card, events), nil
	case ActVote:
		s.voted |= 1 << uint(a.Seat)
		if a.Leave {
			s.leaving |= 1 << uint(a.Seat)
		}
		var e *Event
		events, e = add(events)
		e.Type, e.Round, e.Seat, e.Seats = EvVoteCast, int(s.round), a.Seat, s.voted
		if s.voted == s.inCave {
			events = s.resolve(s.leaving, events)
		}
		return events, nil
	default: // ActExits
		return s.resolve(a.Seats, events), nil
	}
}

// check refuses an action that the rules do not allow now. It changes nothing, which is
// what keeps refused actions from touching the state.
func (s *State) check(a Action) *Error {
	if a.Type < ActDraw || a.Type > ActExits {
		return &Error{Code: CodeUnknownAction, Seat: -1}
	}
	if s.phase == PhaseOver {
		return &Error{Code: CodeGameOver, Seat: -1}
	}
	switch a.Type {
	case ActDraw:
		if s.phase == PhaseVote {
			return &Error{Code: CodeDrawWhileVoteDue, Seat: -1}
		}
		if a.Card == NoCard {
			return nil // the deck never runs out before a second hazard ends the round
		}
		if !a.Card.Valid() {
			return &Error{Code: CodeUnknownCard, Seat: -1, Name: "?"}
		}
		if s.deck[a.Card] == 0 {
			return &Error{Code: CodeCardNotInDeck, Seat: -1, Card: a.Card}
		}
	case ActVote:
		if s.phase != PhaseVote {
			return &Error{Code: CodeVoteNotDue, Seat: -1}
		}
		if a.Seat < 0 || a.Seat >= int(s.n) {
			return &Error{Code: CodeUnknownSeat, Seat: a.Seat}
		}
		if !s.inCave.Has(a.Seat) {
			return &Error{Code: CodeNotInCave, Seat: a.Seat, Name: s.names[a.Seat]}
		}
		if s.voted.Has(a.Seat) {
			return &Error{Code: CodeAlreadyVoted, Seat: a.Seat, Name: s.names[a.Seat]}
		}
	case ActExits:
		if s.phase != PhaseVote {
			return &Error{Code: CodeVoteNotDue, Seat: -1}
		}
		for i := 0; i < MaxPlayers; i++ {
			if !a.Seats.Has(i) {
				continue
			}
			if i >= int(s.n) {
				return &Error{Code: CodeUnknownSeat, Seat: i}
			}
			if !s.inCave.Has(i) {
				return &Error{Code: CodeNotInCave, Seat: i, Name: s.names[i]}
			}
		}
		if s.voted != 0 {
			return &Error{Code: CodeVotesInProgress, Seat: -1}
		}
	}
	return nil
}

// startRound puts the round's idol into the deck, shuffles (the deck is counts, so a
// random draw is the shuffle), and sends everyone into the cave.
func (s *State) startRound(r int, events []Event) []Event {
	idol := roundIdol[r]
	s.box[idol]++
	s.round = uint8(r)
	s.deck = s.box
	s.deckLen = 0
	for _, c := range s.deck {
		s.deckLen += c
	}
	s.clearTable()
	s.inCave = Seats(1<<s.n - 1)
	s.voted, s.leaving = 0, 0
	s.hand = [MaxPlayers]uint16{}
	s.phase = PhaseDraw
	return append(events, Event{Type: EvRoundStarted, Round: r, Card: idol, Seat: -1, Deck: int(s.deckLen)})
}

// RandomCard is the card a random draw takes now, each card in the deck equally likely;
// NoCard when the deck is empty. It depends only on the seed and how many actions came
// before, so the same seed always deals the same game, and a table that logs the card
// drawn (rather than DrawRandom) deals the same card again after an undo.
func (s *State) RandomCard() Card {
	if s.deckLen == 0 {
		return NoCard
	}
	step := rng(s.steps) + 1
	r := rng(s.seed ^ step.next())
	k := r.below(int(s.deckLen))
	for _, c := range dealOrder {
		if k -= int(s.deck[c]); k < 0 {
			return c
		}
	}
	panic("diamant: deck count out of step")
}

// dealOrder is the order in which RandomCard counts the deck's cards: the treasures, the
// idols, the hazards.
var dealOrder = func() (order [numCards - 1]Card) {
	n := copy(order[:], Treasures)
	n += copy(order[n:], Idols)
	copy(order[n:], Hazards)
	return order
}()

// draw takes card c from the deck and resolves it.
func (s *State) draw(c Card, events []Event) []Event {
	s.deck[c]--
	s.deckLen--
	s.drawn++
	r := int(s.round)
	switch c.Kind() {
	case KindTreasure:
		v := c.Value()
		k := s.inCave.Count()
		share, stays := v/k, v%k
		for in := s.inCave; in != 0; in &= in - 1 {
			s.hand[bits.TrailingZeros8(uint8(in))] += uint16(share)
		}
		s.table[s.nTable] = tableCard{c, uint8(stays)}
		s.nTable++
		events = append(events, Event{Type: EvTreasure, Round: r, Card: c, Seat: -1, Seats: s.inCave,
			Share: share, Stays: stays, Tokens: TokensFor(share), Deck: int(s.deckLen)})
	case KindHazard:
		second := s.seen&(1<<c) != 0
		s.seen |= 1 << c
		events = append(events, Event{Type: EvHazard, Round: r, Card: c, Seat: -1, Second: second, Deck: int(s.deckLen)})
		if second {
			for i := 0; i < int(s.n); i++ {
				if s.inCave.Has(i) && s.hand[i] > 0 {
					events = append(events, Event{Type: EvHandLost, Round: r, Seat: i, Amount: int(s.hand[i])})
				}
				s.hand[i] = 0
			}
			s.inCave = 0
			s.box[c]--
			events = append(events, Event{Type: EvHazardRemoved, Round: r, Card: c, Seat: -1})
			return s.endRound(EndHazard, c, events)
		}
	case KindIdol:
		s.box[c]-- // taken or lost at the round's end: it never comes back
		s.tableIdols[s.nIdols] = c
		s.nIdols++
		events = append(events, Event{Type: EvIdol, Round: r, Card: c, Seat: -1, Deck: int(s.deckLen)})
	}
	s.phase = PhaseVote
	s.voted, s.leaving = 0, 0
	events, e := add(events)
	e.Type, e.Round, e.Seat, e.Seats = EvVoteDue, r, -1, s.inCave
	return events
}

// add appends a zero event for the caller to fill in: cheaper in the hot paths than
// appending a literal, which Go builds aside and then copies.
func add(events []Event) ([]Event, *Event) {
	events = append(events, Event{})
	return events, &events[len(events)-1]
}

// resolve reveals the vote: the leavers divide what lies on the cards, card by card, a
// lone leaver also takes the idols, and every leaver banks what they carry.
func (s *State) resolve(leavers Seats, events []Event) []Event {
	r := int(s.round)
	events, e := add(events)
	e.Type, e.Round, e.Seat, e.Seats = EvVotesRevealed, r, -1, leavers
	s.voted, s.leaving = 0, 0
	k := leavers.Count()
	if k > 0 {
		fromCards := 0 // per leaver: every leaver gets the same shares
		for i := range s.table[:s.nTable] {
			t := &s.table[i]
			if t.stays == 0 {
				continue
			}
			had := int(t.stays)
			share := had / k
			t.stays = uint8(had % k)
			fromCards += share
			events = append(events, Event{Type: EvCardShared, Round: r, Card: t.card, Seat: -1, Seats: leavers,
				Amount: had, Share: share, Stays: int(t.stays), Tokens: TokensFor(share)})
		}
		alone := k == 1
		var taken IdolSet
		for out := leavers; out != 0; out &= out - 1 {
			i := bits.TrailingZeros8(uint8(out))
			if alone {
				for _, c := range s.tableIdols[:s.nIdols] {
					s.idols[i][s.nIdolsOf[i]] = c
					s.nIdolsOf[i]++
					taken |= idolBit(c)
				}
				s.tableIdols, s.nIdols = [maxIdols]Card{}, 0
			}
			hand := int(s.hand[i])
			s.chest[i] += s.hand[i] + uint16(fromCards)
			s.hand[i] = 0
			events = append(events, Event{Type: EvLeft, Round: r, Seat: i, Alone: alone, Amount: fromCards,
				Idols: taken, Tokens: TokensFor(fromCards), Hand: hand, Chest: int(s.chest[i])})
		}
		s.inCave &^= leavers
	}
	if s.inCave == 0 {
		return s.endRound(EndEmpty, NoCard, events)
	}
	s.phase = PhaseDraw
	return events
}

// endRound removes the idols left on the table and starts the next round, or ends the
// game after the fifth.
func (s *State) endRound(reason EndReason, hazard Card, events []Event) []Event {
	r := int(s.round)
	if s.nIdols > 0 {
		var lost IdolSet
		for _, c := range s.tableIdols[:s.nIdols] {
			lost |= idolBit(c)
		}
		events = append(events, Event{Type: EvIdolsRemoved, Round: r, Seat: -1, Idols: lost})
	}
	// Diamonds still on the cards go back to the supply with the cards.
	events = append(events, Event{Type: EvRoundEnded, Round: r, Seat: -1, Reason: reason, Card: hazard, Amount: s.Table()})
	if r < Rounds {
		return s.startRound(r+1, events)
	}
	s.phase = PhaseOver
	s.inCave, s.voted, s.leaving = 0, 0, 0
	s.deck = [numCards]uint8{}
	s.deckLen = 0
	s.clearTable()
	w, best := s.Winners()
	return append(events, Event{Type: EvGameOver, Round: r, Seat: -1, Seats: w, Amount: best})
}

// clearTable empties the cave: whole arrays, not just counts, so that two states of the
// same game compare equal with ==.
func (s *State) clearTable() {
	s.table, s.nTable = [maxTreasures]tableCard{}, 0
	s.tableIdols, s.nIdols = [maxIdols]Card{}, 0
	s.seen, s.drawn = 0, 0
}
