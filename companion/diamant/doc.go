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
//
// # Computer explorers
//
// An Explorer (a Level and a seed) votes from a View, which State.ViewOf makes for one
// seat: the round, who is in the cave, the hands, the idols taken, the chests (only the
// seat's own when the table hides them), what lies on the cards, the idols waiting for a
// lone leaver, the cards drawn and the deck's composition as anyone can count it. A View
// holds neither the next card nor another's vote, so an explorer cannot read them, and
// Explorer.Leaves is a function of the view and the seed: a replay (an undo) gets the same
// votes. The levels are styles a player can learn to read:
//
//   - Easy is cautious: it leaves once it would take home 8 diamonds (6 once a hazard has
//     shown), or twice that as a lone leaver, or when one card in ten would end the round;
//   - Normal is bold and rule-based: it goes on while the next card's expected share,
//     counted two and a half times for the cards after it, outweighs the chance of losing
//     what it would take home, and leaves at once when a lone leaver would take 10 or
//     more from the cards and the idols (15 in all);
//   - Hard reads the deck: it plays the rest of the round 200 times from the cards still
//     to come, the others leaving as explorers commonly do, and compares leaving now with
//     going on and leaving later by normal's rule at its best boldness; each outcome is
//     weighed by the chance to win it gives, from the scores and the rounds left, so it
//     takes more risk when behind in the last rounds and less when ahead.
//
// Suggest gives every explorer's vote in the cave for a level, as `tavolo replay` prints
// it for a scenario's "suggest". The tests play a tournament of each level against five
// baseline strategies (tournament_test.go; TestStrength is the long run of make bench).
package diamant
