package markup

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const page = `<!DOCTYPE html>
<html lang="en"><head><title>A page</title><script type="application/json" id="config">{"a": 1}</script></head>
<body>
<header><nav aria-label="Main"><ul><li><a href="/">Home</a></li><li><a>No address</a></li></ul></nav></header>
<main id="main">
	<h1 tabindex="-1">Round  1
		of 5</h1>
	<p id="where" hidden>Round 1 of 5,<span aria-hidden="true"> ★</span> no hazard yet.</p>
	<p id="problem" role="alert">Ada has already voted.</p>
	<p id="status" role="status" aria-live="polite">Ada&#39;s turn&nbsp;: <strong>now</strong>.</p>
	<section aria-labelledby="cave-h cave-n"><h2 id="cave-h">In the cave</h2><p id="cave-n">3 players</p>
		<h3>On the cards</h3>
		<ul><li><span class="icon" aria-hidden="true">◆</span> Treasure of 3</li><li hidden>Not yet</li></ul>
		<footer>The cave's own footer</footer>
	</section>
	<section><h2 aria-level="4">Not a region</h2></section>
	<form method="post" action="/diamant/x/vote">
		<input type="hidden" name="version" value="7">
		<input type="hidden" name="seat" value="2">
		<fieldset><legend>Who leaves?</legend>
			<p><label><input type="checkbox" name="leave" value="0"> Ada</label></p>
			<p><input type="radio" id="r1" name="choice" value="go" checked><label for="r1">Go on</label></p>
		</fieldset>
		<p><label for="name">Your <em>name</em></label><input id="name" name="name"><textarea aria-label="  A   note "></textarea></p>
		<button type="submit" name="do" value="take"><span aria-hidden="true">➜</span> Take <b>back</b></button>
		<input type="submit" value="Send">
	</form>
	<p><a href="/diamant/x/history"><img src="h.svg" alt="History"></a> <a href="/x" title="Elsewhere"></a><img src="deco.svg" alt=""></p>
	<div role="img" aria-label="A board"><span>hidden by the image</span></div>
</main>
<footer><p>Made with care</p></footer>
<div id="live" role="status"></div>
</body></html>`

func TestFindByIDRoleAndName(t *testing.T) {
	doc := Parse(page)
	require.Equal(t, "en", doc.Find(Tag("html")).Attr("lang"))
	require.Nil(t, doc.Find(ID("nothing")))
	require.Equal(t, "Round 1 of 5", doc.Get(t, Heading(1)).Text(), "blanks are one space")
	require.Equal(t, "Ada has already voted.", doc.Get(t, Role("alert")).Text())
	require.Equal(t, "status", doc.Get(t, ID("status")).Role())
	require.Len(t, doc.All(Role("status")), 2)
	require.Equal(t, "main", doc.Get(t, Role("main")).Attr("id"))
	require.Equal(t, "Main", doc.Get(t, Role("navigation")).Name())
	require.Equal(t, "banner", doc.Find(Tag("header")).Role())
	require.Equal(t, []string{"contentinfo", ""}, []string{doc.All(Tag("footer"))[1].Role(), doc.All(Tag("footer"))[0].Role()},
		"the page's footer, not a section's")

	links := doc.All(Role("link"))
	require.Len(t, links, 3, "an a without href is no link")
	require.Equal(t, []string{"Home", "History", "Elsewhere"}, []string{links[0].Name(), links[1].Name(), links[2].Name()},
		"by its text, its image's name, its title")
	require.Equal(t, "/diamant/x/history", doc.Get(t, Role("link"), Name("History")).Attr("href"))

	cave := doc.Get(t, Role("region"))
	require.Equal(t, "In the cave 3 players", cave.Name(), "aria-labelledby, every id in turn")
	require.Equal(t, []string{"In the cave", "On the cards", "Not a region"},
		[]string{doc.Get(t, Heading(2)).Text(), doc.Get(t, Heading(3)).Text(), doc.Get(t, Heading(4)).Text()})
	require.Len(t, doc.All(Role("region")), 1, "an unnamed section is no region")
	require.Equal(t, "list", cave.Get(t, Role("listitem")).Closest(Role("list")).Role())
	require.Equal(t, []string{"Treasure of 3", "Not yet"}, texts(cave.All(Role("listitem"))))
	require.Equal(t, []string{"Treasure of 3"}, texts(cave.All(Role("listitem"), Shown)))
}

