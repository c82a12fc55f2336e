package kit

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
)

// Frame is the Frame of a page for this request: name is the page's (the menu marks it),
// title its title.
func (s *Kit) Frame(c echo.Context, name, title string) page.Frame {
	l := s.Localizer(c)
	token, _ := c.Get("csrf").(string)
	st := s.Settings(c)
	f := page.Frame{L: l, Title: title, Page: name, CSRF: token, Catalog: s.CatalogURLs[l.Lang], Asset: s.Assets.URL,
		Languages: languageLinks(c.Request().URL, l.Lang),
		Prefs: page.Prefs{Text: st.Text, Contrast: st.Contrast, Motion: st.Motion, Rate: st.Rate, Speak: st.Speak,
			Sound: st.Sound, Vibrate: st.Vibrate, Verbosity: st.Verbosity}}
	if s.Offline {
		f.Offline = true
		if id := c.Param("id"); table.ValidID(id) {
			f.OfflineTable = id
		}
	}
	return f
}

// Verbosity is how much this device's announcements say (its settings, in its session):
// every reply and every live event says its sentences so.
func (s *Kit) Verbosity(c echo.Context) say.Verbosity {
	return say.ParseVerbosity(s.Settings(c).Verbosity)
}

// PlayFrame is the frame of a play screen (the Donaz clock, Diamant's and Donuts' game):
// its header folds into one menu button, so that the game comes first on the screen.
func (s *Kit) PlayFrame(c echo.Context, name, title string) page.Frame {
	f := s.Frame(c, name, title)
	f.Play = true
	return f
}

// RenderPage writes a page drawn by a templ component.
func RenderPage(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// languageLinks gives the current page's address in each language, always on this site:
// a path that a browser would read as another host's ("//host/x", "/\host") loses its
// leading slashes.
func languageLinks(u *url.URL, current string) []page.LangLink {
	local := url.URL{Path: "/" + strings.TrimLeft(u.Path, "/\\")}
	links := make([]page.LangLink, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		q := u.Query()
		q.Set("lang", l.Code)
		local.RawQuery = q.Encode()
		links = append(links, page.LangLink{Lang: l, URL: local.String(), Current: l.Code == current})
	}
	return links
}
