package tournament

import (
	"time"

	"campus.example/apps/internal/chess/trf"

	"campus.example/apps/internal/chess"
)

// PlayerRef names a player where a board, a bye or the standings mention them.
type PlayerRef struct {
	MemberID  int64  `json:"member_id"`
	StartRank int    `json:"start_rank"`
	FullName  string `json:"full_name"`
	// Rating is the rating the tournament counts with; nil for an unrated player.
	Rating *int `json:"rating"`
}

// Player is an entry as GET /api/tournaments/{id}/players shows it.
//
// It shows no username: tournament pages are public, and a username is a login name.
type Player struct {
	MemberID int64  `json:"member_id"`
	FullName string `json:"full_name"`
	// Guest is true for a player imported from a TRF file, who cannot log in.
	Guest bool `json:"guest"`
	// StartRank is the pairing number, nil until the tournament starts.
	StartRank *int `json:"start_rank"`
	// Rating is the rating the tournament counts with (fixed at the start; before it, the
	// member's rating now); nil for an unrated player.
	Rating *int `json:"rating"`
	// RatingStatus says what Rating is, so that a client shows it truthfully: unrated
	// (Rating is nil), declared (a starting rating the member gave, or a guest's rating from
	// an imported file, not yet borne out by a rated game in the club) or rated.
	RatingStatus   string    `json:"rating_status"`
	EnteredAt      time.Time `json:"entered_at"`
	FirstRound     int       `json:"first_round"`
	WithdrawnAfter *int      `json:"withdrawn_after"`
	// RequestedByes are the rounds not yet paired for which the player asked for a
	// half-point bye, in order.
	RequestedByes []int `json:"requested_byes"`
}

// Round is a paired round as GET …/rounds/{n} shows it.
type Round struct {
	Number   int       `json:"number"`
	PairedAt time.Time `json:"paired_at"`
	// Complete is true once every board has its result.
	Complete bool    `json:"complete"`
	Boards   []Board `json:"boards"`
	Byes     []Bye   `json:"byes"`
}

// Board is one game of a round.
type Board struct {
	Round int       `json:"round"`
	Board int       `json:"board"`
	White PlayerRef `json:"white"`
	Black PlayerRef `json:"black"`
	// Result is nil until it is reported.
	Result *string `json:"result"`
	// Version increases with every result set on the board; the board's ETag is "b" and
	// the version, quoted: "b3".
	Version int64 `json:"version"`
	// Game is the game's number within its knockout match, from 1; Stage is "classical"
	// for a match's games at the tournament's time control, else its tie-break stage
	// (rapid, blitz, armageddon). Every other board is game 1, classical.
	Game  int    `json:"game"`
	Stage string `json:"stage"`
}

// Bye is a round in which a player had no game.
type Bye struct {
	Player PlayerRef `json:"player"`
	// Kind is "pairing" (the pairing-allocated bye of an odd field, a point), "half" (a
	// half-point bye asked for, or for a round missed by a late entry), "full" (a knockout's
	// top seeds in round 1, a point) or "zero" (absent, withdrawn, a missed round, a round
	// robin's free round; no points).
	Kind   string  `json:"kind"`
	Points float64 `json:"points"`
}

// byeKinds names the TRF bye codes in the API.
var byeKinds = map[chess.Result]string{chess.PairingBye: "pairing", chess.HalfBye: "half", chess.FullBye: "full", chess.ZeroBye: "zero"}

// ratingPtr is a rating as the API shows it: nil for 0, unrated.
func ratingPtr(r int) *int {
	if r == 0 {
		return nil
	}
	return &r
}

// ratingStatus is the status of a rating shown: unrated without one, else declared while the
// member's rating is declared, else rated.
func ratingStatus(shown *int, memberStatus string) string {
	switch {
	case shown == nil:
		return StatusUnrated
	case memberStatus == StatusDeclared:
		return StatusDeclared
	}
	return StatusRated
}

