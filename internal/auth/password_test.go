package auth

import (
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
