package logline

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"math"
	"testing"
	"time"
)

// same logs one record through both handlers and fails unless the lines are
// the same bytes.
func same(t *testing.T, r slog.Record) {
	t.Helper()
	var want, got bytes.Buffer
	if err := slog.NewTextHandler(&want, nil).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if err := New(&got, nil).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("logline wrote\n%q\nslog.TextHandler writes\n%q", got.String(), want.String())
	}
}

func record(at time.Time, msg string, attrs ...slog.Attr) slog.Record {
	r := slog.NewRecord(at, slog.LevelInfo, msg, 0)
	r.AddAttrs(attrs...)
	return r
}

var ist = time.FixedZone("IST", 5*3600+1800)

func TestTheRequestLineIsTextHandlers(t *testing.T) {
	at := time.Date(2026, 11, 28, 3, 4, 5, 120_000_000, ist)
	same(t, record(at, "request", slog.String("method", "GET"), slog.String("path", "/api/products/category/polo"),
		slog.Int("status", 200), slog.Int("bytes", 1131), slog.Duration("duration", 123*time.Microsecond), slog.String("request_id", "f3a9c2d1e0b4")))
}

func TestLinesMatchTextHandler(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	texts := []string{"", "plain", "a b", "a=b", `say "hi"`, `back\slash`, "tab\there", "new\nline", "del\x7f", "ctl\x01",
		"₹499", "naïve", "no\u00a0break", "bad\xffutf8", "/api/products?keyword=a b", "'single'", "#!$%&()*+,-./:;<>?@[]^_`{|}~"}
	for _, s := range texts {
		same(t, record(at, s))
		same(t, record(at, "m", slog.String("k", s)))
		same(t, record(at, "m", slog.String(s, "v")))
	}
	times := []time.Time{{}, at, at.Add(999_999 * time.Nanosecond), at.Add(time.Millisecond), time.Date(2026, 6, 30, 23, 59, 59, 999_999_999, ist),
		time.Now(), time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC)}
	for _, tm := range times {
		same(t, record(tm, "request"))
	}
	values := []slog.Attr{
		slog.Int("i", -42), slog.Int64("big", math.MinInt64), slog.Uint64("u", math.MaxUint64), slog.Float64("f", 0.1),
		slog.Float64("nan", math.NaN()), slog.Float64("inf", math.Inf(-1)), slog.Float64("e", 1e21), slog.Bool("yes", true),
		slog.Duration("d", 1500*time.Millisecond), slog.Duration("zero", 0), slog.Duration("neg", -time.Nanosecond),
		slog.Time("at", at), slog.Any("err", errors.New("disk full")), slog.Any("nil", nil), slog.Group("g", slog.Int("a", 1)),
		slog.Group("", slog.Int("inlined", 1)), {}, slog.Any("bytes", []byte("raw")), slog.Any("list", []int{1, 2}),
	}
	for _, a := range values {
		same(t, record(at, "m", a))
		same(t, record(at, "m", slog.String("before", "x"), a, slog.Int("after", 1)))
	}
	r := slog.NewRecord(at, slog.LevelError, "failed", 0)
	same(t, r)
	r = slog.NewRecord(at, slog.LevelWarn+1, "odd level", 0)
	same(t, r)
}

func TestDerivedHandlersAreTextHandlers(t *testing.T) {
	var want, got bytes.Buffer
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, w := range []*bytes.Buffer{&want, &got} {
		var h slog.Handler = slog.NewTextHandler(w, nil)
		if w == &got {
			h = New(w, nil)
		}
		h = h.WithAttrs([]slog.Attr{slog.String("component", "outbox")}).WithGroup("mail")
		if err := h.Handle(context.Background(), record(at, "sent", slog.Int("n", 3))); err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want.String() {
		t.Errorf("got %q, want %q", got.String(), want.String())
	}
}

func TestLevel(t *testing.T) {
	h := New(io.Discard, slog.LevelWarn)
	if h.Enabled(context.Background(), slog.LevelInfo) || !h.Enabled(context.Background(), slog.LevelWarn) {
		t.Error("a handler for warnings should take warnings and leave information")
	}
	if !New(io.Discard, nil).Enabled(context.Background(), slog.LevelInfo) {
		t.Error("a handler with no level should take information")
	}
}

func FuzzLinesMatchTextHandler(f *testing.F) {
	f.Add("request", "path", "/api/products", int64(200), int64(123456))
	f.Add("", "", "", int64(0), int64(0))
	f.Add("a b", "k=v", "\"q\"", int64(-1), int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, msg, key, val string, n, d int64) {
		at := time.Unix(0, d).In(ist)
		same(t, record(at, msg, slog.String(key, val), slog.Int64("n", n), slog.Duration("d", time.Duration(d))))
	})
}

func BenchmarkRequestLine(b *testing.B) {
	r := record(time.Now(), "request", slog.String("method", "GET"), slog.String("path", "/api/products"), slog.Int("status", 200),
		slog.Int("bytes", 1131), slog.Duration("duration", 123*time.Microsecond), slog.String("request_id", "f3a9c2d1e0b4"))
	for _, h := range []struct {
		name string
		h    slog.Handler
	}{{"TextHandler", slog.NewTextHandler(io.Discard, nil)}, {"logline", New(io.Discard, nil)}} {
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := h.h.Handle(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
