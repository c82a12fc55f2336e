package table

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
)

// A table kept on a phone moves to the server (POST /tables/import): each game's Import
// checks its record as the forms check a new table, and encodes it again as the server
// writes its own tables.

// ErrOption: a record's options hold what no form makes (a way of playing or drawing that
// does not exist, a level the computer does not have, a phone's settings on a table that
// was never open to other phones). A move to the server is refused with it.
var ErrOption = errors.New("table: an option no form makes")

// ImportKeyOf is the identity of a record that a device moves to the server: a hash of
// the device, the id the table had on it, and the game, setup and log as the server
// encodes them (never the bytes sent). The same record moved again by the same device (a
// retry after a lost reply) has the same key, so it finds the table the first move made;
// another device's key is never the same, so no device is handed another's table.
func ImportKeyOf(device, sentID string, r Record) string {
	h := sha256.New()
	for _, s := range []string{"tavolo import 1", device, sentID, r.Game, string(r.Setup)} {
		writeField(h, []byte(s))
	}
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(r.Log)))])
	for _, a := range r.Log {
		writeField(h, a)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// writeField writes b with its length first, so that no two lists of fields hash alike.
func writeField(h hash.Hash, b []byte) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
	h.Write(b)
}
