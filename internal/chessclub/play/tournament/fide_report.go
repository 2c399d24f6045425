package tournament

import (
	"strconv"
	"strings"
)

// FIDEPlayer is what a FIDE tournament report writes of a player besides their name and
// games: the fields of their record (members.FIDE) and the FIDE rating of the tournament's
// rating type that the tournament reports them with.
type FIDEPlayer struct {
	FIDEID     *int64
	Federation *string
	Title      *string
	Sex        *string
	// BirthDate is "YYYY-MM-DD" or "YYYY".
	BirthDate *string
	// Rating is the FIDE rating of the tournament's rating type, 0 when the player has none.
	Rating int
}

// ReportFileName is the name a tournament's report is downloaded as: its name in lower-case
// ASCII letters and digits, words joined by hyphens ("Spring Open 2026" gives
// "spring-open-2026.trf"), at most 60 characters before ".trf"; "tournament-ID.trf" when
// the name has no such letter or digit. Letters with accents lose them where the Latin-1
// range has a plain letter for them.
func (t Tournament) ReportFileName() string {
	var b strings.Builder
	dash := false
	for _, r := range t.Name {
		r = plainLetter(r)
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	name := b.String()
	if len(name) > 60 {
		name = strings.TrimRight(name[:60], "-")
	}
	if name == "" {
		return "tournament-" + strconv.FormatInt(t.ID, 10) + ".trf"
	}
	return name + ".trf"
}

// plainLetter maps a Latin-1 letter with a diacritic to the letter without it; other runes
// come back as they are.
func plainLetter(r rune) rune {
	const from, to = "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿ", "AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyy"
	if i := strings.IndexRune(from, r); i >= 0 {
		return rune(to[len([]rune(from[:i]))])
	}
	return r
}
