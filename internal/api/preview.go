package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
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
	// Data is the home page's first screen, written into the page.
	Data *firstScreen
}

// hint is a <link rel="preload">: a read of the API (as="fetch", made the
// way the app's own requests are, so the app's request takes its answer),
// a picture (as="image", with the srcset and sizes the app's <img> gets,
// so the browser picks the same copy), a style (as="style"), or a script
// (as "script": a <link rel="modulepreload">); the last two in CORS mode,
// as Vite's loader asks for them, so that its request takes the answer, and
// at low priority: at the default, on a slow connection they took bandwidth
// from the styles and code of the first paint (Lighthouse's first
// contentful paint went from 1.4 to 1.8 s; at low priority it stays).
type hint struct {
	Href string
	As   string
	// Choice holds a picture's imagesrcset and imagesizes attributes, made
	// here because html/template would percent-encode a srcset's spaces.
	Choice template.HTMLAttr
}

// firstScreenID names the element that holds a page's firstScreen
// (web/src/lib/firstScreen.ts reads it).
const firstScreenID = "first-screen"

// firstScreen is what the home page's first screen reads from the API, each
// answer under the path of its read: written into the page, it spares the
// first render four requests (the app puts it in its cache as those reads'
// answers), the same answers those reads give.
type firstScreen struct {
	Products   cardPage         `json:"/api/products"`
	Top        []cardProduct    `json:"/api/products/top"`
	Categories []store.Category `json:"/api/products/categories"`
	Config     shop.SiteInfo    `json:"/api/config"`
}

// homeScreen gives the home page's head its first screen's data, read as the
// API answers it (page 1 of the latest products with no filter, the top
// products, the categories and the shop's settings), and the hints for its
// largest pictures.
func (s *Server) homeScreen(ctx context.Context, pv *preview) error {
	latest, err := s.db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1)
	if err != nil {
		return fmt.Errorf("latest products: %w", err)
	}
	top, err := s.db.TopProducts(ctx)
	if err != nil {
		return fmt.Errorf("top products: %w", err)
	}
	categories, err := s.db.Categories(ctx)
	if err != nil {
		return fmt.Errorf("categories: %w", err)
	}
	pv.Data = &firstScreen{
		Products:   s.searchCards(latest),
		Top:        s.cards(top),
		Categories: categories,
		Config:     s.site,
	}
	// The page's largest pictures: on a phone the top carousel's first one,
	// which stands still in its place until the carousel loads; on a wider
	// screen the first card's.
	if len(top) > 0 {
		pv.Hints = s.pictureHint(top[0].PrimaryImage(), s.pictureSizes.TopCarousel)
	}
	if len(latest.Products) > 0 {
		pv.Hints = append(pv.Hints, s.pictureHint(latest.Products[0].PrimaryImage(), s.pictureSizes.Grid)...)
	}
	return nil
}

// productPageFiles names the build's list of the scripts and styles the
// product page loads as soon as it starts (web/scripts/pagePreloads.ts):
// the screens' routes and the product screen, which the app asks for only
// once its own code has run.
const productPageFiles = "product-page.json"

