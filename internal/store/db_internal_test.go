package store

import "testing"

func TestPostgresURL(t *testing.T) {
	const ours = "max_parallel_workers_per_gather=0&plan_cache_mode=force_custom_plan"
	for raw, want := range map[string]struct {
		url   string
		conns int
	}{
		"postgres://haat@db/haat?sslmode=disable":                  {"postgres://haat@db/haat?" + ours + "&sslmode=disable", 20},
		"postgres://haat@db/haat?pool_max_conns=8&sslmode=disable": {"postgres://haat@db/haat?" + ours + "&sslmode=disable", 8},
		"postgresql://haat:p%40ss@db:5433/haat?pool_max_conns=1":   {"postgresql://haat:p%40ss@db:5433/haat?" + ours, 1},
		"postgres://db/haat?max_parallel_workers_per_gather=2&plan_cache_mode=auto": {
			"postgres://db/haat?max_parallel_workers_per_gather=2&plan_cache_mode=auto", 20},
	} {
		url, conns, err := postgresURL(raw)
		if err != nil || url != want.url || conns != want.conns {
			t.Errorf("postgresURL(%q) = %q, %d, %v; want %q, %d", raw, url, conns, err, want.url, want.conns)
		}
	}
	for _, raw := range []string{"postgres://db/haat?pool_max_conns=0", "postgres://db/haat?pool_max_conns=many"} {
		if _, _, err := postgresURL(raw); err == nil {
			t.Errorf("postgresURL(%q) took it", raw)
		}
	}
}
