package web

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
)

// parseSettingsForm reads the settings form. It returns the name of the first field
// whose value is not allowed; then the settings are not to be used. A form without a
// verbosity (a page from before the setting) leaves it empty: the device's stays.
func parseSettingsForm(form url.Values) (kit.Settings, string) {
	st := kit.DefaultSettings()
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
	if !choose("text", kit.TextSizes, &st.Text) {
		return st, "settings.text"
	}
	if !choose("contrast", kit.Contrasts, &st.Contrast) {
		return st, "settings.contrast"
	}
	if !choose("motion", kit.Motions, &st.Motion) {
		return st, "settings.motion"
	}
	if !choose("rate", kit.Rates, &st.Rate) {
		return st, "settings.rate"
	}
	st.Verbosity = ""
	if _, sent := form["verbosity"]; sent && !choose("verbosity", kit.Verbosities, &st.Verbosity) {
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
	f := s.Frame(c, "settings", s.Localizer(c).T("settings.title"))
	return kit.RenderPage(c, status, page.SettingsPage(f, page.Settings{Prefs: f.Prefs, TextSizes: kit.TextSizes, Contrasts: kit.Contrasts,
		Motions: kit.Motions, Rates: kit.Rates, Verbosities: kit.Verbosities, Examples: verbosityExamples(f.L),
		Saved: c.QueryParam("saved") == "1", Invalid: invalid}))
}

// verbosityExamples are one announcement, a treasure of 7 shared by three, as each
// verbosity says it: made by the sentences themselves, so the hint always tells the truth.
func verbosityExamples(l *i18n.Localizer) map[string]string {
	drawn := []diamant.Event{{Type: diamant.EvTreasure, Card: diamant.T7, Seats: diamant.SeatsOf(0, 1, 2), Share: 2, Stays: 1}}
	examples := make(map[string]string, len(kit.Verbosities))
	for _, v := range kit.Verbosities {
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
	if err := s.ChangeSession(c, func(d *kit.SessionData) {
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
