// Package table holds what every game's table shares, apart from HTTP: ids, the locks
// that keep two changes of one table apart, join codes, the seats that devices hold and
// their rules, and which devices are away.
package table

import (
	"crypto/rand"
	"encoding/base32"
	"strings"
)

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewID is a random id of 128 bits, for tables and devices.
func NewID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's random source never fails on Linux
	}
	return strings.ToLower(idEncoding.EncodeToString(b))
}

// ValidID tells whether a path parameter can be an id from NewID, so that anything
// else is refused before it reaches a lock or the store.
func ValidID(id string) bool {
	if len(id) != 26 {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '2' && r <= '7') {
			return false
		}
	}
	return true
}
