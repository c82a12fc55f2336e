package diamant

import (
	"encoding/json"
	"errors"
)

// actionJSON is an Action as JSON, one key per action type:
//
//	{"draw": "T5"}  {"draw": "random"}  {"vote": {"seat": 1, "leave": true}}  {"exits": [0, 2]}
type actionJSON struct {
	Draw  *Card     `json:"draw,omitempty"`
	Vote  *voteJSON `json:"vote,omitempty"`
	Exits *Seats    `json:"exits,omitempty"`
}

type voteJSON struct {
	Seat  int  `json:"seat"`
	Leave bool `json:"leave"`
}

// MarshalJSON writes the action with one key naming its type.
func (a Action) MarshalJSON() ([]byte, error) {
	var j actionJSON
	switch a.Type {
	case ActDraw:
		j.Draw = &a.Card
	case ActVote:
		j.Vote = &voteJSON{a.Seat, a.Leave}
	case ActExits:
		j.Exits = &a.Seats
	default:
		return nil, errors.New("diamant: action of no known type")
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an action written by MarshalJSON: exactly one of draw, vote, exits.
func (a *Action) UnmarshalJSON(b []byte) error {
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	var out Action
	n := 0
	if j.Draw != nil {
		out, n = Draw(*j.Draw), n+1
	}
	if j.Vote != nil {
		out, n = Vote(j.Vote.Seat, j.Vote.Leave), n+1
	}
	if j.Exits != nil {
		out, n = Exits(*j.Exits), n+1
	}
	if n != 1 {
		return errors.New("diamant: an action needs exactly one of draw, vote, exits")
	}
	*a = out
	return nil
}

// Game is a whole game written down: its setup and the actions taken. Its JSON is what a
// store keeps; Replay gives the state back.
type Game struct {
	Setup
	Actions []Action `json:"actions"`
}

// Replay replays the game's actions from its setup.
func (g Game) Replay() (*State, error) { return Replay(g.Setup, g.Actions) }

// PlayerView is one player in a Snapshot.
type PlayerView struct {
	Name  string `json:"name"`
	Hand  int    `json:"hand"`
	Chest int    `json:"chest"`
	Idols []int  `json:"idols"` // values, in the order taken
	Score int    `json:"score"`
}

// Snapshot is the state as plain data, as the scenario format writes a result. It never
// holds how anyone voted: only who has voted so far.
type Snapshot struct {
	Round       int          `json:"round"`
	Finished    bool         `json:"finished"`
	Phase       string       `json:"phase"`
	Players     []PlayerView `json:"players"`
	InCave      []string     `json:"inCave"`
	Voted       []string     `json:"voted"`
	Table       int          `json:"table"`
	TableCards  []TableCard  `json:"tableCards"`
	TableIdols  []Card       `json:"tableIdols"`
	HazardsSeen []Card       `json:"hazardsSeen"`
	Deck        int          `json:"deck"`
	Risk        [2]int       `json:"risk"` // cards that would end the round, cards left
	Winners     []string     `json:"winners,omitempty"`
}

// Snapshot gives the state as plain data.
func (s *State) Snapshot() Snapshot {
	snap := Snapshot{
		Round:       s.Round(),
		Finished:    s.Finished(),
		Phase:       s.phase.String(),
		Players:     make([]PlayerView, s.n),
		InCave:      s.namesOf(s.inCave),
		Voted:       s.namesOf(s.voted),
		Table:       s.Table(),
		TableCards:  s.TableCards(),
		TableIdols:  append([]Card{}, s.tableIdols[:s.nIdols]...),
		HazardsSeen: append([]Card{}, s.HazardsSeen()...),
		Deck:        s.DeckSize(),
	}
	snap.Risk[0], snap.Risk[1] = s.Risk()
	for i := range snap.Players {
		p := PlayerView{Name: s.names[i], Hand: s.Hand(i), Chest: s.Chest(i), Idols: []int{}, Score: s.Score(i)}
		for _, c := range s.idols[i][:s.nIdolsOf[i]] {
			p.Idols = append(p.Idols, c.Value())
		}
		snap.Players[i] = p
	}
	if s.Finished() {
		w, _ := s.Winners()
		snap.Winners = s.namesOf(w)
	}
	return snap
}

// namesOf gives the names of a set of seats, in seat order; never nil, so JSON shows [].
func (s *State) namesOf(seats Seats) []string {
	out := []string{}
	for i := 0; i < int(s.n); i++ {
		if seats.Has(i) {
			out = append(out, s.names[i])
		}
	}
	return out
}

// MarshalJSON writes the state's Snapshot.
func (s *State) MarshalJSON() ([]byte, error) { return json.Marshal(s.Snapshot()) }
