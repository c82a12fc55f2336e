package main

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// tlsOptions are how the server speaks HTTPS by itself: a certificate taken and renewed
// by ACME for the names of Domains (autocert, kept in the data folder), or one the
// operator has (CertFile, KeyFile). HTTPAddr answers plain HTTP there: ACME's challenges,
// and a redirect to HTTPS for everything else.
type tlsOptions struct {
	Domains           []string
	Email             string // told to the ACME authority, for its notices; may be empty
	Directory         string // the ACME authority's directory URL; empty: Let's Encrypt's
	CertFile, KeyFile string
	HTTPAddr          string
}

// on tells whether the server speaks HTTPS.
func (o tlsOptions) on() bool { return len(o.Domains) > 0 || o.CertFile != "" }

// tlsSetup makes the server's TLS configuration and the handler of its plain-HTTP
// address (nil when it has none) from o; dataDir keeps ACME's account and certificates.
// tlsPort is the port HTTPS is served on, for the redirect.
func tlsSetup(o tlsOptions, dataDir string, tlsPort int) (*tls.Config, http.Handler, error) {
	redirect := redirectToHTTPS(tlsPort)
	if len(o.Domains) > 0 {
		m := &autocert.Manager{
			Prompt:     autocert.AcceptTOS,
			HostPolicy: autocert.HostWhitelist(o.Domains...),
			Cache:      autocert.DirCache(filepath.Join(dataDir, "acme")),
			Email:      o.Email,
		}
		if o.Directory != "" {
			m.Client = &acme.Client{DirectoryURL: o.Directory}
		}
		cfg := m.TLSConfig()
		cfg.MinVersion = tls.VersionTLS12
		return cfg, m.HTTPHandler(redirect), nil
	}
	if o.CertFile == "" || o.KeyFile == "" {
		return nil, nil, errors.New("--tls-cert and --tls-key go together")
	}
	kp, err := newKeyPair(o.CertFile, o.KeyFile)
	if err != nil {
		return nil, nil, err
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: kp.get, NextProtos: []string{"h2", "http/1.1"}}
	if o.HTTPAddr == "" {
		redirect = nil
	}
	return cfg, redirect, nil
}

// redirectToHTTPS sends every plain-HTTP request to the same address over HTTPS.
func redirectToHTTPS(tlsPort int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
		if tlsPort != 443 {
			host += ":" + strconv.Itoa(tlsPort)
		}
		w.Header().Set("Connection", "close")
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusPermanentRedirect)
	})
}

// keyPair is the operator's certificate, read again when its files change (a renewal by
// certbot or another ACME client), looked at once a minute at most.
type keyPair struct {
	certFile, keyFile string
	mu                sync.Mutex
	cert              *tls.Certificate
	modified          time.Time // the files' latest modification when last read
	checked           time.Time
}

func newKeyPair(certFile, keyFile string) (*keyPair, error) {
	kp := &keyPair{certFile: certFile, keyFile: keyFile}
	if err := kp.load(); err != nil {
		return nil, err
	}
	return kp, nil
}

func (kp *keyPair) load() error {
	c, err := tls.LoadX509KeyPair(kp.certFile, kp.keyFile)
	if err != nil {
		return fmt.Errorf("the certificate (--tls-cert, --tls-key): %w", err)
	}
	kp.cert, kp.modified = &c, kp.filesModified()
	return nil
}

func (kp *keyPair) filesModified() time.Time {
	var latest time.Time
	for _, f := range []string{kp.certFile, kp.keyFile} {
		if st, err := os.Stat(f); err == nil && st.ModTime().After(latest) {
			latest = st.ModTime()
		}
	}
	return latest
}

func (kp *keyPair) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	kp.mu.Lock()
	defer kp.mu.Unlock()
	if now := time.Now(); now.Sub(kp.checked) > time.Minute {
		kp.checked = now
		if kp.filesModified().After(kp.modified) {
			// A renewal half-written keeps the certificate in use until the next look.
			_ = kp.load()
		}
	}
	return kp.cert, nil
}
