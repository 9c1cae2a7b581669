package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"sync/atomic"
)

// requestIDHeader names a request in its answer, and from a trusted proxy
// in the request, so the proxy's log and the shop's tell of one request
// by one id.
const requestIDHeader = "X-Request-Id"

type requestIDKey struct{}

// withRequestID is a request's context with its id: one allocation where
// context.WithValue would take two, on every request. The id is kept as
// the answer's header value, so that needs no slice of its own either.
type withRequestID struct {
	context.Context
	header [1]string
}

func (c *withRequestID) id() string { return c.header[0] }

func (c *withRequestID) Value(key any) any {
	if key == (requestIDKey{}) {
		return c
	}
	return c.Context.Value(key)
}

// requestIDOf is the id of the request whose context ctx is, or "".
func requestIDOf(ctx context.Context) string {
	if c := requestContext(ctx); c != nil {
		return c.id()
	}
	return ""
}

// requestContext is the context that named the request of ctx, or nil.
func requestContext(ctx context.Context) *withRequestID {
	c, _ := ctx.Value(requestIDKey{}).(*withRequestID)
	return c
}

// requestIDs makes ids unique to this process: a random prefix drawn at
// start, so instances and restarts do not repeat each other's, and a
// counter, which costs less than random bytes for every request.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return &requestIDs{prefix: hex.EncodeToString(b[:]) + "-"}
}

func (ids *requestIDs) next() string {
	var b [32]byte
	return string(strconv.AppendUint(append(b[:0], ids.prefix...), ids.n.Add(1), 36))
}

// saneRequestID tells whether a proxy's request id may go into the log
// and the answer as it is: short, and of the letters ids are made of, so it
// cannot forge a log line or smuggle a header.
func saneRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}

// identify gives the request its id: the one its request already carries
// when it is dispatched again inside the shop (the simulator's webhook), a
// sane X-Request-Id from a trusted proxy, or a new one. The id goes into
// the request's context, for every line logged with it, and into the
// answer's X-Request-Id.
func (s *Server) identify(w http.ResponseWriter, r *http.Request) *http.Request {
	c := requestContext(r.Context())
	if c == nil {
		var id string
		// Most shops name no proxy: then no request's header is read.
		if len(s.proxies) > 0 && s.proxies.FromProxy(r) {
			id = r.Header.Get(requestIDHeader)
		}
		if !saneRequestID(id) {
			id = s.ids.next()
		}
		c = &withRequestID{Context: r.Context(), header: [1]string{id}}
		r = r.WithContext(c)
	}
	// net/http only reads a header's values, and the name is canonical: no
	// need to check it, or to copy the id, each time.
	w.Header()[requestIDHeader] = c.header[:]
	return r
}

// requestLog adds to each line logged with a request's context (the
// …Context methods of slog.Logger, given r.Context()) the request's id. A
// line logged without it, such as at start, has none.
type requestLog struct{ slog.Handler }

func (h requestLog) Handle(ctx context.Context, rec slog.Record) error {
	if id := requestIDOf(ctx); id != "" {
		rec.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, rec)
}

func (h requestLog) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestLog{h.Handler.WithAttrs(attrs)}
}

func (h requestLog) WithGroup(name string) slog.Handler {
	return requestLog{h.Handler.WithGroup(name)}
}
