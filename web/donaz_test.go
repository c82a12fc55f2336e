package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	donazroom "tavolo/web/donaz"

	"github.com/stretchr/testify/require"

	"tavolo/web/internal/markup"
)

// clockConfig reads the JSON the clock page hands its script.
func clockConfig(t *testing.T, body string) donazroom.Config {
	t.Helper()
	block := markup.Parse(body).Get(t, markup.Tag("script"), markup.ID("donaz-config"))
	var cfg donazroom.Config
	require.NoError(t, json.Unmarshal([]byte(block.TextContent()), &cfg))
	return cfg
}

// gameField is the game a clock's setup form is for: a new game has a new one.
func gameField(t *testing.T, body string) string {
	t.Helper()
	return markup.Parse(body).Get(t, markup.Field("game")).Attr("value")
}

// donazSetupLink is the clock page's link back to its setup, which brings the setup along.
func donazSetupLink(t *testing.T, body string) string {
	t.Helper()
	href := markup.Parse(body).Get(t, markup.Role("link"), markup.Name("Donaz: set up the clock")).Attr("href")
	require.True(t, strings.HasPrefix(href, "/donaz?"), href)
	return href
}

func TestDonazSetupPage(t *testing.T) {
	ts := newTestServer(t, "")
	for _, tc := range []struct{ lang, h1, team, rules string }{
		{"en", "Donaz: set up the clock", "Team 1", "The rules of Donaz, with the expert rule"},
		{"it", "Donaz: prepara l&#39;orologio", "Squadra 1", "Il regolamento di Donaz"},
		{"fr", "Donaz : préparer la pendule", "Équipe 1", "Les règles de Donaz"},
		{"sk", "Donaz: nastavenie hodín", "Tím 1", "Pravidlá hry Donaz"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			res, body := newClient(t, ts).get("/donaz?lang="+tc.lang, nil)
			require.Equal(t, http.StatusOK, res.StatusCode)
			require.Contains(t, body, "<h1>"+tc.h1+"</h1>")
			require.Contains(t, body, `value="`+tc.team+`"`, "the default name is localized")
			require.Contains(t, body, `<form method="get" action="/donaz/clock"`)
			require.Contains(t, body, `href="/rules/donaz"`)
			require.Contains(t, body, tc.rules)
			require.Regexp(t, `^[0-9a-f]{16}$`, gameField(t, body), "each setup is a new game")
		})
	}
}

