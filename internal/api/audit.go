package api

import (
	"net/http"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// auditLog answers a page of the audit log, narrowed by the query's action,
// actorId, targetId and IST dates from and to (both included).
func (s *Server) auditLog(w http.ResponseWriter, r *http.Request, _ *session) {
	q := r.URL.Query()
	page, err := shop.ParsePage(q.Get("pageNumber"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f := shop.AuditFilter{Action: q.Get("action"), ActorID: q.Get("actorId"), TargetID: q.Get("targetId")}
	if from := q.Get("from"); from != "" {
		if f.From, err = time.ParseInLocation(time.DateOnly, from, shop.IST); err != nil {
			s.fail(w, r, shop.ErrReportRange)
			return
		}
	}
	if to := q.Get("to"); to != "" {
		if f.To, err = time.ParseInLocation(time.DateOnly, to, shop.IST); err != nil {
			s.fail(w, r, shop.ErrReportRange)
			return
		}
		f.To = f.To.AddDate(0, 0, 1)
	}
	result, err := s.db.Audit(r.Context(), f, page)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, result)
}
