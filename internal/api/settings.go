package api

import (
	"net/http"
)

// settings answers the owner's settings (admins only).
func (s *Server) settings(w http.ResponseWriter, r *http.Request, _ *session) {
	current, err := s.db.Settings(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, current)
}

// saveSettings changes the settings the request names and keeps the rest,
// so each part of the Store Settings screen saves on its own. Two admins
// saving at once: the later save wins for the fields both sent.
func (s *Server) saveSettings(w http.ResponseWriter, r *http.Request, _ *session) {
	next, err := s.db.Settings(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.decode(w, r, &next) {
		return
	}
	next.Normalize()
	if err := next.Check(); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.db.SaveSettings(r.Context(), next, s.now()); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeJSON(w, r, http.StatusOK, next)
}
