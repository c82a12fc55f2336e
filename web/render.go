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

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/pwa"
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
	// layout.html is the frame every page is drawn in.
	shared := []string{"templates/layout.html"}
	files, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{byName: map[string]*template.Template{}}
	for _, file := range files {
		name := strings.TrimSuffix(path.Base(file), ".html")
		if name == "layout" {
			continue
		}
		t, err := template.New(name).Funcs(funcs).ParseFS(templateFiles, append(shared[:1:1], file)...)
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
	Languages []langLink
	Catalog   string // URL of this language's catalog for the browser
	Page      string // the template's name, for the menu's aria-current
	Data      any
}

// langLink is one entry of the language switcher: the current page in another language.
type langLink struct {
	i18n.Lang
	URL     string
	Current bool
}

// render writes a page inside the layout. titleID is the message id of the page's title.
func (s *Server) render(c echo.Context, status int, name, titleID string, data any) error {
	t, ok := s.pages.byName[name]
	if !ok {
		return fmt.Errorf("no template %s", name)
	}
	l := s.localizer(c)
	token, _ := c.Get("csrf").(string)
	title, _ := c.Get("title").(string)
	if title == "" {
		title = l.T(titleID)
	}
	v := view{
		L: l, Lang: l.Lang, Title: title, Settings: s.settings(c), CSRF: token,
		Languages: languageLinks(c.Request().URL, l.Lang), Catalog: s.catalogURL(l.Lang), Page: name, Data: data,
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", v); err != nil {
		return fmt.Errorf("render %s: %w", name, err)
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.HTMLBlob(status, buf.Bytes())
}

// languageLinks gives the current page's address in each language.
func languageLinks(u *url.URL, current string) []langLink {
	links := make([]langLink, 0, len(i18n.Languages))
	for _, l := range i18n.Languages {
		q := u.Query()
		q.Set("lang", l.Code)
		links = append(links, langLink{Lang: l, URL: u.Path + "?" + q.Encode(), Current: l.Code == current})
	}
	return links
}
