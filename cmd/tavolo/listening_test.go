//go:build linux

package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var built struct {
	once sync.Once
	bin  string
	err  error
	out  []byte
}

// tavoloBinary is the command built once for the tests that start it as a newcomer does.
func tavoloBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "tavolo-bin")
		if err != nil {
			built.err = err
			return
		}
		built.bin = filepath.Join(dir, "tavolo")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	require.NoError(t, built.err, "%s", built.out)
	return built.bin
}

// freePort is a port nobody listens on at host, for a server started after.
func freePort(t *testing.T, host string) int {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// lockedBuilder is a strings.Builder that two goroutines may use.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startBanner starts cmd and returns what it printed on its standard output up to the end
// of its banner ("Stop it with Ctrl+C."); the process is stopped at the test's end.
func startBanner(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr lockedBuilder // written by exec's goroutine while the test may read it
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		cmd.Wait()
	})
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		var b strings.Builder
		for sc.Scan() {
			b.WriteString(sc.Text() + "\n")
			if strings.Contains(sc.Text(), "Stop it with Ctrl+C.") {
				lines <- b.String()
				io.Copy(io.Discard, out)
				return
			}
		}
	}()
	select {
	case s, ok := <-lines:
		if !ok {
			t.Fatalf("no banner; stderr: %s", stderr.String())
		}
		return s
	case <-time.After(30 * time.Second):
		t.Fatalf("no banner in 30 s; stderr: %s", stderr.String())
	}
	return ""
}

// On loopback, the banner gives the address to open there and says how to reach the
// phones; the server answers at it.
func TestListeningOnLoopbackSaysWhereToGo(t *testing.T) {
	bin := tavoloBinary(t)
	port := freePort(t, "127.0.0.2")
	addr := "127.0.0.2:" + strconv.Itoa(port)
	banner := startBanner(t, exec.Command(bin, "--addr", addr, "--data", t.TempDir()))
	require.Contains(t, banner, "      http://"+addr+"\n", "the address to open, on a line of its own")
	require.Contains(t, banner, "make run-lan", "how to reach the phones")
	require.NotContains(t, banner, "█", "no QR code: no phone reaches loopback")
	res, err := http.Get("http://" + addr + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// On every interface, the banner gives each address of the computer on the network, each
// with its QR code: the real command, in a network namespace of its own whose one
// interface has addresses the test chose (as root, where namespaces can be made).
func TestListeningOnEveryInterfaceGivesTheNetworkAddresses(t *testing.T) {
	if os.Geteuid() != 0 || exec.Command("unshare", "-n", "true").Run() != nil {
		t.Skip("no network namespace here (needs root and unshare -n): the loopback test stands alone")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("no ip command to give the namespace an interface")
	}
	bin := tavoloBinary(t)
	for _, tc := range []struct {
		listen string
		want   []string
		not    []string
	}{
		{"0.0.0.0:8080", []string{"http://198.51.100.7:8080", "http://10.9.8.7:8080"}, []string{"2001:db8::7", "127.0.0.1:8080\n\n"}},
		{":8080", []string{"http://198.51.100.7:8080", "http://10.9.8.7:8080", "http://[2001:db8::7]:8080"}, []string{"fe80"}},
	} {
		// A dummy interface where the kernel has them, else one end of a pair, else a bridge.
		script := "ip link set lo up && { ip link add t0 type dummy 2>/dev/null || " +
			"{ ip link add t0 type veth peer name t1 && ip link set t1 up; } 2>/dev/null || ip link add t0 type bridge; } && ip addr add 198.51.100.7/24 dev t0 && " +
			"ip addr add 10.9.8.7/8 dev t0 && ip -6 addr add 2001:db8::7/64 dev t0 nodad && ip link set t0 up && " +
			"exec " + bin + " --addr " + tc.listen + " --data " + t.TempDir()
		banner := startBanner(t, exec.Command("unshare", "-n", "sh", "-c", script))
		for _, w := range tc.want {
			require.Contains(t, banner, "      "+w+"\n", "%s: each network address on a line of its own\n%s", tc.listen, banner)
		}
		for _, n := range tc.not {
			require.NotContains(t, banner, n, tc.listen)
		}
		require.Contains(t, banner, "On this computer: http://127.0.0.1:8080\n")
		require.Equal(t, min(len(tc.want), maxQRs), strings.Count(banner, "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀\n"),
			"a QR code for each address:\n%s", banner)
		require.Less(t, strings.Index(banner, tc.want[0]), strings.Index(banner, "█"), "the address, then its QR code")
	}
}
