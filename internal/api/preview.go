package api

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"
)

// page is index.html split around its <head> metadata, so each response
// can carry the title and link-preview tags of the page it opens.
type page struct {
	before, after []byte
}

var (
	titleTag       = regexp.MustCompile(`(?s)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?s)<meta\s+name="description"[^>]*>\s*`)
)

func splitPage(index []byte) page {
	index = descriptionTag.ReplaceAll(index, nil)
	loc := titleTag.FindIndex(index)
	if loc == nil {
		i := bytes.Index(index, []byte("</head>"))
		if i < 0 {
			return page{before: index}
		}
		loc = []int{i, i}
	}
	return page{before: index[:loc[0]], after: index[loc[1]:]}
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
}

var headTemplate = template.Must(template.New("head").Parse(`<title>{{.Title}}</title>
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

// writePage writes index.html with the head of the page at path.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, path string) {
	pv := s.previewFor(r.Context(), path, s.baseURL(r))
	var head bytes.Buffer
	if err := headTemplate.Execute(&head, pv); err != nil {
		s.log.Error("render page head", "err", err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", cacheRevalidate)
	_, _ = w.Write(s.page.before)
	_, _ = w.Write(head.Bytes())
	_, _ = w.Write(s.page.after)
}

func (s *Server) previewFor(ctx context.Context, path, base string) preview {
	brand := s.site.Brand
	pv := preview{Title: brand.Name + " – " + brand.Tagline, Description: brand.Blurb, Type: "website",
		URL: base + path, SiteName: brand.Name}
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
	if len(p.Variants) > 0 && len(p.Variants[0].Images) > 0 {
		pv.Image = base + p.Variants[0].Images[0]
	}
	return pv
}

// baseURL is the shop's public address: configured, or else the one the
// client used.
func (s *Server) baseURL(r *http.Request) string {
	if s.publicURL != "" {
		return s.publicURL
	}
	scheme := "http"
	if isHTTPS(r) {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
