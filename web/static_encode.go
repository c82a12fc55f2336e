//go:build !js

package web

import "tavolo/web/precompress"

// staticCodings are the compressed forms a static file is served in, best first.
var staticCodings = precompress.Codings

// encodeStatic compresses a static file in coding.
func encodeStatic(coding string, body []byte) ([]byte, error) {
	return precompress.Encode(coding, body)
}
