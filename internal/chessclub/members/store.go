package members

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Store keeps the members table: who the members are, their roles and the rating fields
// they declare. It is safe for concurrent use; several replicas may share one MySQL
// database. Each method runs in its own transaction or single statement.
type Store struct {
	db *sqldb.DB
	// now is the clock, read at each call.
	now func() time.Time
}

// NewStore returns a store over db, migrated by the caller; now is its clock.
func NewStore(db *sqldb.DB, now func() time.Time) *Store { return &Store{db: db, now: now} }

// clock returns the store's time in UTC to the second, the precision both databases keep.
func (s *Store) clock() time.Time { return s.now().UTC().Truncate(time.Second) }

// Columns are the columns that Scan reads: a member (table alias m) with the id of its
// photo (alias f, LEFT JOINed on f.member_id = m.id) and its FIDE fields, for queries of other packages that
// read a member together with something else, such as a session.
const Columns = "m.id, m.username, m.full_name, m.email, m.rating, m.rating_status, m.rated_games, m.declared_games, m.birth_year, m.guest, m.role, m.joined_at, f.id, m.rapid_rating, m.rapid_status, m.rapid_games, m.blitz_rating, m.blitz_status, m.blitz_games, " + fideColumns

// memberSelect reads a member with the id of its photo, if any.
const memberSelect = "SELECT " + Columns + " FROM members m LEFT JOIN figures f ON f.member_id = m.id"

// notGuest keeps the players of imported tournaments out of what the store reads as members:
// a guest row holds such a player's games, but the player is not a member of the club (they
// cannot log in, are not listed, and have no record of their own to change).
const notGuest = " AND m.guest = 0"

// Scanner is a *sql.Row or *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// Scan reads a member from a row of Columns, then the columns of more, which follow them.
func Scan(row Scanner, more ...any) (Member, error) {
	var m Member
	var email, photo sql.NullString
	var birthYear sql.NullInt64
	var fide fideScan
	dest := append([]any{&m.ID, &m.Username, &m.FullName, &email, &m.Rating, &m.RatingStatus, &m.RatedGames, &m.DeclaredGames, &birthYear, &m.Guest,
		&m.Role, &m.JoinedAt, &photo, &m.Rapid.Rating, &m.Rapid.Status, &m.Rapid.RatedGames, &m.Blitz.Rating, &m.Blitz.Status, &m.Blitz.RatedGames}, fide.dest()...)
	dest = append(dest, more...)
	if err := row.Scan(dest...); err != nil {
		return Member{}, err
	}
	m.Email = sqldb.StringPtr(email)
	if birthYear.Valid {
		y := int(birthYear.Int64)
		m.BirthYear = &y
	}
	m.FIDE = fide.fide(m.BirthYear)
	m.setPhoto(photo)
	m.JoinedAt = m.JoinedAt.UTC()
	return m, nil
}

// setPhoto sets the member's photo and thumbnail URLs from the id of their photo, if any.
func (m *Member) setPhoto(id sql.NullString) {
	if id.Valid {
		photo, thumb := photos.FigureURL(id.String), photos.ThumbnailURL(id.String)
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
		now := s.clock()
		rating, status := DefaultRating, RatingUnrated
		if reg.DeclaredRating != nil {
			rating, status = *reg.DeclaredRating, RatingDeclared
		}
		games := 0
		if reg.DeclaredGames != nil {
			games = *reg.DeclaredGames
		}
		res, err := tx.ExecContext(ctx, "INSERT INTO members (username, username_key, password_hash, full_name, email, rating, rating_status, declared_rating, declared_games, rated_games, birth_year, role, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			reg.Username, sqldb.Fold(reg.Username), passwordHash, reg.FullName, reg.Email, rating, status, reg.DeclaredRating, games, games, reg.BirthYear, RoleMember, now)
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
		out = Member{ID: id, Username: reg.Username, FullName: reg.FullName, Email: reg.Email, Rating: rating, RatingStatus: status, RatedGames: games, DeclaredGames: games,
			BirthYear: reg.BirthYear, Role: RoleMember, JoinedAt: now, Rapid: unratedClub, Blitz: unratedClub}
		// The fields given: those not null.
		_, given := changedFields(map[string]any{}, recordFields(out))
		actor := audit.Actor{ID: id, Username: reg.Username}
		if reg.SignedUpBy.ID != 0 {
			actor = reg.SignedUpBy
		}
		return audit.Record(ctx, tx, now, audit.Change{Actor: actor, Member: id,
			Action: audit.MemberRegistered, Subject: reg.Username, After: given})
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
	stmt, err := s.db.Prepared(ctx, memberSelect+" WHERE m.id = ?"+notGuest)
	if err != nil {
		return Member{}, fmt.Errorf("get member: %w", err)
	}
	m, err := Scan(stmt.QueryRowContext(ctx, id))
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
	m, err := Scan(s.db.QueryRowContext(ctx, "SELECT "+Columns+", m.password_hash "+
		"FROM members m LEFT JOIN figures f ON f.member_id = m.id WHERE m.username_key = ?"+notGuest, sqldb.Fold(username)), &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, "", nil
	}
	if err != nil {
		return Member{}, "", fmt.Errorf("read credentials: %w", err)
	}
	return m, hash, nil
}

// Members returns every member (guests aside) sorted by full name without regard to case, then
// by id.
func (s *Store) Members(ctx context.Context) ([]Member, error) {
	rows, err := s.db.QueryContext(ctx, memberSelect+" WHERE m.guest = 0 ORDER BY "+s.db.Dialect.FoldSQL("m.full_name")+", m.id")
	if err != nil {
		return nil, fmt.Errorf("list members: %w", err)
	}
	defer rows.Close()
	members := []Member{}
	for rows.Next() {
		m, err := Scan(rows)
		if err != nil {
			return nil, fmt.Errorf("list members: %w", err)
		}
		members = append(members, m)
	}
	return members, rows.Err()
}

// HasAdmin reports whether any member has the admin role.
func (s *Store) HasAdmin(ctx context.Context) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM members WHERE role = ?", RoleAdmin).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("count admins: %w", err)
	}
	return n > 0, nil
}

