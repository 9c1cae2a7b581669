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
	for _, want := range []string{"serve", "migrate", "seed", "user create", "HAAT_ADDR", "HAAT_DATA", "HAAT_DATABASE_URL", "HAAT_DEMO"} {
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
	all, err := db.AllProducts(ctx)
	if err != nil || len(all) < 30 {
		t.Fatalf("seeded %d products, %v; want at least 30 once", len(all), err)
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

func TestServeAnswersAndShutsDownGracefully(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, nil, io.Discard, log)
	}()
	addrRe := regexp.MustCompile(`addr=(127\.0\.0\.1:\d+)`)
	var addr string
	for deadline := time.Now().Add(20 * time.Second); addr == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addrRe.FindStringSubmatch(logs.String()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		t.Fatalf("server did not start:\n%s", logs.String())
	}
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v after shutdown", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), "online payment is off") {
		t.Errorf("a shop without Razorpay keys or the simulator did not say that online payment is off:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "stopped") {
		t.Errorf("no shutdown in the log:\n%s", logs.String())
	}
}
