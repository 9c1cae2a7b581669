package api

import (
	"bytes"
	"net/http"
	"strconv"
	"time"

	"github.com/haat-shop/haat/internal/gst"
	"github.com/haat-shop/haat/internal/shop"
)

var errMonth = &shop.Error{Code: shop.Invalid, Message: "Choose a month as YYYY-MM, e.g. 2026-04"}

// gstReport answers a month's GST summary as CSV (admins only): by rate and
// place of supply, then by HSN code, credit notes subtracted.
func (s *Server) gstReport(w http.ResponseWriter, r *http.Request, _ *session) {
	month := r.URL.Query().Get("month")
	from, err := time.ParseInLocation("2006-01", month, shop.IST)
	if err != nil {
		s.fail(w, r, errMonth)
		return
	}
	docs, err := s.db.TaxDocumentsIssued(r.Context(), from, from.AddDate(0, 1, 0))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var out bytes.Buffer
	if err := gst.Summarise(docs).WriteCSV(&out, month); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="gst-`+month+`.csv"`)
	w.Header().Set("Content-Length", strconv.Itoa(out.Len()))
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(out.Bytes())
}
