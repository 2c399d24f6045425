package swiss

import (
	"errors"
	"slices"

	"campus.example/apps/internal/chess"
	"campus.example/apps/internal/chess/matching"
)

// engine pairs one round.
type engine struct {
	req    *Request
	k      int        // rounds played
	ps     []*entrant // the players to pair, in pairing order; an index into ps is a vertex
	banned map[[2]int]bool
	groups []int32 // start of each scoregroup in ps, and len(ps) at the end

	odd      bool
	byeScore chess.Score // the lowest score the bye can go to ([C5]); 0 when n is even
	byeRank  []uint32    // per player with byeScore: C9 rank (fewer unplayed games, lower)
	topC9    bool        // the C9 term applies in the top bracket (findByeScore)
	byeLeft  int32       // a bye candidate whom a pairing of all the others leaves over
	byeV     int32       // the bye vertex, the graph's last (byevertex.go)
	byeK     int32       // the graph's number of the weight of its edges
	single   bool        // the C9 term applies in the current bracket

	lay        layout
	adj        *matching.Adjacency // the pairs that may meet (compat)
	below      map[int32]bool      // pairsBelow's answers, by the first player below
	kindOf     []int32             // per player: its kind, what its pairs' weights depend on (kinds)
	numbers    map[weightKey]int32 // the graph's numbers of the weights of the current bracket (set)
	lastNumber lastNumber          // the last of numbers that set looked up
	g          *matching.Graph
	rec        []record // per pair h < l, at h*n+l
	stable     []int32  // the last matching found: each vertex's partner, itself when unpaired
	paired     []bool   // pair decided and taken out of the graph
	sub        []int    // per score: its sub-field in the current bracket's score-indexed fields
	chosen     []int32  // the MDPs of the current bracket that will be paired in it
	w          []uint64 // scratch weight
	// Pairs decided but still in the graph, and the overlay of exchanged partners (procedure.go).
	pending, touched []int32
	over             []int32
}

// Pair computes the pairing of round k+1 by the FIDE Dutch system. It returns an error wrapping
// ErrInvalid for an inconsistent request, and one wrapping ErrNoPairing when the absolute
// criteria cannot all be met.
func Pair(req Request) (Pairing, error) {
	// The weights hold one sub-field per distinct score of a bracket and its following
	// scoregroup; few brackets span more than three scores. A bracket that needs more starts
	// the round again with room for them.
	return pair(req, 3)
}

// pair is Pair with room for `scores` distinct scores per bracket to begin with.
func pair(req Request, scores int) (Pairing, error) {
	k, index, err := req.validate()
	if err != nil {
		return Pairing{}, err
	}
	e := &engine{req: &req, k: k, ps: newEntrants(&req, k, index)}
	e.ban()
	if len(e.ps) == 0 {
		return Pairing{}, nil
	}
	e.groupScores()
	if e.odd = len(e.ps)%2 == 1; e.odd {
		if err := e.findByeScore(); err != nil {
			return Pairing{}, err
		}
	}
	for {
		pairs, bye, err := e.run(scores)
		var wide errTooManyScores
		if errors.As(err, &wide) {
			scores = int(wide)
			continue
		}
		if err != nil {
			return Pairing{}, err
		}
		return e.publish(pairs, bye), nil
	}
}

// ban records the pairs that may not meet: games played over the board, and forbidden pairs.
func (e *engine) ban() {
	e.banned = make(map[[2]int]bool)
	for _, p := range e.req.Players {
		for _, x := range p.Rounds {
			if x.Played() {
				e.banned[pairKey(p.ID, x.Opponent)] = true
			}
		}
	}
	for _, f := range e.req.Forbidden {
		if f[0] != f[1] {
			e.banned[pairKey(f[0], f[1])] = true
		}
	}
	byID := make(map[int]*entrant, len(e.ps))
	for _, p := range e.ps {
		byID[p.id] = p
	}
	for pair := range e.banned {
		if a := byID[pair[0]]; a != nil {
			a.barred = append(a.barred, pair[1])
		}
		if b := byID[pair[1]]; b != nil {
			b.barred = append(b.barred, pair[0])
		}
	}
}

// groupScores splits the sorted players into scoregroups (C.04.3 1.3.1).
func (e *engine) groupScores() {
	e.groups = e.groups[:0]
	for i, p := range e.ps {
		if i == 0 || p.score != e.ps[i-1].score {
			e.groups = append(e.groups, int32(i))
		}
	}
	e.groups = append(e.groups, int32(len(e.ps)))
}

// groupEnd returns the end of the scoregroup that starts at sorted index i.
func (e *engine) groupEnd(i int32) int32 {
	j, _ := slices.BinarySearch(e.groups, i+1)
	return e.groups[j]
}

// errTooManyScores asks for a layout with that many score sub-fields.
type errTooManyScores int

func (errTooManyScores) Error() string {
	return "swiss: bracket spans more scores than the layout holds"
}

// publish turns the decided pairs into boards with colours, in publication order.
func (e *engine) publish(pairs [][2]int32, bye int32) Pairing {
	var out Pairing
	type game struct{ hi, lo, white, black *entrant }
	games := make([]game, 0, len(pairs))
	for _, pr := range pairs {
		a, b := e.ps[pr[0]], e.ps[pr[1]]
		hi, lo := a, b
		if b.points > a.points || (b.points == a.points && b.rank < a.rank) {
			hi, lo = b, a
		}
		white, black := e.colours(a, b)
		games = append(games, game{hi, lo, white, black})
	}
	// Boards go by the higher player's points, the lower player's points, then the higher
	// player's pairing number; virtual points (C.04.5) do not count here, as in standings.
	slices.SortFunc(games, func(x, y game) int {
		if x.hi.points != y.hi.points {
			return int(y.hi.points - x.hi.points)
		}
		if x.lo.points != y.lo.points {
			return int(y.lo.points - x.lo.points)
		}
		return x.hi.rank - y.hi.rank
	})
	for _, g := range games {
		out.Boards = append(out.Boards, Board{White: g.white.id, Black: g.black.id})
	}
	if bye >= 0 {
		out.Bye = e.ps[bye].id
	}
	return out
}
