package web

import (
	"errors"

	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"
)

// problemKinds is the problem a kind of refusal of package tournament is answered with.
var problemKinds = map[tournament.Kind]problem.Kind{
	tournament.Invalid:   problem.Invalid,
	tournament.NotFound:  problem.NotFound,
	tournament.Conflict:  problem.Conflict,
	tournament.Malformed: problem.Malformed,
}

// Problem returns err as the club's API answers it: a refusal by the rules of a tournament or
// its state (a *tournament.Error in its chain) as the problem of its kind, with its detail,
// fields and current state; any other error as it is. The tournament rules know nothing of
// HTTP: this is the one place where their refusals meet the API's kinds.
func Problem(err error) error {
	var te *tournament.Error
	if !errors.As(err, &te) {
		return err
	}
	return &problem.Error{Kind: problemKinds[te.Kind], Detail: te.Detail, Fields: te.Fields, Current: te.Current, Err: err}
}