func TestDonazClockAcceptsASetup(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	q := url.Values{"game": {"abc123"}, "name1": {"  Les <Rapides> "}, "color1": {"green"}, "name2": {"Team 2"},
		"color2": {"yellow"}, "minutes": {"7"}, "increment": {"3"}, "start": {"random"}}
	res, body := c.get("/donaz/clock?"+q.Encode(), nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	cfg := clockConfig(t, body)
	require.Equal(t, [2]string{"Les <Rapides>", "Team 2"}, cfg.Names)
	require.Equal(t, 7*60_000, cfg.BudgetMs)
	require.Equal(t, 3000, cfg.IncrementMs)
	require.Equal(t, "random", cfg.Start)
	require.False(t, cfg.Untimed)
	require.Equal(t, map[string]any{"one": "{{.Count}} minute", "other": "{{.Count}} minutes"}, cfg.Messages["time.minutes"])
	require.NotContains(t, body, "<Rapides>", "names are escaped")
	require.Contains(t, body, `role="timer" aria-live="off" aria-label="Les &lt;Rapides&gt;">7:00</p>`)
	require.Contains(t, body, "3 seconds added after each turn.")
	require.Contains(t, body, "Green, checked")
	require.Contains(t, body, "<noscript>")

	// The same game in Italian: the default name follows the language, the key does not,
	// so switching language resumes the running clock.
	_, it := c.get("/donaz/clock?"+q.Encode()+"&lang=it", nil)
	itCfg := clockConfig(t, it)
	require.Equal(t, [2]string{"Les <Rapides>", "Squadra 2"}, itCfg.Names)
	require.Equal(t, cfg.Key, itCfg.Key)
	require.Equal(t, map[string]any{"one": "{{.Count}} minuto", "many": "{{.Count}} di minuti", "other": "{{.Count}} minuti"}, itCfg.Messages["time.minutes"])
}

func TestDonazClockDefaults(t *testing.T) {
	ts := newTestServer(t, "")
	res, body := newClient(t, ts).get("/donaz/clock?lang=sk", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	cfg := clockConfig(t, body)
	require.Equal(t, [2]string{"Tím 1", "Tím 2"}, cfg.Names)
	require.Equal(t, 5*60_000, cfg.BudgetMs)
	require.Equal(t, 0, cfg.IncrementMs)
	require.Equal(t, "1", cfg.Start)
	require.Contains(t, body, "Čas pre každý tím: 5 minút.")
	require.Contains(t, body, "Začína Tím 1.")

	_, body = newClient(t, ts).get("/donaz/clock?untimed=on&minutes=0", nil)
	require.True(t, clockConfig(t, body).Untimed)
	require.Contains(t, body, ">no time limit</p>")
}

func TestDonazClockRefusesBadSetups(t *testing.T) {
	ts := newTestServer(t, "")
	for _, tc := range []struct {
		name, query, lang, want, anchor string
	}{
		{"minutes 0", "minutes=0", "en", "The time per team must be a whole number of minutes from 1 to 60.", "minutes"},
		{"minutes 61", "minutes=61", "it", "Il tempo per squadra deve essere un numero intero di minuti da 1 a 60.", "minutes"},
		{"increment 31", "increment=31", "fr", "Les secondes ajoutées après chaque tour doivent être un nombre entier de 0 à 30.", "increment"},
		{"negative increment", "increment=-2", "sk", "Sekundy pridané po každom ťahu musia byť celé číslo od 0 do 30.", "increment"},
		{"long name", "name1=" + strings.Repeat("x", 41), "en", "A team&#39;s name can have at most 40 characters.", "name1"},
		{"same names", "name1=Rossi&name2=rossi", "it", "Le due squadre devono avere nomi diversi", "name2"},
		{"a default name twice", "name1=Team+2", "en", "The two teams need different names", "name2"},
		{"unknown colour", "color2=pink", "sk", "Vyberte jednu z uvedených farieb.", "color2-red"},
		{"same colours", "color1=blue&color2=blue", "fr", "Les deux équipes doivent avoir des couleurs différentes.", "color2-red"},
		{"bad start", "start=3", "en", "Choose who starts", "start-1"},
		{"bad game", "game=%3Cscript%3E", "en", "This link to the clock is damaged", "donaz-submit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := newClient(t, ts).get("/donaz/clock?lang="+tc.lang+"&"+tc.query, nil)
			require.Equal(t, http.StatusBadRequest, res.StatusCode)
			require.Equal(t, tc.lang, langOf(t, body))
			require.Contains(t, body, `role="alert" id="donaz-problems"`)
			require.Contains(t, body, tc.want)
			require.Contains(t, body, `href="#`+tc.anchor+`"`)
			require.NotContains(t, body, "donaz-config", "nothing started")
			require.Regexp(t, `^[0-9a-z]+$`, gameField(t, body))
		})
	}
}

func TestDonazRefusalKeepsWhatWasTyped(t *testing.T) {
	ts := newTestServer(t, "")
	res, body := newClient(t, ts).get("/donaz/clock?game=g1&name1=Ada&color1=green&minutes=99&increment=4&start=2", nil)
	require.Equal(t, http.StatusBadRequest, res.StatusCode)
	require.Contains(t, body, `value="Ada"`)
	require.Contains(t, body, `value="99" min="1" max="60" step="1" inputmode="numeric" aria-invalid="true"`)
	require.Contains(t, body, `name="increment" value="4"`)
	require.Contains(t, body, `id="color1-green" name="color1" value="green" checked`)
	require.Contains(t, body, `id="start-2" name="start" value="2" checked`)
	require.Contains(t, body, `name="game" value="g1"`, "the same game once corrected")
}

func TestDonazChangeSetupLink(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	_, body := c.get("/donaz/clock?game=g1&name1=Ada&minutes=9", nil)
	res, setup := c.get(donazSetupLink(t, body), nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, setup, `value="Ada"`)
	require.Contains(t, setup, `id="minutes" name="minutes" value="9"`)
	require.NotContains(t, setup, `name="game" value="g1"`, "a changed setup is a new game")
}
