package play

import (
	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// Who may do what to a tournament:
//
//   - Any member may organise an unrated tournament: its organiser is the member who
//     created it, who edits, starts, pairs, enters results and finishes it.
//   - Arbiters and admins direct every tournament as its organiser does, and alone may
//     create a rated one, make one rated, start or finish a rated one, and correct a result
//     after a finish: these put games on members' records.
//   - Nobody's games go on a member's record without their consent or an arbiter's
//     authority: a member enters themself; an organiser who is neither arbiter nor admin
//     invites (invitations.go), and the invitation becomes an entry when the member accepts;
//     arbiters and admins may enter members directly.

// MayOrganise returns a Forbidden problem unless caller directs t: its organiser, an arbiter
// or an admin.
func MayOrganise(t tournament.Tournament, caller api.Caller) error {
	if caller.Authority() || (t.CreatedBy != nil && *t.CreatedBy == caller.ID) {
		return nil
	}
	return problem.New(problem.Forbidden, "Only the tournament's organiser, an arbiter or an admin may do this.")
}

// mayDirect is mayOrganise for what counts towards ratings when t is rated (starting and
// finishing it): then only an arbiter or an admin may do it.
func mayDirect(t tournament.Tournament, caller api.Caller, what string) error {
	if err := MayOrganise(t, caller); err != nil {
		return err
	}
	if t.Rated && !caller.Authority() {
		return problem.New(problem.Forbidden, "The tournament is rated: only an arbiter or an admin may %s it.", what)
	}
	return nil
}

// MayRate returns a Forbidden problem unless caller may make a tournament rated: an arbiter
// or an admin.
func MayRate(caller api.Caller) error {
	if caller.Authority() {
		return nil
	}
	return &problem.Error{Kind: problem.Forbidden, Fields: map[string]string{"rated": "only an arbiter or an admin may make a tournament rated"},
		Detail: "Only an arbiter or an admin may organise a rated tournament: its games change members' club ratings."}
}
