package api

import (
	"context"
	"net/http"
	"strconv"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/invoice"
	"github.com/haat-shop/haat/internal/shop"
)

// invoicePDF answers an order's tax invoice as a PDF, to the order's
// customer or an admin; before it is issued, 404.
func (s *Server) invoicePDF(w http.ResponseWriter, r *http.Request, sess *session) {
	s.taxDocumentPDF(w, r, sess, s.db.Invoice)
}

// creditNotePDF answers an order's credit note as a PDF, as invoicePDF
// does its invoice: the one ?number= names, or its latest.
func (s *Server) creditNotePDF(w http.ResponseWriter, r *http.Request, sess *session) {
	s.taxDocumentPDF(w, r, sess, func(ctx context.Context, id string) (gst.Document, error) {
		return s.db.CreditNote(ctx, id, r.URL.Query().Get("number"))
	})
}

func (s *Server) taxDocumentPDF(w http.ResponseWriter, r *http.Request, sess *session,
	read func(context.Context, string) (gst.Document, error)) {
	id := r.PathValue("id")
	o, err := s.db.Order(r.Context(), id)
	if err == nil && !o.VisibleTo(sess.user) {
		err = shop.ErrOrderNotFound
	}
	var d gst.Document
	if err == nil {
		d, err = read(r.Context(), id)
	}
	var pdf []byte
	if err == nil {
		pdf, err = invoice.PDF(d)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+invoice.FileName(d)+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(pdf)))
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(pdf)
}
