package web

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The load benchmark's server in a process of its own (TestLoadPhoneTables): the real
// binary, on a data folder the test has prepared, so that its memory and CPU can be read
// from /proc apart from the load generator's.

// startServerProcess builds cmd/tavolo and starts it on dataDir, on a free loopback port,
// and waits until it answers /healthz. It returns the server's address and process id; the
// process is killed when the test ends, passed or failed. The child's environment is the
// test's without GOMEMLIMIT, GOGC, GODEBUG and TAVOLO_* (which belong to the load
// generator, or would change the session key), plus what TAVOLO_LOAD_SERVER_ENV lists
// ("GOMEMLIMIT=250MiB GOGC=50"). It inherits the test's open-files limit. With debugAddr,
// the server serves its Go profiles there (--debug-addr). Its phones all come from
// 127.0.0.1: it takes their streams and actions without the limits per address.
func startServerProcess(t *testing.T, dataDir, debugAddr string, flags ...string) (string, int) {
	t.Helper()
	args := []string{"--max-streams-per-address", strconv.Itoa(loadStreamsPerAddress), "--max-connections-per-address", "0",
		"--actions-per-minute-per-device", "0", "--actions-per-minute-per-address", "0"}
	if debugAddr != "" {
		args = append(args, "--debug-addr", debugAddr)
	}
	return startServerBinary(t, buildServer(t), dataDir, append(args, flags...)...)
}

// buildServer builds cmd/tavolo of this tree and returns its path.
func buildServer(t *testing.T) string {
	t.Helper()
	root, err := moduleRoot()
	require.NoError(t, err)
	bin := filepath.Join(t.TempDir(), "tavolo")
	build := exec.Command("go", "build", "-o", bin, "./cmd/tavolo")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build ./cmd/tavolo: %s", out)
	return bin
}

// startServerBinary starts the server bin as startServerProcess does, with its own flags
// after --addr and --data.
func startServerBinary(t *testing.T, bin, dataDir string, flags ...string) (string, int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close() // free again for the child (another process could take it meanwhile: unlikely)

	logPath := filepath.Join(t.TempDir(), "server.log")
	logFile, err := os.Create(logPath)
	require.NoError(t, err)
	cmd := exec.Command(bin, append([]string{"--addr", addr, "--data", dataDir}, flags...)...)
	cmd.Env = serverEnv(os.Environ(), os.Getenv("TAVOLO_LOAD_SERVER_ENV"))
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// If the test process dies without its cleanup (a timeout's panic), the server dies too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
		if t.Failed() {
			if b, err := os.ReadFile(logPath); err == nil {
				t.Logf("server log:\n%s", tail(string(b), 4000))
			}
		}
	})

	base := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				t.Logf("server: pid %d, %s, open files limit %s", cmd.Process.Pid, addr, openFilesLimit(cmd.Process.Pid))
				return base, cmd.Process.Pid
			}
		}
		require.True(t, time.Now().Before(deadline), "server did not answer /healthz: %v", err)
		time.Sleep(50 * time.Millisecond)
	}
}

// loadStreamsPerAddress: the load's streams all come from 127.0.0.1, so the server under
// load takes this many streams from one address (the default is 256), and has no cap on
// one address's connections (the default is 512).
const loadStreamsPerAddress = 100_000

// openFilesLimit is a process's "Max open files" soft and hard limits, from /proc.
func openFilesLimit(pid int) string {
	b, err := os.ReadFile(procPath(pid, "limits"))
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "Max open files"); ok {
			return strings.Join(strings.Fields(rest), " ")
		}
	}
	return "?"
}

// serverEnv is the server's environment: env without the variables that belong to the
// test, plus the extra ones (space-separated NAME=VALUE).
func serverEnv(env []string, extra string) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if name == "GOMEMLIMIT" || name == "GOGC" || name == "GODEBUG" || strings.HasPrefix(name, "TAVOLO_") {
			continue
		}
		out = append(out, kv)
	}
	return append(out, strings.Fields(extra)...)
}

func TestServerEnv(t *testing.T) {
	tests := []struct {
		name  string
		env   []string
		extra string
		want  []string
	}{
		{"keeps the rest", []string{"PATH=/bin", "HOME=/h"}, "", []string{"PATH=/bin", "HOME=/h"}},
		{"drops the test's own", []string{"PATH=/bin", "GOGC=off", "TAVOLO_SESSION_KEY=k", "TAVOLO_LOAD=1"}, "", []string{"PATH=/bin"}},
		{"adds the server's", []string{"GOMEMLIMIT=1GiB"}, "GOMEMLIMIT=250MiB  GOGC=50", []string{"GOMEMLIMIT=250MiB", "GOGC=50"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, serverEnv(tt.env, tt.extra))
		})
	}
}

