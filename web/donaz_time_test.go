package web

import (
	"html"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue #14: the clock's time controls, handicap, chosen warnings and pause when put away,
// from the setup form to the clock's page and its script's config.

func TestDonazSetupOffersTheTimeSettings(t *testing.T) {
	ts := newTestServer(t, "")
	res, body := newClient(t, ts).get("/donaz?lang=en", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	for _, want := range []string{
		`<legend>Time control</legend>`,
		`id="control-increment" name="control" value="increment" checked`,
		`id="control-delay" name="control" value="delay">`,
		`id="control-bronstein" name="control" value="bronstein">`,
		`<label for="delay">Seconds of delay, from 0 to 30</label>`,
		`id="delay" name="delay" value="5"`,
		`<label for="minutes1">Minutes for the first team, if different, from 1 to 60</label>`,
		`id="minutes2" name="minutes2" value="" min="1" max="60"`,
		`aria-describedby="handicap-hint"`,
		`<input type="hidden" name="alerts" value="1">`,
		`id="alert-300" name="alert" value="300"> 5 minutes left`,
		`id="alert-120" name="alert" value="120"> 2 minutes left`,
		`id="alert-60" name="alert" value="60" checked> 1 minute left`,
		`id="alert-30" name="alert" value="30" checked> 30 seconds left`,
		`id="alert-10" name="alert" value="10" checked> 10 seconds left`,
		`id="count" name="count" checked> Count the last 5 seconds`,
		`id="pausehidden" name="pausehidden"> Pause the clock when Tavolo is put away`,
	} {
		require.Contains(t, body, want)
	}
}

func TestDonazClockWithTimeSettings(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	q := url.Values{
		"game": {"t1"}, "name1": {"Ada"}, "name2": {"Bruno"}, "minutes": {"5"}, "minutes2": {"3"},
		"control": {"delay"}, "delay": {"4"}, "increment": {"9"},
		"alerts": {"1"}, "alert": {"300", "10"}, "count": {"on"}, "pausehidden": {"on"},
	}
	res, body := c.get("/donaz/clock?lang=en&"+q.Encode(), nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	cfg := clockConfig(t, body)
	require.Equal(t, [2]int{5 * 60_000, 3 * 60_000}, cfg.BudgetsMs)
	require.Equal(t, "delay", cfg.Control)
	require.Equal(t, 4000, cfg.DelayMs)
	require.Equal(t, 0, cfg.IncrementMs, "the increment's field is not read with a delay")
	require.Equal(t, []int{300, 10}, cfg.Alerts)
	require.True(t, cfg.Count)
	require.True(t, cfg.PauseHidden)
	require.Contains(t, body, `<p class="donaz-summary" id="donaz-summary">Starting times: Ada, 5 minutes; Bruno, 3 minutes. `+
		`Each turn, the clock waits 4 seconds before counting down. `+
		`Warnings at 5 minutes and at 10 seconds left, then the last 5 seconds counted. `+
		`The clock pauses when Tavolo is put away.</p>`)
	require.Contains(t, body, `aria-label="Ada">5:00</p>`)
	require.Contains(t, body, `aria-label="Bruno">3:00</p>`)
	require.Contains(t, body, `<p class="donaz-delay" id="delay-1" role="timer" aria-live="off" aria-label="Bruno: delay" hidden></p>`)

	// The link to change the setup brings all of it back into the form.
	_, setup := c.get(donazSetupLink(t, body), nil)
	for _, want := range []string{
		`id="minutes2" name="minutes2" value="3"`,
		`id="minutes1" name="minutes1" value=""`,
		`id="control-delay" name="control" value="delay" checked`,
		`id="delay" name="delay" value="4"`,
		`id="alert-300" name="alert" value="300" checked`,
		`id="alert-60" name="alert" value="60">`,
		`id="count" name="count" checked`,
		`id="pausehidden" name="pausehidden" checked`,
	} {
		require.Contains(t, setup, want)
	}
}

func TestDonazClockSummaries(t *testing.T) {
	ts := newTestServer(t, "")
	for _, tc := range []struct{ query, lang, want string }{
		{"control=bronstein&delay=1", "en", "5 minutes per team. After each turn, the time used is given back, up to 1 second."},
		{"alerts=1", "en", "5 minutes per team. No time warnings."},
		{"alerts=1&count=on", "en", "5 minutes per team. No warnings, only the count of the last 5 seconds."},
		{"alerts=1&alert=60", "en", "5 minutes per team. A warning at 1 minute left."},
		{"alerts=1&alert=60&count=on", "sk", "Čas pre každý tím: 5 minút. Upozornenie pri zostávajúcom čase: 1 minúta; nakoniec odpočítavanie posledných 5 sekúnd."},
		{"minutes1=2&control=delay&delay=3", "fr", "Temps de départ\u00a0: Équipe 1, 2 minutes\u202f; Équipe 2, 5 minutes. " +
			"À chaque tour, la pendule attend 3 secondes avant de décompter."},
		{"alerts=1&alert=120&alert=30&alert=10", "it", "5 minuti per squadra. Avvisi a 2 minuti, a 30 secondi e a 10 secondi dalla fine."},
		{"control=bronstein&delay=2&pausehidden=on", "sk", "Čas pre každý tím: 5 minút. Po každom ťahu tím dostane späť použitý čas, najviac 2 sekundy. " +
			"Hodiny sa pozastavia, keď Tavolo prejde do pozadia."},
		{"untimed=on&control=delay&delay=5&pausehidden=on", "en", "no time limit"},
	} {
		t.Run(tc.lang+" "+tc.query, func(t *testing.T) {
			res, body := newClient(t, ts).get("/donaz/clock?lang="+tc.lang+"&"+tc.query, nil)
			require.Equal(t, http.StatusOK, res.StatusCode)
			require.Contains(t, body, `id="donaz-summary">`+html.EscapeString(tc.want)+`</p>`)
		})
	}
}

func TestDonazClockDefaultConfigKeepsTheRulebook(t *testing.T) {
	ts := newTestServer(t, "")
	_, body := newClient(t, ts).get("/donaz/clock?lang=en", nil)
	cfg := clockConfig(t, body)
	require.Equal(t, [2]int{5 * 60_000, 5 * 60_000}, cfg.BudgetsMs)
	require.Equal(t, "increment", cfg.Control)
	require.Equal(t, 0, cfg.DelayMs)
	require.Equal(t, []int{60, 30, 10}, cfg.Alerts)
	require.True(t, cfg.Count)
	require.False(t, cfg.PauseHidden)
	require.Contains(t, body, `id="donaz-summary">5 minutes per team.</p>`)
	require.NotContains(t, body, `id="delay-0"`, "no delay shown without a simple delay")
	require.Equal(t, "color1=red&color2=blue&increment=0&minutes=5&name1=&name2=&start=1", cfg.Key)
}

func TestDonazClockRefusesBadTimeSettings(t *testing.T) {
	ts := newTestServer(t, "")
	for _, tc := range []struct {
		name, query, lang, want, anchor string
	}{
		{"a team with 0 minutes", "minutes1=0", "en", "A team&#39;s own time must be a whole number of minutes from 1 to 60, or left empty.", "minutes1"},
		{"a team with 61 minutes", "minutes2=61", "it", "Il tempo di una singola squadra deve essere un numero intero di minuti da 1 a 60, oppure restare vuoto.", "minutes2"},
		{"an unknown control", "control=sablier", "fr", "Choisissez l&#39;une des cadences proposées.", "control-increment"},
		{"a delay of 31 s", "control=delay&delay=31", "sk", "Oneskorenie musí byť celý počet sekúnd od 0 do 30.", "delay"},
		{"a negative Bronstein delay", "control=bronstein&delay=-3", "en", "The delay must be a whole number of seconds from 0 to 30.", "delay"},
		{"an unknown warning", "alerts=1&alert=45", "fr", "Choisissez les avertissements parmi les temps proposés.", "alert-300"},
		{"a count not understood", "alerts=1&count=perhaps", "it", "L&#39;impostazione del conto alla rovescia non è valida.", "count"},
		{"a pause not understood", "pausehidden=sometimes", "sk", "Nastaveniu automatického pozastavenia sa nedalo porozumieť.", "pausehidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := newClient(t, ts).get("/donaz/clock?lang="+tc.lang+"&"+tc.query, nil)
			require.Equal(t, http.StatusBadRequest, res.StatusCode)
			require.Equal(t, tc.lang, langOf(t, body))
			require.Contains(t, body, `role="alert" id="donaz-problems"`)
			require.Contains(t, body, tc.want)
			require.Contains(t, body, `href="#`+tc.anchor+`"`)
			require.NotContains(t, body, "donaz-config", "nothing started")
		})
	}
}

func TestDonazTimeRefusalKeepsWhatWasTyped(t *testing.T) {
	ts := newTestServer(t, "")
	res, body := newClient(t, ts).get("/donaz/clock?game=g2&minutes2=99&control=bronstein&delay=7&alerts=1&alert=300&pausehidden=on", nil)
	require.Equal(t, http.StatusBadRequest, res.StatusCode)
	require.Contains(t, body, `id="minutes2" name="minutes2" value="99" min="1" max="60" step="1" inputmode="numeric" aria-describedby="handicap-hint" aria-invalid="true"`)
	require.Contains(t, body, `id="control-bronstein" name="control" value="bronstein" checked`)
	require.Contains(t, body, `id="delay" name="delay" value="7"`)
	require.Contains(t, body, `id="alert-300" name="alert" value="300" checked`)
	require.Contains(t, body, `id="alert-60" name="alert" value="60">`)
	require.Contains(t, body, `id="pausehidden" name="pausehidden" checked`)
	require.Contains(t, body, `name="game" value="g2"`)
}
