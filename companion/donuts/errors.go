package donuts

import (
	"fmt"
	"strings"
)

// Codes of refused moves and setups. The web layer words them from the code and the
// error's fields; Error() gives the English sentence.
const (
	CodeOffBoard    = "off-board"     // the plate is not on the board
	CodeOccupied    = "occupied"      // the plate already holds a donut
	CodeOffLine     = "off-line"      // the plate is not on the line the last donut shows
	CodeGameOver    = "game-over"     // the game is finished
	CodeNotYourTurn = "not-your-turn" // the other player places the next donut
	CodeSetupRows   = "setup-rows"    // the setup is not 6 rows of 6 plates of . C V
	CodeTooMany     = "too-many"      // the setup holds more donuts of a color than its supply
	CodeSetupFive   = "setup-five"    // the setup already holds five in a row
	CodeNoPlayer    = "no-player"     // the first player is neither chocolate nor vanilla
)

// MoveError says why a move was refused, with what a person needs to try again: whose
// turn it is and where the donut may go.
type MoveError struct {
	Code string `json:"code"`
	At   Point  `json:"at"`
	// Turn is the player who places the next donut (for not-your-turn and the others).
	Turn Color `json:"turn,omitempty"`
	// From and Line, for off-line: the plate last played and the line it shows.
	From *Point `json:"from,omitempty"`
	Line Dir    `json:"line"`
	// Allowed is every plate the donut may go on (empty once the game is over).
	Allowed []Point `json:"allowed,omitempty"`
}

func (e *MoveError) Error() string {
	switch e.Code {
	case CodeOffBoard:
		return fmt.Sprintf("There is no plate at %v: the board has rows and columns 0 to 5.", e.At)
	case CodeOccupied:
		return fmt.Sprintf("The plate at %v is occupied: a plate takes one donut.", e.At)
	case CodeOffLine:
		return fmt.Sprintf("The plate at %v is not on the line: the donut at %v shows a %s line, so the next donut goes on %s.",
			e.At, *e.From, e.Line.Name(), pointList(e.Allowed))
	case CodeGameOver:
		return "The game is finished: no more donuts can be placed."
	case CodeNotYourTurn:
		return fmt.Sprintf("It is not your turn: %s places the next donut.", e.Turn)
	}
	return "The move is refused (" + e.Code + ")."
}

func pointList(ps []Point) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	if len(s) > 1 {
		return "one of " + strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
	}
	return strings.Join(s, "")
}

// SetupError says why a game could not be started.
type SetupError struct {
	Code  string `json:"code"`
	Row   int    `json:"row,omitempty"`   // setup-rows: the first bad row
	Color Color  `json:"color,omitempty"` // too-many, setup-five
	Count int    `json:"count,omitempty"` // too-many: how many donuts of that color
}

func (e *SetupError) Error() string {
	switch e.Code {
	case CodeSetupRows:
		return fmt.Sprintf("The setup must be 6 rows of 6 plates written . C or V; row %d is not.", e.Row)
	case CodeTooMany:
		return fmt.Sprintf("The setup holds %d %s donuts, but a player has only %d.", e.Count, e.Color, Supply)
	case CodeSetupFive:
		return fmt.Sprintf("The setup already holds five %s donuts in a row.", e.Color)
	case CodeNoPlayer:
		return "The first player must be chocolate or vanilla."
	}
	return "The setup is refused (" + e.Code + ")."
}
