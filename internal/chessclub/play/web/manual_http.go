package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
)

// CheckPairing answers POST /api/tournaments/{id}/rounds/{n}/pairing/check with a proposed
// pairing of the last round paired, {"boards": [{"white": ID, "black": ID}, …], "bye": ID or
// null}: what the checker says of it (tournament.PairingCheck), saving nothing.
func (h *Handlers) CheckPairing(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, n, p, _, err := readProposal(w, r, false)
	if err != nil {
		return err
	}
	if err := allowPairingTime(w); err != nil {
		return err
	}
	_, v, err := h.play.Rounds.CheckProposal(r.Context(), id, caller, n, p)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, v)
	return nil
}

// PutPairing answers PUT /api/tournaments/{id}/rounds/{n}/pairing: the proposal of
// CheckPairing, with "confirm": true to save one that scores worse than the engine's pairing,
// replaces the round's pairing (pairManually).
func (h *Handlers) PutPairing(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, n, p, confirm, err := readProposal(w, r, true)
	if err != nil {
		return err
	}
	if err := allowPairingTime(w); err != nil {
		return err
	}
	rd, err := h.play.Rounds.PairByHand(r.Context(), id, caller, n, p, confirm)
	if err != nil {
		return err
	}
	api.WriteJSON(w, http.StatusOK, rd)
	return nil
}

// readProposal reads {id}, {n} and a proposal's body; withConfirm accepts "confirm".
func readProposal(w http.ResponseWriter, r *http.Request, withConfirm bool) (id int64, n int, p tournament.Proposal, confirm bool, err error) {
	if id, err = api.PathID(r); err != nil {
		return
	}
	if n, err = pathNumber(r, "n", tournament.MaxRounds); err != nil {
		return
	}
	obj, err := jsonhttp.ReadObject(w, r, play.MaxBody)
	if err != nil {
		return
	}
	f := jsonhttp.NewFields(obj)
	f.Ignore("boards")
	p.Boards = readBoards(f, obj["boards"])
	if bye := f.Int("bye", 1, 1<<53); bye != nil {
		p.Bye = *bye
	}
	if withConfirm {
		if c := f.Bool("confirm"); c != nil {
			confirm = *c
		}
	}
	f.RejectUnknown()
	err = f.Err()
	return
}

// readBoards reads the proposal's boards: an array of at most maxBoards {"white", "black"}
// member ids, both required.
func readBoards(f *jsonhttp.Fields, raw json.RawMessage) []tournament.ProposedBoard {
	if raw == nil {
		f.Fail("boards", "is required")
		return nil
	}
	var items []map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&items); err != nil {
		f.FailMalformed("boards", "must be an array of {\"white\": member id, \"black\": member id}")
		return nil
	}
	if len(items) > maxBoards {
		f.Fail("boards", "holds %d boards, more than %d", len(items), maxBoards)
		return nil
	}
	out := make([]tournament.ProposedBoard, 0, len(items))
	for i, item := range items {
		bf := jsonhttp.NewFields(item)
		white, black := bf.Int("white", 1, 1<<53), bf.Int("black", 1, 1<<53)
		if white == nil {
			bf.Fail("white", "is required")
		}
		if black == nil {
			bf.Fail("black", "is required")
		}
		bf.RejectUnknown()
		for name, msg := range bf.Errors {
			f.Fail(fmt.Sprintf("boards[%d].%s", i, name), "%s", msg)
		}
		if white != nil && black != nil {
			out = append(out, tournament.ProposedBoard{White: *white, Black: *black})
		}
	}
	return out
}
