package server

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game/record"
)

// recorder is the one worker that adds finished games to the store's
// index, in the order they ended, retrying while the store is down.
type recorder struct {
	s *Server

	mu         sync.Mutex
	queue      []*indexJob
	wake       chan struct{}   // a job was queued (capacity 1)
	closing    chan struct{}   // Close: finish the queue, then stop
	abandonCtx context.Context // done when Close ran out of time: stop now
	abandon    context.CancelFunc
	stopped    chan struct{} // the worker has stopped
	started    bool

	indexTime time.Duration // how long stop waits for the queue

	// writes is held shared by each record's write with its pending entry,
	// and for good by halt, so that a process ending at once never leaves
	// a record without the entry that gets it indexed.
	writes sync.RWMutex
	halted bool
}

// indexJob is one game for the index.
type indexJob struct {
	entry   pendingEntry
	pending string        // its pending file, removed once indexed
	done    chan struct{} // closed once indexed
}

func newRecorder(s *Server) *recorder {
	r := &recorder{s: s, wake: make(chan struct{}, 1), closing: make(chan struct{}),
		stopped: make(chan struct{}), indexTime: indexTime}
	r.abandonCtx, r.abandon = context.WithCancel(context.Background())
	return r
}

// left logs the games the stop leaves pending: their records are on disk,
// and the next start indexes them.
func (r *recorder) left() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, job := range r.queue {
		r.s.log.Warn("kriegd: a finished game is not indexed yet; its record is written and it will be indexed at the next start",
			"game", job.entry.Game.ID, "pending", job.pending)
	}
}

// start makes the data folder, queues the entries a crash or a shutdown
// left pending, numbers the games on from those recorded, and starts the
// worker (once).
func (r *recorder) start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.started {
		return nil
	}
	if err := MakeDataDir(r.s.cfg.DataDir); err != nil {
		return err
	}
	entries, files, err := readPending(r.s.cfg.DataDir)
	if err != nil {
		return err
	}
	if err := r.s.continueNumbers(entries); err != nil {
		return err
	}
	for i, e := range entries {
		r.queue = append(r.queue, &indexJob{entry: e, pending: files[i], done: make(chan struct{})})
	}
	r.started = true
	go r.work()
	return nil
}

// save keeps a finished game (outside the server's lock): its record and
// pending entry are written and synced, and the entry queued; it waits a
// moment for the index, so that a "history" sent on hearing the result
// lists the game while the store answers, but not once the server is
// closing: nobody can ask then, and the players' result must not wait on
// a stuck database.
//
// A record that cannot be written (a full disk, a folder made read-only)
// is tried again (retry) and false returned, so the players hear that it
// is not kept yet.
func (r *recorder) save(rec *record.Record, e pendingEntry) bool {
	pending, err := r.write(rec, &e)
	if err != nil {
		if !errors.Is(err, errHalted) {
			go r.retry(rec, e)
		}
		return false
	}
	job := r.queued(e, pending)
	select {
	case <-r.s.quit:
		return true
	default:
	}
	waited := make(chan struct{})
	t := r.s.clock.AfterFunc(2*time.Second, func() { close(waited) })
	defer t.Stop()
	select {
	case <-job.done:
	case <-waited:
	}
	return true
}

// queued counts a game's record written and queues its entry for the index.
func (r *recorder) queued(e pendingEntry, pending string) *indexJob {
	r.s.metrics.recordWrites.WithLabelValues("record").Inc()
	job := &indexJob{entry: e, pending: pending, done: make(chan struct{})}
	r.mu.Lock()
	r.queue = append(r.queue, job)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
	return job
}

// retry writes a finished game whose record could not be written, again
// and again with a growing pause (a second, doubling up to a minute), until
// it is kept; if the server stops first, the record goes to the log, so
// that the operator can still keep it.
func (r *recorder) retry(rec *record.Record, e pendingEntry) {
	for pause := time.Second; ; pause = min(2*pause, time.Minute) {
		if !r.s.clock.Sleep(pause, r.s.quit) {
			r.lost(rec, e.Game.ID)
			return
		}
		pending, err := r.write(rec, &e)
		switch {
		case err == nil:
			r.s.log.Info("kriegd: a finished game's record was written at a later try", "game", e.Game.ID)
			r.queued(e, pending)
			return
		case errors.Is(err, errHalted):
			r.lost(rec, e.Game.ID)
			return
		}
	}
}

// lost logs a finished game that was never written, with its record.
func (r *recorder) lost(rec *record.Record, id string) {
	var b strings.Builder
	if err := record.Write(&b, rec); err != nil {
		r.s.log.Error("kriegd: a finished game was lost: its record could not be written, even to the log", "game", id, "err", err)
		return
	}
	r.s.log.Error("kriegd: a finished game was lost: its record could not be written before the server stopped; here it is", "game", id, "record", b.String())
}

