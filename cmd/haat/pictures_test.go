package main

import "testing"

func TestMediaURLFromEnv(t *testing.T) {
	for raw, want := range map[string]string{
		"":                          "",
		"https://media.example.in":  "https://media.example.in",
		"https://media.example.in/": "https://media.example.in",
		"http://127.0.0.1:4300":     "http://127.0.0.1:4300",
	} {
		t.Setenv("HAAT_MEDIA_URL", raw)
		if got, err := mediaURLFromEnv(); err != nil || got != want {
			t.Errorf("HAAT_MEDIA_URL=%q: %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, raw := range []string{"media.example.in", "ftp://media.example.in", "https://media.example.in/shop", "https://media.example.in/?v=1", "https://"} {
		t.Setenv("HAAT_MEDIA_URL", raw)
		if got, err := mediaURLFromEnv(); err == nil {
			t.Errorf("HAAT_MEDIA_URL=%q taken as %q", raw, got)
		}
	}
}
