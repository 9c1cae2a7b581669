package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
)

func (s *Server) addReview(w http.ResponseWriter, r *http.Request, sess *session) {
	var in struct {
		Rating  int    `json:"rating"`
		Comment string `json:"comment"`
	}
	if !s.decode(w, r, &in) {
		return
	}
	review := shop.NewReview{Rating: in.Rating, Comment: in.Comment}
	if err := review.Validate(); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	err := s.db.AddReview(r.Context(), r.PathValue("id"), sess.user, review, s.now())
	switch {
	case errors.Is(err, shop.ErrAlreadyReviewed):
		s.writeError(w, r, http.StatusConflict, err.Error())
	case errors.Is(err, store.ErrNotFound):
		s.writeError(w, r, http.StatusNotFound, "Product not found")
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusCreated, map[string]string{"message": "Review Submitted!"})
	}
}

func (s *Server) adminProducts(w http.ResponseWriter, r *http.Request, _ *session) {
	page, err := shop.ParsePage(r.URL.Query().Get("pageNumber"))
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	result, err := s.db.AdminProducts(r.Context(), page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, result)
}

func (s *Server) createProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	p, err := s.db.CreateDraftProduct(r.Context(), s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusCreated, newAdminProduct(p))
}

// productBody is the PUT /api/products/{id} payload. Tags come as a list
// or as the comma-separated text of the edit form.
type productBody struct {
	Name        string          `json:"name"`
	Price       shop.Paise      `json:"price"`
	Tags        json.RawMessage `json:"tags"`
	Description string          `json:"description"`
	Variants    []shop.Variant  `json:"variants"`
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
		return nil, errors.New("tags must be a list of words or comma-separated text")
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
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	c := shop.ProductChange{Name: in.Name, Price: in.Price, Tags: tags, Description: in.Description, Variants: in.Variants}
	c.Normalize()
	if err := c.Validate(); err != nil {
		s.writeError(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if in.Version == nil {
		// An editor from before versions: its stock may be stale, and
		// saving it could undo sales.
		s.writeError(w, r, http.StatusBadRequest, "Reload the product and save again: this form is out of date.")
		return
	}
	p, err := s.db.UpdateProduct(r.Context(), r.PathValue("id"), *in.Version, c, s.now())
	if errors.Is(err, shop.ErrStaleProduct) {
		s.writeError(w, r, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		s.answerProductError(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, newAdminProduct(p))
}

func (s *Server) deleteProduct(w http.ResponseWriter, r *http.Request, _ *session) {
	if err := s.db.DeleteProduct(r.Context(), r.PathValue("id")); err != nil {
		s.answerProductError(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Successfully deleted the product from your database."})
}

// multipartOverhead is room for the form's boundaries and headers.
const multipartOverhead = 64 << 10

// uploadTimeout bounds the work on one upload, reply and resizing alike.
const uploadTimeout = 30 * time.Second

func (s *Server) upload(w http.ResponseWriter, r *http.Request, _ *session) {
	r.Body = http.MaxBytesReader(w, r.Body, media.MaxBytes+multipartOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		s.writeError(w, r, http.StatusBadRequest, "Send the image as multipart/form-data in the field 'image'")
		return
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				s.writeError(w, r, http.StatusRequestEntityTooLarge, media.ErrTooLarge.Error())
				return
			}
			s.writeError(w, r, http.StatusBadRequest, "No image found in the field 'image'")
			return
		}
		if part.FormName() != "image" {
			continue
		}
		ctx, cancel := context.WithTimeout(r.Context(), uploadTimeout)
		url, err := s.media.Save(ctx, part)
		cancel()
		var tooBig *http.MaxBytesError
		switch {
		case errors.Is(err, media.ErrTooLarge), errors.As(err, &tooBig):
			s.writeError(w, r, http.StatusRequestEntityTooLarge, media.ErrTooLarge.Error())
		case errors.Is(err, media.ErrNotImage), errors.Is(err, media.ErrTooManyPixels), errors.Is(err, media.ErrTooMuchMemory):
			s.writeError(w, r, http.StatusBadRequest, err.Error())
		// Both are 503, the server's own limits: 408 would tell the client
		// it was slow to send, and some clients resend a 408 by themselves,
		// which would only repeat the work.
		case errors.Is(err, media.ErrBusy):
			s.writeError(w, r, http.StatusServiceUnavailable, media.ErrBusy.Error())
		case errors.Is(err, media.ErrTooSlow):
			s.writeError(w, r, http.StatusServiceUnavailable, media.ErrTooSlow.Error())
		case err != nil:
			s.fail(w, r, err)
		default:
			s.writeJSON(w, r, http.StatusCreated, map[string]string{"message": "Image uploaded", "imageUrl": url})
		}
		return
	}
}

func (s *Server) deleteUpload(w http.ResponseWriter, r *http.Request, _ *session) {
	name := r.PathValue("fileName")
	inOrders, err := s.db.ImageInOrders(r.Context(), media.URLPrefix+name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if inOrders {
		s.writeError(w, r, http.StatusConflict, "This image is kept: past orders show it.")
		return
	}
	users, err := s.db.ProductsUsingImage(r.Context(), media.URLPrefix+name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(users) > 0 {
		s.writeError(w, r, http.StatusConflict, shop.PictureInUse(users).Error())
		return
	}
	err = s.media.Delete(name)
	switch {
	case errors.Is(err, media.ErrBadName):
		s.writeError(w, r, http.StatusBadRequest, err.Error())
	case errors.Is(err, media.ErrNotFound):
		s.writeError(w, r, http.StatusNotFound, err.Error())
	case err != nil:
		s.fail(w, r, err)
	default:
		s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Image deleted"})
	}
}
