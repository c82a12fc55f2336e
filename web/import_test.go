package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/companion/donuts"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
	donutstable "tavolo/web/table/donuts"
)

// A table kept on a phone moves to the server (POST /tables/import, as the service worker
// sends it): checked as a new table's form is checked, stored as the server encodes it,
// refused with a sentence, and made once however often the same record is sent.

// importReply is the import's answer: the new table's address, or why there is none.
type importReply struct {
	URL   string `json:"url"`
	Error string `json:"error"`
}

// importRecord sends a record as the service worker does: the form token from GET
// /tables/import, then the record as JSON, in the language given (Accept-Language).
func importRecord(t *testing.T, c *client, record, lang string) (int, importReply) {
	t.Helper()
	res, body := c.get("/tables/import", map[string]string{"Accept": "application/json"})
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	var token struct{ CSRF string }
	require.NoError(t, json.Unmarshal([]byte(body), &token))
	res, body = c.do(http.MethodPost, "/tables/import", strings.NewReader(record), map[string]string{
		"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": token.CSRF, "Accept-Language": lang})
	var r importReply
	require.NoError(t, json.Unmarshal([]byte(body), &r), body)
	return res.StatusCode, r
}

// tableIDOf is the id in a table's address.
func tableIDOf(t *testing.T, url string) string {
	t.Helper()
	require.Regexp(t, `^/(diamant|donuts/t)/[a-z2-7]{26}$`, url)
	return url[strings.LastIndexByte(url, '/')+1:]
}

// tablesOfDevice counts a device's tables of both games.
func tablesOfDevice(t *testing.T, s *Server, device string) int {
	t.Helper()
	n := 0
	for _, game := range []string{"diamant", "donuts"} {
		list, err := s.Store.ListForDevice(t.Context(), device, game)
		require.NoError(t, err)
		n += len(list)
	}
	return n
}

// recordJSON is a record as a phone keeps it: its id there, its game, its setup and log
// (any JSON text, as sent).
func recordJSON(id, game, setup string, log ...string) string {
	if log == nil {
		log = []string{}
	}
	return `{"ID":"` + id + `","Game":"` + game + `","Setup":` + setup + `,"Log":[` + strings.Join(log, ",") + `]}`
}

func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// donutsSetupJSON is the options of a Donuts game against the computer on board 1234,
// with extra members (`"level":"hard"`…) written over the form's.
func donutsSetupJSON(t *testing.T, extra string) string {
	t.Helper()
	setup := mustMarshal(t, donutstable.Options{Spec: donuts.Numbered(1234, donuts.Chocolate), Mode: donutstable.ModeComputer,
		Level: donuts.Easy, Human: donuts.Chocolate, AI: 7})
	if extra == "" {
		return setup
	}
	// A member given twice: encoding/json keeps the last.
	return strings.TrimSuffix(setup, "}") + "," + extra + "}"
}

