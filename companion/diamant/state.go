package diamant

import (
	"strings"
	"unicode/utf8"
)

// Limits of a table.
const (
	MinPlayers   = 3
	MaxPlayers   = 8
	MaxNameRunes = 40
	maxTreasures = 15 // treasure cards in the box: the most that can lie on the table
	maxIdols     = 5
)

// Phase tells what the game waits for.
type Phase uint8

// The phases of a game.
const (
	PhaseDraw Phase = iota + 1 // the next card
	PhaseVote                  // the explorers' votes: continue or leave
	PhaseOver                  // nothing: the fifth round has ended
)

// String gives the phase's name as written in JSON.
func (p Phase) String() string {
	switch p {
	case PhaseDraw:
		return "draw"
	case PhaseVote:
		return "vote"
	case PhaseOver:
		return "over"
	}
	return ""
}

// Setup is how a game starts: the players' names in seat order and the seed of the random
// source used by random draws.
type Setup struct {
	Players []string `json:"players"`
	Seed    uint64   `json:"seed,string"` // a string: JavaScript numbers cannot hold 64 bits
}

// tableCard is a treasure card lying in the cave and the diamonds that stayed on it.
type tableCard struct {
	card  Card
	stays uint8
}

// State is a game at one moment. It is a plain comparable value with no pointers but the
// names: copying it is a snapshot, and == tells whether two states are the same.
type State struct {
	n     uint8 // players
	round uint8 // 1..5
	phase Phase
	seed  uint64 // with the step, all a random draw depends on
	steps uint16 // actions applied so far
	names [MaxPlayers]string

	box     [numCards]uint8 // cards still in the game, from which each round's deck is made
	deck    [numCards]uint8 // cards left in this round's deck
	deckLen uint8

	table      [maxTreasures]tableCard // treasure cards drawn this round, in order
	nTable     uint8
	tableIdols [maxIdols]Card // idols drawn this round and still on the table, in order
	nIdols     uint8
	seen       uint32 // bit c: a hazard of kind c was drawn this round
	drawn      uint8  // cards drawn this round

	inCave  Seats
	voted   Seats // seats that have cast their vote this turn
	leaving Seats // of those, the ones who voted to leave (secret until the reveal)

	hand     [MaxPlayers]uint16
	chest    [MaxPlayers]uint16
	idols    [MaxPlayers][maxIdols]Card // idols taken, in order
	nIdolsOf [MaxPlayers]uint8
}

// New starts a game: it checks the names and deals round 1. Names are trimmed of spaces.
func New(setup Setup) (*State, error) {
	s := new(State)
	if _, err := s.reset(setup, nil); err != nil {
		return nil, err
	}
	return s, nil
}

// Start is New that also returns the opening events (round 1 started).
func Start(setup Setup) (*State, []Event, error) {
	s := new(State)
	events, err := s.reset(setup, nil)
	if err != nil {
		return nil, nil, err
	}
	return s, events, nil
}

// Reset starts a new game in s, reusing its memory, and appends the opening events to
// events. On a refused setup s is left as it was.
func (s *State) Reset(setup Setup, events []Event) ([]Event, error) {
	var fresh State
	ev, err := fresh.reset(setup, events)
	if err != nil {
		return events, err
	}
	*s = fresh
	return ev, nil
}

func (s *State) reset(setup Setup, events []Event) ([]Event, error) {
	var names [MaxPlayers]string
	if err := checkNames(setup.Players, &names); err != nil {
		return events, err
	}
	*s = State{n: uint8(len(setup.Players)), seed: setup.Seed, names: names}
	for c := T1; c < numCards; c++ {
		if c.Kind() != KindIdol {
			s.box[c] = cards[c].count
		}
	}
	return s.startRound(1, events), nil
}

// checkNames enforces 3 to 8 distinct, non-empty names of at most 40 characters, each
// as CleanName makes it, and puts the clean names in clean.
func checkNames(names []string, clean *[MaxPlayers]string) *Error {
	if len(names) < MinPlayers {
		return &Error{Code: CodeTooFewPlayers, Seat: -1, Count: len(names), Limit: MinPlayers}
	}
	if len(names) > MaxPlayers {
		return &Error{Code: CodeTooManyPlayers, Seat: -1, Count: len(names), Limit: MaxPlayers}
	}
	for i, raw := range names {
		name := CleanName(raw)
		clean[i] = name
		if name == "" {
			return &Error{Code: CodeEmptyName, Seat: i}
		}
		if n := utf8.RuneCountInString(name); n > MaxNameRunes {
			return &Error{Code: CodeNameTooLong, Seat: i, Name: name, Count: n, Limit: MaxNameRunes}
		}
		// Names that differ only in case would sound the same when read aloud.
		for j := 0; j < i; j++ {
			if strings.EqualFold(name, clean[j]) {
				return &Error{Code: CodeDuplicateName, Seat: i, Name: name}
			}
		}
	}
	return nil
}

// Players gives the number of players.
func (s *State) Players() int { return int(s.n) }

// Name gives the name of the player at seat i.
func (s *State) Name(i int) string { return s.names[i] }

// Names gives the players' names in seat order.
func (s *State) Names() []string { return append([]string(nil), s.names[:s.n]...) }

