package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"campus.example/apps/internal/dbtest"
	"campus.example/apps/internal/proctest"
	"campus.example/apps/internal/s3test"
)

const creaturesPkg = "campus.example/apps/cmd/creatures"

// replicaWrites is how many creates each replica takes in the concurrent-writes check, and
// replicaWorkers how many clients send them at once to each.
const (
	replicaWrites  = 40
	replicaWorkers = 4
)

// TestReplicas runs the services as they are deployed behind a load balancer: two Chess Club
// processes on one MariaDB database and one photo bucket (a real versitygw), and two
// Creature Catalog processes on another database of the same MariaDB. Whatever one replica
// does, the other sees: logins and logouts, the login throttle's count, photos, tournaments;
// and concurrent creates through both lose nothing.
func TestReplicas(t *testing.T) {
	s3 := s3test.Start(t)
	bucketName := s3.Bucket(t)
	bucket := s3.URL(bucketName, "club")
	clubDB := dbtest.MariaDB(t).Source().MySQL.DBName
	clubUser, clubPassword := dbtest.TempUser(t, clubDB, "ALL")
	clubArgs := []string{"-addr", "127.0.0.1:0", "-db", "mysql://" + clubUser + "@127.0.0.1:3306/" + clubDB, "-figures", bucket}
	clubEnv := append(s3.Env(), "CHESSCLUB_DB_PASSWORD="+clubPassword)
	clubBin := proctest.Build(t, chessclubPkg)
	a := &replica{name: "A", url: proctest.Start(t, clubBin, clubArgs, clubEnv...).URL, c: proctest.Client()}
	b := &replica{name: "B", url: proctest.Start(t, clubBin, clubArgs, clubEnv...).URL, c: proctest.Client()}

	crDB := dbtest.MariaDB(t).Source().MySQL.DBName
	crUser, crPassword := dbtest.TempUser(t, crDB, "ALL")
	crArgs := []string{"-addr", "127.0.0.1:0", "-db", "mysql://" + crUser + "@127.0.0.1:3306/" + crDB}
	crBin := proctest.Build(t, creaturesPkg)
	catalogs := map[string]string{}
	for _, name := range []string{"A", "B"} {
		catalogs[name] = proctest.Start(t, crBin, crArgs, "CREATURES_DB_PASSWORD="+crPassword).URL
	}

	t.Run("a login on A is valid on B, a logout on A ends it on B", func(t *testing.T) {
		token := a.register(t, "replicated", "replica-password")
		if s := b.do(t, "GET", "/api/me", token, nil, nil); s != http.StatusOK {
			t.Fatalf("GET /api/me on B with A's token: %d, want 200", s)
		}
		if s := a.do(t, "POST", "/api/logout", token, nil, nil); s != http.StatusNoContent {
			t.Fatalf("logout on A: %d", s)
		}
		if s := b.do(t, "GET", "/api/me", token, nil, nil); s != http.StatusUnauthorized {
			t.Errorf("GET /api/me on B after logout on A: %d, want 401", s)
		}
	})

	t.Run("the login throttle counts across replicas", func(t *testing.T) {
		a.register(t, "throttled", "the-right-password")
		// Five failures per username and address are tolerated (DefaultThrottle); a
		// throttle per process would let ten through, five on each.
		var got []int
		for i := range 8 {
			r := []*replica{a, b}[i%2]
			got = append(got, r.do(t, "POST", "/api/login", "", map[string]string{"username": "throttled", "password": "wrong"}, nil))
		}
		want := []int{401, 401, 401, 401, 401, 429, 429, 429}
		if !slices.Equal(got, want) {
			t.Errorf("failed logins alternating A and B answered %v, want %v", got, want)
		}
	})

	t.Run("a photo uploaded through A is served by B", func(t *testing.T) {
		token := a.register(t, "photographer", "replica-password")
		var fig struct {
			URL          string `json:"url"`
			ThumbnailURL string `json:"thumbnail_url"`
			ContentType  string `json:"content_type"`
		}
		if s := a.upload(t, token, testPhoto(t), &fig); s != http.StatusCreated {
			t.Fatalf("upload on A: %d", s)
		}
		for _, path := range []string{fig.URL, fig.ThumbnailURL} {
			fromA, typeA := a.get(t, path)
			fromB, typeB := b.get(t, path)
			if len(fromB) == 0 || !bytes.Equal(fromA, fromB) || typeA != typeB || typeB != fig.ContentType {
				t.Errorf("%s: A served %d bytes (%s), B %d bytes (%s)", path, len(fromA), typeA, len(fromB), typeB)
			}
		}
		// The files are objects in the bucket (versitygw keeps them as files in its directory).
		id := strings.TrimPrefix(fig.URL, "/api/figures/")
		for _, name := range []string{id + ".jpg", id + ".thumb.jpg"} {
			if _, err := os.Stat(filepath.Join(s3.Root, bucketName, "club", name)); err != nil {
				t.Errorf("object club/%s: %v", name, err)
			}
		}
		// A replacement through B removes the first photo for A too.
		if s := b.upload(t, token, testPhoto(t), nil); s != http.StatusCreated {
			t.Fatalf("upload on B: %d", s)
		}
		if s := a.do(t, "GET", fig.URL, "", nil, nil); s != http.StatusNotFound {
			t.Errorf("the replaced photo on A: %d, want 404", s)
		}
	})

	t.Run("a tournament created on A is on B", func(t *testing.T) {
		token := a.register(t, "organiser", "replica-password")
		var created struct{ ID int64 }
		body := map[string]any{"name": "Replicated Open", "start_date": fromToday(3), "format": "swiss", "rounds": 5}
		if s := a.do(t, "POST", "/api/tournaments", token, body, &created); s != http.StatusCreated {
			t.Fatalf("create on A: %d", s)
		}
		var got struct{ Name string }
		if s := b.do(t, "GET", fmt.Sprintf("/api/tournaments/%d", created.ID), token, nil, &got); s != http.StatusOK || got.Name != "Replicated Open" {
			t.Errorf("GET on B: %d %q", s, got.Name)
		}
	})

	t.Run("concurrent creates through both lose nothing", func(t *testing.T) {
		token := a.register(t, "busy", "replica-password")
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failures []string
		fail := func(format string, args ...any) {
			mu.Lock()
			failures = append(failures, fmt.Sprintf(format, args...))
			mu.Unlock()
		}
		for _, club := range []*replica{a, b} {
			for w := range replicaWorkers {
				wg.Go(func() {
					for i := w; i < replicaWrites; i += replicaWorkers {
						name := fmt.Sprintf("Concurrent %s %d", club.name, i)
						body := map[string]any{"name": name, "start_date": fromToday(3), "format": "swiss", "rounds": 5}
						if s := club.do(t, "POST", "/api/tournaments", token, body, nil); s != http.StatusCreated {
							fail("tournament %q on %s: %d", name, club.name, s)
						}
					}
				})
			}
		}
		for label, cr := range catalogs {
			for w := range replicaWorkers {
				wg.Go(func() {
					for i := w; i < replicaWrites; i += replicaWorkers {
						name := fmt.Sprintf("Replica %s %d", label, i)
						if s := postJSON(a.c, cr+"/creatures", map[string]any{"name": name, "species": "Replica", "danger_level": 1}); s != http.StatusCreated {
							fail("creature %q: %d", name, s)
						}
					}
				})
			}
		}
		wg.Wait()
		for _, f := range failures {
			t.Error(f)
		}
		for _, club := range []*replica{a, b} {
			var list []struct{ Name string }
			if s := club.do(t, "GET", "/api/tournaments", token, nil, &list); s != http.StatusOK {
				t.Fatalf("list on %s: %d", club.name, s)
			}
			if n, distinct := countNamed(list, "Concurrent "); n != 2*replicaWrites || distinct != n {
				t.Errorf("%s lists %d tournaments (%d distinct) of the %d created", club.name, n, distinct, 2*replicaWrites)
			}
		}
		for label, cr := range catalogs {
			var list []struct{ Name string }
			if err := getJSON(a.c, cr+"/creatures?species=Replica", &list); err != nil {
				t.Fatal(err)
			}
			if n, distinct := countNamed(list, "Replica "); n != 2*replicaWrites || distinct != n {
				t.Errorf("catalog %s lists %d creatures (%d distinct) of the %d created", label, n, distinct, 2*replicaWrites)
			}
		}
	})
}

