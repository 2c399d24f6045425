package web

import (
	"errors"
	"mime"
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/input"
	"campus.example/apps/internal/chessclub/play/tournament"

	"campus.example/apps/internal/problem"
)

// importTypes are the content types a TRF file may be sent as. The charset is not checked:
// older programs write TRF in Latin-1, which the reader takes line by line.
var importTypes = map[string]bool{"text/plain": true, "application/octet-stream": true}

// ImportTournament answers POST /api/tournaments/import: a TRF-2026 file as the body makes a
// tournament organised by the caller (input.TRF, play.Imports.Import), within the
// caller's imports a day (admission.ImportQuota). routes.go runs it in an import slot
// (ImportSlot) and under an Idempotency-Key guard.
func (h *Handlers) ImportTournament(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || !importTypes[mt] {
		return problem.New(problem.UnsupportedMediaType, "Send the TRF file as text/plain (or application/octet-stream).")
	}
	// A member at the limit is refused before the file is read; the import checks again
	// in its transaction, where the count cannot change under it.
	if err := h.play.Imports.CheckQuota(r.Context(), caller); err != nil {
		return err
	}
	// The file is read whole within play.MaxImportBytes, then line by line within the reader's
	// limits, so that what an import holds is bounded by the file's size, not its content.
	im, err := input.TRF(http.MaxBytesReader(w, r.Body, play.MaxImportBytes), tournament.Date(h.play.Now().Format(tournament.DateLayout)))
	err = Problem(err)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return problem.New(problem.TooLarge, "The file exceeds the limit of %d bytes.", play.MaxImportBytes)
	case err != nil && problem.KindOf(err) == problem.Internal:
		return &problem.Error{Kind: problem.Malformed, Detail: "The body could not be read.", Err: err}
	case err != nil:
		return err
	}
	t, err := h.play.Imports.Import(r.Context(), im, caller)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/tournaments/"+strconv.FormatInt(t.ID, 10))
	w.Header().Set("ETag", play.TournamentETag(t))
	api.WriteJSON(w, http.StatusCreated, t)
	return nil
}
