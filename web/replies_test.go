package web

import (
	diamantroom "tavolo/web/diamant"
	donutsroom "tavolo/web/donuts"
)

// The replies to the games' scripts and their live events, as the tests read them.
type (
	diamantReply = diamantroom.Reply
	donutsReply  = donutsroom.Reply
)
