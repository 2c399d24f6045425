package creatures

import (
	"bufio"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"campus.example/apps/internal/jsonhttp"
	"campus.example/apps/internal/problem"
	"campus.example/apps/internal/query"
)

// MaxBody is the largest request body accepted, 1 MiB.
const MaxBody = jsonhttp.DefaultMaxBody

const mergePatchType = "application/merge-patch+json"

// pathID returns the id in r's path: 1 to 18 decimal digits, so that it always fits an
// int64.
func pathID(r *http.Request) (int64, error) {
	raw := r.PathValue("id")
	if len(raw) == 0 || len(raw) > 18 || strings.ContainsFunc(raw, func(c rune) bool { return c < '0' || c > '9' }) {
		return 0, problem.New(problem.Malformed, "The id %q is not a positive integer.", raw)
	}
	id, _ := strconv.ParseInt(raw, 10, 64)
	return id, nil
}

// The headers of a creature, named in net/http's canonical form and, where the value is
// fixed, sharing it: indexing the header map skips the canonicalisation of Header.Set, and
// a shared value the allocation of a slice per header and response. Each shared slice has
// len == cap, so an Add appends to a copy and never changes another response.
const etagKey = "Etag"

var (
	jsonType = []string{"application/json"}
	noCache  = []string{"no-cache"}
)

// setCreatureHeaders sets the headers of a creature's representation with the given tag.
func setCreatureHeaders(hdr http.Header, etag string) {
	hdr[etagKey] = []string{etag}
	hdr["Content-Type"] = jsonType
	hdr["Cache-Control"] = noCache
}

// writeCreature sends one creature with its ETag, encoding it once for both.
func writeCreature(w http.ResponseWriter, status int, c Creature) {
	body := appendCreature(make([]byte, 0, 512), &c)
	setCreatureHeaders(w.Header(), etagOf(body))
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

func (h handlers) get(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	buf := bodyBufs.Get().(*[]byte)
	defer bodyBufs.Put(buf)
	body, err := h.store.AppendJSON(r.Context(), (*buf)[:0], id)
	if err != nil {
		return err
	}
	*buf = body[:0] // keep a grown buffer for the next read
	etag := etagOf(body)
	if inm := r.Header.Get("If-None-Match"); inm != "" && ETagMatches(inm, etag, true) {
		w.Header()[etagKey] = []string{etag}
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	setCreatureHeaders(w.Header(), etag)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(body, '\n'))
	return nil
}

// bodyBufs keeps point reads' body buffers: the body is copied into the connection's
// buffer by Write, so the next read can use it.
var bodyBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	obj, err := jsonhttp.ReadObject(w, r, MaxBody)
	if err != nil {
		return err
	}
	in, err := DecodeInput(obj, false)
	if err != nil {
		return err
	}
	c, err := h.store.Create(r.Context(), in)
	if err != nil {
		return err
	}
	w.Header().Set("Location", "/creatures/"+strconv.FormatInt(c.ID, 10))
	writeCreature(w, http.StatusCreated, c)
	return nil
}

func (h handlers) replace(w http.ResponseWriter, r *http.Request) error {
	return h.update(w, r, []string{"application/json"}, func(_ Creature, body jsonhttp.Object) (Input, error) {
		return DecodeInput(body, true)
	})
}

func (h handlers) patch(w http.ResponseWriter, r *http.Request) error {
	return h.update(w, r, []string{mergePatchType, "application/json"}, MergePatch)
}

// update reads the body first, so a bad body never waits for the row's lock, then lets the
// store apply change to the current record under If-Match.
func (h handlers) update(w http.ResponseWriter, r *http.Request, accept []string, change func(Creature, jsonhttp.Object) (Input, error)) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	body, err := jsonhttp.ReadObject(w, r, MaxBody, accept...)
	if err != nil {
		return err
	}
	c, err := h.store.Update(r.Context(), id, Precondition(r.Header.Get("If-Match")), func(cur Creature) (Input, error) {
		return change(cur, body)
	})
	if err != nil {
		return err
	}
	writeCreature(w, http.StatusOK, c)
	return nil
}

func (h handlers) delete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	if err := h.store.Delete(r.Context(), id, Precondition(r.Header.Get("If-Match"))); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// list streams the matching creatures as one JSON array. Rows go from the database cursor
// to the client through a small buffer, so memory does not grow with the table. A failure
// after the first bytes cannot change the status any more; the connection is then aborted so
// the client sees a truncated body rather than a short list that looks complete. A client
// that goes away mid-list is logged at Info: it is not a fault of the server.
func (h handlers) list(w http.ResponseWriter, r *http.Request) error {
	vals, err := query.Parse(r.URL.RawQuery)
	if err != nil {
		return err
	}
	opts, err := ParseListOptions(vals)
	if err != nil {
		return err
	}
	if opts.Paged {
		total, err := h.store.Count(r.Context(), opts)
		if err != nil {
			return err
		}
		w.Header().Set("X-Total-Count", strconv.Itoa(total))
		if link := pageLinks(r.URL, opts, total); link != "" {
			w.Header().Set("Link", link)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	out := &clientWriter{w: w}
	bw := listWriters.Get().(*bufio.Writer)
	bw.Reset(out)
	defer func() { bw.Reset(nil); listWriters.Put(bw) }()
	n := 0
	err = h.store.List(r.Context(), opts, func(object []byte) error {
		if n == 0 {
			bw.WriteByte('[')
		} else {
			bw.WriteByte(',')
		}
		n++
		bw.Write(object)
		return bw.WriteByte('\n')
	})
	if err == nil {
		if n == 0 {
			bw.WriteByte('[')
		}
		bw.WriteString("]\n")
		err = bw.Flush()
	}
	switch {
	case err == nil:
		return nil
	case out.written == 0 && out.err == nil:
		return err // nothing sent yet: an ordinary problem, and problem.Write knows a client gone
	case out.err != nil || problem.ClientGone(r):
		h.log.InfoContext(r.Context(), "client went away during a list", "rows", n, "err", err)
		panic(http.ErrAbortHandler)
	}
	h.log.ErrorContext(r.Context(), "list aborted mid-stream", "rows", n, "err", err)
	panic(http.ErrAbortHandler)
}

// listWriters keeps the lists' 32 KiB write buffers for the next list.
var listWriters = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 32<<10) }}

// clientWriter passes writes to the client on and remembers the first that failed, so that
// a broken connection can be told from a failing database.
type clientWriter struct {
	w       io.Writer
	written int64
	err     error
}

func (c *clientWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.written += int64(n)
	if err != nil && c.err == nil {
		c.err = err
	}
	return n, err
}

// pageLinks returns an RFC 8288 Link header with the next and previous pages, keeping the
// request's other options.
func pageLinks(u *url.URL, opts ListOptions, total int) string {
	if opts.Limit == 0 {
		return ""
	}
	link := func(offset int, rel string) string {
		q := u.Query()
		q.Set("offset", strconv.Itoa(offset))
		q.Set("limit", strconv.Itoa(opts.Limit))
		return "<" + u.Path + "?" + q.Encode() + `>; rel="` + rel + `"`
	}
	var links []string
	if opts.Offset+opts.Limit < total {
		links = append(links, link(opts.Offset+opts.Limit, "next"))
	}
	if opts.Offset > 0 {
		links = append(links, link(max(0, opts.Offset-opts.Limit), "prev"))
	}
	if len(links) == 2 {
		return links[0] + ", " + links[1]
	}
	if len(links) == 1 {
		return links[0]
	}
	return ""
}
