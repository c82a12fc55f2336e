package donaz

import (
	"tavolo/web/kit"
)

// handlers answer the game's requests with what the games share (the kit).
type handlers struct{ *kit.Kit }

// New is Donaz as the server registers it: a clock in the browser, with no table on the
// server.
func New(k *kit.Kit) kit.Game {
	return kit.Game{Name: "donaz", Title: "game.donaz", Desc: "home.donaz.desc", Players: "home.donaz.players",
		Path: "/donaz", Routes: handlers{k}.routes, OfflinePages: []string{"/donaz", "/donaz/clock"}}
}