// SetRole gives the member with username (without regard to case) the role, on the
// command line, and records the change in the audit trail. It returns a NotFound problem when
// there is no such member.
func (s *Store) SetRole(ctx context.Context, username, role string) error {
	if role != RoleMember && role != RoleArbiter && role != RoleAdmin {
		return fmt.Errorf("unknown role %q", role)
	}
	return s.db.Transact(ctx, func(tx *sql.Tx) error {
		m, err := Scan(tx.QueryRowContext(ctx, memberSelect+" WHERE m.username_key = ?"+notGuest+s.db.Dialect.ForUpdate(), sqldb.Fold(username)))
		if errors.Is(err, sql.ErrNoRows) {
			return problem.New(problem.NotFound, "There is no member named %q.", username)
		}
		if err != nil {
			return fmt.Errorf("find member: %w", err)
		}
		if m.Role == role {
			return nil
		}
		return s.changeRole(ctx, tx, m, role, audit.Actor{})
	})
}

// ID returns the id of the member with username (without regard to case), or a NotFound
// problem.
func (s *Store) ID(ctx context.Context, username string) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, "SELECT id FROM members m WHERE username_key = ?"+notGuest, sqldb.Fold(username)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, problem.New(problem.NotFound, "There is no member named %q.", username)
	}
	if err != nil {
		return 0, fmt.Errorf("find member: %w", err)
	}
	return id, nil
}

// changeRole gives m the role in tx, and records the change in the audit trail.
func (s *Store) changeRole(ctx context.Context, tx *sql.Tx, m Member, role string, by audit.Actor) error {
	if _, err := tx.ExecContext(ctx, "UPDATE members SET role = ? WHERE id = ?", role, m.ID); err != nil {
		return fmt.Errorf("change role: %w", err)
	}
	return audit.Record(ctx, tx, s.now(), audit.Change{Actor: by, Member: m.ID, Action: audit.RoleChanged, Subject: m.Username,
		Before: map[string]string{"role": m.Role}, After: map[string]string{"role": role}})
}

// Appoint gives member id the arbiter role, or takes it back (role RoleMember), on behalf of
// an admin, and returns the member. It returns NotFound when there is no such member, and
// Conflict for an admin, whose role only the command line changes (an admin is an arbiter
// already).
func (s *Store) Appoint(ctx context.Context, id int64, role string, by audit.Actor) (Member, error) {
	if role != RoleMember && role != RoleArbiter {
		return Member{}, fmt.Errorf("appoint: role %q is not member or arbiter", role)
	}
	var out Member
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		m, err := s.lockMember(ctx, tx, id)
		if err != nil {
			return err
		}
		if m.IsAdmin() {
			return &problem.Error{Kind: problem.Conflict, Fields: map[string]string{"role": "an admin's role changes on the command line only"},
				Detail: "The member is an admin, who may do everything an arbiter may; an admin's role changes on the command line only."}
		}
		if m.Role != role {
			if err := s.changeRole(ctx, tx, m, role, by); err != nil {
				return err
			}
			m.Role = role
		}
		out = m
		return nil
	})
	return out, err
}

