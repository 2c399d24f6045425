package clubtest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"campus.example/apps/internal/chessclub"
	"campus.example/apps/internal/chessclub/photos/imagefile"
	"campus.example/apps/internal/openapitest"
)

var (
	apiOnce sync.Once
	api     *openapitest.Validator
)

// checkOpenAPI validates a response against openapi.json. A request that the document does
// not describe may only be refused (404, 405), be a CORS preflight (OPTIONS), or be a page
// of the app (text/html outside /api); every other answer must be the one the document
// gives.
func checkOpenAPI(t testing.TB, r *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	apiOnce.Do(func() {
		api = openapitest.New(t, chessclub.OpenAPI)
		// The bodies of the photos and of the app's pages (a browser navigating to a root
		// alias such as /members gets the app) are checked by type only.
		for _, typ := range []string{imagefile.TypeJPEG, imagefile.TypePNG, imagefile.TypeWebP, "text/html"} {
			openapi3filter.RegisterBodyDecoder(typ, openapi3filter.FileBodyDecoder)
		}
	})
	if api.Describes(r) {
		api.Check(t, r, rec)
		return
	}
	switch {
	case rec.Code == http.StatusNotFound, rec.Code == http.StatusMethodNotAllowed, r.Method == http.MethodOptions:
	case !strings.HasPrefix(r.URL.Path, "/api") && strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html"):
	default:
		t.Errorf("OpenAPI: %s %s is not documented, yet answered %d", r.Method, r.URL.Path, rec.Code)
	}
}
