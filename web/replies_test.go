package web

import (
	diamantroom "tavolo/web/diamant"
	"tavolo/web/diamant/diamanttest"
	donutsroom "tavolo/web/donuts"
)

// The replies to the games' scripts and their live events, as the tests read them: a
// Diamant event is a whole screen, or a vote's patch of the screen sent before.
type (
	diamantReply struct {
		diamantroom.Reply
		Patch *diamanttest.Patch `json:"patch"`
	}
	donutsReply = donutsroom.Reply
)
