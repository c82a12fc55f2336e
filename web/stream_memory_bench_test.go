package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	diamanttable "tavolo/web/table/diamant"
)

// BenchmarkStreamMemory is the memory a live stream holds while it waits: 600 streams on a
// table of six phones, through a real listener, after ten changes of the table, the
// goroutines' stacks counted after the collector has run (stack-KB/stream), and the
// goroutines a stream keeps (goroutines/stream).
func BenchmarkStreamMemory(b *testing.B) {
	s, id, phones := benchPhones(b)
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	const streams = 600
	stacks := func() (uint64, int) {
		for range 3 {
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.StackInuse, runtime.NumGoroutine()
	}
	ctx := context.Background()
	for b.Loop() {
		stack0, g0 := stacks()
		var conns []net.Conn
		for i := range streams {
			c, err := net.Dial("tcp", ts.Listener.Addr().String())
			require.NoError(b, err)
			defer c.Close()
			fmt.Fprintf(c, "GET /diamant/%s/events HTTP/1.1\r\nHost: x\r\nCookie: %s\r\n\r\n", id, phones[i%len(phones)].Request().Header.Get("Cookie"))
			conns = append(conns, c)
		}
		require.Eventually(b, func() bool { open, _, _ := s.Streams.Counts("", ""); return open == streams }, 10*time.Second, 10*time.Millisecond)
		rec, err := s.Store.Load(ctx, id)
		require.NoError(b, err)
		version := rec.Version
		var opt diamanttable.Options
		require.NoError(b, json.Unmarshal(rec.Setup, &opt))
		for range 10 {
			opt.Draw = map[string]string{diamanttable.DrawApp: diamanttable.DrawBox, diamanttable.DrawBox: diamanttable.DrawApp}[opt.Draw]
			raw, _ := json.Marshal(opt)
			version, err = s.Tables.Update(ctx, id, version, raw, nil)
			require.NoError(b, err)
			s.Hub.Publish(id, version)
			time.Sleep(100 * time.Millisecond)
		}
		stack1, g1 := stacks()
		b.ReportMetric(float64(stack1-stack0)/1024/streams, "stack-KB/stream")
		b.ReportMetric(float64(g1-g0)/streams, "goroutines/stream")
		for _, c := range conns {
			c.Close()
		}
	}
}
