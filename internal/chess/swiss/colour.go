package swiss

import "campus.example/apps/internal/chess"

// colours returns who has White and who has Black in the game between a and b (C.04.3
// Article 5).
func (e *engine) colours(a, b *entrant) (white, black *entrant) {
	c := e.colourOf(a, b)
	if c == chess.White {
		return a, b
	}
	return b, a
}

// colourOf returns a's colour against b.
func (e *engine) colourOf(a, b *entrant) chess.Colour {
	if c := byPreferences(a, b); c != chess.NoColour {
		return c
	}
	hi := a
	if higher(b, a) {
		hi = b
	}
	var c chess.Colour // hi's colour
	if hi.pref != chess.NoColour {
		// 5.2.4: the higher-ranked player gets their preference.
		c = hi.pref
	} else {
		// 5.1, 5.2.5: with no preferences at all, the higher-ranked player gets the initial
		// colour when their pairing number is odd, the other colour when it is even.
		c = e.req.InitialColour
		if hi.rank%2 == 1 {
			c = c.Opposite()
		}
	}
	if hi == a {
		return c
	}
	return c.Opposite()
}

// byPreferences returns a's colour as the colour preferences decide it (5.2.1–5.2.3), or
// NoColour when they leave it to the ranking.
func byPreferences(a, b *entrant) chess.Colour {
	if a.pref != b.pref || a.pref == chess.NoColour || b.pref == chess.NoColour {
		// 5.2.1: both preferences are granted (or the only one there is).
		if a.pref != chess.NoColour {
			return a.pref
		}
		if b.pref != chess.NoColour {
			return b.pref.Opposite()
		}
		return chess.NoColour
	}
	// 5.2.2: the stronger preference wins; between two absolute ones, the wider colour
	// difference.
	switch {
	case a.absolute() && (a.imbalance > b.imbalance || !b.absolute()):
		return a.pref
	case b.absolute() && (b.imbalance > a.imbalance || !a.absolute()):
		return b.pref.Opposite()
	case a.strong && !b.strong:
		return a.pref
	case b.strong && !a.strong:
		return b.pref.Opposite()
	}
	// 5.2.3: alternate from the most recent round in which they had different colours
	// (C.04.2: only games played count, and each player's games are lined up from the latest).
	ca, cb := lastDifference(a, b)
	if ca != chess.NoColour && cb != chess.NoColour {
		return cb
	}
	return chess.NoColour
}

// lastDifference walks back through the two players' played games, latest first, and returns
// their colours in the first step where they differ (NoColour when either runs out first).
func lastDifference(a, b *entrant) (chess.Colour, chess.Colour) {
	i, j := len(a.games)-1, len(b.games)-1
	for i >= 0 && j >= 0 && a.games[i] == b.games[j] {
		i--
		j--
	}
	var ca, cb chess.Colour
	if i >= 0 {
		ca = a.games[i]
	}
	if j >= 0 {
		cb = b.games[j]
	}
	return ca, cb
}
