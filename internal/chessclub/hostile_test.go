package chessclub_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/auth"
	"campus.example/apps/internal/chessclub/members"
	"campus.example/apps/internal/chessclub/photos"
	"campus.example/apps/internal/clubtest"
	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/hostiletest"
	"campus.example/apps/internal/imagetest"
)

// hostileClub is a Chess Club server with two members and an admin logged in, and a
// tournament of alice's, for the hostile suite.
type hostileClub struct {
	base                     string
	alice, bob, admin, carol string // tokens
	aliceID, bobID           int64
	aliceTournament          int64
	// running is alice's running Swiss (setUpPlay).
	running int64
}

var (
	validUser       = map[string]any{"username": "hostile_user", "password": "a good long password", "full_name": "Hostile User", "email": "hostile@example.org"}
	validLogin      = map[string]any{"username": "alice", "password": "alice's password"}
	validTournament = map[string]any{"name": "Hostile Open", "start_date": "2026-12-01", "end_date": "2026-12-02", "location": "Hall",
		"format": "swiss", "rounds": 5, "time_control": "90+30", "description": "Bring a board."}
)

// hostileCases crosses the generic attacks of hostiletest with the club's endpoints, fields,
// tokens and photo formats. Requests that may delete come last.
func (c *hostileClub) hostileCases(t *testing.T) []hostiletest.Case {
	host := strings.TrimPrefix(c.base, "http://")
	jsonAs := func(token string) http.Header {
		h := http.Header{"Content-Type": {"application/json"}}
		if token != "" {
			h.Set("Authorization", "Bearer "+token)
		}
		return h
	}
	var cases []hostiletest.Case
	add := func(hc hostiletest.Case) { cases = append(cases, hc) }

	for _, ep := range []struct {
		name, method, path, token string
		valid                     map[string]any
	}{
		{"register", "POST", "/api/user", "", validUser},
		{"login", "POST", "/api/login", "", validLogin},
		{"create tournament", "POST", "/api/tournaments", c.alice, validTournament},
		{"delete tournament by body", "DELETE", "/api/tournaments", c.bob, map[string]any{"id": c.aliceTournament}},
	} {
		for _, b := range hostiletest.MalformedJSON(ep.valid, 1<<20) {
			add(hostiletest.Case{Name: ep.name + ": " + b.Name, Method: ep.method, Path: ep.path, Header: jsonAs(ep.token), Body: b.Body})
		}
		for _, ct := range hostiletest.ContentTypes {
			h := jsonAs(ep.token)
			h.Set("Content-Type", ct)
			add(hostiletest.Case{Name: fmt.Sprintf("%s with Content-Type %q", ep.name, ct), Method: ep.method, Path: ep.path, Header: h, Body: mustJSON(ep.valid)})
		}
	}
	for i, inj := range hostiletest.Injections {
		for _, field := range []string{"username", "password", "full_name", "email"} {
			body := map[string]any{"username": fmt.Sprintf("inj_%d_%s", i, field), "password": "a good long password", "full_name": "Injected", field: string(inj.Body)}
			add(hostiletest.Case{Name: fmt.Sprintf("register: %s in %s", inj.Name, field), Method: "POST", Path: "/api/user", Header: jsonAs(""), Body: mustJSON(body)})
		}
		for _, field := range []string{"username", "password"} {
			body := map[string]any{"username": "alice", "password": "x", field: string(inj.Body)}
			add(hostiletest.Case{Name: fmt.Sprintf("login: %s in %s", inj.Name, field), Method: "POST", Path: "/api/login", Header: jsonAs(""), Body: mustJSON(body)})
		}
		for _, field := range []string{"name", "location", "time_control", "description", "start_date", "format"} {
			body := map[string]any{"name": fmt.Sprintf("Injected %d", i), "start_date": "2026-12-01", field: string(inj.Body)}
			add(hostiletest.Case{Name: fmt.Sprintf("create tournament: %s in %s", inj.Name, field), Method: "POST", Path: "/api/tournaments", Header: jsonAs(c.alice), Body: mustJSON(body)})
		}
		add(hostiletest.Case{Name: "tournament list: " + inj.Name + " in a query", Method: "GET", Path: "/api/tournaments?q=" + url.QueryEscape(string(inj.Body))})
		add(hostiletest.Case{Name: "delete tournament: " + inj.Name + " in ?id", Method: "DELETE", Path: "/api/tournaments?id=" + url.QueryEscape(string(inj.Body)), Header: jsonAs(c.bob)})
	}
	for _, q := range hostiletest.BadQueries {
		add(hostiletest.Case{Name: "tournament list with " + q.Name, Method: "GET", Path: "/api/tournaments?" + string(q.Body)})
		add(hostiletest.Case{Name: "member list with " + q.Name, Method: "GET", Path: "/api/members?" + string(q.Body), Header: jsonAs(c.alice)})
	}
	for _, auth := range hostiletest.BadAuthorizations {
		for _, ep := range []struct{ method, path string }{
			{"GET", "/api/me"}, {"GET", "/api/members"}, {"POST", "/api/tournaments"}, {"POST", "/api/logout"},
			{"DELETE", fmt.Sprintf("/api/tournaments/%d", c.aliceTournament)}, {"POST", "/api/figures"},
		} {
			add(hostiletest.Case{Name: fmt.Sprintf("%s %s with Authorization %.30q", ep.method, ep.path, auth), Method: ep.method, Path: ep.path,
				Header: http.Header{"Authorization": {auth}, "Content-Type": {"application/json"}}, Body: mustJSON(validTournament)})
		}
	}
	add(hostiletest.Case{Name: "two Authorization headers", Method: "GET", Path: "/api/me", Header: http.Header{"Authorization": {"Bearer " + c.bob, "Bearer " + c.admin}}})
	add(hostiletest.Case{Name: "token in the query", Method: "GET", Path: "/api/me?access_token=" + c.alice})
	add(hostiletest.Case{Name: "token in a cookie", Method: "GET", Path: "/api/me", Header: http.Header{"Cookie": {"token=" + c.alice}}})

	// Insecure direct object references: bob acts on alice's things.
	add(hostiletest.Case{Name: "IDOR: bob deletes alice's tournament by path", Method: "DELETE", Path: fmt.Sprintf("/api/tournaments/%d", c.aliceTournament), Header: jsonAs(c.bob)})
	add(hostiletest.Case{Name: "IDOR: bob deletes alice's tournament by query", Method: "DELETE", Path: fmt.Sprintf("/api/tournaments?id=%d", c.aliceTournament), Header: jsonAs(c.bob)})
	add(hostiletest.Case{Name: "IDOR: bob names two tournaments", Method: "DELETE", Path: fmt.Sprintf("/api/tournaments/%d?id=%d", c.aliceTournament, c.aliceTournament+1), Header: jsonAs(c.bob)})
	photo := smallJPEG(t)
	body, ct := photoForm(t, map[string]string{"member_id": fmt.Sprint(c.aliceID)}, "photo", "me.jpg", "image/jpeg", photo)
	add(hostiletest.Case{Name: "IDOR: bob uploads alice's photo", Method: "POST", Path: "/api/figures", Header: http.Header{"Authorization": {"Bearer " + c.bob}, "Content-Type": {ct}}, Body: body})

	for _, p := range hostiletest.BadPaths("/api/members/") {
		add(hostiletest.Case{Name: "member " + p.Name, Method: "GET", Path: string(p.Body), Header: jsonAs(c.alice)})
	}
	for _, p := range hostiletest.BadPaths("/api/tournaments/") {
		add(hostiletest.Case{Name: "tournament " + p.Name, Method: "GET", Path: string(p.Body)})
	}
	for _, p := range hostiletest.BadPaths("/api/figures/") {
		add(hostiletest.Case{Name: "photo " + p.Name, Method: "GET", Path: string(p.Body)})
	}
	for _, m := range hostiletest.Methods {
		for _, p := range []string{"/api/user", "/api/login", "/api/members", "/api/tournaments", "/api/figures", "/api/me"} {
			add(hostiletest.Case{Name: m + " " + p, Method: m, Path: p, Header: jsonAs(c.alice)})
		}
	}
	for _, p := range []string{"/api", "/api/", "/api/admin", "/api/../openapi.json", "/api/%2e%2e/openapi.json", "/.env", "/assets/../../go.mod", "/assets/%2e%2e/%2e%2e/go.mod", "/index.html/..%2f..%2fgo.mod"} {
		add(hostiletest.Case{Name: "GET " + p, Method: "GET", Path: p})
	}
	for i, h := range hostiletest.CORSHeaders {
		add(hostiletest.Case{Name: fmt.Sprintf("CORS preflight %d", i), Method: "OPTIONS", Path: "/api/tournaments", Header: h})
		cross := http.Header{"Origin": h["Origin"], "Content-Type": {"text/plain"}, "Authorization": {"Bearer " + c.alice}}
		add(hostiletest.Case{Name: fmt.Sprintf("cross-origin create %d", i), Method: "POST", Path: "/api/tournaments", Header: cross, Body: mustJSON(validTournament)})
	}
	for _, img := range hostileImages(t) {
		add(hostiletest.Case{Name: "raw photo: " + img.name, Method: "POST", Path: "/api/figures",
			Header: http.Header{"Authorization": {"Bearer " + c.alice}, "Content-Type": {img.contentType}}, Body: img.data})
		body, ct := photoForm(t, nil, "photo", "x", img.contentType, img.data)
		add(hostiletest.Case{Name: "multipart photo: " + img.name, Method: "POST", Path: "/api/figures",
			Header: http.Header{"Authorization": {"Bearer " + c.alice}, "Content-Type": {ct}}, Body: body})
	}
	for _, mp := range hostileForms(t, photo) {
		add(hostiletest.Case{Name: "form: " + mp.name, Method: "POST", Path: "/api/figures",
			Header: http.Header{"Authorization": {"Bearer " + c.alice}, "Content-Type": {mp.contentType}}, Body: mp.data})
	}
	for _, r := range hostiletest.RawRequests(host, "/api/login") {
		add(hostiletest.Case{Name: r.Name, Raw: string(r.Body)})
	}
	truncated := hostiletest.TruncatedBody(host, "/api/login")
	add(hostiletest.Case{Name: truncated.Name, Raw: string(truncated.Body), HalfClose: true})
	for _, p := range hostiletest.BadPaths("/api/tournaments/") {
		add(hostiletest.Case{Name: "delete tournament " + p.Name, Method: "DELETE", Path: string(p.Body), Header: jsonAs(c.alice)})
	}
	add(hostiletest.Case{Name: "logout twice, second", Method: "POST", Path: "/api/logout", Header: jsonAs(c.admin)})
	return cases
}

