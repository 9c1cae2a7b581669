package auth

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	h, err := HashPassword("haat-demo")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(h, "haat-demo") || !strings.HasPrefix(h, "$argon2id$") {
		t.Fatalf("hash %q leaks the password or has the wrong scheme", h)
	}
	if ok, err := CheckPassword(h, "haat-demo"); err != nil || !ok {
		t.Fatalf("right password refused: %v %v", ok, err)
	}
	if ok, _ := CheckPassword(h, "haat-demO"); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := HashPassword("haat-demo")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: salt not random")
	}
	if _, err := CheckPassword("$bcrypt$x", "a"); err == nil {
		t.Fatal("malformed hash accepted")
	}
}

func TestOTPAndNewPassword(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 50; i++ {
		code := NewOTP()
		if !ValidOTP(code) {
			t.Fatalf("NewOTP() = %q", code)
		}
		seen[code] = true
	}
	if len(seen) < 45 {
		t.Errorf("only %d distinct codes in 50", len(seen))
	}
	for _, bad := range []string{"12345", "1234567", "12a456", "", "１２３４５６"} {
		if ValidOTP(bad) {
			t.Errorf("ValidOTP(%q) = true", bad)
		}
	}
	if HashOTP("a@x.in", OTPRegister, "123456") == HashOTP("a@x.in", OTPResetPassword, "123456") {
		t.Error("a code's hash does not depend on its purpose")
	}
	for i := 0; i < 20; i++ {
		p := NewPassword(10)
		if len(p) != 10 || !strings.ContainsAny(p, lowers) || !strings.ContainsAny(p, uppers) ||
			!strings.ContainsAny(p, digits) || !strings.ContainsAny(p, symbols) {
			t.Fatalf("NewPassword(10) = %q", p)
		}
	}
}

func TestHasherRefusesPastItsSlots(t *testing.T) {
	if HashSlots != 1 {
		t.Errorf("HashSlots = %d, want 1 (50 MiB for 19 MiB hashes, each with its garbage)", HashSlots)
	}
	h := NewHasher(1, 0)
	hash, err := h.Hash("chai-time")
	if err != nil {
		t.Fatal(err)
	}
	h.acquire() // another request holds the only slot, and there is no queue
	if _, err := h.Check(hash, "chai-time"); err != ErrBusy {
		t.Errorf("check with every slot taken: %v, want ErrBusy", err)
	}
	if _, err := h.Hash("chai-time"); err != ErrBusy {
		t.Errorf("hash with every slot taken: %v, want ErrBusy", err)
	}
	done := make(chan error)
	go func() {
		_, err := h.HashInTurn("new-pass")
		done <- err
	}()
	h.release() // the reset's hash runs once the slot is free
	if err := <-done; err != nil {
		t.Errorf("hash in turn: %v", err)
	}
	if ok, err := h.Check(hash, "chai-time"); !ok || err != nil || h.Runs() != 3 {
		t.Errorf("check after the slot was freed: %v %v, %d runs (want a hash, a reset hash and a check)", ok, err, h.Runs())
	}
}

// A hash's memory is live while it runs, and a collection then would set
// the collector's next goal at twice the heap with it: the server would
// then grow by as much again in garbage before collecting.
func TestHashingLeavesTheCollectorsGoalAlone(t *testing.T) {
	goalWithin := func(after string) {
		t.Helper()
		sample := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
		metrics.Read(sample)
		if goal := sample[0].Value.Uint64(); goal > argonMemory<<10 {
			t.Errorf("after %s the collector waits for a %d MiB heap: more than the hash's own %d MiB", after, goal>>20, argonMemory>>10)
		}
	}
	encoded, err := HashPassword("hunter2")
	if err != nil {
		t.Fatal(err)
	}
	goalWithin("HashPassword")
	runtime.GC() // the check below is judged on its own
	if ok, err := CheckPassword(encoded, "hunter2"); !ok || err != nil {
		t.Fatalf("CheckPassword = %v, %v", ok, err)
	}
	goalWithin("CheckPassword")
}

// Garbage the collector has not reached yet (a server under load keeps
// up to its floor of it) must not stay resident under a hash's memory,
// even where it lies in holes between live objects that a hash's one
// large block cannot reuse: the hash makes room for itself first, and
// gives its memory back when done.
func TestHashingMakesRoomForItself(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's shadow memory is resident too")
	}
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Skipf("the peak resident memory cannot be reset here: %v", err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	debug.FreeOSMemory()
	garbage, live := make([][]byte, 384), make([][]byte, 384) // 24 MiB each
	for i := range garbage {
		garbage[i] = bytes.Repeat([]byte{1}, 64<<10)
		live[i] = bytes.Repeat([]byte{1}, 64<<10)
	}
	garbage = nil
	defer runtime.KeepAlive(live)
	before := residentKB(t, "VmRSS")
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := HashPassword("hunter2"); err != nil {
		t.Fatal(err)
	}
	if peak := residentKB(t, "VmHWM"); peak > before+argonMemory/4 {
		t.Errorf("hashing beside 24 MiB of garbage took the process from %d to %d KiB: the hash's %d KiB went on top of the garbage",
			before, peak, argonMemory)
	}
	after := residentKB(t, "VmRSS")
	debug.FreeOSMemory()
	if least := residentKB(t, "VmRSS"); after > least+argonMemory/4 {
		t.Errorf("after the hash the process held %d KiB, %d KiB more than a collection leaves: the hash's %d KiB were not given back",
			after, after-least, argonMemory)
	}
}

func residentKB(t *testing.T, field string) uint64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if name, value, ok := strings.Cut(lines.Text(), ":"); ok && name == field {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}
