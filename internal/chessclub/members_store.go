package chessclub

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// memberSelect reads a member with the id of its photo, if any.
const memberSelect = "SELECT m.id, m.username, m.full_name, m.email, m.rating, m.role, m.joined_at, f.id " +
	"FROM members m LEFT JOIN figures f ON f.member_id = m.id"

func scanMember(row scanner) (Member, error) {
	var m Member
	var email, photo sql.NullString
	if err := row.Scan(&m.ID, &m.Username, &m.FullName, &email, &m.Rating, &m.Role, &m.JoinedAt, &photo); err != nil {
		return Member{}, err
	}
	m.Email = nullString(email)
	m.setPhoto(photo)
	m.JoinedAt = m.JoinedAt.UTC()
	return m, nil
}

// setPhoto sets the member's photo and thumbnail URLs from the id of their photo, if any.
func (m *Member) setPhoto(id sql.NullString) {
	if id.Valid {
		photo, thumb := FigureURL(id.String), ThumbnailURL(id.String)
		m.PhotoURL, m.ThumbnailURL = &photo, &thumb
	}
}

func memberNotFound(id int64) error {
	return problem.New(problem.NotFound, "There is no member with id %d.", id)
}

// CreateMember stores a new member with the given password hash. It returns a Conflict
// problem naming the username when that is taken.
//
// E-mail addresses need not be unique, and are never checked against other members': a
// registration that failed or succeeded because of one would tell a stranger whether the
// address belongs to a member. An address is a member's contact detail, not an identity;
// members may share one (a parent's, a club's). email_key, which once made addresses
// unique, is left empty (migration 0004).
func (s *Store) CreateMember(ctx context.Context, reg Registration, passwordHash string) (Member, error) {
	var out Member
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE username_key = ?", sqldb.Fold(reg.Username)).Scan(&n); err != nil {
			return fmt.Errorf("check username: %w", err)
		}
		if n > 0 {
			return usernameTaken()
		}
		now := s.now()
		res, err := tx.ExecContext(ctx, "INSERT INTO members (username, username_key, password_hash, full_name, email, rating, role, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			reg.Username, sqldb.Fold(reg.Username), passwordHash, reg.FullName, reg.Email, DefaultRating, RoleMember, now)
		if sqldb.IsDuplicate(err) {
			// A concurrent registration won the race between the check and the insert.
			return usernameTaken()
		}
		if err != nil {
			return fmt.Errorf("insert member: %w", err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("insert member: %w", err)
		}
		out = Member{ID: id, Username: reg.Username, FullName: reg.FullName, Email: reg.Email, Rating: DefaultRating, Role: RoleMember, JoinedAt: now}
		return nil
	})
	return out, err
}

// usernameTaken is the answer to a registration whose username (in any case) is taken. It
// names the field, so the app can say so next to it, and nothing else.
func usernameTaken() error {
	return &problem.Error{Kind: problem.Conflict, Detail: "The username is already taken; choose another.",
		Fields: map[string]string{"username": "is already taken"}}
}

// Member returns the member with id, or a NotFound problem.
func (s *Store) Member(ctx context.Context, id int64) (Member, error) {
	stmt, err := s.db.Prepared(ctx, memberSelect+" WHERE m.id = ?") // after every token check
	if err != nil {
		return Member{}, fmt.Errorf("get member: %w", err)
	}
	m, err := scanMember(stmt.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, memberNotFound(id)
	}
	return m, err
}

// Credentials returns the member whose username matches without regard to case, and the
// password hash. An unknown username is not an error: it returns a zero Member and an empty
// hash, so that the caller verifies against a dummy hash and takes the same time.
func (s *Store) Credentials(ctx context.Context, username string) (Member, string, error) {
	var hash string
	var m Member
	var email, photo sql.NullString
	err := s.db.QueryRowContext(ctx, "SELECT m.id, m.username, m.full_name, m.email, m.rating, m.role, m.joined_at, f.id, m.password_hash "+
		"FROM members m LEFT JOIN figures f ON f.member_id = m.id WHERE m.username_key = ?", sqldb.Fold(username)).
		Scan(&m.ID, &m.Username, &m.FullName, &email, &m.Rating, &m.Role, &m.JoinedAt, &photo, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, "", nil
	}
	if err != nil {
		return Member{}, "", fmt.Errorf("read credentials: %w", err)
	}
	m.Email = nullString(email)
	m.setPhoto(photo)
	m.JoinedAt = m.JoinedAt.UTC()
	return m, hash, nil
}

// Members returns every member sorted by full name without regard to case, then by id.
func (s *Store) Members(ctx context.Context) ([]Member, error) {
	rows, err := s.db.QueryContext(ctx, memberSelect+" ORDER BY "+s.db.Dialect.FoldSQL("m.full_name")+", m.id")
	if err != nil {
		return nil, fmt.Errorf("list members: %w", err)
	}
	defer rows.Close()
	members := []Member{}
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, fmt.Errorf("list members: %w", err)
		}
		members = append(members, m)
	}
	return members, rows.Err()
}

// SetRole gives the member with username (without regard to case) the role. It returns a
// NotFound problem when there is no such member.
func (s *Store) SetRole(ctx context.Context, username, role string) error {
	if role != RoleMember && role != RoleAdmin {
		return fmt.Errorf("unknown role %q", role)
	}
	return s.db.Transact(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, "SELECT id FROM members WHERE username_key = ?"+s.db.Dialect.ForUpdate(), sqldb.Fold(username)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return problem.New(problem.NotFound, "There is no member named %q.", username)
		}
		if err != nil {
			return fmt.Errorf("find member: %w", err)
		}
		_, err = tx.ExecContext(ctx, "UPDATE members SET role = ? WHERE id = ?", role, id)
		return err
	})
}
