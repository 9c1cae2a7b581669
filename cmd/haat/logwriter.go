package main

import (
	"context"
	"io"
	"sync"
	"time"
)

// logWriter gathers the log's lines and writes them a few times a second:
// a busy shop logs a line per request, and a write to standard error per
// line cost a request a tenth of its time. At most logFlushEvery of lines
// is lost should the process die without flushing.
type logWriter struct {
	mu  sync.Mutex
	buf []byte
	out io.Writer
}

const (
	logFlushEvery = 100 * time.Millisecond
	// logBufferMax is written at once, whatever the time, so a burst does not
	// hold the lines in memory.
	logBufferMax = 64 << 10
)

func newLogWriter(out io.Writer) *logWriter { return &logWriter{out: out} }

func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if len(l.buf) >= logBufferMax {
		l.flushLocked()
	}
	return len(p), nil
}

// Flush writes out the lines gathered so far.
func (l *logWriter) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
}

func (l *logWriter) flushLocked() {
	if len(l.buf) == 0 {
		return
	}
	// A log that cannot be written has nowhere to say so.
	_, _ = l.out.Write(l.buf)
	l.buf = l.buf[:0]
}

// run flushes every logFlushEvery until ctx ends, then once more.
func (l *logWriter) run(ctx context.Context) {
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			l.Flush()
			return
		case <-t.C:
			l.Flush()
		}
	}
}
