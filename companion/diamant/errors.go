package diamant

import (
	"fmt"
	"strconv"
)

// Code names why a setup or an action was refused. The web layer turns a Code and the
// Error's parameters into a sentence in the player's language.
type Code string

// The reasons for refusing a setup or an action.
const (
	// Setup.
	CodeTooFewPlayers  Code = "too-few-players"  // Count players given, Limit the minimum
	CodeTooManyPlayers Code = "too-many-players" // Count players given, Limit the maximum
	CodeEmptyName      Code = "empty-name"       // Seat
	CodeDuplicateName  Code = "duplicate-name"   // Seat, Name
	CodeNameTooLong    Code = "name-too-long"    // Seat, Name, Count runes, Limit

	// Actions.
	CodeGameOver         Code = "game-over"           // the fifth round has ended
	CodeDrawWhileVoteDue Code = "draw-while-vote-due" // the explorers must vote first
	CodeCardNotInDeck    Code = "card-not-in-deck"    // Card
	CodeUnknownCard      Code = "unknown-card"        // Name: the text that named no card
	CodeVoteNotDue       Code = "vote-not-due"        // no vote is due now
	CodeUnknownSeat      Code = "unknown-seat"        // Seat, or Name for a scenario's exit
	CodeNotInCave        Code = "not-in-cave"         // Seat, Name
	CodeAlreadyVoted     Code = "already-voted"       // Seat, Name
	CodeVotesInProgress  Code = "votes-in-progress"   // exits given while single votes are being cast
	CodeDuplicateExit    Code = "duplicate-exit"      // Seat, Name: named twice in one exits
	CodeUnknownAction    Code = "unknown-action"      // an action of no known type
)

// Error is a refused setup or action. Setups and actions that return an Error leave the
// state exactly as it was.
type Error struct {
	Code  Code
	Seat  int    // the seat concerned, -1 when none
	Name  string // the player's name, or the text that named no card
	Card  Card   // the card concerned
	Count int    // players given, or runes in a name
	Limit int    // the bound that was crossed
}

// Error gives the English sentence a person would read.
func (e *Error) Error() string {
	switch e.Code {
	case CodeTooFewPlayers:
		return fmt.Sprintf("Diamant needs at least %d players; %d given.", e.Limit, e.Count)
	case CodeTooManyPlayers:
		return fmt.Sprintf("Diamant takes at most %d players; %d given.", e.Limit, e.Count)
	case CodeEmptyName:
		return fmt.Sprintf("Player %d has no name.", e.Seat+1)
	case CodeDuplicateName:
		return fmt.Sprintf("Two players are called %s; each player needs a different name.", e.Name)
	case CodeNameTooLong:
		return fmt.Sprintf("The name of player %d is %d characters long; at most %d are allowed.", e.Seat+1, e.Count, e.Limit)
	case CodeGameOver:
		return "The game is over: all five rounds have been played."
	case CodeDrawWhileVoteDue:
		return "Everyone still in the cave must vote to continue or leave before the next card is drawn."
	case CodeCardNotInDeck:
		return fmt.Sprintf("Card %s is not in the deck.", e.Card)
	case CodeUnknownCard:
		return fmt.Sprintf("There is no card called %s.", strconv.Quote(e.Name))
	case CodeVoteNotDue:
		return "No vote is due now: draw the next card first."
	case CodeUnknownSeat:
		if e.Name != "" {
			return fmt.Sprintf("No player is called %s.", e.Name)
		}
		return fmt.Sprintf("There is no seat %d at this table.", e.Seat+1)
	case CodeNotInCave:
		return fmt.Sprintf("%s is not in the cave.", e.who())
	case CodeAlreadyVoted:
		return fmt.Sprintf("%s has already voted.", e.who())
	case CodeVotesInProgress:
		return "Some players have already voted one by one; the others must vote too."
	case CodeDuplicateExit:
		return fmt.Sprintf("%s is named twice among those who leave.", e.who())
	case CodeUnknownAction:
		return "This action is not part of Diamant."
	}
	return "This action is not allowed now."
}

// who names the player in a sentence.
func (e *Error) who() string {
	if e.Name != "" {
		return e.Name
	}
	return fmt.Sprintf("Player %d", e.Seat+1)
}

// ReplayError tells which action of a log was refused. At is the action's index, or -1
// when the setup itself was refused.
type ReplayError struct {
	At  int
	Err *Error
}

func (e *ReplayError) Error() string {
	if e.At < 0 {
		return "setup refused: " + e.Err.Error()
	}
	return fmt.Sprintf("action %d refused: %s", e.At, e.Err.Error())
}

// Unwrap gives the refusal itself, for errors.As.
func (e *ReplayError) Unwrap() error { return e.Err }