// TestHostileRequests sends every hostile case to the club on each database: no 5xx, no
// hang, problem documents for API errors, no data or photo changed by a refused request.
func TestHostileRequests(t *testing.T) {
	for _, d := range dbtest.Dialects {
		t.Run(d.String(), func(t *testing.T) {
			db := dbtest.Open(t, d)
			store := chessclub.NewStore(db)
			if err := store.Migrate(t.Context()); err != nil {
				t.Fatal(err)
			}
			figures := filepath.Join(t.TempDir(), "figures")
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			// The throttles are opened wide so that every case reaches validation and storage;
			// throttling has suites of its own.
			wide := auth.ThrottleConfig{UserBurst: 1 << 20, UserRefill: time.Second, AddrBurst: 1 << 20, AddrRefill: time.Second,
				RegisterBurst: 1 << 20, RegisterRefill: time.Second}
			srv, err := chessclub.NewServer(log, store, chessclub.Config{Photos: photos.Config{Dir: figures},
				Auth: auth.Config{Password: clubtest.Password, Throttle: wide}})
			if err != nil {
				t.Fatal(err)
			}
			c := &hostileClub{base: hostiletest.Serve(t, srv, nil)}
			c.setUp(t)
			if err := store.SetRole(t.Context(), "root", members.RoleAdmin); err != nil {
				t.Fatal(err)
			}
			c.setUpPlay(t)
			snapshot := hostiletest.Snapshot(t, db.DB, append([]string{"members", "sessions", "tournaments", "figures"}, playTables...), figures)
			// The admin logs out at the very end; logging out the first time is a success.
			n := hostiletest.Run(t, c.base, append(c.playCases(t), c.hostileCases(t)...), snapshot)
			if n < 300 {
				t.Errorf("only %d hostile cases; the suite promises at least 300", n)
			}
			t.Logf("%s: %d hostile requests", d, n)
		})
	}
}

