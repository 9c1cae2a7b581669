package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/haat-shop/haat/internal/loadtest"
	"github.com/haat-shop/haat/internal/s3test"
)

// cluster is the shop the test runs: three instances on one PostgreSQL
// schema, one Redis prefix and one S3 bucket, behind nginx.
type cluster struct {
	cfg config
	dir string
	// db is the cluster's schema, for the checks that count what was stored.
	db        *sql.DB
	dbURL     string
	rdb       *redis.Client
	prefix    string
	s3        *s3test.Server
	instances []*loadtest.Server
	nginx     *exec.Cmd
	nginxDone chan error
	// front is nginx's address for the shop, spreading requests over every
	// instance; pinned[i] is a test-only port of nginx's that passes
	// everything to instance i, so that a check can name the instance it
	// asks, still through nginx.
	front  string
	pinned []string
	// roots trusts the certificate made for nginx.
	roots *x509.CertPool
	// undo runs on close, last first.
	undo []func()
}

const instances = 3

// instanceConns bounds each instance's PostgreSQL connections, leaving
// most of the machine's (100) to the test suites that share it.
const instanceConns = 10

// start brings the cluster up; on failure it undoes what it had started.
func start(cfg config) (c *cluster, err error) {
	c = &cluster{cfg: cfg}
	defer func() {
		if err != nil {
			c.close()
		}
	}()
	if c.dir, err = os.MkdirTemp("", "haat-cluster-"); err != nil {
		return c, err
	}
	// nginx's workers run as nobody when it runs as root: they must reach
	// the folders of their temporary files.
	if err := os.Chmod(c.dir, 0o755); err != nil {
		return c, err
	}
	ports := &portRange{next: cfg.firstPort, last: cfg.lastPort}

	if err := c.startPostgres(); err != nil {
		return c, err
	}
	if err := c.startRedis(); err != nil {
		return c, err
	}
	if c.s3, err = s3test.Start(cfg.s3Server, filepath.Join(c.dir, "s3"), "haat-cluster", ports.addr); err != nil {
		return c, fmt.Errorf("start the S3 server: %w", err)
	}
	c.undo = append(c.undo, c.s3.Stop)

	frontPort, err := ports.take()
	if err != nil {
		return c, err
	}
	c.front = "https://127.0.0.1:" + strconv.Itoa(frontPort)
	env := c.env()
	if err := c.seed(env); err != nil {
		return c, err
	}
	var addrs []string
	for i := range instances {
		addr, err := ports.addr()
		if err != nil {
			return c, err
		}
		s, err := loadtest.StartHaat(cfg.haat, addr, filepath.Join(c.dir, fmt.Sprintf("haat-%d.log", i+1)),
			[]string{"--db", c.dbURL + "&pool_max_conns=" + strconv.Itoa(instanceConns), "--data", filepath.Join(c.dir, fmt.Sprintf("data-%d", i+1))}, env)
		if err != nil {
			return c, fmt.Errorf("start instance %d: %w", i+1, err)
		}
		c.instances = append(c.instances, s)
		c.undo = append(c.undo, s.Stop)
		addrs = append(addrs, addr)
	}
	return c, c.startNginx(ports, frontPort, addrs)
}

// close stops everything the cluster started and forgets its data, but for
// the folder of logs, which run removes once every check passed.
func (c *cluster) close() {
	for i := len(c.undo) - 1; i >= 0; i-- {
		c.undo[i]()
	}
	c.undo = nil
}

func (c *cluster) startPostgres() error {
	url, drop, err := loadtest.FreshSchema(c.cfg.postgres, "cluster")
	if err != nil {
		return fmt.Errorf("PostgreSQL at %s: %w", c.cfg.postgres, err)
	}
	c.undo = append(c.undo, drop)
	c.dbURL = url
	if c.db, err = sql.Open("pgx", url); err != nil {
		return err
	}
	c.undo = append(c.undo, func() { c.db.Close() })
	return nil
}

