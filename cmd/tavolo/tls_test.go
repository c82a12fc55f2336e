//go:build linux

package main

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/internal/testcert"
)

// --tls-cert and --tls-key: the real command speaks HTTPS (HTTP/2 too) with the
// certificate, its banner gives the https address, and --http-addr sends plain HTTP there.
func TestServeHTTPSWithACertificate(t *testing.T) {
	bin := tavoloBinary(t)
	certFile, keyFile, cert, err := testcert.Write(t.TempDir(), "127.0.0.2", "localhost")
	require.NoError(t, err)
	port, plain := freePort(t, "127.0.0.2"), freePort(t, "127.0.0.2")
	addr := "127.0.0.2:" + strconv.Itoa(port)
	banner := startBanner(t, exec.Command(bin, "--addr", addr, "--data", t.TempDir(),
		"--tls-cert", certFile, "--tls-key", keyFile, "--http-addr", "127.0.0.2:"+strconv.Itoa(plain)))
	require.Contains(t, banner, "      https://"+addr+"\n")

	pool := x509.NewCertPool()
	pool.AddCert(cert)
	client := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	res, err := client.Get("https://" + addr + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, 2, res.ProtoMajor, "HTTP/2 over TLS")

	res, err = client.Get("http://127.0.0.2:" + strconv.Itoa(plain) + "/diamant?lang=it")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusPermanentRedirect, res.StatusCode)
	require.Equal(t, "https://127.0.0.2:"+strconv.Itoa(port)+"/diamant?lang=it", res.Header.Get("Location"))

	// The session cookie is Secure over HTTPS.
	res, err = client.Get("https://" + addr + "/diamant")
	require.NoError(t, err)
	res.Body.Close()
	for _, c := range res.Cookies() {
		require.True(t, c.Secure, "cookie %s", c.Name)
	}
}

// --tls-domain: autocert, wired without an ACME authority to reach (none is at hand to
// the tests): the TLS configuration answers ACME's TLS-ALPN challenge, takes certificates
// only for the names given, and the plain-HTTP address answers ACME's HTTP challenges and
// sends the rest to HTTPS.
func TestTLSDomainWiring(t *testing.T) {
	cfg, plain, err := tlsSetup(tlsOptions{Domains: []string{"tavolo.example.org"}, Directory: "http://127.0.0.1:1/directory"}, t.TempDir(), 443)
	require.NoError(t, err)
	require.True(t, slices.Contains(cfg.NextProtos, "acme-tls/1"), "%v", cfg.NextProtos)
	require.True(t, slices.Contains(cfg.NextProtos, "h2"), "%v", cfg.NextProtos)
	require.NotNil(t, cfg.GetCertificate)
	_, err = cfg.GetCertificate(&tls.ClientHelloInfo{ServerName: "another.example.org"})
	require.Error(t, err, "no certificate for a name not given")
	require.Contains(t, err.Error(), "not configured")

	w := httptest.NewRecorder()
	plain.ServeHTTP(w, httptest.NewRequest("GET", "http://tavolo.example.org/diamant", nil))
	require.Equal(t, http.StatusPermanentRedirect, w.Code)
	require.Equal(t, "https://tavolo.example.org/diamant", w.Header().Get("Location"))
	w = httptest.NewRecorder()
	plain.ServeHTTP(w, httptest.NewRequest("GET", "http://tavolo.example.org/.well-known/acme-challenge/some-token", nil))
	require.NotEqual(t, http.StatusPermanentRedirect, w.Code, "ACME's challenges are answered, not redirected")

	// The flags: :443 and :80 unless told otherwise; the certificate's files are refused with it.
	opts, err := parseServeFlags([]string{"--tls-domain", "tavolo.example.org, www.tavolo.example.org"}, &strings.Builder{})
	require.NoError(t, err)
	require.Equal(t, ":443", opts.Addr)
	require.Equal(t, ":80", opts.TLS.HTTPAddr)
	require.Equal(t, []string{"tavolo.example.org", "www.tavolo.example.org"}, opts.TLS.Domains)
	opts, err = parseServeFlags([]string{"--tls-domain", "tavolo.example.org", "--addr", "0.0.0.0:8443", "--http-addr", ":8080"}, &strings.Builder{})
	require.NoError(t, err)
	require.Equal(t, "0.0.0.0:8443", opts.Addr)
	require.Equal(t, ":8080", opts.TLS.HTTPAddr)
	for _, bad := range [][]string{
		{"--tls-domain", "a.example.org", "--tls-cert", "c.pem", "--tls-key", "k.pem"},
		{"--tls-cert", "c.pem"},
		{"--http-addr", ":80"},
	} {
		_, err := parseServeFlags(bad, &strings.Builder{})
		require.Error(t, err, "%v", bad)
	}
}

// --tls-cert's files are read again once they change (a renewal), looked at once a minute.
func TestCertificateReadAgainWhenRenewed(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, first, err := testcert.Write(dir, "localhost")
	require.NoError(t, err)
	kp, err := newKeyPair(certFile, keyFile)
	require.NoError(t, err)
	got, err := kp.get(nil)
	require.NoError(t, err)
	require.Equal(t, first.Raw, got.Certificate[0])

	_, _, renewed, err := testcert.Write(dir, "localhost")
	require.NoError(t, err)
	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(certFile, later, later))
	got, _ = kp.get(nil)
	require.Equal(t, first.Raw, got.Certificate[0], "not looked at again within the minute")
	kp.checked = time.Time{}
	got, _ = kp.get(nil)
	require.Equal(t, renewed.Raw, got.Certificate[0], "the renewed one")
}