// What a dirty record leaves in the store is what the forms would have made and the
// server would have written: the names cleaned, the setup and each action encoded again
// (nothing sent beyond what the game reads), a Donuts level that exists.
func TestImportStoresTheRecordAsTheServerEncodesIt(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	zwsp := strings.Repeat("\u200b", 20_000)
	junk := strings.Repeat("x", 60_000)
	diamantSetup := func(players ...string) string {
		return mustMarshal(t, map[string]any{"players": players, "seed": "1", "draw": "app", "vote": "phone"})
	}
	for _, tc := range []struct {
		name      string
		record    string
		wantSetup any      // the options as the server encodes them
		wantLog   []string // each action as the server encodes it
		seats     []int
	}{
		{"names with invisible characters and direction overrides (L2)",
			recordJSON("kept-1", "diamant", diamantSetup("A"+zwsp, "B\u202eanaH", "Ch\u2800\u2800iara"), `{"draw":"random"}`),
			diamanttable.Options{Setup: diamant.Setup{Players: []string{"A", "BanaH", "Ch iara"}, Seed: 1}, Draw: "app", Vote: "phone"},
			[]string{`{"draw":"random","at":1}`}, []int{0, 1, 2}},
		{"junk in the setup (L3)",
			recordJSON("kept-2", "diamant", strings.TrimSuffix(diamantSetup("Ada", "Bruno", "Chiara"), "}")+`,"junk":"`+junk+`"}`, `{"draw":"random"}`),
			diamanttable.Options{Setup: diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 1}, Draw: "app", Vote: "phone"},
			[]string{`{"draw":"random","at":1}`}, []int{0, 1, 2}},
		{"junk in an action, a draw stamped by the phone (L3)",
			recordJSON("kept-3", "diamant", diamantSetup("Ada", "Bruno", "Chiara"), `{"draw":"random","at":99}`, `{"exits":[2],"junk":"`+junk+`"}`),
			diamanttable.Options{Setup: diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 1}, Draw: "app", Vote: "phone"},
			[]string{`{"draw":"random","at":1}`, `{"exits":[2]}`}, []int{0, 1, 2}},
		{"Donuts with junk in the setup, a move written loosely",
			recordJSON("kept-4", "donuts", donutsSetupJSON(t, `"junk":"`+junk+`"`), `[ 2 , 3 ]`),
			donutstable.Options{Spec: donuts.Numbered(1234, donuts.Chocolate), Mode: donutstable.ModeComputer, Level: donuts.Easy, Human: donuts.Chocolate, AI: 7},
			[]string{`[2,3]`}, []int{0}},
		{"Donuts against the hard computer, vanilla",
			recordJSON("kept-5", "donuts", donutsSetupJSON(t, `"level":"hard","human":"vanilla"`)),
			donutstable.Options{Spec: donuts.Numbered(1234, donuts.Chocolate), Mode: donutstable.ModeComputer, Level: donuts.Hard, Human: donuts.Vanilla, AI: 7},
			nil, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t, ts)
			status, r := importRecord(t, c, tc.record, "en")
			require.Equal(t, http.StatusCreated, status, r.Error)
			rec, err := s.Store.Load(t.Context(), tableIDOf(t, r.URL))
			require.NoError(t, err)
			// What is stored, in figures: go test -v -run TestImportStoresTheRecord ./web/
			t.Logf("sent %d bytes; stored: setup %d bytes, actions %v bytes, names %s", len(tc.record), len(rec.Setup), entrySizes(rec.Log), storedNames(rec))
			require.Equal(t, mustMarshal(t, tc.wantSetup), string(rec.Setup))
			log := []string{}
			for _, a := range rec.Log {
				log = append(log, string(a))
			}
			require.Equal(t, append([]string{}, tc.wantLog...), log)
			require.Len(t, rec.Devices, 1)
			require.Equal(t, tc.seats, rec.Devices[0].Seats)
			require.Equal(t, int64(len(tc.wantLog)), rec.Version)
			require.NotEmpty(t, rec.ImportKey)

			// The table is the server's now: its page answers.
			res, body := c.get(r.URL, nil)
			require.Equal(t, http.StatusOK, res.StatusCode, body)
		})
	}
}

func entrySizes(log []json.RawMessage) []int {
	n := []int{}
	for _, a := range log {
		n = append(n, len(a))
	}
	return n
}

// storedNames are a Diamant table's names as stored, each quoted (its first 12 characters
// when longer) with its length in characters.
func storedNames(rec table.Record) string {
	var opt diamanttable.Options
	if rec.Game != "diamant" || json.Unmarshal(rec.Setup, &opt) != nil {
		return "-"
	}
	var out []string
	for _, n := range opt.Players {
		r := []rune(n)
		out = append(out, fmt.Sprintf("%+q (%d)", string(r[:min(len(r), 12)]), len(r)))
	}
	return strings.Join(out, ", ")
}