// pageFileHints are the hints for the files the app's build lists in name,
// so that a phone asks for them beside the app's own code rather than after
// it. A build without the list gets none; the app still loads the files.
func pageFileHints(app fs.FS, name string) ([]hint, error) {
	data, err := fs.ReadFile(app, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	var files struct {
		Scripts []string `json:"scripts"`
		Styles  []string `json:"styles"`
	}
	if err := json.Unmarshal(data, &files); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	var hints []hint
	for _, f := range files.Scripts {
		hints = append(hints, hint{Href: f, As: "script"})
	}
	for _, f := range files.Styles {
		hints = append(hints, hint{Href: f, As: "style"})
	}
	return hints, nil
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
	// The first screen's data goes in a JSON block, which a browser never
	// runs (the content policy allows no inline script). html/template
	// writes it as JSON with every <, > and & escaped (\u003c), so no text
	// of the shop's, such as a product named "</script>", can end the block.
	hintsTemplate = template.Must(template.New("hints").Parse(`
{{- range .Hints}}
{{- if eq .As "fetch"}}
    <link rel="preload" href="{{.Href}}" as="fetch" crossorigin="use-credentials" />
{{- else if eq .As "script"}}
    <link rel="modulepreload" href="{{.Href}}" crossorigin fetchpriority="low" />
{{- else if eq .As "style"}}
    <link rel="preload" href="{{.Href}}" as="style" crossorigin fetchpriority="low" />
{{- else}}
    <link rel="preload" href="{{.Href}}" as="image" {{.Choice}} fetchpriority="high" />
{{- end}}
{{- end}}
{{- with .Data}}
    <script type="application/json" id="` + firstScreenID + `">{{.}}</script>
{{- end}}
  `))
)

// writePage writes index.html with the head of the page at path. The home
// and product pages read the catalogue, so they are cached like its
// answers, whole and gzipped once: the home page is the shop's busiest.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, path string) {
	base := s.publicURL
	var variant string
	if r.URL.RawQuery != "" { // most pages are asked for without one: nothing to parse
		variant = r.URL.Query().Get("variant")
	}
	if !store.ValidID(variant) {
		// Only a variant's id can change the head; anything else would only
		// fill the cache with copies of the same one.
		variant = ""
	}
	render := func(ctx context.Context) ([]byte, error) {
		pv, err := s.previewFor(ctx, path, variant, base)
		if err != nil {
			return nil, err
		}
		var page bytes.Buffer
		page.Write(s.page.before)
		if err := metaTemplate.Execute(&page, pv); err != nil {
			return nil, fmt.Errorf("render page head: %w", err)
		}
		page.Write(s.page.middle)
		if err := hintsTemplate.Execute(&page, pv); err != nil {
			return nil, fmt.Errorf("render page hints: %w", err)
		}
		page.Write(s.page.after)
		return page.Bytes(), nil
	}
	var page cache.Entry
	var err error
	if path == "/" || strings.HasPrefix(path, "/product/") {
		page, err = s.remember(r, s.catalogueKey("page", s.page.release, base+path, variant), func(ctx context.Context) (cache.Entry, error) {
			body, err := render(ctx)
			if err != nil {
				return cache.Entry{}, err
			}
			return gzippedEntry(body)
		})
	} else {
		page.Body, err = render(r.Context())
	}
	if err != nil {
		s.log.ErrorContext(r.Context(), "page head", "path", path, "err", err)
		// The app still loads, and reads what its first screen needs; only
		// the page's own title, hints and data are missing.
		page = cache.Entry{Body: slices.Concat(s.page.before, s.page.middle, s.page.after)}
	}
	w.Header()["Cache-Control"] = noCache
	if page.Gzip != nil {
		writeEncoded(w, r, htmlType, page.Body, page.Gzip, nil)
		return
	}
	w.Header()["Content-Type"] = htmlType
	_, _ = w.Write(page.Body)
}

// previewFor is the head of the page at path: its link preview and the hints
// for its first screen (the shop's settings, and for a product page its read,
// largest picture and code); the home page carries its first screen's data and
// hints its largest picture. It fails only when the home page's data cannot
// be read, so that no head without it is cached.
func (s *Server) previewFor(ctx context.Context, path, variant, base string) (preview, error) {
	brand := s.site.Brand
	// Every page's header and footer show the shop's settings.
	settings := hint{Href: "/api/config", As: "fetch"}
	pv := preview{Title: brand.Name + " – " + brand.Tagline, Description: brand.Blurb, Type: "website",
		URL: base + path, SiteName: brand.Name}
	if path == "/" {
		if err := s.homeScreen(ctx, &pv); err != nil {
			return pv, fmt.Errorf("home page data: %w", err)
		}
		return pv, nil
	}
	pv.Hints = []hint{settings}
	id, ok := strings.CutPrefix(path, "/product/")
	if !ok || strings.Contains(id, "/") {
		return pv, nil
	}
	p, err := s.db.Product(ctx, id)
	if err != nil {
		return pv, nil
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
	pv.Hints = append(pv.Hints, s.productPageHints...)
	pv.Hints = append(pv.Hints, settings)
	return pv, nil
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
