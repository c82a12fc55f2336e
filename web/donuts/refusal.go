package donuts

import (
	"errors"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
)

// sayRefusal says a refusal of the table's rules as kit.SayRefusal does, a colour among
// its arguments said as the game's sentences say it.
func sayRefusal(l *i18n.Localizer, err error) (problem string, status int, ok bool) {
	var r *table.Refusal
	if errors.As(err, &r) {
		err = r.Said(func(a any) any {
			if c, ok := a.(donuts.Color); ok {
				return say.DonutsColor(l, c)
			}
			return a
		})
	}
	return kit.SayRefusal(l, err)
}