// setUp registers alice, bob and root (made admin by the caller), logs them in, and gives
// alice a tournament.
func (c *hostileClub) setUp(t *testing.T) {
	t.Helper()
	for _, name := range []string{"alice", "bob", "root"} {
		status, out := c.post(t, "/api/user", "", map[string]any{"username": name, "password": name + "'s password", "full_name": strings.ToUpper(name[:1]) + name[1:]})
		if status != http.StatusCreated {
			t.Fatalf("register %s: %d %s", name, status, out)
		}
		if name == "alice" {
			var m struct{ ID int64 }
			_ = json.Unmarshal(out, &m)
			c.aliceID = m.ID
		}
		status, out = c.post(t, "/api/login", "", map[string]any{"username": name, "password": name + "'s password"})
		var tok struct{ Token string }
		if err := json.Unmarshal(out, &tok); status != http.StatusOK || err != nil {
			t.Fatalf("login %s: %d %s", name, status, out)
		}
		switch name {
		case "alice":
			c.alice = tok.Token
		case "bob":
			c.bob = tok.Token
		default:
			c.admin = tok.Token
		}
	}
	status, out := c.post(t, "/api/tournaments", c.alice, validTournament)
	var tm struct{ ID int64 }
	if err := json.Unmarshal(out, &tm); status != http.StatusCreated || err != nil {
		t.Fatalf("create tournament: %d %s", status, out)
	}
	c.aliceTournament = tm.ID
}

