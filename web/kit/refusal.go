package kit

import (
	"errors"
	"net/http"
	"slices"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/say"
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
// is false for an error that is not one. An argument that is a game's value (a Donuts
// colour) is said as the game's sentences say it.
func SayRefusal(l *i18n.Localizer, err error) (problem string, status int, ok bool) {
	var r *table.Refusal
	if !errors.As(err, &r) {
		return "", 0, false
	}
	args, cloned := r.Args, false
	for i, a := range r.Args {
		if c, ok := a.(donuts.Color); ok {
			if !cloned { // the refusal may be shared: its arguments stay as they are
				args, cloned = slices.Clone(r.Args), true
			}
			args[i] = say.DonutsColor(l, c)
		}
	}
	return l.T(r.ID, args...), refusalStatus[r.Kind], true
}
