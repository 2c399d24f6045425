// Package creatures is the Creature Catalog: a store of creature records over SQLite or
// MariaDB and the HTTP API that serves it.
package creatures

import (
	"encoding/json"
	"time"

	"campus.example/apps/internal/jsonhttp"
)

// Field limits, in characters after trimming surrounding white space.
const (
	MaxName        = 100
	MaxSpecies     = 50
	MaxHabitat     = 100
	MaxDescription = 2000
	MinDanger      = 0
	MaxDanger      = 10
)

// Creature is one record of the catalog, exactly as the API shows it.
type Creature struct {
	// ID is assigned by the database and never changes.
	ID int64 `json:"id"`
	// Name is unique, compared without regard to case.
	Name    string `json:"name"`
	Species string `json:"species"`
	// Habitat is nil when unknown.
	Habitat *string `json:"habitat"`
	// DangerLevel runs from 0 (harmless) to 10.
	DangerLevel int `json:"danger_level"`
	// Description is nil when there is none.
	Description *string `json:"description"`
	// CreatedAt and UpdatedAt are managed by the store, in UTC, to the second.
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Input is what a client may set on a creature: the body of a create or a full replacement.
type Input struct {
	Name        string  `json:"name"`
	Species     string  `json:"species"`
	Habitat     *string `json:"habitat"`
	DangerLevel int     `json:"danger_level"`
	Description *string `json:"description"`
}

// readOnly lists the fields the server manages.
var readOnly = []string{"id", "created_at", "updated_at"}

// DecodeInput validates a JSON object as a full creature: absent optional fields become null
// or their default. It returns a validation problem naming every bad or unknown field. With
// allowReadOnly, the server-managed fields are accepted and ignored, so that a client can
// send back what it fetched.
func DecodeInput(obj jsonhttp.Object, allowReadOnly bool) (Input, error) {
	f := jsonhttp.NewFields(obj)
	name := f.Line("name", 1, MaxName, true)
	species := f.Line("species", 1, MaxSpecies, true)
	in := Input{
		Habitat:     f.Line("habitat", 0, MaxHabitat, false),
		Description: f.Text("description", 0, MaxDescription, false),
	}
	if d := f.Int("danger_level", MinDanger, MaxDanger); d != nil {
		in.DangerLevel = int(*d)
	}
	if allowReadOnly {
		f.Ignore(readOnly...)
		f.RejectUnknown()
	} else {
		f.RejectUnknown(readOnly...)
	}
	if err := f.Err(); err != nil {
		return Input{}, err
	}
	in.Name, in.Species = *name, *species
	return in, nil
}

// inputObject is the JSON object form of a creature's settable fields, the document that a
// JSON merge patch (RFC 7396) applies to.
func (c Creature) inputObject() jsonhttp.Object {
	in := Input{Name: c.Name, Species: c.Species, Habitat: c.Habitat, DangerLevel: c.DangerLevel, Description: c.Description}
	b, _ := json.Marshal(in)
	var obj jsonhttp.Object
	_ = json.Unmarshal(b, &obj)
	return obj
}

// MergePatch applies an RFC 7396 merge patch to the creature's settable fields and validates
// the result as a full replacement. A member set to null is removed, so an optional field
// becomes null or its default and a required one fails validation.
func MergePatch(c Creature, patch jsonhttp.Object) (Input, error) {
	doc := c.inputObject()
	for k, v := range patch {
		if string(v) == "null" {
			delete(doc, k)
			continue
		}
		doc[k] = v
	}
	return DecodeInput(doc, true)
}
