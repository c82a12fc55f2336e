package diamant

// Advice is what the expert (the hard explorer) would do in a seat's view, with the
// numbers it read to decide: practice's "what would the expert do?", told as one sentence
// of why (web/say).
type Advice struct {
	Leave bool
	// Ending counts the cards left that would end the round, of Left; Hazards has bit c set
	// for each hazard c that can still end it (seen, with a card of it left).
	Ending, Left int
	Hazards      uint32
	// Carry is what the seat carries; Alone what it would take home leaving alone now (its
	// hand, what lies on the cards, the idols), Carry when that adds nothing.
	Carry, Alone int
}

// Advise gives the expert's choice in the view and what it read. The seat must be in the
// cave.
func Advise(v *View) Advice {
	a := Advice{Leave: Explorer{Level: Hard}.Leaves(v), Left: v.DeckLen, Carry: v.Hand[v.Seat], Alone: v.Take(0)}
	for _, h := range Hazards {
		if v.Seen&(1<<h) != 0 && v.Deck[h] > 0 {
			a.Ending += int(v.Deck[h])
			a.Hazards |= 1 << h
		}
	}
	return a
}