func (c *hostileClub) post(t *testing.T, path, token string, body any) (int, []byte) {
	t.Helper()
	return c.send(t, "POST", path, token, body)
}

// send makes a request with a JSON body (none when body is nil) and returns the answer.
func (c *hostileClub) send(t *testing.T, method, path, token string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader = http.NoBody
	if body != nil {
		rd = bytes.NewReader(mustJSON(body))
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// hostileUpload is a named upload body with its content type.
type hostileUpload struct {
	name, contentType string
	data              []byte
}

// hostileImages are image bombs, lies and polyglots.
func hostileImages(t *testing.T) []hostileUpload {
	jpg := smallJPEG(t)
	pngBytes := smallPNG(t)
	return []hostileUpload{
		{"PNG claiming 100000×100000", "image/png", pngWithSize(t, pngBytes, 100000, 100000)},
		{"PNG claiming 2^31-1 wide", "image/png", pngWithSize(t, pngBytes, 1<<31-1, 1)},
		{"PNG claiming 0×0", "image/png", pngWithSize(t, pngBytes, 0, 0)},
		{fmt.Sprintf("PNG decompression bomb %d×%[1]d", bombSide), "image/png", pngBomb(t, bombSide, bombSide)},
		{"PNG with a 2 MB text chunk", "image/png", pngWithChunk(t, pngBytes, "tEXt", bytes.Repeat([]byte("A"), 2<<20))},
		{"PNG with a compressed text bomb", "image/png", pngWithChunk(t, pngBytes, "zTXt", append([]byte("k\x00\x00"), zlibBytes(t, bytes.Repeat([]byte{0}, 50<<20))...))},
		{"PNG with a bad CRC", "image/png", corruptCRC(pngBytes)},
		{"truncated PNG", "image/png", pngBytes[:len(pngBytes)/2]},
		{"JPEG claiming 65535×65535", "image/jpeg", jpegSize(t, jpg, 65535, 65535)},
		{"JPEG claiming 0×0", "image/jpeg", jpegSize(t, jpg, 0, 0)},
		{"truncated JPEG", "image/jpeg", jpg[:len(jpg)/2]},
		{"JPEG with PHP in a comment", "image/jpeg", jpegWithComment(jpg, "<?php system($_GET['c']); ?>")},
		{"JPEG followed by a ZIP", "image/jpeg", append(append([]byte{}, jpg...), []byte("PK\x03\x04 zip payload")...)},
		{"HTML behind JPEG magic", "image/jpeg", append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, []byte("<html><script>alert(1)</script></html>")...)},
		{"SVG with script", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`)},
		{"GIF", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")},
		{"WebP claiming 16383×16383", "image/webp", webpCanvas(16383, 16383)},
		{"RIFF that is not WebP", "image/webp", []byte("RIFF\x10\x00\x00\x00AVI LIST\x04\x00\x00\x00abcd")},
		{"empty body", "image/jpeg", []byte{}},
		{"one byte", "image/png", []byte{0x89}},
		{"JPEG labelled PNG", "image/png", jpg},
		{"over the size limit", "image/jpeg", append(append([]byte{}, jpg...), make([]byte, 11<<20)...)},
	}
}

// hostileForms are malformed multipart uploads.
func hostileForms(t *testing.T, jpg []byte) []hostileUpload {
	var out []hostileUpload
	add := func(name string, data []byte, ct string) { out = append(out, hostileUpload{name, ct, data}) }
	b, ct := photoForm(t, nil, "file", "x.jpg", "image/jpeg", jpg)
	add("photo under another field name", b, ct)
	b, ct = photoForm(t, map[string]string{"member_id": "1 OR 1=1"}, "photo", "x.jpg", "image/jpeg", jpg)
	add("member_id with SQL", b, ct)
	b, ct = photoForm(t, map[string]string{"member_id": "-1"}, "photo", "x.jpg", "image/jpeg", jpg)
	add("negative member_id", b, ct)
	b, ct = photoForm(t, map[string]string{"member_id": strings.Repeat("9", 100)}, "photo", "x.jpg", "image/jpeg", jpg)
	add("member_id of 100 digits", b, ct)
	b, ct = photoForm(t, nil, "photo", "../../../../tmp/evil.jpg", "image/jpeg", jpg)
	add("file name with traversal", b, ct)
	b, ct = photoForm(t, nil, "photo", "x.jpg\x00.php", "image/jpeg", jpg)
	add("file name with NUL", b, ct)
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for range 2 {
		p, _ := w.CreateFormFile("photo", "x.jpg")
		_, _ = p.Write(jpg)
	}
	w.Close()
	add("two photos", buf.Bytes(), w.FormDataContentType())
	buf.Reset()
	w = multipart.NewWriter(&buf)
	for i := range 5000 {
		_ = w.WriteField(fmt.Sprintf("f%d", i), "x")
	}
	w.Close()
	add("5000 fields and no photo", buf.Bytes(), w.FormDataContentType())
	buf.Reset()
	w = multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{"Content-Disposition": {`form-data; name="photo"; filename="x.jpg"`}}
	for i := range 2000 {
		h.Set(fmt.Sprintf("X-H%d", i), strings.Repeat("v", 100))
	}
	p, _ := w.CreatePart(h)
	_, _ = p.Write(jpg)
	w.Close()
	add("a part with 2000 headers", buf.Bytes(), w.FormDataContentType())
	b, _ = photoForm(t, nil, "photo", "x.jpg", "image/jpeg", jpg)
	add("wrong boundary", b, "multipart/form-data; boundary=nope")
	add("no boundary", b, "multipart/form-data")
	add("unterminated form", b[:len(b)-10], ct)
	add("empty form", []byte{}, "multipart/form-data; boundary=x")
	add("mixed instead of form-data", b, strings.Replace(ct, "form-data", "mixed", 1))
	return out
}

// photoForm builds a multipart form with the fields and one file part.
func photoForm(t *testing.T, fields map[string]string, field, filename, contentType string, data []byte) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename))
	h.Set("Content-Type", contentType)
	p, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = p.Write(data)
	w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

func smallImage() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	return img
}

func smallJPEG(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, smallImage(), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func smallPNG(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, smallImage()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngWithSize rewrites the IHDR of a PNG to claim w×h pixels, with a correct CRC.
func pngWithSize(t *testing.T, b []byte, w, h uint32) []byte {
	t.Helper()
	ihdr := append([]byte{}, b[16:29]...)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	out := append([]byte{}, b[:8]...)
	out = append(out, imagetest.PNGChunk("IHDR", ihdr)...)
	return append(out, b[33:]...)
}

// pngWithChunk inserts a chunk after the IHDR.
func pngWithChunk(t *testing.T, b []byte, kind string, data []byte) []byte {
	t.Helper()
	out := append([]byte{}, b[:33]...)
	out = append(out, imagetest.PNGChunk(kind, data)...)
	return append(out, b[33:]...)
}

// pngBomb is a valid grey PNG of w×h black pixels: a few kilobytes that decode to w×h bytes.
func pngBomb(t *testing.T, w, h int) []byte {
	t.Helper()
	raw := make([]byte, (w+1)*h) // a filter byte and w zero pixels per row
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // 8-bit greyscale
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, imagetest.PNGChunk("IHDR", ihdr)...)
	out = append(out, imagetest.PNGChunk("IDAT", zlibBytes(t, raw))...)
	return append(out, imagetest.PNGChunk("IEND", nil)...)
}

func zlibBytes(t *testing.T, raw []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&buf, zlib.BestCompression)
	_, _ = zw.Write(raw)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func corruptCRC(b []byte) []byte {
	out := append([]byte{}, b...)
	out[29] ^= 0xFF // the IHDR's CRC
	return out
}

// jpegSize rewrites the baseline frame header of a JPEG to claim w×h pixels.
func jpegSize(t *testing.T, b []byte, w, h uint16) []byte {
	t.Helper()
	out := append([]byte{}, b...)
	i := bytes.Index(out, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in the test JPEG")
	}
	binary.BigEndian.PutUint16(out[i+5:], h)
	binary.BigEndian.PutUint16(out[i+7:], w)
	return out
}

// jpegWithComment inserts a COM segment after the SOI marker.
func jpegWithComment(b []byte, comment string) []byte {
	seg := []byte{0xFF, 0xFE}
	seg = binary.BigEndian.AppendUint16(seg, uint16(len(comment)+2))
	seg = append(seg, comment...)
	out := append([]byte{}, b[:2]...)
	out = append(out, seg...)
	return append(out, b[2:]...)
}

// webpCanvas is an extended WebP header whose VP8X canvas claims w×h pixels, with no image.
func webpCanvas(w, h int) []byte {
	vp8x := []byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
	body := append([]byte("WEBPVP8X\x0a\x00\x00\x00"), vp8x...)
	out := []byte("RIFF")
	out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
	return append(out, body...)
}
