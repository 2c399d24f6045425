package web

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/play/report"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/problem"

	"campus.example/apps/internal/chess/tiebreak"
)

// The query parameters of GetStandings.
const (
	tiebreaksParam = "tiebreaks"
	explainParam   = "explain"
)

// StandingsParams are the query parameters GetStandings takes.
var StandingsParams = []string{tiebreaksParam, explainParam}

// GetStandings answers GET /api/tournaments/{id}/standings[?tiebreaks=PTS,BH/C1,…][&explain=1].
// Without tiebreaks the list is the format's default; with it, the list must be valid
// (tournament.ParseTiebreaks), an empty one too: it is checked before anything is read, and
// only a valid list reaches the standings, which then cannot fail on it. explain=1 adds to
// every row how each value is reached (tournament.Field.ExplainedStandings), a separate view
// with its own cache entry and ETag; any other value of explain is Malformed.
func (h *Handlers) GetStandings(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	var specs []tiebreak.Spec
	what := "standings"
	if raw, given := q[tiebreaksParam]; given {
		if specs, err = tournament.ParseTiebreaks(raw[0]); err != nil {
			return err
		}
		codes := make([]string, len(specs))
		for i, sp := range specs {
			codes[i] = sp.String()
		}
		what += " " + strings.Join(codes, ",")
	}
	standings := (*tournament.Field).Standings
	if raw, given := q[explainParam]; given {
		if raw[0] != "1" {
			return &problem.Error{Kind: problem.Malformed, Detail: "explain takes one value, 1, to say how each tie-break value is reached.",
				Fields: map[string]string{"explain": fmt.Sprintf("%q: want 1 or no explain at all", raw[0])}}
		}
		standings = (*tournament.Field).ExplainedStandings
		what += " explained"
	}
	return h.serveView(w, r, id, what, byStandings, 0, func(f *tournament.Field) (any, error) { return standings(f, specs) })
}

// GetCrosstable answers GET /api/tournaments/{id}/crosstable.
func (h *Handlers) GetCrosstable(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.serveView(w, r, id, "crosstable", byRevision, 0, func(f *tournament.Field) (any, error) { return crosstable(f), nil })
}

// GetBracket answers GET /api/tournaments/{id}/bracket: a knockout's matches round by
// round, with their scores and winners (Bracket); a Conflict for another format.
func (h *Handlers) GetBracket(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.serveView(w, r, id, "bracket", byRevision, 0, func(f *tournament.Field) (any, error) { return bracket(f) })
}

// GetSchedule answers GET /api/tournaments/{id}/schedule: a round robin's every round from
// the start on, paired or not (schedule); a Conflict for another format or
// before the start.
func (h *Handlers) GetSchedule(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.serveView(w, r, id, "schedule", byRevision, 0, func(f *tournament.Field) (any, error) { return schedule(f) })
}

// GetReport answers GET /api/tournaments/{id}/report.trf: the tournament as a TRF-2026 file
// (tournament.Field.Report), with the standings' places in the rank column, named after the
// tournament (tournament.ReportFileName). It is public, like the standings and the
// crosstable, and so carries no private field: every player's birth date is blank.
// GetFIDEReport is the file with them.
func (h *Handlers) GetReport(w http.ResponseWriter, r *http.Request) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	return h.serveReport(w, r, id, false)
}

// GetFIDEReport answers GET /api/tournaments/{id}/fide-report.trf: the file FIDE's rating
// officers take, GetReport's with every player's birth date, which the rating report needs
// and which only the member and admins may otherwise see (members.Member.VisibleTo). It is an
// arbiter's or admin's download, whoever organises the tournament: they send it to the
// federation. It returns Forbidden for anyone else.
func (h *Handlers) GetFIDEReport(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	id, err := api.PathID(r)
	if err != nil {
		return err
	}
	if !caller.Authority() {
		return problem.New(problem.Forbidden, "Only an arbiter or an admin may download the FIDE report, which carries the players' birth dates; report.trf is the public file without them.")
	}
	return h.serveReport(w, r, id, true)
}

// serveReport writes tournament id's report, with the birth dates when birthDates is true.
func (h *Handlers) serveReport(w http.ResponseWriter, r *http.Request, id int64, birthDates bool) error {
	f, fide, src, err := h.play.Tournaments.Report(r.Context(), id, birthDates)
	if err != nil {
		return err
	}
	st, err := f.Standings(nil)
	if err != nil {
		return err
	}
	file, err := report.FIDE(f, st.Places(), fide, src)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := file.Write(&buf); err != nil {
		return fmt.Errorf("write TRF of tournament %d: %w", id, err)
	}
	// An imported file written in Windows-1252 (trf.Write keeps the encoding of its lines) is
	// said to be so.
	charset := "utf-8"
	if !utf8.Valid(buf.Bytes()) {
		charset = "windows-1252"
	}
	w.Header().Set("Content-Type", "text/plain; charset="+charset)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, f.Tournament.ReportFileName()))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
	return nil
}
