package web

// staticCodings: none in the offline engine, which answers from the phone itself (and
// links no compressor for nothing).
var staticCodings []string

// encodeStatic is never called in the offline engine.
func encodeStatic(string, []byte) ([]byte, error) { return nil, nil }