// Seat finds a player by name (as CleanName makes it, any case); -1 when nobody has it.
func (s *State) Seat(name string) int {
	name = CleanName(name)
	for i := 0; i < int(s.n); i++ {
		if strings.EqualFold(s.names[i], name) {
			return i
		}
	}
	return -1
}

// Round gives the round being played, 1 to 5 (5 once the game is over).
func (s *State) Round() int { return int(s.round) }

// Phase tells what the game waits for.
func (s *State) Phase() Phase { return s.phase }

// Finished reports whether the fifth round has ended.
func (s *State) Finished() bool { return s.phase == PhaseOver }

// VoteDue reports whether the explorers in the cave must vote before the next card.
func (s *State) VoteDue() bool { return s.phase == PhaseVote }

// InCave gives the explorers still in the cave.
func (s *State) InCave() Seats { return s.inCave }

// Voted gives the seats that have cast their vote in the vote now due, without saying how.
func (s *State) Voted() Seats { return s.voted }

// Waiting gives the seats whose vote is still awaited; empty when no vote is due.
func (s *State) Waiting() Seats {
	if s.phase != PhaseVote {
		return 0
	}
	return s.inCave &^ s.voted
}

// Hand gives the diamonds that seat i carries in the cave this round.
func (s *State) Hand(i int) int { return int(s.hand[i]) }

// Chest gives the diamonds safe in seat i's chest.
func (s *State) Chest(i int) int { return int(s.chest[i]) }

// PlayerIdols gives the idols seat i has taken, in the order taken.
func (s *State) PlayerIdols(i int) []Card {
	return append([]Card(nil), s.idols[i][:s.nIdolsOf[i]]...)
}

// Score gives seat i's score: the chest plus the idols' points.
func (s *State) Score(i int) int {
	v := int(s.chest[i])
	for _, c := range s.idols[i][:s.nIdolsOf[i]] {
		v += c.Value()
	}
	return v
}

// Winners gives every seat with the highest score (only meaningful once finished).
func (s *State) Winners() (Seats, int) {
	var w Seats
	best := -1
	for i := 0; i < int(s.n); i++ {
		switch sc := s.Score(i); {
		case sc > best:
			best, w = sc, 1<<uint(i)
		case sc == best:
			w |= 1 << uint(i)
		}
	}
	return w, best
}

// TableCard is a treasure card lying in the cave and the diamonds that stayed on it.
type TableCard struct {
	Card  Card `json:"card"`
	Stays int  `json:"stays"`
}

// TableCards gives the treasure cards drawn this round, in order, with what lies on them.
func (s *State) TableCards() []TableCard {
	out := make([]TableCard, s.nTable)
	for i, t := range s.table[:s.nTable] {
		out[i] = TableCard{t.card, int(t.stays)}
	}
	return out
}

// Table gives the diamonds lying on this round's treasure cards.
func (s *State) Table() int {
	v := 0
	for _, t := range s.table[:s.nTable] {
		v += int(t.stays)
	}
	return v
}

// TableIdols gives the idols lying in the cave, in the order drawn.
func (s *State) TableIdols() []Card { return append([]Card(nil), s.tableIdols[:s.nIdols]...) }

// HazardsSeen gives the hazard kinds drawn this round.
func (s *State) HazardsSeen() []Card {
	var out []Card
	for _, h := range Hazards {
		if s.seen&(1<<h) != 0 {
			out = append(out, h)
		}
	}
	return out
}

// Drawn gives the cards drawn this round.
func (s *State) Drawn() int { return int(s.drawn) }

// DeckSize gives the cards left in this round's deck (0 once the game is over).
func (s *State) DeckSize() int { return int(s.deckLen) }

// InDeck gives how many cards of kind c are left in this round's deck.
func (s *State) InDeck(c Card) int {
	if !c.Valid() {
		return 0
	}
	return int(s.deck[c])
}

// InGame gives how many cards of kind c will make up the next rounds' decks: treasures
// and hazards not taken out of the game, and idols already added and not yet drawn.
func (s *State) InGame(c Card) int {
	if !c.Valid() {
		return 0
	}
	return int(s.box[c])
}

// Risk gives how many of the cards left in the deck would end the round if drawn next (a
// second hazard of a kind already seen), and how many cards are left: "1 card in 4".
func (s *State) Risk() (ending, left int) {
	for _, h := range Hazards {
		if s.seen&(1<<h) != 0 {
			ending += int(s.deck[h])
		}
	}
	return ending, int(s.deckLen)
}

// CardCount is a kind of card and how many of it.
type CardCount struct {
	Card  Card `json:"card"`
	Kind  Kind `json:"-"`
	Value int  `json:"value,omitempty"`
	Count int  `json:"count"`
}

// Remaining gives the cards that can still come this round, for a "draw from the box"
// screen: treasures by ascending value, then idols, then hazards; kinds with none left are
// omitted.
func (s *State) Remaining() []CardCount {
	var out []CardCount
	for _, group := range [][]Card{Treasures, Idols, Hazards} {
		for _, c := range group {
			if s.deck[c] > 0 {
				out = append(out, CardCount{Card: c, Kind: c.Kind(), Value: c.Value(), Count: int(s.deck[c])})
			}
		}
	}
	return out
}
