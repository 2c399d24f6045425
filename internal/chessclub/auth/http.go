package auth

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// Register creates a member. The password is hashed before the store checks that the name is
// free, so a taken name and a free one cost the same. Registrations that pass validation are
// throttled per client address (see ThrottleConfig); the e-mail address is never compared
// with other members' (see members.Store.CreateMember).
func (s *Service) Register(w http.ResponseWriter, r *http.Request) error {
	obj, err := jsonhttp.ReadObject(w, r, api.MaxBody)
	if err != nil {
		return err
	}
	reg, err := members.DecodeRegistration(obj)
	if err != nil {
		return err
	}
	if sponsor, ok := s.sponsor(r); ok {
		// An arbiter or an admin signing players up is accountable, and a club's players
		// share its address: their registrations are not counted against it.
		reg.SignedUpBy = audit.Actor{ID: sponsor.ID, Username: sponsor.Username}
	} else {
		wait, err := s.throttle.register(r.Context(), throttleSubject(clientAddr(r, s.proxies)))
		if err != nil {
			return err
		}
		if wait > 0 {
			return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: retryAfterSeconds(wait),
				Detail: "Too many registrations from this address; wait before trying again, or ask an arbiter to sign you up."}
		}
	}
	hash, err := s.hasher.Hash(r.Context(), reg.Password)
	if err != nil {
		return err
	}
	m, err := s.members.CreateMember(r.Context(), reg, hash)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/members/"+strconv.FormatInt(m.ID, 10))
	api.WriteJSON(w, http.StatusCreated, m)
	return nil
}

// Login exchanges a username and password for a token. An unknown username (or one that no
// member could have) and a wrong password give the same 401 after the same work (a dummy
// hash check); failures are throttled (see throttle). A success also returns a new device
// token, which the client sends with its later logins as this member.
func (s *Service) Login(w http.ResponseWriter, r *http.Request) error {
	obj, err := jsonhttp.ReadObject(w, r, api.MaxBody)
	if err != nil {
		return err
	}
	f := jsonhttp.NewFields(obj)
	username := f.Line("username", 1, 100, true)
	password := ""
	f.Ignore("password")
	if raw, ok := obj["password"]; !ok || string(raw) == "null" {
		f.Fail("password", "is required")
	} else if err := json.Unmarshal(raw, &password); err != nil {
		f.Fail("password", "must be a string")
	}
	deviceToken := f.String("device_token")
	f.RejectUnknown()
	if err := f.Err(); err != nil {
		return err
	}
	now := s.store.now()
	attempt := loginAttempt{user: sqldb.Fold(*username), addr: throttleSubject(clientAddr(r, s.proxies))}
	if deviceToken != nil {
		if attempt.device, err = s.devices.check(r.Context(), *deviceToken, attempt.user, now); err != nil {
			return err
		}
	}
	wait, err := s.throttle.admit(r.Context(), attempt)
	if err != nil {
		return err
	}
	if wait > 0 {
		return tooManyLogins(wait)
	}
	// A name outside the username pattern belongs to nobody, even when it folds to a
	// member's name (the Kelvin sign folds to "k"); it still costs the dummy hash, so that
	// it cannot be told from a wrong password by its time.
	var m members.Member
	hash := ""
	if members.ValidUsername(*username) {
		if m, hash, err = s.members.Credentials(r.Context(), *username); err != nil {
			return err
		}
	}
	ok, err := s.hasher.Verify(r.Context(), hash, password)
	if err != nil {
		return err
	}
	// Failures answered while this hash ran may have used the last attempt: then the answer
	// is 429 whatever the password, so that parallel guesses learn nothing beyond the limit.
	if wait, err = s.throttle.settle(r.Context(), attempt, ok); err != nil {
		return err
	}
	if wait > 0 {
		return tooManyLogins(wait)
	}
	if !ok {
		return problem.New(problem.Unauthorized, "The username or password is wrong.")
	}
	// The device token first: it may read the key from the database, and a failure then
	// should not leave a session behind that the client never learnt of.
	device, err := s.devices.issue(r.Context(), attempt.user, now)
	if err != nil {
		return err
	}
	sess, err := s.store.CreateSession(r.Context(), m, s.tokenTTL)
	if err != nil {
		return err
	}
	sess.DeviceToken = device
	api.WriteJSON(w, http.StatusOK, sess)
	return nil
}

// tooManyLogins is the login throttle's answer.
func tooManyLogins(wait time.Duration) error {
	return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: retryAfterSeconds(wait),
		Detail: "Too many failed logins from this address; wait before trying again."}
}

// Logout revokes the token the request carries.
func (s *Service) Logout(w http.ResponseWriter, r *http.Request, _ members.Member) error {
	token, _ := bearerToken(r)
	if err := s.store.RevokeSession(r.Context(), token); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Me answers GET /api/me: the caller's own record.
func (s *Service) Me(w http.ResponseWriter, _ *http.Request, caller members.Member) error {
	api.WriteJSON(w, http.StatusOK, caller)
	return nil
}
