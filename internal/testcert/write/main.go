// Command write makes a self-signed certificate for a browser test that serves HTTPS:
//
//	go run ./internal/testcert/write DIR HOST...
//
// writes DIR/cert.pem and DIR/key.pem (testcert.Write).
package main

import (
	"fmt"
	"os"

	"tavolo/internal/testcert"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: write DIR HOST...")
		os.Exit(2)
	}
	if _, _, _, err := testcert.Write(os.Args[1], os.Args[2:]...); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
