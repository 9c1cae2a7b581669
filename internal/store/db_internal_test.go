package store

import "testing"

func TestPoolSize(t *testing.T) {
	for raw, want := range map[string]struct {
		url   string
		conns int
	}{
		"postgres://haat@db/haat?sslmode=disable":                  {"postgres://haat@db/haat?sslmode=disable", 20},
		"postgres://haat@db/haat?pool_max_conns=8&sslmode=disable": {"postgres://haat@db/haat?sslmode=disable", 8},
		"postgresql://haat:p%40ss@db:5433/haat?pool_max_conns=1":   {"postgresql://haat:p%40ss@db:5433/haat", 1},
	} {
		url, conns, err := poolSize(raw)
		if err != nil || url != want.url || conns != want.conns {
			t.Errorf("poolSize(%q) = %q, %d, %v; want %q, %d", raw, url, conns, err, want.url, want.conns)
		}
	}
	for _, raw := range []string{"postgres://db/haat?pool_max_conns=0", "postgres://db/haat?pool_max_conns=many"} {
		if _, _, err := poolSize(raw); err == nil {
			t.Errorf("poolSize(%q) took it", raw)
		}
	}
}
