// Package swiss pairs a round of a Swiss tournament by the FIDE Dutch system: the general
// rules for Swiss tournaments (FIDE Handbook C.04.1, C.04.2) and the Dutch rules C.04.3 in
// their 2025 version, in force since 2026. Its pairings are the ones bbpPairings v6.0.0, an
// engine endorsed by FIDE, makes: every round of the oracle tournaments agrees, colours
// included.
//
// # The rules as a matching
//
// The Dutch rules pair the scoregroups from the top down (C.04.3 1.9.2). Each bracket holds a
// scoregroup and the players the bracket above could not pair (MDPs). Among all the pairings of
// a bracket the rules want one that meets the absolute criteria C1–C3, leaves the rest of the
// round completable (C4), gives the bye to the lowest score possible (C5), and then is best by
// the quality criteria C6–C21 in order; among equally good ones, the first in the order of
// generation of Article 4 (transpositions of S2, exchanges between S1 and S2, sets of MDPs).
//
// Trying candidates one by one, as the text describes, explodes on large brackets. Instead,
// each bracket becomes a maximum-weight matching over all the players still unpaired, whose
// edge weights encode the criteria as fields of one wide integer, the first criterion most
// significant (see layout.go): a matching of greater total weight is exactly a better pairing.
// Edges within the bracket carry C6–C21; edges into the next scoregroup carry C8 (the next
// bracket must pair as well as it can); every edge carries the completion term, so the
// matching always completes the round when that is possible. Two compatible players get an
// edge, so C1–C3 hold by construction.
//
// When several pairings tie on every criterion, Article 4's order decides. The procedure in
// procedure.go asks the matching one question at a time in that order (may this MDP be paired?
// may this S1 player be exchanged? whom can this S1 player meet first?), each as a bonus or
// penalty below every criterion, and fixes the answer before the next question. Decided pairs
// leave the graph. The matching keeps its optimality certificate (its duals) from one question
// to the next, so each answer costs a small repair rather than a new matching
// (package matching).
//
// Colours follow Article 5 (colour.go). The order of boards is the one pairing programs
// publish.
//
// # Accelerated pairings
//
// An accelerated pairing (C.04.5) gives some players virtual points in the first rounds
// (Request.Accelerations; TRF-2026 record 250 and the engines' XXA tag). Their sum with the
// points is the pairing score, which stands for the score in every rule above: scoregroups,
// brackets, floats (those of past rounds with that round's virtual points), the bye,
// topscorers and colours. Only the order of the boards, like the standings, goes by the
// points alone. Baku computes the Baku Acceleration Method (C.04.5.1) by its text.
//
// # Exactness
//
// The criteria and the order of questions are those bbpPairings applies, including its readings
// of the text: a forfeit is not a game played (it neither bars a rematch nor counts for
// colours), a forfeit win or any full point without a game bars the pairing-allocated bye, an
// unplayed round that gave points counts as a downfloat, the bye goes to the lowest score
// possible before any bracket is paired, the C9 term (fewest unplayed games for the bye)
// applies in the bracket whose single downfloater will get the bye, and pairing numbers for
// round-one colours count only players who have ever been paired or are paired now. The
// answers read from the matching are the same for every optimal matching, so the result does
// not depend on which one the algorithm finds. Every round of the oracle tournaments agrees
// (TestOracle), and every round of 176 more tournaments that bbpPairings paired with the Baku
// acceleration, with XXA lines or with prohibited pairings added as the tournament went on,
// and of 16 fields played as opens play them (results from the ratings, 20–35 % draws, late
// entries, withdrawals), with every game drawn or with many small scoregroups, agrees with its
// output byte for byte (TestBBPData, testdata/bbp); so did, during development, every round of 1 030 more tournaments generated
// by bbpPairings (7 578 rounds, 4 to 483 players), 7 205 of them also as printed, byte for
// byte, with its -p output, and again with prohibited pairings, full-point byes and unrated
// games added at random.
//
// # Checking a pairing
//
// Check sets a pairing made elsewhere (a file's round, an arbiter's pairing by hand) beside the
// one Pair makes of the same round, as bbpPairings' checker does (C.04.2: an endorsed program
// checks pairings by pairing again): a game missing, colours the other way round or another
// bye make the round differ, and the criteria the pairing breaks or scores worse on, counted
// over the round, say why. CheckFile checks every round of a TRF file, each from the rounds
// before it and with the players the file paired in it; it flags exactly the rounds
// bbpPairings' checker flags, naming the same games, on the oracle tournaments and on 179
// copies of tournaments (accelerated ones and ones with prohibited pairings among them)
// altered in one round (TestCheckFileAltered, testdata/check).
//
// # Cost
//
// The matching holds every player still unpaired, n of them, so that completion ([C4]) and the
// next bracket ([C8]) weigh exactly what they must. A weight is a few 64-bit words (six at
// 1 000 to 2 000 players, seven at 4 000, eight at 9 999, whose largest fields are the
// score-indexed ones), but a round has few distinct weights: they are made of the criteria a
// pair meets, which depend on the two players' scores, colours and floats, and of a small
// tail. The graph stores each distinct weight once and, per pair, its 4-byte number (package
// matching), and the engine keeps per pair an 8-byte record (its kind, whether C9 applies, its
// tail) in a triangle of half the square, and a bit for whether the two may meet at all
// (matching.Adjacency). Memory is thus about 8·n² bytes, and grows with the square of the
// players whatever the scoregroups: a peak of 25–35 MB at 1 000 players, 140–300 MB at 4 000,
// 0.75–0.95 GB at 9 999 (docs/BENCHMARKS.md), with blossoms adding 4·n bytes each for their
// nearest vertices (nearTo in package matching), a small part now that few brackets need
// stages.
//
// Time is driven by the size of the largest scoregroup, g, and by whether its bracket can be
// paired on its own. Most brackets can (alone.go): when every pairing the rules may choose
// pairs the bracket's players among themselves, or leaves a single downfloater whom the next
// scoregroup can take whoever it is, the matching of the whole round splits, and the bracket
// is paired with every other player hidden (matching.Graph.Restrict). Its matching then
// starts from the duals of its kinds of players (classstart.go): players of one score, colour
// preference and float history are interchangeable, the best pairing over the kinds is a
// small transportation problem, and its duals, checked over every pair (Graph.Start), prove a
// pairing of the bracket maximum without a stage. What is left is O(g²) for the proof and the
// questions of Article 4, which the certificate answers for most S1 players (provenFirst) and
// small repairs for the rest. The top scoregroup of round 2 of 4 000 players, 1 272 players,
// takes 0.3 s this way, against 5.5 s by stages.
//
// In a round with an odd number of players, the graph holds one more vertex, the bye vertex
// (byevertex.go), joined to every bye candidate: whoever is matched to it is the player left
// over. It changes no answer, but it makes the round's vertices even, so that an odd bracket,
// the last bracket with the bye and the round's matching for completion are proved by vertex
// duals as even ones are, rather than by a blossom around nearly all the players, grown in
// stages. The last bracket is always paired on its own (no one else is left), and so is a
// bracket whose following scoregroup is the last and holds the bye, when its downfloater,
// whoever it is, meets one of that scoregroup whose partner in a perfect matching of it may
// have the bye; a bracket no two of whose players may meet (the leaders of a late round who
// have played each other) is not paired at all: they all float.
//
// The other brackets (an odd bracket whose downfloater the next bracket cannot always take,
// a bracket with several downfloaters, those where the bye is decided above the last
// scoregroup) are paired in the matching of every player still unpaired. Loading such a
// bracket changes the edges of its players and of the next scoregroup's, up to 2g vertices,
// and the repair regrows blossoms among them, O(g·n·t) for trees of t nodes; it is done in
// two repairs, the bracket's own edges first. In a stage, a tight edge to a free vertex is
// taken before any other (it ends the stage): taken last in, first out, trees wandered
// through the many tight edges of a bracket of equal weights, seven times the scans in round
// 2 of 4 000 players. The round's matching for completion alone, which such brackets repair
// rather than build, comes with its proof at once (half a pair's weight per vertex makes every
// edge tight, startComplete); the bye score of an odd round comes from a matching without
// weights (who can be left over, matching.Adjacency.Exposable).
//
// So a round costs O(n²) to write its weights (every pair once for completion, the pairs of
// each bracket and of its following scoregroup again, and the tails by which Article 4's
// exchanges are asked) plus, per bracket paired alone, O(g²) for its proof and questions; only
// the brackets left to the whole round's matching cost more, in n times their trees. Every
// round of an 11-round Swiss of 1 000 players takes 0.04–0.09 s of CPU, of 4 000 players
// 0.6–1.1 s, and rounds 1, 2 and 9 of 9 999 players 5–7.3 s: from 4 000 to 9 999 players,
// ×6.25 in n², the time grows ×6.1–6.5 (docs/BENCHMARKS.md). The slowest rounds left are those
// whose largest bracket is odd and asks many of Article 4's questions of a new matching (about
// 2 s at 4 000 players). MaxPlayers is the most a TRF file numbers, 9 999, within both.
//
// Fields played as opens play them (BenchmarkPairRealistic over newField: ratings spread
// around 1 750 or falling evenly, results from the Elo expectation with a fifth to a third of
// the games drawn, forfeits, byes, late entries, withdrawals, Baku's acceleration) cost what
// the simulated Swiss costs: their worst round is round 1 or a late one, never one of large odd
// brackets asking many questions. Fields made to be hard cost more. With many small
// scoregroups (virtual points by bands of ten players), each of a hundred brackets asks
// whether the players below it can all be paired, a matching without weights over all of them
// (pairsAlone): 0.6–0.8 s at 1 000 players. After two rounds of the top half against the
// bottom half, the top half White both times, every colour is fixed in round 3 (C.04.3 [C3]):
// scoregroups of one colour cannot pair among themselves, hundreds of MDPs float into each
// bracket, and the brackets are paired in the whole round's matching. There most of
// Article 4's questions about MDPs are answered without a new matching, by an exchange of
// partners (swapIn) or the certificate (provenFirst), but the repairs after each bracket is
// loaded remain: round 3 of 1 000 players takes 2.6–4.1 s, of 4 000 players over two minutes
// (docs/BENCHMARKS.md).
package swiss
