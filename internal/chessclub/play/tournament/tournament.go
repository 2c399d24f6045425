// Package tournament is a club tournament as values, and what the rules of chess make of
// them: the tournament's settings (Tournament, Settings, TournamentInput), its field of players
// with their rounds, boards and byes (Field), the results the club records and what each
// means (outcomes.go), and, computed from the field by the rules in internal/chess, the next
// round's pairing (pairing.go), the checker's verdict on a round, the standings with their
// tie-breaks, the crosstable, the TRF file and what a TRF file to import holds. A refusal of
// the rules or of the tournament's state is an *Error with a kind (errors.go).
//
// It decides nothing about who may do what, reads and writes no database and knows nothing of
// HTTP: package play runs tournaments, package storage reads them, package input reads what
// clients send. It imports only internal/chess and the standard library (a test in
// internal/boundaries holds it to that).
package tournament

import (
	"database/sql/driver"
	"fmt"
	"time"

	"campus.example/apps/internal/chess/knockout"
)

// Tournament formats.
const (
	FormatSwiss      = "swiss"
	FormatRoundRobin = "round_robin"
	FormatKnockout   = "knockout"
)

// Tournament states. A tournament is open (taking entries), then running (rounds are paired
// and played), then finished (ratings applied; only an admin may still correct a result).
const (
	StateOpen     = "open"
	StateRunning  = "running"
	StateFinished = "finished"
)

// Limits on tournament fields, in characters unless said otherwise.
const (
	MaxTournamentName = 100
	MaxLocation       = 100
	MaxTimeControl    = 50
	MaxDescription    = 2000
	MinRounds         = 1
	// MaxRounds is the most rounds a tournament may have, of any format.
	MaxRounds = 50
	// MaxPlayers is the most players a tournament may hold: the most a TRF file numbers
	// (start ranks of four digits), beyond the largest online Swiss (4 000). The Dutch
	// engine pairs a round of 4 000 players in 1–2 s of one processor and up to 300 MB,
	// of 9 999 in 5–8 s and under 1 GB (docs/BENCHMARKS.md), within the server's limit on
	// pairings at once (play.Config.PairingsAtOnce). The limits of an import
	// (play.MaxImportBytes, MaxImportLines) and of a round's boards follow from it.
	MaxPlayers = 9999
	// MaxByeLimit bounds the half-point byes a player may ask for (Tournament.ByeLimit).
	MaxByeLimit = MaxRounds
)

// Initial colours: the colour the top player paired in round 1 of a Swiss gets (FIDE
// C.04.3 5.1; the arbiter draws it by lot before the start, and the organiser records it).
const (
	ColourWhite = "white"
	ColourBlack = "black"
)

// Accelerations of a Swiss's pairings (FIDE C.04.5): none, or the Baku acceleration method
// of C.04.5.1, which gives the top half of the players virtual points in the first half of
// the rounds so that they meet each other sooner.
const (
	AccelerationNone = "none"
	AccelerationBaku = "baku"
)

const DateLayout = "2006-01-02"

// Date is a calendar date in the form YYYY-MM-DD, which also sorts as the date does.
type Date string

// Scan reads a date from a MySQL DATE (a time.Time) or SQLite TEXT column.
func (d *Date) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*d = Date(v.Format(DateLayout))
	case string:
		*d = Date(v)
	case []byte:
		*d = Date(v)
	default:
		return fmt.Errorf("date: cannot scan %T", src)
	}
	return nil
}

// Value stores the date as text, which both databases accept for their date columns.
func (d Date) Value() (driver.Value, error) { return string(d), nil }

