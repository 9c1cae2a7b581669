package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/haat-shop/haat/internal/cache"
	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// page is index.html split around its <head> metadata, so each response
// can carry the title and link-preview tags of the page it opens, and before
// </head>, where the hints for its first screen go: after the app's own code
// and styles, which the first screen needs most and so should be asked for
// first.
type page struct {
	before, middle, after []byte
	// release names this index.html. A cached head holds its script tags, so
	// a cache shared by instances of different releases must key by it.
	release string
}

var (
	titleTag       = regexp.MustCompile(`(?s)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?s)<meta\s+name="description"[^>]*>\s*`)
)

func splitPage(index []byte) page {
	sum := sha256.Sum256(index)
	release := hex.EncodeToString(sum[:8])
	index = descriptionTag.ReplaceAll(index, nil)
	end := bytes.Index(index, []byte("</head>"))
	if end < 0 {
		return page{before: index, release: release}
	}
	loc := titleTag.FindIndex(index[:end])
	if loc == nil {
		loc = []int{end, end}
	}
	return page{before: index[:loc[0]], middle: index[loc[1]:end], after: index[end:], release: release}
}

// preview is what a chat app shows for a shared link.
type preview struct {
	Title       string
	Description string
	Type        string
	URL         string
	Image       string
	SiteName    string
	Price       string
	// Hints start the first screen's reads and its largest picture while
	// the app's code is still loading.
	Hints []hint
}

// hint is a <link rel="preload">: a read of the API (as="fetch", made the
// way the app's own requests are, so the app's request takes its answer)
// or a picture (as="image", with the srcset and sizes the app's <img> gets,
// so the browser picks the same copy).
type hint struct {
	Href string
	As   string
	// Choice holds a picture's imagesrcset and imagesizes attributes, made
	// here because html/template would percent-encode a srcset's spaces.
	Choice template.HTMLAttr
}

var (
	metaTemplate = template.Must(template.New("meta").Parse(`<title>{{.Title}}</title>
    <meta name="description" content="{{.Description}}" />
    <meta property="og:site_name" content="{{.SiteName}}" />
    <meta property="og:type" content="{{.Type}}" />
    <meta property="og:title" content="{{.Title}}" />
    <meta property="og:description" content="{{.Description}}" />
    <meta property="og:url" content="{{.URL}}" />
{{- if .Image}}
    <meta property="og:image" content="{{.Image}}" />
    <meta name="twitter:card" content="summary_large_image" />
{{- end}}
{{- if .Price}}
    <meta property="product:price:amount" content="{{.Price}}" />
    <meta property="product:price:currency" content="INR" />
    <meta property="og:price:amount" content="{{.Price}}" />
    <meta property="og:price:currency" content="INR" />
{{- end}}`))
	hintsTemplate = template.Must(template.New("hints").Parse(`
{{- range .Hints}}
{{- if eq .As "fetch"}}
    <link rel="preload" href="{{.Href}}" as="fetch" crossorigin="use-credentials" />
{{- else}}
    <link rel="preload" href="{{.Href}}" as="image" {{.Choice}} fetchpriority="high" />
{{- end}}
{{- end}}
  `))
)

// writePage writes index.html with the head of the page at path. The heads
// of the home and product pages read the catalogue, so they are cached like
// its answers.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, path string) {
	base := s.publicURL
	variant := r.URL.Query().Get("variant")
	if !store.ValidID(variant) {
		// Only a variant's id can change the head; anything else would only
		// fill the cache with copies of the same one.
		variant = ""
	}
	render := func(ctx context.Context) (cache.Entry, error) {
		pv := s.previewFor(ctx, path, variant, base)
		var head bytes.Buffer
		if err := metaTemplate.Execute(&head, pv); err != nil {
			return cache.Entry{}, fmt.Errorf("render page head: %w", err)
		}
		head.Write(s.page.middle)
		if err := hintsTemplate.Execute(&head, pv); err != nil {
			return cache.Entry{}, fmt.Errorf("render page hints: %w", err)
		}
		return cache.Entry{Body: head.Bytes()}, nil
	}
	var head cache.Entry
	var err error
	if path == "/" || strings.HasPrefix(path, "/product/") {
		head, err = s.remember(r, s.catalogueKey("head", s.page.release, base+path, variant), render)
	} else {
		head, err = render(r.Context())
	}
	if err != nil {
		s.log.ErrorContext(r.Context(), "page head", "path", path, "err", err)
		// The app still loads; only the page's own title and hints are missing.
		head.Body = s.page.middle
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", cacheRevalidate)
	_, _ = w.Write(s.page.before)
	_, _ = w.Write(head.Body)
	_, _ = w.Write(s.page.after)
}

