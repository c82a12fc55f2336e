package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/pwa"
	"tavolo/web/page"
)

//go:embed templates
var templateFiles embed.FS

// pages are the parsed templates: each page file together with the layout.
type pages struct {
	byName map[string]*template.Template
}

func loadPages(assets *pwa.Assets) (*pages, error) {
	funcs := template.FuncMap{
		"asset": assets.URL,
		// kv builds template parameters for L.T in templates: kv "Game" "Diamant".
		"kv": func(pairs ...any) []any { return pairs },
		// diamantPlay writes the Diamant play screen in Go (diamant_html.go).
		"diamantPlay": diamantPlayFunc,
	}
	files, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{byName: map[string]*template.Template{}}
	for _, file := range files {
		name := strings.TrimSuffix(path.Base(file), ".html")
		t, err := template.New(name).Funcs(funcs).ParseFS(templateFiles, file)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", name, err)
		}
		p.byName[name] = t
	}
	return p, nil
}

// view is what every page template receives.
type view struct {
	L         *i18n.Localizer
	Lang      string
	Title     string
	Settings  Settings
	CSRF      string
	Languages []page.LangLink
	Page      string // the template's name
	Data      any
}

// frame is the frame of a page for this request: name is the page's (the menu marks it),
// title its title.
func (s *Server) frame(c echo.Context, name, title string) page.Frame {
	l := s.localizer(c)
	token, _ := c.Get("csrf").(string)
	st := s.settings(c)
	return page.Frame{L: l, Title: title, Page: name, CSRF: token, Catalog: s.catalogURLs[l.Lang], Asset: s.assets.URL,
		Languages: languageLinks(c.Request().URL, l.Lang),
		Prefs: page.Prefs{Text: st.Text, Contrast: st.Contrast, Motion: st.Motion, Rate: st.Rate, Speak: st.Speak,
			Sound: st.Sound, Vibrate: st.Vibrate}}
}

// renderPage writes a page drawn by a templ component.
func renderPage(c echo.Context, status int, comp templ.Component) error {
	var buf bytes.Buffer
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.HTMLBlob(status, buf.Bytes())
}

// render writes a page of html/template inside the layout: its "content" block (and its
// "head" block, if it has one). titleID is the message id of the page's title.
func (s *Server) render(c echo.Context, status int, name, titleID string, data any) error {
	t, ok := s.pages.byName[name]
	if !ok {
		return fmt.Errorf("no template %s", name)
	}
	title, _ := c.Get("title").(string)
	if title == "" {
		title = s.localizer(c).T(titleID)
	}
	f := s.frame(c, name, title)
	v := view{L: f.L, Lang: f.L.Lang, Title: title, Settings: s.settings(c), CSRF: f.CSRF, Languages: f.Languages,
		Page: name, Data: data}
	var head, content bytes.Buffer
	if t.Lookup("head") != nil {
		if err := t.ExecuteTemplate(&head, "head", v); err != nil {
			return fmt.Errorf("render %s: %w", name, err)
		}
		f.Head = templ.Raw(head.String())
	}
	if err := t.ExecuteTemplate(&content, "content", v); err != nil {
		return fmt.Errorf("render %s: %w", name, err)
	}
	ctx := templ.WithChildren(c.Request().Context(), templ.Raw(content.String()))
	var buf bytes.Buffer
	if err := page.Layout(f).Render(ctx, &buf); err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.HTMLBlob(status, buf.Bytes())
}

// languageLinks gives the current page's address in each language.
func languageLinks(u *url.URL, current string) []page.LangLink {
	links := make([]page.LangLink, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		q := u.Query()
		q.Set("lang", l.Code)
		links = append(links, page.LangLink{Lang: l, URL: u.Path + "?" + q.Encode(), Current: l.Code == current})
	}
	return links
}
