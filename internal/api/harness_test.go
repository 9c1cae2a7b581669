package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/haat-shop/haat/internal/api"
	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/mail"
	"github.com/haat-shop/haat/internal/metrics"
	"github.com/haat-shop/haat/internal/payment"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/web"
)

// syncBuffer collects log output written from handler goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type harness struct {
	*httptest.Server
	db *store.DB
	// uploads is the folder the shop keeps uploaded pictures in.
	uploads string
	logs    *syncBuffer
	mail    *mailServer
	// texts keeps the texts sent; the shop sends them only when
	// api.Options.Texts is set (withTexts).
	texts *textServer
	// sender sends the outbox's mail to mail, woken by each commit that
	// queues some, as haat serve's does; it never polls on its own.
	sender *mail.Sender
	// stopSender stops it, waiting for the mail in hand.
	stopSender func()
	clock      *clock
}

// mailServer is the harness's mail server: it keeps what it is sent, and a
// test can take it down or make it hang.
type mailServer struct {
	mail.Memory
	mu   sync.Mutex
	down error
	hung chan struct{}
}

func (m *mailServer) Send(ctx context.Context, msg mail.Message) error {
	m.mu.Lock()
	down, hung := m.down, m.hung
	m.mu.Unlock()
	if hung != nil {
		select {
		case <-hung:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if down != nil {
		return down
	}
	return m.Memory.Send(ctx, msg)
}

// fail makes every send fail with err until it is called with nil.
func (m *mailServer) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.down = err
}

// hang makes every send wait until the returned release is called.
func (m *mailServer) hang() (release func()) {
	hung := make(chan struct{})
	m.mu.Lock()
	m.hung = hung
	m.mu.Unlock()
	return sync.OnceFunc(func() {
		m.mu.Lock()
		m.hung = nil
		m.mu.Unlock()
		close(hung)
	})
}

// textServer is the harness's SMS provider: it keeps what it is sent.
type textServer struct {
	mu   sync.Mutex
	sent []string // "mobile code"
}

func (x *textServer) SendCode(_ context.Context, mobile string, t mail.CodeText) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.sent = append(x.sent, mobile+" "+t.Code)
	return nil
}

// texted returns the texts sent so far, after sending what is due.
func (h *harness) texted(t testing.TB) []string {
	h.sent(t)
	h.texts.mu.Lock()
	defer h.texts.mu.Unlock()
	return append([]string(nil), h.texts.sent...)
}

// withTexts configures a shop that can text.
func withTexts(o *api.Options) { o.Texts = true }

// mailsTo counts the mails to to whose subject holds about.
func mailsTo(sent []mail.Message, to, about string) int {
	n := 0
	for _, m := range sent {
		if m.To == to && strings.Contains(m.Subject, about) {
			n++
		}
	}
	return n
}

// sent sends every mail that is due, then returns all the mail sent so far.
func (h *harness) sent(t testing.TB) []mail.Message {
	t.Helper()
	if err := h.sender.SendDue(t.Context()); err != nil {
		t.Fatalf("send queued mail: %v", err)
	}
	return h.mail.Sent()
}

// clock is a settable time for the server under test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// simSecret signs the test server's simulated payments, so tests can act
// as the gateway.
const simSecret = "test-simulator-secret"

const brotliForm = "the brotli form of react-def456.js"

const indexHTML = `<!doctype html><html><head><title>Haat</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`

