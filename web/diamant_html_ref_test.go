package web

import (
	"bytes"
	"html/template"
	"testing"

	"github.com/stretchr/testify/require"
)

// diamantPlayRef is diamant-play.html's content block as html/template had it, to check
// the Go renderer against while it replaces the template.
const diamantPlayRef = `
{{define "content"}}{{with .Data}}
<div class="diamant" data-screen="{{.Screen}}" data-version="{{.Version}}"{{if .Live}} data-live="/diamant/{{.ID}}/events" data-lost="{{$.L.T "diamant.connection.lost"}}" data-back="{{$.L.T "diamant.connection.back"}}" data-failed="{{$.L.T "diamant.connection.failed"}}"{{end}}>
<h1 tabindex="-1">{{.Heading}}</h1>
{{if .Live}}<p class="connection message" role="status" hidden></p>{{end}}
{{if .Problem}}<p class="message error" id="problem">{{.Problem}}</p>{{end}}
{{if .Proposal}}<div class="message proposal" id="proposal"><p>{{.Proposal}}</p>
{{if .Host}}<form method="post" action="/diamant/{{.ID}}/proposal" class="actions">
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<button type="submit" name="do" value="confirm">{{$.L.T "diamant.proposal.confirm"}}</button>
<button type="submit" name="do" value="cancel" class="secondary">{{$.L.T "diamant.proposal.cancel"}}</button>
</form>{{end}}</div>{{end}}
{{if eq .Screen "vote"}}
<form method="post" action="/diamant/{{.ID}}/vote" class="vote" data-js>
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<input type="hidden" name="seat" value="{{.Voter.Seat}}">
{{if .Step}}<input type="hidden" name="step" value="{{.Step}}">{{end}}
<button type="submit" name="choice" value="continue" class="big continue"><span aria-hidden="true" class="icon">➜</span> {{$.L.T "diamant.vote.continue"}}</button>
<button type="submit" name="choice" value="leave" class="big leave"><span aria-hidden="true" class="icon">⌂</span> {{$.L.T "diamant.vote.leave"}}</button>
</form>
<p>{{.Lead}}</p>
<p>{{.Deck}}</p>
{{if .Votes}}<p class="votes">{{.Votes}}</p>{{end}}
{{else if eq .Screen "pass"}}
{{if .Lead}}<p class="lead">{{.Lead}}</p>{{end}}
<p>{{$.L.T "diamant.pass.text" "Name" .Voter.Name}}</p>
{{if .Votes}}<p class="votes">{{.Votes}}</p>{{end}}
<p><a class="button big" href="/diamant/{{.ID}}/vote/{{.Voter.Seat}}" data-js>{{$.L.T "diamant.pass.confirm" "Name" .Voter.Name}}</a></p>
{{else if eq .Screen "voted"}}
<p class="lead">{{.Lead}}</p>
<p>{{$.L.T "diamant.voted.text"}}</p>
<p><a class="button big" href="/diamant/{{.ID}}?show=reveal" data-js>{{$.L.T "diamant.voted.reveal"}}</a></p>
{{else if eq .Screen "undo"}}
<p class="lead">{{.UndoWhat}}</p>
<form method="post" action="/diamant/{{.ID}}/undo" data-js class="actions">
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<button type="submit">{{$.L.T "diamant.undo.confirm"}}</button>
<a href="/diamant/{{.ID}}" data-js>{{$.L.T "diamant.undo.cancel"}}</a>
</form>
{{else}}
{{if .Lead}}<p class="lead">{{.Lead}}</p>{{end}}
{{if .Mine}}<p class="lead">{{.Mine}}</p>{{end}}
{{if .Votes}}<p class="votes">{{.Votes}}</p>{{end}}
{{if .LastCard}}<p class="lastcard" data-kind="{{.LastKind}}"><span class="icon" aria-hidden="true"></span> {{.LastCard}}</p>{{end}}
{{if .News}}<div class="news" id="news">
{{range .News}}<p{{if .Assertive}} class="alarm"{{end}}>{{.Text}}</p>
{{end}}</div>{{end}}
{{if .DrawApp}}<form method="post" action="/diamant/{{.ID}}/draw" data-js>
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<p><button type="submit" class="big">{{$.L.T "diamant.draw.app"}}</button></p>
</form>{{end}}
{{if .DrawBox}}<section class="box" aria-labelledby="box-h">
<h2 id="box-h">{{$.L.T "diamant.draw.box.heading"}}</h2>
<form method="post" action="/diamant/{{.ID}}/draw" data-js class="typed">
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<p class="field"><label for="card-text">{{$.L.T "diamant.draw.box.search"}}</label>
<input type="text" id="card-text" name="text" autocomplete="off" aria-describedby="card-hint">
<button type="submit">{{$.L.T "diamant.draw.box.submit"}}</button></p>
<p class="hint" id="card-hint">{{$.L.T "diamant.draw.box.hint"}}</p>
</form>
<form method="post" action="/diamant/{{.ID}}/draw" data-js class="cardlist">
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
{{range .Groups}}<fieldset><legend>{{.Heading}}</legend>
<ul>{{range .Cards}}<li data-search="{{.Search}}"><button type="submit" name="card" value="{{.Code}}">{{.Label}}</button></li>{{end}}</ul>
</fieldset>
{{end}}</form>
</section>{{end}}
{{if .VoteFirst}}<p><a class="button big" href="/diamant/{{.ID}}?show=pass" data-js>{{$.L.T "diamant.vote.start" "Name" .VoteFirst}}</a></p>{{end}}
{{if .Exits}}<form method="post" action="/diamant/{{.ID}}/exits" data-js class="exits">
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<input type="hidden" name="version" value="{{.Version}}">
<fieldset><legend>{{$.L.T "diamant.exits.legend"}}</legend>
{{range .Exits}}<p class="field"><label class="choice"><input type="checkbox" name="leave" value="{{.Seat}}"> {{$.L.T "diamant.exits.leaves" "Name" .Name}}</label></p>
{{end}}</fieldset>
<p><button type="submit" class="big">{{$.L.T "diamant.exits.confirm"}}</button></p>
</form>{{end}}
{{if eq .Screen "final"}}
<form method="post" action="/diamant/{{.ID}}/again" class="actions" data-js>
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<button type="submit" class="big">{{$.L.T "diamant.final.again"}}</button>
<a href="/diamant">{{$.L.T "diamant.final.new"}}</a>
</form>
{{else}}
<section aria-labelledby="cave-h">
<h2 id="cave-h">{{$.L.T "diamant.cave.heading"}}</h2>
<ul class="summary">
{{range .InCave}}<li>{{$.L.N "diamant.n.carries.name" .Hand "Name" .Name}}</li>
{{else}}<li>{{$.L.T "diamant.cave.empty"}}</li>
{{end}}</ul>
<h3>{{$.L.T "diamant.table.heading"}}</h3>
<ul class="summary">
{{range .TableCards}}<li><span class="icon treasure" aria-hidden="true"></span> {{.}}</li>
{{else}}<li>{{$.L.T "diamant.table.none"}}</li>
{{end}}{{range .TableIdols}}<li><span class="icon idol" aria-hidden="true"></span> {{.}}</li>
{{end}}</ul>
<h3>{{$.L.T "diamant.hazards.heading"}}</h3>
<ul class="summary">
{{range .Hazards}}<li><span class="icon hazard" aria-hidden="true"></span> {{.Text}}</li>
{{else}}<li>{{$.L.T "diamant.hazards.none"}}</li>
{{end}}</ul>
<p>{{.Deck}}</p>
{{if .ShowRisk}}<p class="risk">{{.Risk}}</p>{{end}}
</section>
{{end}}
<section aria-labelledby="players-h">
<h2 id="players-h">{{$.L.T "diamant.players.heading"}}</h2>
<div class="scroll" role="group" aria-labelledby="players-h" tabindex="0">
<table class="players">
<thead><tr><th scope="col">{{$.L.T "diamant.col.player"}}</th>{{if ne .Screen "final"}}<th scope="col">{{$.L.T "diamant.col.carries"}}</th>{{end}}<th scope="col">{{$.L.T "diamant.col.chest"}}</th><th scope="col">{{$.L.T "diamant.col.idols"}}</th><th scope="col">{{$.L.T "diamant.col.score"}}</th></tr></thead>
<tbody>
{{range .Players}}<tr><th scope="row">{{.Name}}{{if .Winner}} <span class="winner">({{$.L.T "diamant.final.winner"}})</span>{{else if and (ne $.Data.Screen "final") (not .InCave)}} <span class="out">({{$.L.T "diamant.where.out"}})</span>{{end}}{{if .Away}} <span class="out">({{$.L.T "diamant.seat.awaymark"}})</span>{{end}}</th>{{if ne $.Data.Screen "final"}}<td>{{.Hand}}</td>{{end}}<td>{{if .Hidden}}{{$.L.T "diamant.hidden"}}{{else}}{{.Chest}}{{end}}</td><td>{{if .Idols}}{{.Idols}}{{else}}–{{end}}</td><td>{{if .Hidden}}{{$.L.T "diamant.hidden"}}{{else}}{{.Score}}{{end}}</td></tr>
{{end}}</tbody>
</table>
</div>
</section>
{{end}}
<div class="tools">
<button type="button" class="repeat" hidden>{{$.L.T "diamant.repeat"}}</button>
{{if and (ne .Screen "vote") (ne .Screen "pass") (ne .Screen "voted") (ne .Screen "undo") (ne .Screen "final")}}<form method="post" action="/diamant/{{.ID}}/risk" data-js>
<input type="hidden" name="_csrf" value="{{$.CSRF}}">
<button type="submit" class="secondary">{{if .ShowRisk}}{{$.L.T "diamant.risk.hide"}}{{else}}{{$.L.T "diamant.risk.show"}}{{end}}</button>
</form>{{end}}
{{if and .CanUndo (ne .Screen "undo")}}<a href="/diamant/{{.ID}}/undo" data-js>{{$.L.T "diamant.undo.link"}}</a>{{end}}
{{if or .Host (not .Live)}}<a href="/diamant/{{.ID}}/table">{{if .Live}}{{$.L.T "diamant.table.link"}}{{else}}{{$.L.T "diamant.open.submit"}}{{end}}</a>{{end}}
<a href="/diamant">{{$.L.T "diamant.tables"}}</a>
</div>
</div>
{{end}}{{end}}
`

func BenchmarkDiamantPlayTemplate(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	ref := template.Must(template.New("ref").Parse(diamantPlayRef))
	var views []view
	eachDiamantScreen(b, s, 4, func(v view) { views = append(views, v) })
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		var buf bytes.Buffer
		ref.ExecuteTemplate(&buf, "content", views[i%len(views)])
		i++
	}
}
