// Package diamant holds the rules of Diamant (the accessible edition): the cards, the
// rounds, the secret votes, the division of diamonds and the scoring. It does no I/O,
// reads no clock, uses no global random source and imports nothing of the project, so the
// server, the tests and an offline WebAssembly build all run the same code.
//
// # The model
//
// A game is a Setup (the players' names in seat order and a seed) plus a log of Actions.
// Its State is what replaying the log gives: New(setup) deals round 1, State.Apply(action)
// plays one action, Replay(setup, actions) does both. Undo is a replay of the log less its
// last action, which is cheap (a whole game replays in a few microseconds).
//
// There are three actions:
//
//   - Draw(card) draws a named card, for tables that draw from the physical deck, and
//     DrawRandom() draws the card State.RandomCard names, from the seed and the step
//     alone (splitmix64), so the same seed and actions always give the same game;
//   - Vote(seat, leave) is one explorer's secret vote; the votes are revealed and resolved
//     when the last explorer in the cave has voted. Voted and Waiting tell who has voted
//     and who has not, never how;
//   - Exits(seats) resolves a whole vote at once: the seats given leave, the others go on
//     (the box's vote cards, and the scenario files).
//
// An action the rules do not allow now is refused with an *Error whose Code names the
// reason and whose fields carry its parameters, so the web layer can say it in any
// language; Error() is the English sentence. A refused action leaves the state untouched.
//
// Apply returns the Events of an action: data only (cards, seats, shares, tokens), from
// which the web layer builds sentences such as "Chiara leaves alone: takes 4 diamonds from
// the cards and the idol worth 5". Step does the same appending to a caller's buffer, so a
// whole game can be played without allocating.
//
// The deck is a count per kind of card (the two 5-diamond treasures are interchangeable),
// and State is a plain comparable value of fixed-size arrays: copying it is a snapshot,
// == compares two games. Risk gives the odds that the next card ends the round, Remaining
// the cards that can still come, for a "draw from the box" screen.
package diamant