// write writes a finished game's record and pending entry, both or (once
// halted) neither; it fills in e's ID and path.
func (r *recorder) write(rec *record.Record, e *pendingEntry) (pending string, err error) {
	r.writes.RLock()
	defer r.writes.RUnlock()
	if r.halted {
		r.failed("record", e.Game.ID, errHalted)
		return "", errHalted
	}
	path, id, err := writeRecord(r.s.cfg.DataDir, e.Game.ID, rec)
	if err != nil {
		r.failed("record", e.Game.ID, err)
		return "", err
	}
	if id != e.Game.ID {
		r.s.log.Warn("kriegd: a record ID was taken by an earlier game; the record gets a fresh one", "game", e.Game.ID, "kept_as", id)
	}
	e.Game.ID, e.Game.Path = id, path
	pending, err = writePending(r.s.cfg.DataDir, *e)
	if err != nil {
		// Both or neither: a retry writes the record again under its ID.
		os.Remove(path)
		r.failed("pending", e.Game.ID, err)
		return "", err
	}
	// Logged once the record is sure to be indexed, now or at the next
	// start: a second signal may end the process before other games get here.
	r.s.log.Info("kriegd: game recorded", "game", id)
	return pending, nil
}

// errHalted is why a game that ends after Halt is not kept.
var errHalted = errors.New("kriegd: the process is ending at once")

// Halt waits for the records being written to be whole on disk, each
// with its pending entry (so that the next start indexes it), and lets no
// other write start: the process can then end at once.
func (s *Server) Halt() {
	s.records.writes.Lock()
	s.records.halted = true
	s.records.writes.Unlock()
}

// failed logs and counts a write that failed.
func (r *recorder) failed(what, id string, err error) {
	r.s.metrics.recordFailures.WithLabelValues(what).Inc()
	if what == "index" {
		r.s.log.Error("kriegd: indexing a finished game failed; its record is written and the index is tried again", "game", id, "err", err)
		return
	}
	if errors.Is(err, errHalted) {
		r.s.log.Error("kriegd: a finished game was not kept", "game", id, "step", what, "err", err)
		return
	}
	r.s.log.Error("kriegd: a finished game's record could not be written; it is tried again", "game", id, "step", what, "err", err)
}

// work indexes the queue's jobs in order until Close.
func (r *recorder) work() {
	defer close(r.stopped)
	for {
		r.mu.Lock()
		var job *indexJob
		if len(r.queue) > 0 {
			job = r.queue[0]
		}
		r.mu.Unlock()
		if job == nil {
			select {
			case <-r.wake:
				continue
			case <-r.closing:
				return
			}
		}
		if !r.index(job) {
			return
		}
		r.mu.Lock()
		r.queue = r.queue[1:]
		r.mu.Unlock()
	}
}

// index adds job to the store, retrying with a growing pause while it
// fails; false when Close gave up waiting.
func (r *recorder) index(job *indexJob) bool {
	pause := 100 * time.Millisecond
	for {
		ok := false
		r.s.safely("indexing game "+job.entry.Game.ID, func() {
			ctx, cancel := r.s.ctx()
			defer cancel()
			// A stop that gives up waiting ends the call in progress too.
			defer context.AfterFunc(r.abandonCtx, cancel)()
			err := r.s.cfg.Store.FinishGame(ctx, job.entry.Game, job.entry.Ratings)
			if err != nil && r.abandonCtx.Err() == nil {
				r.failed("index", job.entry.Game.ID, err)
				return
			}
			ok = err == nil
		})()
		if ok {
			r.s.metrics.recordWrites.WithLabelValues("index").Inc()
			if err := os.Remove(job.pending); err != nil && !os.IsNotExist(err) {
				r.s.log.Error("kriegd: removing a pending index entry", "file", job.pending, "err", err)
			}
			close(job.done)
			return true
		}
		wait := make(chan struct{})
		t := r.s.clock.AfterFunc(pause, func() { close(wait) })
		select {
		case <-wait:
		case <-r.abandonCtx.Done():
			t.Stop()
			r.left()
			return false
		}
		pause = min(2*pause, 5*time.Second)
	}
}

// stop lets the worker finish the queue for up to indexTime, then stops
// it; what is left stays pending for the next start.
func (r *recorder) stop() {
	r.mu.Lock()
	started := r.started
	r.mu.Unlock()
	if !started {
		return
	}
	select {
	case <-r.closing:
	default:
		close(r.closing)
	}
	select {
	case <-r.stopped:
	case <-time.After(r.indexTime):
		r.abandon()
		<-r.stopped
	}
}
