package main

import (
	"net/http"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tavolo/web"
)

// metricsHandler serves the metrics in Prometheus's format: the server's (read from its
// Snapshot when scraped: nothing is added to a request's path but web's atomic counters),
// the Go runtime's and the process's.
func metricsHandler(served *atomic.Pointer[web.Server]) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&collector{served: served})
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
}

var (
	descTables = prometheus.NewDesc("tavolo_tables_followed",
		"Tables that at least one live stream (a phone's page) follows now.", nil, nil)
	descStreams = prometheus.NewDesc("tavolo_live_streams",
		"Live streams (Server-Sent Events) open now.", nil, nil)
	descActions = prometheus.NewDesc("tavolo_action_duration_seconds",
		"Actions on tables (moves, draws, votes, undos) answered, by the time each took.", nil, nil)
	descRefused = prometheus.NewDesc("tavolo_refusals_total",
		"Requests, streams and connections refused by a limit (429).", []string{"limit"}, nil)
)

// collector reads the server's Snapshot at each scrape.
type collector struct{ served *atomic.Pointer[web.Server] }

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descTables, descStreams, descActions, descRefused} {
		ch <- d
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	s := c.served.Load()
	if s == nil {
		return // not listening yet
	}
	snap := s.Snapshot()
	ch <- prometheus.MustNewConstMetric(descTables, prometheus.GaugeValue, float64(snap.TablesFollowed))
	ch <- prometheus.MustNewConstMetric(descStreams, prometheus.GaugeValue, float64(snap.Streams))
	buckets := make(map[float64]uint64, len(web.ActionBuckets))
	for i, le := range web.ActionBuckets {
		buckets[le] = snap.ActionBuckets[i]
	}
	ch <- prometheus.MustNewConstHistogram(descActions, snap.Actions, snap.ActionSeconds, buckets)
	for _, name := range web.LimitNames {
		ch <- prometheus.MustNewConstMetric(descRefused, prometheus.CounterValue, float64(snap.Refused[name]), name)
	}
}
