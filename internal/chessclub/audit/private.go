package audit

import (
	"encoding/json"
	"slices"
)

// PrivateFields are the fields of a member's record that only the member and admins may
// read: the e-mail address, the birth year and date, the national id. An entry about a
// member records them as they were and became, like every other field, and a read of the
// trail masks them for everyone else (Viewer.mask): the trail says that they changed, not
// what to.
var PrivateFields = []string{"email", "birth_year", "birth_date", "national_id"}

// Masked is what a private value reads as for a viewer who may not read it.
const Masked = "(private)"

// Viewer is who reads the trail: a member (ID), and whether they are an admin.
type Viewer struct {
	ID    int64
	Admin bool
}

// mayRead reports whether v may read the private values of e: an admin may read all, a
// member those of entries about themself.
func (v Viewer) mayRead(e Entry) bool {
	return v.Admin || (e.MemberID != nil && *e.MemberID == v.ID)
}

// mask replaces, in the entries v may not read whole, every private field's value by Masked.
func (v Viewer) mask(entries []Entry) {
	for i := range entries {
		if v.mayRead(entries[i]) {
			continue
		}
		entries[i].Before = maskObject(entries[i].Before)
		entries[i].After = maskObject(entries[i].After)
	}
}

// maskObject returns the JSON object raw with the values of its private fields (at its top
// level, as entries record a member's fields) replaced by Masked; anything else unchanged.
func maskObject(raw json.RawMessage) json.RawMessage {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || obj == nil {
		return raw
	}
	masked := false
	for name, v := range obj {
		if slices.Contains(PrivateFields, name) && string(v) != "null" {
			obj[name] = json.RawMessage(`"` + Masked + `"`)
			masked = true
		}
	}
	if !masked {
		return raw
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return raw
	}
	return out
}
