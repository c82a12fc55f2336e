package kit

import (
	"encoding/json"
	"time"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/table"
)

// A Game is what a game tells the server of itself, registered once (web's Games): its
// name and paths, its routes, how a phone joins one of its tables, what the list of the
// tables on this device says of one, how a table kept on a phone moves to the server, and
// which of its routes need a server.
type Game struct {
	// Name is its tables' game, its rules' key and its home page's id ("diamant").
	Name string
	// Title, Desc and Players are the message ids of its card on the home page.
	Title, Desc, Players string
	// Path is its home ("/diamant"); TablePath comes before a table's id ("/diamant/").
	Path, TablePath string
	// Routes registers its routes.
	Routes func(e *echo.Echo)
	// Resume lists this device's unfinished tables of the game, as its setup page offers
	// them again; nil: its tables are not kept.
	Resume func(c echo.Context, l *i18n.Localizer) ([]Resume, error)
	// Join reads one of its tables as a phone that typed its code finds it; false: not
	// open to other phones (nil: never).
	Join func(l *i18n.Localizer, rec table.Record) (Joining, bool)
	// Import checks a record kept on a phone as a new table's form is checked, and gives
	// it as the server stores it, with the seats its player held; nil: none are kept.
	Import func(rec table.Record) (table.Record, table.SeatSet, error)
	// ImportProblem says why a record cannot be moved (""; the general sentence).
	ImportProblem func(l *i18n.Localizer, err error) string
	// NeedsServer are the routes (as registered) the offline engine refuses: what other
	// phones share. OfflinePages are the pages a phone opens without the server (GET),
	// OfflineForms the forms it sends to it (POST), besides its tables' own.
	NeedsServer, OfflinePages, OfflineForms []string
}

// Resume is one table in the list of a device's tables: where it is, and what it says.
type Resume struct {
	URL, Text string
	Updated   time.Time // its last change: the home page lists the most recent first
	// Home says the table as the home page's "continue a game" link names it: the game,
	// the players and where it stands; asked only of the few tables the page shows ("":
	// not shown).
	Home func() string
}

// Joining is a table as a phone joining it by its code finds it.
type Joining struct {
	Heading string   // the join page's heading (a message id)
	Names   []string // the seats' names, in the language of the page
	Own     []int    // the seats the host's phone keeps
	Lobby   bool     // seats are still being added: a phone may add its own
	MaxName int      // in the lobby, the most characters of a new seat's name
	// SeatLabel names the button that takes a free seat.
	SeatLabel func(seat int) string
	// Take is the table's setup once device takes seat (nil: unchanged).
	Take func(rec table.Record, seat int, device string) (json.RawMessage, error)
	// Add is the table's setup once a phone adds a seat named name, and the seat; a
	// problem is a sentence to show, with its status.
	Add func(name string) (setup json.RawMessage, seat int, status int, problem string, err error)
}

// ImportWith is a Game's Import made from its table plug-in g and check, its checks of a
// record kept on a phone: the seats the player held are those people hold in the game.
func ImportWith[S any](g table.Game[S], check func(table.Record) (table.Record, S, error)) func(table.Record) (table.Record, table.SeatSet, error) {
	return func(r table.Record) (table.Record, table.SeatSet, error) {
		moved, st, err := check(r)
		if err != nil {
			return moved, 0, err
		}
		return moved, g.Seats(st), nil
	}
}
