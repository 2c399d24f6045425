package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/play/tournament"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// tournamentColumns are read by scanTournament, in its order.
const tournamentColumns = "t.id, t.name, t.start_date, t.end_date, t.location, t.format, t.rounds, t.time_control, t.description, " +
	"t.created_by, t.created_at, t.state, t.current_round, t.double_round_robin, t.players_report, t.bye_limit, t.rated, " +
	"t.initial_colour, t.acceleration, t.points_win, t.points_draw, t.points_loss, t.points_bye, t.rating_type, t.city, t.federation, t.chief_arbiter, t.deputy_arbiters, t.time_control_code, t.round_dates, " +
	"t.games_per_match, t.tiebreak_stages, t.started_at, t.finished_at, t.version, t.revision, t.standings_revision, " +
	"(SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id)"

const tournamentSelect = "SELECT " + tournamentColumns + " FROM tournaments t"

func scanTournament(row scanner) (tournament.Tournament, error) {
	var t tournament.Tournament
	var location, timeControl, description sql.NullString
	var city, federation, chief, deputies, code, roundDates sql.NullString
	var rounds, createdBy sql.NullInt64
	var started, finished sql.NullTime
	if err := row.Scan(&t.ID, &t.Name, &t.StartDate, &t.EndDate, &location, &t.Format, &rounds, &timeControl, &description,
		&createdBy, &t.CreatedAt, &t.State, &t.CurrentRound, &t.DoubleRoundRobin, &t.PlayersReport, &t.ByeLimit, &t.Rated,
		&t.InitialColour, &t.Acceleration, &t.PointsWin, &t.PointsDraw, &t.PointsLoss, &t.PointsBye, &t.RatingType, &city, &federation, &chief, &deputies, &code, &roundDates,
		&t.GamesPerMatch, &t.TieBreaks, &started, &finished, &t.Version, &t.Revision, &t.StandingsRevision, &t.PlayerCount); err != nil {
		return tournament.Tournament{}, err
	}
	t.Location, t.TimeControl, t.Description = sqldb.StringPtr(location), sqldb.StringPtr(timeControl), sqldb.StringPtr(description)
	t.ReportInfo = tournament.ReportInfo{City: sqldb.StringPtr(city), Federation: sqldb.StringPtr(federation), ChiefArbiter: sqldb.StringPtr(chief),
		DeputyArbiters: tournament.SplitDeputies(sqldb.StringPtr(deputies)), TimeControlCode: sqldb.StringPtr(code), RoundDates: tournament.SplitRoundDates(sqldb.StringPtr(roundDates))}
	if rounds.Valid {
		n := int(rounds.Int64)
		t.Rounds = &n
	}
	if createdBy.Valid {
		t.CreatedBy = &createdBy.Int64
	}
	t.CreatedAt = t.CreatedAt.UTC()
	t.StartedAt, t.FinishedAt = sqldb.TimePtr(started), sqldb.TimePtr(finished)
	return t, nil
}

func tournamentNotFound(id int64) error {
	return problem.New(problem.NotFound, "There is no tournament with id %d.", id)
}

// tournaments returns every tournament by start date, then id, each running one with the
// count of its current round's games (RoundGames).
func (s *Service) tournaments(ctx context.Context) ([]tournament.Tournament, error) {
	ts, err := s.queryTournaments(ctx, " ORDER BY t.start_date, t.id")
	if err != nil {
		return nil, err
	}
	games, err := s.currentRoundGames(ctx)
	if err != nil {
		return nil, err
	}
	for i := range ts {
		if g, ok := games[ts[i].ID]; ok {
			ts[i].RoundGames = &g
		}
	}
	return ts, nil
}

// currentRoundGames counts, for every running tournament, the games of its current round and
// those with a result, in one grouped read over the boards' primary key (tournament, round):
// the list stays one read of the tournaments and one of the boards, whatever their number.
func (s *Service) currentRoundGames(ctx context.Context) (map[int64]tournament.RoundGames, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT b.tournament_id, COUNT(*), COUNT(b.result) FROM tournaments t"+
		" JOIN tournament_boards b ON b.tournament_id = t.id AND b.round = t.current_round"+
		" WHERE t.state = ? GROUP BY b.tournament_id", tournament.StateRunning)
	if err != nil {
		return nil, fmt.Errorf("count the current rounds' games: %w", err)
	}
	defer rows.Close()
	games := map[int64]tournament.RoundGames{}
	for rows.Next() {
		var id int64
		var g tournament.RoundGames
		if err := rows.Scan(&id, &g.Total, &g.Played); err != nil {
			return nil, fmt.Errorf("count the current rounds' games: %w", err)
		}
		games[id] = g
	}
	return games, rows.Err()
}

