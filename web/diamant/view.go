package diamant

import "github.com/a-h/templ"

// liveURL is the table's live stream: the lobby's, or once the game runs the table's page's.
func (p Table) liveURL() string {
	u := "/diamant/" + p.ID + "/events"
	if !p.Lobby {
		u += "?view=table"
	}
	return u
}

// action is the address of one of the table's forms.
func (p Table) action(name string) templ.SafeURL {
	return templ.SafeURL("/diamant/" + p.ID + "/" + name)
}
