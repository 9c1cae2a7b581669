package sms

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/mail"
)

// standIn answers as MSG91's Flow API does: it checks the auth key,
// remembers what it was sent, and answers with the status and body set.
type standIn struct {
	mu     sync.Mutex
	path   string
	header http.Header
	body   flowRequest
	status int
	answer string
}

func (s *standIn) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.path, s.header = r.Method+" "+r.URL.Path, r.Header.Clone()
	_ = json.NewDecoder(r.Body).Decode(&s.body)
	if r.Header.Get("authkey") != "auth-key" {
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"type":"error","message":"Authentication failure"}`))
		return
	}
	w.WriteHeader(s.status)
	w.Write([]byte(s.answer))
}

func TestMSG91SendsTheCodeThroughItsFlow(t *testing.T) {
	s := &standIn{status: 200, answer: `{"type":"success","message":"3763646c3058373530393831"}`}
	srv := httptest.NewServer(s)
	defer srv.Close()
	m := NewMSG91(MSG91Config{AuthKey: "auth-key", TemplateID: "tmpl-login", APIBase: srv.URL})
	if err := m.SendCode(context.Background(), "9876543210", mail.CodeText{Code: "042917", Minutes: 10}); err != nil {
		t.Fatal(err)
	}
	want := flowRequest{TemplateID: "tmpl-login", ShortURL: "0",
		Recipients: []flowRecipient{{Mobiles: "919876543210", OTP: "042917", Minutes: "10"}}}
	if s.path != "POST /api/v5/flow" || s.header.Get("Content-Type") != "application/json" ||
		len(s.body.Recipients) != 1 || s.body.TemplateID != want.TemplateID || s.body.ShortURL != "0" ||
		s.body.Recipients[0] != want.Recipients[0] {
		t.Errorf("sent %s %+v, want POST /api/v5/flow %+v", s.path, s.body, want)
	}
}

func TestMSG91Refusals(t *testing.T) {
	for _, tc := range []struct {
		name    string
		key     string
		status  int
		answer  string
		mention string
	}{
		{"a wrong auth key", "wrong", 0, "", "Authentication failure"},
		{"an error said with status 200", "auth-key", 200, `{"type":"error","message":"Template ID missing"}`, "Template ID missing"},
		{"a server error", "auth-key", 502, `<html>Bad gateway</html>`, "status 502"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &standIn{status: tc.status, answer: tc.answer}
			srv := httptest.NewServer(s)
			defer srv.Close()
			m := NewMSG91(MSG91Config{AuthKey: tc.key, TemplateID: "tmpl-login", APIBase: srv.URL})
			err := m.SendCode(context.Background(), "9876543210", mail.CodeText{Code: "042917", Minutes: 10})
			if err == nil || !strings.Contains(err.Error(), tc.mention) {
				t.Fatalf("error %v, want one that mentions %q", err, tc.mention)
			}
			if strings.Contains(err.Error(), "042917") {
				t.Errorf("the error holds the code: %v", err)
			}
		})
	}
}

func TestMSG91Timeout(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer slow.Close()
	defer close(release)
	m := NewMSG91(MSG91Config{AuthKey: "auth-key", APIBase: slow.URL, HTTP: &http.Client{Timeout: 50 * time.Millisecond}})
	if err := m.SendCode(context.Background(), "9876543210", mail.CodeText{Code: "1", Minutes: 10}); err == nil {
		t.Error("a provider that never answers gave no error")
	}
}