// moduleRoot is the folder of go.mod above the working directory (web/ under go test).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// procMemory is a process's resident memory now (VmRSS) and at its peak (VmHWM), in KB;
// pid 0 is this process.
func procMemory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile(procPath(pid, "status"))
	if err != nil {
		return -1, -1
	}
	rss, hwm = -1, -1
	for _, line := range strings.Split(string(b), "\n") {
		name, value, _ := strings.Cut(line, ":")
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			continue
		}
		switch name {
		case "VmRSS":
			rss = kb
		case "VmHWM":
			hwm = kb
		}
	}
	return rss, hwm
}

// clockTick is the unit of /proc/PID/stat's times: getconf CLK_TCK, else Linux's usual 100 Hz.
var clockTick = func() time.Duration {
	if out, err := exec.Command("getconf", "CLK_TCK").Output(); err == nil {
		if hz, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil && hz > 0 {
			return time.Second / time.Duration(hz)
		}
	}
	return 10 * time.Millisecond
}()

// procCPU is the CPU time (user and system) a process has used, to a clock tick (10 ms).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(procPath(pid, "stat"))
	if err != nil {
		return 0, err
	}
	// The command's name, in parentheses, may hold spaces: count fields after its end.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("short %s", procPath(pid, "stat"))
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64) // field 14
	stime, err2 := strconv.ParseInt(f[12], 10, 64) // field 15
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(utime+stime) * clockTick, nil
}

// treeCPU is the CPU time of a process and of its children, those alive (their own) and
// those that ended (counted in the parent's): PostgreSQL's postmaster and its connections.
func treeCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(procPath(pid, "stat"))
	if err != nil {
		return 0, err
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 15 {
		return 0, fmt.Errorf("short %s", procPath(pid, "stat"))
	}
	var total int64
	for _, field := range f[11:15] { // utime, stime, cutime, cstime: fields 14 to 17
		n, err := strconv.ParseInt(field, 10, 64)
		if err != nil {
			return 0, err
		}
		total += n
	}
	cpu := time.Duration(total) * clockTick
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(procPath(child, "stat"))
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 2 || f[1] != strconv.Itoa(pid) { // field 4: the parent
			continue
		}
		if c, err := procCPU(child); err == nil {
			cpu += c
		}
	}
	return cpu, nil
}

// machineCPU is the CPU time every process on the machine has used (busy: not idle,
// waiting on the disk or stolen by the hypervisor), from /proc/stat: what others ran beside
// the benchmark is this less the server's and the load generator's. Only roughly: the
// kernel counts it by sampling at each clock tick, which misses short bursts of work
// between ticks, where the processes' own times are exact; here it falls short by up to
// about 0.2 cores.
func machineCPU() (time.Duration, error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line) // cpu user nice system idle iowait irq softirq steal ...
	if len(f) < 8 || f[0] != "cpu" {
		return 0, errors.New("unexpected /proc/stat")
	}
	var ticks int64
	for _, i := range []int{1, 2, 3, 6, 7} {
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, err
		}
		ticks += n
	}
	return time.Duration(ticks) * clockTick, nil
}

func procPath(pid int, file string) string {
	if pid == 0 {
		return "/proc/self/" + file
	}
	return fmt.Sprintf("/proc/%d/%s", pid, file)
}

func TestProcMeasures(t *testing.T) {
	rss, hwm := procMemory(0)
	require.Positive(t, rss)
	require.GreaterOrEqual(t, hwm, rss)
	cpu, err := procCPU(os.Getpid())
	require.NoError(t, err)
	require.GreaterOrEqual(t, cpu, time.Duration(0))
	all, err := machineCPU()
	require.NoError(t, err)
	require.GreaterOrEqual(t, all, cpu)
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// freeAddr is a loopback address nobody listens on at the moment.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// saveProfile fetches one of the server's profiles (/debug/pprof/NAME) into dir.
func saveProfile(t *testing.T, debugAddr, name, query, dir, file string) {
	res, err := http.Get("http://" + debugAddr + "/debug/pprof/" + name + query)
	if err != nil {
		t.Logf("profile %s: %v", name, err)
		return
	}
	defer res.Body.Close()
	f, err := os.Create(filepath.Join(dir, file))
	if err != nil {
		t.Logf("profile %s: %v", name, err)
		return
	}
	defer f.Close()
	if _, err := io.Copy(f, res.Body); err != nil {
		t.Logf("profile %s: %v", name, err)
	}
}