func TestFormFields(t *testing.T) {
	doc := Parse(page)
	form := doc.Get(t, Role("form"))
	require.Equal(t, "/diamant/x/vote", form.Attr("action"))
	require.Equal(t, "7", form.Get(t, Field("version")).Attr("value"))
	require.Equal(t, "", form.Get(t, Field("version")).Role(), "a hidden field is nothing to a screen reader")
	require.True(t, form.Get(t, Field("version")).Hidden())
	require.Len(t, doc.All(Field("choice")), 1)
	require.Nil(t, Parse(`<meta name="version" content="7">`).Find(Field("version")), "a field is a form's")
	require.Equal(t, "Who leaves?", form.Get(t, Role("group")).Name())
	require.Equal(t, "Ada", form.Get(t, Role("checkbox")).Name(), "the label around it")
	radio := form.Get(t, Role("radio"), Name("Go on"))
	require.True(t, radio.HasAttr("checked"))
	require.False(t, form.Get(t, Role("checkbox")).HasAttr("checked"))
	require.Equal(t, "name", form.Get(t, Role("textbox"), Name("Your name")).Attr("id"), "the label for it")
	require.Equal(t, "textarea", form.Get(t, Role("textbox"), Name("A note")).Tag())

	take := form.Get(t, Field("do"), Attr("value", "take"))
	require.Equal(t, "button", take.Role())
	require.Equal(t, "Take back", take.Name(), "the icon is hidden")
	require.Equal(t, "2", take.Closest(Role("form")).Get(t, Field("seat")).Attr("value"))
	require.Equal(t, "Send", form.Get(t, Role("button"), Attr("type", "submit"), Has("value"), Tag("input")).Name())
}

func TestTextAsSpoken(t *testing.T) {
	doc := Parse(page)
	where := doc.Get(t, ID("where"))
	require.True(t, where.Hidden())
	require.False(t, Shown(where))
	require.Equal(t, "Round 1 of 5, no hazard yet.", where.Text(), "read though hidden itself, without its hidden part")
	require.Equal(t, "Ada's turn\u00a0: now.", doc.Get(t, ID("status")).Text(), "entities read, a no-break space kept")
	require.Equal(t, "History", doc.Find(Role("link"), Name("History")).Closest(Role("paragraph")).Text(),
		"an image by its name, a decoration by nothing, a link without text by nothing")
	require.Equal(t, "A board", doc.Get(t, Role("img"), Name("A board")).Name())
	require.Equal(t, "Who leaves? Ada Go on", doc.Get(t, Role("group")).Text(), "blocks do not run together")
	require.Equal(t, "Made with care", doc.Get(t, Role("contentinfo")).Text())
	require.Equal(t, "", doc.Find(ID("config")).Text(), "a script is not read")
	require.Equal(t, `{"a": 1}`, doc.Find(ID("config")).TextContent())
	require.Contains(t, doc.Get(t, Role("alert")).String(), `<p id="problem" role="alert">`)
}

// Replies carry a piece of a page: it is read alike.
func TestParsePiece(t *testing.T) {
	doc := Parse(`<div class="diamant" data-screen="vote" data-version="12"><h1 tabindex="-1">Ada: continue or leave?</h1></div>`)
	screen := doc.Get(t, Has("data-screen"))
	require.Equal(t, "vote", screen.Attr("data-screen"))
	require.Equal(t, "12", screen.Attr("data-version"))
	require.Equal(t, "Ada: continue or leave?", doc.Get(t, Heading(1)).Name())
}

func TestClosed(t *testing.T) {
	require.NoError(t, Closed(page))
	require.NoError(t, Closed(`<p>A <input name="a"> <br> <img src="x" alt=""> <svg><path d="M0"/></svg></p>`))
	for piece, want := range map[string]string{
		`<div><p>One</div>`:       "</div> closes no <div>, open: [div p]",
		`<ul><li>One<li>Two</ul>`: "</ul> closes no <ul>, open: [ul li li]",
		`<section><p>One</p>`:     "<section> left open",
		`<p>One</p></p>`:          "</p> closes no <p>, open: []",
	} {
		require.EqualError(t, Closed(piece), want, piece)
	}
}

func texts(ns []*Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Text())
	}
	return out
}