// A record the forms would not have made is refused with a sentence in the request's
// language (422), and nothing is stored; it takes nothing from the allowance of new
// tables either.
func TestImportRefusesWhatTheFormsRefuse(t *testing.T) {
	s, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 1})
	c := newClient(t, ts)
	cat, err := donutsCatalog()
	require.NoError(t, err)
	diamantSetup := func(members string) string {
		return `{"players":["Ada","Bruno","Chiara"],"seed":"1","draw":"app","vote":"phone"` + members + `}`
	}
	for _, tc := range []struct {
		name, lang, record string
		want               string // the sentence, in English
		id                 string // in another language, the catalog's message
		args               []any
	}{
		{"against the computer, no colour for the person (L4)", "en",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"human":null`)),
			"This game cannot be moved: it is played against the computer, but it does not say which colour you play.", "donuts.offline.move.human", nil},
		{"a level the computer does not have", "it",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"level":"brutal"`)), "", "donuts.offline.move.level", nil},
		{"no level against the computer", "en",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"level":""`)),
			"This game cannot be moved: the computer's level must be easy, normal or hard.", "donuts.offline.move.level", nil},
		{"a mode that does not exist", "fr",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"mode":"three"`)), "", "app.offline.move.option", nil},
		{"a board that is not its number's", "sk",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"spec":{"seed":1234,"board":`+mustMarshal(t, donuts.NewBoard(4321))+`,"first":"chocolate"}`)),
			"", "app.offline.move.option", nil},
		{"a Donuts game open to a second phone", "en",
			recordJSON("k", "donuts", donutsSetupJSON(t, `"mode":"two","level":"","human":null,"phones":true,"own":[0]`)),
			"This game cannot be moved: one of its settings has a value that Tavolo does not offer.", "app.offline.move.option", nil},
		{"a way of drawing that does not exist", "en",
			recordJSON("k", "diamant", `{"players":["Ada","Bruno","Chiara"],"seed":"1","draw":"magic","vote":"phone"}`, `{"draw":"random"}`),
			"This game cannot be moved: one of its settings has a value that Tavolo does not offer.", "app.offline.move.option", nil},
		{"chests hidden on a one-phone table", "it",
			recordJSON("k", "diamant", diamantSetup(`,"hidden":true`), `{"draw":"random"}`), "", "app.offline.move.option", nil},
		{"a name that is another once cleaned", "en",
			recordJSON("k", "diamant", `{"players":["Ada","Ada\u200b","Chiara"],"seed":"1","draw":"app","vote":"phone"}`, `{"draw":"random"}`),
			"This game cannot be moved: a new game could not start with these players. Two players are called Ada; each player needs a different name.",
			"app.offline.move.players", nil},
		{"a name of invisible characters", "fr",
			recordJSON("k", "diamant", `{"players":["Ada","\u200b\u202e","Chiara"],"seed":"1","draw":"app","vote":"phone"}`, `{"draw":"random"}`),
			"", "app.offline.move.players", []any{"Problem", cat.Localizer("fr").T("diamant.error.empty-name", "Seat", 2)}},
		{"a name too long once cleaned", "sk",
			recordJSON("k", "diamant", `{"players":["Ada","`+strings.Repeat("b", 41)+`","Chiara"],"seed":"1","draw":"app","vote":"phone"}`, `{"draw":"random"}`),
			"", "app.offline.move.players", []any{"Problem", cat.Localizer("sk").T("diamant.error.name-too-long", "Seat", 2, "Count", 41, "Limit", 40)}},
		{"nine players", "en",
			recordJSON("k", "diamant", `{"players":["A","B","C","D","E","F","G","H","I"],"seed":"1","draw":"app","vote":"phone"}`, `{"draw":"random"}`),
			"This game cannot be moved: a new game could not start with these players. Diamant takes at most 8 players; 9 given.", "app.offline.move.players", nil},
		{"a vote before any card", "en",
			recordJSON("k", "diamant", diamantSetup(""), `{"vote":{"seat":0,"leave":true}}`),
			"This game cannot be moved: its saved moves are damaged.", "app.offline.move.damaged", nil},
		{"an action of no known kind", "it",
			recordJSON("k", "diamant", diamantSetup(""), `{"draw":"random","vote":{"seat":0,"leave":true}}`), "", "app.offline.move.damaged", nil},
		{"a move off the board", "en",
			recordJSON("k", "donuts", donutsSetupJSON(t, ""), `[6,0]`),
			"This game cannot be moved: its saved moves are damaged.", "app.offline.move.damaged", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, r := importRecord(t, c, tc.record, tc.lang)
			require.Equal(t, http.StatusUnprocessableEntity, status, r.URL)
			require.Empty(t, r.URL)
			if tc.want != "" {
				require.Equal(t, "en", tc.lang)
				require.Equal(t, tc.want, r.Error)
				return
			}
			want := cat.Localizer(tc.lang).T(tc.id, tc.args...)
			require.NotEqual(t, cat.Localizer("en").T(tc.id, tc.args...), want, "said in %s", tc.lang)
			require.Equal(t, want, r.Error)
		})
	}

	// Nothing was stored, and the one table of the allowance is still there.
	status, r := importRecord(t, c, recordJSON("k", "donuts", donutsSetupJSON(t, "")), "en")
	require.Equal(t, http.StatusCreated, status, r.Error)
	device := deviceOf(t, s, c, tableIDOf(t, r.URL))
	require.Equal(t, 1, tablesOfDevice(t, s, device))
}

// The same record sent again by the same device (a retry after a lost reply) makes no
// second table: it is answered 200 with the first table's address, even once that table
// has moved on, and takes nothing from the allowance of new tables. Another device
// sending it gets a table of its own; another record is another table.
func TestImportTwiceMakesOneTable(t *testing.T) {
	g, err := donuts.New(donuts.Numbered(1234, donuts.Chocolate))
	require.NoError(t, err)
	_, err = g.Play(donuts.P(0, 0))
	require.NoError(t, err)
	second := mustMarshal(t, g.Legal()[0])
	for _, tc := range []struct {
		name   string
		record string
		more   string // the same table, one action further
	}{
		{"Diamant", recordJSON("kept", "diamant", `{"players":["Ada","Bruno","Chiara"],"seed":"7","draw":"app","vote":"phone"}`, `{"draw":"random","at":1}`),
			recordJSON("kept", "diamant", `{"players":["Ada","Bruno","Chiara"],"seed":"7","draw":"app","vote":"phone"}`, `{"draw":"random","at":1}`, `{"exits":[]}`)},
		{"Donuts", recordJSON("kept", "donuts", donutsSetupJSON(t, `"mode":"two","level":"","human":null`), `[0,0]`),
			recordJSON("kept", "donuts", donutsSetupJSON(t, `"mode":"two","level":"","human":null`), `[0,0]`, second)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 3})
			phone := newClient(t, ts)
			status, first := importRecord(t, phone, tc.record, "en")
			require.Equal(t, http.StatusCreated, status, first.Error)
			device := deviceOf(t, s, phone, tableIDOf(t, first.URL))

			// The same record, written otherwise (the stamp the phone gave a draw, spaces):
			// the same table.
			same := strings.ReplaceAll(strings.ReplaceAll(tc.record, `,"at":1`, `,"at":5`), `,`, ` , `)
			for i, record := range []string{tc.record, tc.record, same} {
				status, again := importRecord(t, phone, record, "en")
				require.Equal(t, http.StatusOK, status, "send %d: %s", i+2, again.Error)
				require.Equal(t, first.URL, again.URL)
			}
			require.Equal(t, 1, tablesOfDevice(t, s, device))

			// Once the table has moved on here, the record still finds it.
			rec, err := s.Store.Load(t.Context(), tableIDOf(t, first.URL))
			require.NoError(t, err)
			_, err = s.Tables.Store().Update(t.Context(), rec.ID, rec.Version, nil, rec.Devices)
			require.NoError(t, err)
			status, again := importRecord(t, phone, tc.record, "en")
			require.Equal(t, http.StatusOK, status, again.Error)
			require.Equal(t, first.URL, again.URL)

			// Another device: its own table, which the first device is not at.
			other := newClient(t, ts)
			status, theirs := importRecord(t, other, tc.record, "en")
			require.Equal(t, http.StatusCreated, status, theirs.Error)
			require.NotEqual(t, first.URL, theirs.URL)
			otherDevice := deviceOf(t, s, other, tableIDOf(t, theirs.URL))
			require.NotEqual(t, device, otherDevice)
			require.Equal(t, 1, tablesOfDevice(t, s, otherDevice))
			res, _ := phone.get(theirs.URL, nil)
			require.Equal(t, http.StatusForbidden, res.StatusCode)

			// The table one action further is another record: another table, from the
			// allowance of new tables, which the repeats did not spend.
			status, further := importRecord(t, phone, tc.more, "en")
			require.Equal(t, http.StatusCreated, status, further.Error)
			require.NotEqual(t, first.URL, further.URL)
			require.Equal(t, 2, tablesOfDevice(t, s, device))
			status, again = importRecord(t, phone, tc.record, "en")
			require.Equal(t, http.StatusOK, status, "a repeat at the end: %s", again.Error)
			require.Equal(t, first.URL, again.URL)
		})
	}
}

// Sent several times at once (a retry while the first is still on its way), the record
// still makes one table: each answer names it.
func TestImportAtOnceMakesOneTable(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	phone := newClient(t, ts)
	record := recordJSON("kept", "donuts", donutsSetupJSON(t, ""), `[0,0]`)
	importRecord(t, phone, recordJSON("warm", "donuts", donutsSetupJSON(t, "")), "en") // the session and its device first
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses, urls := map[int]int{}, map[string]bool{}
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, r := importRecord(t, phone, record, "en")
			mu.Lock()
			statuses[status]++
			urls[r.URL] = true
			mu.Unlock()
		}()
	}
	wg.Wait()
	require.Equal(t, map[int]int{http.StatusCreated: 1, http.StatusOK: 5}, statuses)
	require.Len(t, urls, 1)
	for url := range urls {
		require.Equal(t, 2, tablesOfDevice(t, s, deviceOf(t, s, phone, tableIDOf(t, url))))
	}
}

// Past the device's allowance of new tables, a move is refused as the service worker can
// read it: 429, Retry-After and the sentence in JSON, in the phone's language.
func TestImportBeyondTheAllowanceSaysWhy(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 1})
	phone := newClient(t, ts)
	record := func(id string) string {
		return recordJSON(id, "diamant", `{"players":["Ada","Bruno","Chiara"],"seed":"7","draw":"app","vote":"phone"}`, `{"draw":"random","at":1}`)
	}
	status, first := importRecord(t, phone, record("one"), "it")
	require.Equal(t, http.StatusCreated, status, first.Error)
	status, refused := importRecord(t, phone, record("two"), "it")
	require.Equal(t, http.StatusTooManyRequests, status)
	require.Equal(t, "Da questo dispositivo sono stati aperti molti tavoli in poco tempo. Non è cambiato niente. Potrai aprirne un altro tra 60 minuti.", refused.Error)
}
