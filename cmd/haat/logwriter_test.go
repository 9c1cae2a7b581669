package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestLogWriter(t *testing.T) {
	t.Run("lines wait for a flush, in order", func(t *testing.T) {
		var out lockedBuffer
		l := newLogWriter(&out)
		for _, line := range []string{"one\n", "two\n"} {
			if n, err := l.Write([]byte(line)); n != len(line) || err != nil {
				t.Fatalf("Write = %d, %v", n, err)
			}
		}
		if out.String() != "" {
			t.Fatalf("written before a flush: %q", out.String())
		}
		l.Flush()
		if out.String() != "one\ntwo\n" {
			t.Fatalf("after a flush: %q", out.String())
		}
	})
	t.Run("a full buffer is written at once", func(t *testing.T) {
		var out lockedBuffer
		l := newLogWriter(&out)
		line := strings.Repeat("x", 1023) + "\n"
		for range logBufferMax / len(line) {
			_, _ = l.Write([]byte(line))
		}
		if got := len(out.String()); got != logBufferMax {
			t.Fatalf("%d bytes written after %d buffered", got, logBufferMax)
		}
	})
	t.Run("run flushes on its own and when it ends", func(t *testing.T) {
		var out lockedBuffer
		l := newLogWriter(&out)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { l.run(ctx); close(done) }()
		_, _ = l.Write([]byte("ticked\n"))
		for out.String() == "" {
			time.Sleep(time.Millisecond)
		}
		_, _ = l.Write([]byte("last\n"))
		cancel()
		<-done
		if out.String() != "ticked\nlast\n" {
			t.Fatalf("got %q", out.String())
		}
	})
}