// previewFor is the head of the page at path: its link preview and the hints
// for its first screen (the shop's settings, and for the home and product
// pages their catalogue reads and largest picture).
func (s *Server) previewFor(ctx context.Context, path, variant, base string) preview {
	brand := s.site.Brand
	// Every page's header and footer show the shop's settings.
	settings := hint{Href: "/api/config", As: "fetch"}
	pv := preview{Title: brand.Name + " – " + brand.Tagline, Description: brand.Blurb, Type: "website",
		URL: base + path, SiteName: brand.Name, Hints: []hint{settings}}
	if path == "/" {
		// The list and the first card's picture, the home page's largest, come first.
		pv.Hints = []hint{{Href: "/api/products", As: "fetch"}}
		if page, err := s.db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1); err == nil && len(page.Products) > 0 {
			pv.Hints = append(pv.Hints, s.pictureHint(page.Products[0].PrimaryImage(), s.pictureSizes.Grid)...)
		}
		pv.Hints = append(pv.Hints, hint{Href: "/api/products/top", As: "fetch"},
			hint{Href: "/api/products/categories", As: "fetch"}, settings)
		return pv
	}
	id, ok := strings.CutPrefix(path, "/product/")
	if !ok || strings.Contains(id, "/") {
		return pv
	}
	p, err := s.db.Product(ctx, id)
	if err != nil {
		return pv
	}
	pv.Title = p.Name + " – " + brand.Name
	pv.Description = clip(p.Description, 200)
	pv.Type = "product"
	pv.Price = p.Price.Rupees()
	if img := p.PrimaryImage(); img != "" {
		pv.Image = s.pictureURL(img)
		if pv.Image == img {
			pv.Image = base + img
		}
	}
	pv.Hints = []hint{{Href: "/api/products/" + id, As: "fetch"}}
	pv.Hints = append(pv.Hints, s.pictureHint(shownPicture(p, variant), s.pictureSizes.ProductPage)...)
	pv.Hints = append(pv.Hints, settings)
	return pv
}

// shownPicture is the picture the product page opens with: the first of the
// colour ?variant= names, or else of the first colour (as the app picks).
func shownPicture(p shop.Product, variant string) string {
	for _, v := range p.Variants {
		if v.ID == variant && len(v.Images) > 0 {
			return v.Images[0]
		}
	}
	if len(p.Variants) > 0 && len(p.Variants[0].Images) > 0 {
		return p.Variants[0].Images[0]
	}
	return ""
}

// pictureHint asks for a product picture as the app's <img> will: for the
// shop's own pictures, from their resized copies (web/src/lib/images.ts).
// Without the app's sizes there is no telling which copy it will pick, so
// there is no hint.
func (s *Server) pictureHint(src, sizes string) []hint {
	if src == "" || sizes == "" {
		return nil
	}
	h := hint{Href: s.pictureURL(src), As: "image"}
	if strings.HasPrefix(src, media.URLPrefix) && !strings.ContainsAny(src, "?#") {
		var set []string
		for _, w := range media.Widths {
			set = append(set, fmt.Sprintf("%s?w=%d %dw", h.Href, w, w))
		}
		srcset := strings.Join(append(set, fmt.Sprintf("%s %dw", h.Href, media.OriginalWidth)), ", ")
		h.Choice = template.HTMLAttr(`imagesrcset="` + html.EscapeString(srcset) + `" imagesizes="` + html.EscapeString(sizes) + `"`)
	}
	return []hint{h}
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
