package api

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/haat-shop/haat/internal/shop"
)

func (s *Server) adminProducts(w http.ResponseWriter, r *http.Request, _ *session) {
	page, keyword, err := pageAndKeyword(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	result, err := s.db.AdminProducts(r.Context(), keyword, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, result)
}

// pageAndKeyword reads a list's pageNumber and keyword queries.
func pageAndKeyword(r *http.Request) (int, string, error) {
	page, err := shop.ParsePage(r.URL.Query().Get("pageNumber"))
	if err != nil {
		return 0, "", err
	}
	keyword := r.URL.Query().Get("keyword")
	if err := shop.CheckKeyword(keyword); err != nil {
		return 0, "", err
	}
	return page, shop.NormalizeKeyword(keyword), nil
}

func (s *Server) createProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	p, err := s.db.CreateDraftProduct(r.Context(), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, newAdminProduct(p))
}

// Why a product save was refused before its rules were checked.
var (
	errTagsShape = &shop.Error{Code: shop.Invalid, Message: "tags must be a list of words or comma-separated text"}
	// errFormOutOfDate refuses a save without the stock version, from an
	// editor made before versions.
	errFormOutOfDate = &shop.Error{Code: shop.Invalid, Message: "Reload the product and save again: this form is out of date."}
)

// productBody is the PUT /api/products/{id} payload. Tags come as a list
// or as the comma-separated text of the edit form.
type productBody struct {
	Name        string          `json:"name"`
	Price       shop.Paise      `json:"price"`
	MRP         *shop.Paise     `json:"mrp"`
	SizeChart   string          `json:"sizeChart"`
	Tags        json.RawMessage `json:"tags"`
	Description string          `json:"description"`
	Variants    []shop.Variant  `json:"variants"`
	HSN         string          `json:"hsn"`
	// Version is the stock version the form was loaded at (adminProduct).
	Version *string `json:"version"`
}

// adminProduct is a product as its editor loads it: with the version of its
// stock, which a save must quote so that it never undoes sales made while
// the form was open.
type adminProduct struct {
	shop.Product
	Version string `json:"version"`
}

func newAdminProduct(p shop.Product) adminProduct {
	return adminProduct{Product: p, Version: p.StockVersion()}
}

func (b productBody) tags() ([]string, error) {
	if len(b.Tags) == 0 || string(b.Tags) == "null" {
		return []string{}, nil
	}
	var text string
	if err := json.Unmarshal(b.Tags, &text); err == nil {
		return shop.ParseTags(text)
	}
	var list []string
	if err := json.Unmarshal(b.Tags, &list); err != nil {
		return nil, errTagsShape
	}
	var joined []byte
	for i, t := range list {
		if i > 0 {
			joined = append(joined, ',')
		}
		joined = append(joined, t...)
	}
	return shop.ParseTags(string(joined))
}

func (s *Server) updateProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	var in productBody
	if !s.decode(w, r, &in) {
		return
	}
	tags, err := in.tags()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c := shop.ProductChange{Name: in.Name, Price: in.Price, MRP: in.MRP, SizeChart: in.SizeChart, Tags: tags,
		Description: in.Description, Variants: in.Variants, HSN: in.HSN}
	c.Normalize()
	if err := c.Validate(); err != nil {
		s.fail(w, r, err)
		return
	}
	if in.Version == nil {
		// An editor from before versions: its stock may be stale, and
		// saving it could undo sales.
		s.fail(w, r, errFormOutOfDate)
		return
	}
	p, err := s.db.UpdateProduct(r.Context(), r.PathValue("id"), *in.Version, c, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newAdminProduct(p))
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	if err := s.db.DeleteProduct(r.Context(), r.PathValue("id")); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Successfully deleted the product from your database."})
}

