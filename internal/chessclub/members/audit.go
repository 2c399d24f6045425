package members

import (
	"encoding/json"
	"maps"
	"slices"
)

// recordFields returns the fields of m's record that the audit trail follows, by their JSON
// names, each a plain value or nil: the name and contact, the declared rating and the games
// it rests on, the birth year and the FIDE fields. The role, the photo and the ratings the
// club's games make have entries of their own (role.changed, member.photo_changed,
// ratings.applied). The private ones (audit.PrivateFields) are masked when the trail is read
// by anyone but the member and admins.
func recordFields(m Member) map[string]any {
	var declared any
	if m.RatingStatus == RatingDeclared {
		declared = m.Rating
	}
	f := m.FIDE
	return map[string]any{
		"username": m.Username, "full_name": m.FullName, "email": deref(m.Email),
		"declared_rating": declared, "declared_games": m.DeclaredGames, "birth_year": deref(m.BirthYear),
		"fide_id": deref(f.FIDEID), "federation": deref(f.Federation), "title": deref(f.Title), "sex": deref(f.Sex),
		"birth_date": deref(f.BirthDate), "fide_rating_standard": deref(f.FIDEStandard), "fide_rating_rapid": deref(f.FIDERapid),
		"fide_rating_blitz": deref(f.FIDEBlitz), "national_id": deref(f.NationalID), "national_rating": deref(f.NationalRating),
	}
}

// deref returns *p, or nil (untyped) for a nil p, so that an absent field is null in JSON.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// changedFields returns the fields whose values differ between before and after, each side's
// values in a map of its own: what an audit entry records of a change. Both are empty when
// nothing changed.
func changedFields(before, after map[string]any) (map[string]any, map[string]any) {
	b, a := map[string]any{}, map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(after)) {
		if !sameJSON(before[name], after[name]) {
			b[name], a[name] = before[name], after[name]
		}
	}
	return b, a
}

// sameJSON reports whether x and y encode alike: an int and an int64 of one value are the
// same field value.
func sameJSON(x, y any) bool {
	bx, errX := json.Marshal(x)
	by, errY := json.Marshal(y)
	return errX == nil && errY == nil && string(bx) == string(by)
}
