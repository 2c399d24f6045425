package play

import "net/http"

// MemberRatings answers GET /api/members/{id}/ratings: the member's rating history.
func (s *Service) MemberRatings(w http.ResponseWriter, r *http.Request, _ Caller) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	hist, err := s.ratingHistory(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, hist)
	return nil
}
