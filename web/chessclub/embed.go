// Package chessclubweb holds the built Chess Club client app (web/chessclub), so that the Go
// binary serves it without Node installed. The files in dist/ are produced by `npm run build`
// and committed; scripts/test-web.sh rebuilds them and fails when the commit is stale.
package chessclubweb

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app with index.html at its root and the hashed files under assets/.
// It is safe for concurrent use.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// fs.Sub fails only for an invalid path, and "dist" is valid.
		panic(err)
	}
	return sub
}