// newHarness serves the shop with the simulator as its gateway; configure
// may change the options first.
func newHarness(t testing.TB, db *store.DB, configure ...func(*api.Options)) *harness {
	t.Helper()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("top secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	uploads := filepath.Join(outside, "uploads")
	if err := os.MkdirAll(filepath.Join(uploads, "demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(uploads, "demo", "tee.png"), []byte("\x89PNG\r\n\x1a\nfake"), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	clk := &clock{t: time.Now()}
	series := metrics.New()
	series.WatchPool(db)
	o := api.Options{
		Metrics: series,
		Clock:   clk.now,
		Gateway: payment.NewSimulator(simSecret),
		DB:      db,
		Logger:  slog.New(slog.NewTextHandler(logs, nil)),
		Brand:   shop.DemoBrand(),
		App: fstest.MapFS{
			"index.html":             {Data: []byte(indexHTML)},
			"assets/index-abc123.js": {Data: []byte(strings.Repeat("console.log('haat');\n", 100))},
			// A file the build also wrote in brotli (the server sends it as it is, never decodes it).
			"assets/react-def456.js":    {Data: []byte(strings.Repeat("console.log('react');\n", 100))},
			"assets/react-def456.js.br": {Data: []byte(brotliForm)},
			"favicon.svg":               {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
			"manifest.webmanifest":      {Data: []byte(`{"name":"Haat"}`)},
			// The code the product page loads at once, as the build lists it.
			"product-page.json": {Data: []byte(`{"scripts":["/assets/ProductScreen-ghi789.js"],"styles":["/assets/ProductScreen-jkl012.css"]}`)},
		},
		UploadsDir:   uploads,
		PictureSizes: web.Sizes(),
	}
	// Absolute links name the shop's configured address, here the test server's.
	srv := httptest.NewUnstartedServer(nil)
	o.PublicURL = "http://" + srv.Listener.Addr().String()
	for _, c := range configure {
		c(&o)
	}
	srv.Config.Handler = api.New(o)
	srv.Start()
	t.Cleanup(srv.Close)

	h := &harness{Server: srv, db: db, uploads: uploads, logs: logs, mail: &mailServer{}, texts: &textServer{}, clock: clk}
	site := mail.Site{Brand: o.Brand.Name, URL: o.PublicURL}
	if site.URL == "" {
		site.URL = "http://localhost" // as api.New takes it
	}
	started := &firstRound{Queue: db, ended: make(chan struct{})}
	h.sender = mail.NewSender(started, h.mail, site, o.Logger, clk.now).WithTexts(h.texts)
	series.WatchMail(db, h.sender)
	ctx, stop := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		h.sender.Run(ctx, time.Hour)
	}()
	<-started.ended
	h.stopSender = sync.OnceFunc(func() {
		stop()
		<-stopped
	})
	t.Cleanup(h.stopSender)
	return h
}

// firstRound is the sender's queue, which tells when the sender's first
// round has ended: Run looks for due mail and forgets old mail as it starts,
// and statements it sent later would land in what a test counts of a
// request's (store.DB.QueryCount). Forgetting old mail ends the round.
type firstRound struct {
	mail.Queue
	ended chan struct{}
	once  sync.Once
}

func (f *firstRound) PruneMail(ctx context.Context, before time.Time) (int, error) {
	defer f.once.Do(func() { close(f.ended) })
	return f.Queue.PruneMail(ctx, before)
}

// get fetches path without transparent decompression, so tests see what
// the server sent.
func (h *harness) get(t *testing.T, path string, header ...string) *http.Response {
	t.Helper()
	return h.ask(t, http.MethodGet, path, header...)
}

// ask is get with another method: HEAD, say.
func (h *harness) ask(t *testing.T, method, path string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, h.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// getJSON fetches path, checks the status and decodes the body into v.
func (h *harness) getJSON(t *testing.T, path string, wantStatus int, v any) {
	t.Helper()
	resp := h.get(t, path)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("GET %s: status %d, want %d; body %s", path, resp.StatusCode, wantStatus, body)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("GET %s: content type %q, want JSON", path, ct)
	}
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("GET %s: decode %s: %v", path, body, err)
	}
}

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// client is a browser-like client of the harness with its own cookie jar.
type client struct {
	h    *harness
	http *http.Client
}

func (h *harness) client(t testing.TB) *client {
	jar, _ := cookiejar.New(nil)
	return &client{h: h, http: &http.Client{Jar: jar}}
}

// request builds a JSON request.
func (c *client) request(t testing.TB, method, path string, body any) *http.Request {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Error(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.h.URL+path, rd)
	if err != nil {
		t.Error(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// send sends req from any goroutine and decodes the answer into out, if
// not nil; it returns the status.
func (c *client) send(t *testing.T, req *http.Request, out any) int {
	resp, err := c.http.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	if out != nil {
		_ = json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// do sends a JSON request and decodes the JSON answer into out (if not nil).
func (c *client) do(t testing.TB, method, path string, body any, wantStatus int, out any) *http.Response {
	t.Helper()
	resp, err := c.http.Do(c.request(t, method, path, body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("%s %s: status %d, want %d; body %s", method, path, resp.StatusCode, wantStatus, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", method, path, raw, err)
		}
	}
	return resp
}

// withField is a copy of m with key set to v.
func withField(m map[string]any, key string, v any) map[string]any {
	out := map[string]any{}
	for k, old := range m {
		out[k] = old
	}
	out[key] = v
	return out
}

type message struct {
	Message string `json:"message"`
}

func addUser(t testing.TB, db *store.DB, name, email, mobile, password string, role shop.Role) shop.User {
	t.Helper()
	hash, err := auth.HashPassword(password)
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.InsertUser(t.Context(), shop.NewUser{Name: name, Email: email, MobileNo: mobile, Role: role}, hash, true)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// signIn adds a user with role and returns a client signed in as them.
func (h *harness) signIn(t testing.TB, role shop.Role, email, mobile string) *client {
	addUser(t, h.db, strings.ToUpper(email[:1])+email[1:strings.Index(email, "@")], email, mobile, "haat-demo", role)
	c := h.client(t)
	c.do(t, "POST", "/api/users/auth", map[string]any{"loginId": email, "password": "haat-demo"}, 200, nil)
	return c
}

// story runs the steps of a journey in order, each as a subtest named for
// what it proves, so a failing run names the step that broke. A step that
// stops (t.Fatal) stops the story: the steps after it build on what it did.
// One that only reports an error (t.Error) lets the next ones run.
type story struct {
	t       *testing.T
	stopped bool
}

func newStory(t *testing.T) *story { return &story{t: t} }

func (s *story) step(name string, f func(t *testing.T)) {
	s.t.Helper()
	if s.stopped {
		return
	}
	finished := false
	s.t.Run(name, func(t *testing.T) {
		f(t)
		finished = true
	})
	s.stopped = !finished
}
