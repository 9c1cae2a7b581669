// Package api serves Haat over HTTP: the JSON API under /api, uploaded
// images under /uploads and the single-page app for every other path.
package api

import (
	"io/fs"
	"log/slog"
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

// Server holds what the handlers need.
type Server struct {
	db      *store.DB
	log     *slog.Logger
	site    shop.SiteInfo
	app     fs.FS // the built web app: index.html and assets/
	uploads string
}

// Options configure a Server.
type Options struct {
	DB         *store.DB
	Logger     *slog.Logger
	Brand      shop.Brand
	App        fs.FS
	UploadsDir string
}

// New returns the HTTP handler of the whole shop.
func New(o Options) http.Handler {
	s := &Server{db: o.DB, log: o.Logger, site: o.Brand.SiteInfo(), app: o.App, uploads: o.UploadsDir}
	return s.middleware(s.routes())
}
