package api

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
)

// Vite names built assets by content hash, so they can be cached for good;
// index.html and other fixed names must be revalidated to pick up a release.
const (
	cacheForever    = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
)

// errPageMethod refuses a write to a page: only the API takes them.
var errPageMethod = &shop.Error{Code: shop.NotAllowed, Message: "A page of the shop can only be read (GET or HEAD)"}

// appHandler serves the built web app: its files as they are, and index.html
// for every other path so that deep links such as /product/x load the app.
func (s *Server) appHandler() http.Handler {
	index, err := fs.ReadFile(s.app, "index.html")
	if err != nil {
		s.log.Warn("the web app is not built; run make build", "err", err)
		index = []byte("<!doctype html><title>Haat</title><p>The web app is not built. Run <code>make build</code>.</p>")
	}
	s.page = splitPage(index)
	if s.productPageHints, err = pageFileHints(s.app, productPageFiles); err != nil {
		s.log.Warn("product pages name none of their code in their head", "err", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.fail(w, r, errPageMethod)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		// A brotli form is sent in place of its file, never as a file of its own.
		if strings.HasSuffix(name, ".br") {
			http.NotFound(w, r)
			return
		}
		if name != "" && name != "index.html" {
			if info, err := fs.Stat(s.app, name); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header()["Cache-Control"] = keepForever
				} else {
					w.Header()["Cache-Control"] = noCache
				}
				s.serveAppFile(w, r, name)
				return
			}
			// A missing hashed asset is an old release's: answering with the
			// page would hand HTML to a script tag.
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
		}
		page := "/" + strings.TrimSuffix(name, "index.html")
		if name == "index.html" {
			// The page the service worker keeps for every path (src/sw/sw.ts):
			// the shop's head, with no page's own data to go stale there.
			page = "/index.html"
		}
		s.writePage(w, r, page)
	})
}

// uploadsHandler serves stored images, or with ?w=320 their copy of that
// width. Their names are never reused, so they are cached for good;
// folders are not listed.
func (s *Server) uploadsHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		width, _ := media.WidthFor(r.URL.Query().Get("w"))
		f, err := s.media.Open(r.Context(), strings.TrimPrefix(r.URL.Path, media.URLPrefix), width)
		if errors.Is(err, media.ErrNotFound) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		defer f.Close()
		w.Header().Set("Cache-Control", cacheForever)
		http.ServeContent(w, r, path.Base(f.Name), f.ModTime, f)
	})
}

// The web app manifest's own type, which Go's table lacks; browsers read
// it either way, but nosniff asks for the right one.
func init() { _ = mime.AddExtensionType(".webmanifest", "application/manifest+json") }

// appFile is a built file held in memory with its compressed forms, made
// once: the app's scripts and styles are the same for every visitor. The
// brotli form (a seventh smaller than gzip for the first load's code) comes
// from the build, which writes it beside the file as name.br.
type appFile struct {
	body, gz, br []byte
	contentType  []string // the header's value, shared by every answer
}

// serveAppFile sends a text file of the app from memory, compressed as the
// client accepts; other files go through the file server.
func (s *Server) serveAppFile(w http.ResponseWriter, r *http.Request, name string) {
	contentType := mime.TypeByExtension(path.Ext(name))
	if !compressible(contentType) || r.Header.Get("Range") != "" {
		http.ServeFileFS(w, r, s.app, name)
		return
	}
	f, ok := s.appFiles.Load(name)
	if !ok {
		body, err := fs.ReadFile(s.app, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		// Small files have no brotli form: it would save next to nothing.
		br, _ := fs.ReadFile(s.app, name+".br")
		f, _ = s.appFiles.LoadOrStore(name, &appFile{body: body, gz: gz.Bytes(), br: br, contentType: []string{contentType}})
	}
	file := f.(*appFile)
	writeEncoded(w, r, file.contentType, file.body, file.gz, file.br)
}
