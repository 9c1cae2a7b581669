package api

import "testing"

func TestSplitPage(t *testing.T) {
	const built = `<html><head><meta charset="UTF-8" /><meta name="description" content="x" /><title>Haat</title>` +
		`<script type="module" src="/assets/index-a.js"></script></head><body></body></html>`
	p := splitPage([]byte(built))
	if got := string(p.before); got != `<html><head><meta charset="UTF-8" />` {
		t.Errorf("before = %q", got)
	}
	// The page's own title and description replace the built ones; its hints go after the scripts.
	if got := string(p.middle); got != `<script type="module" src="/assets/index-a.js"></script>` {
		t.Errorf("middle = %q", got)
	}
	if got := string(p.after); got != `</head><body></body></html>` {
		t.Errorf("after = %q", got)
	}

	// Without a title, the page's head goes where it would end.
	p = splitPage([]byte(`<html><head><script></script></head><body></body></html>`))
	if string(p.before) != `<html><head><script></script>` || len(p.middle) != 0 || string(p.after) != `</head><body></body></html>` {
		t.Errorf("no title: %q | %q | %q", p.before, p.middle, p.after)
	}
	// Without a head there is nowhere to put one: the page goes as built.
	p = splitPage([]byte(`<p>not built</p>`))
	if string(p.before) != `<p>not built</p>` || p.middle != nil || p.after != nil {
		t.Errorf("no head: %q | %q | %q", p.before, p.middle, p.after)
	}

	// A cached head holds the release's script tags: another release keys its heads apart.
	next := splitPage([]byte(`<html><head><title>Haat</title><script type="module" src="/assets/index-b.js"></script></head></html>`))
	if next.release == splitPage([]byte(built)).release || next.release == "" {
		t.Errorf("two releases share the name %q", next.release)
	}
}
