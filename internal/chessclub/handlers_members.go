package chessclub

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/sqldb"
)

// register creates a member. The password is hashed before the store checks that the name is
// free, so a taken name and a free one cost the same. Registrations that pass validation are
// throttled per client address (see ThrottleConfig); the e-mail address is never compared
// with other members' (see CreateMember).
func (h *handlers) register(w http.ResponseWriter, r *http.Request) error {
	obj, err := jsonhttp.ReadObject(w, r, MaxBody)
	if err != nil {
		return err
	}
	reg, err := DecodeRegistration(obj)
	if err != nil {
		return err
	}
	wait, err := h.throttle.register(r.Context(), throttleSubject(clientAddr(r, h.proxies)))
	if err != nil {
		return err
	}
	if wait > 0 {
		return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: retryAfterSeconds(wait),
			Detail: "Too many registrations from this address; wait before trying again."}
	}
	hash, err := h.hasher.Hash(r.Context(), reg.Password)
	if err != nil {
		return err
	}
	m, err := h.store.CreateMember(r.Context(), reg, hash)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/api/members/"+strconv.FormatInt(m.ID, 10))
	writeJSON(w, http.StatusCreated, m)
	return nil
}

// login exchanges a username and password for a token. An unknown username (or one that no
// member could have) and a wrong password give the same 401 after the same work (a dummy
// hash check); failures are throttled (see throttle). A success also returns a new device
// token, which the client sends with its later logins as this member.
func (h *handlers) login(w http.ResponseWriter, r *http.Request) error {
	obj, err := jsonhttp.ReadObject(w, r, MaxBody)
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
	now := h.store.Now()
	attempt := loginAttempt{user: sqldb.Fold(*username), addr: throttleSubject(clientAddr(r, h.proxies))}
	if deviceToken != nil {
		if attempt.device, err = h.devices.check(r.Context(), *deviceToken, attempt.user, now); err != nil {
			return err
		}
	}
	wait, err := h.throttle.admit(r.Context(), attempt)
	if err != nil {
		return err
	}
	if wait > 0 {
		return tooManyLogins(wait)
	}
	// A name outside the username pattern belongs to nobody, even when it folds to a
	// member's name (the Kelvin sign folds to "k"); it still costs the dummy hash, so that
	// it cannot be told from a wrong password by its time.
	var m Member
	hash := ""
	if ValidUsername(*username) {
		if m, hash, err = h.store.Credentials(r.Context(), *username); err != nil {
			return err
		}
	}
	ok, err := h.hasher.Verify(r.Context(), hash, password)
	if err != nil {
		return err
	}
	// Failures answered while this hash ran may have used the last attempt: then the answer
	// is 429 whatever the password, so that parallel guesses learn nothing beyond the limit.
	if wait, err = h.throttle.settle(r.Context(), attempt, ok); err != nil {
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
	device, err := h.devices.issue(r.Context(), attempt.user, now)
	if err != nil {
		return err
	}
	sess, err := h.store.CreateSession(r.Context(), m, h.tokenTTL)
	if err != nil {
		return err
	}
	sess.DeviceToken = device
	writeJSON(w, http.StatusOK, sess)
	return nil
}

// tooManyLogins is the login throttle's answer.
func tooManyLogins(wait time.Duration) error {
	return &problem.Error{Kind: problem.TooManyRequests, RetryAfter: retryAfterSeconds(wait),
		Detail: "Too many failed logins from this address; wait before trying again."}
}

// logout revokes the token the request carries.
func (h *handlers) logout(w http.ResponseWriter, r *http.Request, _ Member) error {
	token, _ := bearerToken(r)
	if err := h.store.RevokeSession(r.Context(), token); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *handlers) me(w http.ResponseWriter, _ *http.Request, caller Member) error {
	writeJSON(w, http.StatusOK, caller)
	return nil
}

func (h *handlers) listMembers(w http.ResponseWriter, r *http.Request, caller Member) error {
	all, err := h.members.get(r.Context(), time.Now(), h.store.Members)
	if err != nil {
		return err
	}
	body := appendMembers(make([]byte, 0, 256*len(all)+2), all, caller)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(body, '\n'))
	return nil
}

func (h *handlers) getMember(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	m, err := h.store.Member(r.Context(), id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.VisibleTo(caller))
	return nil
}

// patchMember changes the caller's (or, for an admin, anyone's) declared rating and birth
// year: a JSON merge patch.
func (h *handlers) patchMember(w http.ResponseWriter, r *http.Request, caller Member) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	obj, err := jsonhttp.ReadObject(w, r, MaxBody, "application/merge-patch+json", "application/json")
	if err != nil {
		return err
	}
	in, err := DecodeRatingInput(obj)
	if err != nil {
		return err
	}
	m, err := h.store.UpdateRatingInfo(r.Context(), id, caller, in)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m.VisibleTo(caller))
	return nil
}