// queryTournaments returns the tournaments that tournamentSelect followed by rest (a WHERE
// and ORDER BY clause) and args select.
func (s *Service) queryTournaments(ctx context.Context, rest string, args ...any) ([]tournament.Tournament, error) {
	rows, err := s.db.QueryContext(ctx, tournamentSelect+rest, args...)
	if err != nil {
		return nil, fmt.Errorf("list tournaments: %w", err)
	}
	defer rows.Close()
	ts := []tournament.Tournament{}
	for rows.Next() {
		t, err := scanTournament(rows)
		if err != nil {
			return nil, fmt.Errorf("list tournaments: %w", err)
		}
		ts = append(ts, t)
	}
	return ts, rows.Err()
}

// tournament returns the tournament with id, or a NotFound problem.
func (s *Service) tournament(ctx context.Context, id int64) (tournament.Tournament, error) {
	return readTournament(ctx, s.db, id, "")
}

// readTournament reads the tournament with id through q, with lock appended to the query
// (the dialect's FOR UPDATE, or nothing). It returns a NotFound problem when there is none.
func readTournament(ctx context.Context, q tournament.Querier, id int64, lock string) (tournament.Tournament, error) {
	t, err := scanTournament(sqldb.QueryOne(ctx, q, tournamentSelect+" WHERE t.id = ?"+lock, id))
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.Tournament{}, tournamentNotFound(id)
	}
	if err != nil {
		return tournament.Tournament{}, fmt.Errorf("read tournament %d: %w", id, err)
	}
	return t, nil
}

// lockTournament reads the tournament with id in tx and, on MySQL, locks its row until tx
// ends (SQLite's transactions hold the whole database's write lock from their start). Every
// transaction that changes a tournament or anything in it takes this lock first, so that
// changes to one tournament happen one after the other, each checked against the state the
// one before left, and their events are numbered in the order they were committed.
//
// The lock is taken by a statement that reads the tournament's row alone: a locking read of
// the entries' count as well would lock ranges of tournament_players too, where other
// tournaments' entries go.
func (s *Service) lockTournament(ctx context.Context, tx *sql.Tx, id int64) (tournament.Tournament, error) {
	var got int64
	err := tx.QueryRowContext(ctx, "SELECT id FROM tournaments WHERE id = ?"+s.db.Dialect.ForUpdate(), id).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.Tournament{}, tournamentNotFound(id)
	}
	if err != nil {
		return tournament.Tournament{}, fmt.Errorf("lock tournament %d: %w", id, err)
	}
	return readTournament(ctx, tx, id, "")
}

// createTournament stores a new tournament organised by the member with id by.
func (s *Service) createTournament(ctx context.Context, in tournament.TournamentInput, caller api.Caller) (tournament.Tournament, error) {
	defer s.list.changed()
	now := s.clock()
	by := caller.ID
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, "+
			"created_by, created_at, double_round_robin, players_report, bye_limit, rated, initial_colour, acceleration, "+
			"points_win, points_draw, points_loss, points_bye, "+
			"rating_type, city, federation, chief_arbiter, deputy_arbiters, time_control_code, round_dates, games_per_match, tiebreak_stages) "+
			"VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, in.Description, by, now,
			in.DoubleRoundRobin, in.PlayersReport, in.ByeLimit, in.Rated, in.InitialColour, in.Acceleration,
			in.PointsWin, in.PointsDraw, in.PointsLoss, in.PointsBye,
			in.RatingType, in.City, in.Federation, in.ChiefArbiter, tournament.JoinDeputies(in.DeputyArbiters), in.TimeControlCode, tournament.JoinRoundDates(in.RoundDates),
			in.GamesPerMatch, in.TieBreaks)
		if err != nil {
			return fmt.Errorf("insert tournament: %w", err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("insert tournament: %w", err)
		}
		out = tournament.Tournament{ID: id, Name: in.Name, StartDate: in.StartDate, EndDate: in.EndDate, Location: in.Location, Format: in.Format,
			Rounds: in.Rounds, TimeControl: in.TimeControl, Description: in.Description, CreatedBy: &by, CreatedAt: now,
			Settings: in.Settings, ReportInfo: in.ReportInfo, State: tournament.StateOpen, Version: 1}
		return s.record(ctx, tx, caller, id, 0, audit.TournamentCreated, "", nil, out.Input())
	})
	return out, err
}

