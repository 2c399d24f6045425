package swiss

import (
	"fmt"
	"strings"
)

// The codes of record 192 (TRF-2026, the encoded type of tournament) that name the Dutch
// system, as bbpPairings reads them; the _BAKU forms add the Baku acceleration (C.04.5.1).
var dutchSystems = map[string]bool{
	"FIDE_DUTCH_2025":      false,
	"FIDE_DUTCH":           false,
	"FIDE_DUTCH_2025_BAKU": true,
	"FIDE_DUTCH_BAKU":      true,
}

// readSystem reads the tournament records that change how the file is paired, and refuses
// those this package does not implement rather than pair without them:
//
//   - 192 (encoded type of tournament): the Dutch system (FIDE_DUTCH_2025, FIDE_DUTCH), and
//     with the Baku acceleration (FIDE_DUTCH_2025_BAKU, FIDE_DUTCH_BAKU) only when the
//     acceleration is written out in 250 or XXA records, which TRF-2026 says then count
//     instead of record 192's method. Pairing engines do not agree on the size of the Baku
//     method's group A (bbpPairings puts the first half of the players, rounded up, in it;
//     C.04.5.1 the first half rounded up to an even number), so a file that leaves it to the
//     engine would not be paired the same everywhere: Baku computes the records by the rule.
//     Any other system (Burstein, Dubov, Lim, ...) is refused.
//   - 013 and 310 (teams): team competitions are refused.
//
// Other lines (comments, dates, tie-breaks, unknown tags) do not change the pairing and pass.
func (rec *records) readSystem(line string) error {
	tag, value := line[:min(3, len(line))], ""
	if len(line) > 4 {
		value = strings.TrimRight(line[4:], " ")
	}
	switch tag {
	case "192":
		baku, known := dutchSystems[value]
		if !known {
			return fmt.Errorf("the pairing system %q is not supported; this engine pairs by the Dutch system (FIDE_DUTCH_2025, C.04.3)", value)
		}
		// A later 192 record replaces an earlier one, as in bbpPairings.
		rec.baku = ""
		if baku {
			rec.baku = line
		}
	case "013", "310":
		return fmt.Errorf("team competitions are not supported")
	}
	return nil
}