func (f *Field) Ref(id int64) PlayerRef {
	e := f.ByID[id]
	return PlayerRef{MemberID: e.MemberID, StartRank: e.StartRank, FullName: e.FullName, Rating: ratingPtr(e.Rating)}
}

// PlayerView shows an entry.
func (f *Field) PlayerView(e *Entrant) Player {
	p := Player{MemberID: e.MemberID, FullName: e.FullName, Guest: e.Guest, EnteredAt: e.EnteredAt,
		FirstRound: e.FirstRound, WithdrawnAfter: e.WithdrawnAfter, RequestedByes: []int{}}
	if e.StartRank != 0 {
		n := e.StartRank
		p.StartRank = &n
		p.Rating = ratingPtr(e.Rating)
	} else {
		p.Rating = ratingPtr(e.seedRating())
	}
	p.RatingStatus = ratingStatus(p.Rating, e.MemberStatus)
	for r := len(f.Rounds) + 1; r <= MaxRounds; r++ {
		if kind, ok := e.Requested[r]; ok && kind == chess.HalfBye {
			p.RequestedByes = append(p.RequestedByes, r)
		}
	}
	return p
}

// RoundView shows round r.
func (f *Field) RoundView(r *RoundRecord) Round {
	out := Round{Number: r.Number, PairedAt: r.PairedAt, Complete: r.Complete(), Boards: []Board{}, Byes: []Bye{}}
	for _, b := range r.Boards {
		out.Boards = append(out.Boards, f.BoardView(b))
	}
	for _, b := range r.Byes {
		out.Byes = append(out.Byes, Bye{Player: f.Ref(b.Member), Kind: byeKinds[b.Kind], Points: f.Tournament.PointSystem().Points(b.Kind).Float()})
	}
	return out
}

func (f *Field) BoardView(b *BoardRecord) Board {
	return Board{Round: b.Round, Board: b.Number, White: f.Ref(b.White), Black: f.Ref(b.Black), Result: b.Result, Version: b.Version, Game: b.Game, Stage: string(b.Stage)}
}

// Invitation states. An accepted invitation is no longer an invitation but an entry: its
// row goes when the entry is made.
const (
	InvitationPending  = "pending"
	InvitationDeclined = "declined"
)

// Invitation asks a member to play in a tournament. It is not an entry: the member's games go
// on their record only once they accept it.
type Invitation struct {
	TournamentID   int64  `json:"tournament_id"`
	TournamentName string `json:"tournament_name"`
	StartDate      Date   `json:"start_date"`
	MemberID       int64  `json:"member_id"`
	FullName       string `json:"full_name"`
	// InvitedBy is the member who invited, nil when that member is gone.
	InvitedBy *int64    `json:"invited_by"`
	InvitedAt time.Time `json:"invited_at"`
	// MissedRounds is what the player gets for each round paired before they accept
	// (MissedZero or MissedHalf): the organiser's choice, for a running Swiss.
	MissedRounds string `json:"missed_rounds"`
	// Status is InvitationPending or InvitationDeclined.
	Status     string     `json:"status"`
	AnsweredAt *time.Time `json:"answered_at"`
}

// Imported is a TRF file read and checked for import.
type Imported struct {
	File *trf.Tournament
	// Source is the file's bytes as sent: the tournament keeps them (report.UpdateSource).
	Source []byte
	Input  TournamentInput
	// Paired is the number of rounds in which someone was Paired (k); Total the rounds the
	// tournament has.
	Paired, Total int
	// Finished is true when every round is paired and has its results.
	Finished bool
	Players  []*ImportedPlayer
	// Announced are the byes the file announces for the rounds not yet paired.
	Announced []Announced
}

// ImportedPlayer is a player of a TRF file to import: their record, their name as a
// member's, and the guest member they become once stored (0 before).
type ImportedPlayer struct {
	Player *trf.Player
	Name   string
	// FIDE is what the record says of the player for FIDE (report.FIDEOf).
	FIDE   FIDEPlayer
	Member int64
}
