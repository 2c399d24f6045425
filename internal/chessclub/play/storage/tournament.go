package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/play/tournament"
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

// scanTournament reads one row of tournamentColumns.
func scanTournament(row interface{ Scan(dest ...any) error }) (tournament.Tournament, error) {
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

// TournamentNotFound is the answer about a tournament that does not exist.
func TournamentNotFound(id int64) error {
	return problem.New(problem.NotFound, "There is no tournament with id %d.", id)
}

// Tournament reads the tournament with id through q, with lock appended to the query (the
// dialect's FOR UPDATE, or nothing). It returns a NotFound problem when there is none.
func Tournament(ctx context.Context, q Querier, id int64, lock string) (tournament.Tournament, error) {
	t, err := scanTournament(sqldb.QueryOne(ctx, q, tournamentSelect+" WHERE t.id = ?"+lock, id))
	if errors.Is(err, sql.ErrNoRows) {
		return tournament.Tournament{}, TournamentNotFound(id)
	}
	if err != nil {
		return tournament.Tournament{}, fmt.Errorf("read tournament %d: %w", id, err)
	}
	return t, nil
}

// Tournaments returns the tournaments that rest (a WHERE and ORDER BY clause over t, the
// tournaments) and args select, through q.
func Tournaments(ctx context.Context, q Querier, rest string, args ...any) ([]tournament.Tournament, error) {
	rows, err := q.QueryContext(ctx, tournamentSelect+rest, args...)
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

// CurrentRoundGames counts, for every running tournament, the games of its current round and
// those with a result, in one grouped read over the boards' primary key (tournament, round):
// the list stays one read of the tournaments and one of the boards, whatever their number.
func CurrentRoundGames(ctx context.Context, q Querier) (map[int64]tournament.RoundGames, error) {
	rows, err := q.QueryContext(ctx, "SELECT b.tournament_id, COUNT(*), COUNT(b.result) FROM tournaments t"+
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

// Changed marks a change to what a tournament's page shows (its version, which its ETag
// names), and to what its standings count (its standings revision).
func Changed(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?", id); err != nil {
		return fmt.Errorf("update tournament version: %w", err)
	}
	return nil
}

// ChangedStandings marks a change that may change what a tournament's standings count.
func ChangedStandings(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, "UPDATE tournaments SET standings_revision = standings_revision + 1 WHERE id = ?", id); err != nil {
		return fmt.Errorf("update standings revision: %w", err)
	}
	return nil
}

// SetState moves tournament id to state at at: started (StateRunning, with its rounds) or
// finished (StateFinished; rounds nil keeps them).
func SetState(ctx context.Context, tx *sql.Tx, id int64, state string, rounds *int, at time.Time) error {
	var err error
	if state == tournament.StateRunning {
		_, err = tx.ExecContext(ctx, "UPDATE tournaments SET state = ?, rounds = ?, started_at = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?",
			state, rounds, at, id)
	} else {
		_, err = tx.ExecContext(ctx, "UPDATE tournaments SET state = ?, finished_at = ?, version = version + 1, standings_revision = standings_revision + 1 WHERE id = ?",
			state, at, id)
	}
	if err != nil {
		return fmt.Errorf("make tournament %d %s: %w", id, state, err)
	}
	return nil
}

// LockTournament locks tournament id's row in tx until it ends (lock: the dialect's FOR
// UPDATE; SQLite's transactions hold the whole database's write lock from their start). It
// reads the row alone: a locking read of the entries' count as well would lock ranges of
// tournament_players too, where other tournaments' entries go. It returns a NotFound problem
// when there is no such tournament.
func LockTournament(ctx context.Context, tx *sql.Tx, id int64, lock string) error {
	var got int64
	err := tx.QueryRowContext(ctx, "SELECT id FROM tournaments WHERE id = ?"+lock, id).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return TournamentNotFound(id)
	}
	if err != nil {
		return fmt.Errorf("lock tournament %d: %w", id, err)
	}
	return nil
}

// InsertTournament stores a new tournament as in says, organised by by, made at now, and
// returns its id.
func InsertTournament(ctx context.Context, tx *sql.Tx, in tournament.TournamentInput, by int64, now time.Time) (int64, error) {
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
		return 0, fmt.Errorf("insert tournament: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("insert tournament: %w", err)
	}
	return id, nil
}

// UpdateTournament stores the settings in as tournament id's, and counts a version of it.
func UpdateTournament(ctx context.Context, tx *sql.Tx, id int64, in tournament.TournamentInput) error {
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
	return nil
}

// DeleteTournament deletes tournament id and everything in it. Boards refer to entries
// without a cascade (an entry with games must not vanish alone), so the rounds go first; the
// rest cascades from the tournament.
func DeleteTournament(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournament_rounds WHERE tournament_id = ?", id); err != nil {
		return fmt.Errorf("delete rounds: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM tournaments WHERE id = ?", id); err != nil {
		return fmt.Errorf("delete tournament: %w", err)
	}
	return nil
}

// Members counts the members with id: 1, or 0 when there is none.
func Members(ctx context.Context, q Querier, id int64) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE id = ?", id).Scan(&n); err != nil {
		return 0, fmt.Errorf("read member: %w", err)
	}
	return n, nil
}