// UpdateRatingInfo applies a patch of member id's declared rating, birth year and FIDE fields on behalf of
// caller (the member or an admin), and returns the member. A rating may be declared, changed
// or removed (back to unrated) only until the first result of a rated game of the member's is
// entered: that game counts with it. It returns NotFound, Forbidden, or Conflict (a rated game
// entered).
func (s *Store) UpdateRatingInfo(ctx context.Context, id int64, caller Member, in RatingInput) (Member, error) {
	if caller.ID != id && !caller.IsAdmin() {
		return Member{}, problem.New(problem.Forbidden, "Only the member or an admin may change this.")
	}
	var out Member
	err := s.db.Transact(ctx, func(tx *sql.Tx) error {
		m, err := s.lockMember(ctx, tx, id)
		if err != nil {
			return err
		}
		was := recordFields(m)
		if in.SetDeclared || in.SetDeclaredGames {
			entered, err := ratedGameEntered(ctx, tx, id, "standard")
			if err != nil {
				return err
			}
			if m.RatingStatus == RatingRated || entered {
				field := "declared_rating"
				if !in.SetDeclared {
					field = "declared_games"
				}
				return &problem.Error{Kind: problem.Conflict, Fields: map[string]string{field: "cannot change after the first rated game"},
					Detail: "A rated game of the member's has been entered, which counts with the rating declared; a starting rating can only be declared before the first one."}
			}
		}
		if in.SetDeclared {
			m.Rating, m.RatingStatus, m.DeclaredGames = DefaultRating, RatingUnrated, 0
			if in.DeclaredRating != nil {
				m.Rating, m.RatingStatus = *in.DeclaredRating, RatingDeclared
			}
		}
		if in.SetDeclaredGames {
			switch {
			case in.DeclaredGames != nil && m.RatingStatus != RatingDeclared:
				return problem.Validation(map[string]string{"declared_games": "goes with a declared_rating"})
			case in.DeclaredGames != nil:
				m.DeclaredGames = *in.DeclaredGames
			default:
				m.DeclaredGames = 0
			}
		}
		setBirth(&m, in)
		in.FIDE.apply(&m.FIDE)
		// The declared rating and its games are also kept apart: the ratings' replay starts
		// from them. Until the first rated game, the rated games are the declared ones.
		var declared *int
		if m.RatingStatus == RatingDeclared {
			declared = &m.Rating
		}
		if m.RatingStatus != RatingRated {
			m.RatedGames = m.DeclaredGames
		}
		if _, err := tx.ExecContext(ctx, "UPDATE members SET rating = ?, rating_status = ?, rated_games = ?, birth_year = ? WHERE id = ?",
			m.Rating, m.RatingStatus, m.RatedGames, m.BirthYear, id); err != nil {
			return fmt.Errorf("update member: %w", err)
		}
		if in.SetDeclared || in.SetDeclaredGames {
			if _, err := tx.ExecContext(ctx, "UPDATE members SET declared_rating = ?, declared_games = ? WHERE id = ?", declared, m.DeclaredGames, id); err != nil {
				return fmt.Errorf("update member: %w", err)
			}
		}
		// The FIDE fields may start the member's club lists (startClubLists): read back what
		// the member now is.
		if err := updateFIDE(ctx, tx, id, m.FIDE); err != nil {
			return err
		}
		if m, err = s.lockMember(ctx, tx, id); err != nil {
			return err
		}
		if before, after := changedFields(was, recordFields(m)); len(after) > 0 {
			if err := audit.Record(ctx, tx, s.now(), audit.Change{Actor: audit.Actor{ID: caller.ID, Username: caller.Username}, Member: id,
				Action: audit.MemberChanged, Subject: m.Username, Before: before, After: after}); err != nil {
				return err
			}
		}
		out = m
		return nil
	})
	return out, err
}

// lockMember reads member id in tx, locking its row until tx ends; NotFound when there is no
// such member (a tournament's guest player is none).
func (s *Store) lockMember(ctx context.Context, tx *sql.Tx, id int64) (Member, error) {
	m, err := Scan(tx.QueryRowContext(ctx, memberSelect+" WHERE m.id = ?"+notGuest+s.db.Dialect.ForUpdate(), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Member{}, memberNotFound(id)
	}
	if err != nil {
		return Member{}, fmt.Errorf("read member: %w", err)
	}
	return m, nil
}
