package trf

import "strings"

// titles maps every spelling of a FIDE title that programs write in a player's title field
// (columns 11-13) to FIDE's code: the codes of TRF-2026, the one- and two-letter codes of
// TRF-16's programs (Swiss-Manager, JaVaFo), which TieBreakServer reads the same way, and Sharly
// Chess's women's titles, the letter of the title followed by f ("gf" a woman grandmaster,
// "mf", "ff", "cf": its TRF mapper, src/data/input_output/trf/trf_mappers.py).
var titles = map[string]string{
	"GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
	"G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
	"GF": "WGM", "MF": "WIM", "FF": "WFM", "CF": "WCM",
}

// FIDETitle returns the FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM) that a title field
// gives, in any case: TRF-2026's codes, and the older one- and two-letter codes ("g" a
// grandmaster, "m" an international master, "f" a FIDE master, "c" a candidate master, "wg",
// "wm", "wf", "wc" the women's titles, and Sharly Chess's "gf", "mf", "ff", "cf"). ok is false for a blank field and for anything else,
// which the caller keeps as written (Player.Title always holds the field as read).
func FIDETitle(field string) (title string, ok bool) {
	title, ok = titles[strings.ToUpper(strings.TrimSpace(field))]
	return title, ok
}

// SexOf returns "m" or "w" for a player's sex field (column 10): TRF-2026 writes m and w; "M",
// "W" and Swiss-Manager's "f" (female) and "F" mean the same. ok is false for a blank field and
// for any other letter, which the caller keeps as written.
func SexOf(field string) (sex string, ok bool) {
	switch strings.TrimSpace(field) {
	case "m", "M":
		return "m", true
	case "w", "W", "f", "F":
		return "w", true
	}
	return "", false
}
