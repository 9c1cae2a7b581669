package loadtest

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// Server is a haat (or the bare baseline) started by a load test.
type Server struct {
	// Base is its address, http://127.0.0.1:port.
	Base string
	// Log is the file its output goes to.
	Log    string
	cmd    *exec.Cmd
	exited chan struct{}
	peak   atomic.Int64 // resident KiB, highest seen
}

// StartHaat runs `haat serve --addr addr` with args and the environment
// plus env, its output in the file log, and waits until it is healthy.
func StartHaat(haat, addr, log string, args, env []string) (*Server, error) {
	return Start(append([]string{haat, "serve", "--addr", addr}, args...), addr, log, env)
}

// Start runs the command argv, which serves HTTP on addr and answers 200 at
// /healthz, with the environment plus env and its output in the file log,
// and waits until it is healthy.
func Start(argv []string, addr, log string, env []string) (*Server, error) {
	out, err := os.Create(log)
	if err != nil {
		return nil, err
	}
	defer out.Close()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", argv[0], err)
	}
	s := &Server{Base: "http://" + addr, Log: log, cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(s.exited)
	}()
	go s.sampleMemory()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		select {
		case <-s.exited:
			return nil, fmt.Errorf("%s on %s stopped at start; its log %s says:\n%s", argv[0], addr, log, s.Output())
		default:
		}
		if code, err := Fetch(http.DefaultClient, "GET", s.Base+"/healthz", nil, nil); err == nil && code == 200 {
			return s, nil
		}
	}
	s.Stop()
	return nil, fmt.Errorf("%s did not become healthy", argv[0])
}

// Output is what the server wrote so far.
func (s *Server) Output() string {
	b, _ := os.ReadFile(s.Log)
	return string(b)
}

// Stop asks the server to stop as an operator would (SIGINT), and kills it
// if it has not within 20 seconds.
func (s *Server) Stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		s.Kill()
	}
}

// Kill ends the server at once (SIGKILL), as a crash would, and waits for it
// to be gone.
func (s *Server) Kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
}

var rssLine = regexp.MustCompile(`(?m)^(VmRSS|VmHWM):\s+(\d+) kB`)

// sampleMemory keeps the highest resident size the kernel reports.
func (s *Server) sampleMemory() {
	for {
		select {
		case <-s.exited:
			return
		case <-time.After(50 * time.Millisecond):
			s.readMemory()
		}
	}
}

func (s *Server) readMemory() {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return
	}
	for _, m := range rssLine.FindAllStringSubmatch(string(raw), -1) {
		kib, _ := strconv.ParseInt(m[2], 10, 64)
		for {
			old := s.peak.Load()
			if kib <= old || s.peak.CompareAndSwap(old, kib) {
				break
			}
		}
	}
}

// CPU is the processor time the server has used so far, in all its
// threads, user and system, or 0 where the kernel does not say
// (/proc/PID/stat).
func (s *Server) CPU() time.Duration {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The command's name, in brackets, may hold spaces and brackets: fields
	// count from the last bracket, after which utime and stime are the 12th
	// and 13th.
	end := bytes.LastIndexByte(raw, ')')
	if end < 0 {
		return 0
	}
	fields := strings.Fields(string(raw[end+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	// In clock ticks, which /proc counts at 100 a second on Linux's common
	// architectures (USER_HZ).
	return time.Duration(utime+stime) * (time.Second / 100)
}

// PeakKiB is the server's highest resident memory seen, in KiB.
func (s *Server) PeakKiB() int64 {
	s.readMemory()
	return s.peak.Load()
}
