package api

import (
	"strings"

	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
)

// pictureURL is where a browser fetches a stored picture: from the media
// URL (a CDN) when the shop has one, or else from the shop's own /uploads/.
func (s *Server) pictureURL(path string) string {
	if s.mediaURL == "" || !strings.HasPrefix(path, media.URLPrefix) {
		return path
	}
	return s.mediaURL + path
}

// pictureURLs points the pictures of an answer at pictureURL: those of
// products and of orders, as the catalogue, the order pages and the admin
// lists show them. The product editor's own answer (adminProduct) and an
// upload's answer keep the paths that a product stores. Cards (cards.go)
// are made with their addresses.
func (s *Server) pictureURLs(v any) any {
	if s.mediaURL == "" {
		return v
	}
	switch x := v.(type) {
	case shop.Product:
		s.productPictures(&x)
		return x
	case productForPage:
		s.productPictures(&x.Product)
		return x
	case []shop.Product:
		for i := range x {
			s.productPictures(&x[i])
		}
	case shop.ProductPage:
		for i := range x.Products {
			s.productPictures(&x.Products[i])
		}
	case []shop.Suggestion:
		for i := range x {
			if x[i].Image != "" {
				x[i].Image = s.pictureURL(x[i].Image)
			}
		}
	case orderJSON:
		s.orderPictures(&x)
		return x
	case []orderJSON:
		for i := range x {
			s.orderPictures(&x[i])
		}
	case orderListJSON:
		for i := range x.Orders {
			s.orderPictures(&x.Orders[i])
		}
	}
	return v
}

func (s *Server) productPictures(p *shop.Product) {
	for i := range p.Variants {
		s.addresses(p.Variants[i].Images)
	}
}

func (s *Server) orderPictures(o *orderJSON) {
	for i := range o.OrderItems {
		s.addresses(o.OrderItems[i].Images)
	}
}

// addresses changes each path in paths to its pictureURL.
func (s *Server) addresses(paths []string) {
	for i, p := range paths {
		paths[i] = s.pictureURL(p)
	}
}
