package api

import "github.com/haat-shop/haat/internal/shop"

// cardProduct is what a product card and the top carousel show of a
// product (ProductSummary in web/src/features/catalog/types.ts): its
// picture as the only one of the only colour. The storefront's lists (the
// latest products, a search, a category, the top products) answer with
// cards, not whole products: a page of twelve is a sixth of the bytes, and
// so fits the server's first write to the connection. The product's own
// page reads the rest.
type cardProduct struct {
	ID           string        `json:"_id"`
	Name         string        `json:"name"`
	Price        shop.Paise    `json:"price"`
	MRP          *shop.Paise   `json:"mrp"`
	Rating       float64       `json:"rating"`
	NumReviews   int           `json:"numReviews"`
	TotalInStock int           `json:"totalInStock"`
	Variants     []cardVariant `json:"variants"`
}

type cardVariant struct {
	Images []string `json:"images"`
}

// cardPage is a page of a storefront list as cards. Total (how many match
// in all) and Corrected (the keyword as a search corrected it) come with
// the latest products and searches.
type cardPage struct {
	Products  []cardProduct `json:"products"`
	Pages     int           `json:"pages"`
	Page      int           `json:"page"`
	Total     *int          `json:"total,omitempty"`
	Corrected string        `json:"corrected,omitempty"`
}

func (s *Server) cards(products []shop.Product) []cardProduct {
	cards := make([]cardProduct, len(products))
	for i, p := range products {
		cards[i] = cardProduct{ID: p.ID, Name: p.Name, Price: p.Price, MRP: p.MRP, Rating: p.Rating,
			NumReviews: p.NumReviews, TotalInStock: p.TotalInStock, Variants: []cardVariant{}}
		if img := p.PrimaryImage(); img != "" {
			cards[i].Variants = []cardVariant{{Images: []string{s.pictureURL(img)}}}
		}
	}
	return cards
}

func (s *Server) pageCards(p shop.ProductPage) cardPage {
	return cardPage{Products: s.cards(p.Products), Pages: p.Pages, Page: p.Page}
}

func (s *Server) searchCards(p shop.SearchPage) cardPage {
	c := s.pageCards(p.ProductPage)
	c.Total, c.Corrected = &p.Total, p.Corrected
	return c
}
