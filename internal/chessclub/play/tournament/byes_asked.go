package tournament

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"campus.example/apps/internal/chess"
)

// maxByesShown bounds the byes a Conflict of CheckSettings lists, in its detail and in its
// "current" member; byes_total counts them all.
const maxByesShown = 100

// ByeRef names a bye asked for: whose, and for which round.
type ByeRef struct {
	MemberID int64 `json:"member_id"`
	Round    int   `json:"round"`
}

// byesInTheWay is the "current" member of CheckSettings' Conflict: the tournament's state
// and the byes the change would leave beyond its settings.
type byesInTheWay struct {
	Current
	Byes      []ByeRef `json:"byes"`
	ByesTotal int      `json:"byes_total"`
}

// ByesAsked returns the rounds, in order, for which player e asked for a half-point bye:
// those paired already, where the bye was given, and those to come. The half-point byes an
// organiser gave a late entrant for the rounds they missed were not asked for and are not
// among them. Tournament.ByeLimit bounds how many there may be.
func (f *Field) ByesAsked(e *Entrant) []int {
	var out []int
	for _, r := range f.Rounds {
		for _, b := range r.Byes {
			if b.Member == e.MemberID && b.Requested && b.Kind == chess.HalfBye {
				out = append(out, r.Number)
			}
		}
	}
	for r, kind := range e.Requested {
		if r > len(f.Rounds) && kind == chess.HalfBye {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// CheckSettings returns a Conflict refusal when the settings in would leave byes asked for
// in f beyond them: a format other than Swiss while byes are asked for (only a Swiss has
// them), fewer rounds than a round with a bye asked for, a bye limit below the half-point
// byes a player has asked for (ByesAsked). The organiser cancels those byes first: nothing
// is taken back silently. A setting is checked only when in changes it, so that other edits
// stay possible. The refusal's fields name the settings, its detail and its "current" member
// the byes, with the tournament's state.
func (f *Field) CheckSettings(in TournamentInput) error {
	t := f.Tournament
	fields := map[string]string{}
	inWay := map[ByeRef]bool{}
	for _, e := range f.Players {
		if in.Format != t.Format && in.Format != FormatSwiss {
			for r := range e.Requested {
				if r > len(f.Rounds) {
					inWay[ByeRef{e.MemberID, r}] = true
					fields["format"] = "only a Swiss has byes asked for, and some are: cancel them first"
				}
			}
		}
		if in.Rounds != nil && (t.Rounds == nil || *in.Rounds != *t.Rounds) {
			for r := range e.Requested {
				if r > *in.Rounds {
					inWay[ByeRef{e.MemberID, r}] = true
					fields["rounds"] = fmt.Sprintf("byes are asked for rounds after round %d: cancel them first", *in.Rounds)
				}
			}
		}
		if in.ByeLimit < t.ByeLimit {
			if asked := f.ByesAsked(e); len(asked) > in.ByeLimit {
				for _, r := range asked {
					inWay[ByeRef{e.MemberID, r}] = true
				}
				fields["bye_limit"] = fmt.Sprintf("players have asked for more than %d half-point byes: cancel some first", in.ByeLimit)
			}
		}
	}
	if len(inWay) == 0 {
		return nil
	}
	byes := make([]ByeRef, 0, len(inWay))
	for b := range inWay {
		byes = append(byes, b)
	}
	slices.SortFunc(byes, func(a, b ByeRef) int {
		return cmp.Or(cmp.Compare(a.MemberID, b.MemberID), cmp.Compare(a.Round, b.Round))
	})
	shown := byes[:min(len(byes), maxByesShown)]
	return &Error{Kind: Conflict, Fields: fields,
		Current: byesInTheWay{Current: t.Current(), Byes: shown, ByesTotal: len(byes)},
		Detail: fmt.Sprintf("Byes asked for stand in the way of this change: %s. Cancel those byes first; nothing was changed.",
			f.describeByes(shown, len(byes)))}
}

// describeByes says whose byes are in byes (sorted by member), and how many more there are
// of total: "Player 01 (member 4) in rounds 1 and 2, Player 02 (member 5) in round 3".
func (f *Field) describeByes(byes []ByeRef, total int) string {
	var parts []string
	for i := 0; i < len(byes); {
		j := i
		var rounds []string
		for ; j < len(byes) && byes[j].MemberID == byes[i].MemberID; j++ {
			rounds = append(rounds, fmt.Sprint(byes[j].Round))
		}
		name := fmt.Sprintf("member %d", byes[i].MemberID)
		if e := f.ByID[byes[i].MemberID]; e != nil {
			name = fmt.Sprintf("%s (member %d)", e.FullName, e.MemberID)
		}
		if len(rounds) == 1 {
			parts = append(parts, fmt.Sprintf("%s in round %s", name, rounds[0]))
		} else {
			parts = append(parts, fmt.Sprintf("%s in rounds %s and %s", name, strings.Join(rounds[:len(rounds)-1], ", "), rounds[len(rounds)-1]))
		}
		i = j
	}
	if total > len(byes) {
		parts = append(parts, fmt.Sprintf("and %d more", total-len(byes)))
	}
	return strings.Join(parts, ", ")
}
