package tiebreak

import (
	"fmt"
	"strconv"
	"strings"
)

// Spec is one entry of a tie-break list: a tie-break of C.07 with its modifiers, written as
// FIDE's tie-break codes are (TRF-2026 records 202 and 212): "BH/C1", "KS/L+1", "ARO/U1000".
type Spec struct {
	// Name is the tie-break's acronym (C.07 5), upper case: PTS, WIN, WON, BPG, BWG, PS, REP
	// (or GE, its name before 2024), NUM, VUR, TPN, BH, AOB, FB, SB, KS, DE, ARO, TPR, PTP,
	// APRO, APPO, RTNG.
	Name string
	// Low and High are the values cut at each end (C.07 14): /Cn cuts the n least
	// significant (Low n), /Mn the n least and the n most significant (Low and High n).
	Low, High int
	// KoyaPercent is the Koya System's limit in per cent of the maximum score (C.07 9.2,
	// default 50, /Ln), and KoyaShift moves it by half points (C.07 14.5, /L+n or /L-n).
	KoyaPercent, KoyaShift int
	// Unrated is the rating an unrated player counts with (/Un); 0 when not given, and then
	// the rating tie-breaks have no value when any player is unrated (C.07 10).
	Unrated int
	// Played counts forfeits as games against the scheduled opponent (/P), as C.07 15.2 does
	// for round robins.
	Played bool
	// Fore takes the opponents' Fore Buchholz instead of their Buchholz (/F, AOB only;
	// C.07 8.2).
	Fore bool

	code string // as written back: canonical upper case
}

// String returns the code in canonical form ("BH/C1").
func (s Spec) String() string { return s.code }

// modifiers lists which modifiers each tie-break takes (C.07 5, "Cut-1" column, and 14).
var modifiers = map[string]string{
	"PTS": "", "WIN": "", "WON": "", "BPG": "", "BWG": "", "REP": "", "GE": "", "NUM": "", "VUR": "",
	"TPN": "", "PS": "C", "BH": "CMP", "FB": "CMP", "SB": "CMP", "AOB": "F", "KS": "L", "DE": "P",
	"ARO": "CMU", "TPR": "U", "PTP": "U", "APRO": "U", "APPO": "U", "RTNG": "U",
}

// Names returns the tie-break acronyms Parse knows.
func Names() []string {
	return []string{"PTS", "WIN", "WON", "BPG", "BWG", "PS", "REP", "GE", "NUM", "VUR", "TPN",
		"BH", "AOB", "FB", "SB", "KS", "DE", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
}

// maxCodeLen bounds the length of a code: the longest there is, "ARO/M9/U9999", has 12
// characters; the rest is room for leading zeros. A longer one is refused unread, so that an
// error never quotes more than this.
const maxCodeLen = 20

// Parse reads one tie-break code, in any case. An unknown tie-break, a modifier the tie-break
// does not take or a modifier given twice is an error: a code is never silently ignored.
func Parse(code string) (Spec, error) {
	code = strings.TrimSpace(code)
	if len(code) > maxCodeLen {
		return Spec{}, fmt.Errorf("a code of %d characters: no tie-break code is longer than %d", len(code), maxCodeLen)
	}
	parts := strings.Split(strings.ToUpper(code), "/")
	s := Spec{Name: parts[0], KoyaPercent: 50}
	allowed, known := modifiers[s.Name]
	if !known {
		return Spec{}, fmt.Errorf("unknown tie-break code %q (known: %s)", code, strings.Join(Names(), " "))
	}
	seen := map[byte]bool{}
	for _, m := range parts[1:] {
		if m == "" {
			return Spec{}, fmt.Errorf("tie-break %q: empty modifier", code)
		}
		letter := m[0]
		if !strings.ContainsRune(allowed, rune(letter)) {
			return Spec{}, fmt.Errorf("tie-break %q: %s does not take the modifier /%s", code, s.Name, m)
		}
		if seen[letter] || (letter == 'C' && seen['M']) || (letter == 'M' && seen['C']) {
			return Spec{}, fmt.Errorf("tie-break %q: /%c given twice, or with its alternative", code, letter)
		}
		seen[letter] = true
		if err := s.modifier(m); err != nil {
			return Spec{}, fmt.Errorf("tie-break %q: %v", code, err)
		}
	}
	s.code = strings.Join(parts, "/")
	return s, nil
}

// modifier applies one modifier, already known to be allowed.
func (s *Spec) modifier(m string) error {
	arg := m[1:]
	switch m[0] {
	case 'C', 'M': // C.07 14.1-14.4: Cut-n and Median-n
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 9 {
			return fmt.Errorf("/%s: want /%c1 to /%c9", m, m[0], m[0])
		}
		s.Low = n
		if m[0] == 'M' {
			s.High = n
		}
	case 'L': // C.07 14.5: the Koya limit
		return s.koyaLimit(arg)
	case 'U': // C.07 10: the rating of unrated players, set by the regulations of the event
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 9999 {
			return fmt.Errorf("/%s: want /U and a rating from 1 to 9999", m)
		}
		s.Unrated = n
	case 'P':
		if arg != "" {
			return fmt.Errorf("/%s: /P takes no number", m)
		}
		s.Played = true
	case 'F':
		if arg != "" {
			return fmt.Errorf("/%s: /F takes no number", m)
		}
		s.Fore = true
	}
	return nil
}

// koyaLimit reads /L's argument: a per cent ("/L60"), or a shift of the 50 % limit in half
// points ("/L+1", "/L-2") or in points with a decimal point ("/L+1.5").
func (s *Spec) koyaLimit(arg string) error {
	bad := fmt.Errorf("/L%s: want /L and a per cent, or /L+n or /L-n half points", arg)
	if arg == "" {
		return bad
	}
	if arg[0] != '+' && arg[0] != '-' {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > 100 {
			return bad
		}
		s.KoyaPercent = n
		return nil
	}
	sign, num := 1, arg[1:]
	if arg[0] == '-' {
		sign = -1
	}
	halvesN := 0
	if whole, frac, dot := strings.Cut(num, "."); dot { // points: 1.5 is 3 half points
		w, err := strconv.Atoi(whole)
		if err != nil || (frac != "0" && frac != "5") || w > 99 {
			return bad
		}
		halvesN = 2 * w
		if frac == "5" {
			halvesN++
		}
	} else {
		n, err := strconv.Atoi(num)
		if err != nil || n > 198 {
			return bad
		}
		halvesN = n
	}
	if halvesN == 0 {
		return bad
	}
	s.KoyaShift = sign * halvesN
	return nil
}

// Defaults returns the tie-break list used when none is given. C.07 4.1 leaves the list to the
// organiser; these follow FIDE's long-standing recommendations: for a Swiss event Buchholz
// Cut-1, Buchholz, Sonneborn-Berger and Direct Encounter; for a round robin Direct Encounter,
// the number of wins, Sonneborn-Berger and the Koya System. Both start with the points.
func Defaults(f Format) []Spec {
	codes := "PTS,BH/C1,BH,SB,DE"
	if f == RoundRobin {
		codes = "PTS,DE,WIN,SB,KS"
	}
	specs, _ := ParseList(codes)
	return specs
}

// lowerIsBetter reports whether a smaller value ranks higher: Direct Encounter's places and
// the pairing number (C.07 6, 7.8).
func (s Spec) lowerIsBetter() bool { return s.Name == "DE" || s.Name == "TPN" }
