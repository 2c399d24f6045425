package swiss

// In a round with an odd number of players one of them is left over, and a maximum matching
// that leaves a vertex over is hard to prove: its dual must be zero, and the edges around it
// are then covered only by a blossom holding most of the graph, which the stages build one
// step at a time (in round 2 of 4 000 players, two thirds of the round's time went on such
// repairs). So the graph holds one vertex more than there are players, the bye vertex, joined
// in such a round by an edge of one pair's completion weight, K, to every bye candidate ([C2],
// [C5]). A player matched to it is the player left over, and with an even number of vertices
// the round's matchings are proved as an even round's are: by vertex duals alone
// (startComplete, startBracket). A bracket paired on its own that leaves one downfloater has
// the same trouble in a round of either parity, and is paired with the bye vertex joined to
// all its players (joinBye); in an even round, the bye vertex has no other edges.
//
// The bye vertex changes no answer. A matching M of the players, with the bye vertex matched to
// the player M leaves over when the two may meet, weighs W(M) + K, and W(M) otherwise. Every
// maximum matching of the players leaves over one bye candidate (the completion term, [C4],
// [C2], [C5]), so the maximum weight with the bye vertex is the players' maximum plus K, and
// the matchings that reach it are exactly the players' maximum matchings, each with the bye
// vertex matched to the player left over. Edges of weight K to other players change nothing:
// a matching that leaves one of them over weighs less than the maximum anyway. The same holds
// for a bracket paired on its own that leaves one downfloater (alone.go), every maximum
// matching of which leaves one player over, when the bye vertex is joined to every player of
// the bracket by edges of one weight, whatever it is (joinBye), and those edges are taken away
// before the bracket's floater goes back into the round's matching (unjoinBye). The snapshot
// of the matching (solve) shows a player matched to the bye vertex as unpaired, so the
// procedure reads the same answers as without it. Without edges, in an even round, it is
// matched to no one and changes nothing.

// addByeVertex joins the bye vertex, the graph's last (run), to every bye candidate in a round
// with an odd number of players. In an even round it has no edges, but while a bracket that
// leaves one downfloater is paired on its own (joinBye).
func (e *engine) addByeVertex() {
	e.byeV = int32(len(e.ps))
	if !e.odd {
		return
	}
	clear(e.w)
	e.lay.put(e.w, fPairs, 0, 1)
	e.byeK = e.g.Number(e.w)
	for v, p := range e.ps {
		if e.byeCandidate(p) {
			e.g.SetNumber(int(e.byeV), v, e.byeK)
		}
	}
}

// joinBye joins the bye vertex to each of vs, the players of a bracket paired on its own that
// leaves one downfloater, none of them a bye candidate. The edges weigh more than any pair of
// the bracket (four completion units; a pair has at most three), so that the duals that prove
// the bracket's matching need not go below zero at the bye vertex.
func (e *engine) joinBye(vs []int32) {
	clear(e.w)
	e.lay.put(e.w, fPairs, 0, 4)
	id := e.g.Number(e.w)
	for _, v := range vs {
		e.g.SetNumber(int(e.byeV), int(v), id)
	}
}

// unjoinBye gives the bye vertex its edges to the players of vs still unpaired back as they
// were: in the whole round's matching, it must weigh the same to every player it may be
// matched with, and only bye candidates may be.
func (e *engine) unjoinBye(vs []int32) {
	for _, v := range vs {
		if e.paired[v] {
			continue
		}
		id := int32(0)
		if e.odd && e.byeCandidate(e.ps[v]) {
			id = e.byeK
		}
		e.g.SetNumber(int(e.byeV), int(v), id)
	}
}

// mayMeet reports whether vertices u and v may be paired: two compatible players, or the bye
// vertex and a player joined to it.
func (e *engine) mayMeet(u, v int32) bool {
	if u == e.byeV || v == e.byeV {
		return e.g.NumberOf(int(u), int(v)) != 0
	}
	return e.compatible(e.ps[u], e.ps[v])
}
