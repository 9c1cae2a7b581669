package api

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"

	"github.com/haat-shop/haat/internal/shop"
)

// maxImportBody bounds a catalogue import, a CSV of at most
// shop.MaxImportRows rows.
const maxImportBody = 8 << 20

// errImportBody refuses an import that is not a CSV body or a form with a
// file field.
var errImportBody = &shop.Error{Code: shop.Invalid, Message: "Send the CSV as the request body or as the form field file"}

// exportProducts writes the whole catalogue, drafts included, in the
// import's format: one row per size, a product without sizes as one row.
func (s *Server) exportProducts(w http.ResponseWriter, r *http.Request, _ *session) {
	products, err := s.db.CatalogueForExport(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="products.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	_ = out.Write(shop.ProductCSVHeader)
	for _, p := range products {
		wrote := false
		for i := range p.Variants {
			v := &p.Variants[i]
			for j := range v.Sizes {
				_ = out.Write(shop.ProductCSVRow(p, v, &v.Sizes[j]))
				wrote = true
			}
			if len(v.Sizes) == 0 {
				_ = out.Write(shop.ProductCSVRow(p, v, nil))
				wrote = true
			}
		}
		if !wrote {
			_ = out.Write(shop.ProductCSVRow(p, nil, nil))
		}
	}
	out.Flush()
}

// importProducts reads a catalogue CSV and reports every row's problems and
// what it would change (dryRun=true, the default) or changes it, all or
// nothing (dryRun=false).
func (s *Server) importProducts(w http.ResponseWriter, r *http.Request, _ *session) {
	body, err := importBody(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	products, problems := shop.ParseProductCSV(bytes.NewReader(body))
	report := shop.ImportReport{DryRun: r.URL.Query().Get("dryRun") != "false", Problems: problems}
	if report.Problems == nil {
		report.Problems = []shop.RowProblem{}
	}
	report, err = s.db.ImportProducts(r.Context(), products, report, s.now())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, report)
}

// importBody is the CSV sent as the body, or as the file of a form.
func importBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxImportBody)
	var src io.Reader = r.Body
	var err error
	if media, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); media == "multipart/form-data" {
		var f multipart.File
		if f, _, err = r.FormFile("file"); err == nil {
			defer f.Close()
			src = f
		}
	}
	var body []byte
	if err == nil {
		body, err = io.ReadAll(src)
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, errBodyTooLarge
	case err != nil:
		return nil, errImportBody
	}
	return body, nil
}
