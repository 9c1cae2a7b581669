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
	err = s.media.Delete(r.Context(), name)
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
