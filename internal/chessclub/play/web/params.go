package web

import (
	"net/http"
	"strconv"

	"campus.example/apps/internal/chessclub/api"

	"campus.example/apps/internal/problem"
)

// pathNumber reads a path parameter that is a number from 1 to max (a round, a board).
func pathNumber(r *http.Request, name string, maxV int) (int, error) {
	raw := r.PathValue(name)
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > maxV || raw != strconv.Itoa(n) {
		return 0, &problem.Error{Kind: problem.Malformed, Detail: "The path is not valid.",
			Fields: map[string]string{name: "must be a whole number from 1 to " + strconv.Itoa(maxV)}}
	}
	return n, nil
}

// pathMember reads the {member_id} path parameter.
func pathMember(r *http.Request) (int64, error) { return api.ParseID(r.PathValue("member_id")) }

// pathPlayer reads the tournament's id and the member id of a path
// /api/tournaments/{id}/players/{member_id}/… or …/invitations/{member_id}/….
func pathPlayer(r *http.Request) (id, member int64, err error) {
	if id, err = api.PathID(r); err != nil {
		return 0, 0, err
	}
	member, err = pathMember(r)
	return id, member, err
}
