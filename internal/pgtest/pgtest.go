// Package pgtest starts a real PostgreSQL server for tests, in a temporary folder, from
// the binaries of Debian's postgresql package (/usr/lib/postgresql/*/bin, or initdb on
// the PATH): initdb, then the server itself on a free port of loopback. One server serves a
// whole test package (started in TestMain); each test gets a database of its own
// (Server.Database). Nothing is mocked, and a server that cannot start is an error for
// the tests to fail with, never a reason to skip them.
//
// initdb and the server refuse to run as root: as root they run as the user "postgres"
// (which the package makes), or "nobody" without it, and the folder is given to that user.
//
// The server is the test process's child and is killed when that process ends, however it
// ends (Linux's parent-death signal), so a test run never leaves a server behind.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a PostgreSQL server started for tests.
type Server struct {
	dir  string // the temporary folder: data/ and the log
	port int
	cmd  *exec.Cmd
	done chan struct{} // closed once the server's process has ended
	// Why the server ended, once done.
	waitErr error
	next    atomic.Int64 // the databases made so far

	stopOnce sync.Once
}

// Bin finds the folder of PostgreSQL's programs: TAVOLO_PG_BIN, the newest version under
// /usr/lib/postgresql, or the folder of initdb on the PATH.
func Bin() (string, error) {
	if dir := os.Getenv("TAVOLO_PG_BIN"); dir != "" {
		return dir, nil
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) > 0 {
		return filepath.Dir(found[0]), nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p), nil
	}
	return "", errors.New("pgtest: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb, no initdb on the PATH): apt-get install postgresql, or make test-go, which installs it")
}

// version is the major version in /usr/lib/postgresql/VERSION/bin/initdb.
func version(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

// Start makes a new cluster in a temporary folder and starts its server on a free port
// of 127.0.0.1, with the durability a test does not need turned off. It waits until the
// server takes connections (at most a minute).
func Start() (*Server, error) { return StartWith() }

// Durable are the settings of a server measured under load as one would run it: every
// write on the disk (fsync, full pages), a commit not waiting for its own (as SQLite's WAL
// with synchronous=NORMAL: a crash of the machine may lose the last commits).
var Durable = []string{"fsync=on", "full_page_writes=on", "synchronous_commit=off", "shared_buffers=128MB"}

// StartWith is Start with PostgreSQL's settings (name=value) over the tests' own.
func StartWith(settings ...string) (*Server, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	parent := os.TempDir()
	if cred != nil && reachable(parent) != nil {
		// TMPDIR is under a folder the server's user cannot enter (root's home): /tmp,
		// which every user can.
		parent = "/tmp"
	}
	dir, err := os.MkdirTemp(parent, "tavolo-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, done: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(dir)
		}
	}()
	if cred != nil {
		if err := reachable(parent); err != nil {
			return nil, err
		}
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "--pgdata", data, "--username", "tavolo", "--auth", "trust",
		"--encoding", "UTF8", "--locale", "C", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Env = env(dir)
	initdb.Dir = dir
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("pgtest: initdb: %w\n%s", err, out)
	}
	// A port taken between here and the server's start is tried again with another.
	for attempt := 0; ; attempt++ {
		err = s.start(bin, data, cred, settings)
		if err == nil || attempt == 4 {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

// start runs the server on a free port, and waits until it answers.
func (s *Server) start(bin, data string, cred *syscall.Credential, settings []string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	logFile, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	defer logFile.Close()
	// The server itself rather than pg_ctl (which leaves it running on its own): as the
	// test process's child it dies with it (Pdeathsig), and its end is seen (done).
	args := []string{"-D", data, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=200", "-c", "shared_buffers=32MB"}
	for _, set := range settings {
		args = append(args, "-c", set) // the last of a name counts
	}
	cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL, Setpgid: true}
	cmd.Env = env(s.dir)
	cmd.Dir = s.dir
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("pgtest: postgres: %w", err)
	}
	done := make(chan struct{})
	go func() {
		s.waitErr = cmd.Wait()
		close(done)
	}()
	s.cmd, s.done, s.port = cmd, done, port

	deadline := time.Now().Add(time.Minute)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, s.URL("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		select {
		case <-done:
			return fmt.Errorf("pgtest: the server stopped at its start (%v):\n%s", s.waitErr, s.Log())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.kill()
			return fmt.Errorf("pgtest: the server did not answer within a minute: %v\n%s", err, s.Log())
		}
	}
}

// runAs is the user initdb and the server run as: none (the process's own) unless the
// process is root, which PostgreSQL refuses to run as.
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var u *user.User
	var err error
	for _, name := range []string{"postgres", "nobody"} {
		if u, err = user.Lookup(name); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("pgtest: running as root, and neither the user postgres nor nobody exists to run PostgreSQL as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), Groups: []uint32{}}, nil
}

// reachable tells whether dir and every folder above it can be entered by others (o+x),
// as /tmp can and a TMPDIR under a home may not.
func reachable(dir string) error {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("pgtest: the PostgreSQL user cannot enter %s: set TMPDIR to a folder others can enter", d)
		}
		if d == "/" || d == "." {
			return nil
		}
	}
}

