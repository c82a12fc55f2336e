package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
)

// Handlers of the installable shell: hashed static files, the catalogs for the browser,
// the manifest, the service worker and the offline pages.

const immutable = "public, max-age=31536000, immutable"

// catalogURLs are the hashed URLs of the languages' catalogs, so the browser may keep
// them; made once, at start.
func catalogURLs(catalog *i18n.Catalog) map[string]string {
	urls := map[string]string{}
	for _, l := range i18n.Languages {
		sum := sha256.Sum256(catalog.JSON(l.Code))
		urls[l.Code] = "/catalog/" + l.Code + "." + hex.EncodeToString(sum[:])[:10] + ".json"
	}
	return urls
}

func (s *Server) favicon(c echo.Context) error { return s.serveStatic(c, s.static["/favicon.ico"]) }

// manifest is the web app manifest; its name and description follow the language.
func (s *Server) manifest(c echo.Context) error {
	l := s.Catalog.Localizer(s.Catalog.Match(c.Request().Header.Get("Accept-Language")))
	icon := func(name, size, purpose string) map[string]string {
		a, _ := s.Assets.Get(name)
		return map[string]string{"src": a.URL, "sizes": size, "type": a.ContentType, "purpose": purpose}
	}
	m := map[string]any{
		"name":             "Tavolo",
		"short_name":       "Tavolo",
		"description":      l.T("app.tagline"),
		"lang":             l.Lang,
		"start_url":        "/",
		"scope":            "/",
		"id":               "/",
		"display":          "standalone",
		"orientation":      "any",
		"theme_color":      "#0d4a45",
		"background_color": "#fdfaf3",
		"icons": []map[string]string{
			icon("icons/icon-192.png", "192x192", "any"),
			icon("icons/icon-512.png", "512x512", "any"),
			icon("icons/maskable-512.png", "512x512", "maskable"),
			icon("icons/icon.svg", "any", "any"),
		},
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	c.Response().Header().Add("Vary", "Accept-Language")
	return c.Blob(http.StatusOK, "application/manifest+json", b)
}

// serviceWorker serves sw.js, made once (serviceWorkerScript).
func (s *Server) serviceWorker(c echo.Context) error {
	h := c.Response().Header()
	h.Set("Service-Worker-Allowed", "/")
	// The worker compiles the offline engine: WebAssembly, and nothing else, may be compiled.
	h.Set("Content-Security-Policy", strings.Replace(csp, "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", 1))
	return s.serveStatic(c, s.static["/sw.js"])
}

// serviceWorkerScript is sw.js with the list of what to precache, the engine's URLs, the
// registered games and its parts' URLs written in, so that a new deployment (new hashes)
// is a new service worker.
func (s *Server) serviceWorkerScript() []byte {
	asset, _ := s.Assets.Get("sw.js")
	shell := append([]string{}, s.Assets.URLs()...)
	for _, l := range i18n.Languages {
		shell = append(shell, s.CatalogURLs[l.Code], "/offline/"+l.Code)
	}
	list, _ := json.Marshal(shell)
	engine := []byte("null")
	if s.engine != nil {
		engine, _ = json.Marshal(map[string]string{"module": s.engine.URL, "loader": s.engine.Exec})
	}
	games := struct {
		Tables []string `json:"tables"`
		Pages  []string `json:"pages"`
		Forms  []string `json:"forms"`
	}{Tables: []string{}, Pages: []string{}, Forms: []string{}}
	for _, g := range s.games {
		if g.TablePath != "" {
			games.Tables = append(games.Tables, g.TablePath)
		}
		games.Pages = append(games.Pages, g.OfflinePages...)
		games.Forms = append(games.Forms, g.OfflineForms...)
	}
	gamesJSON, _ := json.Marshal(games)
	// The worker's parts, by job (pwa/static/sw/): at their hashed URLs, so that a change
	// to one is a new sw.js, hence a new service worker.
	parts := []string{}
	for _, u := range s.Assets.URLs() {
		if strings.HasPrefix(u, "/static/sw/") {
			parts = append(parts, u)
		}
	}
	partsJSON, _ := json.Marshal(parts)
	return []byte(strings.NewReplacer("self.__PRECACHE__", string(list), "self.__ENGINE__", string(engine),
		"self.__GAMES__", string(gamesJSON), "self.__PARTS__", string(partsJSON)).Replace(string(asset.Body)))
}

// offline is the page the service worker shows for a page it cannot fetch nor has kept.
func (s *Server) offline(c echo.Context) error {
	lang := c.Param("lang")
	if !i18n.Supported(lang) {
		return echo.ErrNotFound
	}
	c.Set("lang", lang)
	l := s.Localizer(c)
	return kit.RenderPage(c, http.StatusOK, page.Offline(s.Frame(c, "offline", l.T("offline.title"))))
}
