package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/auth"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestHelpNamesEveryCommandAndVariable(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, nil, &out, quietLog()); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"serve", "migrate", "seed", "user create", "backup", "restore", "HAAT_ADDR", "HAAT_DATA", "HAAT_DATABASE_URL", "HAAT_DEMO"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("haat --help lacks %q", want)
		}
	}
	out.Reset()
	err := run(context.Background(), []string{"serve", "--help"}, nil, &out, quietLog())
	if err == nil || !strings.Contains(out.String(), "-addr") || !strings.Contains(out.String(), "-demo") {
		t.Errorf("serve --help: %v\n%s", err, out.String())
	}
	if err := run(context.Background(), []string{"frobnicate"}, nil, io.Discard, quietLog()); err == nil {
		t.Error("an unknown command succeeded")
	}
}

func TestSeedAndUserCreate(t *testing.T) {
	ctx := context.Background()
	data := t.TempDir()
	if err := run(ctx, []string{"seed", "--data", data}, nil, io.Discard, quietLog()); err == nil {
		t.Error("seed without --demo succeeded")
	}
	if err := run(ctx, []string{"seed", "--demo", "--data", data}, nil, io.Discard, quietLog()); err != nil {
		t.Fatal(err)
	}
	// A second seed leaves the shop as it is.
	if err := run(ctx, []string{"seed", "--demo", "--data", data}, nil, io.Discard, quietLog()); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, "", data)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var all []shop.Product
	for page := 1; ; page++ {
		p, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, page)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, p.Products...)
		if page >= p.Pages {
			break
		}
	}
	if len(all) < 30 {
		t.Fatalf("seeded %d products; want at least 30 once", len(all))
	}
	for _, p := range all {
		for _, v := range p.Variants {
			for _, img := range v.Images {
				if _, err := os.Stat(filepath.Join(data, strings.TrimPrefix(img, "/"))); err != nil {
					t.Fatalf("image %s of %s is missing: %v", img, p.Name, err)
				}
			}
		}
	}
	for _, email := range []string{"admin@example.com", "maker@example.com", "customer@example.com"} {
		hash, role := userHash(t, db, email)
		if ok, _ := auth.CheckPassword(hash, DemoPassword); !ok {
			t.Errorf("demo user %s (%s) does not take the demo password", email, role)
		}
	}

	var out bytes.Buffer
	args := []string{"user", "create", "--data", data, "--name", "Neha Verma", "--email", "Neha@Example.in", "--mobile", "9123456780", "--role", "manufacturer"}
	if err := run(ctx, args, strings.NewReader("s3cret-pass\n"), &out, quietLog()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "s3cret-pass") {
		t.Error("the password was printed")
	}
	hash, role := userHash(t, db, "neha@example.in")
	if ok, _ := auth.CheckPassword(hash, "s3cret-pass"); !ok || role != "manufacturer" {
		t.Errorf("created user: role %s, password accepted %v", role, ok)
	}
	if err := run(ctx, args, strings.NewReader("s3cret-pass\n"), io.Discard, quietLog()); err == nil || !strings.Contains(err.Error(), "email already exists") {
		t.Errorf("duplicate e-mail: %v", err)
	}
	short := []string{"user", "create", "--data", data, "--name", "X", "--email", "x@example.in", "--mobile", "9123456781"}
	if err := run(ctx, short, strings.NewReader("123\n"), io.Discard, quietLog()); err == nil || !strings.Contains(err.Error(), "atleast 6") {
		t.Errorf("short password: %v", err)
	}
}

func userHash(t *testing.T, db *store.DB, email string) (hash, role string) {
	t.Helper()
	hash, r, err := db.PasswordHash(context.Background(), email)
	if err != nil {
		t.Fatalf("user %s: %v", email, err)
	}
	return hash, string(r)
}

// serving is haat serve run in this process by startServe.
type serving struct {
	addr string
	logs *lockedBuffer
	stop context.CancelFunc
	// done is closed when serve has returned err.
	done chan struct{}
	err  error
}

// startServe runs haat serve with args on a free loopback port and waits
// until it listens (however long seeding the demo takes on a busy machine)
// or fails; it is stopped after the test if it is still running.
func startServe(t *testing.T, args ...string) *serving {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{logs: &lockedBuffer{}, stop: cancel, done: make(chan struct{})}
	log := slog.New(slog.NewTextHandler(s.logs, nil))
	go func() {
		defer close(s.done)
		s.err = run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), nil, io.Discard, log)
	}()
	t.Cleanup(func() {
		cancel()
		<-s.done
	})
	addrRe := regexp.MustCompile(`addr=(127\.0\.0\.1:\d+)`)
	for s.addr == "" {
		select {
		case <-s.done:
			t.Fatalf("serve stopped before it listened: %v\n%s", s.err, s.logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		if m := addrRe.FindStringSubmatch(s.logs.String()); m != nil {
			s.addr = m[1]
		}
	}
	return s
}

func TestServeAnswersAndShutsDownGracefully(t *testing.T) {
	s := startServe(t, "--data", t.TempDir())
	for path, want := range map[string]string{
		"/healthz": `"ok"`,
		"/readyz":  `{"database":"ok","pictures":"ok"}`,
		// What serve hands the metrics besides the requests: the pool, the mail.
		"/metrics": "haat_mail_queue_length 0",
	} {
		resp, err := http.Get("http://" + s.addr + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: status %d, want 200 with %s:\n%.300s", path, resp.StatusCode, want, body)
		}
		if path == "/metrics" && !strings.Contains(string(body), "haat_db_connections_open") {
			t.Errorf("/metrics without the database pool:\n%s", body)
		}
	}
	s.stop()
	<-s.done
	if s.err != nil {
		t.Fatalf("serve returned %v after shutdown", s.err)
	}
	if !strings.Contains(s.logs.String(), "online payment is off") {
		t.Errorf("a shop without Razorpay keys or the simulator did not say that online payment is off:\n%s", s.logs.String())
	}
	if !strings.Contains(s.logs.String(), "stopped") {
		t.Errorf("no shutdown in the log:\n%s", s.logs.String())
	}
}

func TestServeRefusesAGuessableMetricsToken(t *testing.T) {
	t.Setenv("HAAT_METRICS_TOKEN", "letmein")
	err := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, nil, io.Discard, quietLog())
	if err == nil || !strings.Contains(err.Error(), "HAAT_METRICS_TOKEN must be at least 16 characters") {
		t.Errorf("serve with a 7-character metrics token: %v", err)
	}
}
