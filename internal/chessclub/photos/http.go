package photos

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"campus.example/apps/internal/chessclub/api"
	"campus.example/apps/internal/chessclub/audit"
	"campus.example/apps/internal/problem"
)

// maxMemberIDField is the longest member_id part accepted, spaces included.
const maxMemberIDField = 32

// multipartSlack is what a multipart body may hold beyond the photo itself: boundaries,
// part headers and the member_id field.
const multipartSlack = 64 << 10

// Upload stores a photo for the caller, or for member_id (admins only). The photo
// comes as the "photo" part of multipart/form-data, or as the whole body with an image
// content type (member_id then in the query).
func (s *Service) Upload(w http.ResponseWriter, r *http.Request, caller api.Caller) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	raw := strings.HasPrefix(mt, "image/") || mt == "application/octet-stream"
	if mt != "multipart/form-data" && !raw {
		return problem.New(problem.UnsupportedMediaType, "Send the photo as multipart/form-data (field photo) or as the body with an image content type.")
	}
	limit := s.maxBytes
	if !raw {
		limit += multipartSlack
	}
	if r.ContentLength > limit {
		return problem.New(problem.TooLarge, "The photo exceeds the limit of %d bytes.", s.maxBytes)
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	target := caller.ID
	var u *upload
	defer func() { u.discard() }()
	var err error
	if raw {
		if v := r.URL.Query().Get("member_id"); v != "" {
			if target, err = memberIDField(v); err != nil {
				return err
			}
		}
		if err := mayChangePhoto(caller, target); err != nil {
			return err
		}
		if u, err = s.receive(r.Context(), r.Body); err != nil {
			return err
		}
	} else if u, target, err = s.readMultipart(r, caller); err != nil {
		return err
	}
	f, err := s.commit(r.Context(), u, target, audit.Actor{ID: caller.ID, Username: caller.Username})
	if err != nil {
		return err
	}
	u = nil
	w.Header().Set("Location", f.URL)
	api.WriteJSON(w, http.StatusCreated, f)
	return nil
}

// readMultipart reads the parts photo and member_id in either order, streaming the photo to
// a temporary file. The caller discards the returned upload when it is not committed.
func (s *Service) readMultipart(r *http.Request, caller api.Caller) (*upload, int64, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, 0, &problem.Error{Kind: problem.Malformed, Detail: "The multipart body is not valid.", Err: err}
	}
	target := caller.ID
	var u *upload
	fail := func(err error) (*upload, int64, error) {
		u.discard()
		return nil, 0, err
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(photoError(asMalformed(err), s.maxBytes))
		}
		switch part.FormName() {
		case "member_id":
			// One byte more than the limit is read, so that a longer value is refused whole
			// rather than cut to something that happens to be an id.
			v, err := io.ReadAll(io.LimitReader(part, maxMemberIDField+1))
			if err != nil {
				return fail(photoError(asMalformed(err), s.maxBytes))
			}
			if len(v) > maxMemberIDField {
				return fail(problem.Validation(map[string]string{"member_id": fmt.Sprintf("must be a member id (at most %d bytes)", maxMemberIDField)}))
			}
			if target, err = memberIDField(strings.TrimSpace(string(v))); err != nil {
				return fail(err)
			}
			if err := mayChangePhoto(caller, target); err != nil {
				return fail(err)
			}
		case "photo":
			if u != nil {
				return fail(problem.Validation(map[string]string{"photo": "must be given once"}))
			}
			if err := mayChangePhoto(caller, target); err != nil {
				return fail(err)
			}
			if u, err = s.receive(r.Context(), part); err != nil {
				return fail(err)
			}
		default:
			return fail(problem.Validation(map[string]string{part.FormName(): "is not a known field (photo, member_id)"}))
		}
	}
	if u == nil {
		return fail(problem.Validation(map[string]string{"photo": "is required"}))
	}
	return u, target, nil
}

// asMalformed turns a multipart syntax or read error into a Malformed problem; size errors
// pass.
func asMalformed(err error) error {
	if isSizeLimit(err) {
		return err
	}
	return &problem.Error{Kind: problem.Malformed, Detail: "The multipart body is not valid.", Err: err}
}

func memberIDField(v string) (int64, error) {
	id, err := api.ParseID(v)
	if err != nil {
		return 0, problem.Validation(map[string]string{"member_id": "must be a member id"})
	}
	return id, nil
}

// mayChangePhoto allows members to change their own photo and admins anyone's.
func mayChangePhoto(caller api.Caller, target int64) error {
	if caller.ID == target || caller.Admin {
		return nil
	}
	return problem.New(problem.Forbidden, "Only admins may set another member's photo.")
}

// Get serves a photo. Its id never changes content (a new photo gets a new id), so it
// may be cached for good. Photos are public to whoever knows the unguessable URL, because
// image elements cannot send a bearer token.
func (s *Service) Get(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !figureID.MatchString(id) {
		return figureNotFound()
	}
	f, err := s.records.figure(r.Context(), id)
	if err != nil {
		return err
	}
	return s.serveImage(w, r, f, `"`+f.ID+`"`, figureKey(f.ID, f.ContentType), f.ContentType)
}

// Thumbnail serves a photo's thumbnail, cached for good like the photo. The thumbnail of
// a photo stored before thumbnails existed is made on its first request (legacyThumbnail);
// when that photo could never fit the memory budget, the photo itself is served instead, as
// the list screens showed it before.
func (s *Service) Thumbnail(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	if !figureID.MatchString(id) {
		return figureNotFound()
	}
	f, thumb, err := s.records.figureAndThumbnail(r.Context(), id)
	if err != nil {
		return err
	}
	if thumb == nil {
		t, err := s.legacyThumbnail(r.Context(), f)
		switch {
		case problem.KindOf(err) == problem.Invalid:
			s.log.WarnContext(r.Context(), "photo too costly to decode for a thumbnail; serving the photo", "figure", f.ID, "err", err)
			return s.serveImage(w, r, f, `"`+f.ID+`"`, figureKey(f.ID, f.ContentType), f.ContentType)
		case err != nil:
			return err
		}
		thumb = &t
	}
	return s.serveImage(w, r, f, `"`+f.ID+`-thumbnail"`, thumbKey(f.ID, thumb.ContentType), thumb.ContentType)
}

// serveImage serves one of f's files, streamed from the photo store, with its immutable
// caching and headers that keep a browser from reading it as anything but an image.
func (s *Service) serveImage(w http.ResponseWriter, r *http.Request, f Figure, etag, key, contentType string) error {
	file, err := s.files.open(r.Context(), key)
	if errors.Is(err, errPhotoMissing) {
		s.log.ErrorContext(r.Context(), "photo file missing", "figure", f.ID, "file", key)
		return figureNotFound()
	}
	if err != nil {
		return err
	}
	defer file.Close()
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	http.ServeContent(w, r, "", f.CreatedAt, file)
	return nil
}
