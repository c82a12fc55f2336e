package kit

import (
	"github.com/labstack/echo/v4"

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
	TextSizes = []string{"100", "150", "200", "300"}
	Contrasts = []string{"standard", "high"}
	Motions   = []string{"system", "on", "off"}
	Rates     = []string{"0.75", "1", "1.25", "1.5", "2"}
	// Verbosities: every sentence, or the fact alone.
	Verbosities = []string{say.VerbosityFull, say.VerbosityBrief}
)

// DefaultSettings are a new device's: speech off (a screen reader already speaks), sounds
// and vibration on, as the table expects them.
func DefaultSettings() Settings {
	return Settings{Text: "100", Contrast: "standard", Motion: "system", Rate: "1", Sound: true, Vibrate: true,
		Verbosity: say.VerbosityFull}
}

// Settings are the device's Settings, as its session keeps them.
func (s *Kit) Settings(c echo.Context) Settings { return s.ReadSession(c).Settings }

// deviceSettings are the offline engine's settings: the device's, as its service worker
// last handed them (HandSettings), or the defaults.
func (s *Kit) deviceSettings() Settings {
	if st := s.device.Load(); st != nil {
		return *st
	}
	return DefaultSettings()
}

// HandSettings sets the offline engine's settings: it serves one device, the phone it runs
// on, whose settings its service worker hands it directly rather than in a session cookie.
// Every request after it is drawn in them. Only the engine (Offline) reads them.
func (s *Kit) HandSettings(st Settings) {
	s.device.Store(&st)
}
