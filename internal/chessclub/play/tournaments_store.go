package play

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/problem"
)

const tournamentSelect = "SELECT id, name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at FROM tournaments"

func scanTournament(row scanner) (Tournament, error) {
	var t Tournament
	var location, timeControl, description sql.NullString
	var rounds, createdBy sql.NullInt64
	if err := row.Scan(&t.ID, &t.Name, &t.StartDate, &t.EndDate, &location, &t.Format, &rounds, &timeControl, &description, &createdBy, &t.CreatedAt); err != nil {
		return Tournament{}, err
	}
	t.Location, t.TimeControl, t.Description = nullString(location), nullString(timeControl), nullString(description)
	if rounds.Valid {
		n := int(rounds.Int64)
		t.Rounds = &n
	}
	if createdBy.Valid {
		t.CreatedBy = &createdBy.Int64
	}
	t.CreatedAt = t.CreatedAt.UTC()
	return t, nil
}

func tournamentNotFound(id int64) error {
	return problem.New(problem.NotFound, "There is no tournament with id %d.", id)
}

// tournaments returns every tournament by start date, then id.
func (s *Service) tournaments(ctx context.Context) ([]Tournament, error) {
	rows, err := s.db.QueryContext(ctx, tournamentSelect+" ORDER BY start_date, id")
	if err != nil {
		return nil, fmt.Errorf("list tournaments: %w", err)
	}
	defer rows.Close()
	ts := []Tournament{}
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
func (s *Service) tournament(ctx context.Context, id int64) (Tournament, error) {
	t, err := scanTournament(s.db.QueryRowContext(ctx, tournamentSelect+" WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, tournamentNotFound(id)
	}
	return t, err
}

// createTournament stores a new tournament created by the member with id by.
func (s *Service) createTournament(ctx context.Context, in TournamentInput, by int64) (Tournament, error) {
	now := s.clock()
	res, err := s.db.ExecContext(ctx, "INSERT INTO tournaments (name, start_date, end_date, location, format, rounds, time_control, description, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
		in.Name, in.StartDate, in.EndDate, in.Location, in.Format, in.Rounds, in.TimeControl, in.Description, by, now)
	if err != nil {
		return Tournament{}, fmt.Errorf("insert tournament: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return Tournament{}, fmt.Errorf("insert tournament: %w", err)
	}
	return Tournament{ID: id, Name: in.Name, StartDate: in.StartDate, EndDate: in.EndDate, Location: in.Location, Format: in.Format,
		Rounds: in.Rounds, TimeControl: in.TimeControl, Description: in.Description, CreatedBy: &by, CreatedAt: now}, nil
}

// deleteTournament removes the tournament with id on behalf of caller, who must be its
// creator or an admin. It returns NotFound when it does not exist and Forbidden when the
// caller may not delete it.
func (s *Service) deleteTournament(ctx context.Context, id int64, caller Caller) error {
	return s.db.Transact(ctx, func(tx *sql.Tx) error {
		var createdBy sql.NullInt64
		err := tx.QueryRowContext(ctx, "SELECT created_by FROM tournaments WHERE id = ?"+s.db.Dialect.ForUpdate(), id).Scan(&createdBy)
		if errors.Is(err, sql.ErrNoRows) {
			return tournamentNotFound(id)
		}
		if err != nil {
			return fmt.Errorf("read tournament: %w", err)
		}
		if !caller.Admin && (!createdBy.Valid || createdBy.Int64 != caller.ID) {
			return problem.New(problem.Forbidden, "Only the member who created the tournament or an admin may delete it.")
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM tournaments WHERE id = ?", id); err != nil {
			return fmt.Errorf("delete tournament: %w", err)
		}
		return nil
	})
}

func nullString(ns sql.NullString) *string {
	if !ns.Valid {
		return nil
	}
	return &ns.String
}
