// Package page draws Tavolo's pages: templ components over typed view models. It knows
// nothing of HTTP: the server fills the models and writes what the components render.
package page

import (
	"github.com/a-h/templ"

	"tavolo/i18n"
)

// Frame is what every page is drawn in: the language, the device's preferences, the
// navigation, and the page's own styles and scripts.
type Frame struct {
	L         *i18n.Localizer
	Title     string // the page's title, before " · Tavolo"
	Page      string // the page's name: the menu marks it current; scripts read it
	Prefs     Prefs
	CSRF      string // the form token
	Languages []LangLink
	Catalog   string              // URL of this language's catalog for the browser
	Asset     func(string) string // the hashed URL of a static file
	Head      templ.Component     // the page's own styles and scripts; nil for none
	// Offline: drawn by the offline engine on the phone (web.Config.Offline); OfflineTable is
	// then the id of the table the page shows, if it shows one.
	Offline      bool
	OfflineTable string

	// Play marks a play screen (the Donaz clock, Diamant's and Donuts' game): the header
	// folds into one menu button, so that the game is the first thing on the screen.
	Play bool
	// Leave is a play screen's way out, beside the folded menu (the clock's setup); none
	// when its URL is empty.
	Leave NavLink
}

// NavLink is a link of the frame: where it goes and what it says.
type NavLink struct {
	URL   string
	Label string
}

// Prefs are the device's settings as the page applies them (data attributes that the
// style sheet and scripts read).
type Prefs struct {
	Text     string // text size in percent
	Contrast string
	Motion   string
	Rate     string
	Speak    bool
	Sound    bool
	Vibrate  bool
	// Verbosity: "full" or "brief", what the announcements say (the server's sentences
	// and the scripts' own).
	Verbosity string
}

// LangLink is one entry of the language switcher: the current page in another language.
type LangLink struct {
	i18n.Lang
	URL     string
	Current bool
}

// WithHead is the frame with the page's own styles and scripts.
func (f Frame) WithHead(head templ.Component) Frame {
	f.Head = head
	return f
}
