// Package s3test runs a real S3-compatible server on loopback for tests and
// the cluster test: versitygw, a Go module (the Makefile installs it into
// bin/ and names it in HAAT_TEST_S3_SERVER), keeping its buckets in a
// folder of its own.
package s3test

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Server is a running S3-compatible server with one empty bucket.
type Server struct {
	// Endpoint is the server's address, http://127.0.0.1:port.
	Endpoint, Region, Bucket string
	AccessKey, SecretKey     string

	cmd    *exec.Cmd
	exited chan struct{}
	// log is the file of the server's output.
	log string
}

// Start runs the server binary with its buckets below dir and a bucket
// named bucket, on a free address of loopback that nextAddr gives, and waits
// until it answers.
func Start(binary, dir, bucket string, nextAddr func() (string, error)) (*Server, error) {
	root, sidecar := filepath.Join(dir, "buckets"), filepath.Join(dir, "metadata")
	// A bucket of versitygw's posix backend is a folder below its root.
	for _, d := range []string{filepath.Join(root, bucket), sidecar} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	key := make([]byte, 16)
	_, _ = rand.Read(key)
	// The port is found free and then handed over, so another process may
	// take it in between: then the server stops at once, and another is
	// tried.
	var lastErr error
	for range 5 {
		addr, err := nextAddr()
		if err != nil {
			return nil, err
		}
		s := &Server{Endpoint: "http://" + addr, Region: "ap-south-1", Bucket: bucket,
			AccessKey: "haat-test", SecretKey: hex.EncodeToString(key), exited: make(chan struct{}), log: filepath.Join(dir, "server.log")}
		out, err := os.Create(s.log)
		if err != nil {
			return nil, err
		}
		s.cmd = exec.Command(binary, "--port", addr, "--access", s.AccessKey, "--secret", s.SecretKey,
			"--region", s.Region, "--quiet", "posix", "--sidecar", sidecar, root)
		s.cmd.Stdout, s.cmd.Stderr = out, out
		err = s.cmd.Start()
		out.Close()
		if err != nil {
			return nil, fmt.Errorf("start %s: %w", binary, err)
		}
		go func() {
			_ = s.cmd.Wait()
			close(s.exited)
		}()
		if lastErr = s.waitReady(addr); lastErr == nil {
			return s, nil
		}
		s.Stop()
		if !strings.Contains(s.output(), "address already in use") {
			return nil, lastErr
		}
	}
	return nil, lastErr
}

// FreeAddr is a free address of loopback, any port.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func (s *Server) waitReady(addr string) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return fmt.Errorf("the S3 server stopped at start: %s", s.output())
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return errors.New("the S3 server did not answer within 30 s")
}

func (s *Server) output() string {
	b, _ := os.ReadFile(s.log)
	return string(b)
}

// Stop ends the server.
func (s *Server) Stop() {
	_ = s.cmd.Process.Kill()
	<-s.exited
}

// ForTest starts a server for t, stopped when it ends, and skips t when
// HAAT_TEST_S3_SERVER does not name the server's binary.
func ForTest(t testing.TB) *Server {
	t.Helper()
	binary := os.Getenv("HAAT_TEST_S3_SERVER")
	if binary == "" {
		t.Skip("HAAT_TEST_S3_SERVER is not set (make test installs versitygw into bin/ and sets it)")
	}
	s, err := Start(binary, t.TempDir(), "haat-test", FreeAddr)
	if err != nil {
		t.Fatalf("start the S3 server: %v", err)
	}
	t.Cleanup(s.Stop)
	return s
}
