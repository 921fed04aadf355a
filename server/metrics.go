package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are what an operator watches, in the Prometheus format: each
// server has its own registry, served by Handler (kriegd --admin).
type Metrics struct {
	reg            *prometheus.Registry
	conns          prometheus.Gauge
	games          prometheus.Gauge
	attempts       prometheus.Counter
	attemptTime    prometheus.Histogram
	recordWrites   *prometheus.CounterVec
	recordFailures *prometheus.CounterVec
	panics         prometheus.Counter
	limits         *prometheus.CounterVec
	storeErrors    *prometheus.CounterVec
}

// newMetrics registers kriegd's metrics and the Go runtime's.
func newMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kriegd_connections",
			Help: "Connections open, logged in or not."}),
		games: prometheus.NewGauge(prometheus.GaugeOpts{Name: "kriegd_games_in_progress",
			Help: "Games being played."}),
		attempts: prometheus.NewCounter(prometheus.CounterOpts{Name: "kriegd_attempts_total",
			Help: "Move attempts umpired (rate() gives attempts per second)."}),
		attemptTime: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "kriegd_attempt_seconds",
			Help:    "Time from an attempt read to its answers queued to both players.",
			Buckets: prometheus.ExponentialBuckets(25e-6, 2, 14)}),
		recordWrites: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kriegd_record_writes_total",
			Help: "Finished games kept: step record (the PGN and its pending entry on disk) or index (the store)."}, []string{"step"}),
		recordFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kriegd_record_failures_total",
			Help: "Failed steps of keeping a finished game (an index failure is retried)."}, []string{"step"}),
		panics: prometheus.NewCounter(prometheus.CounterOpts{Name: "kriegd_panics_recovered_total",
			Help: "Bugs caught: a panic recovered, its connection or timer ended, the server going on."}),
		limits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kriegd_limits_hit_total",
			Help: "Requests refused or messages dropped by a limit."}, []string{"limit"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kriegd_store_errors_total",
			Help: "Users' requests the store failed: kind damaged (the database file is damaged: restore it) or other (not answering)."}, []string{"kind"}),
	}
	m.reg.MustRegister(m.conns, m.games, m.attempts, m.attemptTime, m.recordWrites, m.recordFailures, m.panics, m.limits, m.storeErrors,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, l := range []string{"attempts", "lines", "lobby", "lobby_per_addr", "lobby_dropped", "conns", "conns_per_addr", "connects_per_addr", "prelogin", "prelogin_per_addr", "password", "slow_reader", "unread_output", "registrations", "inbox", "seek_unannounced"} {
		m.limits.WithLabelValues(l)
	}
	for _, s := range []string{"record", "pending", "index"} {
		m.recordFailures.WithLabelValues(s)
	}
	m.storeErrors.WithLabelValues("damaged")
	m.storeErrors.WithLabelValues("other")
	m.recordWrites.WithLabelValues("record")
	m.recordWrites.WithLabelValues("index")
	return m
}

// limited counts one request refused (or message dropped) by limit.
func (m *Metrics) limited(limit string) { m.limits.WithLabelValues(limit).Inc() }

// Limited counts one connection or request refused by limit in a door
// outside this package (the HTTP door's caps).
func (m *Metrics) Limited(limit string) { m.limited(limit) }

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Metrics returns the server's metrics.
func (s *Server) Metrics() *Metrics { return s.metrics }
