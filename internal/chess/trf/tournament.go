package trf

import "campus.example/apps/internal/chess"

// MaxRounds is the largest number of rounds a file may record, or announce with XXR: enough
// for a double round robin of 100 players, and a bound on a line's length.
const MaxRounds = 200

// MaxStartRank is the largest start rank, the most the format's four columns can hold.
const MaxStartRank = 9999

// Tournament is the content of one TRF file. The zero value is an empty file; a Tournament
// built in code is written in the format's order (tournament section with 142 and 152, XXR,
// XXC, players, then Other), one read from a file in the order its lines came.
//
// A Tournament is a plain value: it is not safe for concurrent modification, and the
// slices it holds belong to it.
type Tournament struct {
	Name       string // 012: tournament name
	City       string // 022
	Federation string // 032: the organising federation's three-letter code
	StartDate  string // 042: as written; TRF-2026 asks for YYYY/MM/DD
	EndDate    string // 052: as written
	NumPlayers int    // 062: number of players; 0 when the file has no 062 line
	// PlayersWhoPlayed is the second number Swiss-Manager writes in record 062, in
	// parentheses after the number of players ("062 129 (88)"): how many of them played.
	// 0 when the record gives one number.
	PlayersWhoPlayed int
	NumRated         int      // 072: number of rated players; 0 when absent
	NumTeams         int      // 082: number of teams (team tournaments); 0 when absent
	Type             string   // 092: type of tournament, free text (e.g. "FIDE_DUTCH_2025")
	ChiefArbiter     string   // 102
	DeputyArbiters   []string // 112: one line per deputy arbiter
	TimeControl      string   // 122: allotted times per moves/game, free text
	// RoundDates are the dates of the rounds (132), as written (TRF-2026 asks for YY/MM/DD):
	// RoundDates[0] is round 1's, in columns 92-99, round 2's in 102-109, and so on; "" for a
	// round the line leaves blank. Nil when the file has no 132 line.
	RoundDates []string
	// NumRounds is the number of rounds in TRF-2026's own record (142), 0 when absent; the
	// pairing engines' XXR says the same, and a file giving both must give the same number.
	NumRounds int
	// InitialColour2026 is the initial colour in TRF-2026's own record (152: W or B),
	// NoColour when absent; the pairing engines' XXC says the same, and a file giving both
	// must give the same colour.
	InitialColour2026 chess.Colour

	// TotalRounds is the number of rounds the tournament will have (tag XXR), 0 when the
	// file does not say. Rounds gives the best known figure, from XXR or 142.
	TotalRounds int
	// InitialColour is the colour the highest-ranked player paired in round 1 gets in that
	// round (tag XXC: "white1" or "black1"), NoColour when the file does not say.
	// FirstColour gives the best known figure, from XXC, 152 or round 1.
	InitialColour chess.Colour
	// UseRank is JaVaFo's "XXC rank": a pairing engine is to take the players' order in the
	// file, not their start ranks, as their pairing numbers. Where the two orders differ, a
	// pairing made by start rank is another pairing (RankOrderDiffers says whether they do).
	UseRank bool
	// Players are the player records (001 lines) in the order they appear.
	Players []Player

	// Other holds every line this package does not interpret, exactly as read (without its
	// line end): comments, blank lines, other tags.
	Other []string

	layout     []line // the lines read, in order
	eol        string // the line end first read, "\n" when none
	noFinalEOL bool   // the file did not end with a line end
	bom        bool   // the file began with a UTF-8 byte order mark
	cp1252     bool   // a line was not UTF-8 and was read as Windows-1252
}

// Player is one player record (line 001).
type Player struct {
	StartRank  int    // 5-8: the pairing number, 1 to 9999
	Sex        string // 10: "m", "w" or ""
	Title      string // 11-13: GM, IM, WGM, FM, WIM, CM, WFM, WCM or ""
	Name       string // 15-47: "Lastname, Firstname"
	Rating     int    // 49-52: FIDE rating, 0 when unrated
	Federation string // 54-56
	FIDEID     string // 58-68: digits, kept as text
	BirthDate  string // 70-79: as written; TRF-2026 asks for YYYY/MM/DD
	// Points is the score in 81-84 as written: after the last round in the file, with
	// whatever scoring the file uses. PointsAfter recomputes it from the rounds.
	Points chess.Score
	// Rank is the place in 86-89 as written (ties allowed), 0 when blank.
	Rank int
	// Rounds holds round 1 in Rounds[0], and so on (columns 92-99, 102-109, ...). A round
	// with no opponent has Opponent 0; a blank result with no opponent is read as ZeroBye,
	// as TRF-2026 says, and one with an opponent as NoResult (paired, not yet played).
	Rounds []chess.Round
}

// slot is one line's place in a file that was read: a tag of the tournament section
// ("012", "112", "XXR", ...) with its index among that tag's lines, a player ("001") with
// its index in Players, or another line ("") with its index in Other.
type slot struct {
	tag   string
	index int
}

// line is one line of a file that was read: the value it gave (its slot) and the line as it
// came, so that Write gives back, byte for byte, every line whose value has not changed
// since: the spelling, the columns and the encoding the writing program chose.
type line struct {
	slot
	raw   string // the line's bytes, without its line end
	eol   string // the line end that followed it; "" for a last line without one
	canon string // the line Write makes of the value read: while it still makes it, raw is written
}

// Line returns the number of the line (from 1) that gave a value of a Tournament read from a
// file: the tag's line for a tag of the tournament section ("012", "XXR", ...; index 0), the
// index-th 112 line for a deputy arbiter, and the line of Players[index] for "001". It
// returns 0 for a Tournament built in code, and for a value the file did not give.
func (t *Tournament) Line(tag string, index int) int {
	for i, s := range t.layout {
		if s.tag == tag && s.index == index {
			return i + 1
		}
	}
	return 0
}