// Tournament is a club tournament as the API shows it.
type Tournament struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	StartDate Date   `json:"start_date"`
	// EndDate is never before StartDate; it equals it for a one-day event.
	EndDate  Date    `json:"end_date"`
	Location *string `json:"location"`
	// Format is FormatSwiss, FormatRoundRobin or FormatKnockout.
	Format string `json:"format"`
	// Rounds is nil when not fixed yet. A Swiss needs it to start; a round robin and a
	// knockout set it when they start, to the rounds their schedule has.
	Rounds      *int    `json:"rounds"`
	TimeControl *string `json:"time_control"`
	Description *string `json:"description"`
	// CreatedBy is the id of the member who created it, the organiser; nil for the sample
	// tournaments of chess.sql.
	CreatedBy *int64    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	Settings
	ReportInfo
	// State is StateOpen, StateRunning or StateFinished.
	State string `json:"state"`
	// CurrentRound is the last round paired, 0 before the first.
	CurrentRound int `json:"current_round"`
	// PlayerCount is the number of entries, withdrawn players included.
	PlayerCount int        `json:"player_count"`
	StartedAt   *time.Time `json:"started_at"`
	FinishedAt  *time.Time `json:"finished_at"`
	// RoundGames counts a running tournament's games of its current round, for the app's
	// home ("3 of 8 boards played"). Only the list (GET /api/tournaments) fills it: one
	// tournament's answer carries an ETag that a result does not change, so it leaves it out.
	RoundGames *RoundGames `json:"round_games,omitempty"`

	// Version changes with every change to what the API shows of the tournament; it makes
	// the ETag. Version, Revision and StandingsRevision are the server's, never shown.
	Version int64 `json:"-"`
	// Revision is the number of the tournament's last event: it changes with every change
	// to anything in the tournament, results included, and keys the caches.
	Revision int64 `json:"-"`
	// StandingsRevision changes with every change that may change the standings, which
	// count complete rounds only: not with a result of a round still being played. It keys
	// the cached standings, so that a round's results coming in one by one do not make
	// every poller's next read compute them again.
	StandingsRevision int64 `json:"-"`
}

// Settings are the rules an organiser chooses for a tournament.
type Settings struct {
	// DoubleRoundRobin makes a round robin a double one: everyone meets everyone twice,
	// once with each colour.
	DoubleRoundRobin bool `json:"double_round_robin"`
	// PlayersReport lets the two players of a board report its result; otherwise only the
	// organiser and admins may.
	PlayersReport bool `json:"players_report"`
	// ByeLimit is how many half-point byes each player of a Swiss may ask for over the
	// whole tournament, those given already included (Field.ByesAsked).
	ByeLimit int `json:"bye_limit"`
	// Rated makes the tournament count for club ratings when it finishes.
	Rated bool `json:"rated"`
	// InitialColour is the colour the top player paired in round 1 of a Swiss gets.
	InitialColour string `json:"initial_colour"`
	// Acceleration is AccelerationNone or, for a Swiss, AccelerationBaku.
	Acceleration string `json:"acceleration"`
	// PointsWin, PointsDraw, PointsLoss and PointsBye are the tournament's point system: the
	// points of a win, a draw, a loss and the pairing-allocated bye (1, ½, 0, 1 by default;
	// 3, 1, 0, 3 for "three points a win"). See PointSystem.
	PointsWin  HalfPoints `json:"points_win"`
	PointsDraw HalfPoints `json:"points_draw"`
	PointsLoss HalfPoints `json:"points_loss"`
	PointsBye  HalfPoints `json:"points_bye"`
	// RatingType is RatingStandard, RatingRapid or RatingBlitz: the FIDE rating the report
	// writes for each player.
	RatingType string `json:"rating_type"`
	// GamesPerMatch is how many games each match of a knockout has (1 for any other
	// format): 1 is a single game whose draw is settled by a decider, more a match with
	// TieBreaks while it is level (matches.go).
	GamesPerMatch int `json:"games_per_match"`
	// TieBreaks are the stages a knockout's match of several games plays, in order, while
	// it is level.
	TieBreaks TieBreaks `json:"tiebreak_stages"`
}

// DefaultSettings are a new tournament's settings when the client gives none.
var DefaultSettings = Settings{ByeLimit: 1, InitialColour: ColourWhite, Acceleration: AccelerationNone, PointsWin: 2, PointsDraw: 1, PointsBye: 2,
	RatingType: RatingStandard, GamesPerMatch: 1, TieBreaks: TieBreaks(knockout.DefaultTieBreaks())}

// TournamentInput is what a client may set when creating or editing a tournament.
type TournamentInput struct {
	Name        string
	StartDate   Date
	EndDate     Date
	Location    *string
	Format      string
	Rounds      *int
	TimeControl *string
	Description *string
	Settings
	ReportInfo
}

// Current is what a refusal about a tournament's state (a Conflict, or a precondition that
// failed) tells the client of its state now (Error.Current).
type Current struct {
	State        string `json:"state"`
	CurrentRound int    `json:"current_round"`
}

func (t Tournament) Current() Current { return Current{State: t.State, CurrentRound: t.CurrentRound} }

// Conflict is a Conflict refusal about t that carries its current state.
func (t Tournament) Conflict(format string, args ...any) error {
	return &Error{Kind: Conflict, Detail: fmt.Sprintf(format, args...), Current: t.Current()}
}

// RoundGames counts the games of a round: all of them, and those with a result.
type RoundGames struct {
	// Total is the number of games paired in the round, a knockout's tie-break games included.
	Total int `json:"total"`
	// Played is the number of them with a result.
	Played int `json:"played"`
}
