// Command haat-cluster proves that several haat instances behind nginx are
// one shop. It starts a fresh schema in the machine's PostgreSQL, a key
// prefix of its own in the machine's Redis, an S3-compatible server, three
// instances and nginx with deploy/nginx/haat.conf, all on loopback, and
// checks through nginx that sessions, prices, stock, sign-in limits and
// pictures are shared and that killing an instance loses no order. It
// prints the throughput of three instances against one. Run it through
// `make cluster-test`.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

type config struct {
	haat, s3Server, nginx, deploy string
	postgres, redis               string
	firstPort, lastPort           int
	duration                      time.Duration
	conns                         int
	ifAvailable                   bool
}

func main() {
	var c config
	flag.StringVar(&c.haat, "haat", "bin/haat", "the haat binary")
	flag.StringVar(&c.s3Server, "s3-server", "bin/versitygw", "the S3-compatible server's binary (versitygw)")
	flag.StringVar(&c.nginx, "nginx", "/usr/sbin/nginx", "nginx")
	flag.StringVar(&c.deploy, "deploy", "deploy", "the folder of the nginx configuration to run")
	flag.StringVar(&c.postgres, "postgres", os.Getenv("HAAT_TEST_POSTGRES_URL"), "PostgreSQL (a fresh schema is made there and dropped)")
	flag.StringVar(&c.redis, "redis", os.Getenv("HAAT_TEST_REDIS_URL"), "Redis (keys under a fresh prefix, deleted at the end)")
	flag.IntVar(&c.firstPort, "first-port", 4300, "the first port of loopback the cluster may take")
	flag.IntVar(&c.lastPort, "last-port", 4399, "the last port it may take")
	flag.DurationVar(&c.duration, "duration", 5*time.Second, "how long each throughput measurement runs")
	flag.IntVar(&c.conns, "conns", 32, "connections of each throughput measurement")
	flag.BoolVar(&c.ifAvailable, "if-available", false, "skip, saying why, when nginx, Redis, PostgreSQL or the S3 server is missing")
	flag.Parse()

	if missing := c.missing(); missing != "" {
		if c.ifAvailable {
			fmt.Println("SKIPPED the cluster test:", missing)
			return
		}
		fmt.Fprintln(os.Stderr, "haat-cluster:", missing)
		os.Exit(1)
	}
	unlock, err := lockMachine()
	if err != nil {
		fmt.Fprintln(os.Stderr, "haat-cluster:", err)
		os.Exit(1)
	}
	defer unlock()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		unlock()
		os.Exit(1)
	}
	fmt.Println("PASS")
}

// missing says what the test needs and does not have, if anything.
func (c config) missing() string {
	for _, bin := range []struct{ path, what string }{
		{c.nginx, "nginx is not installed (apt-get install nginx)"},
		{c.haat, "the haat binary is not built (make build)"},
		{c.s3Server, "the S3 server is not installed (make installs versitygw into bin/)"},
	} {
		if _, err := os.Stat(bin.path); err != nil {
			return fmt.Sprintf("%s: no %s", bin.what, bin.path)
		}
	}
	if c.postgres == "" || c.redis == "" {
		return "set HAAT_TEST_POSTGRES_URL and HAAT_TEST_REDIS_URL (as .ci/run does) to the machine's PostgreSQL and Redis"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", c.postgres)
	if err == nil {
		err = db.PingContext(ctx)
		db.Close()
	}
	if err != nil {
		return fmt.Sprintf("PostgreSQL at HAAT_TEST_POSTGRES_URL does not answer: %v", err)
	}
	opts, err := redis.ParseURL(c.redis)
	if err == nil {
		rdb := redis.NewClient(opts)
		err = rdb.Ping(ctx).Err()
		rdb.Close()
	}
	if err != nil {
		return fmt.Sprintf("Redis at HAAT_TEST_REDIS_URL does not answer: %v", err)
	}
	return ""
}

// lockMachine makes cluster tests on this machine run one at a time: they
// would take the same free ports.
func lockMachine() (func(), error) {
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "haat-cluster.lock"), os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		fmt.Println("another cluster test runs on this machine: waiting for it")
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", f.Name(), err)
		}
	}
	return func() { f.Close() }, nil
}

func run(cfg config) error {
	started := time.Now()
	version, _ := exec.Command(cfg.nginx, "-v").CombinedOutput()
	fmt.Printf("== haat cluster test: %d instances behind nginx (%s), PostgreSQL, Redis, S3 (versitygw) on loopback ==\n",
		instances, strings.TrimSpace(string(version)))
	c, err := start(cfg)
	if err != nil {
		if c != nil && c.dir != "" {
			return fmt.Errorf("%w\n(logs kept in %s)", err, c.dir)
		}
		return err
	}
	fmt.Printf("up in %.1f s: nginx %s (every instance) and %v (one each)\n", time.Since(started).Seconds(), c.front, c.pinned)
	checks := []struct {
		name string
		fn   func() (string, error)
	}{
		{"sessions", c.checkSessions},
		{"request id", c.checkRequestID},
		{"price change", c.checkPriceChange},
		{"last units", c.checkLastUnits},
		{"sign-in limit", c.checkLockout},
		{"pictures", c.checkPictures},
		{"figures", c.measure},
		{"killed instance", c.checkKill},
	}
	var failed []error
	for _, check := range checks {
		said, err := check.fn()
		if err != nil {
			fmt.Printf("FAIL %s: %v\n", check.name, err)
			failed = append(failed, fmt.Errorf("%s: %w", check.name, err))
			continue
		}
		fmt.Printf("ok   %s\n", said)
	}
	c.close()
	if len(failed) > 0 {
		return fmt.Errorf("%w\n(logs of nginx and the instances kept in %s)", errors.Join(failed...), c.dir)
	}
	fmt.Printf("done in %.1f s\n", time.Since(started).Seconds())
	return os.RemoveAll(c.dir)
}
