package kit

import (
	"errors"
	"net/http"

	"tavolo/i18n"
	"tavolo/web/table"
)

// refusalStatus is the reply's status of each kind of refusal.
var refusalStatus = [...]int{
	table.BadForm:   http.StatusBadRequest,
	table.Conflict:  http.StatusConflict,
	table.Invalid:   http.StatusUnprocessableEntity,
	table.Forbidden: http.StatusForbidden,
}

// SayRefusal says a refusal of a table's rules in l's language, with its reply's status; ok
// is false for an error that is not one. A room whose refusals carry a game's values (a
// Donuts colour) says them first (Refusal.Said).
func SayRefusal(l *i18n.Localizer, err error) (problem string, status int, ok bool) {
	var r *table.Refusal
	if !errors.As(err, &r) {
		return "", 0, false
	}
	return l.T(r.ID, r.Args...), refusalStatus[r.Kind], true
}