// startRedis gives the cluster a key prefix of its own in the machine's
// Redis, cleared at the end.
func (c *cluster) startRedis() error {
	opts, err := redis.ParseURL(c.cfg.redis)
	if err != nil {
		return fmt.Errorf("the Redis URL %s: %w", c.cfg.redis, err)
	}
	c.rdb = redis.NewClient(opts)
	c.undo = append(c.undo, func() { c.rdb.Close() })
	if err := c.rdb.Ping(context.Background()).Err(); err != nil {
		return fmt.Errorf("Redis at %s does not answer: %w", c.cfg.redis, err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	c.prefix = "haat-cluster-" + hex.EncodeToString(b) + ":"
	c.undo = append(c.undo, func() {
		ctx := context.Background()
		iter := c.rdb.Scan(ctx, 0, c.prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			c.rdb.Del(ctx, iter.Val())
		}
	})
	return nil
}

// env is every instance's configuration. The limits per customer are off:
// the checks place hundreds of orders as one customer.
func (c *cluster) env() []string {
	return []string{
		"HAAT_REDIS_URL=" + c.cfg.redis, "HAAT_REDIS_PREFIX=" + c.prefix,
		"HAAT_S3_BUCKET=" + c.s3.Bucket, "HAAT_S3_ENDPOINT=" + c.s3.Endpoint, "HAAT_S3_REGION=" + c.s3.Region,
		"HAAT_S3_ACCESS_KEY=" + c.s3.AccessKey, "HAAT_S3_SECRET_KEY=" + c.s3.SecretKey,
		"HAAT_TRUSTED_PROXIES=127.0.0.1", "HAAT_PUBLIC_URL=" + c.front, "HAAT_PAYMENTS=simulator",
		"HAAT_MAX_OPEN_COD_ORDERS=0", "HAAT_MAX_UNITS_PER_SIZE=0",
	}
}

// seed loads the demo shop, its pictures into the bucket, and adds the
// account whose password the lockout check guesses.
func (c *cluster) seed(env []string) error {
	run := func(stdin string, args ...string) error {
		cmd := exec.Command(c.cfg.haat, append(args, "--db", c.dbURL, "--data", filepath.Join(c.dir, "seed"))...)
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdin = strings.NewReader(stdin)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("haat %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return nil
	}
	if err := run("", "seed", "--demo"); err != nil {
		return err
	}
	return run(lockedPassword+"\n", "user", "create", "--name", "Lata Locked", "--email", lockedEmail, "--mobile", "9000000099")
}

// startNginx runs deploy/nginx/haat.conf, with the cluster's ports and a
// certificate made here, and the pinned ports, and waits until it serves.
func (c *cluster) startNginx(ports *portRange, frontPort int, instances []string) error {
	dir := filepath.Join(c.dir, "nginx")
	for _, d := range []string{"body", "proxy", "fastcgi", "uwsgi", "scgi"} {
		if err := os.MkdirAll(filepath.Join(dir, "tmp", d), 0o777); err != nil {
			return err
		}
		// The umask took some of the mode away.
		if err := os.Chmod(filepath.Join(dir, "tmp", d), 0o777); err != nil {
			return err
		}
	}
	if err := os.Chmod(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return err
	}
	cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	var err error
	if c.roots, err = makeCertificate(cert, key); err != nil {
		return err
	}
	redirectPort, err := ports.take()
	if err != nil {
		return err
	}
	site, err := os.ReadFile(filepath.Join(c.cfg.deploy, "nginx", "haat.conf"))
	if err != nil {
		return err
	}
	proxyConf, err := filepath.Abs(filepath.Join(c.cfg.deploy, "nginx", "haat-proxy.conf"))
	if err != nil {
		return err
	}
	replacements := []string{
		"listen 80;", fmt.Sprintf("listen 127.0.0.1:%d;", redirectPort),
		"listen 443 ssl http2;", fmt.Sprintf("listen 127.0.0.1:%d ssl http2;", frontPort),
		"/etc/letsencrypt/live/shop.example.in/fullchain.pem", cert,
		"/etc/letsencrypt/live/shop.example.in/privkey.pem", key,
		"include /etc/nginx/haat-proxy.conf;", "include " + proxyConf + ";",
		"/var/log/nginx/haat.access.log", filepath.Join(dir, "access.log"),
	}
	for i, addr := range instances {
		replacements = append(replacements, fmt.Sprintf("server 127.0.0.1:%d ", 8081+i), "server "+addr+" ")
	}
	conf := string(site)
	for i := 0; i < len(replacements); i += 2 {
		if strings.Count(conf, replacements[i]) != 1 {
			return fmt.Errorf("deploy/nginx/haat.conf no longer holds %q once: the cluster test puts its own value there", replacements[i])
		}
		conf = strings.Replace(conf, replacements[i], replacements[i+1], 1)
	}
	if err := os.WriteFile(filepath.Join(dir, "haat.conf"), []byte(conf), 0o644); err != nil {
		return err
	}

	var pinned strings.Builder
	for _, addr := range instances {
		port, err := ports.take()
		if err != nil {
			return err
		}
		c.pinned = append(c.pinned, "https://127.0.0.1:"+strconv.Itoa(port))
		fmt.Fprintf(&pinned, `    server {
        listen 127.0.0.1:%d ssl http2;
        ssl_certificate %s;
        ssl_certificate_key %s;
        client_max_body_size 6m;
        location / {
            proxy_pass http://%s;
            include %s;
        }
    }
`, port, cert, key, addr, proxyConf)
	}
	main := fmt.Sprintf(`daemon off;
worker_processes 2;
worker_rlimit_nofile 8192;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path %[1]s/tmp/body;
    proxy_temp_path %[1]s/tmp/proxy;
    fastcgi_temp_path %[1]s/tmp/fastcgi;
    uwsgi_temp_path %[1]s/tmp/uwsgi;
    scgi_temp_path %[1]s/tmp/scgi;
    include %[1]s/haat.conf;
    # The test's own ports, one for each instance.
%[2]s}
`, dir, pinned.String())
	conf = filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(main), 0o644); err != nil {
		return err
	}
	args := []string{"-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log")}
	if out, err := exec.Command(c.cfg.nginx, append(args, "-t")...).CombinedOutput(); err != nil {
		return fmt.Errorf("nginx does not take the configuration: %v\n%s", err, out)
	}
	c.nginx = exec.Command(c.cfg.nginx, args...)
	log, err := os.Create(filepath.Join(dir, "nginx.out"))
	if err != nil {
		return err
	}
	defer log.Close()
	c.nginx.Stdout, c.nginx.Stderr = log, log
	if err := c.nginx.Start(); err != nil {
		return fmt.Errorf("start nginx: %w", err)
	}
	c.nginxDone = make(chan error, 1)
	go func() { c.nginxDone <- c.nginx.Wait() }()
	c.undo = append(c.undo, c.stopNginx)

	client := c.client(nil)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-c.nginxDone:
			c.nginxDone <- err
			errs, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			return fmt.Errorf("nginx stopped at start (%v):\n%s", err, errs)
		default:
		}
		ready := true
		for _, base := range append([]string{c.front}, c.pinned...) {
			if code, err := loadtest.Fetch(client, "GET", base+"/healthz", nil, nil); err != nil || code != 200 {
				ready = false
			}
		}
		if ready {
			return nil
		}
	}
	return errors.New("nginx did not answer within 30 s")
}