// updateTournament applies a merge patch to the tournament with id on behalf of caller, who
// must be its organiser, an arbiter or an admin. ifMatch, when not empty, is the If-Match header: a
// tournament changed since is a PreconditionFailed problem. Only an arbiter or an admin may
// change rated; on a finished tournament that computes the club ratings again. It returns
// the tournament as it is now, NotFound, Forbidden, Conflict (a field that may no longer
// change, or byes asked for that the new settings would leave beyond them:
// tournament.Field.CheckSettings) or a validation problem.
func (s *Service) updateTournament(ctx context.Context, id int64, caller api.Caller, patch jsonhttp.Object, ifMatch string) (tournament.Tournament, error) {
	defer s.live.MaybeSweep(ctx)
	defer s.revs.forget(id)
	defer s.list.changed()
	var out tournament.Tournament
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := mayOrganise(t, caller); err != nil {
			return err
		}
		if err := checkIfMatch(ifMatch, tournamentETag(t), "tournament"); err != nil {
			return err
		}
		in, err := applyPatch(t, patch)
		if err != nil {
			return err
		}
		if in.Rated != t.Rated {
			if err := mayRate(caller); err != nil {
				return err
			}
		}
		changed := changedFields(t, in)
		if len(changed) == 0 {
			out = t
			return nil
		}
		if slices.ContainsFunc(changed, func(name string) bool { return slices.Contains(byeSettings, name) }) {
			// Checked under the tournament's lock, which a bye request takes too: none can
			// come in between this check and the update.
			f, err := tournament.Load(ctx, tx, t)
			if err != nil {
				return err
			}
			if err := f.CheckSettings(in); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET name = ?, start_date = ?, end_date = ?, location = ?, format = ?, rounds = ?, "+
			"time_control = ?, description = ?, double_round_robin = ?, players_report = ?, bye_limit = ?, rated = ?, initial_colour = ?, "+
			"acceleration = ?, points_win = ?, points_draw = ?, points_loss = ?, points_bye = ?, rating_type = ?, city = ?, federation = ?, chief_arbiter = ?, deputy_arbiters = ?, time_control_code = ?, round_dates = ?, "+
			"games_per_match = ?, tiebreak_stages = ?, version = version + 1 WHERE id = ?",
			in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, in.Description,
			in.DoubleRoundRobin, in.PlayersReport, in.ByeLimit, in.Rated, in.InitialColour, in.Acceleration,
			in.PointsWin, in.PointsDraw, in.PointsLoss, in.PointsBye,
			in.RatingType, in.City, in.Federation, in.ChiefArbiter, tournament.JoinDeputies(in.DeputyArbiters), in.TimeControlCode, tournament.JoinRoundDates(in.RoundDates),
			in.GamesPerMatch, in.TieBreaks, id); err != nil {
			return fmt.Errorf("update tournament: %w", err)
		}
		if err := s.live.Emit(ctx, tx, id, EventTournamentChanged, map[string]any{"fields": changed}); err != nil {
			return err
		}
		before, after := map[string]any{}, map[string]any{}
		was, is := t.Input(), in.Object()
		for _, name := range changed {
			before[name], after[name] = was[name], is[name]
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentChanged, "", before, after); err != nil {
			return err
		}
		if in.Rated != t.Rated && t.State == tournament.StateFinished {
			reason := fmt.Sprintf("%s was made rated.", in.Name)
			if !in.Rated {
				reason = fmt.Sprintf("%s was made unrated.", in.Name)
			}
			if err := s.replayRatings(ctx, tx, caller, id, reason, EventRatingsRecomputed); err != nil {
				return err
			}
		}
		out, err = readTournament(ctx, tx, id, "")
		return err
	})
	return out, err
}

// deleteTournament removes the tournament with id on behalf of caller, who must be its
// creator, an arbiter or an admin; a finished rated tournament, whose games count in the club
// ratings, only an admin may delete. It returns NotFound when it does not exist, Forbidden
// when the caller may not delete it, and Conflict for a finished rated tournament and anyone
// but an admin. Everything in it goes with it, and its live streams in this process end
// at once (other replicas' within their poll interval).
func (s *Service) deleteTournament(ctx context.Context, id int64, caller api.Caller) error {
	defer s.revs.forget(id)
	defer s.list.changed()
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		t, err := s.lockTournament(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := mayOrganise(t, caller); err != nil {
			return problem.New(problem.Forbidden, "Only the member who created the tournament, an arbiter or an admin may delete it.")
		}
		if t.Rated && t.State == tournament.StateFinished && !caller.Admin {
			return t.Conflict("The tournament is rated and finished: its games count in the club ratings, and only an admin may delete it (the ratings of every later rated tournament are then computed again).")
		}
		// Boards refer to entries without a cascade (an entry with games must not vanish
		// alone), so the rounds go first; the rest cascades from the tournament.
		if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_rounds WHERE tournament_id = ?", id); err != nil {
			return fmt.Errorf("delete rounds: %w", err)
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM tournaments WHERE id = ?", id); err != nil {
			return fmt.Errorf("delete tournament: %w", err)
		}
		if err := s.record(ctx, tx, caller, id, 0, audit.TournamentDeleted, "", map[string]any{"name": t.Name, "state": t.State, "rated": t.Rated}, nil); err != nil {
			return err
		}
		if t.Rated && t.State == tournament.StateFinished {
			// The tournament is gone, and with it its event stream: no event to emit.
			return s.replayRatings(ctx, tx, caller, id, fmt.Sprintf("%s was deleted.", t.Name), "")
		}
		return nil
	})
	if err == nil {
		s.live.Deleted(id)
	}
	return err
}
