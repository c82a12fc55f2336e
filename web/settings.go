package web

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/page"
	"tavolo/web/say"
)

// Settings are a device's preferences, kept in its session and applied on every page.
type Settings struct {
	Lang     string // "" until chosen: then Accept-Language decides
	Text     string // text size in percent
	Contrast string
	Motion   string
	Speak    bool
	Rate     string
	Sound    bool
	Vibrate  bool
	// Verbosity is how much the announcements say: "full" or "brief" (say.Verbosity).
	Verbosity string
}

// The allowed values, in the order the settings page offers them.
var (
	textSizes = []string{"100", "150", "200", "300"}
	contrasts = []string{"standard", "high"}
	motions   = []string{"system", "on", "off"}
	rates     = []string{"0.75", "1", "1.25", "1.5", "2"}
	// verbosities: every sentence, or the fact alone.
	verbosities = []string{say.VerbosityFull, say.VerbosityBrief}
)

// defaultSettings are a new device's: speech off (a screen reader already speaks), sounds
// and vibration on, as the table expects them.
func defaultSettings() Settings {
	return Settings{Text: "100", Contrast: "standard", Motion: "system", Rate: "1", Sound: true, Vibrate: true,
		Verbosity: say.VerbosityFull}
}

// settings are the device's settings, as its session keeps them.
func (s *Kit) settings(c echo.Context) Settings { return s.readSession(c).Settings }

// parseSettingsForm reads the settings form. It returns the name of the first field
// whose value is not allowed; then the settings are not to be used. A form without a
// verbosity (a page from before the setting) leaves it empty: the device's stays.
func parseSettingsForm(form url.Values) (Settings, string) {
	st := defaultSettings()
	choose := func(key string, allowed []string, into *string) bool {
		val := form.Get(key)
		if !slices.Contains(allowed, val) {
			return false
		}
		*into = val
		return true
	}
	lang := form.Get("lang")
	if !i18n.Supported(lang) {
		return st, "settings.language"
	}
	st.Lang = lang
	if !choose("text", textSizes, &st.Text) {
		return st, "settings.text"
	}
	if !choose("contrast", contrasts, &st.Contrast) {
		return st, "settings.contrast"
	}
	if !choose("motion", motions, &st.Motion) {
		return st, "settings.motion"
	}
	if !choose("rate", rates, &st.Rate) {
		return st, "settings.rate"
	}
	st.Verbosity = ""
	if _, sent := form["verbosity"]; sent && !choose("verbosity", verbosities, &st.Verbosity) {
		return st, "settings.verbosity"
	}
	// A checkbox sends "on" when ticked and nothing when not; anything else is malformed.
	for key, field := range map[string]struct {
		into  *bool
		label string
	}{"speak": {&st.Speak, "settings.speak"}, "sound": {&st.Sound, "settings.sound"}, "vibrate": {&st.Vibrate, "settings.vibrate"}} {
		switch val := form[key]; {
		case len(val) == 0:
			*field.into = false
		case len(val) == 1 && val[0] == "on":
			*field.into = true
		default:
			return st, field.label
		}
	}
	return st, ""
}

func (s *Server) showSettings(c echo.Context) error {
	return s.renderSettings(c, http.StatusOK, "")
}

// renderSettings answers with the settings page; invalid is the message id of a refused
// field's label.
func (s *Server) renderSettings(c echo.Context, status int, invalid string) error {
	f := s.frame(c, "settings", s.localizer(c).T("settings.title"))
	return renderPage(c, status, page.SettingsPage(f, page.Settings{Prefs: f.Prefs, TextSizes: textSizes, Contrasts: contrasts,
		Motions: motions, Rates: rates, Verbosities: verbosities, Examples: verbosityExamples(f.L),
		Saved: c.QueryParam("saved") == "1", Invalid: invalid}))
}

// verbosityExamples are one announcement, a treasure of 7 shared by three, as each
// verbosity says it: made by the sentences themselves, so the hint always tells the truth.
func verbosityExamples(l *i18n.Localizer) map[string]string {
	drawn := []diamant.Event{{Type: diamant.EvTreasure, Card: diamant.T7, Seats: diamant.SeatsOf(0, 1, 2), Share: 2, Stays: 1}}
	examples := make(map[string]string, len(verbosities))
	for _, v := range verbosities {
		examples[v] = say.DiamantEvents(l, say.ParseVerbosity(v), nil, drawn)[0].Text
	}
	return examples
}

func (s *Server) saveSettings(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest).SetInternal(err)
	}
	st, invalid := parseSettingsForm(form)
	if invalid != "" {
		return s.renderSettings(c, http.StatusBadRequest, invalid)
	}
	if err := s.changeSession(c, func(d *sessionData) {
		before := d.Settings
		d.Settings = st
		if st.Lang == "" {
			d.Settings.Lang = before.Lang
		}
		if st.Verbosity == "" {
			d.Settings.Verbosity = before.Verbosity
		}
	}); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/settings?saved=1")
}