// env is the environment of initdb and the server: no PG* variable of the caller's, a
// home they can write to.
func env(dir string) []string {
	out := []string{"HOME=" + dir, "LC_ALL=C", "TZ=UTC"}
	if p := os.Getenv("PATH"); p != "" {
		out = append(out, "PATH="+p)
	}
	return out
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// PID is the server's process (its postmaster; the connections' processes are its
// children).
func (s *Server) PID() int { return s.cmd.Process.Pid }

// URL is the address of one of the server's databases, as pgx and Tavolo's --database take it.
func (s *Server) URL(database string) string {
	return fmt.Sprintf("postgres://tavolo@127.0.0.1:%d/%s?sslmode=disable", s.port, database)
}

// Log is what the server wrote in its log.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
	return string(b)
}

// TB is what Database needs of a test.
type TB interface {
	Helper()
	Name() string
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Database makes a new empty database for one test and returns its URL. It is dropped
// when the test ends (its connections closed by then: the test's own cleanups, registered
// after this one, run first).
func (s *Server) Database(t TB) string {
	t.Helper()
	name, err := s.NewDatabase()
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() { s.drop(name) })
	return s.URL(name)
}

// NewDatabase makes a new empty database and returns its name.
func (s *Server) NewDatabase() (string, error) {
	select {
	case <-s.done:
		return "", fmt.Errorf("pgtest: the server has stopped (%v):\n%s", s.waitErr, s.Log())
	default:
	}
	name := fmt.Sprintf("t%d", s.next.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(ctx)
	// template0 and no copy through the WAL (FILE_COPY): a new database at once.
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0 STRATEGY FILE_COPY"); err != nil {
		// Before PostgreSQL 15 there is no STRATEGY.
		if _, err2 := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err2 != nil {
			return "", fmt.Errorf("pgtest: create database: %w", errors.Join(err, err2))
		}
	}
	return name, nil
}

// drop drops a test's database, closing what is still connected to it.
func (s *Server) drop(name string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name)
	}
}

// Stop stops the server at once (its data is thrown away) and removes its folder.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		s.kill()
		os.RemoveAll(s.dir)
	})
}

// kill stops the server's process at once, and waits for its end.
func (s *Server) kill() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	// SIGQUIT: the server's immediate shutdown; its children end with it.
	_ = s.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	}
}

// Main is a test package's TestMain for tests that need the server: it starts one, runs
// the tests with it in *srv, and stops it. A server that cannot start fails the package
// (exit status 1) with why, as a failing test would.
func Main(m interface{ Run() int }, srv **Server) int {
	s, err := Start()
	if err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: PostgreSQL for the tests could not be started: %v\n", err)
		return 1
	}
	defer s.Stop()
	*srv = s
	return m.Run()
}

// The server Shared starts, once per test process.
var shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// Shared is a server for a test package that starts one only if a test needs it (its
// other tests do not pay for it): started by the first test that asks, and failing that
// test, and every later one, with why. The package's TestMain calls StopShared after its
// tests.
func Shared(t TB) *Server {
	t.Helper()
	shared.once.Do(func() { shared.srv, shared.err = Start() })
	if shared.err != nil {
		t.Fatalf("PostgreSQL for the tests could not be started: %v", shared.err)
	}
	return shared.srv
}

// StopShared stops the server Shared started, if any.
func StopShared() {
	if shared.srv != nil {
		shared.srv.Stop()
	}
}
