package input

import (
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// WalkIn reads the fields of an entry without an account (POST /api/tournaments/{id}/players
// with full_name): the name, required; a starting rating, a FIDE id and a federation, each
// optional. Faults are recorded in f, for the caller's f.Err.
func WalkIn(f *jsonhttp.Fields) tournament.WalkIn {
	var w tournament.WalkIn
	if name := f.Line("full_name", 1, tournament.MaxWalkInName, true); name != nil {
		w.FullName = *name
	}
	if r := f.Int("rating", tournament.MinWalkInRating, tournament.MaxWalkInRating); r != nil {
		w.Rating = int(*r)
	}
	if id := f.Int("fide_id", 1, tournament.MaxFIDEID); id != nil {
		w.FIDEID = *id
	}
	if fed := f.String("federation"); fed != nil {
		if tournament.ValidFederation(*fed) {
			w.Federation = *fed
		} else {
			f.Fail("federation", "must be a FIDE federation code: three capital letters, such as ENG")
		}
	}
	return w
}