// stopNginx lets nginx finish its requests and stop (SIGQUIT).
func (c *cluster) stopNginx() {
	_ = c.nginx.Process.Signal(syscall.SIGQUIT)
	select {
	case <-c.nginxDone:
	case <-time.After(10 * time.Second):
		_ = c.nginx.Process.Kill()
		<-c.nginxDone
	}
}

// client is a browser of the shop through nginx: it trusts nginx's
// certificate and keeps cookies in jar, if any.
func (c *cluster) client(jar http.CookieJar) *http.Client {
	return &http.Client{Jar: jar, Timeout: 60 * time.Second, Transport: &http.Transport{
		TLSClientConfig:     &tls.Config{RootCAs: c.roots},
		MaxIdleConnsPerHost: 512,
	}}
}

// signedIn is a client signed in as email through nginx.
func (c *cluster) signedIn(email, password string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	client := c.client(jar)
	body := fmt.Appendf(nil, `{"loginId":%q,"password":%q}`, email, password)
	if code, err := loadtest.Fetch(client, "POST", c.front+"/api/users/auth", body, loadtest.JSON); err != nil || code != 200 {
		return nil, fmt.Errorf("sign in as %s: status %d, %v", email, code, err)
	}
	return client, nil
}

// makeCertificate writes a self-signed certificate for 127.0.0.1 and its
// key, and returns a pool that trusts it.
func makeCertificate(certFile, keyFile string) (*x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "haat cluster test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return pool, nil
}

// portRange hands out free ports of loopback from a range.
type portRange struct{ next, last int }

func (p *portRange) take() (int, error) {
	for ; p.next <= p.last; p.next++ {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p.next))
		if err == nil {
			ln.Close()
			p.next++
			return p.next - 1, nil
		}
	}
	return 0, fmt.Errorf("no free port left in %d-%d", p.next, p.last)
}

func (p *portRange) addr() (string, error) {
	port, err := p.take()
	return "127.0.0.1:" + strconv.Itoa(port), err
}