// replica is one Chess Club process.
type replica struct {
	name, url string
	c         *http.Client
}

// do sends a JSON request with an optional bearer token and decodes a 2xx answer into out.
func (r *replica) do(t *testing.T, method, path, token string, body, out any) int {
	var in io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		in = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, r.url+path, in)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return r.send(t, req, token, out)
}

func (r *replica) send(t *testing.T, req *http.Request, token string, out any) int {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := r.c.Do(req)
	if err != nil {
		t.Errorf("%s %s on %s: %v", req.Method, req.URL.Path, r.name, err)
		return 0
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Errorf("%s %s on %s: %v", req.Method, req.URL.Path, r.name, err)
		}
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// register creates a member on r and logs in there, returning the token.
func (r *replica) register(t *testing.T, username, password string) string {
	t.Helper()
	if s := r.do(t, "POST", "/api/user", "", map[string]string{"username": username, "password": password, "full_name": "Replica Tester"}, nil); s != http.StatusCreated {
		t.Fatalf("register %s on %s: %d", username, r.name, s)
	}
	var out struct{ Token string }
	if s := r.do(t, "POST", "/api/login", "", map[string]string{"username": username, "password": password}, &out); s != http.StatusOK {
		t.Fatalf("login %s on %s: %d", username, r.name, s)
	}
	return out.Token
}

// upload sends photo as the caller's new photo.
func (r *replica) upload(t *testing.T, token string, photo []byte, out any) int {
	req, _ := http.NewRequest("POST", r.url+"/api/figures", bytes.NewReader(photo))
	req.Header.Set("Content-Type", "image/png")
	return r.send(t, req, token, out)
}

// get returns the body and Content-Type of a GET that must answer 200.
func (r *replica) get(t *testing.T, path string) ([]byte, string) {
	t.Helper()
	resp, err := r.c.Get(r.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s on %s: %d %v", path, r.name, resp.StatusCode, err)
	}
	return b, resp.Header.Get("Content-Type")
}

// testPhoto is an opaque 200×150 PNG, stored as a JPEG.
func testPhoto(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 200, 150))
	for y := range 150 {
		for x := range 200 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func postJSON(c *http.Client, url string, body any) int {
	b, _ := json.Marshal(body)
	resp, err := c.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

func getJSON(c *http.Client, url string, out any) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// countNamed counts the items of list whose name starts with prefix, and how many distinct
// names they have.
func countNamed(list []struct{ Name string }, prefix string) (n, distinct int) {
	seen := map[string]bool{}
	for _, item := range list {
		if strings.HasPrefix(item.Name, prefix) {
			n++
			seen[item.Name] = true
		}
	}
	return n, len(seen)
}
