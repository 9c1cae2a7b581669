package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/media"
	"github.com/haat-shop/haat/internal/shop"
)

// multipartOverhead is room for the form's boundaries and headers.
const multipartOverhead = 64 << 10

// uploadTimeout bounds the work on one upload, reply and resizing alike.
const uploadTimeout = 30 * time.Second

// Why an upload or a deletion was refused before its picture was looked at.
var (
	errNotMultipart  = &shop.Error{Code: shop.Invalid, Message: "Send the image as multipart/form-data in the field 'image'"}
	errNoImage       = &shop.Error{Code: shop.Invalid, Message: "No image found in the field 'image'"}
	errImageInOrders = &shop.Error{Code: shop.Conflict, Message: "This image is kept: past orders show it."}
)

func (s *Server) upload(w http.ResponseWriter, r *http.Request, _ *session) {
	r.Body = http.MaxBytesReader(w, r.Body, media.MaxBytes+multipartOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		s.fail(w, r, errNotMultipart)
		return
	}
	for {
		part, err := mr.NextPart()
		if err != nil {
			s.fail(w, r, cutOff(err, errNoImage))
			return
		}
		if part.FormName() != "image" {
			continue
		}
		ctx, cancel := context.WithTimeout(r.Context(), uploadTimeout)
		url, err := s.media.Save(ctx, part)
		cancel()
		if err != nil {
			s.fail(w, r, cutOff(err, err))
			return
		}
		s.writeJSON(w, r, http.StatusCreated, map[string]string{"message": "Image uploaded", "imageUrl": url})
		return
	}
}

// cutOff is media.ErrTooLarge when err says the body was cut off at its
// limit, and otherwise the error to answer with.
func cutOff(err, otherwise error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return media.ErrTooLarge
	}
	return otherwise
}

func (s *Server) deleteUpload(w http.ResponseWriter, r *http.Request, _ *session) {
	name := r.PathValue("fileName")
	inOrders, err := s.db.ImageInOrders(r.Context(), media.URLPrefix+name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if inOrders {
		s.fail(w, r, errImageInOrders)
		return
	}
	users, err := s.db.ProductsUsingImage(r.Context(), media.URLPrefix+name)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(users) > 0 {
		s.fail(w, r, shop.PictureInUse(users))
		return
	}
	if err := s.media.Delete(r.Context(), name); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, map[string]string{"message": "Image deleted"})
}