func (s *Server) listProducts(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	keyword := query.Get("keyword")
	if err := shop.CheckKeyword(keyword); err != nil {
		s.fail(w, r, err)
		return
	}
	search := shop.Search{Keyword: shop.NormalizeKeyword(keyword), Exact: query.Get("exact") == "1"}
	s.filteredList(w, r, query, []string{search.Keyword, strconv.FormatBool(search.Exact)},
		func(ctx context.Context, f shop.ProductFilter, page int) (any, error) {
			p, err := s.db.ListProducts(ctx, search, f, page)
			return s.searchCards(p), err
		})
}

// suggest answers what the shopper is typing in the header's search box.
func (s *Server) suggest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if err := shop.CheckKeyword(q); err != nil {
		s.fail(w, r, err)
		return
	}
	q = shop.NormalizeKeyword(q)
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.Suggest(ctx, q) }, q)
}

// filteredList answers a page of a storefront list that takes a sort and
// filters (shop.ParseProductFilter), cached under what picks the list
// (a keyword and whether it is exact, a category), its page and its filter;
// query is the request's, parsed once.
func (s *Server) filteredList(w http.ResponseWriter, r *http.Request, query url.Values, picks []string,
	list func(ctx context.Context, f shop.ProductFilter, page int) (any, error)) {
	page, err := shop.ParsePage(query.Get("pageNumber"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, err := shop.ParseProductFilter(query)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.cached(w, r, func(ctx context.Context) (any, error) {
		return list(ctx, f, page)
	}, append(append(picks, strconv.Itoa(page)), f.Parts()...)...)
}

// allProducts answers in pages of every published product, newest first:
// SPEC.md §7 lists the call, and one answer of the whole catalogue would
// grow with it.
func (s *Server) allProducts(w http.ResponseWriter, r *http.Request) {
	page, err := shop.ParsePage(r.URL.Query().Get("pageNumber"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.cached(w, r, func(ctx context.Context) (any, error) {
		p, err := s.db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, page)
		return p.ProductPage, err
	}, strconv.Itoa(page))
}

func (s *Server) topProducts(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) {
		top, err := s.db.TopProducts(ctx)
		return s.cards(top), err
	})
}

func (s *Server) categoryProducts(w http.ResponseWriter, r *http.Request) {
	category := strings.ToLower(strings.TrimSpace(r.PathValue("category")))
	s.filteredList(w, r, r.URL.Query(), []string{category}, func(ctx context.Context, f shop.ProductFilter, page int) (any, error) {
		p, err := s.db.CategoryProducts(ctx, category, f, page)
		return s.pageCards(p), err
	})
}

func (s *Server) filterChoices(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.ProductFilterChoices(ctx) })
}

func (s *Server) categories(w http.ResponseWriter, r *http.Request) {
	s.cached(w, r, func(ctx context.Context) (any, error) { return s.db.Categories(ctx) })
}

// productForPage is a product as its page shows it: with the shop's returns
// note, and the shop's size chart when the product has none of its own.
type productForPage struct {
	shop.Product
	ReturnsNote string `json:"returnsNote"`
}

func (s *Server) productPage(ctx context.Context, id string) (any, error) {
	p, err := s.db.Product(ctx, id)
	if err != nil {
		return nil, err
	}
	// Read once per catalogue version, as the answer itself is.
	settings, err := s.db.Settings(ctx)
	if err != nil {
		return nil, err
	}
	p.SizeChart = cmp.Or(p.SizeChart, settings.SizeChart)
	return productForPage{Product: p, ReturnsNote: settings.ReturnsNote}, nil
}

func (s *Server) product(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	e, err := s.catalogueAnswer(r, func(ctx context.Context) (any, error) { return s.productPage(ctx, id) }, id)
	// The public answer leaves drafts out, which admins open too. Only then
	// is the session read, so a shopper's read of a product costs no lookup.
	if errors.Is(err, shop.ErrProductNotFound) && s.asAdmin(w, r, s.adminProduct) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sendCatalogueAnswer(w, r, e)
}

// adminProduct is a product as its editor loads it, drafts too: never
// cached, so it has the stock as it is now.
func (s *Server) adminProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	p, err := s.db.AnyProduct(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newAdminProduct(p))
}
